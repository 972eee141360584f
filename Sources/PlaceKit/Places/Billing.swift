import PlaceStorage

/// A SKU a places request can bill, with what the price lists say of it.
public struct BillingSKU: Sendable, Equatable {
    /// The SKU's key in `stats.billing`.
    public var key: String
    /// The SKU's name on a bill.
    public var name: String
    /// What bills it, one unit a request.
    public var billedFor: String
    /// Calls a month that bill nothing (nil: no source states it).
    public var freePerMonth: Int?
    /// US dollars per 1,000 calls past the free ones, in the lowest band (nil: no source states it).
    public var pricePer1000: Double?
    /// The calls a month up to which that price holds (nil: no band is known).
    public var priceBandEnd: Int?
}

/// The SKUs of both flows: the legacy Find Current Place with its Places Data SKUs, and the
/// three Nearby Search (New) SKUs. Only the figures the price lists state are here; the rest are
/// nil (`SimulationChoices` "billing figures").
public enum Billing {
    public static let skus: [BillingSKU] = [
        BillingSKU(
            key: "findCurrentPlace", name: "Find Current Place", billedFor: "each answered legacy request",
            freePerMonth: SimulationChoices.findCurrentPlaceFreeCalls, pricePer1000: 30, priceBandEnd: 100_000),
        BillingSKU(
            key: "basicData", name: "Places Data: Basic", billedFor: "a legacy request with a Basic field"),
        BillingSKU(
            key: "contactData", name: "Places Data: Contact", billedFor: "a legacy request with a Contact field"),
        BillingSKU(
            key: "atmosphereData", name: "Places Data: Atmosphere",
            billedFor: "a legacy request with an Atmosphere field"),
        BillingSKU(
            key: NearbySKU.pro.key, name: NearbySKU.pro.name,
            billedFor: "a nearby request whose highest property is Pro",
            freePerMonth: SimulationChoices.nearbyFreeCalls[.pro]),
        BillingSKU(
            key: NearbySKU.enterprise.key, name: NearbySKU.enterprise.name,
            billedFor: "a nearby request whose highest property is Enterprise",
            freePerMonth: SimulationChoices.nearbyFreeCalls[.enterprise]),
        BillingSKU(
            key: NearbySKU.enterpriseAtmosphere.key, name: NearbySKU.enterpriseAtmosphere.name,
            billedFor: "a nearby request with an Atmosphere property",
            freePerMonth: SimulationChoices.nearbyFreeCalls[.enterpriseAtmosphere]),
    ]

    /// The SKU with this key.
    public static func sku(_ key: String) -> BillingSKU? { skus.first { $0.key == key } }

    /// The SKUs the legacy call bills when answered: Find Current Place and one data SKU per tier.
    public static func legacyRequest(_ fields: PlaceFields) -> [String] {
        ["findCurrentPlace"] + fields.tiers.map { $0.lowercased() + "Data" }
    }

    /// The SKU a Nearby Search request bills when answered: the highest its properties need.
    public static func nearbyRequest(_ settings: NearbySettings) -> [String] {
        [NearbyProperties.sku(settings.properties).key]
    }

    /// What one answered request of this flavour bills.
    public static func request(flavor: AppFlavor, fields: PlaceFields, nearby: NearbySettings) -> [String] {
        flavor == .nearby ? nearbyRequest(nearby) : legacyRequest(fields)
    }

    /// The properties that raise a nearby request to its SKU (all of that SKU's, in order).
    public static func nearbyReasons(_ settings: NearbySettings) -> [String] {
        let sku = NearbyProperties.sku(settings.properties)
        return NearbyProperties.catalogue.filter { $0.sku == sku && settings.properties.contains($0.name) }.map(\.name)
    }
}
