import TestSupport
import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// The compact store: what goes in comes out, IDs stay put, merges and removals are
/// deterministic, the built-in places are intact, and the layout's arithmetic holds.
final class PlaceStoreTests: XCTestCase {
    private let sydney = GeoPoint(latitude: -33.8688, longitude: 151.2093)

    private func record(_ name: String, _ lat: Double, _ lng: Double, id: String? = nil, types: [String] = ["cafe"])
        -> PlaceRecord
    {
        PlaceRecord(
            id: id, name: name, latitude: lat, longitude: lng, types: types, address: "1 \(name) St", rating: 4.3,
            priceLevel: 2, radius: 25)
    }

    func testBuiltinKeepsEveryPlaceToTheBit() {
        // The table again, parsed the old way: the store must give back the very same values.
        var expected: [Place] = []
        for line in BuiltinPlaces.table.utf8.split(separator: 0x0A) {
            let c = line.split(separator: 0x09, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            guard c.count == 10, let lat = Double(c[2]), let lng = Double(c[3]) else { continue }
            expected.append(
                Place(
                    id: c[0], name: c[1], coordinate: GeoPoint(latitude: lat, longitude: lng),
                    types: c[4].split(separator: ",").map(String.init), address: c[5], rating: Double(c[6]) ?? 0,
                    priceLevel: Int(c[7]) ?? -1, radius: Double(c[8]) ?? 30, area: c[9]))
        }
        let store = PlaceStore.builtin
        XCTAssertEqual(store.count, 173)
        XCTAssertEqual(store.places, expected)
        XCTAssertEqual(store.source, "built-in")
        XCTAssertEqual(store.areas.map(\.name), ["sydney", "sf", "cupertino"])
        for (i, p) in expected.enumerated() { XCTAssertEqual(store.index(ofID: p.id), i) }
    }

    func testRecordsRoundTrip() {
        var store = PlaceStore()
        let r = PlaceRecord(
            id: "osm:node/123", name: "Café Ünïcode ☕", latitude: -33.8712345, longitude: 151.2012345,
            types: ["cafe", "food"], address: "12 Pier St, Sydney", rating: 4.7, priceLevel: 3, radius: 17.5)
        XCTAssertEqual(store.add(r, source: "test.csv"), 0)
        let p = store.place(at: 0)
        XCTAssertEqual(p.id, "osm:node/123")
        XCTAssertEqual(p.name, "Café Ünïcode ☕")
        XCTAssertEqual(
            p.coordinate, GeoPoint(latitude: -33.8712345, longitude: 151.2012345), "7 decimals survive exactly")
        XCTAssertEqual(p.types, ["cafe", "food"])
        XCTAssertEqual(p.address, "12 Pier St, Sydney")
        XCTAssertEqual(p.rating, 4.7)
        XCTAssertEqual(p.priceLevel, 3)
        XCTAssertEqual(p.radius, 17.5)
        XCTAssertEqual(p.area, "test.csv")
        XCTAssertEqual(store.record(at: 0), r)
        // Absent fields: no address, no rating, unknown price, a radius by type.
        store.add(PlaceRecord(name: "Bare", latitude: 1, longitude: 2, types: ["atm"]), source: "x")
        let bare = store.place(at: 1)
        XCTAssertEqual(bare.address, "")
        XCTAssertEqual(bare.rating, 0)
        XCTAssertEqual(bare.priceLevel, -1)
        XCTAssertEqual(bare.radius, 10)
        XCTAssertEqual(store.record(at: 1).address, nil)
        // A long name and a long ID need more than one length byte.
        let long = String(repeating: "n", count: 300)
        store.add(
            PlaceRecord(id: String(repeating: "i", count: 200), name: long, latitude: 0, longitude: 0), source: "x")
        XCTAssertEqual(store.place(at: 2).name, long)
        XCTAssertEqual(store.index(ofID: String(repeating: "i", count: 200)), 2)
        // Places read together (a likelihood list) are the places read one by one, in any order
        // and with repeats; a derived ID is derived the same.
        store.add(PlaceRecord(name: "Derived", latitude: -33.9, longitude: 151.2, types: ["cafe"]), source: "y")
        XCTAssertTrue(store.id(at: 3).hasPrefix("p:"))
        for rows in [[], [3], [3, 0, 2, 1], [1, 1, 0, 3, 2, 2]] {
            XCTAssertEqual(store.places(at: rows), rows.map { store.place(at: $0) }, "\(rows)")
        }
        XCTAssertEqual(store.place(at: 3).id, store.id(at: 3))
    }

    /// A shared string's key is its first 24 bytes, zero-padded, read as words: every length up
    /// to 40, at every offset in a buffer of other bytes, against a byte-by-byte copy.
    func testStringKeysAreTheFirstTwentyFourBytesZeroPadded() {
        var rng = SeededRandom(seed: 9)
        let buffer = (0..<96).map { _ in UInt8.random(in: 1...255, using: &rng) }
        buffer.withUnsafeBufferPointer { b in
            for start in 0..<48 {
                for n in 0...40 where start + n <= b.count {
                    let bytes = UnsafeBufferPointer(rebasing: b[start..<(start + n)])
                    var expected = [UInt8](repeating: 0, count: 24)
                    for k in 0..<min(n, 24) { expected[k] = bytes[k] }
                    let key = StringIntern.key(bytes)
                    var got: [UInt8] = []
                    for word in [key.0, key.1, key.2] {
                        for k in 0..<8 { got.append(UInt8(truncatingIfNeeded: word >> UInt64(8 * k))) }
                    }
                    XCTAssertEqual(got, expected, "length \(n) at \(start)")
                }
            }
        }
    }

    /// The shared-string table a load sizes from the places it expects holds that many strings
    /// (up to its limit) without growing, and the strings read back: 5,000 names and addresses
    /// into a table reserved for them keep its first size; beyond the limit the size is the
    /// limit's.
    func testSharedStringsReservedForALoadDoNotGrow() {
        var strings = StringIntern()
        strings.reserve(5000)
        let size = strings.slots
        // At most three quarters of the slots full.
        XCTAssertGreaterThanOrEqual(size / 4 * 3, 5000)
        XCTAssertLessThan(size / 8 * 3, 5000, "no more than twice the room")
        // Each slot (four words) within one cache line.
        strings.words.withUnsafeBufferPointer {
            XCTAssertEqual((UInt(bitPattern: $0.baseAddress) + UInt(8 * strings.first)) % 64, 0)
        }
        var store = PlaceStore(source: "t")
        var offsets: [UInt32] = []
        for k in 0..<5000 {
            let text = Array("Shared string number \(k)".utf8)
            offsets.append(text.withUnsafeBufferPointer { store.intern($0, &strings) })
        }
        XCTAssertEqual(strings.slots, size)
        XCTAssertEqual(strings.count, 5000)
        // Each found again at its offset, not stored twice.
        for k in [0, 1, 2500, 4999] {
            let text = Array("Shared string number \(k)".utf8)
            XCTAssertEqual(text.withUnsafeBufferPointer { store.intern($0, &strings) }, offsets[k])
        }
        // A table not reserved grows, each entry placed again, still on the cache lines.
        var grown = StringIntern()
        var other = PlaceStore(source: "t")
        for k in 0..<5000 {
            let text = Array("Shared string number \(k)".utf8)
            XCTAssertEqual(text.withUnsafeBufferPointer { other.intern($0, &grown) }, offsets[k])
        }
        XCTAssertGreaterThan(grown.slots, 64)
        for k in stride(from: 0, to: 5000, by: 7) {
            let text = Array("Shared string number \(k)".utf8)
            XCTAssertEqual(text.withUnsafeBufferPointer { other.intern($0, &grown) }, offsets[k])
        }
        XCTAssertEqual(grown.count, 5000)
        grown.words.withUnsafeBufferPointer {
            XCTAssertEqual((UInt(bitPattern: $0.baseAddress) + UInt(8 * grown.first)) % 64, 0)
        }
        var large = StringIntern()
        large.reserve(10_000_000)
        XCTAssertEqual(large.slots / 4 * 3, StringIntern.limit)
    }

    /// A load's cache of type lists finds each field it was given, whatever was looked up in
    /// between, and nothing it was not: fields of every length from 0 to 40, many sharing their
    /// length and first and last eight bytes (so sharing a `recent` slot) and differing inside,
    /// looked up in a shuffled order and again after their neighbours; and a field that shares a
    /// `recent` slot with a known one but differs is not found.
    func testTypeListCacheFindsEachFieldAndNoOther() {
        var fields: [[UInt8]] = (0...40).map { n in (0..<n).map { UInt8(97 + $0 % 26) } }
        for middle in 0..<60 {
            // The same length, first and last eight bytes; one byte inside differs.
            var f = Array("restaurant;food;point_of_interest;establishment".utf8)
            f[12 + middle % 20] = UInt8(65 + middle / 20)
            fields.append(f)
        }
        XCTAssertEqual(Set(fields).count, fields.count)
        var cache = TypeListCache()
        for (k, f) in fields.enumerated() {
            f.withUnsafeBufferPointer { cache.insert($0, (UInt16(k), Double(k))) }
        }
        var rng = SeededRandom(seed: 17)
        for _ in 0..<5 {
            for k in fields.indices.shuffled(using: &rng) {
                let found = fields[k].withUnsafeBufferPointer { cache.find($0) }
                XCTAssertEqual(found?.index, UInt16(k), "field \(k)")
                XCTAssertEqual(found?.radius, Double(k))
            }
        }
        var unknown = Array("restaurant;food;point_of_interest;establishment".utf8)
        unknown[20] = UInt8(ascii: "#")
        XCTAssertEqual(
            unknown.withUnsafeBufferPointer { TypeListCache.quickSlot($0) },
            fields[41].withUnsafeBufferPointer { TypeListCache.quickSlot($0) })
        XCTAssertNil(unknown.withUnsafeBufferPointer { cache.find($0) })
        XCTAssertNil([UInt8]("xyz".utf8).withUnsafeBufferPointer { cache.find($0) })
    }

    /// A coordinate's rounding to 1e-7 degrees without the C library gives what `rounded()`
    /// then `clampedInt` give: halves (either sign) and the doubles either side of them, whole
    /// numbers, the largest fractions, the limits, huge values, infinities and NaN.
    func testCoordinatesRoundAsTheLibraryRounds() {
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 1e-300,
            900_000_000, 900_000_000.5, -900_000_000.5, 1_800_000_000.4, 4.5e15, -4.5e15, 4.4999999999999995e15,
            9.1e15, 1e300, -1e300, .infinity, -.infinity, .nan, 2_147_483_647.5, -2_147_483_648.5,
        ]
        for k in 0..<2000 {
            let whole = Double(k * 7919 % 2_000_000_001 - 1_000_000_000)
            for x in [whole, whole + 0.5, whole - 0.5] {
                values += [x, x.nextUp, x.nextDown]
            }
        }
        var rng = SeededRandom(seed: 5)
        for _ in 0..<20000 {
            values.append(Double.random(in: -90...90, using: &rng) * 1e7)
            values.append(Double.random(in: -200...200, using: &rng) * 1e7)
        }
        for x in values {
            for limit in [900_000_000, 1_800_000_000] {
                XCTAssertEqual(
                    PlaceStore.roundedClamped(x, limit), clampedInt(x.rounded(), -limit...limit), "\(x), limit \(limit)"
                )
            }
        }
    }

