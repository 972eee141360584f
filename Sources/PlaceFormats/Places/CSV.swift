import CByteMask

/// Reads places from CSV with a header row.
///
/// **Dialect.** The delimiter is a comma, semicolon or tab: whichever occurs most often
/// (outside quotes) in the header row, a comma on a tie. Quoting follows RFC 4180: a field that
/// starts with `"` runs to the matching `"`, may hold delimiters and line breaks, and spells a
/// quote as `""`; a quote inside an unquoted field is kept as a character (`5" screen`).
/// UTF-8 with or without a byte order mark; CRLF, LF or CR line ends. With a semicolon
/// delimiter a coordinate, a rating or a radius may use a decimal comma (`-33,8688`, `4,5`), as
/// European spreadsheets write them.
///
/// **Columns**, found by name, case-insensitively, first match wins: `name`; `lat`, `latitude`,
/// `y`; `lon`, `lng`, `long`, `longitude`, `x`; `type`, `types`, `category`, `amenity` (split on `;` or
/// `,`); `address`, `formatted_address`; `rating`; `price`, `price_level`, `pricelevel`;
/// `radius`; `id`. Other columns are named in a warning. Without a name, latitude or longitude
/// column the file fails, and the message lists the columns found. A `PlaceFieldMapping` names
/// columns the aliases do not know (`Applicant` as the name): a mapped column serves only its
/// field, and a mapped field takes no other column; a name or number the header does not have
/// fails the file before any row is read, its `field` and `columns` set.
///
/// **Skip or fail.** A row that is well-formed but not a usable place is skipped and counted:
/// an empty coordinate (`without coordinates`), `0,0` (a spreadsheet's blank, not a place),
/// coordinates out of range, an empty name. Blank lines are ignored. An optional field of the
/// wrong kind (a rating `good` or `7`, a price `$$$$$`, a radius `-1`) is left out of its
/// place, which loads without it, and counted by field with the first one's line and column
/// (`ImportSummary.fieldSkips`): one odd cell should not cost the other thousand rows, as one
/// bad coordinate does not. A row that is malformed fails the file with its line: a coordinate
/// that is not a number (`line 7: 'abc' is not a latitude`), more non-empty fields than the header
/// (an unquoted delimiter shifts every column after it, so guessing would load wrong data), a
/// quote never closed, text after a closing quote, bytes that are not UTF-8. Fewer fields than
/// the header are read as empty (spreadsheets drop trailing empty cells).
public enum CSVImporter {
    /// The format name in summaries.
    public static let formatName = "CSV"

    /// The names each column may go by, lower-case, most specific first.
    static let aliases: [(column: Column, names: [String])] = [
        (.name, ["name"]),
        (.latitude, ["lat", "latitude", "y"]),
        (.longitude, ["lon", "lng", "long", "longitude", "x"]),
        (.types, ["type", "types", "category", "amenity"]),
        (.address, ["address", "formatted_address"]),
        (.rating, ["rating"]),
        (.price, ["price", "price_level", "pricelevel"]),
        (.radius, ["radius"]),
        (.id, ["id"]),
    ]

    enum Column: Int, CaseIterable {
        case name, latitude, longitude, types, address, rating, price, radius, id

        init(_ field: PlaceFieldMapping.Field) {
            switch field {
            case .name: self = .name
            case .latitude: self = .latitude
            case .longitude: self = .longitude
            case .id: self = .id
            case .types: self = .types
            case .address: self = .address
            }
        }
    }

    /// Reads a CSV file. Error messages begin with the line at fault (`line 7: …`), which
    /// `line` also holds; `item` is the data row (1 = the first row after the header).
    public static func parse(
        _ bytes: [UInt8], mapping: PlaceFieldMapping = PlaceFieldMapping()
    ) -> Result<ImportSummary, ImportError> {
        bytes.withUnsafeBufferPointer { buffer in
            do throws(ImportError) {
                var reader = try CSVReader(buffer)
                reader.mapping = mapping
                return .success(try reader.readAll())
            } catch {
                return .failure(error)
            }
        }
    }

    /// Reads the file as `parse` does, but hands each place to `sink` as it is read, from the
    /// file's bytes, instead of making `PlaceRecord`s: a million-row file costs its bytes and
    /// what the sink keeps. The summary counts the places in `streamed` (its `records` stay
    /// empty). On failure the sink has had the rows before the bad one: its owner undoes them.
    public static func read<Sink: PlaceSink>(
        _ buffer: UnsafeBufferPointer<UInt8>, into sink: inout Sink, mapping: PlaceFieldMapping = PlaceFieldMapping(),
        interruption: inout ImportInterruption
    ) throws(ImportError) -> ImportSummary {
        var reader = try CSVReader(buffer)
        reader.mapping = mapping
        let summary = try reader.readHeader()
        sink.expect(places: CSVReader.lineBreaks(buffer, from: reader.i) + 1)
        return try streamRows(&reader, summary, into: &sink, interruption: &interruption)
    }

    /// `read` on a file handed over a chunk at a time rather than whole, so that a large file
    /// costs a window of it (a megabyte, more only for a record longer than that) instead of
    /// its size. The file is read once, from its first byte: each window is checked to be UTF-8
    /// as it comes in, and when a record is malformed the rest of the file is checked before
    /// its error is given, so the errors (and which comes first) are those of `read` on the
    /// whole file. The places expected are estimated from the first window's lines and the
    /// file's size. Reading the source fails or is interrupted with an `ImportError`.
    public static func read<Source: ByteSource, Sink: PlaceSink>(
        from source: Source, into sink: inout Sink, mapping: PlaceFieldMapping = PlaceFieldMapping(),
        interruption: inout ImportInterruption, window: Int = 1 << 20
    ) throws(ImportError) -> ImportSummary {
        var source = source
        // From the first byte, whatever was read of the source before (the bytes that told it
        // is CSV).
        try source.rewind()
        let size = source.size
        let input = CSVWindow(capacity: max(16, window)) { buffer throws(ImportError) in
            try source.read(into: buffer)
        }
        do throws(ImportError) {
            try input.fill()
            // The header's first line whole in the window, for the delimiter.
            while !input.atEnd && !input.bytes.contains(0x0A) && !input.bytes.contains(0x0D) { try input.grow() }
            var reader = try CSVReader(input.bytes, checked: true)
            reader.window = input
            reader.mapping = mapping
            let summary = try reader.readHeader()
            sink.expect(places: input.expectedLines(size: size))
            return try streamRows(&reader, summary, into: &sink, interruption: &interruption)
        } catch {
            // Bytes that are not UTF-8 fail the file before anything else in it does.
            if !error.isInterruption { try input.checkRest() }
            throw error
        }
    }

