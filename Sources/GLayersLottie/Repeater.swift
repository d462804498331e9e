/// Repeaters and rounded corners: the two shape modifiers that change what is drawn rather than
/// how. A repeater draws what is listed above it in its group `copies` times, as lottie-ios's
/// Core Animation engine builds it: copy k moved and turned by its transform k times (position
/// and rotation times k) and scaled by it once, about its anchor, copy 0 at the bottom, every
/// copy opaque (docs/lottie.md, "Shapes"); rounded corners replace each sharp corner of the
/// paths above them by a quarter-circle-like curve.
import Foundation
import GLayers
import GLayersGraphics

struct RepeaterBuilder {
    let timeline: Timeline
    let model: RepeaterModel

    func build(_ items: [ShapeItem], builder: ShapeBuilder, into container: CALayer, inherited: ShapeBuilder.Inherited)
    {
        let most = model.copies.keyframes.map { $0.value }.max() ?? 0
        let count = Int(min(max(most.rounded(.down), 0), Double(Limits.repeaterCopies)))
        guard count > 0 else { return }
        let t = model.transform
        let tracks: [any Track] = [model.copies, t.anchor, t.scale, t.rotation] + positionTracks(t)
        // Copy 0 is drawn first, under the others.
        for i in 0..<count {
            guard timeline.budget.chargeRepeaterCopy() else { break }
            let copy = CALayer()
            copy.anchorPoint = .zero
            copy.bounds = .zero
            let matrix = timeline.combine(tracks, linear: false) { f in transform(copy: i, at: f) }
            timeline.applyResolved(matrix, "transform", on: copy, set: { copy.transform = $0 }, convert: { $0 })
            if model.copies.isAnimated {
                // A copy beyond the copies at a frame is hidden.
                let shown = timeline.combine([model.copies], linear: false) { f -> Double in
                    Double(i) < model.copies.value(at: f).rounded(.down) ? 1 : 0
                }
                timeline.applyResolved(shown, "opacity", on: copy, set: { copy.opacity = Float($0) }, convert: { $0 })
            }
            builder.build(items, into: copy, inherited: inherited)
            container.addSublayer(copy)
        }
    }

    private func positionTracks(_ t: TransformModel) -> [any Track] {
        if let p = t.position { return [p] }
        return [t.positionX, t.positionY].compactMap { $0 }
    }

    /// Copy `i`'s transform at `frame`: the repeater's position and rotation applied `i` times,
    /// its scale once.
    private func transform(copy i: Int, at f: Double) -> CATransform3D {
        let t = model.transform
        let k = Double(i)
        let a = t.anchor.value(at: f)
        let p: [Double] =
            t.position?.value(at: f) ?? [t.positionX?.value(at: f) ?? 0, t.positionY?.value(at: f) ?? 0]
        let s = t.scale.value(at: f)
        let sx = s[0] / 100, sy = (s.count > 1 ? s[1] : s[0]) / 100
        let r = t.rotation.value(at: f) * k * Double.pi / 180
        let m = CGAffineTransform(translationX: -a[0], y: -a[1])
            .concatenating(CGAffineTransform(scaleX: sx, y: sy))
            .concatenating(CGAffineTransform(rotationAngle: r))
            .concatenating(CGAffineTransform(translationX: a[0] + p[0] * k, y: a[1] + p[1] * k))
        return CATransform3DMakeAffineTransform(m)
    }
}

extension BezierShape {
    /// The shape with each sharp corner (a vertex without tangents; on an open shape, not its
    /// ends) cut back by up to `radius` along both edges (at most half of each) and joined by a
    /// curve whose control arms reach 0.5519 of the way back to the corner. With `evenAtZero`, a
    /// radius of 0 splits each sharp corner too (both cuts at the corner), and every segment is
    /// a curve: the shape then has the elements it has at every other radius.
    func roundingCorners(radius: Double, evenAtZero: Bool = false) -> BezierShape {
        guard radius > 0 || (evenAtZero && radius == 0), vertices.count > 1 else { return self }
        let n = vertices.count
        var out = BezierShape(vertices: [], inTangents: [], outTangents: [], closed: closed, curvesOnly: evenAtZero)
        for i in 0..<n {
            let v = vertices[i]
            let sharp = inTangents[i] == .zero && outTangents[i] == .zero
            guard sharp, closed || (i != 0 && i != n - 1) else {
                out.vertices.append(v)
                out.inTangents.append(inTangents[i])
                out.outTangents.append(outTangents[i])
                continue
            }
            for (j, neighbour) in [vertices[(i + n - 1) % n], vertices[(i + 1) % n]].enumerated() {
                let d = hypot(neighbour.x - v.x, neighbour.y - v.y)
                let f = d > 0 ? min(d / 2, radius) / d : 0
                let p = CGPoint(x: v.x + (neighbour.x - v.x) * f, y: v.y + (neighbour.y - v.y) * f)
                let arm = CGPoint(x: (v.x - p.x) * circleControl, y: (v.y - p.y) * circleControl)
                out.vertices.append(p)
                let first = j == 0
                out.inTangents.append(first ? .zero : arm)
                out.outTangents.append(first ? arm : .zero)
            }
        }
        return out
    }
}
