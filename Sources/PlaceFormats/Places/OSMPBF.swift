import CZlib

/// The OpenStreetMap PBF importer (`.osm.pbf`, as osmium, osmosis, JOSM and Geofabrik write it).
public enum OSMPBFImporter {
    /// The largest BlobHeader the format allows (the spec: "should be less than 32 KiB and must
    /// be less than 64 KiB").
    public static let maxHeaderSize = 64 * 1024
    /// The largest Blob, compressed or not (the spec: "must be less than 32 MiB").
    public static let maxBlobSize = 32 * 1024 * 1024

    /// The required features this importer reads. A file that requires another (say
    /// `HistoricalInformation`) is refused, as the format demands, rather than misread.
    public static let supportedFeatures = ["OsmSchema-V0.6", "DenseNodes"]

    /// Reads an OSM PBF file: named nodes, ways and relations with a POI tag become places, per
    /// the rules of `OSMAssembler` (shared with the XML importer, so both formats give the same
    /// places for the same data).
    ///
    /// The file is a sequence of blobs, each a 4-byte big-endian length, a `BlobHeader` (type,
    /// data size) and a `Blob` holding its data raw or zlib-compressed. The first `OSMHeader`
    /// blob must come before any `OSMData` blob; blobs of other types are skipped, as the format
    /// asks. Data blobs hold a `PrimitiveBlock`: a string table, the coordinate granularity and
    /// offsets, and groups of plain nodes, dense nodes, ways and relations (changesets are
    /// ignored). Elements whose `Info` says `visible = false` are ignored and counted in a warning.
    ///
    /// **Errors**, each naming the blob (`item` = its 1-based number), its file offset and the
    /// byte offset of the fault inside the blob's data; never a crash, and memory bounded by the
    /// caps: an empty file; a length or header cut short; a BlobHeader over 64 KiB or a Blob over
    /// 32 MiB (including its declared raw size); a Blob compressed other than raw or zlib; zlib
    /// data that does not inflate to exactly its `raw_size`; a malformed message (a varint cut
    /// short or over 64 bits, a length past its message, a field of the wrong wire type); a
    /// string index outside the string table; packed arrays of unequal lengths (dense ids vs
    /// lats/lons, keys vs values, relation members); an unsupported required feature; an
    /// `OSMData` blob before the `OSMHeader`.
    ///
    /// **Skipped**: a node whose coordinates fall outside ±90°/±180° has no position (a feature
    /// is skipped *without coordinates*); the rest as in `OSMAssembler`. With `baseMap`, the
    /// summary's `baseMap` holds the extract's map features, as the XML importer's does.
    public static func parse(
        _ bytes: [UInt8], interruption: ImportInterruption = .none, baseMap: Bool = false
    ) -> Result<ImportSummary, ImportError> {
        bytes.withUnsafeBufferPointer { buffer -> Result<ImportSummary, ImportError> in
            var reader = OSMPBFReader(baseMap: baseMap)
            reader.interruption = ImportInterruption(every: 1, interruption.requested)
            do throws(ImportError) {
                return .success(try reader.read(buffer))
            } catch {
                return .failure(error)
            }
        }
    }
}

/// The state of one PBF read: the assembler and the blob being read.
struct OSMPBFReader {
    /// Asked once per blob (a blob holds up to 8,000 elements).
    var interruption = ImportInterruption.none
    private var assembler: OSMAssembler
    private var sawHeader = false
    private var positionProblems = 0

    init(baseMap: Bool = false) {
        assembler = OSMAssembler(format: "OSM PBF", baseMap: baseMap)
    }

    /// The memory a file may make as the elements it holds are kept (16 bytes a node, 8 a way
    /// reference, 32 a member of a relation that is kept): `OSMBudget`. What an element needs
    /// only while it is read (its tag indices, its tags) is charged as it is read, so that one
    /// element cannot take more, and given back after it. `budget` is the file's; `room` what
    /// it may still make (below zero, the read stops).
    private var room = 0
    private var budget = 0
    private var fileSize = 0