    /// The rows after the header, each handed to `sink` from the reader's bytes; the summary
    /// with the places counted in `streamed`. Each row is shown to the sink (`prefetch`) as it
    /// is read and handed over (`add`) `HeldRows.capacity` rows later, so that the sink's cache
    /// misses for a row are under way while the rows after it are read. The rows held back
    /// point into the reader's window and arena: the window is not refilled (nor the arena
    /// emptied) until they are handed over. The sink gets every row, in order, before the call
    /// ends, whether it ends at the file's end or with an error.
    private static func streamRows<Sink: PlaceSink>(
        _ reader: inout CSVReader, _ summary: ImportSummary, into sink: inout Sink,
        interruption: inout ImportInterruption
    ) throws(ImportError) -> ImportSummary {
        var summary = summary
        var loaded = 0
        var held = HeldRows()
        do throws(ImportError) {
            while true {
                // The oldest row goes to the sink before its slot is read into.
                if held.isFull { handOverOldest(&held, &reader, to: &sink) }
                reader.mayRefill = held.isEmpty
                guard try reader.nextRow(&summary, into: &held.rows[held.next]) else {
                    guard reader.refillPending else { break }
                    reader.refillPending = false
                    handOver(&held, &reader, to: &sink)
                    continue
                }
                held.count += 1
                // The file's bytes taken out first: the reader is not copied for each row.
                let file = reader.b
                reader.arena.withUnsafeBufferPointer { arena in
                    sink.prefetch(held.rows[held.newest].bytes(file, arena))
                }
                loaded += 1
                // After the row is shown: on Ctrl-C the rows held back are handed over too, each
                // shown first, and the owner undoes them.
                try interruption.check()
                // Text that needed a copy (rare): handed over before the copies grow large.
                if reader.arena.count > 1 << 20 { handOver(&held, &reader, to: &sink) }
            }
        } catch {
            handOver(&held, &reader, to: &sink)
            throw error
        }
        handOver(&held, &reader, to: &sink)
        summary.streamed = loaded
        return summary
    }

    /// Hands the oldest row held back to `sink`.
    private static func handOverOldest<Sink: PlaceSink>(
        _ held: inout HeldRows, _ reader: inout CSVReader, to sink: inout Sink
    ) {
        let file = reader.b
        reader.arena.withUnsafeBufferPointer { arena in sink.add(held.rows[held.first].bytes(file, arena)) }
        held.dropOldest()
    }

    /// Hands the rows held back to `sink`, oldest first; then the reader's arena is free.
    private static func handOver<Sink: PlaceSink>(
        _ held: inout HeldRows, _ reader: inout CSVReader, to sink: inout Sink
    ) {
        while !held.isEmpty { handOverOldest(&held, &reader, to: &sink) }
        reader.arena.removeAll(keepingCapacity: true)
    }

    /// The rows `streamRows` holds back: a ring of `capacity` slots, read into in place.
    struct HeldRows {
        static let capacity = 32
        var rows = [CSVPlaceRow](repeating: CSVPlaceRow(name: .none, latitude: 0, longitude: 0), count: capacity)
        /// The oldest row's slot, and how many rows are held.
        private(set) var first = 0
        var count = 0

        var isEmpty: Bool { count == 0 }
        var isFull: Bool { count == Self.capacity }
        /// The slot the next row is read into (the ring is not full), and the newest row's.
        var next: Int { (first + count) & (Self.capacity - 1) }
        var newest: Int { (first + count - 1) & (Self.capacity - 1) }

        mutating func dropOldest() {
            first = (first + 1) & (Self.capacity - 1)
            count -= 1
        }
    }

    /// The delimiter of a header line: the most frequent of `,` `;` tab outside quotes.
    static func delimiter(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt8 {
        var comma = 0
        var semicolon = 0
        var tab = 0
        var quoted = false
        var i = start
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if !quoted {
                if c == 0x0A || c == 0x0D { break }
                if c == UInt8(ascii: ",") {
                    comma += 1
                } else if c == UInt8(ascii: ";") {
                    semicolon += 1
                } else if c == 0x09 {
                    tab += 1
                }
            }
            i += 1
        }
        if comma >= semicolon && comma >= tab { return UInt8(ascii: ",") }
        return tab >= semicolon ? 0x09 : UInt8(ascii: ";")
    }

    /// Which column a header name stands for, with its rank among that column's names.
    static func column(named raw: String) -> (Column, rank: Int)? {
        let name = PlaceValues.trim(raw).lowercased()
        for (column, names) in aliases {
            if let rank = names.firstIndex(of: name) { return (column, rank) }
        }
        return nil
    }
}

/// One field of the current record: a byte range, and whether it holds `""` to undo.
struct CSVField {
    var start: Int
    var end: Int
    var escaped: Bool
}

/// The fields of the record being read, in memory of their own: an array would check that it
/// is not shared at every append, nine times a row.
struct CSVFieldList: ~Copyable {
    private var storage: UnsafeMutablePointer<CSVField>
    private var capacity = 32
    private(set) var count = 0

    init() { storage = .allocate(capacity: capacity) }

    deinit { storage.deallocate() }

    mutating func removeAll() { count = 0 }

    @inline(__always) mutating func append(_ field: CSVField) {
        if count == capacity { grow() }
        (storage + count).initialize(to: field)
        count += 1
    }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<CSVField>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = bigger
        capacity *= 2
    }

    subscript(k: Int) -> CSVField {
        precondition(k >= 0 && k < count, "no field \(k) in a record of \(count)")
        return storage[k]
    }
}

