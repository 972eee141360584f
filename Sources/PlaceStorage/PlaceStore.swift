import CPrefetch
import PlaceFormats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The places the simulated Places service searches, stored compactly so that a million of them
/// fit in well under 64 bytes each, with a spatial index (`PlaceGrid`) so that a likelihood
/// query touches only the places near the fix.
///
/// Layout, per place (the arithmetic `PlaceStore.fixedBytesPerPlace` and the tests check):
///
///     coordinate   2 × Int32 in 1e-7 degrees (≈ 1.1 cm), radius UInt16 in
///                  decimetres, type list UInt16 (what a query reads)      12 bytes
///     slot         offsets UInt32 of the stored ID, name and address in
///                  `text`, rating UInt8 in tenths, price Int8, area UInt16 16 bytes
///     text         strings [len][bytes] in one shared UTF-8 buffer,
///                  lengths as LEB128 (one byte below 128); a name or an
///                  address repeated in one load is stored once       the distinct bytes
///     ID table     open addressing, UInt32 row + UInt8 tag per slot, load
///                  0.71–0.8                                               ≈ 6–7 bytes
///     grid         UInt32 per place in cell order, 18 bytes per non-empty cell,
///                  cells sized to hold 4 places on average                ≈ 4–7 bytes
///
/// An ID derived from the name and position (`p:` + FNV-1a) is not stored at all: it is
/// computed again when asked for, and no address is the shared empty string, so a place with a
/// unique 20-character name and no address costs 12 + 16 + 21 + the ID table and grid ≈ 60
/// bytes, and one of a million generated places (a few tens of thousands of distinct names and
/// addresses, as a city repeats chains and streets) ≈ 45. Int32 coordinates rather than Float64 pairs:
/// 1e-7 degrees is finer than any place dataset (OSM stores exactly this), it halves the bytes,
/// and a coordinate written with at most 7 decimals reads back as the very same Double
/// (dividing the exact integer by 1e7 rounds correctly), so the built-in places keep their
/// values to the bit.
///
/// Rows (`place(at:)`) keep insertion order: `merge` replaces a place in its row and appends new
/// ones in the records' order; `remove` closes the gap. A value type: copies share storage until
/// one of them changes.
public struct PlaceStore: Sendable {
    /// The fixed part of a place a query does not read: where its strings are, and its
    /// small-integer fields.
    package struct Slot: Sendable {
        /// Offsets in `text` of the place's stored ID (the empty string at 0 when the ID is
        /// derived), its name and its address (0 for none), each `[len][bytes]`.
        package var id: UInt32
        package var name: UInt32
        package var address: UInt32
        /// Rating in tenths, 0 for none.
        package var rating: UInt8
        /// Price level, -1 unknown.
        package var price: Int8
        /// Index into `areaNames`.
        package var area: UInt16
    }

    /// What a likelihood query reads of a place, together so that a candidate costs one cache
    /// miss, not two: the coordinate in 1e-7 degrees, the radius and the type list.
    package struct Coord: Sendable, Equatable {
        package var lat: Int32
        package var lng: Int32
        /// Radius in decimetres (0…6553.5 m).
        package var radius: UInt16
        /// Index into `typeLists`.
        package var types: UInt16
    }

    package var coords: [Coord] = []
    package var slots: [Slot] = []
    /// The places' text: strings `[len][bytes]`, the empty one at offset 0; a name or an
    /// address met again in the same batch is stored once and shared. Replaced and removed
    /// places leave bytes behind (`garbage`, counted as if nothing were shared) until a
    /// compaction.
    package var text: [UInt8] = [0]
    package var garbage = 0
    /// The most bytes `text` may hold: its offsets are 32-bit. A place that would pass it is
    /// refused (`put` returns nil and marks its batch full). Lowered by tests.
    package var textLimit = Int(UInt32.max)  // safe: UInt32.max fits Int
    /// Distinct type lists; index 0 is the empty list. A place stores the index, so the dozen
    /// strings of a type list cost two bytes per place, and its prior is looked up, not computed.
    package var typeLists: [[String]] = [[]]
    package var typeListPriors: [Double] = [1.0]
    /// The natural logarithm of each of `typeListPriors`: what the likelihood query compares a
    /// place's cheap distance bound with (`LikelihoodModel.rank`).
    package var typeListLogPriors: [Double] = [0.0]
    /// The largest of `typeListPriors`: the prior no place exceeds (the likelihood query's bound).
    package var maxPrior = 1.0
    package var typeListIndex: [[String]: UInt16] = [[]: 0]
    /// Source tags (`sydney`, `shops.csv`): what `Place.area` reads.
    package var areaNames: [String] = []
    package var areaIndex: [String: UInt16] = [:]
    package var ids = IDTable()
    package var grid = PlaceGrid()
    /// Where the places came from, for `places` and `status` (`built-in`, `built-in + shops.csv`).
    public var source: String

    /// An empty store.
    public init(source: String = "empty") {
        self.source = source
    }

    /// A store holding `records`, tagged `source`.
    public init(records: [PlaceRecord], source: String) {
        self.source = source
        _ = merge(records, source: source)
        self.source = source
    }

    /// The bytes every place costs besides its text, the ID table and the grid (see the layout).
    public static let fixedBytesPerPlace = MemoryLayout<Coord>.stride + MemoryLayout<Slot>.stride

    // MARK: - Reading

    /// How many places there are.
    public var count: Int { coords.count }

    /// The place in row `index` (0-based), with every field; `area` is its source tag.
    public func place(at index: Int) -> Place {
        text.withUnsafeBufferPointer { buffer in
            let s = slots[index]
            return place(index, s, fieldRanges(buffer, s), buffer)
        }
    }

    /// The places in `rows`, as `place(at:)` makes each. A likelihood list's twenty places lie
    /// anywhere in the store, and made one after another each would wait for its slot and then
    /// its text to come from memory; here every slot is read, then every string's place, so
    /// the misses of all the places are in flight together.
    public func places(at rows: [Int]) -> [Place] { places(at: rows) { _, place in place } }

    /// `make(i, place)` of the place in each of `rows` (`i`: its position in `rows`), read as
    /// `places(at:)` reads them. Each place is handed over, not lent: a list made of the places
    /// (a ranking's) takes each one's strings as they are, where a copy would count a new
    /// reference to every one of them and the array of places dropped afterwards would count
    /// each back.
    ///
    /// Each row's slot, then the text its slot points to, is asked for before any place is
    /// made, so that their cache misses are in flight together (lists of the slots and of
    /// their fields did the same, at the cost of two arrays, and their metadata, every call).
    /// `rows` may be a lazy view (a ranking's rows read from its list), so that no array of
    /// them is made either.
    package func places<T, Rows: RandomAccessCollection<Int>>(at rows: Rows, _ make: (Int, consuming Place) -> T) -> [T]
    where Rows.Index == Int {
        text.withUnsafeBufferPointer { buffer in
            slots.withUnsafeBufferPointer { slotBuffer in
                if let slotBase = slotBuffer.baseAddress, let textBase = buffer.baseAddress {
                    for row in rows { placeshell_prefetch(slotBase + row) }
                    for row in rows {
                        let s = slotBase[row]
                        // safe: stored offsets widen (0, no field, is the text's first byte)
                        placeshell_prefetch(textBase + Int(s.id))
                        placeshell_prefetch(textBase + Int(s.name))  // safe: stored offsets widen
                        placeshell_prefetch(textBase + Int(s.address))  // safe: stored offsets widen
                    }
                }
                return rows.indices.map { i in
                    let s = slotBuffer[rows[i]]
                    return make(i - rows.startIndex, place(rows[i], s, fieldRanges(buffer, s), buffer))
                }
            }
        }
    }

    /// Row `index`'s place from its slot and the ranges of its strings in `buffer` (the text).
    private func place(
        _ index: Int, _ s: Slot, _ f: (id: Range<Int>, name: Range<Int>, address: Range<Int>),
        _ buffer: UnsafeBufferPointer<UInt8>
    ) -> Place {
        let c = coords[index]
        let name = UnsafeBufferPointer(rebasing: buffer[f.name])
        let id =
            f.id.isEmpty
            ? Self.withDerivedID(Self.derivedHash(name: name, coord: c)) { String(decoding: $0, as: UTF8.self) }
            : String(decoding: UnsafeBufferPointer(rebasing: buffer[f.id]), as: UTF8.self)
        return Place(
            id: id, name: String(decoding: name, as: UTF8.self),
            coordinate: GeoPoint(latitude: Double(c.lat) / 1e7, longitude: Double(c.lng) / 1e7),
            // safe: stored indexes widen
            types: typeLists[Int(c.types)],
            address: String(decoding: UnsafeBufferPointer(rebasing: buffer[f.address]), as: UTF8.self),
            // safe: stored indexes widen
            rating: Double(s.rating) / 10, priceLevel: Int(s.price), radius: Double(c.radius) / 10,
            // safe: stored indexes widen
            area: areaNames[Int(s.area)])
    }

