/// Writing JSON text for dumps: objects keep their key order, numbers are rounded to six
/// decimals (so dumps are stable across machines and compare as text), short arrays of scalars
/// stay on one line.
import Foundation

/// A JSON value to write.
package indirect enum JSONOutput {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    /// Pretty-printed text with two-space indentation.
    package func render(indent: Int = 0) -> String {
        var out = ""
        write(into: &out, indent: indent)
        return out
    }

    /// Appends the pretty-printed text to `out` (one string grown in place: a dump of 100 000
    /// layers built and joined a string per value and line).
    package func write(into out: inout String, indent: Int = 0) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): JSONOutput.write(n, into: &out)
        case .string(let s): JSONOutput.write(quoting: s, into: &out)
        case .array(let items):
            if items.isEmpty { return out += "[]" }
            if items.allSatisfy(\.isScalar) {
                out += "["
                for (i, item) in items.enumerated() {
                    if i > 0 { out += ", " }
                    item.write(into: &out)
                }
                return out += "]"
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                if i > 0 { out += ",\n" }
                Self.pad(&out, indent + 1)
                item.write(into: &out, indent: indent + 1)
            }
            out += "\n"
            Self.pad(&out, indent)
            out += "]"
        case .object(let members):
            if members.isEmpty { return out += "{}" }
            out += "{\n"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += ",\n" }
                Self.pad(&out, indent + 1)
                Self.write(quoting: key, into: &out)
                out += ": "
                value.write(into: &out, indent: indent + 1)
            }
            out += "\n"
            Self.pad(&out, indent)
            out += "}"
        }
    }

    private static func pad(_ out: inout String, _ indent: Int) {
        for _ in 0..<indent { out += "  " }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    /// A number rounded to six decimals, without trailing zeros (`-0` is written `0`).
    package static func format(_ n: Double) -> String {
        var out = ""
        write(n, into: &out)
        return out
    }

    /// Appends `format(n)` to `out`.
    package static func write(_ n: Double, into out: inout String) {
        guard n.isFinite else { return out += n.isNaN ? "null" : (n > 0 ? "\"infinity\"" : "\"-infinity\"") }
        // Rounding to millionths (n × 1e6) overflows to infinity above 1.8e302 and printed
        // "inf"; up there no millionth is left to round: Swift's shortest form ("1e+308").
        guard abs(n) < 1e300 else { return out += String(n) }
        let rounded = (n * 1e6).rounded() / 1e6
        if rounded == 0 { return out += "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return out += String(Int64(rounded)) }
        if abs(rounded) < 1e9 {
            // The millionths as an integer: what "%.6f" prints (the double nearest m / 10⁶ is
            // within 10⁻⁷ of it below 10⁹, so printf rounds back to m), without Foundation's
            // formatter, which was a sixth of a dump.
            let m = Int64((n * 1e6).rounded())
            let whole = m.magnitude / 1_000_000
            var fraction = m.magnitude % 1_000_000, digits = 6
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            if m < 0 { out += "-" }
            out += String(whole)
            out += "."
            let text = String(fraction)
            for _ in text.utf8.count..<digits { out += "0" }
            return out += text
        }
        var s = String(format: "%.6f", rounded)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        out += s
    }

    /// A JSON string literal.
    package static func quote(_ s: String) -> String {
        var out = ""
        write(quoting: s, into: &out)
        return out
    }

    /// Appends `quote(s)` to `out`.
    package static func write(quoting s: String, into out: inout String) {
        out += "\""
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += s
            return out += "\""
        }
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20: out += String(format: "\\u%04X", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        out += "\""
    }
}