    /// An ID table filled in one pass from the IDs' hashes finds every row by its ID, whatever
    /// room it is given to sort in: none, too little, or more than enough holding other words
    /// (a load hands it the shared strings' table). (A file with two equal IDs, which the table
    /// refuses, is `CSVTests`' and the repeated-IDs script's.)
    func testIDsIndexedInOnePassWhateverRoomTheSortIsGiven() {
        var records: [PlaceRecord] = []
        for i in 0..<3000 {
            // Given IDs and derived ones (no ID), as a file mixes them.
            records.append(
                PlaceRecord(
                    id: i % 3 == 0 ? nil : "id-\(i)", name: "Place \(i)", latitude: -33.8 + Double(i) * 1e-5,
                    longitude: 151.2))
        }
        var store = PlaceStore()
        store.merge(records, source: "ids")
        func hashes() -> [UInt32] {
            (0..<store.count).map { row in
                UInt32(truncatingIfNeeded: store.withIDBytes(row) { IDTable.hash($0) } >> 32)
            }
        }
        for room in [[], [UInt64](repeating: 7, count: 100), [UInt64](repeating: 0xFFFF, count: 50_000)] {
            var table = IDTable()
            var h = hashes()
            var scratch = room
            XCTAssertTrue(table.insertAll(&h, sortingIn: &scratch, in: store), "room \(room.count)")
            XCTAssertTrue(scratch.isEmpty && h.isEmpty, "both let go")
            XCTAssertEqual(table.count, store.count)
            for row in 0..<store.count {
                XCTAssertEqual(store.withIDBytes(row) { table.find($0, in: store) }, row, "room \(room.count)")
            }
            XCTAssertNil(Array("id-none".utf8).withUnsafeBufferPointer { table.find($0, in: store) })
        }
    }

