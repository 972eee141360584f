import PlaceFormats
import PlaceStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A Nearby Search (New) SKU, chosen by the highest property a request asks for.
public enum NearbySKU: Int, Sendable, CaseIterable, Comparable {
    case pro, enterprise, enterpriseAtmosphere

    /// The SKU's key in `stats.billing`.
    public var key: String {
        switch self {
        case .pro: return "nearbySearchPro"
        case .enterprise: return "nearbySearchEnterprise"
        case .enterpriseAtmosphere: return "nearbySearchEnterpriseAtmosphere"
        }
    }

    /// The SKU's name on a bill.
    public var name: String {
        switch self {
        case .pro: return "Nearby Search Pro"
        case .enterprise: return "Nearby Search Enterprise"
        case .enterpriseAtmosphere: return "Nearby Search Enterprise + Atmosphere"
        }
    }

    public static func < (a: NearbySKU, b: NearbySKU) -> Bool { a.rawValue < b.rawValue }
}

/// `GMSPlaceProperty`: the properties a Nearby Search (New) request asks for, with the SKU each
/// needs and the `GMSPlace` value it fills (as `PlaceFields` names it).
public enum NearbyProperties {
    /// Every `GMSPlaceProperty` of the 9.0.0 header the tutorial pins (`all` aside, which the
    /// commands take as a word), in its order: name, SKU, and the legacy field whose value it
    /// fills (nil: nothing the app reads). The SKU is the Nearby Search (New) data field's: Pro
    /// for the place's identity and geometry, Enterprise for hours, contact, rating and price,
    /// Enterprise + Atmosphere for the amenities, the reviews and the summary. `allowsDogs`
    /// came with 10.10.0 (placeshell takes it with any version, as before).
    public static let catalogue: [(name: String, sku: NearbySKU, field: String?)] = [
        ("name", .pro, "name"), ("placeID", .pro, "placeID"), ("plusCode", .pro, "plusCode"),
        ("coordinate", .pro, "coordinate"), ("openingHours", .enterprise, "openingHours"),
        ("phoneNumber", .enterprise, "phoneNumber"), ("formattedAddress", .pro, "formattedAddress"),
        ("rating", .enterprise, "rating"), ("priceLevel", .enterprise, "priceLevel"), ("types", .pro, "types"),
        ("website", .enterprise, "website"), ("viewport", .pro, "viewport"),
        ("addressComponents", .pro, "addressComponents"), ("photos", .pro, "photos"),
        ("userRatingsTotal", .enterprise, "userRatingsTotal"), ("utcOffsetMinutes", .pro, "utcOffsetMinutes"),
        ("businessStatus", .pro, "businessStatus"), ("iconImageURL", .pro, "iconImageURL"),
        ("iconBackgroundColor", .pro, "iconBackgroundColor"), ("takeout", .enterpriseAtmosphere, nil),
        ("delivery", .enterpriseAtmosphere, nil), ("dineIn", .enterpriseAtmosphere, nil),
        ("curbsidePickup", .enterpriseAtmosphere, nil), ("reservable", .enterpriseAtmosphere, nil),
        ("servesBreakfast", .enterpriseAtmosphere, nil), ("servesLunch", .enterpriseAtmosphere, nil),
        ("servesDinner", .enterpriseAtmosphere, nil), ("servesBeer", .enterpriseAtmosphere, nil),
        ("servesWine", .enterpriseAtmosphere, nil), ("servesBrunch", .enterpriseAtmosphere, nil),
        ("servesVegetarianFood", .enterpriseAtmosphere, nil), ("wheelchairAccessibleEntrance", .pro, nil),
        ("currentOpeningHours", .enterprise, "openingHours"), ("secondaryOpeningHours", .enterprise, nil),
        ("editorialSummary", .enterpriseAtmosphere, nil), ("reviews", .enterpriseAtmosphere, nil),
        ("allowsDogs", .enterpriseAtmosphere, nil),
    ]

    public static var allNames: [String] { catalogue.map(\.name) }

    /// The properties that bill `sku`, in catalogue order.
    public static func names(billing sku: NearbySKU) -> [String] { catalogue.filter { $0.sku == sku }.map(\.name) }

    /// The tutorial's mask as place properties: `[GMSPlaceProperty.name, .coordinate]`.
    public static let tutorial = ["name", "coordinate"]