    /// The place in row `index` as a record, for `places export`: an exported dataset loads back
    /// with the same IDs (derived IDs are written out, and derive the same again).
    public func record(at index: Int) -> PlaceRecord {
        let p = place(at: index)
        return PlaceRecord(
            id: p.id, name: p.name, latitude: p.coordinate.latitude, longitude: p.coordinate.longitude, types: p.types,
            address: p.address.isEmpty ? nil : p.address, rating: p.rating > 0 ? p.rating : nil,
            priceLevel: p.priceLevel >= 0 ? p.priceLevel : nil, radius: p.radius)
    }

    /// Every place, materialised: for tests and small datasets (a million places make a few
    /// hundred megabytes of `Place`s; loop over `place(at:)` instead).
    public var places: [Place] { (0..<count).map { place(at: $0) } }

    /// The ID of row `index`: stored when the source gave one, else derived from its name and
    /// position.
    public func id(at index: Int) -> String {
        withIDBytes(index) { String(decoding: $0, as: UTF8.self) }
    }

    /// The name of row `index`.
    public func name(at index: Int) -> String { string(textFields(index).name) }

    /// The coordinate of row `index` (from its 1e-7-degree integers).
    public func coordinate(at index: Int) -> GeoPoint {
        let c = coords[index]
        return GeoPoint(latitude: Double(c.lat) / 1e7, longitude: Double(c.lng) / 1e7)
    }

    /// The radius of row `index`, in metres.
    public func radius(at index: Int) -> Double { Double(coords[index].radius) / 10 }

    /// The likelihood prior of row `index`'s types (`LikelihoodModel.prior`), looked up.
    // safe: stored indexes widen
    public func prior(at index: Int) -> Double { typeListPriors[Int(coords[index].types)] }

    /// Asks for row `index`'s slot (its rating: `popularity(_:_:)` reads it) without waiting
    /// for it, so that its cache miss is taken during the work before that read.
    @inline(__always) package func prefetchSlot(_ index: Int) {
        slots.withUnsafeBufferPointer { placeshell_prefetch($0.baseAddress.map { $0 + index }) }
    }

    /// The popularity of row `index` (`PopularityModel`, from its stored prior, rating and
    /// radius); `coord` is `coords[index]`, already read.
    @inline(__always) package func popularity(_ index: Int, _ coord: Coord) -> Double {
        PopularityModel.popularity(
            // safe: stored indexes widen
            prior: typeListPriors[Int(coord.types)], rating: Double(slots[index].rating) / 10, code: coord.radius)
    }

    /// The row of the place with this ID, or nil.
    public func index(ofID id: String) -> Int? {
        var id = id
        return id.withUTF8 { ids.find($0, in: self) }
    }

    /// The rows whose name is `name`, ignoring case, in row order. A scan: a million names take
    /// a few milliseconds, less than an index of them would cost in memory.
    public func indexes(named name: String) -> [Int] {
        let wanted = Array(name.lowercased().utf8)
        let asciiWanted = wanted.allSatisfy { $0 < 0x80 }
        var rows: [Int] = []
        text.withUnsafeBufferPointer { buffer in
            for row in 0..<count {
                let r = Self.field(buffer, slots[row].name)
                if asciiWanted && r.count != wanted.count && isASCII(buffer, r) { continue }
                if foldedEquals(buffer, r, wanted) { rows.append(row) }
            }
        }
        return rows
    }

    /// Up to `limit` distinct names starting with `prefix` (ignoring ASCII case), sorted by their
    /// bytes: Tab completion's candidates, the same on every run.
    public func names(withPrefix prefix: String, limit: Int) -> [String] {
        guard limit > 0 else { return [] }
        let wanted = Array(prefix.utf8).map(asciiLower)
        var found: [[UInt8]] = []  // sorted, at most `limit`
        text.withUnsafeBufferPointer { buffer in
            for row in 0..<count {
                let r = Self.field(buffer, slots[row].name)
                guard r.count >= wanted.count else { continue }
                var match = true
                for (k, b) in wanted.enumerated() where asciiLower(buffer[r.lowerBound + k]) != b {
                    match = false
                    break
                }
                guard match else { continue }
                let name = Array(buffer[r])
                if found.count == limit, let last = found.last, !name.lexicographicallyPrecedes(last) { continue }
                var lo = 0
                var hi = found.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if found[mid].lexicographicallyPrecedes(name) { lo = mid + 1 } else { hi = mid }
                }
                if lo < found.count && found[lo] == name { continue }
                found.insert(name, at: lo)
                if found.count > limit { found.removeLast() }
            }
        }
        return found.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The source tags present, in first-seen order (of the tags, not the rows), with counts.
    public var areas: [(name: String, count: Int)] {
        var counts = [Int](repeating: 0, count: areaNames.count)
        for s in slots { counts[Int(s.area)] += 1 }  // safe: stored indexes widen
        return areaNames.indices.filter { counts[$0] > 0 }.map { (areaNames[$0], counts[$0]) }
    }

    /// The places within `radius` metres of `point` (great-circle distance), nearest first, then
    /// by ID; at most `limit`. Only the grid cells around the point are looked at.
    public func near(_ point: GeoPoint, radius: Double, limit: Int) -> [(index: Int, distance: Double)] {
        guard limit > 0, radius >= 0, count > 0 else { return [] }
        var found: [(index: Int, distance: Double)] = []
        let metresPerDegree = earthRadius * .pi / 180
        let bound = radius * (1 + 1e-9)
        grid.visit(self, around: point, cutoff: { _ in radius }) { row in
            let c = coords[row]
            // R·|Δφ| never exceeds the great-circle distance: a safe, cheap first test.
            if abs(Double(c.lat) / 1e7 - point.latitude) * metresPerDegree > bound { return }
            let d = distance(point, coordinate(at: row))
            if d <= radius { found.append((row, d)) }
        }
        return Self.sortedByDistance(found, limit: limit, store: self)
    }

    /// The same as `near`, by looking at every place: the reference the tests hold `near` to.
    public func nearBruteForce(_ point: GeoPoint, radius: Double, limit: Int) -> [(index: Int, distance: Double)] {
        guard limit > 0, radius >= 0 else { return [] }
        var found: [(index: Int, distance: Double)] = []
        for row in 0..<count {
            let d = distance(point, coordinate(at: row))
            if d <= radius { found.append((row, d)) }
        }
        return Self.sortedByDistance(found, limit: limit, store: self)
    }

    package static func sortedByDistance(
        _ found: [(index: Int, distance: Double)], limit: Int, store: PlaceStore
    ) -> [(index: Int, distance: Double)] {
        var found = found
        found.sort { a, b in
            if a.distance != b.distance { return a.distance < b.distance }
            return store.id(at: a.index) < store.id(at: b.index)
        }
        if found.count > limit { found.removeLast(found.count - limit) }
        return found
    }

    // MARK: - Changing

    /// Adds `records`, tagged `source`: a record whose ID is already present replaces that place
    /// in its row; the others are appended in order. A record without an ID gets one derived
    /// from its name and position (`p:` + 16 hex digits), so loading the same file again replaces
    /// rather than duplicates; two such records with the same name and position in one batch
    /// are both kept, the second as `p:…~2`. Two records with the same given ID in one batch:
    /// the later wins. Records with a non-finite coordinate are left out.
    @discardableResult
    public mutating func merge(_ records: [PlaceRecord], source: String) -> (added: Int, replaced: Int) {
        let area = internArea(source)
        reserve(
            records.count, textBytes: records.reduce(0) { $0 + $1.name.utf8.count + ($1.address?.utf8.count ?? 0) + 4 })
        var batch = MergeBatch(store: self)
        for r in records { _ = put(r, area: area, batch: &batch) }
        noteSource(source)
        finishBatch()
        return (batch.added, batch.replaced)
    }

    /// `merge` for records made one at a time (a lazy sequence, an importer's stream): one
    /// batch, one index build at the end, and no array of a million `PlaceRecord`s (a few
    /// hundred bytes each) held at once. `expectedCount` and `textBytes`, when known, size the
    /// arrays once.
    @discardableResult
    public mutating func merge<S: Sequence>(
        contentsOf records: S, source: String, expectedCount: Int? = nil, textBytes: Int = 0
    ) -> (added: Int, replaced: Int) where S.Element == PlaceRecord {
        let area = internArea(source)
        reserve(expectedCount ?? records.underestimatedCount, textBytes: textBytes)
        var batch = MergeBatch(store: self)
        for r in records { _ = put(r, area: area, batch: &batch) }
        noteSource(source)
        finishBatch()
        return (batch.added, batch.replaced)
    }

