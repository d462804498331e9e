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
        withText(v, decimals: decimals) { out.append(contentsOf: $0) }
    }

    /// The same text as a string (short ones are small strings: no allocation).
    package static func text(_ v: Double, decimals: Int) -> String {
        withText(v, decimals: decimals) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the text's UTF-8 bytes, written on the stack.
    private static func withText<R>(_ v: Double, decimals: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let unit = powersOfTen[decimals]
        let units = roundedAway(v * unit)
        let rounded = units / unit
        guard roundedAway(rounded) == rounded && abs(rounded) < 1e15 || abs(rounded) < 1e9 else {
            var s = String(format: "%.\(decimals)f", rounded)
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
            return s.withUTF8(body)
        }
        // At most a sign, 15 digits, a point and 9 decimals.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var count = 0
            func put(_ byte: UInt8) {
                buffer[count] = byte
                count += 1
            }
            func putDigits(_ n: UInt64) {
                let start = count
                var rest = n
                repeat {
                    put(UInt8(ascii: "0") + UInt8(rest % 10))
                    rest /= 10
                } while rest > 0
                buffer[start..<count].reverse()
            }
            if rounded == 0 {
                put(UInt8(ascii: "0"))
            } else if roundedAway(rounded) == rounded {
                if rounded < 0 { put(UInt8(ascii: "-")) }
                putDigits(UInt64(abs(rounded)))
            } else {
                let m = Int64(units)
                let scale = UInt64(unit)
                var fraction = m.magnitude % scale, digits = decimals
                while fraction % 10 == 0 {
                    fraction /= 10
                    digits -= 1
                }
                if m < 0 { put(UInt8(ascii: "-")) }
                putDigits(m.magnitude / scale)
                put(UInt8(ascii: "."))
                // The fraction's digits, with the zeros that lead it.
                var divisor: UInt64 = 1
                for _ in 1..<max(digits, 1) { divisor *= 10 }
                while divisor > 0 {
                    put(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
                    divisor /= 10
                }
            }
            return body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// `x.rounded()` (half away from zero) without libm's `round`, a call per number (x86-64's
    /// baseline has no rounding instruction): truncation, then a step away from zero when
    /// what was cut off is at least a half (exact below 2⁵²); larger, infinite and NaN values
    /// take the library path. The sign of a zero may differ, which the text never shows.
    @inline(__always)
    private static func roundedAway(_ x: Double) -> Double {
        guard abs(x) < 4.0e15 else { return x.rounded() }
        let whole = Double(Int64(x))
        let cut = x - whole
        return cut >= 0.5 ? whole + 1 : cut <= -0.5 ? whole - 1 : whole
    }

    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]
}
