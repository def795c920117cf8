/// A JSON number, compared by value as JSON Schema wants: `1`, `1.0` and `10e-1`
/// are equal, and all three are integers.
///
/// A number whose literal has at most 19 significant digits (any exponent) is kept
/// exactly, as a decimal, so comparisons, integer-ness and `multipleOf` are exact for
/// it (`0.0075` is a multiple of `0.0001`, `12391239123` of `1e-8`). Longer literals
/// keep only their nearest `Double`.
public struct JSONNumber: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The nearest `Double` to the number.
    public let doubleValue: Double
    /// The exact value, when the literal had at most 19 significant digits.
    let exact: ExactDecimal?

    /// The number `value`, exactly.
    public init(_ value: Int) {
        doubleValue = Double(value)
        exact = ExactDecimal(isNegative: value < 0, significand: UInt64(value.magnitude), exponent: 0)
    }

    /// The number `value`, taken as the shortest decimal that reads back as it
    /// (`0.1` is one tenth); nil for infinity and NaN, which JSON cannot spell.
    public init?(_ value: Double) {
        guard value.isFinite, let number = JSONNumber(literal: Array(value.description.utf8)) else { return nil }
        self = number
    }

    /// The number a JSON number literal spells (`-12.5e3`); nil when it is beyond
    /// the range of `Double`. The literal must already match RFC 8259's grammar.
    init?(literal: [UInt8]) {
        guard let double = Double(String(decoding: literal, as: UTF8.self)), double.isFinite else { return nil }
        doubleValue = double
        exact = ExactDecimal(literal: literal)
    }

    /// True when the number has no fractional part.
    public var isInteger: Bool {
        if let exact { return exact.exponent >= 0 }
        return doubleValue.rounded(.towardZero) == doubleValue
    }

    /// True when the number divided by `divisor` is an integer; `divisor` must not be zero.
    /// Exact for exactly-kept numbers; otherwise a `Double` quotient, and an infinite one is no multiple.
    func isMultiple(of divisor: JSONNumber) -> Bool {
        if let exact, let divisorExact = divisor.exact { return exact.isMultiple(of: divisorExact) }
        let quotient = doubleValue / divisor.doubleValue
        return quotient.isFinite && quotient.rounded(.towardZero) == quotient
    }

    public static func == (left: JSONNumber, right: JSONNumber) -> Bool {
        if let a = left.exact, let b = right.exact { return a == b }
        return left.doubleValue == right.doubleValue
    }

    public static func < (left: JSONNumber, right: JSONNumber) -> Bool {
        if let a = left.exact, let b = right.exact { return a < b }
        return left.doubleValue < right.doubleValue
    }

    /// Equal numbers have equal nearest `Double`s, so the `Double` is the hash.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(doubleValue)
    }

    /// The number as JSON: plain decimal notation when that is short, scientific otherwise.
    public var description: String {
        exact?.description ?? doubleValue.description
    }
}

/// `significand × 10^exponent` (negated when `isNegative`), normalised: no trailing
/// zeros in the significand, and zero is `+0 × 10^0`, so equal values are equal structs.
struct ExactDecimal: Hashable, Sendable, Comparable, CustomStringConvertible {
    let isNegative: Bool
    let significand: UInt64
    let exponent: Int

    /// Exponents beyond this are not kept exactly (the `Double` is then 0 or infinite anyway).
    private static let exponentLimit = 10_000

    init(isNegative: Bool, significand: UInt64, exponent: Int) {
        var significand = significand, exponent = exponent
        if significand == 0 {
            exponent = 0
        } else {
            while significand % 10 == 0 { significand /= 10; exponent += 1 }
        }
        self.isNegative = isNegative && significand != 0
        self.significand = significand
        self.exponent = exponent
    }