    /// `names` in catalogue order, each once; unknown names are left out.
    public static func normalized(_ names: [String]) -> [String] {
        catalogue.map(\.name).filter { names.contains($0) }
    }

    /// The SKU a request with these properties bills: the highest among them (Pro with none).
    public static func sku(_ names: [String]) -> NearbySKU {
        catalogue.filter { names.contains($0.name) }.map(\.sku).max() ?? .pro
    }

    /// The `GMSPlace` values these properties fill, as a field mask.
    public static func fields(_ names: [String]) -> PlaceFields {
        PlaceFields(names: catalogue.filter { names.contains($0.name) }.compactMap(\.field))
    }

    /// Swift: `[GMSPlaceProperty.name, .coordinate].map(\.rawValue)`.
    public static func swiftSyntax(_ names: [String]) -> String {
        guard let first = names.first else { return "[String]()" }
        return "[GMSPlaceProperty." + first + names.dropFirst().map { ", ." + $0 }.joined() + "].map(\\.rawValue)"
    }
}

/// The knobs of the app's `GMSPlaceSearchNearbyRequest` (`nearby radius|rank|max|types|fields`).
/// They are kept as set, in or out of range: the SDK, not the shell, refuses a bad request.
public struct NearbySettings: Sendable, Equatable {
    /// The circle's radius in metres (`GMSPlaceCircularLocationOption(center, radius)`).
    public var radius = SimulationChoices.nearbyDefaultRadius
    public var rank = NearbyRank.popularity
    public var maxResultCount = 20
    public var includedTypes: [String] = []
    public var excludedTypes: [String] = []
    /// `includedPrimaryTypes` and `excludedPrimaryTypes`: filters on a place's primary type.
    public var includedPrimaryTypes: [String] = []
    public var excludedPrimaryTypes: [String] = []
    /// `regionCode`, a CLDR region code (`au`), or nil for none.
    public var regionCode: String?
    /// `placeProperties`, in catalogue order.
    public var properties = NearbyProperties.tutorial
    /// How the code calls `searchNearby`: as the project's SDK has it, or spelled one way.
    public var call = NearbyCallSpelling.sdk

    public init() {}

    /// The largest radius the SDK takes, in metres.
    public static let radiusRange = 0.0...50_000.0
    public static let maxResultRange = 1...20
    /// At most this many types in each list.
    public static let typeLimit = 50

    /// What the search of the store needs of them.
    var query: NearbyIndexQuery {
        NearbyIndexQuery(
            radius: radius, rank: rank, maxResultCount: maxResultCount, includedTypes: includedTypes,
            excludedTypes: excludedTypes, includedPrimaryTypes: includedPrimaryTypes,
            excludedPrimaryTypes: excludedPrimaryTypes)
    }

    /// What is wrong with the request, as the SDK says it (nil: it can be sent). Every fault is
    /// `invalidRequest` (-12): the SDK's mapping of the service's `INVALID_ARGUMENT` is a choice.
    public var problems: [String] {
        var out: [String] = []
        if !(radius.isFinite && Self.radiusRange.contains(radius)) {
            out.append("radius \(formatNumber(radius)) m is outside 0…50000 m")
        }
        if !Self.maxResultRange.contains(maxResultCount) {
            out.append("maxResultCount \(maxResultCount) is outside 1…20")
        }
        if properties.isEmpty { out.append("placeProperties is empty") }
        // The service's own words for a type outside Table A (Table B's or none at all).
        let unsupported = PlaceTypeTables.unsupported(
            includedTypes + excludedTypes + includedPrimaryTypes + excludedPrimaryTypes)
        if !unsupported.isEmpty { out.append("Unsupported types: \(unsupported.joined(separator: ", ")).") }
        for (name, list) in [
            ("includedTypes", includedTypes), ("excludedTypes", excludedTypes),
            ("includedPrimaryTypes", includedPrimaryTypes), ("excludedPrimaryTypes", excludedPrimaryTypes),
        ] where list.count > Self.typeLimit {
            out.append("more than 50 \(name)")
        }
        let both = includedTypes.filter { excludedTypes.contains($0) }
        if !both.isEmpty { out.append("\(both.joined(separator: ", ")) both included and excluded") }
        let bothPrimary = includedPrimaryTypes.filter { excludedPrimaryTypes.contains($0) }
        if !bothPrimary.isEmpty {
            out.append("\(bothPrimary.joined(separator: ", ")) both included and excluded as primary type")
        }
        if let regionCode, !Self.isRegionCode(regionCode) {
            out.append("regionCode '\(regionCode)' is not a CLDR region code")
        }
        return out
    }

