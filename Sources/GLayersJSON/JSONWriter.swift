/// Writing JSON text for dumps: objects keep their key order, numbers are rounded to six
/// decimals (so dumps are stable across machines and compare as text), short arrays of scalars
/// stay on one line.
import Foundation

/// A JSON value to write (not `indirect`: arrays already hold their elements apart, and a box
/// for every number was a sixth of a dump).
package enum JSONOutput {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    /// Pretty-printed text with two-space indentation.
    package func render(indent: Int = 0) -> String {
        var out: [UInt8] = []
        write(into: &out, indent: indent)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the pretty-printed text to `out` as UTF-8 (one buffer grown in place: a dump of
    /// 100 000 layers built and joined a string per value and line, and then spent two fifths
    /// of its time growing a `String` piece by piece).
    package func write(into out: inout [UInt8], indent: Int = 0) {
        switch self {
        case .null: out.appendASCII("null")
        case .bool(let b): out.appendASCII(b ? "true" : "false")
        case .number(let n): JSONOutput.write(n, into: &out)
        case .string(let s): JSONOutput.write(quoting: s, into: &out)
        case .array(let items):
            if items.isEmpty { return out.appendASCII("[]") }
            if items.allSatisfy(\.isScalar) {
                out.append(UInt8(ascii: "["))
                for (i, item) in items.enumerated() {
                    if i > 0 { out.appendASCII(", ") }
                    item.write(into: &out)
                }
                return out.append(UInt8(ascii: "]"))
            }
            out.appendASCII("[\n")
            for (i, item) in items.enumerated() {
                if i > 0 { out.appendASCII(",\n") }
                Self.pad(&out, indent + 1)
                item.write(into: &out, indent: indent + 1)
            }
            out.append(UInt8(ascii: "\n"))
            Self.pad(&out, indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { return out.appendASCII("{}") }
            out.appendASCII("{\n")
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.appendASCII(",\n") }
                Self.pad(&out, indent + 1)
                Self.write(quoting: key, into: &out)
                out.appendASCII(": ")
                value.write(into: &out, indent: indent + 1)
            }
            out.append(UInt8(ascii: "\n"))
            Self.pad(&out, indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func pad(_ out: inout [UInt8], _ indent: Int) {
        for _ in 0..<indent { out.appendASCII("  ") }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    /// A number rounded to six decimals, without trailing zeros (`-0` is written `0`).
    package static func format(_ n: Double) -> String {
        var out: [UInt8] = []
        write(n, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `format(n)` to `out`.
    package static func write(_ n: Double, into out: inout [UInt8]) {
        guard n.isFinite else {
            return out.append(contentsOf: (n.isNaN ? "null" : (n > 0 ? "\"infinity\"" : "\"-infinity\"")).utf8)
        }
        // Rounding to millionths (n × 1e6) overflows to infinity above 1.8e302 and printed
        // "inf"; up there no millionth is left to round: Swift's shortest form ("1e+308").
        guard abs(n) < 1e300 else { return out.append(contentsOf: String(n).utf8) }
        DecimalText.append(n, decimals: 6, into: &out)
    }

    /// A JSON string literal.
    package static func quote(_ s: String) -> String {
        var out: [UInt8] = []
        write(quoting: s, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `quote(s)` to `out`.
    package static func write(quoting s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        let plain = s.withUTF8 { text in
            guard !text.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
            else { return false }
            out.append(contentsOf: text)
            return true
        }
        if plain { return out.append(UInt8(ascii: "\"")) }
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: "\\n".utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: "\\r".utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: "\\t".utf8)
            case 0..<0x20: out.append(contentsOf: String(format: "\\u%04X", byte).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension [UInt8] {
    /// Appends the bytes of a literal (without making a `String` of it).
    @inline(__always)
    package mutating func appendASCII(_ text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}