    func testDerivedIDsAreStableAndDistinct() {
        let a = record("Blue Fig Cafe", -33.87, 151.2)
        var one = PlaceStore()
        one.merge([a], source: "a")
        var two = PlaceStore()
        two.merge([record("Other", 0, 0), a], source: "b")
        let id = one.id(at: 0)
        XCTAssertTrue(id.hasPrefix("p:"))
        XCTAssertEqual(id.utf8.count, 18)
        XCTAssertEqual(two.id(at: 1), id, "the ID depends on the name and position only")
        // Known value: FNV-1a over the name, a zero byte and the two 1e-7-degree integers.
        XCTAssertEqual(id, "p:" + fnvHex("Blue Fig Cafe", lat: -338_700_000, lng: 1_512_000_000))
        // Moving a metre, or renaming, gives another ID.
        var three = PlaceStore()
        three.merge([record("Blue Fig Cafe", -33.87001, 151.2), record("Blue Fig Café", -33.87, 151.2)], source: "c")
        XCTAssertNotEqual(three.id(at: 0), id)
        XCTAssertNotEqual(three.id(at: 1), id)
    }

    /// A file's ID column that spells the derived ID is not stored; anything else is. The
    /// eight-bytes-at-a-time reading against a digit-by-digit spelling, on hashes with every
    /// digit, and on IDs one byte away from a spelling.
    func testDerivedIDSpellingIsRecognizedExactly() {
        var rng = SeededRandom(seed: 7)
        var hashes: [UInt64] = [0, .max, 0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210, 0x9a9a_9a9a_0f0f_0f0f]
        for _ in 0..<2000 { hashes.append(rng.next()) }
        for h in hashes {
            let hex = String(h, radix: 16)
            let spelled = "p:" + String(repeating: "0", count: 16 - hex.count) + hex
            PlaceStore.withDerivedID(h) { XCTAssertEqual(String(decoding: $0, as: UTF8.self), spelled) }
            func spells(_ id: String) -> Bool {
                Array(id.utf8).withUnsafeBufferPointer { PlaceStore.spelledHash($0) == h }
            }
            XCTAssertTrue(spells(spelled), spelled)
            // Upper case, another digit anywhere, a longer or shorter ID, another prefix: not it.
            if spelled != spelled.uppercased().replacingOccurrences(of: "P:", with: "p:") {
                XCTAssertFalse(spells(spelled.uppercased().replacingOccurrences(of: "P:", with: "p:")), spelled)
            }
            var bytes = Array(spelled.utf8)
            let k = 2 + Int(h % 16)
            bytes[k] = bytes[k] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
            XCTAssertFalse(spells(String(decoding: bytes, as: UTF8.self)), spelled)
            XCTAssertFalse(spells(spelled + "0"))
            XCTAssertFalse(spells(String(spelled.dropLast())))
            XCTAssertFalse(spells("q" + spelled.dropFirst()))
            // Any byte of a digit changed to any other: read as no hash, or (another digit) as
            // another hash.
            let at = 2 + Int(rng.next() % 16)
            let original = Array(spelled.utf8)
            for byte in UInt8.min...UInt8.max where byte != original[at] {
                var changed = original
                changed[at] = byte
                let read = changed.withUnsafeBufferPointer { PlaceStore.spelledHash($0) }
                let isDigit = (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte)
                XCTAssertEqual(read != nil, isDigit, "\(spelled) with byte \(byte) at \(at)")
                XCTAssertNotEqual(read, h)
            }
        }
    }