/// The record reader behind `CSVImporter`: fields as ranges into the file's bytes, so a row
/// costs no allocation until its values become Strings.
struct CSVReader: ~Copyable {
    /// The file, or (streamed) the part of it in `window`.
    var b: UnsafeBufferPointer<UInt8>
    var n: Int
    /// A streamed file's window; nil when `b` is the whole file.
    var window: CSVWindow?
    var i = 0
    /// The physical line the reader is on (1-based).
    var line = 1
    /// The line the current record began on, and its first byte.
    var recordLine = 1
    var recordStart = 0
    var delimiter: UInt8 = UInt8(ascii: ",")
    var fields = CSVFieldList()
    var columns: [Int?] = Array(repeating: nil, count: CSVImporter.Column.allCases.count)
    var headerCount = 0
    /// Columns named by the caller rather than found by their aliases.
    var mapping = PlaceFieldMapping()
    /// Data rows read so far (blank lines not counted): the `item` of an error.
    var rows = 0
    /// Fields of the rows read that are not plain ranges of the file (see `text`), kept until
    /// the reader's owner empties it.
    var arena: [UInt8] = []
    /// Whether `record` may refill a streamed file's window, dropping the bytes before the record
    /// it is on: false while rows read earlier still point into them.
    var mayRefill = true
    /// `record` stopped at the window's end without refilling it (`mayRefill` was false), and
    /// said there were no more records: once the rows read earlier are done with, reading goes on.
    var refillPending = false

    /// A reader of the file `b`; `checked`: its encoding is checked elsewhere (a streamed file's
    /// window checks each read), and `b` is its first window.
    init(_ b: UnsafeBufferPointer<UInt8>, checked: Bool = false) throws(ImportError) {
        self.b = b
        self.n = b.count
        if checked {
            if n >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { i = 3 }
            delimiter = CSVImporter.delimiter(b, from: i)
            return
        }
        if n >= 2 && ((b[0] == 0xFF && b[1] == 0xFE) || (b[0] == 0xFE && b[1] == 0xFF)) {
            throw ImportError("line 1: the file is UTF-16; save it as UTF-8", line: 1)
        }
        if let bad = JSON.firstInvalidUTF8(b) {
            let l = JSON.location(of: bad, in: b).line
            throw ImportError(
                "line \(l): not UTF-8 (byte 0x\(String(b[bad], radix: 16, uppercase: true))); save the file as UTF-8",
                line: l)
        }
        if n >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { i = 3 }
        delimiter = CSVImporter.delimiter(b, from: i)
    }

    func fail(_ message: String, line: Int? = nil, row: Int? = nil) -> ImportError {
        let l = line ?? recordLine
        return ImportError("line \(l): \(message)", line: l, item: row)
    }

    /// Reads the next record into `fields`; false at the end of the input. Streamed, a record
    /// that runs into the window's end is read again once the window holds more.
    mutating func record() throws(ImportError) -> Bool {
        while true {
            let start = i
            let startLine = line
            if let done = try recordInWindow() { return done }
            guard let window else { return false }  // unreachable: only a window runs short
            i = start
            line = startLine
            guard mayRefill else {
                refillPending = true
                return false
            }
            try window.refill(keeping: start)
            b = window.bytes
            n = b.count
            i = 0
            maskBlock = -64
        }
    }

    /// `record` on the bytes at hand: nil when the record may go on past them (a window with
    /// more of the file to come).
    mutating func recordInWindow() throws(ImportError) -> Bool? {
        fields.removeAll()
        let more = !(window?.atEnd ?? true)
        guard i < n else { return more ? nil : false }
        recordLine = line
        recordStart = i
        if quickRecords && plainRecord() { return true }
        let d = delimiter
        while true {
            if b[i] == UInt8(ascii: "\"") {
                let open = line
                var j = i + 1
                var escaped = false
                while true {
                    while j < n && b[j] != UInt8(ascii: "\"") {
                        if b[j] == 0x0A || (b[j] == 0x0D && (j + 1 == n || b[j + 1] != 0x0A)) { line += 1 }
                        j += 1
                    }
                    guard j < n else {
                        if more { return nil }
                        throw fail("a quoted field is never closed", line: open)
                    }
                    if more && j + 1 == n { return nil }
                    if j + 1 < n && b[j + 1] == UInt8(ascii: "\"") {
                        escaped = true
                        j += 2
                        continue
                    }
                    break
                }
                fields.append(CSVField(start: i + 1, end: j, escaped: escaped))
                i = j + 1
                if i < n && b[i] != d && b[i] != 0x0A && b[i] != 0x0D {
                    throw fail(
                        "unexpected \(Self.describe(b[i])) after a closing quote (a quote inside a quoted field is written \"\")",
                        line: line)
                }
            } else {
                let j = Self.fieldEnd(b, from: i, delimiter: d)
                fields.append(CSVField(start: i, end: j, escaped: false))
                i = j
            }
            guard i < n else { return more ? nil : true }
            let c = b[i]
            i += 1
            if more && i == n { return nil }
            if c == d {
                if i == n {  // a trailing delimiter at the very end: one more, empty field
                    fields.append(CSVField(start: n, end: n, escaped: false))
                    return true
                }
                continue
            }
            if c == 0x0D && i < n && b[i] == 0x0A { i += 1 }
            line += 1
            return true
        }
    }

    /// `recordInWindow` the quick way, for the records files mostly hold: no field begins with a
    /// quote, and the record ends (at LF, CR or CRLF) more than a byte before the bytes at hand
    /// do, so that neither a quote's rules nor the window's end can matter. The bytes are looked
    /// at 64 at a time (`placeshell_byte_mask64`): one bit for each delimiter, CR or LF, each
    /// field's end the next bit, where `fieldEnd` looks anew for every field. The last 64 bytes'
    /// bits are kept (`maskBlock`), for the next record, which mostly begins inside them. False,
    /// with `fields` empty and the reader where it was (only the kept bits may be new), for any
    /// other record: `recordInWindow` reads it its own way.
    mutating func plainRecord() -> Bool {
        fields.removeAll()
        guard let base = b.baseAddress else { return false }
        let n = self.n
        let d = delimiter
        var start = i
        var block = maskBlock
        var bits = mask
        if !(start >= block && start - block < 64) {
            block = start
            guard block + 64 <= n else { return false }
            bits = placeshell_byte_mask64(base + block, d, 0x0A, 0x0D)
            maskBlock = block
            mask = bits
        }
        // The bits of the bytes before the record cleared (start - block: 0…63).
        var stops = bits & (~0 << UInt64(start - block))  // safe: 0…63
        while base[start] != UInt8(ascii: "\"") {
            while stops == 0 {
                guard block + 128 <= n else { break }
                block += 64
                stops = placeshell_byte_mask64(base + block, d, 0x0A, 0x0D)
                maskBlock = block
                mask = stops
            }
            guard stops != 0 else { break }
            let j = block + stops.trailingZeroBitCount
            // The byte after the field's end is read below (CRLF) or starts the next field.
            guard j + 1 < n else { break }
            stops &= stops &- 1
            fields.append(CSVField(start: start, end: j, escaped: false))
            start = j + 1
            let c = base[j]
            if c == d { continue }
            if c == 0x0D && base[start] == 0x0A { start += 1 }
            i = start
            line += 1
            return true
        }
        fields.removeAll()
        return false
    }

