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
            if c1 == a && c2 == b {
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
    /// point straight up before `rotation` (degrees); roundness in percent.
    static func star(
        center c: CGPoint, points: Double, rotation: Double, outerRadius: Double, innerRadius: Double,
        outerRoundness: Double, innerRoundness: Double, polygon: Bool, reversed: Bool
    ) -> BezierShape {
        let count = Int(min(max(points.rounded(.down), 0), 1000))
        guard count > 0 else { return BezierShape(vertices: [], inTangents: [], outTangents: [], closed: true) }
        let vertexCount = polygon ? count : count * 2
        let step = 2 * Double.pi / Double(vertexCount)
        let direction: Double = reversed ? -1 : 1
        var angle = -Double.pi / 2 + rotation * Double.pi / 180
        var vertices: [CGPoint] = [], inT: [CGPoint] = [], outT: [CGPoint] = []
        for i in 0..<vertexCount {
            let outer = polygon || i % 2 == 0
            let radius = outer ? outerRadius : innerRadius
            let roundness = (outer ? outerRoundness : innerRoundness) / 100
            let perimeter = 2 * Double.pi * radius / Double(polygon ? vertexCount * 4 : vertexCount * 2)
            let x = radius * cos(angle), y = radius * sin(angle)
            let length = hypot(x, y)
            let ox = length == 0 ? 0 : y / length, oy = length == 0 ? 0 : -x / length
            let arm = perimeter * roundness * direction
            vertices.append(CGPoint(x: c.x + x, y: c.y + y))
            outT.append(CGPoint(x: -ox * arm, y: -oy * arm))
            inT.append(CGPoint(x: ox * arm, y: oy * arm))
            angle += step * direction
        }
        return BezierShape(vertices: vertices, inTangents: inT, outTangents: outT, closed: true)
    }
}

/// Paths made of several shapes (what one fill or stroke draws).
func makePath(_ shapes: [BezierShape]) -> CGPath {
    let path = CGMutablePath()
    for s in shapes { s.appended(to: path) }
    return path
}