    /// A CSV whose ID column holds the derived IDs (as `places export` writes them) stores no ID:
    /// its text is that of the same rows without IDs, streamed or whole. An ID one digit off is
    /// stored, one ID's bytes and its length a place; and every place keeps the ID it was given.
    func testExportedDerivedIDsAreNotStoredAgain() {
        var source = PlaceStore(source: "t")
        _ = source.generate(
            count: 300, around: GeoPoint(latitude: -33.87, longitude: 151.2), radius: 2000, seed: 3, source: "g")
        func csv(_ id: (Int) -> String) -> [UInt8] {
            var text = "id,name,latitude,longitude\n"
            for k in 0..<source.count {
                let c = source.coordinate(at: k)
                text += "\(id(k)),\"\(source.name(at: k))\",\(c.latitude),\(c.longitude)\n"
            }
            return Array(text.utf8)
        }
        func offByOne(_ k: Int) -> String {
            let id = source.id(at: k)
            return String(id.dropLast()) + (id.hasSuffix("0") ? "1" : "0")
        }
        for streamed in [false, true] {
            func load(_ bytes: [UInt8]) -> PlaceStore {
                var store = PlaceStore(source: "empty")
                let result =
                    streamed
                    ? store.mergeCSV(streaming: BytesSource(bytes), source: "f.csv", replacing: true)
                    : store.mergeCSV(bytes, source: "f.csv", replacing: true)
                if case .failure(let e) = result { XCTFail(e.message) }
                XCTAssertEqual(store.count, source.count)
                return store
            }
            let given = load(csv { source.id(at: $0) })
            let none = load(csv { _ in "" })
            let other = load(csv(offByOne))
            XCTAssertEqual(given.text.count, none.text.count, "streamed: \(streamed)")
            XCTAssertEqual(other.text.count, none.text.count + source.count * 19, "streamed: \(streamed)")
            for k in 0..<source.count {
                XCTAssertEqual(given.id(at: k), source.id(at: k))
                XCTAssertEqual(none.id(at: k), source.id(at: k))
                XCTAssertEqual(other.id(at: k), offByOne(k))
            }
        }
    }