    /// A merge fed one record at a time by a reader that pushes them (`add(_:source:to:)`,
    /// then `finish`): each run of records of one source is one batch, as `merge` makes it,
    /// and no array of the records is held.
    public struct StreamedMerge {
        fileprivate var batch: MergeBatch?
        fileprivate var source: String?
        fileprivate var area: UInt16 = 0
    }

    public func beginStreamedMerge() -> StreamedMerge { StreamedMerge() }

    /// Adds `record`, tagged `source`, to the merge under way; false when the store's text is
    /// full (`textLimit`: the record is left out, as `put` leaves it).
    @discardableResult
    public mutating func add(_ record: PlaceRecord, source: String, to merge: inout StreamedMerge) -> Bool {
        if merge.source != source || merge.batch == nil {
            finish(&merge)
            merge.area = internArea(source)
            merge.batch = MergeBatch(store: self)
            merge.source = source
        }
        guard var batch = merge.batch else { return false }
        merge.batch = nil  // moved out while it changes, so it is not copied
        let row = put(record, area: merge.area, batch: &batch)
        merge.batch = batch
        return row != nil
    }

    /// Ends the merge's last batch.
    public mutating func finish(_ merge: inout StreamedMerge) {
        guard merge.batch != nil, let source = merge.source else { return }
        merge.batch = nil
        noteSource(source)
        finishBatch()
    }

    /// Replaces every place with `records` (as `merge` would add them to an empty store).
    /// Replaces every place with `records`; returns how many rows they made (fewer than the
    /// records when an ID repeats: the last one stays).
    @discardableResult
    public mutating func replaceAll(with records: [PlaceRecord], source: String) -> Int {
        self = PlaceStore(source: source)
        let (added, _) = merge(records, source: source)
        self.source = source
        return added
    }

    /// Adds or replaces one place; returns its row.
    @discardableResult
    public mutating func add(_ record: PlaceRecord, source: String) -> Int {
        let area = internArea(source)
        reserve(1, textBytes: 0)
        var batch = MergeBatch(store: self)
        let row = put(record, area: area, batch: &batch) ?? -1
        noteSource(source)
        finishBatch()
        return row
    }

    /// Removes the place with this ID; false when there is none. Later rows move up by one.
    @discardableResult
    public mutating func remove(id: String) -> Bool {
        guard let row = index(ofID: id) else { return false }
        withIDs { $0.remove(row: row, in: $1) }
        garbage += textLength(row)
        coords.remove(at: row)
        slots.remove(at: row)
        grid.remove(row: row)
        compactIfWasteful()
        return true
    }

    /// Builds the spatial index again from scratch. The store keeps its index current by itself;
    /// this is for benchmarks, which time the build alone.
    public mutating func rebuildIndex() { withGrid { $0.rebuild($1) } }

    /// The bytes the store holds, by part (array sizes, not capacities): the fixed per-place
    /// arrays, the shared text, the ID table, the spatial index.
    public var storageBytes: (places: Int, text: Int, ids: Int, index: Int) {
        (count * Self.fixedBytesPerPlace, text.count, ids.entries.count * 5, grid.bytes)
    }

    /// Makes room for `extra` more places (and their text) at once, so a big load grows its
    /// arrays once instead of doubling them (a doubling briefly holds both copies: max RSS).
    /// `ids`: the ID table too (not for a load that indexes its IDs at the end).
    public mutating func reserve(_ extra: Int, textBytes: Int, ids: Bool = true) {
        let total = count + extra
        if coords.capacity < total {
            coords.reserveCapacity(total)
            slots.reserveCapacity(total)
        }
        if text.capacity < text.count + textBytes { text.reserveCapacity(text.count + textBytes) }
        if ids { withIDs { $0.reserve(total, in: $1) } }
    }

    // MARK: - Internals

    /// What one merge has done so far: counts, and the rows it touched (a derived ID met again
    /// in the same batch is a second place, not a replacement). `replaced` counts places that
    /// were in the store before the batch; a place of the batch replaced by a later one with the
    /// same ID (an ID repeated in a file) is counted in neither, so that a file's places are
    /// `added + replaced + the repeats`.
    package struct MergeBatch {
        package var added = 0
        package var replaced = 0
        package let firstNewRow: Int
        /// The rows below `firstNewRow` it replaced, a bit each (sized on the first).
        package var touched: [UInt64] = []
        /// When the batch may be undone (`rollBack`): each row it replaced, as it was before.
        package var undo: [(row: UInt32, coord: Coord, slot: Slot)]?
        /// Set when the batch leaves its IDs unlooked-up and unindexed until the end (a load
        /// into an empty store): the top half of each new row's ID hash (all the table uses),
        /// for `indexDeferredIDs`.
        package var deferredHashes: [UInt32]?
        /// The names and addresses this batch has stored, so a repeated one is shared.
        package var strings = StringIntern()
        /// Type lists this batch has met, by their array (kept here, so that no other array
        /// can take its place in memory): a generator's records share one array per kind, and
        /// a list found by its array needs none of its strings hashed.
        package var typeArrays: [(list: [String], index: UInt16)] = []
        /// The last `~n` suffix this batch gave each derived ID (by its hash): the rows with
        /// every suffix from 2 up to it are this batch's.
        package var lastSuffix: [UInt64: Int] = [:]
        /// Set when a place was refused because the store's text would pass its limit.
        package var textFull = false
        package init(store: PlaceStore) { firstNewRow = store.count }
        package func isFromThisBatch(_ row: Int) -> Bool {
            // safe: masked to 6 bits
            row >= firstNewRow || (row >> 6 < touched.count && touched[row >> 6] & (1 << UInt64(row & 63)) != 0)
        }
        package mutating func touch(_ row: Int) {
            guard row < firstNewRow else { return }
            if touched.isEmpty { touched = [UInt64](repeating: 0, count: firstNewRow / 64 + 1) }
            touched[row >> 6] |= 1 << UInt64(row & 63)  // safe: masked to 6 bits
        }
    }

    /// Adds or replaces one record; returns its row, or nil when its coordinate is not finite.
    package mutating func put(_ r: PlaceRecord, area: UInt16, batch: inout MergeBatch) -> Int? {
        guard r.latitude.isFinite, r.longitude.isFinite else { return nil }
        let coord = Self.coord(
            latitude: r.latitude, longitude: r.longitude, radius: r.radius ?? Self.defaultRadius(r.types),
            types: internTypes(r.types, &batch))
        let slot = Self.slot(rating: r.rating, priceLevel: r.priceLevel, area: area)
        var id = r.id ?? ""
        var name = r.name
        var address = r.address ?? ""
        return id.withUTF8 { id in
            name.withUTF8 { name in
                address.withUTF8 { address in
                    put(id: id, name: name, address: address, coord: coord, slot: slot, batch: &batch)
                }
            }
        }
    }

    /// Asks for the cache lines that `put(r, …)` will miss on, without waiting: the slots of
    /// its name and address in the batch's shared strings and, when its ID is looked up (not
    /// deferred), the ID table's. `PlaceStore.Load` does it a few dozen records ahead.
    package func prefetch(_ r: PlaceRecord, batch: MergeBatch) {
        // Only a native String's bytes, in place: a prefetch is not worth a copy.
        _ = r.name.utf8.withContiguousStorageIfAvailable { batch.strings.prefetch($0) }
        _ = r.address?.utf8.withContiguousStorageIfAvailable { batch.strings.prefetch($0) }
        guard batch.deferredHashes == nil, r.latitude.isFinite, r.longitude.isFinite else { return }
        if let id = r.id {
            _ = id.utf8.withContiguousStorageIfAvailable { ids.prefetch(IDTable.hash($0)) }
        } else {
            let coord = Self.coord(latitude: r.latitude, longitude: r.longitude, radius: 0, types: 0)
            guard
                let derived = r.name.utf8.withContiguousStorageIfAvailable({ Self.derivedHash(name: $0, coord: coord) })
            else { return }
            Self.withDerivedID(derived) { ids.prefetch(IDTable.hash($0)) }
        }
    }

    /// A place's coordinate, radius and interned type list as stored (a finite coordinate).
    @inline(__always) package static func coord(latitude: Double, longitude: Double, radius: Double, types: UInt16)
        -> Coord
    {
        let lat = roundedClamped(latitude * 1e7, 900_000_000)
        let lng = roundedClamped(wrapLongitude(longitude) * 1e7, 1_800_000_000)
        return Coord(
            lat: Int32(clamping: lat), lng: Int32(clamping: lng),
            // safe: clamped to 0…6553.5 (NaN gives 6553.5): at most 65535
            radius: UInt16(max(0, min(6553.5, radius)) * 10 + 0.5),
            types: types)
    }

