/// Decoding of plain values: numbers (and angles such as `"90deg"`), Booleans, strings, names
/// from a fixed set, points `[x, y]`, sizes `[w, h]`, rects `[x, y, w, h]`, repeat counts
/// (`"infinity"`) and timing functions (a name or four control-point numbers).
///
/// Every function reports what it expected at the value's position and returns nil on failure.
import Foundation
import GLayers
import GLayersJSON

extension DecodeContext {
    /// A number; with `angle`, also a string of degrees or radians (`"90deg"`, `"1.5rad"`).
    func number(_ node: JSONValue, _ path: JSONPath, angle: Bool = false) -> CGFloat? {
        if let n = node.number { return CGFloat(n) }
        if angle, let s = node.string, let a = Self.parseAngle(s) { return a }
        if let s = node.string, ["nan", "-nan"].contains(s.lowercased()) {
            fail("NaN is not allowed; expected a finite number", node, path)
            return nil
        }
        expected(angle ? "an angle (radians, or a string such as \"90deg\")" : "a number", node, path)
        return nil
    }

    /// `"90deg"`, `"-45 deg"`, `"1.5rad"` in radians.
    static func parseAngle(_ s: String) -> CGFloat? {
        let t = s.trimmingCharacters(in: .whitespaces)
        for (suffix, factor) in [("deg", Double.pi / 180), ("rad", 1.0)] where t.hasSuffix(suffix) {
            let body = t.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)
            guard let v = Double(body), v.isFinite else { return nil }
            return CGFloat(v * factor)
        }
        return nil
    }

    /// A number at least `minimum` (inclusive).
    func number(_ node: JSONValue, _ path: JSONPath, atLeast minimum: CGFloat) -> CGFloat? {
        guard let n = number(node, path) else { return nil }
        guard n >= minimum else {
            fail(
                "expected a number ≥ \(JSONValue.format(Double(minimum))), got \(JSONValue.format(Double(n)))", node,
                path)
            return nil
        }
        return n
    }

    /// A number greater than zero.
    func positive(_ node: JSONValue, _ path: JSONPath) -> CGFloat? {
        guard let n = number(node, path) else { return nil }
        guard n > 0 else {
            fail("expected a number > 0, got \(JSONValue.format(Double(n)))", node, path)
            return nil
        }
        return n
    }

    /// An integer.
    func integer(_ node: JSONValue, _ path: JSONPath) -> Int? {
        guard let n = node.number, n == n.rounded(), abs(n) < 1e15 else {
            expected("an integer", node, path)
            return nil
        }
        return Int(n)
    }

    /// A Boolean.
    func bool(_ node: JSONValue, _ path: JSONPath) -> Bool? {
        guard let b = node.bool else {
            expected("true or false", node, path)
            return nil
        }
        return b
    }

    /// A string.
    func string(_ node: JSONValue, _ path: JSONPath) -> String? {
        guard let s = node.string else {
            expected("a string", node, path)
            return nil
        }
        return s
    }

    /// A string that must be one of `names`.
    func name(_ node: JSONValue, _ path: JSONPath, among names: [String], what: String) -> String? {
        guard let s = string(node, path) else { return nil }
        guard names.contains(s) else {
            let hint = Suggestions.closest(to: s, among: names).map { "did you mean \"\($0)\"? " } ?? ""
            fail("unknown \(what) \"\(s)\"; \(hint)expected one of: \(names.joined(separator: ", "))", node, path)
            return nil
        }
        return s
    }

    /// An array of exactly `count` numbers (any count when nil), described as `what`.
    func numbers(_ node: JSONValue, _ path: JSONPath, count: Int? = nil, what: String) -> [CGFloat]? {
        guard let a = node.array, count == nil || a.count == count else {
            expected(what, node, path)
            return nil
        }
        var out: [CGFloat] = []
        out.reserveCapacity(a.count)
        for (i, e) in a.enumerated() {
            guard let n = e.number else {
                expected("a number in \(what)", e, path.index(i))
                return nil
            }
            out.append(CGFloat(n))
        }
        return out
    }

    /// A point `[x, y]`.
    func point(_ node: JSONValue, _ path: JSONPath) -> CGPoint? {
        numbers(node, path, count: 2, what: "a point [x, y]").map { CGPoint(x: $0[0], y: $0[1]) }
    }

    /// A size `[width, height]`.
    func size(_ node: JSONValue, _ path: JSONPath) -> CGSize? {
        numbers(node, path, count: 2, what: "a size [width, height]").map { CGSize(width: $0[0], height: $0[1]) }
    }

    /// A rectangle `[x, y, width, height]`.
    func rect(_ node: JSONValue, _ path: JSONPath) -> CGRect? {
        // Four numbers are read in place (an array of them was made and freed for every frame);
        // anything else takes `numbers`, which says what is wrong.
        if let a = node.array, a.count == 4, let x = a[0].number, let y = a[1].number, let w = a[2].number,
            let h = a[3].number
        {
            return CGRect(x: x, y: y, width: w, height: h)
        }
        return numbers(node, path, count: 4, what: "a rectangle [x, y, width, height]").map {
            CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3])
        }
    }

    /// A repeat count: a number ≥ 0 or `"infinity"`.
    func repeatCount(_ node: JSONValue, _ path: JSONPath) -> Float? {
        if node.string == "infinity" { return .infinity }
        guard let n = node.number else {
            expected("a number ≥ 0 or \"infinity\"", node, path)
            return nil
        }
        guard n >= 0 else {
            fail("expected a number ≥ 0 or \"infinity\", got \(JSONValue.format(n))", node, path)
            return nil
        }
        return Float(n)
    }

    /// A duration in seconds: a number ≥ 0 (`"infinity"` too when `allowInfinity`).
    func duration(_ node: JSONValue, _ path: JSONPath, allowInfinity: Bool = false) -> CFTimeInterval? {
        if allowInfinity, node.string == "infinity" { return .infinity }
        guard let n = node.number else {
            expected(allowInfinity ? "a number of seconds ≥ 0 or \"infinity\"" : "a number of seconds ≥ 0", node, path)
            return nil
        }
        guard n >= 0 else {
            fail("expected a number of seconds ≥ 0, got \(JSONValue.format(n))", node, path)
            return nil
        }
        return n
    }

    /// The names of the predefined timing functions.
    static let timingFunctionNames = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]

    /// A timing function: a name (`"easeInEaseOut"`) or control points `[c1x, c1y, c2x, c2y]`.
    func timingFunction(_ node: JSONValue, _ path: JSONPath) -> CAMediaTimingFunction? {
        if node.string != nil {
            guard let s = name(node, path, among: Self.timingFunctionNames, what: "timing function") else { return nil }
            return CAMediaTimingFunction(name: CAMediaTimingFunctionName(rawValue: s))
        }
        guard node.array != nil else {
            expected("a timing function name or control points [c1x, c1y, c2x, c2y]", node, path)
            return nil
        }
        guard let c = numbers(node, path, count: 4, what: "control points [c1x, c1y, c2x, c2y]") else { return nil }
        guard (0...1).contains(c[0]), (0...1).contains(c[2]) else {
            fail("the control points' x values (c1x, c2x) must be between 0 and 1", node, path)
            return nil
        }
        return CAMediaTimingFunction(controlPoints: Float(c[0]), Float(c[1]), Float(c[2]), Float(c[3]))
    }
}
