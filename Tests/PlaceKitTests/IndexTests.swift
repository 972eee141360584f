import XCTest

@testable import PlaceFormats
@testable import PlaceKit
@testable import PlaceStorage

/// The grid against a brute-force reference on random data (fixed seeds): `near` and the
/// likelihood ranking must give exactly what looking at every place gives, at all accuracies,
/// across the ±180° line and near the poles, and after every kind of change.
final class IndexTests: XCTestCase {
    /// The cell sizes the index chooses (a count of distinct cells per size class, from one
    /// bitmap per class, the cells doubled until they hold enough places) are those of a plain
    /// rendering of the same estimate: dense, mixed and spread-out places.
    func testCellSizesAreThoseOfThePlainEstimate() {
        func plain(_ store: PlaceStore) -> [Int64] {
            var grid = store.grid
            grid.cellE7 = PlaceGrid.baseCellE7
            var counts = [Int](repeating: 0, count: PlaceGrid.classCount)
            for co in store.coords { counts[PlaceGrid.sizeClass(co.radius)] += 1 }
            var open = (0..<PlaceGrid.classCount).map { counts[$0] >= 1024 }
            while open.contains(true) {
                var maps = (0..<PlaceGrid.classCount).map { c in
                    [UInt64](repeating: 0, count: open[c] ? counts[c] / 8 + 1 : 0)
                }
                for co in store.coords {
                    let c = PlaceGrid.sizeClass(co.radius)
                    guard open[c] else { continue }
                    let k = PlaceGrid.key(c, grid.row(co.lat, c), grid.col(co.lng, c)) &* 0x9E37_79B9_7F4A_7C15
                    let bit = Int(k.multipliedFullWidth(by: UInt64(maps[c].count * 64)).high)
                    maps[c][bit / 64] |= 1 << UInt64(bit % 64)
                }
                for c in 0..<PlaceGrid.classCount where open[c] {
                    let m = Double(maps[c].count * 64)
                    let zeros = m - Double(maps[c].map(\.nonzeroBitCount).reduce(0, +))
                    let cells = zeros < 1 ? m * 8 : m * log(m / zeros)
                    if cells * PlaceGrid.placesPerCell > Double(counts[c]) && grid.cellE7[c] < 160_000_000 {
                        grid.cellE7[c] *= 2
                    } else {
                        open[c] = false
                    }
                }
            }
            return grid.cellE7
        }
        let sydney = GeoPoint(latitude: -33.8688, longitude: 151.2093)
        for (radius, count) in [(2000.0, 20000), (20000, 12000), (400_000, 6000)] {
            var store = PlaceStore.builtin
            store.generate(count: count, around: sydney, radius: radius, seed: 3, source: "g")
            XCTAssertEqual(store.grid.cellE7, plain(store), "\(count) places within \(radius) m")
            XCTAssertNotEqual(store.grid.cellE7, PlaceGrid.baseCellE7, "some cells grown")
        }
    }

    /// A place's class, row and column, worked out without a loop or a division, are those of
    /// the plain arithmetic: every radius; every cell size a class can take, at every latitude
    /// and longitude a place can have (and any Int32, stored or not), the edges of the cells and
    /// of the ±180° line among them.
    func testClassesRowsAndColumnsAreThoseOfThePlainArithmetic() {
        for r in 0...Int(UInt16.max) {
            var c = 0
            while r > Int(PlaceGrid.classLimits[c]) { c += 1 }
            XCTAssertEqual(PlaceGrid.sizeClass(UInt16(r)), c, "radius \(r)")
        }
        var rng = SeededRandom(seed: 11)
        var grid = PlaceGrid()
        var sizes = Set<Int64>()
        for base in PlaceGrid.baseCellE7 {
            var size = base
            while size < 160_000_000 {
                sizes.insert(size)
                size *= 2
            }
            sizes.insert(size)
        }
        sizes.formUnion([2, 3, 7, 999_999_937, (1 << 32) - 1])
        for size in sizes.sorted() {
            grid.cellE7 = [Int64](repeating: size, count: PlaceGrid.classCount)
            var values: [Int64] = [-2_147_483_648, -1_800_000_000, -900_000_000, -1, 0, 1, 2_147_483_647]
            for k: Int64 in [1, 2, 3, 1000] {
                values += [k * size - 900_000_000 - 1, k * size - 900_000_000, k * size - 1_800_000_000 - 1]
                values += [k * size - 1_800_000_000]
            }
            values += [900_000_000, 1_800_000_000, 1_799_999_999, -1_799_999_999]
            for _ in 0..<3000 { values.append(Int64(Int32(truncatingIfNeeded: rng.next()))) }
            for v in values where v >= Int64(Int32.min) && v <= Int64(Int32.max) {
                let x = Int32(v)
                let c = Int(rng.next() % UInt64(PlaceGrid.classCount))
                XCTAssertEqual(grid.row(x, c), Int((Int64(x) + 900_000_000) / size), "row of \(x), cell \(size)")
                let col = Int(((Int64(x) + 1_800_000_000) % 3_600_000_000) / size)
                XCTAssertEqual(grid.col(x, c), col, "col of \(x), cell \(size)")
            }
        }
    }

