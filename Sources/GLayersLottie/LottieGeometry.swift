/// The paths of Lottie's shapes, made as After Effects (and lottie-web, whose geometry the other
/// players follow) makes them, vertex for vertex, so that trims and morphs start where
/// designers expect: ellipses from the top, clockwise; rectangles from the top-right corner,
/// clockwise; stars from the top (before rotation); `d: 3` reverses the direction.
import Foundation
import GLayersGraphics

/// The length of a cubic's control arm that draws a quarter circle of radius 1.
let circleControl = 0.5519150244935105707435627

extension BezierShape {
    /// The shape as a path (one subpath).
    func appended(to path: CGMutablePath, transform: CGAffineTransform = .identity) {
        guard let first = vertices.first else { return }
        let n = vertices.count
        let segments = closed ? n : n - 1
        path.reserveCapacity(adding: segments + 2)
        path.move(to: first, transform: transform)
        guard segments > 0 else { return }
        for k in 0..<segments {
            let a = vertices[k], b = vertices[(k + 1) % n]
            let c1 = CGPoint(x: a.x + outTangents[k].x, y: a.y + outTangents[k].y)
            let c2 = CGPoint(x: b.x + inTangents[(k + 1) % n].x, y: b.y + inTangents[(k + 1) % n].y)
            if c1 == a && c2 == b && !curvesOnly {
                path.addLine(to: b, transform: transform)
            } else {
                path.addCurve(to: b, control1: c1, control2: c2, transform: transform)
            }
        }
        if closed { path.closeSubpath() }
    }

    /// The same shape drawn the other way round (same vertices, reversed order, tangents swapped).
    var reversed: BezierShape {
        guard vertices.count > 1 else { return self }
        // Keep the first vertex first, as After Effects does for reversed shapes.
        let order = [0] + Array((1..<vertices.count).reversed())
        return BezierShape(
            vertices: order.map { vertices[$0] }, inTangents: order.map { outTangents[$0] },
            outTangents: order.map { inTangents[$0] }, closed: closed)
    }

    /// An ellipse of `size` centred on `center`: top, right, bottom, left.
    static func ellipse(center c: CGPoint, size: CGSize, reversed: Bool) -> BezierShape {
        let rx = size.width / 2, ry = size.height / 2
        let cx = rx * circleControl, cy = ry * circleControl
        let shape = BezierShape(
            vertices: [
                CGPoint(x: c.x, y: c.y - ry), CGPoint(x: c.x + rx, y: c.y), CGPoint(x: c.x, y: c.y + ry),
                CGPoint(x: c.x - rx, y: c.y),
            ],
            inTangents: [CGPoint(x: -cx, y: 0), CGPoint(x: 0, y: -cy), CGPoint(x: cx, y: 0), CGPoint(x: 0, y: cy)],
            outTangents: [CGPoint(x: cx, y: 0), CGPoint(x: 0, y: cy), CGPoint(x: -cx, y: 0), CGPoint(x: 0, y: -cy)],
            closed: true)
        return reversed ? shape.reversed : shape
    }