    /// `clampedInt(x.rounded(), -limit...limit)`, the nearest whole number (halves away from
    /// zero) within ±`limit`, with no call into the C library for the usual |x| < 2^52: there
    /// the truncation toward zero is exact, and so is the fraction it leaves, so a half is
    /// told exactly. Anything else (NaN, infinities, larger values) the long way.
    @inline(__always) package static func roundedClamped(_ x: Double, _ limit: Int) -> Int {
        guard x.magnitude < 4.5e15 else { return clampedInt(x.rounded(), -limit...limit) }
        var i = Int(x)  // safe: |x| < 2^52 fits
        let fraction = x - Double(i)
        if fraction >= 0.5 {
            i += 1
        } else if fraction <= -0.5 {
            i -= 1
        }
        return min(max(i, -limit), limit)
    }

    /// A place's small-integer fields as stored; `text` is filled in by `put`.
    @inline(__always) package static func slot(rating: Double?, priceLevel: Int?, area: UInt16) -> Slot {
        Slot(
            // safe: clamped to 0…5 (NaN gives 5): at most 50
            id: 0, name: 0, address: 0, rating: UInt8(max(0, min(5, rating ?? 0)) * 10 + 0.5),
            price: Int8(max(-1, min(4, priceLevel ?? -1))), area: area)  // safe: clamped to −1…4
    }

    /// `put` from bytes (an importer's fields, no Strings): `id` empty for none. Returns the row.
    package mutating func put(
        id given: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>, address: UnsafeBufferPointer<UInt8>,
        coord: Coord, slot: Slot, batch: inout MergeBatch
    ) -> Int? {
        // The ID stored in the text: none (the derived one), the given one, or derived + `~n`.
        // A given ID is stored unless it spells the derived one: one that cannot (a file's own
        // IDs) costs no hash of the name, and one that might is checked from both ends.
        var storeGiven = false
        var suffix = 0
        var existing: Int?
        var hash: UInt64  // IDTable.hash of the place's ID
        var derived: UInt64 = 0  // when no ID is given
        if given.count > 0 {
            if let spelled = Self.spelledHash(given) {
                storeGiven = !Self.derivedHashIs(spelled, name: name, coord: coord)
            } else {
                storeGiven = true
            }
            hash = IDTable.hash(given)
            if batch.deferredHashes == nil { existing = findID(given, hash: hash) }
        } else if batch.deferredHashes != nil {
            derived = Self.derivedHash(name: name, coord: coord)
            hash = Self.withDerivedID(derived) { IDTable.hash($0) }
        } else {
            derived = Self.derivedHash(name: name, coord: coord)
            (existing, hash) = findDerivedID(derived, suffix: 0)
            // The same name at the same spot twice in one file: two places (two ATMs in one
            // lobby), the second `~2`, the third `~3`: the same suffixes on every load.
            // Suffixes below the last one this batch gave the name and spot are its own too:
            // the search starts after it, so that 40,000 equal rows are not quadratic.
            if let row = existing, batch.isFromThisBatch(row) {
                var n = batch.lastSuffix[derived].map { $0 + 1 } ?? 2
                repeat {
                    suffix = n
                    (existing, hash) = findDerivedID(derived, suffix: n)
                    n += 1
                } while existing.map(batch.isFromThisBatch) ?? false
                batch.lastSuffix[derived] = suffix
            }
        }
        var slot = slot
        let storedCount = storeGiven ? given.count : suffix > 0 ? 19 + Self.decimalDigits(suffix) : 0
        guard text.count + name.count + address.count + storedCount + 32 < textLimit else {
            batch.textFull = true
            return nil
        }
        if storedCount > 0 {
            slot.id = UInt32(text.count)  // safe: below textLimit (at most 4 GB), checked above
            appendLEB(storedCount)
            if storeGiven {
                text.append(contentsOf: given)
            } else {
                Self.withDerivedID(derived, suffix: suffix) { text.append(contentsOf: $0) }
            }
        }
        slot.name = intern(name, &batch.strings)
        slot.address = intern(address, &batch.strings)
        if let row = existing {
            garbage += textLength(row)
            let old = coords[row]
            if !batch.isFromThisBatch(row) {
                batch.replaced += 1
                batch.undo?.append((UInt32(truncatingIfNeeded: row), old, slots[row]))
                batch.touch(row)
            }
            coords[row] = coord
            slots[row] = slot
            grid.replaced(
                row: row, old: old, new: coord, popularity: popularity(row, coord),
                prior: typeListPriors[Int(coord.types)])  // safe: stored indexes widen
            return row
        }
        let row = coords.count
        coords.append(coord)
        slots.append(slot)
        if batch.deferredHashes != nil {
            batch.deferredHashes?.append(UInt32(truncatingIfNeeded: hash >> 32))
        } else {
            withIDs { $0.insert(row: row, hash: hash, in: $1) }
        }
        grid.appended(row: row, radius: coord.radius)
        batch.added += 1
        return row
    }

