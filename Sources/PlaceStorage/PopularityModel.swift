#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        popularity(prior: PlaceTypePriors.prior(types), rating: rating, radius: radius)
    }

    package static func popularity(prior: Double, rating: Double, radius: Double) -> Double {
        prior * quality(rating) * reach(radius)
    }

    /// The quality of a place of this rating: the formula's second factor, at most 1.
    @inline(__always) package static func quality(_ rating: Double) -> Double { rating > 0 ? min(rating, 5) / 5 : 0.5 }

    /// The reach of a place of this radius (metres): the formula's third factor.
    @inline(__always) package static func reach(_ radius: Double) -> Double { 1 + log2(1 + max(0, radius) / 25) }

    /// `reach` of a stored radius (`code` decimetres), the same number: from a table up to
    /// 819.1 m (64 KB, made on first use), which holds all but the largest places, so a search
    /// or an index build takes no logarithm a place.
    @inline(__always) package static func reach(code: UInt16) -> Double {
        // safe: a UInt16 widens
        code < reachTableSize ? reachTable[Int(code)] : reach(Double(code) / 10)
    }

    package static let reachTableSize: UInt16 = 8192
    // safe: a UInt16 widens
    package static let reachTable: [Double] = (0..<Int(reachTableSize)).map { reach(Double($0) / 10) }

    /// `popularity(prior:rating:radius:)` of a stored radius (`code` decimetres), the same number.
    @inline(__always) package static func popularity(prior: Double, rating: Double, code: UInt16) -> Double {
        prior * quality(rating) * reach(code: code)
    }
}
