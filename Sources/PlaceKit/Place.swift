/// A place the places service knows: what `GMSPlace` would hold when every field is requested.
public struct Place: Sendable, Equatable {
    public var id: String
    public var name: String
    public var coordinate: GeoPoint
    public var types: [String]
    public var address: String
    /// 1.0–5.0, or 0 for none.
    public var rating: Double
    /// -1 unknown, 0 free … 4 expensive (`GMSPlacesPriceLevel`).
    public var priceLevel: Int
    /// Rough size in metres: how far from its point a person inside it may stand.
    public var radius: Double
    /// The area of the built-in dataset it belongs to (`sydney`, `sf`, `cupertino`), or a source name.
    public var area: String

    public init(
        id: String, name: String, coordinate: GeoPoint, types: [String], address: String, rating: Double,
        priceLevel: Int, radius: Double, area: String
    ) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.types = types
        self.address = address
        self.rating = rating
        self.priceLevel = priceLevel
        self.radius = radius
        self.area = area
    }
}

/// The places the simulated Places service searches.
public struct PlaceDataset: Sendable {
    public private(set) var places: [Place]
    /// Where the places came from, for `places` and `status`.
    public var source: String

    public init(places: [Place], source: String) {
        self.places = places
        self.source = source
    }

    /// The built-in dataset: real places in Pyrmont/Darling Harbour, downtown San Francisco and
    /// Cupertino (illustrative, not authoritative).
    public static let builtin: PlaceDataset = {
        var places: [Place] = []
        // Split on bytes, not Characters: this runs at every start-up, and byte splitting is
        // several times faster (the table is tab-separated ASCII structure around UTF-8 text).
        for line in BuiltinPlaces.table.utf8.split(separator: 0x0A) {
            let c = line.split(separator: 0x09, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            guard c.count == 10, let lat = Double(c[2]), let lng = Double(c[3]) else { continue }
            places.append(
                Place(
                    id: c[0], name: c[1], coordinate: GeoPoint(latitude: lat, longitude: lng),
                    types: c[4].split(separator: ",").map(String.init), address: c[5], rating: Double(c[6]) ?? 0,
                    priceLevel: Int(c[7]) ?? -1, radius: Double(c[8]) ?? 30, area: c[9]))
        }
        return PlaceDataset(places: places, source: "built-in")
    }()

    /// The areas present, in first-seen order, with their counts.
    public var areas: [(name: String, count: Int)] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for p in places {
            if counts[p.area] == nil { order.append(p.area) }
            counts[p.area, default: 0] += 1
        }
        return order.map { ($0, counts[$0] ?? 0) }
    }
}
