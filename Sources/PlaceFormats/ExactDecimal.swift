/// Powers of ten that a Double holds exactly (10^22 is the last: 5^22 < 2^53).
let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22,
]

/// 10^0 through 10^19, the powers of ten a UInt64 holds.
@usableFromInline let integerPowersOfTen: [UInt64] = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
    100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
    10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
]

/// 10^`k` for `k` in 0...19.
@inlinable public func integerPowerOfTen(_ k: Int) -> UInt64 { integerPowersOfTen[k] }

/// The Double nearest to `mantissa` / 10^`fractionDigits` (ties to even), the decimal whose
/// digits are `mantissa`'s with `fractionDigits` of them after the point: the same Double strtod
/// reads from that text, without making a String of it. Nil when `fractionDigits` is not in
/// 0...19.
///
/// Up to 2^53 the mantissa is a Double exactly, and so is the power of ten: the one division
/// rounds once, correctly (Clinger's fast path). Beyond (16 to 19 digits, as a coordinate
/// printed in full has), the quotient is taken in integers: the mantissa shifted left so that
/// the quotient has 63 or 64 bits, the division's remainder kept as a sticky bit in the lowest
/// of them, and the conversion of that integer to a Double rounds it once, at bit 53, with
/// nothing lost below; the shift back is a change of exponent, exact, since the value is at
/// least 2^-11 (no subnormal is near).
///
/// The short path is inlined where the importers read their numbers (a million coordinates a
/// load); the long one is a call.
@inline(__always) public func exactDecimal(_ mantissa: UInt64, fractionDigits: Int) -> Double? {
    guard fractionDigits >= 0 && fractionDigits <= 19 else { return nil }
    if mantissa <= 1 << 53 {
        return fractionDigits == 0 ? Double(mantissa) : Double(mantissa) / exactPowersOfTen[fractionDigits]
    }
    return wideDecimal(mantissa, fractionDigits: fractionDigits)
}

/// `exactDecimal` beyond 2^53: `fractionDigits` is in 0...19.
@inline(never) private func wideDecimal(_ mantissa: UInt64, fractionDigits: Int) -> Double {
    let divisor = integerPowersOfTen[fractionDigits]
    // mantissa ≥ 2^(m−1) and divisor ≥ 2^(d−1), m and d their bit lengths: with a shift of
    // 63 + d − m the quotient lies in [2^62, 2^64), and the shifted mantissa (63 + d ≤ 127 bits)
    // fits 128.
    let shift = 63 + (64 - divisor.leadingZeroBitCount) - (64 - mantissa.leadingZeroBitCount)
    let (quotient, remainder) = (UInt128(mantissa) << shift).quotientAndRemainder(dividingBy: UInt128(divisor))
    let sticky: UInt64 = remainder == 0 ? 0 : 1
    let bits = UInt64(truncatingIfNeeded: quotient) | sticky
    return Double(sign: .plus, exponent: -shift, significand: Double(bits))
}