    /// A query's rows and columns, rounded down and clamped without the maths library, are
    /// those of rounding down and clamping: NaN, infinities, negatives, whole numbers, the
    /// limits and just around them, and random numbers.
    func testClampedFloorIsRoundingDownAndClamping() {
        var rng = SeededRandom(seed: 5)
        for limit in [0, 1, 2, 7, 1000, 36_000, 1 << 20] {
            let l = Double(limit)
            var values: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, -0.5, -1, -1.5, 0.5, 1, 1.5]
            values += [l, l - 0.5, l + 0.5]
            values += [l.nextDown, l.nextUp, (l - 1).nextDown, 1e300, -1e300, .leastNonzeroMagnitude]
            for _ in 0..<500 { values.append((rng.unit() * 1.2 - 0.1) * l) }
            for x in values {
                XCTAssertEqual(
                    PlaceGrid.clampedFloor(x, limit), clampedInt(x.rounded(.down), 0...limit), "\(x) up to \(limit)")
            }
        }
    }

    /// A popularity code rounded up without the C library is `clampedInt` of `rounded(.up)`:
    /// NaN, infinities, signed zeros, values either side of whole numbers and of the limits.
    func testCodeRoundedUpIsRoundingUpAndClamping() {
        var rng = SeededRandom(seed: 6)
        var values: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, -0.5, -1, .leastNonzeroMagnitude, 1e300]
        for whole in [0.0, 1, 2, 127, 253, 254, 255, 256] {
            values += [whole, whole.nextDown, whole.nextUp, whole - 0.5, whole + 0.5]
        }
        for _ in 0..<2000 { values.append(rng.unit() * 270 - 5) }
        for t in values {
            XCTAssertEqual(Int(PlaceGrid.codeRoundedUp(t)), clampedInt(t.rounded(.up), 0...255), "\(t)")
        }
    }

    /// What a build gives each cell is what its places give: the largest radius, the highest
    /// prior's code and the popularity bound of the highest popularity (places of every size
    /// class, type and rating, and no rating), each cell's places looked at one by one.
    func testCellBoundsAreThoseOfTheirPlaces() {
        var rng = SeededRandom(seed: 11)
        let sydney = GeoPoint(latitude: -33.8688, longitude: 151.2093)
        let types = LikelihoodModel.typePriors.map(\.type) + ["point_of_interest", "library"]
        var records: [PlaceRecord] = []
        for i in 0..<6000 {
            let p = destination(from: sydney, bearing: rng.unit() * 360, metres: 3000 * rng.unit().squareRoot())
            let r = [2.0, 10, 29, 31, 59, 61, 119, 121, 249, 251, 499, 501, 3000, 900_000][rng.below(14)] + rng.unit()
            records.append(
                PlaceRecord(
                    id: "b\(i)", name: "Place \(i)", latitude: p.latitude, longitude: p.longitude,
                    types: [types[rng.below(types.count)]], rating: rng.below(5) == 0 ? nil : 1 + 4 * rng.unit(),
                    radius: r))
        }
        var store = PlaceStore()
        store.merge(records, source: "bounds")
        store.rebuildIndex()
        let grid = store.grid
        let scale = 254 / (store.maxPrior * PopularityModel.reach(6553.5))
        XCTAssertGreaterThan(grid.cellKeys.count, 100)
        for i in grid.cellKeys.indices {
            var maxR: UInt16 = 0
            var prior: UInt8 = 0
            var code = 0
            for k in grid.cellRows(i) {
                let row = grid.orderRow(k)
                let co = store.coords[row]
                let p = PopularityModel.popularity(
                    prior: store.typeListPriors[Int(co.types)], rating: Double(store.slots[row].rating) / 10,
                    code: co.radius)
                maxR = max(maxR, co.radius)
                prior = max(prior, PlaceGrid.priorCode(store.typeListPriors[Int(co.types)]))
                code = max(code, clampedInt((p * scale).rounded(.up), 0...255))
            }
            XCTAssertEqual(grid.cellMaxR[i], maxR, "cell \(i)")
            XCTAssertEqual(grid.cellPrior[i], prior, "cell \(i)")
            XCTAssertEqual(grid.cellBest[i], PlaceGrid.popularityBound(UInt8(code), scale), "cell \(i)")
        }
    }

    /// Every entry of `order` carries its place's spot in its cell (sixteenths of the cell
    /// north and east of its corner) as plain integer division works it out, on a country of
    /// places in large cells and on places across the 180° line (180° itself shares column 0
    /// with −180°, and sits at that column's western edge).
    func testSpotsAreThoseOfThePlainArithmetic() {
        var rng = SeededRandom(seed: 21)
        var store = randomStore(20_000, around: GeoPoint(latitude: -25, longitude: 134), spread: 300_000, rng: &rng)
        var edge: [PlaceRecord] = []
        for (i, lng) in [180.0, -180, 179.9999999, -179.9999999, 0, -0.0000001].enumerated() {
            for lat in [-89.9999999, -45, 0, 45, 89.9999999] {
                edge.append(PlaceRecord(id: "e\(i)/\(lat)", name: "Edge", latitude: lat, longitude: lng, radius: 5))
            }
        }
        store.merge(edge, source: "edge")
        store.rebuildIndex()
        let grid = store.grid
        XCTAssertTrue(grid.spotted)
        var seen = Set<Int>()
        for c in 0..<PlaceGrid.classCount {
            let size = grid.cellE7[c]
            for i in grid.classCells[c]..<grid.classCells[c + 1] {
                let key = grid.cellKeys[i]
                for k in grid.cellRows(i) {
                    let row = grid.orderRow(k)
                    seen.insert(row)
                    let co = store.coords[row]
                    let north = Int64(co.lat) + 900_000_000 - Int64((key >> 20) & 0xFFFFF) * size
                    var east = Int64(co.lng) + 1_800_000_000
                    if east >= 3_600_000_000 { east -= 3_600_000_000 }
                    east -= Int64(key & 0xFFFFF) * size
                    XCTAssert((0..<size).contains(north) && (0..<size).contains(east), "row \(row)")
                    let spot = UInt32(north * 16 / size) << 4 | UInt32(east * 16 / size)
                    XCTAssertEqual(grid.order[k] >> 24, spot, "row \(row)")
                    XCTAssertEqual(UInt32(grid.spot(co)), spot, "row \(row)")
                }
            }
        }
        XCTAssertEqual(seen.count, store.count)
    }

    /// A spot window (`spotWindow`, of the box `forEachCell` gives each class) keeps every
    /// place of its cell within the search's reach: searches of every reach from a metre to a
    /// continent, over a country of places in large cells, near the poles and across the 180°
    /// line. A search within a kilometre leaves out most places of the cells it looks at.
    func testSpotWindowsKeepEveryPlaceWithinReach() {
        var rng = SeededRandom(seed: 22)
        var kept = 0
        var left = 0
        for (centre, spread) in [
            (GeoPoint(latitude: -25, longitude: 134), 400_000.0), (GeoPoint(latitude: 88, longitude: 20), 300_000),
            (GeoPoint(latitude: -12, longitude: 179.99), 200_000),
        ] {
            var store = randomStore(12_000, around: centre, spread: spread, rng: &rng)
            store.rebuildIndex()
            let grid = store.grid
            for round in 0..<150 {
                let p = destination(from: centre, bearing: rng.unit() * 360, metres: spread * rng.unit())
                let reach = [1.0, 60, 200, 700, 3000, 20_000, 400_000][round % 7] * (0.5 + rng.unit())
                var box = PlaceGrid.SpotBox.everything
                var windows: [(cell: Int, window: UInt32)] = []
                grid.forEachCell(
                    around: p, cutoff: { _, _ in reach },
                    { i, c in windows.append((i, PlaceGrid.spotWindow(grid.cellKeys[i], size: grid.cellE7[c], box))) },
                    classDone: { _ in }, classBox: { box = $0 })
                for (i, window) in windows {
                    for k in grid.cellRows(i) {
                        let row = grid.orderRow(k)
                        let inside = PlaceGrid.inWindow(grid.order[k], window)
                        if distance(p, store.coordinate(at: row)) <= reach {
                            XCTAssert(inside, "\(centre) round \(round): row \(row) within \(reach) m is left out")
                        }
                        if reach < 1000 { if inside { kept += 1 } else { left += 1 } }
                    }
                }
            }
        }
        // The windows narrow the cells down: most places of the cells a search of a kilometre or
        // less looks at are left unread.
        XCTAssertGreaterThan(left, 2 * kept, "kept \(kept), left \(left)")
    }

    /// A grid built without spots (as a store of 2^24 places or more is) reads its entries as
    /// plain rows; with spots or without, a sparse store's likelihood lists, nearest places and
    /// Nearby Search (New) lists are the brute force's, through a removal too.
    func testWithSpotsOrWithoutTheListsAreTheBruteForces() {
        let centre = GeoPoint(latitude: -25, longitude: 134)
        for limit in [0, 1 << 24] {
            var rng = SeededRandom(seed: 23)
            // Enough places that a class's cells grow to tens of kilometres, where a window narrows.
            var store = randomStore(20_000, around: centre, spread: 200_000, rng: &rng)
            store.withGrid { grid, store in
                grid.spotRowLimit = limit
                grid.rebuild(store)
            }
            XCTAssertEqual(store.grid.spotted, limit > 0)
            if limit == 0 {
                XCTAssertEqual(store.grid.rowMask, .max)
                for k in store.grid.order.indices { XCTAssertEqual(store.grid.orderRow(k), Int(store.grid.order[k])) }
            }
            XCTAssertGreaterThanOrEqual(store.grid.cellE7.max() ?? 0, 640_000)
            var all = store.places
            for round in 0..<30 {
                if round == 15 {
                    XCTAssertTrue(store.remove(id: "r7"))
                    all = store.places
                }
                let p = destination(from: centre, bearing: rng.unit() * 360, metres: 200_000 * rng.unit())
                let label = "spots below \(limit), round \(round)"
                for accuracy in accuracies { assertSameRanking(store, at: p, accuracy: accuracy, label) }
                assertSameNear(store, at: p, radius: [300.0, 3000, 30_000][round % 3], limit: 100, label)
                for rank in NearbyRank.allCases {
                    var settings = NearbySettings()
                    settings.radius = [500.0, 5000, 50_000][round % 3]
                    settings.rank = rank
                    let found = NearbyModel.search(store, center: p, settings: settings)
                    let reference = NearbyModel.search(all, center: p, settings: settings)
                    XCTAssertEqual(found.map(\.place.id), reference.map(\.place.id), "\(label), \(rank)")
                }
            }
        }
    }

    /// A store of `count` random places around `centre` (spread metres), radii from 2 m to 3 km
    /// so that every size class is used.
    private func randomStore(_ count: Int, around centre: GeoPoint, spread: Double, rng: inout SeededRandom)
        -> PlaceStore
    {
        let types = LikelihoodModel.typePriors.map(\.type) + ["point_of_interest", "library"]
        var records: [PlaceRecord] = []
        for i in 0..<count {
            let p = destination(from: centre, bearing: rng.unit() * 360, metres: spread * rng.unit().squareRoot())
            let r = [2.0, 10, 29, 31, 59, 61, 119, 121, 249, 251, 499, 501, 3000][rng.below(13)] + rng.unit()
            records.append(
                PlaceRecord(
                    id: "r\(i)", name: "Place \(i)", latitude: p.latitude, longitude: p.longitude,
                    types: [types[rng.below(types.count)]], radius: r))
        }
        var store = PlaceStore()
        store.merge(records, source: "random")
        return store
    }

    private func assertSameRanking(
        _ store: PlaceStore, at point: GeoPoint, accuracy: Double, _ message: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let slow = LikelihoodModel.rank(store.places, at: point, accuracy: accuracy)
        // As ranked (a small store scored whole), and by the grid whatever the store's size.
        for scanBelow in [512, 0] {
            let fast = LikelihoodModel.rank(store, at: point, accuracy: accuracy, scanBelow: scanBelow)
            let message = message + (scanBelow == 0 ? ", by the grid" : "")
            XCTAssertEqual(fast.map(\.place.id), slow.map(\.place.id), message, file: file, line: line)
            XCTAssertEqual(fast.map(\.likelihood), slow.map(\.likelihood), message, file: file, line: line)
            XCTAssertEqual(fast.map(\.distance), slow.map(\.distance), message, file: file, line: line)
            XCTAssertEqual(fast.map(\.place), slow.map(\.place), message, file: file, line: line)
            for s in fast { XCTAssertEqual(s.index.map { store.id(at: $0) }, s.place.id, file: file, line: line) }
        }
    }

    private func assertSameNear(
        _ store: PlaceStore, at point: GeoPoint, radius: Double, limit: Int, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let fast = store.near(point, radius: radius, limit: limit)
        let slow = store.nearBruteForce(point, radius: radius, limit: limit)
        XCTAssertEqual(fast.map(\.index), slow.map(\.index), message, file: file, line: line)
        XCTAssertEqual(fast.map(\.distance), slow.map(\.distance), message, file: file, line: line)
    }

    private let accuracies = [0.0, 5, 100, 3000, 20_000]

    /// Rows split into blocks of columns (`rowBlocks`): every block's entry is the row's first
    /// cell at or after the block's first column, the blocks find the same cells as a binary
    /// search of each class's keys, and the index stays within a byte a place; on a country of
    /// places, and on one across the 180° line (places at 180° itself among them, which share
    /// column 0 with −180°). Asking ahead for what a search reads (`prefetch`) reads only
    /// within the grid's and the store's arrays, wherever the point and however far the reach
    /// (a test build checks every access).
    func testRowBlocksFindTheSameCellsAsTheBinarySearch() {
        var rng = SeededRandom(seed: 43)
        for centre in [GeoPoint(latitude: -25, longitude: 134), GeoPoint(latitude: -17.7, longitude: 179.6)] {
            var store = randomStore(40_000, around: centre, spread: 200_000, rng: &rng)
            store.merge(
                (0..<40).map {
                    PlaceRecord(
                        id: "e\($0)", name: "E \($0)", latitude: centre.latitude + Double($0) * 0.01,
                        longitude: 180, types: ["cafe"], radius: 5)
                }, source: "edge")
            store.rebuildIndex()
            let grid = store.grid
            let blocked = (0..<PlaceGrid.classCount).filter { grid.rowIndexStart[$0] >= 0 && grid.rowBlocks[$0] > 1 }
            XCTAssertGreaterThan(blocked.count, 3, "\(centre)")
            XCTAssertLessThanOrEqual(grid.rowFirstCell.count * 4, store.count, "at most a byte a place")
            for c in blocked {
                for r in 0..<grid.rowIndexRows[c] {
                    let row = UInt64(grid.rowIndexMin[c] + r)
                    for b in 0..<grid.rowBlocks[c] {
                        let column = UInt64(grid.rowBlockColumn[c] + b << grid.rowBlockShift[c])
                        let expected =
                            (grid.classCells[c]..<grid.classCells[c + 1]).first {
                                let k = grid.cellKeys[$0]
                                return (k >> 20) & 0xFFFFF > row
                                    || ((k >> 20) & 0xFFFFF == row && k & 0xFFFFF >= column)
                            } ?? grid.classCells[c + 1]
                        XCTAssertEqual(
                            Int(grid.rowFirstCell[grid.rowIndexStart[c] + r * grid.rowBlocks[c] + b]), expected,
                            "class \(c), row \(r), block \(b)")
                    }
                }
            }
            var searched = grid
            searched.rowIndexStart = [Int](repeating: -1, count: PlaceGrid.classCount)
            func cells(_ grid: PlaceGrid, _ p: GeoPoint, _ r: Double) -> [Int] {
                var found: [Int] = []
                grid.forEachCell(around: p, cutoff: { _ in r }) { i, _ in found.append(i) }
                return found
            }
            // The first and last rows of each blocked class, well west and east of its places.
            var probes: [GeoPoint] = []
            for c in blocked {
                let height = Double(grid.cellE7[c]) / 1e7
                for r in [0, grid.rowIndexRows[c] - 1] {
                    let latitude = (Double(grid.rowIndexMin[c] + r) + 0.5) * height - 90
                    for dl in [-5.0, -1, 1, 5] {
                        probes.append(GeoPoint(latitude: latitude, longitude: centre.longitude + dl * 3))
                    }
                }
            }
            for p in probes {
                for r in [10.0, 3_000] {
                    XCTAssertEqual(cells(grid, p, r), cells(searched, p, r), "\(centre), probe \(p)")
                }
            }
            store.coords.withUnsafeBufferPointer { coords in
                for round in 0..<400 {
                    let p = destination(from: centre, bearing: rng.unit() * 360, metres: 260_000 * rng.unit())
                    let r = [10.0, 200, 1_500, 12_000, 90_000][round % 5]
                    XCTAssertEqual(cells(grid, p, r), cells(searched, p, r), "\(centre), round \(round), \(r) m")
                    grid.prefetch(around: p, cutoff: { _, _ in r }, coords: coords)
                }
                for p in [
                    GeoPoint(latitude: 90, longitude: 0), GeoPoint(latitude: -89, longitude: 180),
                    GeoPoint(latitude: centre.latitude, longitude: -180), GeoPoint(latitude: .nan, longitude: 0),
                    GeoPoint(latitude: 0, longitude: .infinity), centre,
                ] {
                    for r in [0.0, 1, 5_000, 1e7, .infinity, .nan] {
                        grid.prefetch(around: p, cutoff: { _, _ in r }, coords: coords)
                    }
                }
            }
            for round in 0..<30 {
                let p = destination(from: centre, bearing: rng.unit() * 360, metres: 200_000 * rng.unit())
                assertSameRanking(store, at: p, accuracy: [5.0, 100][round % 2], "\(centre), round \(round)")
            }
        }
    }

    /// The row index finds the same cells, in the same order, as a binary search of each
    /// class's keys; and a class whose latitudes span more than a grid row for every four of its
    /// places (a city and a few places far away) goes without one.
    func testRowIndexFindsTheSameCellsAsTheBinarySearch() {
        var rng = SeededRandom(seed: 41)
        var store = randomStore(
            20_000, around: GeoPoint(latitude: -33.8688, longitude: 151.2093), spread: 15_000, rng: &rng)
        var searched = store.grid
        searched.rowIndexStart = [Int](repeating: -1, count: PlaceGrid.classCount)
        let used = (0..<PlaceGrid.classCount).filter { store.grid.classCells[$0] < store.grid.classCells[$0 + 1] }
        XCTAssertGreaterThan(used.count, 5)
        XCTAssertEqual(used.filter { store.grid.rowIndexStart[$0] >= 0 }, used, "every class with places indexed")
        func cells(_ grid: PlaceGrid, _ p: GeoPoint, _ r: Double) -> [Int] {
            var found: [Int] = []
            grid.forEachCell(around: p, cutoff: { _ in r }) { i, _ in found.append(i) }
            return found
        }
        for round in 0..<400 {
            let p = destination(
                from: GeoPoint(latitude: -33.8688, longitude: 151.2093), bearing: rng.unit() * 360,
                metres: 25_000 * rng.unit())
            let r = [10.0, 200, 1_500, 12_000][round % 4]
            let indexed = cells(store.grid, p, r)
            XCTAssertEqual(indexed, cells(searched, p, r), "round \(round), \(r) m")
            if r >= 1_500 && distance(p, GeoPoint(latitude: -33.8688, longitude: 151.2093)) < 12_000 {
                XCTAssertFalse(indexed.isEmpty, "round \(round)")
            }
        }
        // Ten small places in San Francisco: the smallest class now spans 72° of latitude in
        // rows of 0.001°, more rows than places, so it has no index; the search is still exact.
        store.merge(
            (0..<10).map {
                PlaceRecord(
                    id: "sf\($0)", name: "SF \($0)", latitude: 37.77 + Double($0) * 1e-3, longitude: -122.42,
                    types: ["cafe"], radius: 3)
            }, source: "far")
        store.rebuildIndex()
        XCTAssertEqual(store.grid.rowIndexStart[0], -1, "no index for a class of two cities far apart")
        XCTAssertLessThanOrEqual(store.grid.rowFirstCell.count * 4, store.count, "at most a byte a place")
        for round in 0..<40 {
            let p = destination(
                from: GeoPoint(latitude: -33.8688, longitude: 151.2093), bearing: rng.unit() * 360,
                metres: 25_000 * rng.unit())
            for accuracy in [5.0, 100] { assertSameRanking(store, at: p, accuracy: accuracy, "far, round \(round)") }
        }
    }

    private struct Keyed: KeyedEntry, Equatable {
        var key: UInt64
        var payload: Int
    }

    /// A row bucket sorted by column (counting when the columns are narrow, comparing when they
    /// are spread) is the bucket sorted by key, and equal columns keep their rows' order.
    func testBucketsSortByColumnThenRow() {
        var rng = SeededRandom(seed: 9)
        var sorted: [Keyed] = []
        var counts: [Int] = []
        for round in 0..<300 {
            let count = Int(rng.next() % 200)
            let spread: UInt64 = [1, 8, 300, 5_000, 1 << 20][round % 5]
            let base = spread == 1 << 20 ? 0 : rng.next() % ((1 << 20) - spread)
            var row: UInt64 = 0
            let entries = (0..<count).map { k -> Keyed in
                row += 1 + rng.next() % 3
                return Keyed(key: (base + rng.next() % spread) << 32 | row, payload: k)
            }
            PlaceGrid.sortByColumn(entries, into: &sorted, counts: &counts)
            XCTAssertEqual(sorted, entries.sorted { $0.key < $1.key }, "round \(round)")
        }
    }

    /// `firstCell` (a guess from the row's end keys, a gallop, a binary search of the bracket)
    /// finds the same cell as a plain binary search, for every key in and around the cells of
    /// even, clustered and lopsided rows, any slice of them, and rows too short to guess in.
    func testFirstCellIsTheLowerBound() {
        var rng = SeededRandom(seed: 7)
        func lowerBound(_ keys: [UInt64], _ key: UInt64, _ lo: Int, _ hi: Int) -> Int {
            var a = lo
            var b = hi
            while a < b {
                let mid = (a + b) >> 1
                if keys[mid] < key { a = mid + 1 } else { b = mid }
            }
            return a
        }
        var layouts: [[UInt64]] = []
        for n in [0, 1, 2, 8, 9, 10, 17, 100, 3_000] {
            // Even: every third column.
            layouts.append((0..<n).map { UInt64($0) * 3 + 5 })
            // Clustered: two dense groups far apart.
            layouts.append((0..<n).map { $0 < n / 2 ? UInt64($0) : 900_000 + UInt64($0) })
            // Lopsided: gaps that grow geometrically, one cell far off at the end.
            layouts.append((0..<n).map { $0 == n - 1 ? 100_000_000 : UInt64($0 * $0) })
            // Random columns.
            var cols = Set<UInt64>()
            while cols.count < n { cols.insert(UInt64(rng.below(1 << 20))) }  // safe: a small bound
            layouts.append(cols.sorted())
        }
        var checked = 0
        for keys in layouts {
            var grid = PlaceGrid()
            grid.cellKeys = keys
            let probes = Set(keys.flatMap { [$0 &- 1, $0, $0 + 1] } + [0, 2_000_000])
            let slices = [(0, keys.count), (keys.count / 3, keys.count), (0, keys.count * 2 / 3)]
            for (lo, hi) in slices {
                for key in probes {
                    XCTAssertEqual(
                        grid.firstCell(atLeast: key, from: lo, to: hi), lowerBound(keys, key, lo, hi),
                        "\(keys.count) cells, \(lo)..<\(hi), key \(key)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 50_000)
    }

    /// Each cell's prior bound is at least the prior of every place in it, and at most the
    /// store's highest, also after a place is replaced in its cell by one of a higher prior.
    func testCellPriorBoundsEveryPlaceInTheCell() {
        var rng = SeededRandom(seed: 42)
        var store = randomStore(5_000, around: GeoPoint(latitude: 48.8566, longitude: 2.3522), spread: 3_000, rng: &rng)
        func check(_ message: String) -> Int {
            let grid = store.grid
            var tight = 0
            for i in 0..<grid.cellKeys.count {
                let bound = grid.priorBound(i, maxPrior: store.maxPrior)
                XCTAssertLessThanOrEqual(bound, store.maxPrior, message)
                var highest = 0.0
                for k in grid.cellRows(i) { highest = max(highest, store.prior(at: grid.orderRow(k))) }
                XCTAssertGreaterThanOrEqual(bound, highest, "cell \(i), \(message)")
                if bound < store.maxPrior { tight += 1 }
            }
            return tight
        }
        XCTAssertGreaterThan(check("as built"), 0, "some cells bounded below the store's highest prior")
        // A café replaced, in place, by a tourist attraction (prior 1.5): its cell's bound rises.
        let row = (0..<store.count).first { store.prior(at: $0) == 1.2 }!
        var place = store.place(at: row)
        place.types = ["tourist_attraction"]
        store.merge(
            [
                PlaceRecord(
                    id: place.id, name: place.name, latitude: place.coordinate.latitude,
                    longitude: place.coordinate.longitude, types: place.types, radius: place.radius)
            ], source: "random")
        XCTAssertEqual(store.prior(at: row), 1.5)
        _ = check("after the replacement")
    }

    func testMatchesBruteForceInACity() {
        var rng = SeededRandom(seed: 1)
        let centre = GeoPoint(latitude: -33.87, longitude: 151.2)
        let store = randomStore(4000, around: centre, spread: 3000, rng: &rng)
        for round in 0..<120 {
            let p = destination(from: centre, bearing: rng.unit() * 360, metres: 3500 * rng.unit())
            for accuracy in accuracies {
                assertSameRanking(store, at: p, accuracy: accuracy, "round \(round), ±\(accuracy) m")
            }
            assertSameNear(
                store, at: p, radius: [10.0, 100, 250, 1000, 5000][round % 5], limit: [5, 50, 10_000][round % 3],
                "near \(round)")
        }
    }

    /// A query's temporary room (the read-ahead's rows, coordinates and cells' ends,
    /// `prefetch`'s rows and cells, the lists of the best places) fits in what the runtime
    /// puts on the stack, which it does: larger room would be allocated from the heap for every
    /// query. And every read before the list is full (a quarter of `readAheadLimit`) fits in
    /// the stack's room.
    func testAQueryTemporaryRoomIsOnTheStack() {
        let most = PlaceGrid.stackRoomBytes
        XCTAssertLessThanOrEqual(MemoryLayout<UInt32>.stride * PlaceGrid.ReadAhead.stackPlaces, most)
        XCTAssertLessThanOrEqual(MemoryLayout<PlaceStore.Coord>.stride * PlaceGrid.ReadAhead.stackPlaces, most)
        XCTAssertLessThanOrEqual(MemoryLayout<UInt32>.stride * PlaceGrid.readAheadLimit, most)
        XCTAssertLessThanOrEqual(MemoryLayout<PlaceGrid.PrefetchStart>.stride * PlaceGrid.prefetchStarts, most)
        XCTAssertLessThanOrEqual(MemoryLayout<(Int, Int)>.stride * PlaceGrid.prefetchRanges, most)
        XCTAssertGreaterThanOrEqual(PlaceGrid.ReadAhead.stackPlaces, PlaceGrid.readAheadLimit / 4)
        // The lists of the best places so far, one entry more than the most they return.
        XCTAssertLessThanOrEqual(
            MemoryLayout<LikelihoodSearch.Best.Entry>.stride * (SimulationChoices.maximumLikelihoods + 1), most)
        XCTAssertLessThanOrEqual(
            MemoryLayout<NearbyIndexSearch.Top.Entry>.stride * (NearbySettings.maxResultRange.upperBound + 1), most)
        // Room of `stackRoomBytes` lies beside this frame's own variables, not in the heap.
        var local = 0
        let here = withUnsafeMutablePointer(to: &local) { UInt(bitPattern: $0) }
        let room = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: most) { UInt(bitPattern: $0.baseAddress) }
        XCTAssertLessThan(max(here, room) - min(here, room), 1 << 16, "room of \(most) bytes is not on the stack")
    }

    /// A search's list of cells keeps every cell, in order, as it outgrows the stack's room
    /// into the heap (twice), sorts in place, and starts again empty; with values that own
    /// memory too (each moved, none lost or freed twice).
    func testCellListGrowsFromTheStackIntoTheHeap() {
        typealias Cell = (bound: Double, cell: Int)
        let n = PlaceGrid.CellList<Cell>.stackCells * 3 + 1
        PlaceGrid.CellList<Cell>.with { list in
            for k in 0..<n { list.append((Double((k * 7) % n), k)) }
            XCTAssertEqual(list.count, n)
            XCTAssertEqual(list.cells.map(\.cell), Array(0..<n))
            list.sort { $0.bound < $1.bound }
            XCTAssertEqual(list.cells.map(\.bound), (0..<n).map(Double.init))
            list.removeAll()
            XCTAssertEqual(list.count, 0)
            list.append((1, 42))
            XCTAssertEqual(list.cells.map(\.cell), [42])
        }
        let names = (0..<(PlaceGrid.CellList<String>.stackCells * 2 + 3)).map { "cell number \($0) of a list" }
        PlaceGrid.CellList<String>.with { list in
            for name in names { list.append(name) }
            XCTAssertEqual(Array(list.cells), names)
        }
    }

    /// Cells holding more places than a read-ahead's room (`PlaceGrid.readAheadLimit`): a
    /// food court of hundreds within metres, read into room on the heap, with cells of fewer
    /// before and after it read into the stack's again, in one query. (Reads of more than the
    /// stack's `ReadAhead.stackPlaces` but at most `readAheadLimit` go to the heap too.)
    func testMatchesBruteForceWhereOneCellHoldsMoreThanAReadAhead() {
        var rng = SeededRandom(seed: 6)
        let centre = GeoPoint(latitude: -33.8731, longitude: 151.2065)
        var records: [PlaceRecord] = []
        for (k, count) in [(0, 700), (1, 257), (2, 256), (3, 40)] {
            let court = destination(from: centre, bearing: Double(k) * 90, metres: Double(k) * 400)
            for i in 0..<count {
                let p = destination(from: court, bearing: rng.unit() * 360, metres: 15 * rng.unit())
                records.append(
                    PlaceRecord(
                        id: "c\(k)-\(i)", name: "Stall \(i)", latitude: p.latitude, longitude: p.longitude,
                        types: [["restaurant", "cafe", "bakery"][rng.below(3)]], radius: 2 + 20 * rng.unit()))
            }
        }
        let store = PlaceStore(records: records, source: "courts")
        XCTAssertGreaterThan(
            (0..<(store.grid.cellStarts.count - 1)).map { store.grid.cellRows($0).count }.max() ?? 0,
            PlaceGrid.readAheadLimit, "a cell holds more than a read")
        for round in 0..<40 {
            let p = destination(from: centre, bearing: rng.unit() * 360, metres: 1300 * rng.unit())
            for accuracy in accuracies {
                assertSameRanking(store, at: p, accuracy: accuracy, "round \(round), ±\(accuracy) m")
            }
            assertSameNear(
                store, at: p, radius: [20.0, 300, 2000][round % 3], limit: [20, 1000][round % 2], "near \(round)")
            // Nearby Search (New) reads ahead the same way, by popularity and by distance.
            for rank in NearbyRank.allCases {
                var settings = NearbySettings()
                settings.radius = [50.0, 500, 2000][round % 3]
                settings.rank = rank
                settings.maxResultCount = 20
                XCTAssertEqual(
                    NearbyModel.search(store, center: p, settings: settings).map(\.place.id),
                    NearbyModel.search(store.places, center: p, settings: settings).map(\.place.id),
                    "nearby \(rank) \(round)")
            }
        }
    }

    func testMatchesBruteForceAcrossTheAntimeridian() {
        var rng = SeededRandom(seed: 2)
        let fiji = GeoPoint(latitude: -16.5, longitude: 179.999)
        let store = randomStore(3000, around: fiji, spread: 8000, rng: &rng)
        XCTAssertTrue(store.places.contains { $0.coordinate.longitude < 0 }, "the data cross the line")
        for round in 0..<80 {
            let p = GeoPoint(
                latitude: -16.5 + rng.double(in: -0.05...0.05),
                longitude: [179.9999, -179.9999, 180, -180, 179.95][round % 5])
            for accuracy in accuracies { assertSameRanking(store, at: p, accuracy: accuracy, "round \(round) at \(p)") }
            assertSameNear(store, at: p, radius: [50.0, 500, 5000][round % 3], limit: 1000, "near \(round)")
        }
    }

    func testMatchesBruteForceAtHighLatitudesAndThePoles() {
        var rng = SeededRandom(seed: 3)
        for centre in [
            GeoPoint(latitude: 78.22, longitude: 15.65),  // Longyearbyen
            GeoPoint(latitude: 89.995, longitude: 0),  // the North Pole
            GeoPoint(latitude: -89.99, longitude: 139.27),  // the South Pole station
            GeoPoint(latitude: 84, longitude: -179.99),
        ] {
            let store = randomStore(1500, around: centre, spread: 4000, rng: &rng)
            for round in 0..<40 {
                let p = destination(from: centre, bearing: rng.unit() * 360, metres: 4000 * rng.unit())
                for accuracy in accuracies {
                    assertSameRanking(store, at: p, accuracy: accuracy, "\(centre) round \(round)")
                }
                assertSameNear(
                    store, at: p, radius: [30.0, 300, 3000, 30_000][round % 4], limit: 2000, "near \(centre) \(round)")
            }
        }
    }

    func testMatchesBruteForceWorldwide() {
        // Sparse places all over the globe, queried with huge accuracies too: the grid's
        // continent-wide path.
        var rng = SeededRandom(seed: 4)
        var records: [PlaceRecord] = []
        for i in 0..<3000 {
            records.append(
                PlaceRecord(
                    id: "w\(i)", name: "W\(i)", latitude: rng.double(in: -90...90),
                    longitude: rng.double(in: -180...180), radius: rng.double(in: 1...6000)))
        }
        let store = PlaceStore(records: records, source: "world")
        for round in 0..<60 {
            let p = GeoPoint(latitude: rng.double(in: -90...90), longitude: rng.double(in: -180...180))
            for accuracy in [5.0, 3000, 200_000, 2_000_000, 1e9] {
                assertSameRanking(store, at: p, accuracy: accuracy, "round \(round)")
            }
            assertSameNear(store, at: p, radius: [1e5, 1e6, 2e7][round % 3], limit: 100, "near \(round)")
        }
    }

    func testStaysExactThroughChanges() {
        var rng = SeededRandom(seed: 5)
        let centre = GeoPoint(latitude: 37.7749, longitude: -122.4194)
        var store = randomStore(3000, around: centre, spread: 2000, rng: &rng)
        func check(_ what: String) {
            for _ in 0..<10 {
                let p = destination(from: centre, bearing: rng.unit() * 360, metres: 2000 * rng.unit())
                for accuracy in [5.0, 100, 3000] { assertSameRanking(store, at: p, accuracy: accuracy, what) }
                assertSameNear(store, at: p, radius: 400, limit: 500, what)
            }
        }
        // One at a time (pending places, looked at one by one), then past the pending limit.
        for i in 0..<50 {
            let p = destination(from: centre, bearing: rng.unit() * 360, metres: 2000 * rng.unit())
            store.add(
                PlaceRecord(
                    id: "added\(i)", name: "Added \(i)", latitude: p.latitude, longitude: p.longitude,
                    radius: rng.double(in: 1...700)), source: "add")
        }
        XCTAssertGreaterThan(store.count - store.grid.indexedCount, 0, "some are pending")
        check("after adds")
        // Replacements that move places across cells and size classes.
        var moved: [PlaceRecord] = []
        for i in stride(from: 0, to: 3000, by: 7) {
            let p = destination(from: centre, bearing: rng.unit() * 360, metres: 2000 * rng.unit())
            moved.append(
                PlaceRecord(
                    id: "r\(i)", name: "Moved \(i)", latitude: p.latitude, longitude: p.longitude,
                    radius: rng.double(in: 1...900)))
        }
        XCTAssertEqual(store.merge(moved, source: "moves").replaced, moved.count)
        check("after moves")
        for i in stride(from: 1, to: 3000, by: 5) { store.remove(id: "r\(i)") }
        check("after removals")
        store.merge(PlaceStore.synthetic(count: 2000, around: centre, radius: 2000, seed: 9), source: "more")
        check("after a big merge")
        XCTAssertEqual(store.grid.indexedCount, store.count, "a big batch is indexed at its end")
    }

    func testNearOrdersByDistanceThenID() {
        let here = GeoPoint(latitude: 10, longitude: 10)
        let store = PlaceStore(
            records: ["c", "a", "b"].map { PlaceRecord(id: $0, name: $0, latitude: 10, longitude: 10) }
                + [PlaceRecord(id: "0-far", name: "far", latitude: 10.001, longitude: 10)], source: "t")
        XCTAssertEqual(
            store.near(here, radius: 500, limit: 10).map { store.id(at: $0.index) }, ["a", "b", "c", "0-far"])
        XCTAssertEqual(store.near(here, radius: 500, limit: 2).map { store.id(at: $0.index) }, ["a", "b"])
        XCTAssertEqual(store.near(here, radius: 50, limit: 10).count, 3)
        XCTAssertTrue(store.near(here, radius: 500, limit: 0).isEmpty)
        XCTAssertTrue(PlaceStore().near(here, radius: 500, limit: 5).isEmpty)
    }

    func testTheServiceUsesTheIndexedRanking() {
        var store = PlaceStore.builtin
        for p in LocationPreset.all {
            for accuracy in [5.0, 65, 3000] { assertSameRanking(store, at: p.coordinate, accuracy: accuracy, p.name) }
        }
        store.generate(
            count: 5000, around: GeoPoint(latitude: -33.8688, longitude: 151.2093), radius: 3000, seed: 1, source: "gen"
        )
        for p in LocationPreset.all {
            assertSameRanking(store, at: p.coordinate, accuracy: 5, "\(p.name) with 5,000 more")
        }
    }
}