    /// `sameBytes` says yes to equal buffers of every length and no to any that differ in one
    /// byte, wherever it is (the last word overlaps the one before it), or in their length.
    func testSameBytesAtEveryLengthAndPosition() {
        var rng = SeededRandom(seed: 5)
        for n in 0..<40 {
            let a = (0..<n).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            var copy: [UInt8] = []
            copy.append(contentsOf: a)
            a.withUnsafeBufferPointer { pa in
                copy.withUnsafeBufferPointer { XCTAssertTrue(sameBytes(pa, $0), "length \(n)") }
                for k in 0..<n {
                    var b = copy
                    b[k] ^= 1 << UInt8(k % 8)
                    b.withUnsafeBufferPointer { XCTAssertFalse(sameBytes(pa, $0), "length \(n), byte \(k)") }
                }
                (copy + [0]).withUnsafeBufferPointer { XCTAssertFalse(sameBytes(pa, $0), "length \(n) + 1") }
            }
        }
    }

    /// The derived hash checked from both ends (`derivedHashIs`) says yes to the hash that
    /// `derivedHash` makes and no to every other, whatever the name's length (none, shorter and
    /// longer than the coordinates' nine bytes, odd and even) and bytes.
    func testDerivedHashIsCheckedFromBothEnds() {
        var rng = SeededRandom(seed: 11)
        XCTAssertEqual(PlaceStore.fnvPrime &* PlaceStore.fnvPrimeInverse, 1)
        for length in 0..<48 {
            for _ in 0..<40 {
                let name = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                let coord = PlaceStore.coord(
                    latitude: Double(rng.next() % 1_800_000_001) / 1e7 - 90,
                    longitude: Double(rng.next() % 3_600_000_001) / 1e7 - 180, radius: 0, types: 0)
                name.withUnsafeBufferPointer { name in
                    let h = PlaceStore.derivedHash(name: name, coord: coord)
                    XCTAssertTrue(PlaceStore.derivedHashIs(h, name: name, coord: coord), "length \(length)")
                    let flipped = h ^ 1 << (rng.next() % 64)
                    XCTAssertFalse(PlaceStore.derivedHashIs(flipped, name: name, coord: coord), "length \(length)")
                }
            }
        }
    }

    /// A batch knows a type list again by its array; each place still gets its own list, when
    /// arrays are shared, equal but apart, or made and freed one record at a time (so that a
    /// freed array's memory may come back holding another list).
    func testTypeListsAreRightWhicheverArraysCarryThem() {
        let shared = ["cafe", "food"]
        func types(_ i: Int) -> [String] {
            switch i % 4 {
            case 0: return shared
            case 1: return ["kind\(i % 97)", "store"]
            case 2: return Array(shared.reversed())
            default: return []
            }
        }
        func make(_ i: Int) -> PlaceRecord { record("P\(i)", -33.8 - Double(i) * 1e-4, 151.2, types: types(i)) }
        var one = PlaceStore()
        var load = PlaceStore.Load(taking: &one, source: "one")
        for i in 0..<400 { load.add(make(i)) }
        var two = PlaceStore.builtin
        var batch = PlaceStore.Load(taking: &two, source: "two")
        batch.add(contentsOf: (0..<400).map(make))
        one = load.finish()!.store
        two = batch.finish()!.store
        for i in 0..<400 {
            XCTAssertEqual(one.place(at: i).types, types(i), "\(i)")
            XCTAssertEqual(two.place(at: PlaceStore.builtin.count + i).types, types(i), "\(i)")
        }
    }

