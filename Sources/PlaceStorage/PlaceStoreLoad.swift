import PlaceFormats

extension PlaceStore {
    /// A load of many places into a store: the one way importers and generators fill it
    /// (`PlaceSink`), one batch with one index build at the end. The places go into the store the
    /// load was given: an empty one when `replacing`, else the caller's own, taken (no copy) and
    /// changed in place while a log keeps what each replaced place was, so that `rollBack()`
    /// gives it back exactly as it was (a failed file, Ctrl-C).
    public struct Load: PlaceSink {
        private var target: PlaceStore
        private var batch: MergeBatch
        /// How the store stood before; dropped by `finish` before the index is built.
        private var mark: PlaceStore.Mark?
        private let area: UInt16
        private let source: String
        private let replacing: Bool
        private let deferIDs: Bool
        private var typeLists = TypeListCache()
        private var expected = 0
        private var loaded = 0
        private let textStart: Int
        /// How many records ahead `add(contentsOf:)` asks for a record's memory.
        package static let prefetchDistance = 32
        /// A load into `store` (or, `replacing`, into an empty store) of places tagged `source`.
        /// `deferIDs`: into an empty store, index the IDs in one pass at the end instead of
        /// looking each up (`finish` then says whether two were equal).
        public init(into store: PlaceStore, source: String, replacing: Bool = false, deferIDs: Bool = false) {
            target = replacing ? PlaceStore(source: source) : store
            target.textLimit = store.textLimit
            self.source = source
            self.replacing = replacing
            self.deferIDs = deferIDs
            mark = target.mark()
            area = target.internArea(source)
            batch = MergeBatch(store: target)
            batch.undo = []
            textStart = target.text.count
        }

        /// A load into `store` that takes it (leaving an empty store behind), so that its arrays
        /// are not copied: the caller puts back `finish()`'s result, or `rollBack()`'s.
        public init(taking store: inout PlaceStore, source: String, deferIDs: Bool = false) {
            var taken = PlaceStore(source: "empty")
            swap(&taken, &store)
            self.init(into: taken, source: source, deferIDs: deferIDs)
        }

        /// Gives up the load: the store it was given (an empty one when `replacing`) exactly as
        /// it was, whatever was added or replaced so far. Also after a `finish` that failed.
        public mutating func rollBack() -> PlaceStore {
            if let mark { target.rollBack(to: mark, undoing: batch) }
            mark = nil
            batch = MergeBatch(store: target)
            return target
        }

        public mutating func expect(places: Int) {
            expected = places
            // A load that indexes its IDs at the end makes its ID table then, not now.
            target.reserve(places, textBytes: 0, ids: !(deferIDs && target.count == 0))
            // A name and an address a place.
            batch.strings.reserve(2 * places)
            if deferIDs && target.count == 0 {
                batch.deferredHashes = []
                batch.deferredHashes?.reserveCapacity(places)
            }
        }

        /// Asks ahead for the slots of the shared-string table where `add` will look for the
        /// place's name and address: a cache miss each, which would be waited for in turn if
        /// each were met only when its place is put. The importer shows each place here a few
        /// dozen places before it adds it, so the misses are in flight together, behind the
        /// reading of the rows between.
        public mutating func prefetch(_ place: PlaceBytes) {
            batch.strings.prefetch(place.name)
            batch.strings.prefetch(place.address)
        }

        /// Whether a place was refused because the text would pass the store's limit: the load
        /// must then fail whole.
        public var isFull: Bool { batch.textFull }

        public mutating func add(_ place: PlaceBytes) {
            guard place.latitude.isFinite, place.longitude.isFinite else { return }
            let types: (index: UInt16, radius: Double)
            if let known = typeLists.find(place.types) {
                types = known
            } else {
                let list = place.types.isEmpty ? [] : PlaceValues.types(String(decoding: place.types, as: UTF8.self))
                types = (target.internTypes(list), PlaceStore.defaultRadius(list))
                typeLists.insert(place.types, types)
            }
            let coord = PlaceStore.coord(
                latitude: place.latitude, longitude: place.longitude, radius: place.radius ?? types.radius,
                types: types.index)
            let slot = PlaceStore.slot(rating: place.rating, priceLevel: place.priceLevel, area: area)
            guard
                target.put(
                    id: place.id, name: place.name, address: place.address, coord: coord, slot: slot, batch: &batch)
                    != nil
            else { return }
            loaded += 1
            if loaded == 1024 && expected > loaded {
                // Size the text once, from the first rows' bytes per place.
                let perPlace = Double(target.text.count - textStart) / Double(loaded)
                target.reserve(
                    0, textBytes: clampedInt(perPlace * Double(expected) * 1.05, 0...(1 << 32)) + 4096, ids: false)
            }
        }