    /// A rectangle of `size` centred on `center` with corners of radius `roundness` (at most
    /// half the shorter side): from the top of the right edge, clockwise.
    static func rect(center c: CGPoint, size: CGSize, roundness: Double, reversed: Bool) -> BezierShape {
        let w = size.width / 2, h = size.height / 2
        let r = max(0, min(roundness, w, h))
        let shape: BezierShape
        if r == 0 {
            shape = BezierShape(
                vertices: [
                    CGPoint(x: c.x + w, y: c.y - h), CGPoint(x: c.x + w, y: c.y + h), CGPoint(x: c.x - w, y: c.y + h),
                    CGPoint(x: c.x - w, y: c.y - h),
                ],
                inTangents: Array(repeating: .zero, count: 4), outTangents: Array(repeating: .zero, count: 4),
                closed: true)
        } else {
            let k = r * circleControl
            let v = [
                CGPoint(x: c.x + w, y: c.y - h + r), CGPoint(x: c.x + w, y: c.y + h - r),
                CGPoint(x: c.x + w - r, y: c.y + h), CGPoint(x: c.x - w + r, y: c.y + h),
                CGPoint(x: c.x - w, y: c.y + h - r), CGPoint(x: c.x - w, y: c.y - h + r),
                CGPoint(x: c.x - w + r, y: c.y - h), CGPoint(x: c.x + w - r, y: c.y - h),
            ]
            let z = CGPoint.zero
            let inT = [
                CGPoint(x: 0, y: -k), z, CGPoint(x: k, y: 0), z, CGPoint(x: 0, y: k), z, CGPoint(x: -k, y: 0), z,
            ]
            let outT = [
                z, CGPoint(x: 0, y: k), z, CGPoint(x: -k, y: 0), z, CGPoint(x: 0, y: -k), z, CGPoint(x: k, y: 0),
            ]
            shape = BezierShape(vertices: v, inTangents: inT, outTangents: outT, closed: true)
        }
        return reversed ? shape.reversed : shape
    }

    /// A star (or, when `polygon`, a polygon) of `points` points centred on `center`, its first
    /// point straight up before `rotation` (degrees); roundness in percent (docs/lottie.md,
    /// "Stars and polygons"). The vertices are placed as lottie-ios places them, so a fractional
    /// number of points draws the last point part-way (a star's at a radius between the inner
    /// and the outer, a polygon's past the first vertex); a rounded vertex's arms are its
    /// radius × its roundness × π / (2 × points), as After Effects and lottie-web make them.
    static func star(
        center c: CGPoint, points: Double, rotation: Double, outerRadius: Double, innerRadius: Double,
        outerRoundness: Double, innerRoundness: Double, polygon: Bool, reversed: Bool
    ) -> BezierShape {
        let n = points.isFinite ? min(points, 1000) : 0
        guard n > 0 else { return BezierShape(vertices: [], inTangents: [], outTangents: [], closed: true) }
        var outline =
            polygon
            ? PolystarOutline.polygon(points: n, rotation: rotation, radius: outerRadius, roundness: outerRoundness)
            : PolystarOutline.star(
                points: n, rotation: rotation, outerRadius: outerRadius, innerRadius: innerRadius,
                outerRoundness: outerRoundness, innerRoundness: innerRoundness)
        outline.closeOnFirstVertex()
        let shape = BezierShape(
            vertices: outline.points.map { CGPoint(x: c.x + $0.x, y: c.y + $0.y) }, inTangents: outline.inTangents,
            outTangents: outline.outTangents, closed: true)
        return reversed ? shape.reversed : shape
    }
}

/// The vertices of a star or a polygon around the origin, clockwise from the top, and the
/// arms that round them: placed as lottie-ios's `BezierPath.star` and `.polygon` place them,
/// ending on a copy of the first vertex.
private struct PolystarOutline {
    /// The length of a vertex's arms for radius 1 and roundness 1 (100 %): a quarter of the
    /// circle's perimeter shared by its points. lottie-ios's own constants (0.47829 for stars,
    /// 0.25 for polygons) draw `TypeFace/F`'s rounded triangle further from Apple's frames.
    static func armPerUnit(points n: Double) -> Double { Double.pi / (2 * n) }

    var points: [CGPoint] = []
    var inTangents: [CGPoint] = []
    var outTangents: [CGPoint] = []

    /// A vertex at `radius` and `angle` (radians), its in-arm `inArm` long (its out-arm is
    /// set when the next vertex is added).
    private mutating func add(radius: Double, angle: Double, inArm: Double) {
        let p = CGPoint(x: radius * cos(angle), y: radius * sin(angle))
        points.append(p)
        inTangents.append(Self.arm(at: p, length: inArm))
        outTangents.append(.zero)
    }