    /// The row of the place with ID `id` of hash `hash`. `put`'s lookups go through these two
    /// non-mutating methods: the ID table reads the store beside it, and a mutating method that
    /// hands `self` over copies the whole store (a retain of each of its arrays) every time.
    package func findID(_ id: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? { ids.find(id, hash: hash, in: self) }

    /// The row of the place whose ID is the derived ID of hash `derived` with `suffix` (0 for
    /// none), and that ID's hash.
    package func findDerivedID(_ derived: UInt64, suffix: Int) -> (row: Int?, hash: UInt64) {
        Self.withDerivedID(derived, suffix: suffix) { d in
            let h = IDTable.hash(d)
            return (ids.find(d, hash: h, in: self), h)
        }
    }

    /// Where a store stood before a batch that may be undone: what `rollBack` restores besides
    /// the rows the batch's `undo` log holds. The grid is kept as it was (its arrays are shared
    /// until the batch changes them; a batch changes little of them before its end).
    package struct Mark {
        package let count: Int
        package let text: Int
        package let garbage: Int
        package let source: String
        package let typeLists: Int
        package let maxPrior: Double
        package let areas: Int
        package let grid: PlaceGrid
    }

    package func mark() -> Mark {
        Mark(
            count: count, text: text.count, garbage: garbage, source: source, typeLists: typeLists.count,
            maxPrior: maxPrior, areas: areaNames.count, grid: grid)
    }

    /// Undoes a batch begun at `mark` whose replaced rows `batch.undo` logged: the store is again
    /// exactly as it was, place for place (its ID table built afresh).
    package mutating func rollBack(to mark: Mark, undoing batch: MergeBatch) {
        for e in (batch.undo ?? []).reversed() {
            coords[Int(e.row)] = e.coord  // safe: stored rows widen
            slots[Int(e.row)] = e.slot  // safe: stored rows widen
        }
        if coords.count > mark.count {
            coords.removeSubrange(mark.count...)
            slots.removeSubrange(mark.count...)
        }
        if text.count > mark.text { text.removeSubrange(mark.text...) }
        garbage = mark.garbage
        source = mark.source
        while typeLists.count > mark.typeLists { typeListIndex[typeLists.removeLast()] = nil }
        typeListPriors.removeSubrange(mark.typeLists...)
        typeListLogPriors.removeSubrange(mark.typeLists...)
        maxPrior = mark.maxPrior
        while areaNames.count > mark.areas { areaIndex[areaNames.removeLast()] = nil }
        grid = mark.grid
        ids = IDTable()
        let rows = count
        withIDs { $0.reserve(rows, in: $1) }
    }

    /// Indexes the IDs of a batch that deferred them (`MergeBatch.deferredHashes`, only into an
    /// empty store) in one pass; false when two of them are equal, which the batch did not look
    /// for: the store is then unusable, and the caller starts again without deferring. The
    /// batch's shared strings are done with by then: their table's memory (already in place, its
    /// pages touched) is given to `insertAll` to sort the hashes in, rather than let go and as
    /// much asked for again, each new page a fault.
    package mutating func indexDeferredIDs(_ batch: inout MergeBatch) -> Bool {
        var scratch = batch.strings.words
        batch.strings = StringIntern()
        guard var hashes = batch.deferredHashes else { return true }
        batch.deferredHashes = nil
        precondition(batch.firstNewRow == 0 && ids.count == 0 && hashes.count == count)
        var ok = true
        withIDs { ok = $0.insertAll(&hashes, sortingIn: &scratch, in: $1) }
        return ok
    }

    /// After a batch: the grid takes in what was added or moved; text left behind by replaced
    /// places is reclaimed when it is most of the buffer.
    package mutating func finishBatch() {
        compactIfWasteful()
        withGrid { $0.update($1) }
    }

    /// Runs `body` on the ID table with the store beside it (the table is moved out for the
    /// call, so it can be changed while the store is read without copying either).
    package mutating func withIDs(_ body: (inout IDTable, PlaceStore) -> Void) {
        var table = ids
        ids = IDTable()
        body(&table, self)
        ids = table
    }

    /// Runs `body` on the grid with the store beside it, as `withIDs`.
    package mutating func withGrid(_ body: (inout PlaceGrid, PlaceStore) -> Void) {
        var g = grid
        grid = PlaceGrid()
        body(&g, self)
        grid = g
    }

    package mutating func noteSource(_ name: String) {
        if source == "empty" || source.isEmpty {
            source = name
        } else if !source.split(separator: "+").contains(where: { $0.trimmingSpaces == name }) {
            source += " + " + name
        }
    }

    package mutating func internArea(_ name: String) -> UInt16 {
        if let i = areaIndex[name] { return i }
        // 65,535 sources is far beyond any session; past that, new sources share the last tag.
        // safe: below UInt16.max, checked
        guard areaNames.count < Int(UInt16.max) else { return UInt16(areaNames.count - 1) }
        let i = UInt16(areaNames.count)  // safe: below UInt16.max, checked above
        areaNames.append(name)
        areaIndex[name] = i
        return i
    }

    /// `internTypes` that first looks for the very array among the batch's (`typeArrays`).
    package mutating func internTypes(_ types: [String], _ batch: inout MergeBatch) -> UInt16 {
        let storage = types.withUnsafeBufferPointer { $0.baseAddress }
        for known in batch.typeArrays
        where known.list.count == types.count && known.list.withUnsafeBufferPointer({ $0.baseAddress }) == storage {
            return known.index
        }
        let index = internTypes(types)
        if batch.typeArrays.count < 64 { batch.typeArrays.append((types, index)) }
        return index
    }

    package mutating func internTypes(_ types: [String]) -> UInt16 {
        if let i = typeListIndex[types] { return i }
        guard typeLists.count < Int(UInt16.max) else {  // safe: UInt16.max fits Int
            // Past 65,535 distinct type lists (never seen in practice), a place keeps its first
            // type, which decides its prior anyway when it is a known one.
            return types.count > 1 ? internTypes([types[0]]) : 0
        }
        let i = UInt16(typeLists.count)  // safe: below UInt16.max, checked above
        typeLists.append(types)
        typeListPriors.append(PlaceTypePriors.prior(types))
        typeListLogPriors.append(log(typeListPriors[typeListPriors.count - 1]))
        maxPrior = max(maxPrior, typeListPriors[typeListPriors.count - 1])
        typeListIndex[types] = i
        return i
    }

    /// Longitude in [-180, 180], 180 kept as it is.
    package static func wrapLongitude(_ x: Double) -> Double {
        if x >= -180 && x <= 180 { return x }
        let w = (x + 180).truncatingRemainder(dividingBy: 360)
        return (w < 0 ? w + 360 : w) - 180
    }

    /// A size for a place whose source gives none, by its kind (the built-in places' scale:
    /// ~10 m for an ATM, 20–40 for a shop or cafe, 60–150 for a hotel or station, more for a
    /// park).
    public static func defaultRadius(_ types: [String]) -> Double {
        for t in types {
            switch t {
            case "atm": return 10
            case "cafe", "bakery", "bar", "pharmacy", "convenience_store": return 20
            case "restaurant", "store", "clothing_store", "book_store", "bank", "beauty_salon": return 25
            case "lodging", "museum", "train_station", "hospital", "school", "university": return 80
            case "shopping_mall", "stadium", "zoo", "aquarium", "casino": return 150
            case "park": return 150
            case "transit_station", "light_rail_station", "subway_station", "ferry_terminal", "parking": return 40
            case "tourist_attraction": return 60
            default: continue
            }
        }
        return 30
    }

    /// `p:` + FNV-1a 64 of the name's bytes, a zero byte and the two 1e-7-degree integers, in
    /// hex: the same on every run and machine (it hashes integers, not a printed Double).
    package static func derivedID(name: [UInt8], coord: Coord) -> [UInt8] {
        name.withUnsafeBufferPointer { withDerivedID(derivedHash(name: $0, coord: coord)) { Array($0) } }
    }

    /// FNV-1a 64's offset basis and prime, and the prime's inverse modulo 2^64 (their product is
    /// 1): a step, `h' = (h ^ byte) · prime`, is undone by `h = (h' · inverse) ^ byte`.
    package static let fnvOffsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    package static let fnvPrime: UInt64 = 0x0000_0100_0000_01b3
    package static let fnvPrimeInverse: UInt64 = 0xce96_5057_aff6_957b

    /// The eight bytes a derived ID hashes after the name and its zero byte, as a word whose
    /// lowest byte comes first: the two 1e-7-degree integers, little-endian, latitude then
    /// longitude.
    @inline(__always) package static func derivedCoordinateBytes(_ coord: Coord) -> UInt64 {
        UInt64(UInt32(bitPattern: coord.lat)) | UInt64(UInt32(bitPattern: coord.lng)) << 32  // safe: bit patterns widen
    }

    /// The FNV-1a 64 hash a derived ID spells (see `derivedID`).
    @inline(__always) package static func derivedHash(name: UnsafeBufferPointer<UInt8>, coord: Coord) -> UInt64 {
        var h = fnvOffsetBasis
        for b in name {
            h ^= UInt64(b)  // safe: a byte widens
            h = h &* fnvPrime
        }
        h = h &* fnvPrime  // the zero byte
        let v = derivedCoordinateBytes(coord)
        for k in 0..<8 {
            h ^= (v >> UInt64(8 * k)) & 0xFF  // safe: k is 0…7
            h = h &* fnvPrime
        }
        return h
    }

    /// Whether `derivedHash(name:coord:)` is `h`, found in about half the time that hashing
    /// takes. FNV-1a is a chain: each byte's step waits for the multiplication before it. But
    /// every step can be undone, so the check runs the hash forward from its start over the
    /// first half of the bytes and backward from `h` over the rest (the coordinates' eight bytes,
    /// the zero byte, the name's last bytes), two chains that wait for nothing of each other,
    /// and sees whether they meet. A load of a file whose IDs are the derived ones (as `places
    /// export` writes them) makes this check for every row.
    @inline(__always) package static func derivedHashIs(_ h: UInt64, name: UnsafeBufferPointer<UInt8>, coord: Coord)
        -> Bool
    {
        let v = derivedCoordinateBytes(coord)
        // Back from `h`: the coordinates' eight bytes, last first, then the zero byte.
        var back = h
        for k in 0..<8 { back = (back &* fnvPrimeInverse) ^ ((v >> UInt64(56 - 8 * k)) & 0xFF) }  // safe: 0…56
        back = back &* fnvPrimeInverse
        // Then the name: its first `split` bytes forward, the rest back, a step of each at once
        // (there are never more back than forward).
        let n = name.count
        let split = min(n, (n + 9) / 2)
        var forward = fnvOffsetBasis
        var i = 0
        var j = n
        while j > split {
            j -= 1
            back = (back &* fnvPrimeInverse) ^ UInt64(name[j])  // safe: a byte widens
            forward = (forward ^ UInt64(name[i])) &* fnvPrime  // safe: a byte widens
            i += 1
        }
        while i < split {
            forward = (forward ^ UInt64(name[i])) &* fnvPrime  // safe: a byte widens
            i += 1
        }
        return forward == back
    }

    /// The hash that `id` spells when it has the form of a derived ID (`p:` + 16 lower-case hex
    /// digits), else nil: the digits read eight at a time (`hexValue`), then spelled again
    /// (`hexDigits`) and compared, so that nothing but the exact spelling of a hash reads as one.
    @inline(__always) package static func spelledHash(_ id: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard id.count == 18, let base = id.baseAddress, base[0] == 0x70, base[1] == 0x3A else { return nil }
        let raw = UnsafeRawPointer(base)
        let high = raw.loadUnaligned(fromByteOffset: 2, as: UInt64.self)
        let low = raw.loadUnaligned(fromByteOffset: 10, as: UInt64.self)
        let h = UInt64(hexValue(high)) << 32 | UInt64(hexValue(low))  // safe: 32-bit halves widen
        guard hexDigits(UInt32(truncatingIfNeeded: h >> 32)) == high, hexDigits(UInt32(truncatingIfNeeded: h)) == low
        else { return nil }
        return h
    }

    /// The value of eight hex digits, the bytes of a word in memory order (most significant
    /// first): right for `0`–`9` and `a`–`f`, and something for any other byte (`spelledHash`
    /// spells the value again to tell). A byte's digit is its low four bits, plus 9 for a letter
    /// (bit 6 set); the eight digits are then packed two, four, eight at a time.
    @inline(__always) package static func hexValue(_ word: UInt64) -> UInt32 {
        let w = UInt64(littleEndian: word)  // safe: a byte order, not a conversion
        var v = (w & 0x0F0F_0F0F_0F0F_0F0F) &+ ((w >> 6) & 0x0101_0101_0101_0101) &* 9
        // The first digit is the most significant: it goes to the top byte.
        v = v.byteSwapped
        v = (v | v >> 4) & 0x00FF_00FF_00FF_00FF
        v = (v | v >> 8) & 0x0000_FFFF_0000_FFFF
        v = (v | v >> 16) & 0x0000_0000_FFFF_FFFF
        return UInt32(truncatingIfNeeded: v)
    }

    /// The eight lower-case hex digits of `x`, most significant first, as the bytes of a word in
    /// memory order: each nibble spread to a byte, then `0`–`9` or `a`–`f` added, all lanes at once.
    @inline(__always) package static func hexDigits(_ x: UInt32) -> UInt64 {
        var v = UInt64(x)  // safe: widens
        v = (v | v << 16) & 0x0000_FFFF_0000_FFFF
        v = (v | v << 8) & 0x00FF_00FF_00FF_00FF
        v = (v | v << 4) & 0x0F0F_0F0F_0F0F_0F0F
        // Byte k now holds nibble k; a nibble of 10 or more carries into bit 4 when 6 is added.
        let letters = ((v &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        let ascii = v &+ 0x3030_3030_3030_3030 &+ letters &* 0x27
        // Memory order is little-endian lanes: the most significant digit goes first.
        return UInt64(littleEndian: ascii.byteSwapped)  // safe: a byte order, not a conversion
    }

    /// Calls `body` with the derived ID of hash `h` (`p:` + 16 hex digits), followed by `~n`
    /// when `suffix` is 2 or more: on the stack, no allocation.
    @inline(__always) package static func withDerivedID<R>(
        _ h: UInt64, suffix: Int = 0, _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { out in
            out[0] = 0x70  // p
            out[1] = 0x3A  // :
            let raw = UnsafeMutableRawBufferPointer(out)
            raw.storeBytes(of: hexDigits(UInt32(truncatingIfNeeded: h >> 32)), toByteOffset: 2, as: UInt64.self)
            raw.storeBytes(of: hexDigits(UInt32(truncatingIfNeeded: h)), toByteOffset: 10, as: UInt64.self)
            var count = 18
            if suffix > 0 {
                out[18] = 0x7E  // ~
                let digits = decimalDigits(suffix)
                var n = suffix
                for k in stride(from: 18 + digits, to: 18, by: -1) {
                    out[k] = 0x30 + UInt8(n % 10)  // safe: a digit, 0…9
                    n /= 10
                }
                count = 19 + digits
            }
            return body(UnsafeBufferPointer(rebasing: out[0..<count]))
        }
    }

    package static func decimalDigits(_ n: Int) -> Int {
        var digits = 1
        var n = n
        while n >= 10 {
            n /= 10
            digits += 1
        }
        return digits
    }

    package mutating func appendLEB(_ n: Int) {
        var n = UInt(n)  // safe: n is a length, not negative
        while n >= 0x80 {
            text.append(UInt8(n & 0x7F) | 0x80)  // safe: masked to 7 bits
            n >>= 7
        }
        text.append(UInt8(n))  // safe: below 0x80 after the loop
    }

    /// The bytes of the string `[len][bytes]` at `offset` in `buffer`.
    @inline(__always) package static func field(_ buffer: UnsafeBufferPointer<UInt8>, _ offset: UInt32) -> Range<Int> {
        var at = Int(offset)  // safe: stored offsets widen
        var n = 0
        var shift = 0
        while true {
            let b = buffer[at]
            at += 1
            n |= Int(b & 0x7F) << shift  // safe: a byte masked to 7 bits
            if b < 0x80 { break }
            shift += 7
        }
        return at..<(at + n)
    }

    /// The byte ranges of a place's ID (empty: derived), name and address in `buffer`.
    package func fieldRanges(_ buffer: UnsafeBufferPointer<UInt8>, _ s: Slot)
        -> (id: Range<Int>, name: Range<Int>, address: Range<Int>)
    {
        (Self.field(buffer, s.id), Self.field(buffer, s.name), Self.field(buffer, s.address))
    }

    package func textFields(_ row: Int) -> (id: Range<Int>, name: Range<Int>, address: Range<Int>) {
        text.withUnsafeBufferPointer { fieldRanges($0, slots[row]) }
    }

    /// The text bytes row `row` leaves behind when it goes, counted as if it shared none.
    package func textLength(_ row: Int) -> Int {
        let s = slots[row]
        return text.withUnsafeBufferPointer { b in
            // safe: stored offsets widen
            func bytes(_ offset: UInt32) -> Int { offset == 0 ? 0 : Self.field(b, offset).upperBound - Int(offset) }
            return bytes(s.id) + bytes(s.name) + bytes(s.address)
        }
    }

    package func string(_ r: Range<Int>) -> String {
        text.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[r]), as: UTF8.self) }
    }

