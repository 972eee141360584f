import PlaceFormats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `GMSPlaceSearchNearbyRankPreference`: how Nearby Search (New) orders the places it finds.
public enum NearbyRank: String, Sendable, CaseIterable {
    /// `.popularity`, the SDK's default: the most popular first (`PopularityModel`).
    case popularity
    /// `.distance`: nearest the circle's centre first.
    case distance
}

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
    /// Name, SKU, and the legacy field whose value it fills (nil: nothing the app reads).
    public static let catalogue: [(name: String, sku: NearbySKU, field: String?)] = [
        ("name", .pro, "name"), ("placeID", .pro, "placeID"), ("coordinate", .pro, "coordinate"),
        ("formattedAddress", .pro, "formattedAddress"), ("types", .pro, "types"),
        ("businessStatus", .pro, "businessStatus"), ("photos", .pro, "photos"),
        ("addressComponents", .pro, "addressComponents"), ("plusCode", .pro, "plusCode"),
        ("viewport", .pro, "viewport"), ("rating", .enterprise, "rating"),
        ("userRatingsTotal", .enterprise, "userRatingsTotal"), ("priceLevel", .enterprise, "priceLevel"),
        ("currentOpeningHours", .enterprise, "openingHours"), ("phoneNumber", .enterprise, "phoneNumber"),
        ("website", .enterprise, "website"), ("curbsidePickup", .enterpriseAtmosphere, nil),
        ("delivery", .enterpriseAtmosphere, nil), ("dineIn", .enterpriseAtmosphere, nil),
        ("allowsDogs", .enterpriseAtmosphere, nil),
    ]

    public static var allNames: [String] { catalogue.map(\.name) }

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
    /// `placeProperties`, in catalogue order.
    public var properties = NearbyProperties.tutorial

    public init() {}

    /// The largest radius the SDK takes, in metres.
    public static let radiusRange = 0.0...50_000.0
    public static let maxResultRange = 1...20
    /// At most this many types in each list.
    public static let typeLimit = 50

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
        if includedTypes.count > Self.typeLimit { out.append("more than 50 includedTypes") }
        if excludedTypes.count > Self.typeLimit { out.append("more than 50 excludedTypes") }
        let both = includedTypes.filter { excludedTypes.contains($0) }
        if !both.isEmpty { out.append("\(both.joined(separator: ", ")) both included and excluded") }
        return out
    }
}

/// How popular a place is, for Nearby Search (New)'s `.popularity` ranking. The formula (also in
/// `help popularity` and the manual):
///
///     popularity = prior(type) × quality × reach
///     quality    = rating / 5, or 0.5 for a place with no rating
///     reach      = 1 + log2(1 + radius / 25 m)          (bigger places draw more people)
///
/// The service has the ratings count and visit data; the datasets here hold a rating, types and
/// a size, so those stand in. Places rank by popularity, then distance from the centre, then ID.
public enum PopularityModel {
    public static func popularity(types: [String], rating: Double, radius: Double) -> Double {
        popularity(prior: LikelihoodModel.prior(types), rating: rating, radius: radius)
    }

    static func popularity(prior: Double, rating: Double, radius: Double) -> Double {
        let quality = rating > 0 ? min(rating, 5) / 5 : 0.5
        let reach = 1 + log2(1 + max(0, radius) / 25)
        return prior * quality * reach
    }
}

/// Nearby Search (New): the places whose point lies in a circle, filtered by type, ranked by
/// popularity or distance, at most `maxResultCount`.
///
/// `search(_: PlaceStore, …)` asks the store's grid for the cells the circle crosses, so a query
/// with a million places loaded looks only at the places near the centre; `search(_: [Place], …)`
/// looks at every place: the reference the tests hold it to.
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
        if !settings.includedTypes.isEmpty && !types.contains(where: { settings.includedTypes.contains($0) }) {
            return false
        }
        return !types.contains(where: { settings.excludedTypes.contains($0) })
    }

    static func better(
        _ a: (distance: Double, popularity: Double, id: String),
        _ b: (distance: Double, popularity: Double, id: String),
        rank: NearbyRank
    ) -> Bool {
        if rank == .popularity && a.popularity != b.popularity { return a.popularity > b.popularity }
        if a.distance != b.distance { return a.distance < b.distance }
        return a.id < b.id
    }

    /// The places of `store` in the circle, best first (the settings must be valid).
    public static func search(_ store: PlaceStore, center: GeoPoint, settings: NearbySettings) -> [Found] {
        let radius = settings.radius
        let limit = max(0, settings.maxResultCount)
        guard limit > 0, store.count > 0, center.isValid else { return [] }
        let metresPerDegree = earthRadius * .pi / 180
        let bound = radius * (1 + 1e-9)
        var top: [(index: Int, distance: Double, popularity: Double)] = []
        let filtered = !settings.includedTypes.isEmpty || !settings.excludedTypes.isEmpty
        var typeListPasses: [Int: Bool] = [:]
        let rank = settings.rank
        // The ID, a string the store builds, is read only to break an exact tie.
        func beats(
            _ a: (index: Int, distance: Double, popularity: Double),
            _ b: (index: Int, distance: Double, popularity: Double)
        ) -> Bool {
            if rank == .popularity && a.popularity != b.popularity { return a.popularity > b.popularity }
            if a.distance != b.distance { return a.distance < b.distance }
            return store.id(at: a.index) < store.id(at: b.index)
        }
        store.grid.visit(store, around: center, cutoff: { _ in radius }) { row in
            let c = store.coords[row]
            if abs(Double(c.lat) / 1e7 - center.latitude) * metresPerDegree > bound { return }
            let d = distance(center, store.coordinate(at: row))
            guard d <= radius else { return }
            let typeList = Int(c.types)  // safe: stored indexes widen
            if filtered {
                let ok: Bool
                if let known = typeListPasses[typeList] {
                    ok = known
                } else {
                    ok = passes(store.typeLists[typeList], settings)
                    typeListPasses[typeList] = ok
                }
                guard ok else { return }
            }
            let p = PopularityModel.popularity(
                prior: store.typeListPriors[typeList], rating: Double(store.slots[row].rating) / 10,
                radius: Double(c.radius) / 10)
            let candidate = (index: row, distance: d, popularity: p)
            if top.count == limit, let last = top.last, !beats(candidate, last) { return }
            var at = top.count
            while at > 0 && beats(candidate, top[at - 1]) { at -= 1 }
            top.insert(candidate, at: at)
            if top.count > limit { top.removeLast() }
        }
        return top.map {
            Found(place: store.place(at: $0.index), index: $0.index, distance: $0.distance, popularity: $0.popularity)
        }
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