    /// Takes `bytes` from what the file may make, or fails saying why it stopped.
    private mutating func charge(_ bytes: Int, at offset: Int) throws(Failure) {
        room -= bytes
        guard room < 0 else { return }
        throw Failure(
            message:
                "the file holds more nodes, references, members and tags than a file of \(groupedThousands(fileSize)) bytes can: they would take more than \(groupedThousands(budget / (1 << 20))) MiB in memory (\(OSMBudget.perFileByte) bytes for each byte of the file, and \(OSMBudget.base >> 20) MiB)",
            offset: offset)
    }

    /// The blob being read (1-based), its type and where it starts in the file, for errors.
    private var blobNumber = 0
    private var blobType = ""
    private var blobOffset = 0

    /// A fault inside a blob's data, at a byte offset in that data.
    private typealias Failure = ProtoReader.Failure

    private func error(_ message: String) -> ImportError {
        let type = blobType.isEmpty ? "" : " (\(blobType))"
        return ImportError("blob \(blobNumber)\(type) at file offset \(blobOffset): \(message)", item: blobNumber)
    }

    private func error(_ f: Failure) -> ImportError {
        error("\(f.message) at byte \(f.offset) of its data")
    }

    mutating func read(_ file: UnsafeBufferPointer<UInt8>) throws(ImportError) -> ImportSummary {
        if file.isEmpty { throw ImportError("not an OSM PBF file: the file is empty") }
        fileSize = file.count
        assembler.baseMapPointBudget = OSMAssembler.baseMapPoints(forFileOf: file.count)
        budget = OSMBudget.bytes(forFileOf: file.count)
        room = budget
        var offset = 0
        while offset < file.count {
            try interruption.check()
            blobNumber += 1
            blobType = ""
            blobOffset = offset
            guard file.count - offset >= 4 else {
                throw error("the file ends inside the 4-byte header length (\(file.count - offset) bytes left)")
            }
            let headerLength =
                Int(file[offset]) << 24 | Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8  // safe: bytes widen
                | Int(file[offset + 3])  // safe: a byte widens
            offset += 4
            guard headerLength < OSMPBFImporter.maxHeaderSize else {
                throw error(
                    "BlobHeader length \(headerLength) is over the format's limit of 64 KiB (not a PBF file, or corrupt)"
                )
            }
            guard headerLength <= file.count - offset else {
                throw error("the file ends inside the BlobHeader (\(headerLength) bytes, \(file.count - offset) left)")
            }
            let (type, dataSize) = try blobHeader(
                ProtoReader(file, range: offset..<(offset + headerLength)), base: offset)
            blobType = type
            offset += headerLength
            guard dataSize <= OSMPBFImporter.maxBlobSize else {
                throw error("Blob size \(dataSize) is over the format's limit of 32 MiB")
            }
            guard dataSize <= file.count - offset else {
                throw error("the file ends inside the Blob (\(dataSize) bytes, \(file.count - offset) left)")
            }
            let blobRange = offset..<(offset + dataSize)
            offset += dataSize
            if type != "OSMHeader" && type != "OSMData" { continue }
            if type == "OSMData" && !sawHeader { throw error("an OSMData blob before the OSMHeader blob") }
            let data = try blobData(ProtoReader(file, range: blobRange))
            try withBlockBytes(file, data) { (block) throws(ImportError) in
                if type == "OSMHeader" {
                    try headerBlock(block)
                    sawHeader = true
                } else {
                    try primitiveBlock(block)
                }
            }
        }
        if !sawHeader { throw error("no OSMHeader blob (not an OSM PBF file)") }
        var summary = assembler.finish()
        if positionProblems > 0 {
            summary.warnings.insert(
                "\(groupedThousands(positionProblems)) node\(positionProblems == 1 ? "" : "s") with coordinates out of range",
                at: 0)
        }
        return summary
    }

    // MARK: - Framing