    /// Calls `body` with the bytes of row `row`'s ID, stored or derived.
    package func withIDBytes<R>(_ row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        text.withUnsafeBufferPointer { buffer in
            let s = slots[row]
            let id = Self.field(buffer, s.id)
            if !id.isEmpty { return body(UnsafeBufferPointer(rebasing: buffer[id])) }
            let name = UnsafeBufferPointer(rebasing: buffer[Self.field(buffer, s.name)])
            return Self.withDerivedID(Self.derivedHash(name: name, coord: coords[row]), body)
        }
    }

    /// The offset of `bytes` as a string in `text`: one `strings` remembers from this batch, or
    /// appended (0, the empty string, for no bytes). A string of up to 24 bytes is found by
    /// reading one slot of `strings` (its bytes are kept there), not the text as well: a
    /// million names and addresses are a million reads of memory rather than two million.
    package mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>, _ strings: inout StringIntern) -> UInt32 {
        let n = bytes.count
        guard n > 0 else { return 0 }
        let key = StringIntern.key(bytes)
        let h = StringIntern.hash(bytes, key)
        // safe: a length of at most 255 widens
        let head = h & 0xFFFF_FF00_0000_0000 | UInt64(min(n, 255)) << 32
        if strings.slots == 0 { strings.allocate(slots: 64) }
        let mask = strings.slots - 1
        let first = strings.first
        var i = strings.home(h)
        let found: UInt32? = strings.words.withUnsafeBufferPointer { w in
            while true {
                let at = first + 4 * i
                let e = w[at]
                if e == 0 { return nil }
                if e & 0xFFFF_FFFF_0000_0000 == head && w[at + 1] == key.0 && w[at + 2] == key.1 && w[at + 3] == key.2 {
                    let offset = UInt32(truncatingIfNeeded: e)
                    if n <= 24 { return offset }
                    // Longer: the same first 24 bytes and length; the rest from the text.
                    let same: Bool = text.withUnsafeBufferPointer { buffer in
                        let r = Self.field(buffer, offset)
                        guard r.count == n else { return false }
                        var k = 24
                        while k < n && buffer[r.lowerBound + k] == bytes[k] { k += 1 }
                        return k == n
                    }
                    if same { return offset }
                }
                i = (i + 1) & mask
            }
        }
        if let found { return found }
        let offset = UInt32(text.count)  // safe: below 4 GB, as `put` checks
        appendLEB(n)
        text.append(contentsOf: bytes)
        guard strings.count < StringIntern.limit else { return offset }
        strings.fill(i, head | UInt64(offset), key)  // safe: a UInt32 widens
        return offset
    }

    /// Rewrites the text buffer without the bytes replaced and removed places left, once they
    /// are counted as over half of it: the names and addresses still in use are stored again,
    /// shared as a batch shares them.
    package mutating func compactIfWasteful() {
        guard garbage > 4096 && garbage * 2 > text.count else { return }
        let old = text
        text = [0]
        var strings = StringIntern()
        old.withUnsafeBufferPointer { buffer in
            for row in 0..<count {
                var s = slots[row]
                if s.id != 0 {
                    let r = Self.field(buffer, s.id)
                    s.id = UInt32(text.count)  // safe: no more text than before
                    appendLEB(r.count)
                    text.append(contentsOf: buffer[r])
                }
                s.name = intern(UnsafeBufferPointer(rebasing: buffer[Self.field(buffer, s.name)]), &strings)
                s.address = intern(UnsafeBufferPointer(rebasing: buffer[Self.field(buffer, s.address)]), &strings)
                slots[row] = s
            }
        }
        garbage = 0
    }
}

