import PlaceFormats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small seeded generator (SplitMix64): the same numbers on every run and machine, which
/// `SystemRandomNumberGenerator` would not give.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), from the top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in `range`.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// 0..<n.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }  // safe: the remainder is below n, an Int

    /// A standard normal deviate (Box–Muller).
    public mutating func gaussian() -> Double {
        let u = max(unit(), 0x1p-60)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * unit())
    }
}

extension PlaceStore {
    /// One kind of synthetic place: its Google types, share of all places, size, price and the
    /// last word of its names.
    package struct SyntheticKind {
        package var types: [String]
        package var share: Double
        package var radius: ClosedRange<Double>
        package var price: ClosedRange<Int>?
        package var suffixes: [String]
    }

    /// Kinds with shares like a city centre's points of interest in OpenStreetMap: food and
    /// shops most, then services and transport, a few large parks, malls and museums.
    package static let syntheticKinds: [SyntheticKind] = [
        .init(
            types: ["restaurant", "food"], share: 17, radius: 15...40, price: 1...4,
            suffixes: ["Kitchen", "Bistro", "Grill", "Eatery", "Trattoria", "Diner"]),
        .init(
            types: ["cafe", "food"], share: 10, radius: 10...30, price: 1...2,
            suffixes: ["Cafe", "Coffee", "Espresso", "Roasters"]),
        .init(
            types: ["bar"], share: 6, radius: 15...40, price: 2...3, suffixes: ["Bar", "Tavern", "Lounge", "Taphouse"]),
        .init(
            types: ["bakery", "food", "store"], share: 3, radius: 10...25, price: 1...2,
            suffixes: ["Bakery", "Patisserie"]),
        .init(
            types: ["clothing_store", "store"], share: 6, radius: 10...35, price: 2...3,
            suffixes: ["Boutique", "Outfitters", "Apparel"]),
        .init(
            types: ["convenience_store", "food", "store"], share: 5, radius: 8...20, price: 1...1,
            suffixes: ["Mart", "Convenience", "Express"]),
        .init(
            types: ["store"], share: 7, radius: 10...40, price: 1...3,
            suffixes: ["Store", "Goods", "Supply", "Emporium"]),
        .init(
            types: ["supermarket", "grocery_or_supermarket", "food", "store"], share: 2, radius: 30...80, price: 1...2,
            suffixes: ["Market", "Grocer", "Foods"]),
        .init(
            types: ["beauty_salon"], share: 3, radius: 8...20, price: 2...3,
            suffixes: ["Salon", "Hair Studio", "Barbers"]),
        .init(
            types: ["lodging"], share: 4, radius: 40...120, price: 2...4, suffixes: ["Hotel", "Inn", "Suites", "Lodge"]),
        .init(types: ["bank", "finance"], share: 3, radius: 15...35, price: nil, suffixes: ["Bank", "Credit Union"]),
        .init(types: ["atm", "finance"], share: 3, radius: 3...10, price: nil, suffixes: ["ATM"]),
        .init(
            types: ["pharmacy", "health", "store"], share: 3, radius: 10...25, price: nil,
            suffixes: ["Pharmacy", "Chemist"]),
        .init(types: ["gym", "health"], share: 2, radius: 20...60, price: 2...3, suffixes: ["Fitness", "Gym"]),
        .init(types: ["school"], share: 2, radius: 60...200, price: nil, suffixes: ["School", "Academy"]),
        .init(
            types: ["place_of_worship"], share: 2, radius: 15...60, price: nil,
            suffixes: ["Chapel", "Church", "Temple"]),
        .init(types: ["parking"], share: 5, radius: 20...120, price: nil, suffixes: ["Parking", "Car Park"]),
        .init(
            types: ["transit_station"], share: 4, radius: 20...120, price: nil,
            suffixes: ["Station", "Stop", "Interchange"]),
        .init(types: ["park"], share: 3, radius: 60...600, price: nil, suffixes: ["Park", "Gardens", "Reserve"]),
        .init(
            types: ["museum", "tourist_attraction"], share: 1, radius: 50...200, price: nil,
            suffixes: ["Museum", "Gallery"]),
        .init(
            types: ["tourist_attraction"], share: 2, radius: 20...300, price: nil,
            suffixes: ["Lookout", "Monument", "Square"]),
        .init(
            types: ["shopping_mall"], share: 1, radius: 100...350, price: 2...2,
            suffixes: ["Centre", "Arcade", "Plaza"]),
        .init(
            types: ["hospital", "health"], share: 1, radius: 80...300, price: nil, suffixes: ["Hospital", "Clinic"]),
        .init(types: ["post_office"], share: 1, radius: 10...30, price: nil, suffixes: ["Post Office"]),
        .init(types: ["library"], share: 1, radius: 20...60, price: nil, suffixes: ["Library"]),
        .init(types: ["movie_theater"], share: 1, radius: 30...80, price: 2...2, suffixes: ["Cinema", "Pictures"]),
    ]