        /// A place made in memory (a generated one); its coordinate must be finite.
        public mutating func add(_ record: PlaceRecord) {
            if target.put(record, area: area, batch: &batch) != nil { loaded += 1 }
        }

        /// `add` of each record in turn, each one's cache misses (its strings' slots, its ID's)
        /// asked for `prefetchDistance` records before it is put, so that they are in flight
        /// together.
        public mutating func add(contentsOf records: [PlaceRecord]) {
            let ahead = Self.prefetchDistance
            for r in records.prefix(ahead) { target.prefetch(r, batch: batch) }
            for i in records.indices {
                if i + ahead < records.count { target.prefetch(records[i + ahead], batch: batch) }
                if target.put(records[i], area: area, batch: &batch) != nil { loaded += 1 }
            }
        }

        /// Makes room for `extra` more places and their text at once (`PlaceStore.reserve`).
        public mutating func reserve(_ extra: Int, textBytes: Int) { target.reserve(extra, textBytes: textBytes) }

        /// Ends the load: the store with the places in it and the index built, and how many were
        /// new and how many replaced a place with the same ID. Nil when the load deferred its IDs
        /// and two were equal: that store is unusable; load again without deferring.
        public mutating func finish() -> (store: PlaceStore, added: Int, replaced: Int)? {
            // The shared strings are done with (an undo does not need them): their table goes
            // to the IDs' indexing, the load's peak, as room to sort in, then is let go.
            guard target.indexDeferredIDs(&batch) else { return nil }
            // What only an undo needed goes before the index is built: less memory at the peak.
            mark = nil
            batch.undo = nil
            batch.touched = []
            target.noteSource(source)
            target.finishBatch()
            if replacing { target.source = source }
            return (target, batch.added, batch.replaced)
        }
    }

    /// Loads a CSV file (`CSVImporter.read`) into this store, or in place of its places when
    /// `replacing`, in one pass with no `PlaceRecord`s: each row goes from the file's bytes
    /// straight into the store. On failure (or interruption) the store is unchanged.
    public mutating func mergeCSV(
        _ bytes: [UInt8], source: String, replacing: Bool = false, mapping: PlaceFieldMapping = PlaceFieldMapping(),
        interruption: ImportInterruption = .none
    ) -> Result<(summary: ImportSummary, added: Int, replaced: Int), ImportError> {
        bytes.withUnsafeBufferPointer { buffer in
            load(source: source, replacing: replacing, interruption: interruption) {
                (load, interruption) throws(ImportError) in
                try CSVImporter.read(buffer, into: &load, mapping: mapping, interruption: &interruption)
            }
        }
    }

    /// `mergeCSV` of a file read a window at a time (`CSVImporter.read(from:…)`): the file is
    /// never held whole, and the places go straight into this store (not into a copy of it; a
    /// failure undoes them).
    public mutating func mergeCSV<File: ByteSource>(
        streaming file: File, source: String, replacing: Bool = false,
        mapping: PlaceFieldMapping = PlaceFieldMapping(), interruption: ImportInterruption = .none
    ) -> Result<(summary: ImportSummary, added: Int, replaced: Int), ImportError> {
        load(source: source, replacing: replacing, interruption: interruption) {
            (load, interruption) throws(ImportError) in
            try CSVImporter.read(from: file, into: &load, mapping: mapping, interruption: &interruption)
        }
    }

    /// A load whose names, addresses and IDs would pass the store's text limit.
    package static var textFullError: ImportError {
        ImportError(
            "the places' names, addresses and IDs pass 4 GB, the most a dataset holds; nothing was loaded (load part of the file, or a smaller extract)"
        )
    }

    /// One load by `read`: into this store itself (taken, then given back as it was on
    /// failure), or into a new one that replaces it when it succeeds.
    private mutating func load(
        source: String, replacing: Bool, interruption: ImportInterruption,
        read: (inout Load, inout ImportInterruption) throws(ImportError) -> ImportSummary
    ) -> Result<(summary: ImportSummary, added: Int, replaced: Int), ImportError> {
        var interruption = interruption
        // Into an empty store the IDs are indexed in one pass at the end; in the rare file
        // where two rows have the same ID, the load starts again looking each up.
        for deferIDs in replacing || count == 0 ? [true, false] : [false] {
            var load =
                replacing
                ? Load(into: self, source: source, replacing: true, deferIDs: deferIDs)
                : Load(taking: &self, source: source, deferIDs: deferIDs)
            let summary: ImportSummary
            do throws(ImportError) {
                summary = try read(&load, &interruption)
                if load.isFull { throw Self.textFullError }
            } catch {
                if !replacing { self = load.rollBack() }
                return .failure(error)
            }
            if let done = load.finish() {
                self = done.store
                return .success((summary, done.added, done.replaced))
            }
            if !replacing { self = load.rollBack() }
        }
        // Unreachable: a load that does not defer its IDs always finishes.
        return .failure(ImportError("the load could not finish"))
    }
}