    /// Sets the last vertex's out-arm, `length` long.
    private mutating func setLastOutArm(_ length: Double) {
        let a = Self.arm(at: points[points.count - 1], length: length)
        outTangents[outTangents.count - 1] = CGPoint(x: -a.x, y: -a.y)
    }

    /// An in-arm at `p`: across the radius through `p` (as atan2 gives it), against the
    /// clockwise way round.
    private static func arm(at p: CGPoint, length: Double) -> CGPoint {
        guard length != 0 else { return .zero }
        let theta = atan2(p.y, p.x) - Double.pi / 2
        return CGPoint(x: length * cos(theta), y: length * sin(theta))
    }

    static func polygon(points n: Double, rotation: Double, radius: Double, roundness: Double) -> PolystarOutline {
        var outline = PolystarOutline()
        let step = 2 * Double.pi / n
        let arm = radius * roundness / 100 * armPerUnit(points: n)
        var angle = (rotation - 90) * Double.pi / 180
        outline.add(radius: radius, angle: angle, inArm: 0)
        for _ in 0..<Int(n.rounded(.up)) {
            angle += step
            outline.setLastOutArm(arm)
            outline.add(radius: radius, angle: angle, inArm: arm)
        }
        return outline
    }

    static func star(
        points n: Double, rotation: Double, outerRadius: Double, innerRadius: Double, outerRoundness: Double,
        innerRoundness: Double
    ) -> PolystarOutline {
        var outline = PolystarOutline()
        let perPoint = 2 * Double.pi / n, half = perPoint / 2
        let partial = n - n.rounded(.down)
        let unit = armPerUnit(points: n)
        let outerRound = outerRoundness / 100 * unit, innerRound = innerRoundness / 100 * unit
        var angle = (rotation - 90) * Double.pi / 180
        var partialRadius = 0.0
        if partial != 0 {
            angle += half * (1 - partial)
            partialRadius = innerRadius + partial * (outerRadius - innerRadius)
            outline.add(radius: partialRadius, angle: angle, inArm: 0)
            angle += perPoint * partial / 2
        } else {
            outline.add(radius: outerRadius, angle: angle, inArm: 0)
            angle += half
        }
        let steps = Int(n.rounded(.up)) * 2
        var toOuter = false
        for i in 0..<steps {
            var radius = toOuter ? outerRadius : innerRadius
            var turn = half
            if partialRadius != 0 && i == steps - 2 { turn = perPoint * partial / 2 }
            if partialRadius != 0 && i == steps - 1 { radius = partialRadius }
            var outArm = toOuter ? innerRadius * innerRound : outerRadius * outerRound
            var inArm = toOuter ? outerRadius * outerRound : innerRadius * innerRound
            if partial != 0 && i == 0 { outArm *= partial }
            if partial != 0 && i == steps - 1 { inArm *= partial }
            outline.setLastOutArm(outArm)
            outline.add(radius: radius, angle: angle, inArm: inArm)
            angle += turn
            toOuter.toggle()
        }
        return outline
    }

    /// Drops the last vertex when it lies on the first, the first taking its in-arm: the path
    /// is closed, and the segment between the two has no length.
    mutating func closeOnFirstVertex() {
        guard points.count > 2, let last = points.last else { return }
        let first = points[0]
        let size = max(abs(first.x), abs(first.y), 1)
        guard abs(last.x - first.x) <= 1e-9 * size, abs(last.y - first.y) <= 1e-9 * size else { return }
        inTangents[0] = inTangents[inTangents.count - 1]
        points.removeLast()
        inTangents.removeLast()
        outTangents.removeLast()
    }
}

/// Paths made of several shapes (what one fill or stroke draws).
func makePath(_ shapes: [BezierShape]) -> CGPath {
    let path = CGMutablePath()
    for s in shapes { s.appended(to: path) }
    return path
}
