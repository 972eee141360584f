import CPrefetch
import PlaceFormats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The spatial index of a `PlaceStore`: sorted grid cells over latitude and longitude, one grid
/// per size class of place, each cell knowing the largest radius in it.
///
/// Design note.
/// - Why a grid and not a k-d tree or an R-tree: a likelihood query is a disc of a known radius,
///   the data are points, and what matters is build time and bytes per place. A grid sorted by
///   cell is one `UInt32` per place (the rows in cell order) plus 18 bytes per non-empty cell,
///   builds in O(n) with two counting passes and a sort of each small row bucket (a million
///   places: tens of milliseconds, against hundreds for a k-d tree), and answers a disc by
///   binary-searching the cells of each grid row the disc crosses. A k-d tree would need the
///   coordinates copied into tree order or 8 more bytes a place, and rebuilds no faster.
/// - Why size classes: a place is a candidate within max(3 s, 200 m) where s grows with its
///   radius, so one grid searched with the largest place's cutoff would make a 5 m fix in a
///   city look at every cell within the cutoff of its biggest park. Places are split by radius
///   (≤ 30 m, ≤ 60, ≤ 120, ≤ 250, ≤ 500 m, ≤ 1, ≤ 2, ≤ 4 km, larger: within a class the radii
///   differ at most twofold but for the first and last), each class's cells are sized to its
///   search (0.001° ≈ 110 m for small places … 0.064°), and a class is enumerated with the cutoff
///   of its largest place: a few dozen cells per class, whatever the largest place of all.
/// - Why each cell carries its largest radius (`cellMaxR`) and its highest prior
///   (`cellPrior`, one byte): the class bound only says which cells to look at. A cell whose
///   nearest possible point (`cellDistanceBound`, a lower bound of the haversine distance to
///   anything in it) lies beyond max(3 s, 200 m) of its own largest place holds no candidate,
///   and the best weight anything in it can reach is `prior · exp(−dmin² / 2 s²)` with that s
///   and the cell's prior. The likelihood query (`LikelihoodModel.rank`)
///   goes class by class, smallest places first, scores each class's cells best bound first
///   and stops at the first whose bound cannot beat the 20th place so far; and it enumerates a
///   class's cells no farther than where its largest place could still beat that 20th
///   (s·√(2 ln(maxPrior / w20)), so the search narrows as the list fills). A dense city costs
///   the few cells around the fix, and one kilometre-wide park costs only the cells near it. The result is exact, bit for bit: the likelihoods are
///   normalised over the 20 returned (W of the top 20 + elsewhere), not over every candidate,
///   so the places never scored cannot change a number; a cell is skipped only when nothing in
///   it can be a candidate or outrank the 20th (bound below its weight, or equal with a nearer
///   20th); the bound's arithmetic is the scoring's, monotone, with a metre and 1e-9 of margin.
/// - What a query pays for, once the cells are few: memory, not arithmetic. A cell's places lie
///   anywhere in the store, so each one's coordinate is a cache miss. Both searches read a
///   class's cells ahead in one loop of loads (`ReadAhead`, up to 256 places), so dozens of
///   misses are in flight at once, before they look at any; a cell's range of places is read
///   when the cell is met, with its radius and prior, not when it is read ahead; a query's grid
///   row is searched from a guess (`firstCell`), not halved a dozen times; and once its list is
///   full the likelihood query drops a place whose weight cannot reach the 20th's from a bound
///   of its distance made without trigonometry (`LikelihoodSearch.distanceBound`), as
///   `cellDistanceBound` is. Keeping coordinates in cell order would save the misses but cost
///   12 bytes a place.
/// - Classes one after another wait for memory one after another: in each, a cell's numbers,
///   then its entries in `order`, then its places' coordinates, each miss waiting for the last.
///   In a sparse area (a country) that chain, in every class with places near the fix, was
///   most of a query. So both searches first ask for all of it in every class at once
///   (`prefetch`: three rounds of hints, each waiting only for the one before), and a row of
///   hundreds of cells is indexed by blocks of columns (`rowBlocks`), so that the cell a search
///   starts from is one read away, with no search of the row that waits for misses in turn.
/// - Why each place's entry in `order` carries its spot in its cell (`spot`: which sixteenth of
///   the cell's height and of its width it lies in, in the entry's top byte while rows fit in
///   24 bits, `spotted`): a sparse class's cells are kilometres wide (a country's hold a dozen
///   places in cells of 2 to 30 km), so a search of a couple of hundred metres read every place
///   of the few cells around the fix, a hundred coordinates from anywhere in the store, to keep
///   three. Each class's search comes with the box its disc lies in (the latitudes and
///   longitudes `forEachCell` already works out), each cell's spots within that box are a pair
///   of 16-bit masks (`spotWindow`), and a place whose spot lies outside is skipped from its
///   entry alone, which the cell's read already brought: its coordinate is neither asked for
///   ahead nor read. The box is the disc's bound, widened by a unit of the stored integers, so
///   no place within the search is ever skipped; a box across the ±180° line or reaching a pole
///   keeps every longitude. The byte costs nothing: a store of fewer than 2^24 places leaves
///   the top byte of every entry free (a larger one goes without spots, `spotRowLimit`).
/// - Why each cell also carries a popularity bound (`cellBest`: the highest popularity of its
///   places, rounded up to a 254th of the highest any place can have, as a Float: 4 bytes a
///   cell): Nearby Search (New) ranks by popularity, which no distance bounds; with it, a
///   search visits a circle's cells best first and stops at the first that cannot beat its
///   last place, as the likelihood query does (`NearbyModel`'s note). The build computes each
///   place's popularity in its first pass, in row order (one byte a place while it builds),
///   so it never fetches the slots at random.
/// - Cell sizes grow with sparseness: a class's cell doubles while its places would average
///   fewer than `placesPerCell` per non-empty cell (counted, approximately, by hashing the
///   cells into a bitmap), so a country or the world does not pay 18 bytes of cell for every
///   place, while places far apart (Sydney and San Francisco in one store) do not coarsen the
///   cells of either city, as a bounding box would.
/// - Cells are whole 1e-7-degree integers (`rows × cols` of `cellE7`), so a place's cell is
///   computed from its stored integers without rounding doubt.
/// - Near the poles a cell shrinks east–west; the disc's longitude half-width is the exact
///   spherical bound asin(sin ρ / cos φ) (ρ: angular radius), and when the disc reaches a pole
///   (or that bound reaches 90°) every longitude of the rows it crosses is searched. Rows are
///   visited through the sorted cell keys, so an empty longitude costs nothing.
/// - The ±180° line: a longitude range that crosses it is split in two. 180° and −180° share a
///   column.
/// - Changes: places appended since the last build ("pending", the highest rows) are looked at
///   one by one by every query until there are more than `pendingLimit`, then the grid is built
///   again; a place replaced by one in another cell, or a batch that appended many, rebuilds it
///   at the end of the batch (the store calls `update`); a place replaced in its cell by a larger
///   one raises the cell's radius. Removal renumbers in place (a cell's radius stays an upper
///   bound). So a load or merge pays one build, and `places add` one at a time stays cheap.
package struct PlaceGrid: Sendable {
    /// Upper radius bound of each size class, in decimetres.
    // safe: below 2^16
    package static let classLimits: [UInt16] = (0..<8).map { UInt16(sizeLimits[$0]) } + [UInt16.max]
    /// The same bounds but the last (UInt16.max, which no radius exceeds), in 32-bit lanes for
    /// `sizeClass`: a computed literal, which the compiler folds into the comparison.
    @inline(__always) package static var sizeLimits: SIMD8<Int32> {
        SIMD8(300, 600, 1200, 2500, 5000, 10_000, 20_000, 40_000)
    }
    /// The finest cell of each class's grid, in 1e-7 degrees: about the size of the class's
    /// largest places (0.0005° ≈ 55 m for the smallest), so that the cells a query scores hold
    /// few places it did not need.
    package static let baseCellE7: [Int64] = [5_000, 5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 640_000]
    package static let classCount = 9
    /// Places appended since the last build that queries look at one by one, at most.
    package static let pendingLimit = 1024

    /// Rows in cell order (class, grid row, grid column, then row).
    package var order: [UInt32] = []
    /// The non-empty cells' keys (`class << 40 | row << 20 | col`), ascending.
    package var cellKeys: [UInt64] = []
    /// Where each cell's rows start in `order`; one more entry than cells.
    package var cellStarts: [UInt32] = [0]
    /// The largest radius in each cell (decimetres): its search bound and weight bound.
    package var cellMaxR: [UInt16] = []
    /// At least the popularity (`PopularityModel`) of every place in each cell
    /// (`popularityBound`): what Nearby Search (New) ranks cells by (`NearbyModel`'s note).
    package var cellBest: [Float] = []
    /// The highest prior of each cell's places in hundredths, rounded up (255: 2.55 or more):
    /// with the cell's nearest point and largest radius, the best weight anything in it can
    /// have (`priorBound`). A bound by the store's highest prior (a tourist attraction's 1.5)
    /// kept cells of cafés and shops in the likelihood query long after they could not place.
    package var cellPrior: [UInt8] = []
    /// The highest `cellBest` of each class: a class below the 20th place is not enumerated.
    package var classBest = [Double](repeating: 0, count: classCount)
    /// The first cell of each class; `classCount + 1` entries.
    package var classCells = [Int](repeating: 0, count: classCount + 1)
    /// The largest radius in each class (decimetres), indexed or pending: what its search uses.
    package var classMax = [UInt16](repeating: 0, count: classCount)
    /// Each class's cell size at the last build: the base size, doubled while the class's places
    /// would average fewer than `placesPerCell` per non-empty cell, so sparse data (a country,
    /// the world) do not pay 18 bytes of cell for every place.
    package var cellE7 = baseCellE7 {
        didSet { cellReciprocals = cellE7.map(Self.reciprocal) }
    }
    /// Each class's `reciprocal(cellE7[c])`, by which `row` and `col` divide.
    private(set) var cellReciprocals = baseCellE7.map(PlaceGrid.reciprocal)
    package static let placesPerCell = 4.0
    /// Where each grid row's cells begin in `cellKeys`, for the classes that have such an index
    /// (`rowIndexStart[c] >= 0`): the entries for rows `rowIndexMin[c]` on, one more than the
    /// class has rows. A query's row then goes straight to its few cells, where a binary search
    /// of the class's keys took a dependent cache miss at each of its last steps. A class whose
    /// latitudes span more than a row for every four of its places (two cities far apart, in
    /// small cells) has none, so the index never costs more than a byte a place.
    ///
    /// Where a class's rows hold many cells (a country's, hundreds to a row), each row is split
    /// into blocks of `1 << rowBlockShift[c]` columns from `rowBlockColumn[c]`, and the index has
    /// an entry for each block (`rowBlocks[c]` a row; then the rows' entries follow each other,
    /// and the row after a row's last block is where its cells end): a query's columns go
    /// straight to the block's first cell, where guessing and galloping in a row of hundreds
    /// took two or three cache misses more, each waiting on the last, in each class. The
    /// blocks are as narrow as a byte of index for every four places of the class allows (eight
    /// columns at the narrowest).
    package var rowFirstCell: [UInt32] = []
    package var rowIndexStart = [Int](repeating: -1, count: classCount)
    package var rowIndexMin = [Int](repeating: 0, count: classCount)
    package var rowIndexRows = [Int](repeating: 0, count: classCount)
    package var rowBlocks = [Int](repeating: 1, count: classCount)
    package var rowBlockShift = [Int](repeating: 0, count: classCount)
    package var rowBlockColumn = [Int](repeating: 0, count: classCount)
    /// Rows below this are in `order`; the rest are pending.
    package var indexedCount = 0
    /// A replaced place moved to another cell: the next `update` rebuilds.
    package var stale = false
    /// Whether each entry of `order` carries, in its top byte, its place's spot in its cell
    /// (`spot`): the built store had fewer than 2^24 places, so a row takes the low 24 bits.
    /// Read a row of `order` through `rowMask` (`orderRow`).
    package var spotted = false
    /// A build of fewer places than this spots them: 2^24, the rows that leave a byte of an
    /// entry free (tests lower it to build a grid without spots).
    package var spotRowLimit = 1 << 24
    /// The bits of an entry of `order` that hold its row.
    @inline(__always) package var rowMask: UInt32 { spotted ? 0x00FF_FFFF : .max }
    /// The row of entry `k` of `order`.
    @inline(__always) package func orderRow(_ k: Int) -> Int { Int(order[k] & rowMask) }  // safe: widens

    /// Bytes the grid holds (capacity not counted).
    package var bytes: Int {
        order.count * 4 + cellKeys.count * 8 + cellStarts.count * 4 + cellMaxR.count * 2 + cellBest.count * 4
            + cellPrior.count
            + rowFirstCell.count * 4
    }

    /// A cell's popularity bound from the highest code of its places (popularity × `scale`,
    /// rounded up): at least the popularity of any of them, with 1e-9 of margin for rounding.
    @inline(__always) package static func popularityBound(_ code: UInt8, _ scale: Double) -> Float {
        roundedUp(Double(code) / scale * (1 + 1e-9))
    }

    /// `clampedInt(t.rounded(.up), 0...255)` as a byte, without the C library's `ceil`: 0 for
    /// NaN and anything not above 0, 255 from 254 up (a popularity code).
    @inline(__always) package static func codeRoundedUp(_ t: Double) -> UInt8 {
        guard t > 0 else { return 0 }
        guard t < 255 else { return 255 }
        let whole = UInt8(truncatingIfNeeded: Int(t))  // safe: 0 ≤ t < 255, checked above
        return Double(whole) < t ? whole + 1 : whole
    }

    /// `x` as a Float no smaller than it: a bound stays a bound.
    @inline(__always) package static func roundedUp(_ x: Double) -> Float {
        let f = Float(x)
        return Double(f) < x ? f.nextUp : f
    }

    /// A cell's prior code (`cellPrior`) for a place of prior `prior`.
    @inline(__always) package static func priorCode(_ prior: Double) -> UInt8 {
        UInt8(truncatingIfNeeded: clampedInt((prior * 100).rounded(.up), 0...255))
    }

    /// At least the prior of every place in cell `i`, and at most `maxPrior`, the store's highest.
    @inline(__always) package func priorBound(_ i: Int, maxPrior: Double) -> Double {
        let code = cellPrior[i]
        return code == 255 ? maxPrior : min(maxPrior, Double(code) / 100 * (1 + 1e-9))
    }

    /// The size class of a place of radius `radius` (decimetres): how many of `classLimits` lie
    /// below it, counted in one vector comparison, without a branch: the classes of places read
    /// in store order are random, and a loop's exit (or a chain of tests) would mispredict at
    /// most places of a build.
    @inline(__always) package static func sizeClass(_ radius: UInt16) -> Int {
        let above = SIMD8<Int32>(repeating: Int32(radius)) .> sizeLimits  // safe: widens
        // A true lane is all ones (−1): the sum is minus the count.
        return -Int(unsafeBitCast(above, to: SIMD8<Int32>.self).wrappedSum())  // safe: 0…8
    }

    /// How far, in 1e-7 degrees either side of a point at `latitudeE7`, anything within `metres`
    /// of it can lie north or south: `metres` over the metres in a degree of latitude (R·|Δφ|
    /// never exceeds the great-circle distance), with a millionth and a unit (a centimetre) to
    /// spare for rounding, so that a place outside the band is one a search drops by latitude.
    /// Nil when a cell `cellHeight` tall is under twice the band's height (a dense city's: the
    /// test would drop few of its places), or when the band or the point is not finite.
    @inline(__always) package static func latitudeBand(within metres: Double, latitudeE7: Double, cellHeight: Double)
        -> Double?
    {
        let band = metres * (1 + 1e-6) / (earthRadius * .pi / 180) * 1e7 + 1
        guard band.isFinite && latitudeE7.isFinite && cellHeight > 4 * band else { return nil }
        return band
    }

    /// ⌈2^64 / `size`⌉ for a cell size of 2…2^32 − 1: the multiplier by which `quotient`
    /// divides by `size`.
    package static func reciprocal(_ size: Int64) -> UInt64 {
        precondition(size > 1 && size < 1 << 32, "a cell of \(size) 1e-7 degrees")
        return UInt64.max / UInt64(size) + 1  // safe: positive, checked above
    }

    /// `n / size` for `n` ≥ 0, with `m` = `reciprocal(size)`: for `n` below 2^32 the high word of
    /// `m · n`, which is the quotient exactly for any 32-bit `n` and `size` (Lemire, Kaser and
    /// Kurz, "Faster remainder by direct computation", 2019), instead of a division, which takes
    /// tens of cycles; a place's row and column are worked out several times in each build.
    @inline(__always) package static func quotient(_ n: Int64, _ size: Int64, _ m: UInt64) -> Int {
        guard n >= 0 && n < 1 << 32 else { return Int(n / size) }  // safe: Int64 is Int here
        return Int(truncatingIfNeeded: m.multipliedFullWidth(by: UInt64(n)).high)  // safe: n ≥ 0, checked above
    }
    /// The grid row of latitude `lat` (1e-7 degrees) in class `c`'s cells.
    @inline(__always) package func row(_ lat: Int32, _ c: Int) -> Int {
        Self.quotient(Int64(lat) + 900_000_000, cellE7[c], cellReciprocals[c])  // safe: Int32 widens
    }
    /// The grid column of longitude `lng` (1e-7 degrees) in class `c`'s cells: −180° and +180°
    /// share one.
    @inline(__always) package func col(_ lng: Int32, _ c: Int) -> Int { Self.col(lng, cellE7[c], cellReciprocals[c]) }
    /// The same for cells `size` wide, `m` = `reciprocal(size)`.
    @inline(__always) package static func col(_ lng: Int32, _ size: Int64, _ m: UInt64) -> Int {
        let n = Int64(lng) + 1_800_000_000  // safe: Int32 widens
        return quotient(n >= 3_600_000_000 ? n - 3_600_000_000 : n, size, m)
    }
    @inline(__always) package static func key(_ c: Int, _ row: Int, _ col: Int) -> UInt64 {
        UInt64(c) << 40 | UInt64(row) << 20 | UInt64(col)  // safe: class, row and col are small and not negative
    }
    package func key(_ coord: PlaceStore.Coord) -> UInt64 {
        let c = Self.sizeClass(coord.radius)
        return Self.key(c, row(coord.lat, c), col(coord.lng, c))
    }

    // MARK: Spots

    /// Where in its cell a place lies, in sixteenths of the cell each way: `subrow << 4 |
    /// subcolumn`, from its stored integers, exactly (`lat`, `lng`: 1e-7 degrees; `row`,
    /// `column`: its cell's, `size` its cells' size, `m` = `reciprocal(size)`).
    @inline(__always) package static func spot(lat: Int32, lng: Int32, row: Int, column: Int, size: Int64, m: UInt64)
        -> UInt8
    {
        let north = Int64(lat) + 900_000_000 - Int64(row) * size  // safe: widens; in 0..<size
        let n = Int64(lng) + 1_800_000_000  // safe: Int32 widens
        let east = (n >= 3_600_000_000 ? n - 3_600_000_000 : n) - Int64(column) * size  // safe: widens; in 0..<size
        let sub = quotient(north << 4, size, m) << 4 | quotient(east << 4, size, m)
        return UInt8(truncatingIfNeeded: sub)  // safe: two numbers 0…15
    }

    /// The spot of a place at `coord` in its cell of this grid.
    package func spot(_ coord: PlaceStore.Coord) -> UInt8 {
        let c = Self.sizeClass(coord.radius)
        return Self.spot(
            lat: coord.lat, lng: coord.lng, row: row(coord.lat, c), column: col(coord.lng, c), size: cellE7[c],
            m: cellReciprocals[c])
    }

    /// Every spot of a cell: `spotWindow`'s answer when it cannot narrow a cell down.
    package static let allSpots: UInt32 = .max

    /// The part of the sphere a search may find anything in, as `spotWindow` reads it: the
    /// latitudes and longitudes in 1e-7 degrees counted from −90° and −180° (the cells' own
    /// origin), a unit beyond the bounds either way; no longitudes when the search reaches a pole
    /// or the ±180° line, where every longitude of its rows is searched.
    package struct SpotBox {
        package var south: Double
        package var north: Double
        package var west: Double
        package var east: Double
        package var everyLongitude: Bool

        /// A box no spot window narrows.
        package static let everything = SpotBox(
            south: -.infinity, north: .infinity, west: 0, east: 0, everyLongitude: true)
    }

    /// The box `forEachCell` searches a class in: latitudes `latLo`…`latHi` (degrees), and
    /// longitudes within `half` degrees of `lng` (wrapped into −180…180) unless `every` (the
    /// search reaches a pole, or spans every longitude of its rows). A box that crosses the ±180°
    /// line keeps every longitude too.
    @inline(__always) package static func spotBox(latLo: Double, latHi: Double, lng: Double, half: Double, every: Bool)
        -> SpotBox
    {
        var box = SpotBox(
            south: (latLo + 90) * 1e7 - 1, north: (latHi + 90) * 1e7 + 1, west: 0, east: 0, everyLongitude: true)
        guard !every else { return box }
        let west = (lng - half + 180) * 1e7 - 1
        let east = (lng + half + 180) * 1e7 + 1
        guard west > 0 && east < 3_600_000_000 else { return box }
        box.west = west
        box.east = east
        box.everyLongitude = false
        return box
    }

    /// Which spots of the cell keyed `key` (of cells `size` 1e-7 degrees) may hold a place in
    /// `box`: the subrows as bits of the high 16, the subcolumns as bits of the low 16. A place
    /// whose spot has neither bit cannot be in the box, and so cannot be within the search.
    /// Rounding goes outwards (the box's unit to spare, and a subrow or subcolumn whose edge is
    /// a hair inside counts), so a place on the box's edge is kept.
    @inline(__always) package static func spotWindow(_ key: UInt64, size: Int64, _ box: SpotBox) -> UInt32 {
        let cell = Double(size)  // safe: a cell size, below 2^32
        // The subrows or subcolumns from `lo` to `hi` (1e-7 degrees from the cell's edge) as bits.
        @inline(__always) func bits(_ lo: Double, _ hi: Double) -> UInt32 {
            guard lo.isFinite && hi.isFinite else { return 0xFFFF }
            let a = clampedFloor(lo * 16 / cell, 15)
            let b = clampedFloor(hi * 16 / cell, 15)
            guard a <= b else { return 0xFFFF }
            return (UInt32(0xFFFF) >> (15 - b + a)) << a  // safe: shifts of 0…15
        }
        let row = Double((key >> 20) & 0xFFFFF) * cell  // safe: masked to 20 bits
        let rows = bits(box.south - row, box.north - row)
        guard !box.everyLongitude else { return rows << 16 | 0xFFFF }
        let col = Double(key & 0xFFFFF) * cell  // safe: masked to 20 bits
        return rows << 16 | bits(box.west - col, box.east - col)
    }

    /// The window of cell `i` (of class `c`) in `box`: every spot when the grid has none.
    @inline(__always) package func spotWindow(cell i: Int, _ c: Int, _ box: SpotBox) -> UInt32 {
        spotted ? Self.spotWindow(cellKeys[i], size: cellE7[c], box) : Self.allSpots
    }

    /// Whether an entry of `order` (spotted) lies in `window`.
    @inline(__always) package static func inWindow(_ entry: UInt32, _ window: UInt32) -> Bool {
        (window >> (16 + (entry >> 28))) & (window >> ((entry >> 24) & 15)) & 1 != 0
    }

    // MARK: Changes

    package mutating func appended(row: Int, radius: UInt16) {
        let c = Self.sizeClass(radius)
        // Written only when it grows: each write checks that the array is not shared.
        if radius > classMax[c] { classMax[c] = radius }
    }

    /// Row `row`, indexed or pending, now holds a place at `new` whose popularity is
    /// `popularity`.
    package mutating func replaced(
        row: Int, old: PlaceStore.Coord, new: PlaceStore.Coord, popularity: Double, prior: Double
    ) {
        let c = Self.sizeClass(new.radius)
        classMax[c] = max(classMax[c], new.radius)
        guard row < indexedCount && !stale else { return }
        let k = key(new)
        if key(old) != k || (spotted && spot(old) != spot(new)) {
            stale = true
        } else {
            // The same cell: raise its radius and popularity bounds.
            var lo = 0
            var hi = cellKeys.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if cellKeys[mid] < k { lo = mid + 1 } else { hi = mid }
            }
            if lo < cellKeys.count && cellKeys[lo] == k {
                cellMaxR[lo] = max(cellMaxR[lo], new.radius)
                cellBest[lo] = max(cellBest[lo], Self.roundedUp(popularity))
                cellPrior[lo] = max(cellPrior[lo], Self.priorCode(prior))
                classBest[c] = max(classBest[c], Double(cellBest[lo]))
            } else {
                stale = true
            }
        }
    }

    /// `row` leaves the store; the rows after it move up by one.
    package mutating func remove(row: Int) {
        let r32 = UInt32(row)  // safe: rows are below 2^32 (checked at build)
        let mask = rowMask
        if row < indexedCount && !stale {
            if let k = order.firstIndex(where: { $0 & mask == r32 }) {
                order.remove(at: k)
                let k32 = UInt32(k)  // safe: an index of order, below 2^32
                for i in cellStarts.indices where cellStarts[i] > k32 { cellStarts[i] -= 1 }
            }
        }
        if row < indexedCount { indexedCount -= 1 }
        // An entry's row is at least 1 where it drops by one: its spot, above, stays.
        for k in order.indices where order[k] & mask > r32 { order[k] -= 1 }
    }

    /// After a batch of changes: rebuild when a place moved cell or too many are pending.
    package mutating func update(_ store: PlaceStore) {
        if stale || store.count - indexedCount > Self.pendingLimit { rebuild(store) }
    }

    /// Builds the grid from scratch: count places per (class, grid row), scatter the rows into
    /// those buckets, sort each bucket by column (`sortByColumn`: counting, unless its columns
    /// are spread wide), and read the cells off the sorted order. O(n) but for the buckets
    /// sorted by comparison, which are small; the only scratch memory is the bucket counts and
    /// one bucket. A bucket's places lie anywhere in the store, so each is fetched once (with
    /// all the cells take of it) and prefetched ahead.
    package mutating func rebuild(_ store: PlaceStore) {
        let n = store.count
        precondition(n < Int(UInt32.max), "more than 4 billion places")  // safe: UInt32.max fits Int
        // Rows fit in 24 bits: each entry of `order` carries its place's spot in the top 8.
        let spots = n < spotRowLimit
        order = []
        cellKeys = []
        cellStarts = []
        cellMaxR = []
        cellBest = []
        cellPrior = []
        var rowMin = [Int](repeating: Int.max, count: Self.classCount)
        var rowMax = [Int](repeating: -1, count: Self.classCount)
        // Each class's latitude range sizes its row buckets; its count, how its cells are sized;
        // its largest radius, how far a query looks.
        struct Box {
            package var latLo = Int32.max, latHi = Int32.min, lngLo = Int32.max, lngHi = Int32.min
            package var count = 0
            package var maxR: UInt16 = 0
        }
        var box = [Box](repeating: Box(), count: Self.classCount)
        // Each place's popularity, rounded up to a 254th of the highest any place can have:
        // one byte a place during the build, read in order here (the slots are read nowhere
        // else), so the cell loop below need not fetch each place's slot at random.
        let priors = store.typeListPriors
        let scale = 254 / (store.maxPrior * PopularityModel.reach(6553.5))
        var codes = [UInt8](repeating: 0, count: n)
        // One pass in store order over every place, through unsafe buffers (the loop checks no
        // index and no sharing), and rounding a code up takes no call to the C library's `ceil`.
        store.coords.withUnsafeBufferPointer { co in
            store.slots.withUnsafeBufferPointer { sl in
                priors.withUnsafeBufferPointer { pr in
                    codes.withUnsafeMutableBufferPointer { cd in
                        box.withUnsafeMutableBufferPointer { bx in
                            for i in 0..<n {
                                let place = co[i]
                                let p = PopularityModel.popularity(
                                    // safe: stored indexes widen
                                    prior: pr[Int(place.types)], rating: Double(sl[i].rating) / 10,
                                    code: place.radius)
                                cd[i] = Self.codeRoundedUp(p * scale)
                                let c = Self.sizeClass(place.radius)
                                bx[c].latLo = min(bx[c].latLo, place.lat)
                                bx[c].latHi = max(bx[c].latHi, place.lat)
                                bx[c].lngLo = min(bx[c].lngLo, place.lng)
                                bx[c].lngHi = max(bx[c].lngHi, place.lng)
                                bx[c].count += 1
                                bx[c].maxR = max(bx[c].maxR, place.radius)
                            }
                        }
                    }
                }
            }
        }
        chooseCellSizes(store, counts: box.map(\.count))
        for c in 0..<Self.classCount where box[c].count > 0 {
            rowMin[c] = row(box[c].latLo, c)
            rowMax[c] = row(box[c].latHi, c)
        }
        var base = [Int](repeating: 0, count: Self.classCount + 1)
        for c in 0..<Self.classCount {
            base[c + 1] = base[c] + (rowMax[c] >= rowMin[c] ? rowMax[c] - rowMin[c] + 1 : 0)
        }
        // ends[b]: after the scatter, where bucket b ends (and b + 1 starts).
        var ends = [UInt32](repeating: 0, count: base[Self.classCount] + 1)
        var newOrder = [UInt32](repeating: 0, count: n)
        store.coords.withUnsafeBufferPointer { co in
            store.slots.withUnsafeBufferPointer { sl in
                ends.withUnsafeMutableBufferPointer { e in
                    for i in 0..<n {
                        let c = Self.sizeClass(co[i].radius)
                        e[base[c] + row(co[i].lat, c) - rowMin[c] + 1] += 1
                    }
                    for b in 1..<e.count { e[b] += e[b - 1] }
                    newOrder.withUnsafeMutableBufferPointer { o in
                        for i in 0..<n {
                            let c = Self.sizeClass(co[i].radius)
                            let b = base[c] + row(co[i].lat, c) - rowMin[c]
                            o[Int(e[b])] = UInt32(i)  // safe: a bucket end and a row, below n < 2^32
                            e[b] += 1
                        }
                    }
                }
            }
        }
        // Room for a cell per place, reserved, not filled: pages never written cost no memory,
        // and the arrays never grow by copying themselves (which briefly holds both copies).
        var keys: [UInt64] = []
        var starts: [UInt32] = []
        var maxRs: [UInt16] = []
        var bests: [Float] = []
        var cellPriors: [UInt8] = []
        cellPriors.reserveCapacity(n)
        let priorCodes = priors.map { Self.priorCode($0) }
        keys.reserveCapacity(n)
        starts.reserveCapacity(n + 1)
        maxRs.reserveCapacity(n)
        bests.reserveCapacity(n)
        var best = [Double](repeating: 0, count: Self.classCount)
        // A row bucket's places, to sort by column: with what the cells take of each, so that
        // each place's coordinate and popularity are fetched (at random) once, not twice.
        struct Entry: KeyedEntry {
            /// `col << 32 | row`.
            package var key: UInt64
            package var radius: UInt16
            package var prior: UInt8
            package var code: UInt8
            /// Its spot in its cell (`spot`).
            package var spot: UInt8
        }
        var scratch: [Entry] = []
        var sorted: [Entry] = []
        var columnCounts: [Int] = []
        var rowFirst: [UInt32] = []
        var indexStart = [Int](repeating: -1, count: Self.classCount)
        var indexRows = [Int](repeating: 0, count: Self.classCount)
        var blocks = [Int](repeating: 1, count: Self.classCount)
        var blockShift = [Int](repeating: 0, count: Self.classCount)
        var blockColumn = [Int](repeating: 0, count: Self.classCount)
        for c in 0..<Self.classCount where rowMax[c] >= rowMin[c] && (rowMax[c] - rowMin[c] + 1) * 4 <= box[c].count {
            let rows = rowMax[c] - rowMin[c] + 1
            indexRows[c] = rows
            // The class's columns: 180° shares column 0 with −180°.
            let east = box[c].lngHi >= 1_800_000_000
            let first = east ? 0 : col(box[c].lngLo, c)
            let span = col(min(box[c].lngHi, 1_799_999_999), c) - first + 1
            for shift in 3..<21 where rows * ((span + (1 << shift) - 1) >> shift) * 16 <= box[c].count {
                blocks[c] = (span + (1 << shift) - 1) >> shift
                blockShift[c] = shift
                blockColumn[c] = first
                break
            }
        }
        rowFirst.reserveCapacity(
            (0..<Self.classCount).reduce(0) { $0 + (indexRows[$1] > 0 ? indexRows[$1] * blocks[$1] + 1 : 0) })
        store.coords.withUnsafeBufferPointer { co in
            codes.withUnsafeBufferPointer { code in
                priorCodes.withUnsafeBufferPointer { pc in
                    newOrder.withUnsafeMutableBufferPointer { o in
                        for c in 0..<Self.classCount {
                            classCells[c] = keys.count
                            guard rowMax[c] >= rowMin[c] else { continue }
                            if indexRows[c] > 0 { indexStart[c] = rowFirst.count }
                            // Each row's index entries: none, one, or one a block.
                            let rowEntries = indexRows[c] > 0 ? blocks[c] : 0
                            let blockWidth = 1 << blockShift[c]
                            let size = cellE7[c]
                            let reciprocal = cellReciprocals[c]
                            defer {
                                // safe: a cell count, below n < 2^32
                                if indexRows[c] > 0 { rowFirst.append(UInt32(keys.count)) }
                            }
                            for r in rowMin[c]...rowMax[c] {
                                // The row's blocks (all of them, when it has no cells) begin before
                                // its first cell at or after their first column.
                                var nextBlock = 0
                                var nextColumn = blockColumn[c]
                                defer {
                                    while nextBlock < rowEntries {
                                        rowFirst.append(UInt32(keys.count))  // safe: a cell count, below n < 2^32
                                        nextBlock += 1
                                    }
                                }
                                let b = base[c] + r - rowMin[c]
                                let lo = b == 0 ? 0 : Int(ends[b - 1])  // safe: bucket ends widen
                                let hi = Int(ends[b])  // safe: bucket ends widen
                                guard lo < hi else { continue }
                                // Rows went in ascending, so a bucket of one column is already in order.
                                scratch.removeAll(keepingCapacity: true)
                                // The bucket's places lie anywhere in the store: each is a cache miss,
                                // asked for 16 places ahead so that the misses overlap.
                                for k in lo..<hi {
                                    if k + 16 < hi, let c0 = co.baseAddress, let c1 = code.baseAddress {
                                        placeshell_prefetch(c0 + Int(o[k + 16]))  // safe: stored rows widen
                                        placeshell_prefetch(c1 + Int(o[k + 16]))  // safe: stored rows widen
                                    }
                                    let place = co[Int(o[k])]  // safe: stored rows widen
                                    // `col(place.lng, c)`, with the class's divisor read once.
                                    let column = Self.col(place.lng, size, reciprocal)
                                    scratch.append(
                                        Entry(
                                            // safe: a column and a row, not negative
                                            key: UInt64(column) << 32 | UInt64(o[k]), radius: place.radius,
                                            // safe: stored indexes widen
                                            prior: pc[Int(place.types)], code: code[Int(o[k])],
                                            spot: Self.spot(
                                                lat: place.lat, lng: place.lng, row: r, column: column, size: size,
                                                m: reciprocal)))
                                }
                                Self.sortByColumn(scratch, into: &sorted, counts: &columnCounts)
                                // The cell's numbers gather in locals and go in when the cell ends.
                                var last = -1
                                var cellCode: UInt8 = 0
                                var cellPrior: UInt8 = 0
                                var cellRadius: UInt16 = 0
                                func endCell() {
                                    bests.append(Self.popularityBound(cellCode, scale))
                                    cellPriors.append(cellPrior)
                                    maxRs.append(cellRadius)
                                }
                                for (j, e) in sorted.enumerated() {
                                    let row = UInt32(truncatingIfNeeded: e.key)
                                    o[lo + j] = spots ? row | UInt32(e.spot) << 24 : row  // safe: widens
                                    let col = Int(e.key >> 32)  // safe: the top 32 bits
                                    if col != last {
                                        if last >= 0 { endCell() }
                                        while nextBlock < rowEntries && nextColumn <= col {
                                            rowFirst.append(UInt32(keys.count))  // safe: a cell count, below n < 2^32
                                            nextBlock += 1
                                            nextColumn += blockWidth
                                        }
                                        keys.append(Self.key(c, r, col))
                                        starts.append(UInt32(lo + j))  // safe: below n < 2^32
                                        cellCode = 0
                                        cellPrior = 0
                                        cellRadius = 0
                                        last = col
                                    }
                                    cellRadius = max(cellRadius, e.radius)
                                    cellPrior = max(cellPrior, e.prior)
                                    cellCode = max(cellCode, e.code)
                                }
                                endCell()
                            }
                        }
                    }
                }
            }
        }
        classCells[Self.classCount] = keys.count
        for c in 0..<Self.classCount {
            for i in classCells[c]..<classCells[c + 1] { best[c] = max(best[c], Double(bests[i])) }
        }
        starts.append(UInt32(n))  // safe: n < 2^32, checked above
        order = newOrder
        cellKeys = keys
        rowFirstCell = rowFirst
        rowIndexStart = indexStart
        rowIndexMin = rowMin.map { $0 == Int.max ? 0 : $0 }
        rowIndexRows = indexRows
        rowBlocks = blocks
        rowBlockShift = blockShift
        rowBlockColumn = blockColumn
        cellStarts = starts
        cellMaxR = maxRs
        cellBest = bests
        cellPrior = cellPriors
        classBest = best
        classMax = box.map(\.maxR)
        spotted = spots
        indexedCount = n
        stale = false
    }

    /// A row bucket's entries (`key`: `col << 32 | row`, rows ascending) into `sorted` by key.
    /// Their columns mostly span about as many values as there are entries (a city's row of
    /// cells), so a counting sort by column, stable and so in row order within a column, does
    /// it in two passes; a bucket whose columns are spread wider is sorted by comparison.
    package static func sortByColumn<Entry>(_ entries: [Entry], into sorted: inout [Entry], counts: inout [Int])
    where Entry: KeyedEntry {
        sorted.removeAll(keepingCapacity: true)
        guard let first = entries.first else { return }
        var lo = first.key >> 32
        var hi = lo
        for e in entries {
            lo = min(lo, e.key >> 32)
            hi = max(hi, e.key >> 32)
        }
        let span = Int(hi - lo) + 1  // safe: columns are 20-bit
        guard span <= 4 * entries.count + 64 else {
            sorted.append(contentsOf: entries)
            sorted.sort { $0.key < $1.key }
            return
        }
        counts.removeAll(keepingCapacity: true)
        counts.append(contentsOf: repeatElement(0, count: span + 1))
        for e in entries { counts[Int((e.key >> 32) - lo) + 1] += 1 }  // safe: below span
        for k in 1...span { counts[k] += counts[k - 1] }
        sorted.append(contentsOf: entries)
        sorted.withUnsafeMutableBufferPointer { out in
            for e in entries {
                let k = Int((e.key >> 32) - lo)  // safe: below span
                out[counts[k]] = e
                counts[k] += 1
            }
        }
    }

    /// Sets `cellE7`: each class starts at its base size and doubles while its places would
    /// average fewer than `placesPerCell` per non-empty cell. The non-empty cells are counted by
    /// linear counting (each cell key hashed to a bit of a bitmap 8 bits per place; cells ≈
    /// m · ln(m / zero bits)), only an estimate, which is all a cell size needs. A class of a few
    /// places keeps its base size. Each pass over the places counts two sizes at once, the
    /// class's size and twice it (a place's row and column at twice the size are its row and
    /// column halved, the sizes being whole numbers), so a class that doubles twice or more
    /// costs half the passes that one size a pass would.
    package mutating func chooseCellSizes(_ store: PlaceStore, counts: [Int]) {
        cellE7 = Self.baseCellE7
        var open = (0..<Self.classCount).map { counts[$0] >= 1024 }
        while open.contains(true) {
            // Each open class's two bitmaps (the size, then twice it), one after another in one
            // array (`first[c]`, `words[c]` words each): one buffer written through, rather than
            // an array of arrays, each write checking that both are not shared.
            let words = (0..<Self.classCount).map { c in open[c] ? counts[c] / 8 + 1 : 0 }
            var first = [Int](repeating: 0, count: Self.classCount + 1)
            for c in 0..<Self.classCount { first[c + 1] = first[c] + 2 * words[c] }
            var maps = [UInt64](repeating: 0, count: first[Self.classCount])
            // Sets the bit of cell `key` in the bitmap of `bits` bits at `m[at...]`.
            @inline(__always) func set(
                _ m: UnsafeMutableBufferPointer<UInt64>, _ at: Int, _ bits: UInt64, _ key: UInt64
            ) {
                // safe: below the bit count
                let bit = Int((key &* 0x9E37_79B9_7F4A_7C15).multipliedFullWidth(by: bits).high)
                m[at + (bit >> 6)] |= 1 << UInt64(bit & 63)  // safe: masked to 6 bits
            }
            store.coords.withUnsafeBufferPointer { co in
                maps.withUnsafeMutableBufferPointer { m in
                    for i in co.indices {
                        let c = Self.sizeClass(co[i].radius)
                        guard open[c] else { continue }
                        let r = row(co[i].lat, c)
                        let l = col(co[i].lng, c)
                        let bits = UInt64(words[c] * 64)  // safe: a small count widens
                        set(m, first[c], bits, Self.key(c, r, l))
                        set(m, first[c] + words[c], bits, Self.key(c, r >> 1, l >> 1))
                    }
                }
            }
            for c in 0..<Self.classCount where open[c] {
                // The estimate from the bitmap at `at`: whether the class's cells should double.
                func doubles(_ at: Int, size: Int64) -> Bool {
                    let m = Double(words[c] * 64)
                    let zeros = m - Double(maps[at..<(at + words[c])].reduce(0) { $0 + $1.nonzeroBitCount })
                    let cells = zeros < 1 ? m * 8 : m * log(m / zeros)
                    return cells * Self.placesPerCell > Double(counts[c]) && size < 160_000_000
                }
                if !doubles(first[c], size: cellE7[c]) {
                    open[c] = false
                } else if !doubles(first[c] + words[c], size: 2 * cellE7[c]) {
                    cellE7[c] *= 2
                    open[c] = false
                } else {
                    cellE7[c] *= 4
                }
            }
        }
    }

    // MARK: Queries

    /// Calls `body` with every row that may lie within `cutoff(maxRadius)` metres of `point`,
    /// where `maxRadius` is the largest radius in the row's size class (metres), and with every
    /// pending row. A superset: the caller tests each row exactly.
    package func visit(_ store: PlaceStore, around point: GeoPoint, cutoff: (Double) -> Double, _ body: (Int) -> Void) {
        forEachCell(around: point, cutoff: cutoff) { i, _ in
            // safe: stored indexes widen
            for k in Int(cellStarts[i])..<Int(cellStarts[i + 1]) { body(orderRow(k)) }
        }
        for row in indexedCount..<store.count { body(row) }
    }

    /// The rows of cell `i` in `order`.
    @inline(__always) package func cellRows(_ i: Int) -> Range<Int> {
        Int(cellStarts[i])..<Int(cellStarts[i + 1])  // safe: stored indexes widen
    }

    /// Places read ahead at most by `ReadAhead.next`, unless one cell holds more.
    package static let readAheadLimit = 256

    /// The most bytes `withUnsafeTemporaryAllocation` puts on the stack. Above it the runtime
    /// asks whether the stack has room, and on Linux it says no: the room comes from malloc.
    package static let stackRoomBytes = 1024

    /// A search's list of one class's cells, in room on the stack that the search lends it
    /// (`with`), moved to the heap only when a class has more cells than that: a query's array
    /// of cells cost it a malloc and a free, where most queries look at a handful of cells a
    /// class. Only within `with`.
    package struct CellList<Cell> {
        /// The list's room: the stack's, or the heap's once it outgrew that.
        private var room: UnsafeMutableBufferPointer<Cell>
        private var onHeap = false
        private(set) var count = 0

        private init(_ room: UnsafeMutableBufferPointer<Cell>) { self.room = room }

        /// `body` with an empty list whose room (`stackRoomBytes`) is on the stack.
        @inline(__always) package static func with<R>(_ body: (inout CellList) -> R) -> R {
            withUnsafeTemporaryAllocation(of: Cell.self, capacity: stackCells) { room in
                var list = CellList(room)
                defer {
                    list.removeAll()
                    if list.onHeap { list.room.deallocate() }
                }
                return body(&list)
            }
        }

        /// How many cells the stack's room holds.
        package static var stackCells: Int { max(1, PlaceGrid.stackRoomBytes / MemoryLayout<Cell>.stride) }

        /// The cells, to read and to sort.
        package var cells: UnsafeMutableBufferPointer<Cell> { UnsafeMutableBufferPointer(rebasing: room[0..<count]) }

        package mutating func append(_ cell: Cell) {
            if count == room.count {
                let bigger = UnsafeMutableBufferPointer<Cell>.allocate(capacity: max(1, room.count * 2))
                _ = bigger.moveInitialize(fromContentsOf: cells)
                if onHeap { room.deallocate() }
                room = bigger
                onHeap = true
            }
            room.initializeElement(at: count, to: cell)
            count += 1
        }

        /// Sorts the cells in their room.
        package func sort(by areInIncreasingOrder: (Cell, Cell) -> Bool) {
            var cells = cells
            cells.sort(by: areInIncreasingOrder)
        }

        package mutating func removeAll() {
            cells.deinitialize()
            count = 0
        }
    }

    /// A search's best places so far, best first, at most `limit`, in room the search lends it
    /// on the stack: one entry more than `limit`, as a new place goes in before the last leaves.
    /// The likelihood query and Nearby Search (New) keep theirs here, where an array cost each a
    /// malloc and a free a query.
    package struct BestList<Entry: BitwiseCopyable> {
        private let room: UnsafeMutableBufferPointer<Entry>
        package let limit: Int
        private(set) var count = 0

        package init(room: UnsafeMutableBufferPointer<Entry>, limit: Int) {
            precondition(room.count > limit, "no room for the list")
            self.room = room
            self.limit = limit
        }

        /// The entries, best first.
        package var entries: UnsafeMutableBufferPointer<Entry> { UnsafeMutableBufferPointer(rebasing: room[0..<count]) }
        package var isFull: Bool { count >= limit }
        /// The last entry (the list is not empty).
        package var last: Entry { room[count - 1] }

        /// Puts `entry` after every entry it does not beat (`beats(entry, other)`); the one past
        /// `limit`, if any, falls off the end.
        @inline(__always) package mutating func insert(_ entry: Entry, beats: (Entry, Entry) -> Bool) {
            var at = count
            while at > 0 && beats(entry, room[at - 1]) {
                room[at] = room[at - 1]  // Trivial values: moved up by assignment.
                at -= 1
            }
            room[at] = entry
            count = min(count + 1, limit)
        }
    }

    /// Cells' places read ahead: a search's cells, best first, are read up to `readAheadLimit`
    /// places at a time, each place's row and coordinate in one loop of loads, before any is
    /// looked at. A cell's places lie anywhere in the store, so each coordinate is a cache miss;
    /// with nothing but loads in the loop, dozens are in flight at once, where looking at each
    /// place between them would let only a few be. Reading a few cells that the search then
    /// stops before costs less than that.
    ///
    /// The room for a read is on the stack (`with`): a query allocates nothing for it and clears
    /// nothing, as every place read is written before it is looked at. Two arrays made for each
    /// query (their storage's type looked up by the runtime, a malloc and a zeroing each) cost a
    /// sparse area's query about a seventh of its instructions. The stack's room is
    /// `stackPlaces` places, which a sparse area's reads (a handful of places a class) and every
    /// read before the list is full (a quarter of `readAheadLimit`) fit in; it is that small
    /// because larger temporary room is not on the stack at all (`stackRoomBytes`). A larger
    /// read (a dense city's, up to `readAheadLimit` places, or one cell holding more) goes to
    /// room on the heap, made once for the query's later reads and freed when it ends.
    package struct ReadAhead {
        /// The places the stack's room holds: rows and coordinates each within `stackRoomBytes`.
        package static let stackPlaces = 80

        private let stackRows: UnsafeMutableBufferPointer<UInt32>
        private let stackCoords: UnsafeMutableBufferPointer<PlaceStore.Coord>
        private var heapRows = UnsafeMutableBufferPointer<UInt32>(start: nil, count: 0)
        private var heapCoords = UnsafeMutableBufferPointer<PlaceStore.Coord>(start: nil, count: 0)
        /// The rows and coordinates of the last read's places, cell after cell.
        package private(set) var rows = UnsafeBufferPointer<UInt32>(start: nil, count: 0)
        package private(set) var coords = UnsafeBufferPointer<PlaceStore.Coord>(start: nil, count: 0)
        /// Where each cell's places end in `rows` and `coords`, for the cells of the last read.
        package var ends: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(rebasing: endRoom[0..<endCount]) }
        /// Room for a read's `ends`, one a cell: a read takes at most `readAheadLimit` cells
        /// (holding a place or more each, it stops at that many places anyway).
        private let endRoom: UnsafeMutableBufferPointer<UInt32>
        private var endCount = 0

        private init(
            rows: UnsafeMutableBufferPointer<UInt32>, coords: UnsafeMutableBufferPointer<PlaceStore.Coord>,
            ends: UnsafeMutableBufferPointer<UInt32>
        ) {
            stackRows = rows
            stackCoords = coords
            endRoom = ends
        }

        /// `body` with a read-ahead whose room (for `stackPlaces` places, and the ends of a
        /// read's cells) is on the stack; it must not outlive `body`.
        @inline(__always) package static func with<R>(_ body: (inout ReadAhead) -> R) -> R {
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: stackPlaces) { rows in
                withUnsafeTemporaryAllocation(of: PlaceStore.Coord.self, capacity: stackPlaces) { coords in
                    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: PlaceGrid.readAheadLimit) { ends in
                        var ahead = ReadAhead(rows: rows, coords: coords, ends: ends)
                        defer {
                            ahead.heapRows.deallocate()
                            ahead.heapCoords.deallocate()
                        }
                        return body(&ahead)
                    }
                }
            }
        }

        /// Reads the places of `cells` from index `first` on, cell after cell until `most`
        /// places (at least one cell); `places(cell)` gives a cell's range in the grid's
        /// `order`. Returns the index after the last cell read, or nil when the cell at `first`
        /// already stops the search. The cells are sorted best first, so once the search's list
        /// is `full`, `stops(cell)` holds from some cell on (its last place only gets better):
        /// the cells from there are not read, and up to `readAheadLimit` places are. Until the
        /// list is full, where the stop will come is not known, and a quarter as many are read.
        package mutating func next<Cell>(
            _ cells: UnsafeMutableBufferPointer<Cell>, from first: Int, full: Bool, stops: (Cell) -> Bool,
            places: (Cell) -> Range<Int>, spots: (Cell) -> UInt32 = { _ in PlaceGrid.allSpots }, grid: PlaceGrid,
            store: PlaceStore
        ) -> Int? {
            var end = cells.count
            var most = PlaceGrid.readAheadLimit / 4
            if full {
                most = PlaceGrid.readAheadLimit
                var lo = first
                while lo < end {
                    let mid = (lo + end) >> 1
                    if stops(cells[mid]) { end = mid } else { lo = mid + 1 }
                }
                if end == first { return nil }
            }
            var last = first
            var total = 0
            while last < end && last - first < endRoom.count {
                let n = places(cells[last]).count
                if last > first && total + n > most { break }
                total += n
                last += 1
            }
            var r = stackRows
            var c = stackCoords
            if total > r.count {
                if heapRows.count < total {
                    // Room for the largest read but a single cell's, so that a query reads
                    // into one allocation.
                    let room = max(total, PlaceGrid.readAheadLimit)
                    heapRows.deallocate()
                    heapCoords.deallocate()
                    heapRows = .allocate(capacity: room)
                    heapCoords = .allocate(capacity: room)
                }
                r = heapRows
                c = heapCoords
            }
            endCount = 0
            var at = 0
            let mask = grid.rowMask
            let spotted = grid.spotted
            grid.order.withUnsafeBufferPointer { order in
                store.coords.withUnsafeBufferPointer { stored in
                    for j in first..<last {
                        let window = spots(cells[j])
                        let every = !spotted || window == PlaceGrid.allSpots
                        // Only the places whose spot the search can reach: the others' entries
                        // are in the line already read, their coordinates are not.
                        for k in places(cells[j]) where every || PlaceGrid.inWindow(order[k], window) {
                            let row = order[k] & mask
                            // Trivial values, written into room not yet holding any.
                            r[at] = row
                            c[at] = stored[Int(row)]  // safe: stored rows widen
                            at += 1
                        }
                        endRoom[endCount] = UInt32(at)  // safe: a count of places read, below n < 2^32
                        endCount += 1
                    }
                }
            }
            rows = UnsafeBufferPointer(rebasing: r[0..<at])
            coords = UnsafeBufferPointer(rebasing: c[0..<at])
            return last
        }
    }

    /// Calls `body` with the index and class of every cell that may hold a point within
    /// `cutoff(maxRadius)` metres of `point`, `maxRadius` being the largest radius of the cell's
    /// class (metres). Pending rows are not included.
    package func forEachCell(around point: GeoPoint, cutoff: (Double) -> Double, _ body: (Int, Int) -> Void) {
        forEachCell(around: point, cutoff: { _, maxRadius in cutoff(maxRadius) }, body, classDone: { _ in })
    }

    /// `forEachCell` class by class, smallest places first (largest first with `largestFirst`):
    /// `cutoff(class, maxRadius)` is asked
    /// when a class begins, so it may narrow as the caller learns more, and `classDone(class)`
    /// is called when a class's cells have all been given.
    package func forEachCell(
        around point: GeoPoint, cutoff: (Int, Double) -> Double, _ body: (Int, Int) -> Void,
        classDone: (Int) -> Void, classBox: (SpotBox) -> Void = { _ in }, largestFirst: Bool = false
    ) {
        let lat = min(90, max(-90, point.latitude))
        let lng = PlaceStore.wrapLongitude(point.longitude)
        let phi0 = lat * .pi / 180
        let sin0 = sin(phi0)
        let cos0 = cos(phi0)
        for step in 0..<Self.classCount {
            let c = largestFirst ? Self.classCount - 1 - step : step
            guard classCells[c] < classCells[c + 1] else { continue }
            defer { classDone(c) }
            let r = cutoff(c, Double(classMax[c]) / 10)
            guard r >= 0, r.isFinite else { continue }
            let rho = r / earthRadius
            // 2e-7°: two units of the stored integers, beyond any rounding of these doubles.
            let rhoDeg = rho * 180 / .pi * (1 + 1e-9) + 2e-7
            let cell = Double(cellE7[c]) / 1e7
            let rowLimit = Self.quotient(1_800_000_000, cellE7[c], cellReciprocals[c])
            // The last column may be partial (a cell size that does not divide 360°).
            let colLimit = Self.quotient(3_600_000_000 - 1, cellE7[c], cellReciprocals[c])
            let latLo = max(-90, lat - rhoDeg)
            let latHi = min(90, lat + rhoDeg)
            let rowLo = Self.clampedFloor((latLo + 90) / cell, rowLimit)
            let rowHi = Self.clampedFloor((latHi + 90) / cell, rowLimit)
            var full = latLo <= -90 || latHi >= 90 || rho >= .pi / 2
            var half = 180.0
            if !full {
                // The exact half-width asin(sin ρ / cos φ) is at most x / √(1 − x²) for x = ρ / cos φ
                // (sin ρ ≤ ρ, and asin y ≤ tan(asin y)): a hair wider, without two calls to the
                // maths library in every class of every query.
                let x = rho / cos0
                if x < 0.5 {
                    half = x / (1 - x * x).squareRoot() * 180 / .pi * (1 + 1e-9) + 2e-7
                } else {
                    let y = sin(rho) / cos0
                    if y >= 1 {
                        full = true
                    } else {
                        half = asin(y) * 180 / .pi * (1 + 1e-9) + 2e-7
                        if half >= 180 { full = true }
                    }
                }
            }
            classBox(Self.spotBox(latLo: latLo, latHi: latHi, lng: lng, half: half, every: full))
            func colOf(_ x: Double) -> Int { Self.clampedFloor((x + 180) / cell, colLimit) }
            /// The columns within `h` degrees of the point's longitude: at most two ranges (split
            /// at the 180° line), kept without an array, as a query makes a few dozen of them.
            func columns(within h: Double) -> ColumnRanges {
                if lng - h < -180 { return ColumnRanges(colOf(lng - h + 360), colLimit, 0, colOf(lng + h)) }
                if lng + h >= 180 { return ColumnRanges(colOf(lng - h), colLimit, 0, colOf(lng + h - 360)) }
                return ColumnRanges(colOf(lng - h), colOf(lng + h))
            }
            let ranges = full ? ColumnRanges(0, colLimit) : columns(within: half)
            let first = classCells[c]
            let end = classCells[c + 1]
            // A disc spanning more grid rows than the class has cells (a continent-wide search):
            // walk the class's cells once instead of searching row by row.
            if (rowHi - rowLo + 1) * ranges.count > (end - first) / 8 {
                for i in first..<end {
                    let k = cellKeys[i]
                    let row = Int((k >> 20) & 0xFFFFF)  // safe: masked to 20 bits
                    let col = Int(k & 0xFFFFF)  // safe: masked to 20 bits
                    guard row >= rowLo && row <= rowHi else { continue }
                    if ranges.contains(col) { body(i, c) }
                }
                continue
            }
            // Each grid row gets the disc's exact longitude half-width over the row's latitudes
            // (widest at the latitude where the disc's edge runs north–south), which skips the
            // cells in the corners of the disc's bounding box. A disc within one or two rows is as
            // wide there as anywhere, or nearly: its columns are the bounding box's, with no more
            // trigonometry (most classes of sparse places, in cells larger than their search; a
            // row's narrowing costs three calls to the maths library, and in two rows it seldom
            // drops a column).
            let narrows = !full && rowHi > rowLo + 1
            let cosRho = narrows ? cos(rho) : 1
            let widest = narrows ? asin(max(-1, min(1, sin0 / cosRho))) : 0
            for row in rowLo...rowHi {
                var rowRanges = ranges
                if narrows {
                    let bandLo = (Double(row) * cell - 90) * .pi / 180
                    let bandHi = (Double(row + 1) * cell - 90) * .pi / 180
                    let phi = min(max(widest, bandLo), bandHi)
                    let cosDl = (cosRho - sin0 * sin(phi)) / (cos0 * cos(phi))
                    // acos loses precision near 1: 1e-5° (about a metre) more covers it.
                    let rowHalf = cosDl >= 1 ? 1e-5 : acos(max(-1, cosDl)) * 180 / .pi * (1 + 1e-9) + 1e-5
                    if rowHalf < half { rowRanges = columns(within: rowHalf) }
                }
                // The row's cells: from the row index, or the class's whole range.
                var rowStart = first
                var rowEnd = end
                var blockBase = -1
                if rowIndexStart[c] >= 0 {
                    let r = row - rowIndexMin[c]
                    guard r >= 0 && r < rowIndexRows[c] else { continue }
                    let rowBase = rowIndexStart[c] + r * rowBlocks[c]
                    rowStart = Int(rowFirstCell[rowBase])  // safe: cell indexes widen
                    rowEnd = Int(rowFirstCell[rowBase + rowBlocks[c]])  // safe: cell indexes widen
                    if rowBlocks[c] > 1 { blockBase = rowBase }
                }
                for r in 0..<rowRanges.count {
                    let (a, b) = rowRanges[r]
                    let highKey = Self.key(c, row, b)
                    let lowKey = Self.key(c, row, a)
                    var lo: Int
                    if blockBase >= 0 {
                        // The block of column a, then past its cells before a (fewer than a
                        // block's columns).
                        lo = Int(rowFirstCell[blockBase + block(c, column: a)])  // safe: cell indexes widen
                        while lo < rowEnd && cellKeys[lo] < lowKey { lo += 1 }
                    } else {
                        lo = firstCell(atLeast: lowKey, from: rowStart, to: rowEnd)
                    }
                    while lo < rowEnd && cellKeys[lo] <= highKey {
                        body(lo, c)
                        lo += 1
                    }
                }
            }
        }
    }

    /// The index block of class `c`'s rows that holds column `column` (the first or the last
    /// block for a column west or east of the class's places).
    @inline(__always) package func block(_ c: Int, column: Int) -> Int {
        min(rowBlocks[c] - 1, max(0, column - rowBlockColumn[c]) >> rowBlockShift[c])
    }

    /// A grid row `prefetch` starts from: its first cell to look at and the row's end (cell
    /// indexes), and the keys of the search's first and last columns. Cells are counted in 32
    /// bits, as `cellStarts` counts places, so that `prefetchStarts` of them fit in the stack's
    /// room (`stackRoomBytes`).
    package typealias PrefetchStart = (cell: UInt32, end: UInt32, low: UInt64, high: UInt64)
    /// A cell `prefetch` asks for places of: its first entries in `order` (at most 16) and its
    /// spot window (`spotWindow`), in 12 bytes, so that `prefetchRanges` of them fit in the
    /// stack's room.
    package typealias PrefetchRange = (start: UInt32, end: UInt32, window: UInt32)
    /// The rows `prefetch` starts from (four a class), and the cells whose places it asks for.
    package static let prefetchStarts = 4 * classCount
    package static let prefetchRanges = 64

    /// Asks the memory, ahead of a search around `point`, for what it will read, in every class
    /// at once (`cutoff(class, largest radius)`: how far the search may reach in that class), in
    /// three rounds each of which waits only for the one before: the numbers of the first cell
    /// of each grid row's index block the search starts from; then the places' entries in
    /// `order` of the cells within the search's columns; then those places' coordinates
    /// (`coords`, the store's).
    ///
    /// A search goes class by class, and in each it waits for a cell's numbers, then for its
    /// entries in `order`, then for its places' coordinates: three or four cache misses in a
    /// row, for every class with places near the point, most of a sparse area's query (see the
    /// type's note). Asked for here, the misses of all classes are under way together. Only
    /// hints: a place asked for and not read, or read and not asked for, changes no result; the
    /// rounds are bounded (a few rows a class, 64 cells, 16 places a cell), and a point near a
    /// pole or not finite is left to the search.
    package func prefetch(
        around point: GeoPoint, cutoff: (Int, Double) -> Double, coords: UnsafeBufferPointer<PlaceStore.Coord>
    ) {
        let lat = point.latitude
        let lng = PlaceStore.wrapLongitude(point.longitude)
        guard abs(lat) <= 89, lng.isFinite else { return }
        let cos0 = cos(lat * .pi / 180)
        order.withUnsafeBufferPointer { order in
            cellKeys.withUnsafeBufferPointer { keys in
                cellStarts.withUnsafeBufferPointer { starts in
                    cellMaxR.withUnsafeBufferPointer { radii in
                        cellPrior.withUnsafeBufferPointer { priors in
                            guard let r = radii.baseAddress, let p = priors.baseAddress else { return }
                            prefetch(
                                lat: lat, lng: lng, cos0: cos0, cutoff: cutoff, order: order, keys: keys,
                                starts: starts, radii: r, priors: p, coords: coords)
                        }
                    }
                }
            }
        }
    }

    /// `prefetch`'s rounds, on the grid's arrays (`radii` and `priors`: `cellMaxR`'s and
    /// `cellPrior`'s first elements). The rows' first cells, and then the ranges of `order`, are
    /// kept on the stack: arrays would cost an allocation each, and a lookup of their type's
    /// metadata, every query.
    private func prefetch(
        lat: Double, lng: Double, cos0: Double, cutoff: (Int, Double) -> Double, order: UnsafeBufferPointer<UInt32>,
        keys: UnsafeBufferPointer<UInt64>, starts: UnsafeBufferPointer<UInt32>, radii: UnsafePointer<UInt16>,
        priors: UnsafePointer<UInt8>, coords: UnsafeBufferPointer<PlaceStore.Coord>
    ) {
        guard let o = order.baseAddress, let k = keys.baseAddress, let s = starts.baseAddress,
            let co = coords.baseAddress
        else { return }
        let spotted = spotted
        let mask = rowMask
        withUnsafeTemporaryAllocation(of: PrefetchStart.self, capacity: Self.prefetchStarts) { first in
            withUnsafeTemporaryAllocation(of: PrefetchRange.self, capacity: Self.prefetchRanges) { ranges in
                withUnsafeTemporaryAllocation(of: SpotBox.self, capacity: Self.classCount) { boxes in
                    var firstCount = 0
                    for c in 0..<Self.classCount where rowIndexStart[c] >= 0 {
                        let reach = cutoff(c, Double(classMax[c]) / 10)
                        guard reach >= 0 && reach.isFinite else { continue }
                        let deg = reach / earthRadius * 180 / .pi
                        if spotted {
                            // Hints only: the longitudes' half-width without trigonometry, a hundredth
                            // wider than ρ / cos φ, which the exact one exceeds by a hair.
                            let rhoDeg = deg + 2e-7
                            boxes[c] = Self.spotBox(
                                latLo: lat - rhoDeg, latHi: lat + rhoDeg, lng: lng, half: rhoDeg / cos0 * 1.01 + 2e-7,
                                every: false)
                        }
                        let cell = Double(cellE7[c]) / 1e7
                        let rowLo = Self.clampedFloor((lat - deg + 90) / cell, 1 << 20)
                        // At most four rows a class: the stack's room.
                        let rowHi = min(rowLo + 3, Self.clampedFloor((lat + deg + 90) / cell, 1 << 20))
                        let colLo = Self.clampedFloor((lng - deg / cos0 + 180) / cell, (1 << 20) - 1)
                        let colHi = Self.clampedFloor((lng + deg / cos0 + 180) / cell, (1 << 20) - 1)
                        let firstBlock = block(c, column: colLo)
                        for row in rowLo...max(rowLo, rowHi) {
                            let r = row - rowIndexMin[c]
                            guard r >= 0 && r < rowIndexRows[c] else { continue }
                            let base = rowIndexStart[c] + r * rowBlocks[c]
                            let cellIndex = Int(rowFirstCell[base + firstBlock])  // safe: cell indexes widen
                            let end = Int(rowFirstCell[base + rowBlocks[c]])  // safe: cell indexes widen
                            guard cellIndex < end else { continue }
                            placeshell_prefetch(k + cellIndex)
                            placeshell_prefetch(s + cellIndex)
                            placeshell_prefetch(radii + cellIndex)
                            placeshell_prefetch(priors + cellIndex)
                            first[firstCount] = (
                                UInt32(cellIndex), UInt32(end),  // safe: cell indexes, below n < 2^32
                                Self.key(c, row, colLo), Self.key(c, row, colHi)
                            )
                            firstCount += 1
                        }
                    }
                    var rangeCount = 0
                    for start in first[0..<firstCount] {
                        var i = Int(start.cell)  // safe: a cell index widens
                        let end = Int(start.end)  // safe: a cell index widens
                        while i < end && keys[i] < start.low { i += 1 }
                        let c = Int(start.low >> 40)  // safe: a class, 0…8
                        while i < end && keys[i] <= start.high && rangeCount < ranges.count {
                            let a = starts[i]
                            ranges[rangeCount] = (
                                a, min(starts[i + 1], a + 16),
                                spotted ? Self.spotWindow(keys[i], size: cellE7[c], boxes[c]) : Self.allSpots
                            )
                            rangeCount += 1
                            placeshell_prefetch(o + Int(a))  // safe: widens
                            i += 1
                        }
                    }
                    // Only the places whose spots the search can reach (`ReadAhead.next` reads no
                    // others).
                    for (a, b, window) in ranges[0..<rangeCount] {
                        // safe: positions in order widen
                        for j in Int(a)..<Int(b) where window == Self.allSpots || Self.inWindow(order[j], window) {
                            placeshell_prefetch(co + Int(order[j] & mask))  // safe: rows widen
                        }
                    }
                }
            }
        }
    }

    /// `clampedInt(x.rounded(.down), 0...limit)` (NaN gives 0), without the maths library: the
    /// static build targets plain x86-64, which has no rounding instruction, so each rounding
    /// was a call, four or more for every class of every query. Above 0 and below `limit`,
    /// rounding down is the conversion's truncation.
    @inline(__always) package static func clampedFloor(_ x: Double, _ limit: Int) -> Int {
        guard x > 0 else { return 0 }  // NaN too
        guard x < Double(limit) else { return limit }  // safe: a row or column count
        return Int(x)  // safe: 0 < x < limit, checked above
    }

    /// The first index in `lo..<hi` (cells in key order) whose key is at least `key`, or `hi`.
    /// A query's grid row holds up to thousands of cells (a country in small cells), and a
    /// binary search of them is a chain of a dozen cache misses, each waiting for the last. The
    /// row's cells are spread fairly evenly over its columns, so this guesses the position from
    /// the keys at both ends (two misses at once), then gallops from the guess (steps 1, 2, 4, …)
    /// until the key is bracketed and searches that bracket: on even data two or three misses,
    /// on the most uneven twice a binary search's steps at worst.
    package func firstCell(atLeast key: UInt64, from lo: Int, to hi: Int) -> Int {
        guard hi - lo > 8 else {
            var i = lo
            while i < hi && cellKeys[i] < key { i += 1 }
            return i
        }
        return cellKeys.withUnsafeBufferPointer { keys in
            let kLo = keys[lo]
            let kHi = keys[hi - 1]
            if key <= kLo { return lo }
            if key > kHi { return hi }
            // Now keys[lo] < key <= keys[hi - 1]: the answer is in lo + 1 ... hi - 1.
            let first = lo + 1
            let last = hi - 1
            let fraction = Double(key - kLo) / Double(kHi - kLo)
            // safe: a fraction in 0...1 of a span of cell indexes
            var g = min(last, max(first, lo + Int(fraction * Double(last - lo))))
            var a: Int
            var b: Int
            var step = 1
            if keys[g] < key {
                // The answer is after g.
                while true {
                    let p = g + step
                    if p > last {
                        b = last
                        break
                    }
                    if keys[p] >= key {
                        b = p
                        break
                    }
                    g = p
                    step *= 2
                }
                a = g + 1
            } else {
                // The answer is g or before.
                while true {
                    let p = g - step
                    if p < first {
                        a = first
                        break
                    }
                    if keys[p] < key {
                        a = p + 1
                        break
                    }
                    g = p
                    step *= 2
                }
                b = g
            }
            // keys[a - 1] < key <= keys[b]
            while a < b {
                let mid = (a + b) >> 1
                if keys[mid] < key { a = mid + 1 } else { b = mid }
            }
            return a
        }
    }

    /// A lower bound, in metres, of the great-circle distance (as `distance` computes it) from
    /// `point` to any place in cell `i` of class `c`: the haversine of the cell's nearest
    /// latitude difference and longitude difference, with the cosine of its latitude farther
    /// from the equator, less 1e-9 and a metre for rounding (asin near a half turn loses a
    /// fraction of a metre). It is worked out without trigonometry, each term by a smaller
    /// one: sin x by x − x³/6, asin t by t, and the cell's cosine, within 0.01 radians of the
    /// point's latitude, by cos(|φ| + δ) ≥ cos φ (1 − δ²/2) − |sin φ| δ (by cosines farther
    /// off). `point` has a latitude in −90…90 and a longitude in −180…180; `cosLat` and
    /// `sinLat` are the cosine and sine of its latitude in radians.
    package func cellDistanceBound(_ i: Int, _ c: Int, from point: GeoPoint, cosLat: Double, sinLat: Double) -> Double {
        let k = cellKeys[i]
        let row = Int64((k >> 20) & 0xFFFFF)  // safe: masked to 20 bits
        let col = Int64(k & 0xFFFFF)  // safe: masked to 20 bits
        let size = cellE7[c]
        // Exact integers divided once, as a place's coordinate is: the edges order with them.
        let lat0 = Double(row * size - 900_000_000) / 1e7
        let lat1 = Double(min((row + 1) * size - 900_000_000, 900_000_000)) / 1e7
        let lng0 = Double(col * size - 1_800_000_000) / 1e7
        let lng1 = Double(min((col + 1) * size - 1_800_000_000, 1_800_000_000)) / 1e7
        let dLat = point.latitude < lat0 ? lat0 - point.latitude : point.latitude > lat1 ? point.latitude - lat1 : 0
        var dLng = 0.0
        if point.longitude < lng0 || point.longitude > lng1 {
            func around(_ x: Double) -> Double {
                let d = abs(x - point.longitude)
                return d > 180 ? 360 - d : d
            }
            dLng = min(around(lng0), around(lng1))
        }
        let x = dLat * .pi / 360
        let y = dLng * .pi / 360
        let sLat = sineBelow(x)
        let sLng = sineBelow(y)
        var cosCell = cosLat
        let farther = (max(abs(lat0), abs(lat1)) - abs(point.latitude)) * .pi / 180
        if farther > 0.01 {
            cosCell = min(cos(lat0 * .pi / 180), cos(lat1 * .pi / 180))
        } else if farther > 0 {
            cosCell = cosineFartherBelow(cosPhi: cosLat, sinPhi: sinLat, by: farther)
        }
        let h = sLat * sLat + cosLat * max(0, cosCell) * sLng * sLng
        let d = 2 * earthRadius * min(1, h.squareRoot())
        return max(0, d * (1 - 1e-9) - 1)
    }
}

/// One or two ranges of grid columns, inclusive (two when a disc crosses the 180° line).
package struct ColumnRanges {
    private var first: (Int, Int)
    private var second: (Int, Int)
    package let count: Int

    package init(_ a: Int, _ b: Int) {
        first = (a, b)
        second = (0, -1)
        count = 1
    }

    package init(_ a0: Int, _ b0: Int, _ a1: Int, _ b1: Int) {
        first = (a0, b0)
        second = (a1, b1)
        count = 2
    }

    package subscript(i: Int) -> (Int, Int) { i == 0 ? first : second }

    package func contains(_ col: Int) -> Bool {
        (col >= first.0 && col <= first.1) || (count == 2 && col >= second.0 && col <= second.1)
    }
}

/// What `PlaceGrid.sortByColumn` sorts: an entry with a `col << 32 | row` key.
package protocol KeyedEntry {
    var key: UInt64 { get }
}