    /// Each kind's full type list, made once: the records of a kind share one array (no
    /// allocation per place, and the store knows the list again by the array).
    package static let syntheticKindTypes = syntheticKinds.map { $0.types + ["point_of_interest", "establishment"] }

    package static let syntheticFirstWords = [
        "Golden", "Blue", "Little", "Old", "Harbour", "Green", "Royal", "Silver", "Red", "Corner", "Sunny",
        "Urban", "Bright", "Quiet", "Lucky", "Wild", "Grand", "Northern", "Hidden", "Copper", "Velvet", "Salty",
        "Crimson", "Paper", "Iron", "Maple", "Marble", "Amber", "Stone", "Coastal",
    ]
    package static let syntheticSecondWords = [
        "Fig", "Oak", "Lantern", "Anchor", "Sparrow", "Pepper", "Willow", "Bridge", "Lotus", "River", "Cedar",
        "Olive", "Ember", "Orchid", "Fern", "Wren", "Harbor", "Basil", "Juniper", "Pine", "Tide", "Finch",
        "Hazel", "Clover", "Quay", "Bay", "Laurel", "Heron", "Thistle", "Saffron",
    ]
    package static let syntheticStreets = [
        "George", "Harris", "Pitt", "King", "Union", "Market", "Bridge", "Church", "Victoria", "Elizabeth",
        "Park", "High", "Station", "Mill", "Water", "Queen", "Albert", "Crown", "Bay", "Hill", "Oxford",
        "Liverpool", "Bourke", "Forbes", "Crown", "Miller", "Pyrmont", "Kent", "Sussex", "Clarence",
    ]
    package static let syntheticStreetKinds = ["St", "Rd", "Ave", "Lane", "Pde"]

