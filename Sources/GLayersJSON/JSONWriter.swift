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
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSONOutput.format(n)
        case .string(let s): return JSONOutput.quote(s)
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy(\.isScalar) { return "[" + items.map { $0.render() }.joined(separator: ", ") + "]" }
            let pad = String(repeating: "  ", count: indent + 1)
            let body = items.map { pad + $0.render(indent: indent + 1) }.joined(separator: ",\n")
            return "[\n" + body + "\n" + String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let pad = String(repeating: "  ", count: indent + 1)
            let body = members.map { pad + JSONOutput.quote($0.0) + ": " + $0.1.render(indent: indent + 1) }
            return "{\n" + body.joined(separator: ",\n") + "\n" + String(repeating: "  ", count: indent) + "}"
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    /// A number rounded to six decimals, without trailing zeros (`-0` is written `0`).
    package static func format(_ n: Double) -> String {
        guard n.isFinite else { return n.isNaN ? "null" : (n > 0 ? "\"infinity\"" : "\"-infinity\"") }
        // Rounding to millionths (n × 1e6) overflows to infinity above 1.8e302 and printed
        // "inf"; up there no millionth is left to round: Swift's shortest form ("1e+308").
        guard abs(n) < 1e300 else { return String(n) }
        let rounded = (n * 1e6).rounded() / 1e6
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var s = String(format: "%.6f", rounded)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    /// A JSON string literal.
    package static func quote(_ s: String) -> String {
        var out = "\""
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
        return out + "\""
    }
}
