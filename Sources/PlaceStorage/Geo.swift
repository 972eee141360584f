import PlaceFormats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension GeoPoint {
    /// `kCLLocationCoordinate2DInvalid`: what an unrequested `coordinate` reads as (unconfirmed;
    /// see `SimulationChoices`).
    public static let invalid = GeoPoint(latitude: -180, longitude: -180)
}

/// Great-circle distance in metres (haversine).
public func distance(_ a: GeoPoint, _ b: GeoPoint) -> Double {
    let p1 = a.latitude * .pi / 180
    return distance(a, latitudeRadians: p1, cosLatitude: cos(p1), b)
}

/// `distance(a, b)` with `a`'s latitude in radians (`a.latitude * .pi / 180`) and its cosine
/// worked out by the caller, once for many `b`: the same arithmetic in the same order, so the
/// same number to the bit. A query scores hundreds of places from one point; the cosine is a
/// sixth of the haversine's calls to the maths library, and the square root is the
/// instruction, not a call.
@inline(__always) package func distance(
    _ a: GeoPoint, latitudeRadians p1: Double, cosLatitude cos1: Double, _ b: GeoPoint
)
    -> Double
{
    let p2 = b.latitude * .pi / 180
    let dp = p2 - p1
    let dl = (b.longitude - a.longitude) * .pi / 180
    let h = sin(dp / 2) * sin(dp / 2) + cos1 * cos(p2) * sin(dl / 2) * sin(dl / 2)
    return 2 * earthRadius * asin(min(1, h.squareRoot()))
}

/// sin x from below, without trigonometry: x − x³/6, never more than sin x for x in 0…π/2,
/// and never below 0. The distance bounds (`LikelihoodSearch.distanceBound`,
/// `PlaceGrid.cellDistanceBound`) use it for the haversine's sines.
@inline(__always) package func sineBelow(_ x: Double) -> Double { max(0, x - x * x * x / 6) }

/// cos(|φ| + δ) from below, without trigonometry, for δ ≥ 0 (the cosine of a latitude δ
/// farther from the equator than φ): cos φ cos δ − |sin φ| sin δ ≥ cos φ (1 − δ²/2) − |sin φ| δ.
/// `cosPhi` and `sinPhi` are φ's cosine and sine. It may be negative; callers clamp it at 0.
@inline(__always) package func cosineFartherBelow(cosPhi: Double, sinPhi: Double, by delta: Double) -> Double {
    cosPhi * (1 - delta * delta / 2) - abs(sinPhi) * delta
}

/// The point `metres` away from `origin` in direction `bearing` (degrees clockwise from north).
public func destination(from origin: GeoPoint, bearing: Double, metres: Double) -> GeoPoint {
    let d = metres / earthRadius
    let t = bearing * .pi / 180
    let p1 = origin.latitude * .pi / 180
    let l1 = origin.longitude * .pi / 180
    let p2 = asin(sin(p1) * cos(d) + cos(p1) * sin(d) * cos(t))
    let l2 = l1 + atan2(sin(t) * sin(d) * cos(p1), cos(d) - sin(p1) * sin(p2))
    var lng = l2 * 180 / .pi
    lng = (lng + 540).truncatingRemainder(dividingBy: 360) - 180
    return GeoPoint(latitude: p2 * 180 / .pi, longitude: lng)
}

/// Initial bearing from `a` to `b`, degrees clockwise from north in [0, 360).
public func bearing(from a: GeoPoint, to b: GeoPoint) -> Double {
    let p1 = a.latitude * .pi / 180
    let p2 = b.latitude * .pi / 180
    let dl = (b.longitude - a.longitude) * .pi / 180
    let y = sin(dl) * cos(p2)
    let x = cos(p1) * sin(p2) - sin(p1) * cos(p2) * cos(dl)
    let deg = atan2(y, x) * 180 / .pi
    return (deg + 360).truncatingRemainder(dividingBy: 360)
}

/// Web Mercator: a coordinate as world points at a zoom level (256 × 2^zoom points around).
public func worldPoint(_ p: GeoPoint, zoom: Double) -> (x: Double, y: Double) {
    WorldProjection(zoom: zoom).point(latitude: p.latitude, longitude: p.longitude)
}

/// Web Mercator at one zoom level, for many coordinates: `worldPoint` with the world's size
/// worked out once.
public struct WorldProjection: Sendable {
    /// The world's width and height in points: 256 × 2^zoom.
    public let size: Double

    public init(zoom: Double) { size = 256 * pow(2, zoom) }

    /// The coordinate as world points.
    public func point(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        let lat = max(-85.05112878, min(85.05112878, latitude))
        let x = (longitude + 180) / 360 * size
        let s = sin(lat * .pi / 180)
        let y = (0.5 - log((1 + s) / (1 - s)) / (4 * .pi)) * size
        return (x, y)
    }
}

/// The inverse of `worldPoint`.
public func coordinate(worldX x: Double, worldY y: Double, zoom: Double) -> GeoPoint {
    let size = 256 * pow(2, zoom)
    let lng = x / size * 360 - 180
    let n = .pi - 2 * .pi * y / size
    let lat = 180 / .pi * atan(0.5 * (exp(n) - exp(-n)))
    return GeoPoint(latitude: lat, longitude: lng)
}