    /// The exact value of a well-formed JSON number literal; nil when its significant
    /// digits do not fit 64 bits or its exponent is beyond ±10 000.
    init?(literal: [UInt8]) {
        var significand: UInt64 = 0
        var pendingZeros = 0 // zeros read but not yet multiplied in: trailing ones never need to be
        var fractionDigits = 0
        var index = 0
        let isNegative = literal.first == UInt8(ascii: "-")
        if isNegative { index += 1 }
        var inFraction = false
        while index < literal.count {
            let byte = literal[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                break
            } else {
                if inFraction { fractionDigits += 1 }
                if byte == UInt8(ascii: "0") {
                    if significand != 0 { pendingZeros += 1 }
                } else {
                    guard let scaled = significand.multiplied(byPowerOfTen: pendingZeros + 1) else { return nil }
                    let (sum, overflow) = scaled.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                    guard !overflow else { return nil }
                    significand = sum
                    pendingZeros = 0
                }
            }
            index += 1
        }
        var exponent = 0
        if index < literal.count {
            index += 1
            let exponentIsNegative = literal[index] == UInt8(ascii: "-")
            if literal[index] == UInt8(ascii: "-") || literal[index] == UInt8(ascii: "+") { index += 1 }
            for byte in literal[index...] {
                exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
                guard exponent <= Self.exponentLimit else { return nil }
            }
            if exponentIsNegative { exponent = -exponent }
        }
        self.init(isNegative: isNegative, significand: significand, exponent: exponent + pendingZeros - fractionDigits)
    }

    /// True when `self / divisor` is an integer; `divisor` is not zero.
    func isMultiple(of divisor: ExactDecimal) -> Bool {
        if significand == 0 { return true }
        let shift = exponent - divisor.exponent
        if shift >= 0 {
            // divisor.significand must divide significand × 10^shift: after removing the
            // common factor, what is left of the divisor must be made of at most `shift` 2s and 5s.
            var rest = divisor.significand / greatestCommonDivisor(significand, divisor.significand)
            for prime: UInt64 in [2, 5] {
                var count = 0
                while rest % prime == 0 { rest /= prime; count += 1 }
                if count > shift { return false }
            }
            return rest == 1
        }
        // divisor.significand × 10^-shift must divide significand.
        guard let scaled = divisor.significand.multiplied(byPowerOfTen: -shift) else { return false }
        return significand % scaled == 0
    }

    static func < (left: ExactDecimal, right: ExactDecimal) -> Bool {
        if left.isNegative != right.isNegative { return left.isNegative }
        return left.isNegative ? right.magnitudeIsLess(than: left) : left.magnitudeIsLess(than: right)
    }

    /// Compares absolute values: first by the position of the leading digit, then digit by digit.
    private func magnitudeIsLess(than other: ExactDecimal) -> Bool {
        if significand == 0 || other.significand == 0 { return significand == 0 && other.significand != 0 }
        let digits = String(significand), otherDigits = String(other.significand)
        let magnitude = digits.count + exponent, otherMagnitude = otherDigits.count + other.exponent
        if magnitude != otherMagnitude { return magnitude < otherMagnitude }
        let width = max(digits.count, otherDigits.count)
        let padded = digits.padding(toLength: width, withPad: "0", startingAt: 0)
        return padded < otherDigits.padding(toLength: width, withPad: "0", startingAt: 0)
    }

    var description: String {
        let digits = String(significand)
        let sign = isNegative ? "-" : ""
        let point = digits.count + exponent // where the decimal point falls, counted from the first digit
        if exponent >= 0 && point <= 21 {
            return sign + digits + String(repeating: "0", count: exponent)
        }
        if exponent < 0 && point > 0 {
            return sign + digits.prefix(point) + "." + digits.dropFirst(point)
        }
        if exponent < 0 && point > -6 {
            return sign + "0." + String(repeating: "0", count: -point) + digits
        }
        let mantissa = digits.count == 1 ? digits : digits.prefix(1) + "." + digits.dropFirst()
        return sign + mantissa + "e" + String(point - 1)
    }
}

private extension UInt64 {
    /// `self × 10^power`, or nil when that overflows.
    func multiplied(byPowerOfTen power: Int) -> UInt64? {
        var result = self
        for _ in 0..<power where result != 0 {
            let (product, overflow) = result.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            result = product
        }
        return result
    }
}

private func greatestCommonDivisor(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return a
}