    /// Whether to try `plainRecord` first: tests turn it off to compare the two ways.
    var quickRecords = true
    /// The first of the 64 bytes of `b` whose bits `plainRecord` found last (`mask`), or -64
    /// when `b` has changed since (none).
    var maskBlock = -64
    var mask: UInt64 = 0

    /// The first delimiter, CR or LF at or after `start` (or the end): sixteen bytes at a time,
    /// each compared with the three at once (the comparisons' lanes, all ones where a byte
    /// matches, read as two words: the lowest set bit is the first match); then eight at a time
    /// by the SWAR zero-byte test on the word XORed with each of the three bytes (the lowest
    /// flagged byte is always a true match: false flags only sit above a true one).
    @inline(__always) static func fieldEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int, delimiter d: UInt8) -> Int
    {
        let n = b.count
        var j = start
        guard let base = b.baseAddress else { return n }
        let dv = SIMD16<UInt8>(repeating: d)
        let lfv = SIMD16<UInt8>(repeating: 0x0A)
        let crv = SIMD16<UInt8>(repeating: 0x0D)
        while j + 16 <= n {
            let v = UnsafeRawPointer(base + j).loadUnaligned(as: SIMD16<UInt8>.self)
            let lanes = unsafeBitCast((v .== dv) .| (v .== lfv) .| (v .== crv), to: SIMD2<UInt64>.self)
            if lanes[0] != 0 { return j + (lanes[0].trailingZeroBitCount >> 3) }
            if lanes[1] != 0 { return j + 8 + (lanes[1].trailingZeroBitCount >> 3) }
            j += 16
        }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let dd = UInt64(d) &* ones  // safe: a digit byte widens
        let lf = 0x0A &* ones
        let cr = 0x0D &* ones
        while j + 8 <= n {
            let w = UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self)
            let a = w ^ dd
            let l = w ^ lf
            let c = w ^ cr
            let hit = ((a &- ones) & ~a | (l &- ones) & ~l | (c &- ones) & ~c) & highs
            if hit != 0 { return j + (hit.trailingZeroBitCount >> 3) }
            j += 8
        }
        while j < n {
            let c = b[j]
            if c == d || c == 0x0A || c == 0x0D { return j }
            j += 1
        }
        return n
    }

    static func describe(_ c: UInt8) -> String {
        c >= 0x20 && c < 0x7F ? "'\(Character(Unicode.Scalar(c)))'" : "byte 0x\(String(c, radix: 16, uppercase: true))"
    }

    /// The trimmed bytes of field `k` (`""` undone into `scratch`), or an empty range.
    func withField<R>(_ k: Int?, _ body: (UnsafeBufferPointer<UInt8>) throws(ImportError) -> R) throws(ImportError) -> R
    {
        guard let k, k < fields.count else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        let f = fields[k]
        var s = f.start
        var e = f.end
        while s < e && (b[s] == 0x20 || b[s] == 0x09) { s += 1 }
        while e > s && (b[e - 1] == 0x20 || b[e - 1] == 0x09) { e -= 1 }
        if !f.escaped { return try body(UnsafeBufferPointer(rebasing: b[s..<e])) }
        // Rare (a field with "" inside): a copy with the quotes undone.
        var copy: [UInt8] = []
        copy.reserveCapacity(e - s)
        var j = s
        while j < e {
            copy.append(b[j])
            j += b[j] == UInt8(ascii: "\"") ? 2 : 1
        }
        return try copy.withUnsafeBufferPointer { buffer throws(ImportError) in try body(buffer) }
    }

    /// Field `k` as a String, trimmed; nil when empty.
    func string(_ k: Int?) throws(ImportError) -> String? {
        try withField(k) { bytes throws(ImportError) -> String? in
            guard bytes.count > 0 else { return nil }
            let s = String(decoding: bytes, as: UTF8.self)
            // Only non-ASCII ends can hold Unicode white space (a no-break space).
            if bytes[0] >= 0x80 || bytes[bytes.count - 1] >= 0x80 {
                let t = PlaceValues.trim(s)
                return t.isEmpty ? nil : t
            }
            return s
        }
    }

    /// A coordinate field: nil when empty; an error naming the value when not a number.
    /// A number as this file writes it: in a ';' file a decimal comma too (`43,2951`, `4,5`), as
    /// European spreadsheets write numbers; nil when it is not one.
    func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? { Self.decimal(bytes, delimiter: delimiter) }

    /// `decimal` for a file with this delimiter: what a row's closures call, so that they do not
    /// capture (and copy) the reader.
    static func decimal(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8) -> Double? {
        if let v = GPX.number(bytes, 0..<bytes.count) { return v }
        guard delimiter == UInt8(ascii: ";"), bytes.contains(UInt8(ascii: ",")), !bytes.contains(UInt8(ascii: "."))
        else { return nil }
        let dotted = bytes.map { $0 == UInt8(ascii: ",") ? UInt8(ascii: ".") : $0 }
        return dotted.withUnsafeBufferPointer { GPX.number($0, 0..<$0.count) }
    }

    func coordinate(_ k: Int?, _ what: String, row: Int) throws(ImportError) -> Double? {
        let line = recordLine
        let d = delimiter
        return try withField(k) { bytes throws(ImportError) -> Double? in
            guard bytes.count > 0 else { return nil }
            if let v = Self.decimal(bytes, delimiter: d) { return v }
            let text = PlaceValues.short(String(decoding: bytes, as: UTF8.self))
            throw ImportError("line \(line): '\(text)' is not a \(what)", line: line, item: row)
        }
    }

    mutating func readHeader() throws(ImportError) -> ImportSummary {
        var summary = ImportSummary(format: CSVImporter.formatName)
        guard try record() else { throw fail("the file is empty: expected a header row naming the columns", line: 1) }
        headerCount = fields.count
        var ranks: [Int] = Array(repeating: Int.max, count: columns.count)
        var names: [String] = []
        var unused: [String] = []
        var unusedCount = 0
        names.reserveCapacity(min(headerCount, 1000))
        let claimed = try mapColumns(&ranks)
        for k in 0..<headerCount {
            let name = try string(k) ?? ""
            // Only the first names are kept for messages: a header of 100,000 columns must not
            // turn into a 100,000-name message.
            if names.count < 1000 { names.append(name) }
            if claimed.contains(k) { continue }
            if let (column, rank) = CSVImporter.column(named: name), rank < ranks[column.rawValue] {
                if let previous = columns[column.rawValue] {
                    unusedCount += 1
                    if unused.count < 1000 { unused.append(previous < names.count ? names[previous] : "") }
                }
                ranks[column.rawValue] = rank
                columns[column.rawValue] = k
            } else if !name.isEmpty {
                unusedCount += 1
                if unused.count < 1000 { unused.append(name) }
            }
        }
        var missing: [String] = []
        if columns[CSVImporter.Column.name.rawValue] == nil { missing.append("the name column (name)") }
        if columns[CSVImporter.Column.latitude.rawValue] == nil {
            missing.append("the latitude column (lat, latitude or y)")
        }
        if columns[CSVImporter.Column.longitude.rawValue] == nil {
            missing.append("the longitude column (lon, lng, long, longitude or x)")
        }
        if !missing.isEmpty {
            let delimiterName = delimiter == 0x09 ? "tab" : delimiter == UInt8(ascii: ";") ? "semicolon" : "comma"
            let what =
                missing.count == 1
                ? missing[0] : missing.dropLast().joined(separator: ", ") + " and " + missing[missing.count - 1]
            var e = fail(
                "missing \(what); the header has \(Self.list(names, total: headerCount)) (\(delimiterName)-separated)",
                line: 1)
            e.columns = names
            e.missingFields = [
                (CSVImporter.Column.name, PlaceFieldMapping.Field.name), (.latitude, .latitude),
                (.longitude, .longitude),
            ].compactMap { column, field in columns[column.rawValue] == nil ? field : nil }
            throw e
        }
        if unusedCount > 0 {
            summary.warnings.append("columns not used: \(Self.list(unused, total: unusedCount))")
        }
        return summary
    }

    /// Puts the columns `mapping` names in `columns`, their ranks below any alias's so no alias
    /// takes their field; returns the columns so taken. A name or number the header does not
    /// have throws, naming the field and the header's columns.
    mutating func mapColumns(_ ranks: inout [Int]) throws(ImportError) -> Set<Int> {
        guard !mapping.isEmpty else { return [] }
        var header: [String] = []
        header.reserveCapacity(headerCount)
        for k in 0..<headerCount { header.append(try string(k) ?? "") }
        var claimed: Set<Int> = []
        for field in PlaceFieldMapping.Field.allCases {
            guard let wanted = mapping.columns[field] else { continue }
            let lowered = wanted.lowercased()
            var k = header.firstIndex(of: wanted) ?? header.firstIndex { $0.lowercased() == lowered }
            if k == nil, !wanted.isEmpty, wanted.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                // safe: parsing text, which fails rather than traps
                guard let n = Int(wanted), n >= 1 && n <= headerCount else {
                    throw mappingError(
                        field, "column \(wanted) is out of range (1–\(headerCount))", header)
                }
                k = n - 1
            }
            guard let k else {
                throw mappingError(field, "no column is named '\(PlaceValues.short(wanted))'", header)
            }
            let column = CSVImporter.Column(field).rawValue
            columns[column] = k
            ranks[column] = -1
            claimed.insert(k)
        }
        return claimed
    }

    func mappingError(_ field: PlaceFieldMapping.Field, _ message: String, _ header: [String]) -> ImportError {
        var e = fail("\(message); the header has \(Self.list(header, total: header.count))", line: 1)
        e.field = field
        e.columns = Array(header.prefix(1000))
        return e
    }

    /// `'a', 'b', 'c' and 99,997 more` — at most 20 names.
    static func list(_ names: [String], total: Int) -> String {
        let shown = names.prefix(20).map { "'\($0)'" }
        var text = shown.isEmpty ? "no columns" : shown.joined(separator: ", ")
        if total > shown.count { text += " and \(groupedThousands(total - shown.count)) more" }
        return text
    }

    /// Line feeds from `start` on: an upper bound on the rows left, so the records array is
    /// allocated once (a million rows would otherwise regrow it 20 times).
    static func lineBreaks(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        lineBreaksAndASCII(b, from: start).lineFeeds
    }

    /// Line feeds from `start` on, and whether every byte there is ASCII, in one pass of sixteen
    /// bytes at a time: a streamed file's window is counted (for the rows expected and the
    /// lines of messages) and, when all ASCII, needs no UTF-8 check besides.
    static func lineBreaksAndASCII(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> (lineFeeds: Int, ascii: Bool) {
        guard let base = b.baseAddress else { return (0, true) }
        var count = 0
        var i = start
        let n = b.count
        let lf = SIMD16<UInt8>(repeating: 0x0A)
        var high = SIMD16<UInt8>()
        while i + 16 <= n {
            // Each byte lane counts its line feeds for up to 255 blocks: a comparison's lane is
            // all ones (255) where the byte is a line feed, so subtracting it adds one. Every
            // byte is ORed into `high`, whose top bits then say whether any was not ASCII.
            var lanes = SIMD16<UInt8>()
            var blocks = 0
            while blocks < 255 && i + 16 <= n {
                let v = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
                lanes &-= unsafeBitCast(v .== lf, to: SIMD16<UInt8>.self)
                high |= v
                blocks += 1
                i += 16
            }
            count += Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())  // safe: at most 16 × 255 widens
        }
        var ascii = (high & SIMD16(repeating: 0x80)) == SIMD16()
        while i < n {
            if b[i] == 0x0A { count += 1 }
            if b[i] >= 0x80 { ascii = false }
            i += 1
        }
        return (count, ascii)
    }

    mutating func readAll() throws(ImportError) -> ImportSummary {
        var summary = try readHeader()
        // A rough capacity from the file size, so a million rows do not regrow the array 20 times.
        summary.records.reserveCapacity(Self.lineBreaks(b, from: i) + 1)
        var typeCache: [String: [String]] = [:]
        while let row = try nextRow(&summary) {
            let record = arena.withUnsafeBufferPointer { arena in
                func string(_ t: CSVText) -> String? {
                    t.isEmpty ? nil : String(decoding: bytes(t, arena), as: UTF8.self)
                }
                var record = PlaceRecord(name: string(row.name) ?? "", latitude: row.latitude, longitude: row.longitude)
                record.id = string(row.id)
                if let t = string(row.types) {
                    // Few distinct type lists in a file: share one array per distinct text, which
                    // saves an array and its strings per row. Bounded, so a file of unique values
                    // costs at most 4,096 entries.
                    if let known = typeCache[t] {
                        record.types = known
                    } else {
                        record.types = PlaceValues.types(t)
                        if typeCache.count < 4096 { typeCache[t] = record.types }
                    }
                }
                record.address = string(row.address)
                record.rating = row.rating
                record.priceLevel = row.priceLevel
                record.radius = row.radius
                return record
            }
            summary.records.append(record)
            arena.removeAll(keepingCapacity: true)
        }
        return summary
    }

    /// The next usable row, its text fields as ranges (`bytes` reads them); nil at the end.
    /// Rows that are not usable places are counted in `summary` and passed over; a malformed
    /// one throws.
    mutating func nextRow(_ summary: inout ImportSummary) throws(ImportError) -> CSVPlaceRow? {
        var place = CSVPlaceRow(name: .none, latitude: 0, longitude: 0)
        return try nextRow(&summary, into: &place) ? place : nil
    }

    /// `nextRow` into `place`, which it sets whole; false at the end. A streamed load reads a
    /// million rows this way: an optional row returned is copied twice over.
    mutating func nextRow(_ summary: inout ImportSummary, into place: inout CSVPlaceRow) throws(ImportError) -> Bool {
        let nameCol = columns[CSVImporter.Column.name.rawValue]
        let latCol = columns[CSVImporter.Column.latitude.rawValue]
        let lonCol = columns[CSVImporter.Column.longitude.rawValue]
        let typesCol = columns[CSVImporter.Column.types.rawValue]
        let addressCol = columns[CSVImporter.Column.address.rawValue]
        let ratingCol = columns[CSVImporter.Column.rating.rawValue]
        let priceCol = columns[CSVImporter.Column.price.rawValue]
        let radiusCol = columns[CSVImporter.Column.radius.rawValue]
        let idCol = columns[CSVImporter.Column.id.rawValue]
        while try record() {
            if fields.count == 1 && fields[0].start == fields[0].end
                && (fields[0].start == 0 || b[fields[0].start - 1] != UInt8(ascii: "\""))
            {
                continue  // a blank line
            }
            rows += 1
            let row = rows
            if fields.count > headerCount {
                var k = headerCount
                while k < fields.count && fields[k].start == fields[k].end { k += 1 }
                if k < fields.count {
                    throw fail(
                        "\(fields.count) fields, but the header has \(headerCount) (an unquoted \(delimiter == 0x09 ? "tab" : String(Character(Unicode.Scalar(delimiter)))) inside a field?)",
                        row: row)
                }
            }
            let lat: Double?
            switch Self.plain(field(latCol), in: b) {
            case .empty: lat = nil
            case .number(let v, _): lat = v
            case .other: lat = try coordinate(latCol, "latitude", row: row)
            }
            let lng: Double?
            switch Self.plain(field(lonCol), in: b) {
            case .empty: lng = nil
            case .number(let v, _): lng = v
            case .other: lng = try coordinate(lonCol, "longitude", row: row)
            }
            guard let lat, let lng else {
                summary.skip("without coordinates")
                continue
            }
            if lat == 0 && lng == 0 {
                summary.skip("at 0,0")
                continue
            }
            if !(lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180) {
                summary.skip("with coordinates out of range")
                continue
            }
            let name = text(nameCol)
            if name.isEmpty {
                summary.skip("without a name")
                continue
            }
            place = CSVPlaceRow(name: name, latitude: lat, longitude: lng)
            place.id = text(idCol)
            place.types = text(typesCol)
            place.address = text(addressCol)
            if ratingCol != nil || priceCol != nil || radiusCol != nil {
                // Read from the bytes: no String per cell unless the value is odd. A plain number
                // (most cells) is read on the spot; anything else is trimmed, has its quotes
                // undone and is read the careful way. A bad one is left out and counted, its place
                // kept. The closures capture nothing of the reader (it would be copied for each
                // row): a bad value's text comes out, and is counted after.
                let d = delimiter
                let file = b
                var bad: String?
                switch Self.plain(field(ratingCol), in: b) {
                case .empty: break
                case .number(let v, let r):
                    do throws(PlaceValues.Problem) {
                        place.rating = try PlaceValues.rating(v, Self.string(file, r))
                    } catch { bad = Self.string(file, r) }
                case .other:
                    try withField(ratingCol) { f throws(ImportError) in
                        guard f.count > 0 else { return }
                        do throws(PlaceValues.Problem) {
                            place.rating = try PlaceValues.rating(
                                Self.decimal(f, delimiter: d), String(decoding: f, as: UTF8.self))
                        } catch { bad = String(decoding: f, as: UTF8.self) }
                    }
                }
                if let text = bad { skipField(ratingCol, "rating", wanted: "a number from 1 to 5", text, &summary) }
                bad = nil
                switch Self.plain(field(priceCol), in: b) {
                case .empty: break
                case .number(let v, let r):
                    do throws(PlaceValues.Problem) {
                        place.priceLevel = try PlaceValues.price(v, Self.string(file, r))
                    } catch { bad = Self.string(file, r) }
                case .other:
                    try withField(priceCol) { f throws(ImportError) in
                        guard f.count > 0 else { return }
                        do throws(PlaceValues.Problem) {
                            if let v = GPX.number(f, 0..<f.count) {
                                place.priceLevel = try PlaceValues.price(v, String(decoding: f, as: UTF8.self))
                            } else {
                                place.priceLevel = try PlaceValues.price(String(decoding: f, as: UTF8.self))
                            }
                        } catch { bad = String(decoding: f, as: UTF8.self) }
                    }
                }
                if let text = bad { skipField(priceCol, "price", wanted: "a price level from 0 to 4", text, &summary) }
                bad = nil
                switch Self.plain(field(radiusCol), in: b) {
                case .empty: break
                case .number(let v, let r):
                    do throws(PlaceValues.Problem) {
                        place.radius = try PlaceValues.radius(v, Self.string(file, r))
                    } catch { bad = Self.string(file, r) }
                case .other:
                    try withField(radiusCol) { f throws(ImportError) in
                        guard f.count > 0 else { return }
                        do throws(PlaceValues.Problem) {
                            place.radius = try PlaceValues.radius(
                                Self.decimal(f, delimiter: d), String(decoding: f, as: UTF8.self))
                        } catch { bad = String(decoding: f, as: UTF8.self) }
                    }
                }
                if let text = bad { skipField(radiusCol, "radius", wanted: "a size in metres", text, &summary) }
            }
            return true
        }
        return false
    }

    /// What a field of the current record (nil: none) holds, looked at the quick way: nothing
    /// (an empty field, or none), a plain number (`[+-]digits[.digits]`, no quotes to undo and nothing
    /// around it; read as `withField` and `decimal` read it) with its bytes, or something else
    /// for the careful path (spaces to trim, `""`, a decimal comma, an exponent, text).
    /// Static, with the field and the bytes passed in: a method would be handed the whole reader.
    @inline(__always) static func plain(_ field: CSVField?, in b: UnsafeBufferPointer<UInt8>) -> PlainField {
        guard let f = field, f.start < f.end else { return .empty }
        if !f.escaped, let v = GPX.shortDecimal(b, f.start..<f.end) { return .number(v, f.start..<f.end) }
        return .other
    }

    /// Field `k` of the current record; nil when the record has fewer fields.
    @inline(__always) func field(_ k: Int?) -> CSVField? {
        guard let k, k < fields.count else { return nil }
        return fields[k]
    }

    enum PlainField {
        case empty
        case number(Double, Range<Int>)
        case other
    }

    /// The bytes `r` of `file` as a String: a value for a message.
    static func string(_ file: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: file[r]), as: UTF8.self)
    }

    /// Counts field `k` of the current record (its trimmed text `value`) as left out.
    func skipField(_ k: Int?, _ field: String, wanted: String, _ value: String, _ summary: inout ImportSummary) {
        summary.skipField(
            field, wanted: wanted, line: position(of: k).line, column: position(of: k).column,
            text: PlaceValues.short(value))
    }

    /// The line and column (1-based; the column in characters) where field `k` of the current
    /// record starts: only for messages, so it counts from the record's start.
    func position(of k: Int?) -> (line: Int, column: Int) {
        guard let k, k < fields.count else { return (recordLine, 1) }
        let start = fields[k].start
        var line = recordLine
        var lineStart = recordStart
        var j = recordStart
        while j < start {
            if b[j] == 0x0A || (b[j] == 0x0D && (j + 1 >= n || b[j + 1] != 0x0A)) {
                line += 1
                lineStart = j + 1
            }
            j += 1
        }
        var column = 1
        for byte in b[lineStart..<start] where byte & 0xC0 != 0x80 { column += 1 }
        return (line, column)
    }

    /// Field `k` as `string(k)` would give it, as a range: into the file when it can be (no
    /// `""` to undo, ASCII ends), else into `arena`. Empty: none.
    @inline(__always) mutating func text(_ k: Int?) -> CSVText {
        guard let k, k < fields.count else { return .none }
        let f = fields[k]
        // Most fields: no quotes to undo, and ASCII other than space or tab at both ends.
        if !f.escaped && f.start < f.end {
            let first = b[f.start]
            let last = b[f.end - 1]
            if first > 0x20 && first < 0x80 && last > 0x20 && last < 0x80 {
                return CSVText(start: f.start, end: f.end, inArena: false)
            }
        }
        return trimmedText(f, k)
    }

    /// `text` of field `k` (`f`) the careful way: spaces and tabs trimmed, then a range of the
    /// file, or the String `string` makes copied into `arena`.
    mutating func trimmedText(_ f: CSVField, _ k: Int) -> CSVText {
        var s = f.start
        var e = f.end
        while s < e && (b[s] == 0x20 || b[s] == 0x09) { s += 1 }
        while e > s && (b[e - 1] == 0x20 || b[e - 1] == 0x09) { e -= 1 }
        guard s < e else { return .none }
        if !f.escaped && b[s] < 0x80 && b[e - 1] < 0x80 { return CSVText(start: s, end: e, inArena: false) }
        // Rare: the String `string` makes, quotes undone and Unicode white space trimmed.
        guard let t = (try? string(k)) ?? nil else { return .none }
        let start = arena.count
        arena.append(contentsOf: t.utf8)
        return CSVText(start: start, end: arena.count, inArena: true)
    }

    /// The bytes of `t`, a field of the current row; `arena` is the reader's arena's buffer.
    @inline(__always) func bytes(_ t: CSVText, _ arena: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        Self.bytes(t, b, arena)
    }

    /// The bytes of `t` in `file` (the reader's `b`) or `arena`.
    @inline(__always) static func bytes(
        _ t: CSVText, _ file: UnsafeBufferPointer<UInt8>, _ arena: UnsafeBufferPointer<UInt8>
    ) -> UnsafeBufferPointer<UInt8> {
        t.isEmpty
            ? UnsafeBufferPointer(start: nil, count: 0)
            : UnsafeBufferPointer(rebasing: (t.inArena ? arena : file)[t.start..<t.end])
    }
}

