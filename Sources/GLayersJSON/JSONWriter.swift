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
        DecimalText.append(n, decimals: 6, into: &out)
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
