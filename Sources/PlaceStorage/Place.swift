import PlaceFormats

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

/// The exporters write a place's fields as the store holds them.
extension Place: ExportedPlace {}