/// The part of a streamed file in memory (`CSVImporter.read(from:…)`): a buffer that the file
/// is read into a window at a time, doubled when one record is longer than it. Each read is
/// checked to be UTF-8 as it comes in (a sequence cut by the read's end waits for the next),
/// with the checks, messages and lines `CSVReader.init` gives a whole file.
final class CSVWindow {
    private var storage: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
    private(set) var atEnd = false
    private let readMore: (UnsafeMutableBufferPointer<UInt8>) throws(ImportError) -> Int
    /// The bytes at hand checked so far; after them at most an unfinished UTF-8 sequence. A
    /// record never starts after them (no delimiter or line break is among those bytes), so
    /// a refill never drops unchecked bytes.
    private var checked = 0
    /// Bytes checked and line feeds among them, those dropped by refills included.
    private var checkedTotal = 0
    private var lineFeeds = 0
    /// The check has failed (its error thrown): nothing more to check.
    private var failed = false

    init(capacity: Int, readMore: @escaping (UnsafeMutableBufferPointer<UInt8>) throws(ImportError) -> Int) {
        storage = .allocate(capacity: capacity)
        self.readMore = readMore
    }

    deinit { storage.deallocate() }

    /// The bytes at hand.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: storage[0..<count]) }

    /// Reads until the window is full or the file ends, and checks what came in.
    func fill() throws(ImportError) {
        while count < storage.count && !atEnd {
            let got = try readMore(UnsafeMutableBufferPointer(rebasing: storage[count...]))
            if got == 0 { atEnd = true }
            count += got
        }
        try check()
    }

