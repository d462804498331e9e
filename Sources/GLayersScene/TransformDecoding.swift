/// Transforms in scenes: `"identity"`, 16 numbers `m11 m12 … m44` (Apple's order, row vectors,
/// `m41 m42 m43` translate), or a list of operations applied in list order:
///
///     [{ "rotate": "30deg", "axis": [0, 1, 0] }, { "translate": [0, 0, 50] }, { "perspective": 500 }]
///
/// is `CATransform3DConcat(CATransform3DConcat(rotate, translate), perspective)`: the first
/// operation is applied to points first. `perspective: d` is the identity with `m34 = -1/d`.
import Foundation
import GLayers
import GLayersJSON

extension DecodeContext {
    /// A transform in any of the three forms; one whose entries overflow (a perspective of
    /// 5e-324, scales of 1e300 composed) is refused (#14).
    func transform(_ node: JSONValue, _ path: JSONPath) -> CATransform3D? {
        guard let t = anyTransform(node, path) else { return nil }
        guard t.isFinite else {
            fail("the transform is not finite: its numbers overflow", node, path)
            return nil
        }
        return t
    }

    private func anyTransform(_ node: JSONValue, _ path: JSONPath) -> CATransform3D? {
        if node.string == "identity" { return .identity }
        guard let a = node.array else {
            expected("a transform: \"identity\", 16 numbers m11…m44, or a list of operations", node, path)
            return nil
        }
        if let first = a.first, first.number != nil {
            guard let m = numbers(node, path, count: 16, what: "16 numbers m11…m44"),
                let t = CATransform3D(entries: m)
            else { return nil }
            return t
        }
        var result = CATransform3D.identity
        var ok = true
        for (i, op) in a.enumerated() {
            guard let t = transformOperation(op, path.index(i)) else {
                ok = false
                continue
            }
            result = CATransform3DConcat(result, t)
        }
        return ok ? result : nil
    }

    /// The keys a transform operation may have (exactly one of the first five).
    static let transformOperations = ["translate", "scale", "rotate", "perspective", "matrix"]

    private func transformOperation(_ node: JSONValue, _ path: JSONPath) -> CATransform3D? {
        let what = "a transform operation such as { \"translate\": [x, y, z] }"
        guard let op = object(node, path, what) else { return nil }
        checkKeys(op, allowed: Set(Self.transformOperations + ["axis"]), in: "a transform operation")
        let kinds = Self.transformOperations.filter { op.has($0) }
        guard kinds.count == 1, let kind = kinds.first, let (value, vpath) = op.member(kind) else {
            fail(
                "a transform operation needs exactly one of: \(Self.transformOperations.joined(separator: ", "))", node,
                path)
            return nil
        }
        if op.has("axis") && kind != "rotate" {
            fail("\"axis\" belongs to a \"rotate\" operation", node, path.key("axis"))
        }
        switch kind {
        case "translate":
            guard let v = vector(value, vpath, what: "a translation [x, y] or [x, y, z]") else { return nil }
            return CATransform3DMakeTranslation(v[0], v[1], v.count > 2 ? v[2] : 0)
        case "scale":
            if let s = value.number { return CATransform3DMakeScale(CGFloat(s), CGFloat(s), 1) }
            guard let v = vector(value, vpath, what: "a scale s, [sx, sy] or [sx, sy, sz]") else { return nil }
            return CATransform3DMakeScale(v[0], v[1], v.count > 2 ? v[2] : 1)
        case "rotate":
            guard let angle = number(value, vpath, angle: true) else { return nil }
            var axis: [CGFloat] = [0, 0, 1]
            if let (a, apath) = op.member("axis") {
                guard let v = numbers(a, apath, count: 3, what: "an axis [x, y, z]") else { return nil }
                guard v.contains(where: { $0 != 0 }) else {
                    fail("the rotation axis must not be [0, 0, 0]", a, apath)
                    return nil
                }
                axis = v
            }
            return CATransform3DMakeRotation(angle, axis[0], axis[1], axis[2])
        case "perspective":
            guard let d = positive(value, vpath) else { return nil }
            var t = CATransform3D.identity
            t.m34 = -1 / d
            return t
        default:
            guard let m = numbers(value, vpath, count: 16, what: "16 numbers m11…m44") else { return nil }
            return CATransform3D(entries: m)
        }
    }

    /// Two or three numbers.
    private func vector(_ node: JSONValue, _ path: JSONPath, what: String) -> [CGFloat]? {
        guard let a = node.array, a.count == 2 || a.count == 3 else {
            expected(what, node, path)
            return nil
        }
        return numbers(node, path, what: what)
    }
}