    /// A BlobHeader's type and data size. Offsets in errors are from the start of the header.
    private func blobHeader(_ r: ProtoReader, base: Int) throws(ImportError) -> (String, Int) {
        var r = r
        var type: String?
        var size: Int64?
        do throws(Failure) {
            while let key = try r.key() {
                switch key.field {
                case 1:
                    try ProtoReader.expect(key, .lengthDelimited, "BlobHeader.type")
                    type = try r.string()
                case 3:
                    try ProtoReader.expect(key, .varint, "BlobHeader.datasize")
                    size = try r.int64()
                default:
                    try r.skip(key)
                }
            }
        } catch {
            throw self.error("BlobHeader: \(error.message) at byte \(error.offset - base) of the header")
        }
        guard let type else { throw error("BlobHeader without a type") }
        guard let size else { throw error("BlobHeader without a datasize") }
        guard size >= 0 && size <= Int64(OSMPBFImporter.maxBlobSize) else {  // safe: Int64 holds every Int
            throw error("Blob size \(size) is over the format's limit of 32 MiB")
        }
        return (type, Int(size))  // safe: 0…32 MiB, checked above
    }

    /// Where a blob's data is: raw bytes in the file, or inflated into a new array.
    private enum BlobData {
        case raw(Range<Int>)
        case inflated([UInt8])
    }