    /// Checks the bytes after `checked` up to the last whole sequence (all of them at the end).
    private func check() throws(ImportError) {
        let b = bytes
        if checkedTotal == 0 && checked == 0 && count >= 2
            && ((b[0] == 0xFF && b[1] == 0xFE) || (b[0] == 0xFE && b[1] == 0xFF))
        {
            failed = true
            throw ImportError("line 1: the file is UTF-16; save it as UTF-8", line: 1)
        }
        var cut = count
        if !atEnd {
            var p = count - 1
            while p >= checked && p >= count - 3 && b[p] & 0xC0 == 0x80 { p -= 1 }
            if p >= checked && p >= count - 3 && b[p] >= 0xC2 {
                let needed = b[p] >= 0xF0 ? 4 : b[p] >= 0xE0 ? 3 : 2
                if p + needed > count { cut = p }
            }
        }
        let part = UnsafeBufferPointer(rebasing: b[checked..<cut])
        let (feeds, ascii) = CSVReader.lineBreaksAndASCII(part, from: 0)
        if !ascii, let bad = JSON.firstInvalidUTF8(part) {
            failed = true
            let l = lineFeeds + JSON.location(of: bad, in: part).line
            throw ImportError(
                "line \(l): not UTF-8 (byte 0x\(String(part[bad], radix: 16, uppercase: true))); save the file as UTF-8",
                line: l)
        }
        lineFeeds += feeds
        checkedTotal += cut - checked
        checked = cut
    }