/// Type lists by the bytes of a `types` field, for `PlaceStore.Load`: the interned list and its
/// default radius, so a row costs a look-up of its field, not a split into Strings and a hash of
/// them. Open addressing; at most 4,096 distinct fields are kept (a file of unique values splits
/// each row, as `parse` does).
///
/// A file repeats a few dozen lists over a million rows, so each field is first looked for in
/// `recent`: the entry last found for its `quickSlot`, picked by the field's length and its first
/// and last eight bytes (one multiply), then compared whole. Only a miss there takes the hash of
/// every byte, a chain of multiplies that cost the load more than the rest of the look-up.
package struct TypeListCache {
    package static let limit = 4096
    package static let recentSlots = 256
    package var table = [Int32](repeating: -1, count: 2 * limit)
    package var recent = [Int32](repeating: -1, count: recentSlots)
    package var keys: [UInt8] = []
    package var entries: [(hash: UInt64, start: Int, end: Int, value: (index: UInt16, radius: Double))] = []

    /// Where in `recent` the field `b` is looked for first: from its length and its first and
    /// last eight bytes (the bytes, for a shorter field).
    @inline(__always) package static func quickSlot(_ b: UnsafeBufferPointer<UInt8>) -> Int {
        let n = b.count
        var w = UInt64(truncatingIfNeeded: n)
        if n >= 8, let base = b.baseAddress {
            let raw = UnsafeRawPointer(base)
            w ^= raw.loadUnaligned(as: UInt64.self) ^ raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) << 1
        } else {
            for k in 0..<n { w ^= UInt64(b[k]) << UInt64(8 * k + 8) }  // safe: a byte widens; k < 8
        }
        return Int(truncatingIfNeeded: (w &* 0x9E37_79B9_7F4A_7C15) >> 56)
    }

    /// Whether entry `e` holds the bytes `b`.
    @inline(__always) package func holds(_ e: Int, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let (start, end) = (entries[e].start, entries[e].end)
        return end - start == b.count
            && keys.withUnsafeBufferPointer { k in sameBytes(UnsafeBufferPointer(rebasing: k[start..<end]), b) }
    }

    /// A hash of `b`, eight bytes at a time: every word but the last, then the last eight bytes
    /// (overlapping the word before when the count is not a multiple of eight; two overlapping
    /// halves below eight bytes, single bytes below four). The count goes in first, so strings
    /// of different lengths do not meet by the overlap. The high bits are mixed best.
    @inline(__always) package static func hash(_ b: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let n = b.count
        var h = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        guard let base = b.baseAddress, n > 0 else { return h }
        let raw = UnsafeRawPointer(base)
        let last: UInt64
        if n >= 8 {
            var i = 0
            while i + 8 < n {
                h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xff51_afd7_ed55_8ccd
                h ^= h >> 29
                i += 8
            }
            last = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        } else if n >= 4 {
            let low = raw.loadUnaligned(as: UInt32.self)
            let high = raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)
            last = UInt64(low) | UInt64(high) << 32  // safe: 32-bit words widen
        } else {
            // safe: bytes widen
            last = UInt64(base[0]) | UInt64(base[n >> 1]) << 8 | UInt64(base[n - 1]) << 16
        }
        h = (h ^ last) &* 0xc4ce_b9fe_1a85_ec53
        h ^= h >> 32
        return h
    }

    package mutating func find(_ b: UnsafeBufferPointer<UInt8>) -> (index: UInt16, radius: Double)? {
        let quick = Self.quickSlot(b)
        let last = Int(recent[quick])  // safe: an Int32 widens
        if last >= 0 && holds(last, b) { return entries[last].value }
        let h = Self.hash(b)
        var i = Int(truncatingIfNeeded: h) & (table.count - 1)
        while table[i] >= 0 {
            let e = Int(table[i])  // safe: table entries are indexes of entries
            if entries[e].hash == h && holds(e, b) {
                recent[quick] = table[i]
                return entries[e].value
            }
            i = (i + 1) & (table.count - 1)
        }
        return nil
    }

    package mutating func insert(_ b: UnsafeBufferPointer<UInt8>, _ value: (index: UInt16, radius: Double)) {
        guard entries.count < Self.limit else { return }
        let h = Self.hash(b)
        var i = Int(truncatingIfNeeded: h) & (table.count - 1)
        while table[i] >= 0 { i = (i + 1) & (table.count - 1) }
        table[i] = Int32(entries.count)  // safe: below Self.limit, checked above
        entries.append((h, keys.count, keys.count + b.count, value))
        keys.append(contentsOf: b)
    }
}
