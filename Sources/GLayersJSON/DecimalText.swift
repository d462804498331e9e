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
    package static func append(_ v: Double, decimals: Int, into out: inout String) {
        let unit = powersOfTen[decimals]
        let rounded = (v * unit).rounded() / unit
        if rounded == 0 { return out += "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return out += String(Int64(rounded)) }
        guard abs(rounded) < 1e9 else {
            var s = String(format: "%.\(decimals)f", rounded)
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
            return out += s
        }
        let m = Int64((v * unit).rounded())
        let scale = UInt64(unit)
        var fraction = m.magnitude % scale, digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        if m < 0 { out += "-" }
        out += String(m.magnitude / scale)
        out += "."
        let text = String(fraction)
        for _ in text.utf8.count..<digits { out += "0" }
        out += text
    }

    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]
}
