import PlaceFormats
import PlaceStorage

/// `GMSPlaceField`: which properties of a place a request asks for (and is billed for).
public struct PlaceFields: Sendable, Equatable {
    public private(set) var bits: UInt64

    public init(bits: UInt64 = 0) { self.bits = bits }

    /// The tutorial's mask: `[.name, .coordinate]`.
    public static let tutorial = PlaceFields(names: ["name", "coordinate"])

    /// Every field, in bit order: name, bit, billing tier, supported by likelihood requests.
    public static let catalogue: [(name: String, bit: Int, tier: String, likelihoods: Bool)] = [
        ("name", 0, "Basic", true), ("placeID", 1, "Basic", true), ("plusCode", 2, "Basic", true),
        ("coordinate", 3, "Basic", true), ("openingHours", 4, "Contact", false),
        ("phoneNumber", 5, "Contact", false), ("formattedAddress", 6, "Basic", true),
        ("rating", 7, "Atmosphere", true), ("priceLevel", 8, "Atmosphere", true), ("types", 9, "Basic", true),
        ("website", 10, "Contact", false), ("viewport", 11, "Basic", true),
        ("addressComponents", 12, "Basic", false), ("photos", 13, "Basic", true),
        ("userRatingsTotal", 14, "Atmosphere", true), ("utcOffsetMinutes", 15, "Basic", false),
        ("businessStatus", 16, "Basic", true), ("iconImageURL", 17, "Basic", true),
        ("iconBackgroundColor", 18, "Basic", true),
    ]

    public static var allNames: [String] { catalogue.map(\.name) }

    public init(names: [String]) {
        var bits: UInt64 = 0
        for name in names {
            // safe: bits are 0…63
            if let entry = Self.catalogue.first(where: { $0.name == name }) { bits |= 1 << UInt64(entry.bit) }
        }
        self.bits = bits
    }

    public func contains(_ name: String) -> Bool {
        guard let bit = Self.bitByName[name] else { return false }
        return bits & (1 << UInt64(bit)) != 0  // safe: bits are 0…63
    }

    private static let bitByName: [String: Int] = {
        var table: [String: Int] = [:]
        for entry in catalogue { table[entry.name] = entry.bit }
        return table
    }()

    /// Whether the field with this bit (see `catalogue`) is requested.
    func contains(bit: Int) -> Bool { bits & (1 << UInt64(bit)) != 0 }  // safe: callers pass catalogue bits, 0…63

    public mutating func insert(_ name: String) {
        // safe: bits are 0…63
        if let entry = Self.catalogue.first(where: { $0.name == name }) { bits |= 1 << UInt64(entry.bit) }
    }

    public mutating func remove(_ name: String) {
        // safe: bits are 0…63
        if let entry = Self.catalogue.first(where: { $0.name == name }) { bits &= ~(1 << UInt64(entry.bit)) }
    }

    /// The field names in bit order.
    // safe: bits are 0…63
    public var names: [String] { Self.catalogue.filter { bits & (1 << UInt64($0.bit)) != 0 }.map(\.name) }

    /// The bits of one field each.
    private static func mask(where include: ((name: String, bit: Int, tier: String, likelihoods: Bool)) -> Bool)
        -> UInt64
    {
        catalogue.filter(include).reduce(0) { $0 | 1 << UInt64($1.bit) }  // safe: bits are 0…63
    }

    /// The fields likelihood requests do not support, as bits (every request checks them).
    private static let unsupportedBits = mask { !$0.likelihoods }

    /// Each data SKU's fields as bits, in billing order.
    private static let tierBits = ["Basic", "Contact", "Atmosphere"].map { tier in (tier, mask { $0.tier == tier }) }

    /// Requested fields that likelihood requests do not support.
    public var unsupported: [String] {
        guard bits & Self.unsupportedBits != 0 else { return [] }
        return PlaceFields(bits: bits & Self.unsupportedBits).names
    }

    /// The data SKUs a request with these fields bills, besides the base SKU.
    public var tiers: [String] { Self.tierBits.filter { bits & $0.1 != 0 }.map(\.0) }

    /// Each data SKU a request with these fields bills (`basicData`, `contactData`,
    /// `atmosphereData`: the tiers touched), in `tiers`' order, named once rather than at every
    /// request.
    public func forEachDataSKU(_ body: (String) -> Void) {
        for (sku, mask) in Self.tierSKUs where bits & mask != 0 { body(sku) }
    }
    private static let tierSKUs = tierBits.map { (tier, mask) in (tier.lowercased() + "Data", mask) }

    /// Swift option-set syntax: `[.name, .coordinate]`.
    public var swiftSyntax: String { "[" + names.map { "." + $0 }.joined(separator: ", ") + "]" }

    /// Objective-C syntax: `GMSPlaceFieldName | GMSPlaceFieldCoordinate` (0 with no field).
    public var objcSyntax: String {
        guard !names.isEmpty else { return "0" }
        return names.map { name in
            let words = ["placeID": "PlaceID", "utcOffsetMinutes": "UTCOffsetMinutes"]
            return "GMSPlaceField" + (words[name] ?? (name.prefix(1).uppercased() + name.dropFirst()))
        }.joined(separator: " | ")
    }
}

/// A place as the app receives it: only the requested fields are filled (`GMSPlace`).
public struct FetchedPlace: Sendable, Equatable {
    public var name: String?
    public var placeID: String?
    public var coordinate: GeoPoint
    public var formattedAddress: String?
    public var rating: Double
    public var priceLevel: Int
    public var types: [String]
    /// The place it came from (not visible to the app; for `explain` and the shell).
    public var source: Place
}

extension FetchedPlace {
    /// Masks a place by the requested fields; unrequested values read as the SDK's defaults.
    /// The place is taken (a caller done with it hands it over without a copy).
    ///
    /// Made in one call of the memberwise initializer, which an initializer in an extension
    /// keeps: assigned field by field, the value was built in a temporary, copied whole (a
    /// retain of each of its nine strings and arrays) and the temporary destroyed (a release
    /// of each), for every place of every response.
    public init(_ place: consuming Place, fields: PlaceFields) {
        // Bits as in `PlaceFields.catalogue` (GMSPlaceField).
        self.init(
            name: fields.contains(bit: 0) ? place.name : nil,
            placeID: fields.contains(bit: 1) ? place.id : nil,
            coordinate: fields.contains(bit: 3) ? place.coordinate : .invalid,
            formattedAddress: fields.contains(bit: 6) ? place.address : nil,
            rating: fields.contains(bit: 7) ? place.rating : 0,
            priceLevel: fields.contains(bit: 8) ? place.priceLevel : -1,
            types: fields.contains(bit: 9) ? place.types : [],
            source: place)
    }
}

/// `GMSPlaceLikelihood`, or a place of a Nearby Search (New) response: that one has no
/// likelihood, and the shell keeps its distance from the circle's centre.
public struct PlaceLikelihood: Sendable, Equatable {
    public var place: FetchedPlace
    /// The likelihood the legacy service gave; nil for a Nearby Search place.
    public var likelihood: Double?
    /// Metres from the search circle's centre (Nearby Search only; not visible to the app).
    public var distance: Double?

    public init(place: FetchedPlace, likelihood: Double?, distance: Double? = nil) {
        self.place = place
        self.likelihood = likelihood
        self.distance = distance
    }
}