    private func fnvHex(_ name: String, lat: Int32, lng: Int32) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        var bytes = Array(name.utf8) + [0]
        for v in [UInt32(bitPattern: lat), UInt32(bitPattern: lng)] {
            for k in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * UInt32(k)))) }
        }
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    func testMergeReplacesByIDAndAppendsInOrder() {
        var store = PlaceStore.builtin
        let before = store.count
        let google = store.index(ofID: "ChIJN1t_tDeuEmsRUsoyG83frY4")!
        let result = store.merge(
            [
                record("New One", -33.86, 151.19, id: "new-1"),
                record("Google Sydney (moved)", -33.8665, 151.1960, id: "ChIJN1t_tDeuEmsRUsoyG83frY4"),
                record("New Two", -33.86, 151.191),
            ], source: "mine.csv")
        XCTAssertEqual(result.added, 2)
        XCTAssertEqual(result.replaced, 1)
        XCTAssertEqual(store.count, before + 2)
        XCTAssertEqual(store.place(at: google).name, "Google Sydney (moved)", "replaced in its row")
        XCTAssertEqual(store.place(at: google).area, "mine.csv")
        XCTAssertEqual(store.place(at: before).id, "new-1")
        XCTAssertEqual(store.place(at: before + 1).name, "New Two")
        XCTAssertEqual(store.source, "built-in + mine.csv")
        XCTAssertEqual(store.areas.last?.name, "mine.csv")
        XCTAssertEqual(store.areas.last?.count, 3)
        // Merging the same file again replaces everything it holds and adds nothing.
        let again = store.merge(
            [
                record("New One", -33.86, 151.19, id: "new-1"),
                record("Google Sydney (moved)", -33.8665, 151.1960, id: "ChIJN1t_tDeuEmsRUsoyG83frY4"),
                record("New Two", -33.86, 151.191),
            ], source: "mine.csv")
        XCTAssertEqual(again.added, 0)
        XCTAssertEqual(again.replaced, 3)
        XCTAssertEqual(store.count, before + 2)
        XCTAssertEqual(store.source, "built-in + mine.csv")
    }

    func testTwinsInOneFileAreKeptWithSuffixesThatRepeat() {
        let atm = record("ATM", -33.87, 151.2, types: ["atm"])
        var store = PlaceStore()
        let first = store.merge([atm, atm, atm], source: "f")
        XCTAssertEqual(first.added, 3)
        let base = store.id(at: 0)
        XCTAssertEqual((0..<3).map { store.id(at: $0) }, [base, base + "~2", base + "~3"])
        let second = store.merge([atm, atm, atm], source: "f")
        XCTAssertEqual(second.added, 0)
        XCTAssertEqual(second.replaced, 3, "a reload replaces the three, suffix by suffix")
        XCTAssertEqual(store.count, 3)
        // The same given ID twice in one batch: one place, the later wins; it replaced no place
        // that was there before, so it is counted as neither new nor replaced.
        let twice = store.merge([record("First", 1, 1, id: "dup"), record("Second", 1, 1, id: "dup")], source: "g")
        XCTAssertEqual(twice.added, 1)
        XCTAssertEqual(twice.replaced, 0)
        XCTAssertEqual(store.place(at: store.index(ofID: "dup")!).name, "Second")
        // Again, into a store that has it: the first replaces the old place, the second repeats.
        let again = store.merge([record("Third", 1, 1, id: "dup"), record("Fourth", 1, 1, id: "dup")], source: "g")
        XCTAssertEqual(again.added, 0)
        XCTAssertEqual(again.replaced, 1)
        XCTAssertEqual(store.place(at: store.index(ofID: "dup")!).name, "Fourth")
    }

    func testReplaceAllAndRemove() {
        var store = PlaceStore.builtin
        store.replaceAll(
            with: [record("A", 1, 1, id: "a"), record("B", 2, 2, id: "b"), record("C", 3, 3, id: "c")],
            source: "abc.csv")
        XCTAssertEqual(store.count, 3)
        XCTAssertEqual(store.source, "abc.csv")
        XCTAssertEqual(store.areas.map(\.name), ["abc.csv"])
        XCTAssertNil(store.index(ofID: "ChIJN1t_tDeuEmsRUsoyG83frY4"))
        XCTAssertTrue(store.remove(id: "b"))
        XCTAssertFalse(store.remove(id: "b"))
        XCTAssertEqual(store.places.map(\.id), ["a", "c"])
        XCTAssertEqual(store.index(ofID: "c"), 1, "later rows move up")
        XCTAssertNil(store.index(ofID: "b"))
        XCTAssertEqual(store.near(GeoPoint(latitude: 3, longitude: 3), radius: 10, limit: 5).map(\.index), [1])
        XCTAssertEqual(store.add(record("D", 4, 4, id: "d"), source: "x"), 2)
        XCTAssertEqual(store.index(ofID: "d"), 2)
    }

    func testRemovingManyKeepsEveryLookupRight() {
        var rng = SeededRandom(seed: 11)
        var store = PlaceStore()
        store.merge(
            PlaceStore.synthetic(
                count: 3000, around: GeoPoint(latitude: 48.85, longitude: 2.35), radius: 3000, seed: 5), source: "s")
        var ids = (0..<store.count).map { store.id(at: $0) }
        for _ in 0..<400 {
            let k = rng.below(ids.count)
            XCTAssertTrue(store.remove(id: ids[k]))
            ids.remove(at: k)
        }
        XCTAssertEqual((0..<store.count).map { store.id(at: $0) }, ids)
        for (i, id) in ids.enumerated() { XCTAssertEqual(store.index(ofID: id), i) }
        let p = store.coordinate(at: 17)
        XCTAssertEqual(
            store.near(p, radius: 500, limit: 1000).map(\.index),
            store.nearBruteForce(p, radius: 500, limit: 1000).map(\.index))
    }

    func testRepeatedNamesAndAddressesAreStoredOnceAndSurviveCompaction() {
        func records(_ round: Int) -> [PlaceRecord] {
            (0..<3000).map { (k: Int) -> PlaceRecord in
                let id: String? = k % 3 == 0 ? "shop-\(k)" : nil
                let name = k % 5 == 0 ? "Cafe \(round) \(k)" : "Corner Cafe"
                let address: String? = k % 2 == 0 ? "1 George St" : nil
                let latitude = -33.8 + Double(k) * 1e-4
                return PlaceRecord(id: id, name: name, latitude: latitude, longitude: 151.2, address: address)
            }
        }
        var store = PlaceStore()
        store.merge(records(0), source: "s")
        // The 600 unique names, the shared name and address once each, the 1,000 stored IDs.
        var unique = 0
        for k in stride(from: 0, to: 3000, by: 5) { unique += 1 + "Cafe 0 \(k)".utf8.count }
        var ids = 0
        for k in stride(from: 0, to: 3000, by: 3) { ids += 1 + "shop-\(k)".utf8.count }
        XCTAssertEqual(store.storageBytes.text, 1 + 12 + 12 + unique + ids)
        // Loading changed versions again and again (the shared name and address replaced with
        // themselves, 400 renamed places with derived IDs new each time): the text is compacted,
        // and every field stays right.
        for round in 1...6 {
            var again = store
            let before = again.places
            again.merge(records(round), source: "s")
            XCTAssertEqual(again.count, store.count + 400)
            XCTAssertEqual(Array(again.places.prefix(before.count)).map(\.id), before.map(\.id))
            let fresh = PlaceStore(records: (0..<again.count).map { again.record(at: $0) }, source: "s")
            XCTAssertEqual(fresh.places, again.places)
            XCTAssertLessThanOrEqual(again.storageBytes.text, fresh.storageBytes.text + 20_000)
            store = again
        }
        for row in 0..<store.count { XCTAssertEqual(store.index(ofID: store.id(at: row)), row) }
    }

    func testNamesAndPrefixes() {
        var store = PlaceStore()
        store.merge(
            [
                record("Cafe Morso", 1, 1), record("cafe morso", 1.001, 1), record("Café Sydney", 1, 1.001),
                record("Barangaroo", 1, 1.002),
                record("CAFE MORSO", 1.002, 1), record("Ümlaut Bar", 1, 1.003),
            ], source: "n")
        XCTAssertEqual(store.indexes(named: "cafe MORSO"), [0, 1, 4])
        XCTAssertEqual(store.indexes(named: "ümlaut bar"), [5])
        XCTAssertEqual(store.indexes(named: "Cafe"), [])
        XCTAssertEqual(
            store.names(withPrefix: "caf", limit: 10), ["CAFE MORSO", "Cafe Morso", "Café Sydney", "cafe morso"])
        XCTAssertEqual(store.names(withPrefix: "caf", limit: 2), ["CAFE MORSO", "Cafe Morso"])
        XCTAssertEqual(store.names(withPrefix: "", limit: 1), ["Barangaroo"])
        XCTAssertEqual(store.names(withPrefix: "zzz", limit: 5), [])
    }

    func testSyntheticIsDeterministicBySeedAndPlausible() {
        let a = PlaceStore.synthetic(count: 2000, around: sydney, radius: 5000, seed: 7)
        let b = PlaceStore.synthetic(count: 2000, around: sydney, radius: 5000, seed: 7)
        let c = PlaceStore.synthetic(count: 2000, around: sydney, radius: 5000, seed: 8)
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, c)
        XCTAssertEqual(
            Array(a[500..<700]),
            PlaceStore.synthetic(count: 2000, around: sydney, radius: 5000, seed: 7, range: 500..<700))
        let meanName = Double(a.reduce(0) { $0 + $1.name.count }) / Double(a.count)
        XCTAssertGreaterThan(meanName, 15)
        XCTAssertLessThan(meanName, 25)
        let restaurants = a.filter { $0.types.first == "restaurant" }.count
        XCTAssertGreaterThan(restaurants, 250)
        XCTAssertLessThan(restaurants, 450, "about 17 %")
        XCTAssertTrue(a.allSatisfy { $0.address != nil && $0.radius != nil && $0.types.contains("establishment") })
        // Clustered: the densest 1 % of a 10 × 10 grid holds far more than 1 %.
        let within = a.filter { distance(sydney, GeoPoint(latitude: $0.latitude, longitude: $0.longitude)) < 12_000 }
        XCTAssertGreaterThan(within.count, 1900)
        var cells: [Int: Int] = [:]
        for r in a {
            cells[
                Int((r.latitude - sydney.latitude) * 100) * 1000 + Int((r.longitude - sydney.longitude) * 100),
                default: 0] += 1
        }
        XCTAssertGreaterThan(cells.values.max()!, 60)
        // Generating into a store gives the same places, the same IDs, as merging the records.
        var merged = PlaceStore()
        merged.merge(a, source: "gen")
        var generated = PlaceStore()
        generated.generate(count: 2000, around: sydney, radius: 5000, seed: 7, source: "gen")
        XCTAssertEqual(generated.places, merged.places)
    }

    func testLayoutArithmetic() {
        // The fixed part: coordinates, radius and type list in 12 bytes, the rest in a 16-byte slot.
        XCTAssertEqual(MemoryLayout<PlaceStore.Coord>.stride, 12)
        XCTAssertEqual(MemoryLayout<PlaceStore.Slot>.stride, 16)
        XCTAssertEqual(PlaceStore.fixedBytesPerPlace, 28)
        // 20,000 places with 20-character names and no address or ID: ≤ 64 bytes each in all.
        var store = PlaceStore()
        var records = PlaceStore.synthetic(count: 20_000, around: sydney, radius: 20_000, seed: 1)
        for k in records.indices {
            records[k].name = String((records[k].name + " \(k)" + String(repeating: ".", count: 20)).prefix(20))
            records[k].address = nil
        }
        store.merge(records, source: "m")
        let b = store.storageBytes
        XCTAssertLessThanOrEqual(b.text, 1 + 20_000 * 21, "the empty string, then a length byte and each name once")
        let perPlace = Double(b.places + b.text + b.ids + b.index) / 20_000
        XCTAssertLessThanOrEqual(perPlace, 64, "\(b)")
        XCTAssertLessThanOrEqual(Double(b.ids) / 20_000, 5 * 1.4 + 0.01, "the ID table at load ≥ 0.71")
    }
}

