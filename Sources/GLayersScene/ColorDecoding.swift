/// Colours in scenes: `"#RRGGBB"`, `"#RRGGBBAA"`, `"#RGB"`, a name from `ColorNames.table`
/// (CSS's names for the common colours), or `[r, g, b]` / `[r, g, b, a]` with components in
/// 0…1. `null` means no colour where the property allows it (`backgroundColor`).
import Foundation
import GLayers
import GLayersJSON

/// The colour names scenes accept (CSS Color 4 values; `clear` and `transparent` are fully
/// transparent black).
enum ColorNames {
    static let table: [String: UInt32] = [
        "black": 0x000000FF, "white": 0xFFFFFFFF, "red": 0xFF0000FF, "green": 0x008000FF,
        "lime": 0x00FF00FF, "blue": 0x0000FFFF, "yellow": 0xFFFF00FF, "cyan": 0x00FFFFFF,
        "aqua": 0x00FFFFFF, "magenta": 0xFF00FFFF, "fuchsia": 0xFF00FFFF, "gray": 0x808080FF,
        "grey": 0x808080FF, "darkgray": 0xA9A9A9FF, "darkgrey": 0xA9A9A9FF, "lightgray": 0xD3D3D3FF,
        "lightgrey": 0xD3D3D3FF, "silver": 0xC0C0C0FF, "maroon": 0x800000FF, "olive": 0x808000FF,
        "navy": 0x000080FF, "teal": 0x008080FF, "purple": 0x800080FF, "orange": 0xFFA500FF,
        "brown": 0xA52A2AFF, "pink": 0xFFC0CBFF, "gold": 0xFFD700FF, "indigo": 0x4B0082FF,
        "violet": 0xEE82EEFF, "skyblue": 0x87CEEBFF, "steelblue": 0x4682B4FF, "coral": 0xFF7F50FF,
        "crimson": 0xDC143CFF, "salmon": 0xFA8072FF, "tomato": 0xFF6347FF, "khaki": 0xF0E68CFF,
        "beige": 0xF5F5DCFF, "ivory": 0xFFFFF0FF, "tan": 0xD2B48CFF, "turquoise": 0x40E0D0FF,
        "slategray": 0x708090FF, "dimgray": 0x696969FF, "midnightblue": 0x191970FF,
        "darkblue": 0x00008BFF, "darkred": 0x8B0000FF, "darkgreen": 0x006400FF,
        "lightblue": 0xADD8E6FF, "lightgreen": 0x90EE90FF, "orangered": 0xFF4500FF,
        "clear": 0x00000000, "transparent": 0x00000000,
    ]
}

extension DecodeContext {
    /// A colour; nil when invalid (reported). JSON `null` is refused here: callers that allow
    /// "no colour" check for it first.
    func color(_ node: JSONValue, _ path: JSONPath) -> CGColor? {
        if let s = node.string { return colorString(s, node, path) }
        if let a = node.array {
            guard a.count == 3 || a.count == 4, let c = numbers(node, path, what: "a colour [r, g, b, a]") else {
                expected("a colour [r, g, b] or [r, g, b, a] with components 0…1", node, path)
                return nil
            }
            guard c.allSatisfy({ (0...1).contains($0) }) else {
                fail("colour components must be between 0 and 1", node, path)
                return nil
            }
            return CGColor(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 1)
        }
        expected("a colour (\"#RRGGBB\", \"#RRGGBBAA\", a name such as \"white\", or [r, g, b, a])", node, path)
        return nil
    }

    private func colorString(_ s: String, _ node: JSONValue, _ path: JSONPath) -> CGColor? {
        if s.utf8.first == UInt8(ascii: "#") {
            // The digits read from the string's bytes in place (iterating a `Substring`'s UTF-8
            // view cost three times as much).
            guard
                var v = s.utf8.withContiguousStorageIfAvailable({ Self.hexColor($0.dropFirst()) })
                    ?? Self.hexColor(s.utf8.dropFirst())
            else {
                fail(
                    "bad colour \"\(s)\": expected \"#RGB\", \"#RRGGBB\" or \"#RRGGBBAA\" with hexadecimal digits",
                    node, path)
                return nil
            }
            if s.utf8.count == 4 {
                let (r, g, b) = ((v >> 8) & 0xF, (v >> 4) & 0xF, v & 0xF)
                v = (r * 17) << 24 | (g * 17) << 16 | (b * 17) << 8 | 0xFF
            } else if s.utf8.count == 7 {
                v = v << 8 | 0xFF
            }
            return Self.color(rgba: v)
        }
        guard let v = ColorNames.table[s] ?? ColorNames.table[s.lowercased()] else {
            let hint = Suggestions.closest(to: s, among: ColorNames.table.keys).map { "did you mean \"\($0)\"? " } ?? ""
            fail(
                "unknown colour \"\(s)\"; \(hint)use \"#RRGGBB\", \"#RRGGBBAA\", [r, g, b, a] or a name listed in docs/scene-format.md",
                node, path)
            return nil
        }
        return Self.color(rgba: v)
    }

    /// The value of 3, 6 or 8 hexadecimal digits (ASCII bytes; nil for any other text).
    static func hexColor<Digits: Collection<UInt8>>(_ digits: Digits) -> UInt32? {
        guard [3, 6, 8].contains(digits.count) else { return nil }
        var v: UInt32 = 0
        for byte in digits {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            v = v << 4 | UInt32(digit)
        }
        return v
    }

    /// A colour from 0xRRGGBBAA.
    static func color(rgba v: UInt32) -> CGColor {
        func c(_ shift: UInt32) -> CGFloat { CGFloat((v >> shift) & 0xFF) / 255 }
        return CGColor(red: c(24), green: c(16), blue: c(8), alpha: c(0))
    }
}