    /// Reads and checks the rest of the file, keeping none of it: after a malformed record, so
    /// that bytes that are not UTF-8 anywhere fail the file first, as they do read whole.
    func checkRest() throws(ImportError) {
        guard !failed else { return }
        while !atEnd { try refill(keeping: checked) }
    }

    /// About how many lines the file has: exactly when all of it is at hand; else from the line
    /// feeds checked so far and the share of the file they came from, a tenth more, so that the
    /// arrays sized by it rarely grow (room reserved and never written costs no memory).
    func expectedLines(size: Int?) -> Int {
        guard !atEnd, let size, checkedTotal > 0 else { return lineFeeds }
        return clampedInt(Double(lineFeeds) * Double(size) / Double(checkedTotal) * 1.1, 0...(1 << 31)) + 16
    }

    /// Twice the room, the bytes at hand kept, and fills it.
    func grow() throws(ImportError) {
        let bigger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: storage.count * 2)
        for k in 0..<count { bigger[k] = storage[k] }
        storage.deallocate()
        storage = bigger
        try fill()
    }

    /// Drops the bytes before `keep`, moves the rest to the front and reads on after them
    /// (growing the window when nothing could be dropped).
    func refill(keeping keep: Int) throws(ImportError) {
        guard keep > 0 else { return try grow() }
        let kept = count - keep
        if kept > 0, let base = storage.baseAddress { base.update(from: base + keep, count: kept) }
        count = kept
        checked = max(0, checked - keep)
        try fill()
    }
}