/// The same name at the same spot many times in one file: each gets the next `~n` suffix, in
/// time that grows with the rows, not with their square.
final class EqualRowsTests: XCTestCase {
    private func csv(_ n: Int) -> [UInt8] {
        Array(("name,lat,lng\n" + String(repeating: "Same,1.5,2.5\n", count: n)).utf8)
    }

    func testSuffixesOfEqualRowsInLinearTime() {
        var store = PlaceStore()
        guard case .success(let loaded) = store.mergeCSV(csv(3), source: "a.csv") else { return XCTFail("not loaded") }
        XCTAssertEqual(loaded.added, 3)
        let ids = (0..<store.count).map { store.id(at: $0) }
        XCTAssertEqual(ids.count, 3)
        XCTAssertEqual(ids.dropFirst().map { String($0.suffix(2)) }, ["~2", "~3"])
        // Loaded again: each row replaces its own, no new suffixes.
        guard case .success(let again) = store.mergeCSV(csv(4), source: "b.csv") else { return XCTFail("not loaded") }
        XCTAssertEqual(again.replaced, 3)
        XCTAssertEqual(again.added, 1)
        XCTAssertEqual(String(store.id(at: 3).suffix(2)), "~4")
        let files = [5_000: csv(5_000), 20_000: csv(20_000)]
        assertGrowsLinearly("equal rows", small: 5_000) { n in
            var s = PlaceStore()
            _ = s.mergeCSV(files[n] ?? [], source: "same.csv")
        }
    }
}

