/// Paths in scenes (`path`, `shadowPath`, keyframe `path`): SVG path data as a string, or a list
/// of operations named after `CGMutablePath`'s methods:
///
///     [{ "moveTo": [74, 74] }, { "curveTo": [74, 500, 320, 500, 320, 74] }, { "close": true }]
///
/// Operations: `moveTo [x, y]`, `lineTo [x, y]`, `quadCurveTo [cx, cy, x, y]`,
/// `curveTo [c1x, c1y, c2x, c2y, x, y]`, `close true`, `rect [x, y, w, h]`,
/// `ellipse [x, y, w, h]`, and `arc` with `center`, `radius`, `startAngle`, `endAngle` and
/// optional `clockwise` (CoreGraphics' `addArc(center:radius:startAngle:endAngle:clockwise:)`).
import Foundation
import GLayers
import GLayersJSON

extension DecodeContext {
    /// The keys of path operations.
    static let pathOperations = ["moveTo", "lineTo", "quadCurveTo", "curveTo", "close", "rect", "ellipse", "arc"]

    /// A path from SVG path data or a list of operations.
    func path(_ node: JSONValue, _ path: JSONPath) -> CGPath? {
        guard let result = anyPath(node, path) else { return nil }
        guard result.elements.count <= EngineLimits.maximumPathElements else {
            fail(
                "the path has \(result.elements.count) elements; the limit is \(EngineLimits.maximumPathElements)",
                node,
                path)
            return nil
        }
        return result
    }

    /// A path of any length.
    private func anyPath(_ node: JSONValue, _ path: JSONPath) -> CGPath? {
        if let s = node.string {
            do {
                return try SVGPathParser.parse(s)
            } catch let e as SVGPathError {
                fail("bad SVG path data at character \(e.offset + 1): \(e.message)", node, path)
            } catch {
                fail("bad SVG path data: \(error)", node, path)
            }
            return nil
        }
        guard let ops = node.array else {
            expected("a path: SVG path data (\"M 0 0 L 10 10\") or a list of operations", node, path)
            return nil
        }
        let result = CGMutablePath()
        var ok = true
        for (i, op) in ops.enumerated() where !pathOperation(op, path.index(i), into: result) {
            ok = false
        }
        return ok ? result : nil
    }

    private func pathOperation(_ node: JSONValue, _ path: JSONPath, into p: CGMutablePath) -> Bool {
        guard let op = object(node, path, "a path operation such as { \"moveTo\": [x, y] }") else { return false }
        let keys = op.members.map(\.key)
        guard keys.count == 1, let key = keys.first, let (value, vpath) = op.member(key) else {
            fail("a path operation needs exactly one of: \(Self.pathOperations.joined(separator: ", "))", node, path)
            return false
        }
        func nums(_ count: Int, _ what: String) -> [CGFloat]? { numbers(value, vpath, count: count, what: what) }
        switch key {
        case "moveTo":
            guard let v = nums(2, "a point [x, y]") else { return false }
            p.move(to: CGPoint(x: v[0], y: v[1]))
        case "lineTo":
            guard let v = nums(2, "a point [x, y]") else { return false }
            p.addLine(to: CGPoint(x: v[0], y: v[1]))
        case "quadCurveTo":
            guard let v = nums(4, "[cx, cy, x, y]") else { return false }
            p.addQuadCurve(to: CGPoint(x: v[2], y: v[3]), control: CGPoint(x: v[0], y: v[1]))
        case "curveTo":
            guard let v = nums(6, "[c1x, c1y, c2x, c2y, x, y]") else { return false }
            p.addCurve(
                to: CGPoint(x: v[4], y: v[5]), control1: CGPoint(x: v[0], y: v[1]), control2: CGPoint(x: v[2], y: v[3]))
        case "close":
            guard value.bool == true else {
                expected("true", value, vpath)
                return false
            }
            p.closeSubpath()
        case "rect", "ellipse":
            guard let r = rect(value, vpath) else { return false }
            if key == "rect" { p.addRect(r) } else { p.addEllipse(in: r) }
        case "arc":
            return arcOperation(value, vpath, into: p)
        default:
            checkKeys(op, allowed: Set(Self.pathOperations), in: "a path operation")
            return false
        }
        return true
    }

    private func arcOperation(_ node: JSONValue, _ path: JSONPath, into p: CGMutablePath) -> Bool {
        let what = "an arc { \"center\": [x, y], \"radius\": r, \"startAngle\": a, \"endAngle\": b }"
        guard let arc = object(node, path, what) else { return false }
        checkKeys(arc, allowed: ["center", "radius", "startAngle", "endAngle", "clockwise"], in: "an arc")
        for required in ["center", "radius", "startAngle", "endAngle"] where !arc.has(required) {
            fail("an arc needs \"\(required)\"", node, path)
            return false
        }
        guard let (c, cp) = arc.member("center"), let center = point(c, cp),
            let (r, rp) = arc.member("radius"), let radius = number(r, rp, atLeast: 0),
            let (s, sp) = arc.member("startAngle"), let start = number(s, sp, angle: true),
            let (e, ep) = arc.member("endAngle"), let end = number(e, ep, angle: true)
        else { return false }
        var clockwise = false
        if let (cw, cwp) = arc.member("clockwise") {
            guard let b = bool(cw, cwp) else { return false }
            clockwise = b
        }
        p.addArc(center: center, radius: radius, startAngle: start, endAngle: end, clockwise: clockwise)
        return true
    }
}