    /// `count` plausible places around `around`, within about `radius` metres: names from word
    /// lists (about 20 characters), types with a city's shares, clustered density (3–6 centres
    /// with Gaussian spread, and a fifth of the places spread evenly), street addresses,
    /// ratings and prices. The same seed gives the same places; place `i` depends only on the
    /// seed and `i`, so any slice can be made alone (`range`). No IDs: the store derives them.
    public static func synthetic(
        count: Int, around: GeoPoint, radius: Double, seed: UInt64, range: Range<Int>? = nil
    ) -> [PlaceRecord] {
        let range = range ?? 0..<count
        let centres = syntheticCentres(around: around, radius: radius, seed: seed)
        let totalShare = syntheticKinds.reduce(0) { $0 + $1.share }
        let totalWeight = centres.reduce(0) { $0 + $1.weight }
        var out: [PlaceRecord] = []
        out.reserveCapacity(range.count)
        for i in range.clamped(to: 0..<max(0, count)) {
            // safe: an index is not negative
            var rng = SeededRandom(seed: seed ^ (UInt64(i) &* 0xD1B5_4A32_D192_ED03) ^ 0x5851_F42D_4C95_7F2D)
            // Where: a cluster (85 %) or anywhere in the disc.
            let point: GeoPoint
            if rng.unit() < 0.85 {
                var pick = rng.unit() * totalWeight
                var centre = centres[centres.count - 1]
                for c in centres {
                    pick -= c.weight
                    if pick < 0 {
                        centre = c
                        break
                    }
                }
                let dx = rng.gaussian() * centre.sigma
                let dy = rng.gaussian() * centre.sigma
                point = destination(
                    from: centre.point, bearing: atan2(dx, dy) * 180 / .pi, metres: (dx * dx + dy * dy).squareRoot())
            } else {
                point = destination(from: around, bearing: rng.unit() * 360, metres: radius * rng.unit().squareRoot())
            }
            // What.
            var pick = rng.unit() * totalShare
            var kindIndex = syntheticKinds.count - 1
            for (j, k) in syntheticKinds.enumerated() {
                pick -= k.share
                if pick < 0 {
                    kindIndex = j
                    break
                }
            }
            let kind = syntheticKinds[kindIndex]
            let name =
                syntheticFirstWords[rng.below(syntheticFirstWords.count)] + " "
                + syntheticSecondWords[rng.below(syntheticSecondWords.count)] + " "
                + kind.suffixes[rng.below(kind.suffixes.count)]
            let address =
                String(1 + rng.below(399)) + " " + syntheticStreets[rng.below(syntheticStreets.count)] + " "
                + syntheticStreetKinds[rng.below(syntheticStreetKinds.count)]
            let r = rng.double(in: kind.radius)
            // A skewed rating (most places 3.8–4.6), and one in seven without any.
            let rating: Double? =
                rng.below(7) == 0 ? nil : (min(5, max(1, 4.2 + 0.35 * rng.gaussian())) * 10).rounded() / 10
            let price = kind.price.map { $0.lowerBound + rng.below($0.count) }
            out.append(
                PlaceRecord(
                    name: name, latitude: point.latitude, longitude: point.longitude,
                    types: syntheticKindTypes[kindIndex], address: address, rating: rating,
                    priceLevel: price, radius: (r * 10).rounded() / 10))
        }
        return out
    }

    /// The clusters of a synthetic dataset: where, how wide, how many places each draws.
    package static func syntheticCentres(around: GeoPoint, radius: Double, seed: UInt64) -> [(
        point: GeoPoint, sigma: Double, weight: Double
    )] {
        var rng = SeededRandom(seed: seed ^ 0xC3A5_C85C_97CB_3127)
        let k = 3 + rng.below(4)
        return (0..<k).map { i in
            // The first centre is the given point itself: a city has a centre.
            let point =
                i == 0
                ? around
                : destination(from: around, bearing: rng.unit() * 360, metres: radius * 0.6 * rng.unit().squareRoot())
            return (point, radius * rng.double(in: 0.06...0.18), rng.double(in: 0.5...1.5) * (i == 0 ? 2 : 1))
        }
    }

    /// Adds `count` synthetic places (as `synthetic` makes them) tagged `source`, a slice at a
    /// time and with the arrays sized once, so a million places never exist as a million
    /// `PlaceRecord`s (a few hundred bytes each) at once: the peak memory stays the store's.
    /// `interrupted` is asked between slices; when it says so, generating stops and the result
    /// is nil, with the store exactly as it was before (undone in place, not kept as a copy).
    @discardableResult
    public mutating func generate(
        count: Int, around: GeoPoint, radius: Double, seed: UInt64, source: String,
        interrupted: () -> Bool = { false }
    ) -> (added: Int, replaced: Int)? {
        var load = Load(taking: &self, source: source)
        var start = 0
        while start < count {
            if interrupted() {
                self = load.rollBack()
                return nil
            }
            // Small slices: the records of one slice are the only transient memory.
            let end = min(count, start + 4096)
            let records = Self.synthetic(count: count, around: around, radius: radius, seed: seed, range: start..<end)
            if start == 0 {
                // Size every array once from the first slice's text.
                let bytes = records.reduce(0) { $0 + $1.name.utf8.count + ($1.address?.utf8.count ?? 0) + 3 }
                let perPlace = Double(bytes) / Double(max(1, records.count))
                load.reserve(count, textBytes: clampedInt(perPlace * Double(count) * 1.02, 0...(1 << 32)) + 64)
            }
            load.add(contentsOf: records)
            start = end
        }
        guard let done = load.finish() else { return nil }
        self = done.store
        return (done.added, done.replaced)
    }
}