/// The strings a batch has put in a store's `text`, so that a name or an address met again is
/// shared rather than stored again: open addressing, at load at most 0.75, over slots of four
/// words: the hash's top 24 bits, the length (255 for any longer) and the string's offset in
/// `text`, then its first 24 bytes, zero-padded (0 for an empty slot). It remembers at most
/// `limit` strings (a batch of unique names then stores the rest without remembering them), so
/// it costs at most 8 MB, and only while the batch lasts.
package struct StringIntern {
    package static let limit = 3 << 16
    /// The slots, four words each (`slots` of them, a power of two, or none), from
    /// `words[first]` on.
    private(set) var words: [UInt64] = []
    /// Where the first slot begins in `words`: the first word on a 64-byte boundary, so that no
    /// slot straddles two cache lines and a lookup (or its prefetch) waits for one line, not
    /// two. An index, not an address: a copy of the table reads the same slots.
    private(set) var first = 0
    private(set) var slots = 0
    package var count = 0

    /// Fills slot `i`, which a search found empty, with an entry's first word and its string's
    /// key; grows the table once it is three quarters full.
    @inline(__always) package mutating func fill(_ i: Int, _ head: UInt64, _ key: (UInt64, UInt64, UInt64)) {
        let at = first + 4 * i
        words.withUnsafeMutableBufferPointer { w in
            w[at] = head
            w[at + 1] = key.0
            w[at + 2] = key.1
            w[at + 3] = key.2
        }
        count += 1
        if count * 4 > slots * 3 { grow() }
    }

    /// An empty table of `slots` slots (a power of two), with room to align them.
    package mutating func allocate(slots: Int) {
        words = []
        words = [UInt64](repeating: 0, count: 4 * slots + 7)
        let address = words.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        first = Int((64 - address % 64) % 64 / 8)  // safe: at most 7
        self.slots = slots
    }

    /// The first 24 bytes of `bytes`, zero-padded: what an entry keeps of its string. Read as
    /// words, never past the bytes' end: a word the string ends inside is the string's last
    /// eight bytes shifted down (its own bytes at the bottom, zeros above); a string shorter
    /// than eight bytes is two overlapping halves, or single bytes. (Copied into a zeroed key
    /// and read back as words, the bytes of a copy of any length waited to reach the words.)
    @inline(__always) package static func key(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64, UInt64) {
        let n = bytes.count
        guard let base = bytes.baseAddress, n > 0 else { return (0, 0, 0) }
        let raw = UnsafeRawPointer(base)
        if n >= 24 {
            return (
                raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
            )
        }
        if n >= 8 {
            // The word the string ends in (k), its m bytes the last eight's top m.
            let k = (n - 1) >> 3
            let m = n - 8 * k
            let tail = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) >> UInt64(8 * (8 - m))  // safe: 8…64
            let first = k == 0 ? tail : raw.loadUnaligned(as: UInt64.self)
            let second = k == 1 ? tail : k > 1 ? raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) : 0
            return (first, second, k == 2 ? tail : 0)
        }
        if n >= 4 {
            let low = raw.loadUnaligned(as: UInt32.self)
            let high = raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self) >> UInt32(8 * (8 - n))  // safe: 0…32
            return (UInt64(low) | UInt64(high) << 32, 0, 0)  // safe: 32-bit words widen
        }
        // safe: bytes widen
        var word = UInt64(base[0])
        if n > 1 { word |= UInt64(base[1]) << 8 }  // safe: a byte widens
        if n > 2 { word |= UInt64(base[2]) << 16 }  // safe: a byte widens
        return (word, 0, 0)
    }

    /// The slot where the search for a string of hash `h` begins (the table is not empty).
    @inline(__always) package func home(_ h: UInt64) -> Int { Self.home(h, slots: slots) }

    /// The same in a table of `slots` slots: from the hash's top 24 bits, which an entry's first
    /// word keeps.
    @inline(__always) package static func home(_ h: UInt64, slots: Int) -> Int {
        Int(truncatingIfNeeded: h >> 40) & (slots - 1)
    }

    /// A hash of `bytes`, whose first 24 bytes are `key` (zero-padded); its top bits pick the slot.
    @inline(__always) package static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ key: (UInt64, UInt64, UInt64))
        -> UInt64
    {
        var h = UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ key.0) &* 0xff51_afd7_ed55_8ccd
        h = (h ^ (h >> 29) ^ key.1) &* 0xc4ce_b9fe_1a85_ec53
        h = (h ^ (h >> 29) ^ key.2) &* 0xff51_afd7_ed55_8ccd
        if bytes.count > 24 {
            h =
                (h ^ (h >> 29) ^ TypeListCache.hash(UnsafeBufferPointer(rebasing: bytes[24...])))
                &* 0xc4ce_b9fe_1a85_ec53
        }
        return h
    }

    /// Asks for the cache line of the slot where `intern` begins its search for `bytes`, without
    /// waiting for it, so that the miss is under way long before `intern` runs:
    /// `PlaceStore.Load` prefetches a row's name and address as the row comes in and interns
    /// them a few dozen rows later.
    @inline(__always) package func prefetch(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count > 0, slots > 0 else { return }
        let at = first + 4 * home(Self.hash(bytes, Self.key(bytes)))
        // A slot lies within one cache line (`first`).
        words.withUnsafeBufferPointer { w in placeshell_prefetch(w.baseAddress.map { $0 + at }) }
    }

    /// Room for `strings` strings (at most `limit`) before the table has to grow, made before
    /// any is put: a load that expects a million places would otherwise double the table a dozen
    /// times, placing every entry again each time, with the old table and the new held together.
    package mutating func reserve(_ strings: Int) {
        guard slots == 0 else { return }
        let wanted = min(max(strings, 0), Self.limit)
        var slots = 64
        while slots / 4 * 3 < wanted { slots *= 2 }
        allocate(slots: slots)
    }

    /// Twice the slots, each entry placed again by its hash's top bits.
    package mutating func grow() {
        let old = words
        let oldFirst = first
        let oldSlots = slots
        allocate(slots: 2 * oldSlots)
        let slots = slots
        let first = first
        words.withUnsafeMutableBufferPointer { w in
            for s in 0..<oldSlots where old[oldFirst + 4 * s] != 0 {
                var j = Self.home(old[oldFirst + 4 * s], slots: slots)
                while w[first + 4 * j] != 0 { j = (j + 1) & (slots - 1) }
                for k in 0..<4 { w[first + 4 * j + k] = old[oldFirst + 4 * s + k] }
            }
        }
    }
}

extension Substring {
    package var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}

/// Whether two byte buffers hold the same bytes, compared eight at a time: from eight bytes
/// on, the last word is the last eight bytes (overlapping the word before), not a byte at a
/// time.
@inline(__always) package func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    let n = a.count
    guard n == b.count else { return false }
    guard n > 0, let p = a.baseAddress, let q = b.baseAddress else { return true }
    if n >= 8 {
        var k = 0
        while k + 8 < n {
            let x = UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self)
            if x != UnsafeRawPointer(q + k).loadUnaligned(as: UInt64.self) { return false }
            k += 8
        }
        return UnsafeRawPointer(p + n - 8).loadUnaligned(as: UInt64.self)
            == UnsafeRawPointer(q + n - 8).loadUnaligned(as: UInt64.self)
    }
    var k = 0
    while k < n {
        if p[k] != q[k] { return false }
        k += 1
    }
    return true
}

@inline(__always) package func asciiLower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

package func isASCII(_ buffer: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
    for i in r where buffer[i] >= 0x80 { return false }
    return true
}

/// Whether the bytes at `r`, lowercased, are `wanted` (already lowercased): ASCII folded byte by
/// byte, anything else through `String.lowercased()`.
package func foldedEquals(_ buffer: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, _ wanted: [UInt8]) -> Bool {
    if r.count == wanted.count {
        var same = true
        for (k, b) in wanted.enumerated() where asciiLower(buffer[r.lowerBound + k]) != b {
            same = false
            break
        }
        if same { return true }
    }
    if isASCII(buffer, r) { return false }
    let s = String(decoding: UnsafeBufferPointer(rebasing: buffer[r]), as: UTF8.self).lowercased()
    return Array(s.utf8) == wanted
}