    /// A CLDR region code as the request takes it: two letters (`au`, `AU`).
    public static func isRegionCode(_ code: String) -> Bool {
        code.utf8.count == 2 && code.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }
    }
}

/// Nearby Search (New): the places whose point lies in a circle, filtered by type, ranked by
/// popularity or distance, at most `maxResultCount`.
///
/// `search(_: PlaceStore, …)` is what the service runs; `search(_: [Place], …)` looks at every
/// place: the reference the tests hold it to (the same places in the same order, the same
/// numbers to the bit).
///
/// Design note.
/// - Best first, then stop, as the likelihood query does (`PlaceGrid`'s note): the search
///   keeps the best `maxResultCount` found so far and visits the grid cells the circle crosses
///   in the order of the best place each could hold, and stops when no cell left can beat the
///   last of them. A 500 m circle in a dense city crosses hundreds of cells and thousands of
///   places; a full list of 20 needs a few dozen of them.
/// - `.popularity`: each cell knows a bound of its places' popularity (`cellBest`: the highest
///   of them, rounded up to a 254th of the highest possible), each size class the highest of
///   its cells (`classBest`). Popularity grows with a place's size
///   (reach), so the classes go largest places first: a whole class whose best cannot beat the
///   last place so far is not even enumerated (in a city, the small shops and ATMs, most of the
///   places), and within a class the cells go best bound first, until a bound falls below the
///   last place's popularity. A cell whose bound equals it is still visited: a place of equal
///   popularity may win on distance or ID.
/// - `.distance`: class by class, each class's cells nearest possible point first
///   (`cellDistanceBound`, a lower bound of the distance to anything in the cell), until one
///   lies beyond the last place; and each class is enumerated no farther than the last place
///   so far, so the circle shrinks as the list fills.
/// - Per place, the work is integer reads and a few multiplications before any trigonometry:
///   the type filters are decided once per distinct type list of the store (a place stores its
///   list's index) and then read as one byte; the popularity is the stored list's prior, the
///   stored rating and the stored radius; by popularity, a place that cannot beat the last
///   even with the best rating is dropped before its distance is computed, and a place outside
///   the circle before its rating is read (its slot is a cache miss the circle test does not
///   need: in a sparse area the list never fills and every place of the cells meets it; the
///   slot is asked for before the distance's arithmetic, so that its miss overlaps it); by
///   distance, whose order needs no rating, it is read for the final list's places only; the
///   distance (haversine) only after the cheap latitude test (R·|Δφ| never exceeds it) and a
///   lower bound of it without trigonometry (`LikelihoodSearch.distanceBound`), both against
///   the radius, or by distance with a full list against the last place's distance; a
///   stored radius's reach comes from a table (`PopularityModel.reach(code:)`), not a
///   logarithm. The ID, a string the store builds, is read only to break an exact tie of
///   popularity and distance. A class's cells are sorted with their ranges of places already
///   read, then read ahead a few hundred places at a time (`PlaceGrid.ReadAhead`), as the
///   likelihood query reads them; a cell outside the circle is dropped before it is sorted.
/// - Exactness: a cell or class is skipped only when nothing in it can be in the circle or
///   enter the list (its bound strictly below the last place's popularity, or its nearest
///   point strictly beyond the last place's distance); bounds are upper bounds of the same
///   arithmetic (Float rounded up; a distance bound less 1e-9 and a metre); the list's order
///   (popularity or distance, then distance, then ID) is total, so the order the places are
///   met in cannot change it. Places appended since the grid's last build are looked at one by
///   one; a replaced place raises its cell's bound; a removed one leaves it an upper bound.
public enum NearbyModel {
    /// One place found.
    public struct Found: Sendable {
        public var place: Place
        public var index: Int? = nil
        public var distance: Double
        public var popularity: Double
    }

    /// Whether a place with `types` passes the type filters.
    static func passes(_ types: [String], _ settings: NearbySettings) -> Bool {
        NearbyIndexSearch.passes(types, settings.query)
    }