/// A text field of a row as a byte range, into the file or into the reader's `arena`; empty
/// for none.
struct CSVText {
    var start: Int
    var end: Int
    var inArena: Bool
    var isEmpty: Bool { start == end }
    static let none = CSVText(start: 0, end: 0, inArena: false)
}

/// A usable row of a CSV file: what a place is made of, its text as ranges (no Strings).
struct CSVPlaceRow {
    var name: CSVText
    var latitude: Double
    var longitude: Double
    var id = CSVText.none
    var types = CSVText.none
    var address = CSVText.none
    var rating: Double?
    var priceLevel: Int?
    var radius: Double?

    /// The row as a sink takes it: its text's bytes in `file` (the reader's `b`) or `arena`.
    @inline(__always) func bytes(_ file: UnsafeBufferPointer<UInt8>, _ arena: UnsafeBufferPointer<UInt8>) -> PlaceBytes
    {
        func text(_ t: CSVText) -> UnsafeBufferPointer<UInt8> { CSVReader.bytes(t, file, arena) }
        return PlaceBytes(
            id: text(id), name: text(name), address: text(address), types: text(types), latitude: latitude,
            longitude: longitude, radius: radius, rating: rating, priceLevel: priceLevel)
    }
}

/// Writes places as CSV that `CSVImporter` reads back to the same records: the header
/// `id,name,latitude,longitude,types,address,rating,price,radius`, commas, LF line ends, types
/// joined with `;` in one field, an empty field for a missing address, rating (0) or price
/// (-1), numbers in shortest round-tripping form, and quotes only around fields that hold a
/// comma, a quote or a line break.
public enum CSVExporter {
    /// The header row's column names, in order.
    public static let header = ["id", "name", "latitude", "longitude", "types", "address", "rating", "price", "radius"]

    /// The file's bytes (UTF-8 without a byte order mark).
    public static func write<P: ExportedPlace>(_ places: [P]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(places.count * 100 + 64)
        out.append(contentsOf: header.joined(separator: ",").utf8)
        out.append(0x0A)
        for p in places {
            field(p.id, &out)
            out.append(UInt8(ascii: ","))
            field(p.name, &out)
            out.append(UInt8(ascii: ","))
            out.append(contentsOf: JSON.format(p.coordinate.latitude).utf8)
            out.append(UInt8(ascii: ","))
            out.append(contentsOf: JSON.format(p.coordinate.longitude).utf8)
            out.append(UInt8(ascii: ","))
            field(p.types.joined(separator: ";"), &out)
            out.append(UInt8(ascii: ","))
            field(p.address, &out)
            out.append(UInt8(ascii: ","))
            if p.rating > 0 && p.rating.isFinite { out.append(contentsOf: JSON.format(p.rating).utf8) }
            out.append(UInt8(ascii: ","))
            if p.priceLevel >= 0 { out.append(contentsOf: String(p.priceLevel).utf8) }
            out.append(UInt8(ascii: ","))
            if p.radius > 0 && p.radius.isFinite { out.append(contentsOf: JSON.format(p.radius).utf8) }
            out.append(0x0A)
        }
        return out
    }

    /// A text field, quoted (with `""` for `"`) only when it holds a comma, quote or line break.
    static func field(_ s: String, _ out: inout [UInt8]) {
        let u = s.utf8
        if !u.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) {
            out.append(contentsOf: u)
            return
        }
        out.append(UInt8(ascii: "\""))
        for c in u {
            if c == UInt8(ascii: "\"") { out.append(c) }
            out.append(c)
        }
        out.append(UInt8(ascii: "\""))
    }
}