/// A load whose text would pass the store's 32-bit offsets is refused whole, and the store is
/// as it was (the limit lowered here, as 4 GB of names cannot be made in a test).
final class TextLimitTests: XCTestCase {
    func testALoadPastTheTextLimitIsRefusedAndChangesNothing() {
        var store = PlaceStore()
        guard case .success = store.mergeCSV(Array("name,lat,lng\nFirst,1,2\n".utf8), source: "a.csv") else {
            return XCTFail("not loaded")
        }
        store.textLimit = store.text.count + 200
        let before = (0..<store.count).map { store.id(at: $0) }
        var rows = "name,lat,lng\n"
        for i in 0..<50 { rows += "A rather long place name number \(i),1.\(i),2\n" }
        for replacing in [false, true] {
            switch store.mergeCSV(Array(rows.utf8), source: "b.csv", replacing: replacing) {
            case .success: XCTFail("a load past the text limit was accepted")
            case .failure(let e): XCTAssertTrue(e.message.contains("pass 4 GB"), e.message)
            }
            XCTAssertEqual((0..<store.count).map { store.id(at: $0) }, before, "replacing: \(replacing)")
        }
        // Within the limit, the same store loads.
        guard case .success = store.mergeCSV(Array("name,lat,lng\nSecond,1,3\n".utf8), source: "c.csv") else {
            return XCTFail("not loaded")
        }
        XCTAssertEqual(store.count, before.count + 1)
    }
}
