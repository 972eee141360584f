/// What the exporters (`CSVExporter`, `GeoJSONExporter`) write of a place. The place store's
/// `Place` has these fields; the formats need nothing else of it.
public protocol ExportedPlace {
    var id: String { get }
    var name: String { get }
    var coordinate: GeoPoint { get }
    /// Google place types, most specific first.
    var types: [String] { get }
    /// Empty when unknown.
    var address: String { get }
    /// 0 when unknown.
    var rating: Double { get }
    /// -1 when unknown.
    var priceLevel: Int { get }
    /// Metres.
    var radius: Double { get }
}