/// Place IDs to rows: open addressing with linear probing over UInt32 entries (row + 1, 0 for
/// empty) and a UInt8 tag of the hash beside each, so a probe compares the full ID only when
/// the tags agree (1 in 256 otherwise). The table is sized to the count (any size, not a power
/// of two: the hash's high bits times the size pick the slot), at load 0.71–0.8, so it costs
/// 6–7 bytes per place; derived IDs are rebuilt from the name and position to compare.
package struct IDTable: Sendable {
    package var entries: [UInt32] = []
    package var tags: [UInt8] = []
    package var count = 0

    /// A hash of an ID: `TypeListCache.hash` (eight bytes at a time), then the Murmur3
    /// finaliser, as the table reads only the top 32 bits.
    @inline(__always) package static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h = TypeListCache.hash(bytes)
        h ^= h >> 33
        h = h &* 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        h = h &* 0xc4ce_b9fe_1a85_ec53
        h ^= h >> 33
        return h
    }

    // The table reads only the hash's top 32 bits (so a deferred load keeps 4 bytes a row): its
    // slot from their product with the count (below the count: the count is below 2^32), its
    // tag from their lowest byte.
    @inline(__always) package func home(_ h: UInt64) -> Int { Self.home(h, size: entries.count) }
    /// The same in a table of `size` entries.
    @inline(__always) package static func home(_ h: UInt64, size: Int) -> Int {
        // safe: the top word of a product of two values below 2^32 is below the second
        Int(((h >> 32) &* UInt64(size)) >> 32)
    }
    @inline(__always) package static func tag(_ h: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: h >> 32) }

    package func find(_ id: UnsafeBufferPointer<UInt8>, in store: PlaceStore) -> Int? {
        find(id, hash: Self.hash(id), in: store)
    }

    /// Asks for the cache lines `find` and `insert` begin with for an ID of hash `h` (its
    /// entry and its tag), without waiting for them.
    @inline(__always) package func prefetch(_ h: UInt64) {
        guard !entries.isEmpty else { return }
        let i = home(h)
        entries.withUnsafeBufferPointer { placeshell_prefetch($0.baseAddress.map { $0 + i }) }
        tags.withUnsafeBufferPointer { placeshell_prefetch($0.baseAddress.map { $0 + i }) }
    }

    /// `find` with the ID's `hash` already computed.
    package func find(_ id: UnsafeBufferPointer<UInt8>, hash h: UInt64, in store: PlaceStore) -> Int? {
        guard !entries.isEmpty else { return nil }
        let tag = Self.tag(h)
        var i = home(h)
        while entries[i] != 0 {
            if tags[i] == tag {
                let row = Int(entries[i]) - 1  // safe: stored rows widen
                if store.withIDBytes(row, { sameBytes($0, id) }) { return row }
            }
            i += 1
            if i == entries.count { i = 0 }
        }
        return nil
    }

    /// Grows the table (rebuilding it from the store) when `total` places would load it past 0.8.
    package mutating func reserve(_ total: Int, in store: PlaceStore) {
        guard total * 5 > entries.count * 4 else { return }
        let size = max(16, total + total * 2 / 5)  // load 0.71 once full
        entries = []
        tags = []
        entries = [UInt32](repeating: 0, count: size)
        tags = [UInt8](repeating: 0, count: size)
        count = 0
        for row in 0..<store.count { insert(row: row, in: store) }
    }

    package mutating func insert(row: Int, in store: PlaceStore) {
        insert(row: row, hash: store.withIDBytes(row) { Self.hash($0) }, in: store)
    }

    /// `insert` with the hash of the row's ID already computed.
    package mutating func insert(row: Int, hash h: UInt64, in store: PlaceStore) {
        if (count + 1) * 5 > entries.count * 4 { reserve(count + 1 + count / 2, in: store) }
        var i = home(h)
        while entries[i] != 0 {
            i += 1
            if i == entries.count { i = 0 }
        }
        entries[i] = UInt32(row + 1)  // safe: rows are below 2^32 (the store holds fewer)
        tags[i] = Self.tag(h)
        count += 1
    }

    /// Fills an empty table with rows `0..<hashes.count` (`hashes[row]`: the top 32 bits of the
    /// hash of its ID), in the order of their home slots (a counting sort on the hashes' top
    /// bits) rather than row order, so the probes walk the table instead of missing the cache at
    /// every row. The hashes are sorted into `scratch` when it holds enough words (whatever they
    /// are), else into an array of their own, and let go once sorted, before the table is made,
    /// so the most held at once is the sorted copy and the table. False when two IDs are equal
    /// (the table is then unusable).
    package mutating func insertAll(_ hashes: inout [UInt32], sortingIn scratch: inout [UInt64], in store: PlaceStore)
        -> Bool
    {
        precondition(count == 0)
        let n = hashes.count
        let bits = 12
        var starts = [Int](repeating: 0, count: (1 << bits) + 1)
        for h in hashes { starts[Int(h >> UInt32(32 - bits)) + 1] += 1 }  // safe: the top bits of a hash
        for b in 0..<(1 << bits) { starts[b + 1] += starts[b] }
        var sorted = scratch
        scratch = []
        if sorted.count < n {
            sorted = []
            sorted = [UInt64](repeating: 0, count: n)
        }
        // Each entry the hash's top half above the row: every one of the first n is written
        // (the buckets' counts add up to n).
        sorted.withUnsafeMutableBufferPointer { out in
            hashes.withUnsafeBufferPointer { hs in
                for row in 0..<n {
                    let h = hs[row]
                    let b = Int(h >> UInt32(32 - bits))  // safe: the top bits of a hash
                    out[starts[b]] = UInt64(h) << 32 | UInt64(row)  // safe: rows are below 2^32
                    starts[b] += 1
                }
            }
        }
        hashes = []
        // What the sort did not use of the room it was given goes back before the table is
        // made, the load's peak (the shared strings' table is a little larger than the sort).
        if sorted.count > n {
            sorted.withUnsafeMutableBufferPointer { room in
                placeshell_release_pages(room.baseAddress.map { $0 + n }, (room.count - n) * 8)
            }
        }
        if n * 5 > entries.count * 4 {
            let size = max(16, n + n * 2 / 5)
            entries = []
            tags = []
            entries = [UInt32](repeating: 0, count: size)
            tags = [UInt8](repeating: 0, count: size)
        }
        let size = entries.count
        var duplicate = false
        // Through unsafe buffers: the loop checks no index and no sharing.
        entries.withUnsafeMutableBufferPointer { es in
            tags.withUnsafeMutableBufferPointer { ts in
                for v in sorted[..<n] {
                    let h = v & 0xFFFF_FFFF_0000_0000
                    let row = Int(v & 0xFFFF_FFFF)  // safe: the low 32 bits
                    let tag = Self.tag(h)
                    var i = Self.home(h, size: size)
                    while es[i] != 0 {
                        if ts[i] == tag {
                            let other = Int(es[i]) - 1  // safe: stored rows widen
                            if store.withIDBytes(other, { a in store.withIDBytes(row) { $0.elementsEqual(a) } }) {
                                duplicate = true
                                return
                            }
                        }
                        i += 1
                        if i == size { i = 0 }
                    }
                    es[i] = UInt32(row + 1)  // safe: rows are below 2^32 (the store holds fewer)
                    ts[i] = tag
                }
            }
        }
        guard !duplicate else { return false }
        count = n
        return true
    }

    /// Removes `row` (still in the store) and renumbers the rows after it, which move up.
    package mutating func remove(row: Int, in store: PlaceStore) {
        let h = store.withIDBytes(row) { Self.hash($0) }
        var i = home(h)
        while Int(entries[i]) != row + 1 {  // safe: stored rows widen
            i += 1
            if i == entries.count { i = 0 }
        }
        // Backward-shift deletion: pull later entries of the run into the hole when their home
        // allows, so no tombstones build up.
        var j = i
        while true {
            j += 1
            if j == entries.count { j = 0 }
            if entries[j] == 0 { break }
            let other = Int(entries[j]) - 1  // safe: stored rows widen
            let k = home(store.withIDBytes(other) { Self.hash($0) })
            let movable = i <= j ? (k <= i || k > j) : (k <= i && k > j)
            if movable {
                entries[i] = entries[j]
                tags[i] = tags[j]
                i = j
            }
        }
        entries[i] = 0
        count -= 1
        let removed = UInt32(row + 1)  // safe: rows are below 2^32 (the store holds fewer)
        for e in entries.indices where entries[e] > removed { entries[e] -= 1 }
    }
}

/// The likelihood model's prior weights by place type (`LikelihoodModel`): the first type of a
/// place found here counts, else 1. The store keeps each type list's prior, so that its grid
/// knows the best weight any place of a cell can have.
public enum PlaceTypePriors {
    public static let table: [(type: String, prior: Double)] = [
        ("tourist_attraction", 1.5), ("museum", 1.4), ("aquarium", 1.4), ("zoo", 1.4), ("casino", 1.3),
        ("shopping_mall", 1.3), ("restaurant", 1.2), ("cafe", 1.2), ("bar", 1.1), ("lodging", 1.0),
        ("park", 1.0), ("store", 0.9), ("transit_station", 0.8), ("light_rail_station", 0.8),
        ("subway_station", 0.8), ("train_station", 0.8), ("ferry_terminal", 0.8), ("bank", 0.7),
        ("atm", 0.5), ("parking", 0.4), ("route", 0.3),
    ]

    /// The prior of a place's types.
    public static func prior(_ types: [String]) -> Double {
        for t in types {
            if let entry = table.first(where: { $0.type == t }) { return entry.prior }
        }
        return 1.0
    }
}
