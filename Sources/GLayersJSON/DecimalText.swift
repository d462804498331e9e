/// Numbers as dumps write them: rounded to a number of decimals, without trailing zeros, the
/// same text on every machine (JSON dumps, six decimals; render-list dumps, three).
import Foundation

/// Writing rounded decimal numbers.
package enum DecimalText {
    /// Appends finite `v` rounded to `decimals` places (0 to 9), as "%.Nf" prints it with its
    /// trailing zeros and point taken off; 0 for anything that rounds to zero (never `-0`).
    ///
    /// Below 10⁹ the digits come from the rounded integer count of units (the double nearest
    /// m / 10^N lies within 10⁻⁷ of it there, so printf rounds it back to m) instead of
    /// Foundation's formatter, which was a sixth of a dump.
    package static func append(_ v: Double, decimals: Int, into out: inout [UInt8]) {
        let unit = powersOfTen[decimals]
        let rounded = (v * unit).rounded() / unit
        if rounded == 0 { return out.append(UInt8(ascii: "0")) }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 {
            if rounded < 0 { out.append(UInt8(ascii: "-")) }
            return appendDigits(UInt64(abs(rounded)), into: &out)
        }
        guard abs(rounded) < 1e9 else {
            var s = String(format: "%.\(decimals)f", rounded)
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
            return out.append(contentsOf: s.utf8)
        }
        let m = Int64((v * unit).rounded())
        let scale = UInt64(unit)
        var fraction = m.magnitude % scale, digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        if m < 0 { out.append(UInt8(ascii: "-")) }
        appendDigits(m.magnitude / scale, into: &out)
        out.append(UInt8(ascii: "."))
        // The fraction's digits, with the zeros that lead it.
        var divisor: UInt64 = 1
        for _ in 1..<max(digits, 1) { divisor *= 10 }
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends the decimal digits of `n`.
    private static func appendDigits(_ n: UInt64, into out: inout [UInt8]) {
        if n == 0 { return out.append(UInt8(ascii: "0")) }
        var rest = n
        let start = out.count
        while rest > 0 {
            out.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        }
        out[start...].reverse()
    }

    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]
}