    static func better(
        _ a: (distance: Double, popularity: Double, id: String),
        _ b: (distance: Double, popularity: Double, id: String),
        rank: NearbyRank
    ) -> Bool {
        NearbyIndexSearch.better(a, b, rank: rank)
    }

    /// The places of `store` in the circle, best first (the settings must be valid): the same
    /// list as `search(store.places, …)`, from the cells that can still change it (see the note).
    public static func search(_ store: PlaceStore, center: GeoPoint, settings: NearbySettings) -> [Found] {
        search(store, center: center, settings: settings) { found, place in
            Found(place: place, index: found.index, distance: found.distance, popularity: found.popularity)
        }
    }

    /// The same search, each place made into what the caller keeps by `make(numbers, place)`,
    /// the place handed over (as `LikelihoodModel.rank`'s). The search is the store's
    /// (`NearbyIndexSearch`, beside the grid it walks).
    static func search<T>(
        _ store: PlaceStore, center: GeoPoint, settings: NearbySettings,
        _ make: ((index: Int, distance: Double, popularity: Double), consuming Place) -> T
    ) -> [T] {
        var out: [T] = []
        out.reserveCapacity(max(0, min(settings.maxResultCount, NearbySettings.maxResultRange.upperBound)))
        NearbyIndexSearch.search(store, center: center, query: settings.query) { found, place in
            out.append(make(found, place))
        }
        return out
    }

    /// The same by looking at every place: the reference.
    public static func search(_ places: [Place], center: GeoPoint, settings: NearbySettings) -> [Found] {
        guard settings.maxResultCount > 0, center.isValid else { return [] }
        var found: [Found] = []
        for place in places {
            let d = distance(center, place.coordinate)
            guard d <= settings.radius, passes(place.types, settings) else { continue }
            found.append(
                Found(
                    place: place, distance: d,
                    popularity: PopularityModel.popularity(
                        types: place.types, rating: place.rating, radius: place.radius)))
        }
        found.sort {
            better(
                ($0.distance, $0.popularity, $0.place.id), ($1.distance, $1.popularity, $1.place.id),
                rank: settings.rank)
        }
        return Array(found.prefix(settings.maxResultCount))
    }
}

/// Both requests at one position, side by side (`compare`): the legacy likelihoods and Nearby
/// Search (New) under the current knobs. Nothing is sent: no request counts, bills or changes
/// what the app holds.
public struct NearbyComparison: Sendable {
    /// The position both were asked for (the device's, coarsened under reduced accuracy).
    public var point: GeoPoint
    public var accuracy: Double
    public var reduced: Bool
    public var settings: NearbySettings
    public var legacy: [LikelihoodModel.Scored]
    /// Empty when the settings are ones the SDK refuses (`problems`).
    public var nearby: [NearbyModel.Found]
    public var problems: [String]

    /// The places of the legacy top `k` the nearby top `k` also has, in legacy order.
    public func kept(top k: Int) -> [Place] {
        let ids = Set(nearby.prefix(k).map(\.place.id))
        return legacy.prefix(k).map(\.place).filter { ids.contains($0.id) }
    }

    /// The 1-based rank of the place with this ID in the legacy list, if it is there.
    public func legacyRank(of id: String) -> Int? {
        legacy.firstIndex { $0.place.id == id }.map { $0 + 1 }
    }
}

extension Session {
    /// The two requests at the device's position, or nil when the device has none. Under reduced
    /// accuracy the position is coarsened as a fix the app gets would be.
    public func compareRequests() -> NearbyComparison? {
        guard let position = device.position else { return nil }
        var fix = LocationFix(
            coordinate: position.coordinate, horizontalAccuracy: position.horizontalAccuracy, speed: -1, course: -1,
            timestamp: clock)
        let reduced = device.privacy.accuracy == .reduced
        if reduced { fix = LocationManager.coarsened(fix) }
        let settings = places.nearby
        let problems = settings.problems
        let legacy = LikelihoodModel.rank(places.dataset, at: fix.coordinate, accuracy: fix.horizontalAccuracy)
        let nearby =
            problems.isEmpty ? NearbyModel.search(places.dataset, center: fix.coordinate, settings: settings) : []
        return NearbyComparison(
            point: fix.coordinate, accuracy: fix.horizontalAccuracy, reduced: reduced, settings: settings,
            legacy: legacy, nearby: nearby, problems: problems)
    }
}
