import PlaceFormats
import PlaceStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the nearby app's last answer shows about the place the device stands in: whether the
/// circle missed it (P14) and whether popularity put another place first (P15).
public struct NearbyStanding: Sendable, Equatable {
    /// The smallest place whose area (a disc of its radius around its point) holds the circle's
    /// centre: the place the user stands in, as placeshell reckons it.
    public var place: Place
    /// Metres from the circle's centre to the place's point.
    public var distance: Double
    /// The circle's radius the request asked for.
    public var radius: Double
    /// The place's row in the answer (1-based), or nil when the answer left it out.
    public var row: Int?
    /// The answer's first place, when it is not one the device stands in.
    public var first: FetchedPlace?
    /// Metres from the circle's centre to that first place's point.
    public var firstDistance: Double = 0
    /// The request's ranking.
    public var rank: NearbyRank

    /// P14: the place's point lies outside the circle, so Nearby Search cannot return it.
    public var outsideCircle: Bool { distance > radius }
    /// P15: popularity ranked a place the device is not in above the one it is in.
    public var outranked: Bool { rank == .popularity && first != nil }

    /// The pitfall it shows (P14 before P15), or nil.
    public var pitfall: String? { outsideCircle ? "P14" : outranked ? "P15" : nil }

    /// What went wrong, lower-case, no final period.
    public var cause: String? { causeText?.english }

    /// The same, as a sentence a walk translates.
    public var causeText: WhyText? {
        let metres = WhyText.Value.number(formatFixed(distance, decimals: 0))
        if outsideCircle {
            return WhyText(
                .standingOutside,
                ["place": .plain(place.name), "distance": metres, "radius": .number(formatNumber(radius))])
        }
        if outranked, let first {
            var values: [String: WhyText.Value] = [
                "first": first.name.map { .plain($0) } ?? .english("a place the request did not ask the name of"),
                "distance": .number(formatFixed(firstDistance, decimals: 0)), "place": .plain(place.name),
            ]
            guard let row else { return WhyText(.standingOutrankedMissing, values) }
            values["row"] = .number(String(row))
            return WhyText(.standingOutranked, values)
        }
        return nil
    }

    /// The change that fixes it.
    public var help: String? { helpText?.english }

    public var helpText: WhyText? {
        if outsideCircle {
            let radius = formatNumber(max(500, (distance / 100).rounded(.up) * 100))
            return WhyText(.standingHelpRadius, ["radius": .plain(radius)])
        }
        if outranked { return WhyText(.standingHelpRank) }
        return nil
    }
}

extension NearbyModel {
    /// The places whose area holds `point` (the point within the place's radius of its own
    /// point), smallest first, then nearest, then by ID.
    public static func containing(_ store: PlaceStore, point: GeoPoint) -> [Found] {
        guard store.count > 0, point.isValid else { return [] }
        var found: [Found] = []
        store.grid.visit(store, around: point, cutoff: { maxRadius in maxRadius }) { row in
            let radius = Double(store.coords[row].radius) / 10
            let d = distance(point, store.coordinate(at: row))
            guard d <= radius else { return }
            found.append(Found(place: store.place(at: row), index: row, distance: d, popularity: 0))
        }
        return found.sorted {
            ($0.place.radius, $0.distance, $0.place.id) < ($1.place.radius, $1.distance, $1.place.id)
        }
    }
}

extension TutorialApp {
    /// The place the device stood in when the nearby app's last request was answered, and what
    /// the answer did with it; nil in the legacy flavours, before an answer, or when the
    /// device stands in no place.
    public var nearbyStanding: NearbyStanding? {
        guard flavor == .nearby, case .answered? = lastPlacesResponse, let query = session.lastNearbyQuery
        else { return nil }
        return Self.standing(in: session.places.dataset, query: query, answer: likelyPlaces)
    }

    static func standing(in store: PlaceStore, query: NearbyQuery, answer: [PlaceLikelihood]) -> NearbyStanding? {
        let inside = NearbyModel.containing(store, point: query.center)
        guard let smallest = inside.first else { return nil }
        let ids = Set(inside.map(\.place.id))
        let row = answer.firstIndex { $0.place.source.id == smallest.place.id }.map { $0 + 1 }
        let first = answer.first.flatMap { ids.contains($0.place.source.id) ? nil : $0.place }
        return NearbyStanding(
            place: smallest.place, distance: smallest.distance, radius: query.settings.radius, row: row, first: first,
            firstDistance: first.map { distance(query.center, $0.source.coordinate) } ?? 0, rank: query.settings.rank)
    }
}

extension PopularityModel {
    /// The three factors of a place's popularity, as `help popularity` gives them.
    public static func factors(types: [String], rating: Double, radius: Double) -> (
        prior: Double, quality: Double, reach: Double
    ) {
        (LikelihoodModel.prior(types), rating > 0 ? min(rating, 5) / 5 : 0.5, 1 + log2(1 + max(0, radius) / 25))
    }
}
