/// Number conversions that cannot trap.
///
/// `Int(someDouble)` traps on NaN, on ±infinity and outside Int's range, and `Int32(someInt)`
/// traps on anything that does not fit: a number from a file, a script or a saved session must
/// never reach one. These are the conversions the rest of the code uses instead; `scripts/lint-
/// conversions` fails on a bare trapping conversion anywhere else in `Sources` unless its line
/// says why it is safe (`// safe: reason`).
///
/// For integers to integers the standard library already has the non-trapping forms, allowed
/// everywhere: `Int(exactly:)` (nil when it does not fit), `Int(clamping:)` and
/// `Int(truncatingIfNeeded:)` (a bit pattern, for hashing and byte packing).

/// The whole number `d` rounds down to, or nil when it is NaN, infinite or outside Int's range.
@inlinable
public func checkedInt(_ d: Double) -> Int? {
    guard d.isFinite else { return nil }
    let whole = d.rounded(.towardZero)
    // 2^63 is exactly representable; Int.max (2^63 − 1) is not, so the upper test is strict.
    guard whole >= -9_223_372_036_854_775_808.0, whole < 9_223_372_036_854_775_808.0 else { return nil }
    return Int(whole)  // safe: checked just above
}

/// `d` as an Int when it is a whole number that fits, nil otherwise (1.5, NaN, 1e19).
@inlinable
public func wholeInt(_ d: Double) -> Int? {
    guard d == d.rounded() else { return nil }
    return checkedInt(d)
}

/// `d` rounded down and then clamped into `range`; NaN gives the lower bound.
@inlinable
public func clampedInt(_ d: Double, _ range: ClosedRange<Int>) -> Int {
    guard !d.isNaN else { return range.lowerBound }
    if d <= Double(range.lowerBound) { return range.lowerBound }
    if d >= Double(range.upperBound) { return range.upperBound }
    return checkedInt(d) ?? range.lowerBound
}

/// `d` as an Int64 (rounded down), or nil when it is NaN, infinite or outside Int64's range.
@inlinable
public func checkedInt64(_ d: Double) -> Int64? {
    checkedInt(d).map { Int64($0) }  // safe: Int64 holds every Int
}