    private func blobData(_ r: ProtoReader) throws(ImportError) -> BlobData {
        var r = r
        let base = r.position
        var raw: Range<Int>?
        var zlib: Range<Int>?
        var rawSize: Int64?
        var other: String?
        do throws(Failure) {
            while let key = try r.key() {
                switch key.field {
                case 1:
                    try ProtoReader.expect(key, .lengthDelimited, "Blob.raw")
                    raw = try r.lengthDelimited()
                case 2:
                    try ProtoReader.expect(key, .varint, "Blob.raw_size")
                    rawSize = try r.int64()
                case 3:
                    try ProtoReader.expect(key, .lengthDelimited, "Blob.zlib_data")
                    zlib = try r.lengthDelimited()
                case 4, 5, 6, 7:
                    other = ["lzma", "bzip2", "lz4", "zstd"][Int(key.field) - 4]  // safe: field is 4…7 here
                    try r.skip(key)
                default:
                    try r.skip(key)
                }
            }
        } catch {
            throw self.error("Blob: \(error.message) at byte \(error.offset - base) of the Blob")
        }
        if let raw { return .raw(raw) }
        guard let zlib else {
            if let other { throw error("the Blob is \(other)-compressed; only raw and zlib blobs are supported") }
            throw error("the Blob has no data (neither raw nor zlib_data)")
        }
        guard let rawSize else { throw error("a zlib Blob without raw_size") }
        guard rawSize >= 0 && rawSize <= Int64(OSMPBFImporter.maxBlobSize) else {  // safe: Int64 holds every Int
            throw error("raw_size \(rawSize) is over the format's limit of 32 MiB")
        }
        var out = [UInt8](repeating: 0, count: Int(rawSize))  // safe: 0…32 MiB, checked above
        var outLength = uLongf(rawSize)
        guard let source = r.bytes.baseAddress else { throw error("a zlib Blob without data") }
        let status = out.withUnsafeMutableBufferPointer { dst in
            // A zero-length destination still needs a valid pointer for zlib.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { spare in
                guard let destination = dst.baseAddress ?? spare.baseAddress else { return Z_MEM_ERROR }
                return uncompress(destination, &outLength, source + zlib.lowerBound, uLong(zlib.count))
            }
        }
        guard status == Z_OK else {
            let why =
                status == Z_BUF_ERROR
                ? "inflates to more than raw_size \(rawSize) bytes, or is cut short"
                : status == Z_DATA_ERROR ? "is corrupt" : "could not be inflated"
            throw error("the zlib data \(why) (zlib error \(status))")
        }
        guard outLength == uLongf(rawSize) else {
            throw error("the zlib data inflates to \(outLength) bytes, but raw_size says \(rawSize)")
        }
        return .inflated(out)
    }

    /// Runs `body` over a blob's data as a buffer of its own (offsets from 0).
    private func withBlockBytes(
        _ file: UnsafeBufferPointer<UInt8>, _ data: BlobData,
        _ body: (UnsafeBufferPointer<UInt8>) throws(ImportError) -> Void
    ) throws(ImportError) {
        switch data {
        case .raw(let range):
            try body(UnsafeBufferPointer(rebasing: file[range]))
        case .inflated(let bytes):
            // withUnsafeBufferPointer is rethrows (untyped); carry the typed error out by hand.
            let failure: ImportError? = bytes.withUnsafeBufferPointer { buffer in
                do throws(ImportError) {
                    try body(buffer)
                    return nil
                } catch {
                    return error
                }
            }
            if let failure { throw failure }
        }
    }

    // MARK: - HeaderBlock

    private func headerBlock(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportError) {
        var r = ProtoReader(bytes)
        var required: [String] = []
        do throws(Failure) {
            while let key = try r.key() {
                if key.field == 4 {
                    try ProtoReader.expect(key, .lengthDelimited, "HeaderBlock.required_features")
                    required.append(try r.string())
                } else {
                    try r.skip(key)
                }
            }
        } catch {
            throw self.error("HeaderBlock: \(error.message) at byte \(error.offset) of its data")
        }
        for feature in required where !OSMPBFImporter.supportedFeatures.contains(feature) {
            throw error(
                "the file requires the feature '\(feature)', which this importer does not support (supported: \(OSMPBFImporter.supportedFeatures.joined(separator: ", ")))"
            )
        }
    }

    // MARK: - PrimitiveBlock

    /// A PrimitiveBlock's string table and coordinate transform, while its groups are read.
    private struct Block {
        let bytes: UnsafeBufferPointer<UInt8>
        var strings: [Range<Int>] = []
        /// Strings decoded so far (most blocks use a few keys and values many times).
        var decoded: [String?] = []
        var granularity: Int64 = 100
        var latOffset: Int64 = 0
        var lonOffset: Int64 = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// String `index` of the table; `offset` is where the index was read, for the error.
        mutating func string(_ index: UInt64, at offset: Int) throws(Failure) -> String {
            guard index < UInt64(strings.count) else {  // safe: a count is not negative
                throw Failure(
                    message: "string index \(index) is outside the string table (\(strings.count) strings)",
                    offset: offset)
            }
            let i = Int(index)  // safe: below strings.count, checked above
            if let s = decoded[i] { return s }
            let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[strings[i]]), as: UTF8.self)
            decoded[i] = s
            return s
        }

        /// A coordinate in 10⁻⁷ degrees from a raw value (`offset + granularity × value`
        /// nanodegrees), or nil when it overflows or is outside ±`limit` degrees.
        func coordinate(_ value: Int64, offset: Int64, limit: Int64) -> Int32? {
            let (scaled, o1) = granularity.multipliedReportingOverflow(by: value)
            let (nano, o2) = scaled.addingReportingOverflow(offset)
            guard !o1 && !o2 else { return nil }
            // Round half away from zero to 100 nanodegrees (exact for the usual granularity 100).
            // Quotient and remainder first: `nano ± 50` overflows near the ends of Int64, which
            // an offset of ±2^63 reaches with a node at 0.
            let (quotient, remainder) = nano.quotientAndRemainder(dividingBy: 100)
            let units = quotient + (remainder >= 50 ? 1 : remainder <= -50 ? -1 : 0)
            guard units >= -limit * 10_000_000 && units <= limit * 10_000_000 else { return nil }
            return Int32(exactly: units)
        }
    }

    private mutating func primitiveBlock(_ bytes: UnsafeBufferPointer<UInt8>) throws(ImportError) {
        var block = Block(bytes)
        do throws(Failure) {
            var r = ProtoReader(bytes)
            var groups: [Range<Int>] = []
            while let key = try r.key() {
                switch key.field {
                case 1:
                    try ProtoReader.expect(key, .lengthDelimited, "PrimitiveBlock.stringtable")
                    var table = try r.subReader()
                    while let k = try table.key() {
                        if k.field == 1 {
                            try ProtoReader.expect(k, .lengthDelimited, "StringTable.s")
                            block.strings.append(try table.lengthDelimited())
                        } else {
                            try table.skip(k)
                        }
                    }
                case 2:
                    try ProtoReader.expect(key, .lengthDelimited, "PrimitiveBlock.primitivegroup")
                    groups.append(try r.lengthDelimited())
                case 17:
                    try ProtoReader.expect(key, .varint, "PrimitiveBlock.granularity")
                    let g = try r.int64()
                    guard g > 0 && g <= 1_000_000_000 else {
                        throw Failure(
                            message: "granularity \(g) is not a positive number of nanodegrees", offset: key.offset)
                    }
                    block.granularity = g
                case 19:
                    try ProtoReader.expect(key, .varint, "PrimitiveBlock.lat_offset")
                    block.latOffset = try r.int64()
                case 20:
                    try ProtoReader.expect(key, .varint, "PrimitiveBlock.lon_offset")
                    block.lonOffset = try r.int64()
                default:
                    try r.skip(key)
                }
            }
            block.decoded = [String?](repeating: nil, count: block.strings.count)
            // Groups are read after the whole block, since the granularity may follow them.
            for g in groups {
                var group = ProtoReader(bytes, range: g)
                while let key = try group.key() {
                    switch key.field {
                    case 1:
                        try ProtoReader.expect(key, .lengthDelimited, "PrimitiveGroup.nodes")
                        try node(group.subReader(), &block)
                    case 2:
                        try ProtoReader.expect(key, .lengthDelimited, "PrimitiveGroup.dense")
                        try denseNodes(group.subReader(), &block)
                    case 3:
                        try ProtoReader.expect(key, .lengthDelimited, "PrimitiveGroup.ways")
                        try way(group.subReader(), &block)
                    case 4:
                        try ProtoReader.expect(key, .lengthDelimited, "PrimitiveGroup.relations")
                        try relation(group.subReader(), &block)
                    default:
                        try group.skip(key)
                    }
                }
            }
        } catch {
            throw self.error(error)
        }
    }

    /// Tags from parallel packed `keys` and `vals` string indices.
    private func tags(_ keys: [UInt64], _ vals: [UInt64], _ block: inout Block, at offset: Int) throws(Failure)
        -> [String: String]
    {
        guard keys.count == vals.count else {
            throw Failure(message: "\(keys.count) keys but \(vals.count) values", offset: offset)
        }
        var tags: [String: String] = [:]
        for i in keys.indices {
            let k = try block.string(keys[i], at: offset)
            if tags[k] == nil { tags[k] = try block.string(vals[i], at: offset) }
        }
        return tags
    }

    /// Whether an `Info` message says the element is deleted (`visible = false`, history files).
    private func invisible(_ r: ProtoReader) throws(Failure) -> Bool {
        var r = r
        var visible = true
        while let key = try r.key() {
            if key.field == 6 {
                try ProtoReader.expect(key, .varint, "Info.visible")
                visible = try r.varint() != 0
            } else {
                try r.skip(key)
            }
        }
        return !visible
    }

    /// Appends a packed value of an element, charged to the file's budget.
    private mutating func append(_ value: UInt64, to list: inout [UInt64], at offset: Int) throws(Failure) {
        try charge(8, at: offset)
        list.append(value)
    }

    private mutating func addNode(
        id: Int64, lat: Int64, lon: Int64, tags: [String: String], _ block: Block, at offset: Int
    ) throws(Failure) {
        try charge(16, at: offset)
        if let la = block.coordinate(lat, offset: block.latOffset, limit: 90),
            let lo = block.coordinate(lon, offset: block.lonOffset, limit: 180)
        {
            assembler.addNode(id: id, lat: la, lon: lo, tags: tags)
        } else {
            positionProblems += 1
            assembler.addNodeWithoutPosition(tags: tags)
        }
    }

    private mutating func node(_ r: ProtoReader, _ block: inout Block) throws(Failure) {
        var r = r
        let start = r.position
        var id: Int64?
        var lat: Int64?
        var lon: Int64?
        let before = room
        var keys: [UInt64] = []
        var vals: [UInt64] = []
        var deleted = false
        while let key = try r.key() {
            switch key.field {
            case 1:
                try ProtoReader.expect(key, .varint, "Node.id")
                id = try r.zigzag()
            case 2: try r.forEachPacked(key) { (k) throws(Failure) in try append(k, to: &keys, at: start) }
            case 3: try r.forEachPacked(key) { (v) throws(Failure) in try append(v, to: &vals, at: start) }
            case 4:
                try ProtoReader.expect(key, .lengthDelimited, "Node.info")
                deleted = try invisible(r.subReader())
            case 8:
                try ProtoReader.expect(key, .varint, "Node.lat")
                lat = try r.zigzag()
            case 9:
                try ProtoReader.expect(key, .varint, "Node.lon")
                lon = try r.zigzag()
            default:
                try r.skip(key)
            }
        }
        room = before
        guard let id else { throw Failure(message: "a Node without an id", offset: start) }
        if deleted {
            assembler.addDeleted()
            return
        }
        let t = keys.isEmpty && vals.isEmpty ? [:] : try tags(keys, vals, &block, at: start)
        guard let lat, let lon else { throw Failure(message: "Node \(id) without lat and lon", offset: start) }
        try addNode(id: id, lat: lat, lon: lon, tags: t, block, at: start)
    }

    private mutating func denseNodes(_ r: ProtoReader, _ block: inout Block) throws(Failure) {
        var r = r
        let start = r.position
        var ids = ProtoReader(r.bytes, range: start..<start)
        var lats = ids
        var lons = ids
        var keysVals = ids
        var visible: ProtoReader?
        while let key = try r.key() {
            switch key.field {
            case 1:
                try ProtoReader.expect(key, .lengthDelimited, "DenseNodes.id")
                ids = try r.subReader()
            case 5:
                try ProtoReader.expect(key, .lengthDelimited, "DenseNodes.denseinfo")
                var info = try r.subReader()
                while let k = try info.key() {
                    if k.field == 6 {
                        try ProtoReader.expect(k, .lengthDelimited, "DenseInfo.visible")
                        visible = try info.subReader()
                    } else {
                        try info.skip(k)
                    }
                }
            case 8:
                try ProtoReader.expect(key, .lengthDelimited, "DenseNodes.lat")
                lats = try r.subReader()
            case 9:
                try ProtoReader.expect(key, .lengthDelimited, "DenseNodes.lon")
                lons = try r.subReader()
            case 10:
                try ProtoReader.expect(key, .lengthDelimited, "DenseNodes.keys_vals")
                keysVals = try r.subReader()
            default:
                try r.skip(key)
            }
        }
        let hasTags = !keysVals.isAtEnd
        var id: Int64 = 0
        var lat: Int64 = 0
        var lon: Int64 = 0
        while !ids.isAtEnd {
            guard !lats.isAtEnd, !lons.isAtEnd else {
                throw Failure(message: "DenseNodes has fewer lats or lons than ids", offset: start)
            }
            // Deltas wrap rather than trap: a corrupt file gives wrong numbers, caught later.
            id = id &+ (try ids.zigzag())
            lat = lat &+ (try lats.zigzag())
            lon = lon &+ (try lons.zigzag())
            var tags: [String: String] = [:]
            let before = room
            if hasTags {
                while true {
                    guard !keysVals.isAtEnd else {
                        throw Failure(
                            message: "DenseNodes.keys_vals ends before node \(id)'s tags do", offset: keysVals.position)
                    }
                    let at = keysVals.position
                    let k = try keysVals.varint()
                    if k == 0 { break }
                    guard !keysVals.isAtEnd else {
                        throw Failure(message: "DenseNodes.keys_vals has a key without a value", offset: at)
                    }
                    let v = try keysVals.varint()
                    try charge(64, at: at)
                    let key = try block.string(k, at: at)
                    if tags[key] == nil { tags[key] = try block.string(v, at: at) }
                }
            }
            room = before
            if var v = visible, !v.isAtEnd {
                let shown = try v.varint() != 0
                visible = v
                if !shown {
                    assembler.addDeleted()
                    continue
                }
            }
            try addNode(id: id, lat: lat, lon: lon, tags: tags, block, at: start)
        }
        guard lats.isAtEnd, lons.isAtEnd else {
            throw Failure(message: "DenseNodes has more lats or lons than ids", offset: start)
        }
    }

    private mutating func way(_ r: ProtoReader, _ block: inout Block) throws(Failure) {
        var r = r
        let start = r.position
        var id: Int64?
        var keys: [UInt64] = []
        var vals: [UInt64] = []
        var refs: [Int64] = []
        var deleted = false
        let before = room
        while let key = try r.key() {
            switch key.field {
            case 1:
                try ProtoReader.expect(key, .varint, "Way.id")
                id = try r.int64()
            case 2: try r.forEachPacked(key) { (k) throws(Failure) in try append(k, to: &keys, at: start) }
            case 3: try r.forEachPacked(key) { (v) throws(Failure) in try append(v, to: &vals, at: start) }
            case 4:
                try ProtoReader.expect(key, .lengthDelimited, "Way.info")
                deleted = try invisible(r.subReader())
            case 8:
                var ref: Int64 = refs.last ?? 0
                try r.forEachPacked(key) { (delta) throws(Failure) in
                    try charge(8, at: start)
                    ref = ref &+ ProtoReader.unzigzag(delta)
                    refs.append(ref)
                }
            default:
                try r.skip(key)
            }
        }
        // What the element needed while it was read is given back; what is kept is charged below.
        room = before
        guard let id else { throw Failure(message: "a Way without an id", offset: start) }
        if deleted {
            assembler.addDeleted()
            return
        }
        let t = keys.isEmpty && vals.isEmpty ? [:] : try tags(keys, vals, &block, at: start)
        // Kept: the way and its references.
        try charge(16 + 8 * refs.count, at: start)
        assembler.addWay(id: id, refs: refs, tags: t)
    }

    private mutating func relation(_ r: ProtoReader, _ block: inout Block) throws(Failure) {
        var r = r
        let start = r.position
        var id: Int64?
        var keys: [UInt64] = []
        var vals: [UInt64] = []
        var roles: [UInt64] = []
        var memids: [Int64] = []
        var types: [UInt64] = []
        var deleted = false
        let before = room
        while let key = try r.key() {
            switch key.field {
            case 1:
                try ProtoReader.expect(key, .varint, "Relation.id")
                id = try r.int64()
            case 2: try r.forEachPacked(key) { (k) throws(Failure) in try append(k, to: &keys, at: start) }
            case 3: try r.forEachPacked(key) { (v) throws(Failure) in try append(v, to: &vals, at: start) }
            case 4:
                try ProtoReader.expect(key, .lengthDelimited, "Relation.info")
                deleted = try invisible(r.subReader())
            case 8: try r.forEachPacked(key) { (role) throws(Failure) in try append(role, to: &roles, at: start) }
            case 9:
                var ref: Int64 = memids.last ?? 0
                try r.forEachPacked(key) { (delta) throws(Failure) in
                    // A member as kept: its id, kind and role (a String).
                    try charge(32, at: start)
                    ref = ref &+ ProtoReader.unzigzag(delta)
                    memids.append(ref)
                }
            case 10: try r.forEachPacked(key) { (type) throws(Failure) in try append(type, to: &types, at: start) }
            default:
                try r.skip(key)
            }
        }
        // What the element needed while it was read is given back; what is kept is charged below.
        room = before
        guard let id else { throw Failure(message: "a Relation without an id", offset: start) }
        if deleted {
            assembler.addDeleted()
            return
        }
        let t = keys.isEmpty && vals.isEmpty ? [:] : try tags(keys, vals, &block, at: start)
        // Members matter only for a feature; skip building them (and their role strings) otherwise.
        guard assembler.wantsRelation(t) else { return }
        try charge(32 * memids.count, at: start)
        guard roles.count == memids.count && types.count == memids.count else {
            throw Failure(
                message: "Relation \(id) has \(memids.count) member ids, \(roles.count) roles and \(types.count) types",
                offset: start)
        }
        var members: [OSMAssembler.Member] = []
        members.reserveCapacity(memids.count)
        for i in memids.indices {
            let kind: OSMAssembler.Member.Kind
            switch types[i] {
            case 0: kind = .node
            case 1: kind = .way
            case 2: kind = .relation
            default: throw Failure(message: "Relation \(id) has a member of unknown type \(types[i])", offset: start)
            }
            members.append(OSMAssembler.Member(kind: kind, ref: memids[i], role: try block.string(roles[i], at: start)))
        }
        assembler.addRelation(id: id, members: members, tags: t)
    }
}
