/// The transforms of Lottie layers and shape groups as layers (docs/lottie.md, "The layer
/// tree").
import Foundation
import GLayers
import GLayersGraphics

extension LottieBuilder {
    /// The layers of a transform: the outer one takes the position (and, when the parts must be
    /// kept apart, the rotation), the inner one the anchor (as its bounds origin, with an anchor
    /// point of zero) and the scale; a skew sits between them. Rotation and scale animate by
    /// their own key paths (`transform.rotation.z`, `transform.scale.x`/`.y`), so a full turn
    /// turns and a flip flips (docs/lottie.md, "Transforms").
    static func transformLayers(
        _ t: TransformModel, _ timeline: Timeline, autoOrient: Bool = false
    ) -> (outer: CALayer, inner: CALayer) {
        let outer = CALayer()
        outer.anchorPoint = .zero
        outer.bounds = .zero
        if let p = t.position {
            timeline.applyPosition(p, on: outer, autoOrient: autoOrient)
        } else {
            let x = t.positionX ?? Animated(constant: 0), y = t.positionY ?? Animated(constant: 0)
            timeline.apply(x, "position.x", on: outer, set: { outer.position.x = $0 }) { $0 }
            timeline.apply(y, "position.y", on: outer, set: { outer.position.y = $0 }) { $0 }
        }
        let rotationAnimated = t.rotation.isAnimated, scaleAnimated = t.scale.isAnimated
        let skewed = t.skew.isAnimated || t.skew.initial != 0
        let rotation = t.rotation.initial * Double.pi / 180
        let scale = t.scale.initial
        let sx = scale[0] / 100, sy = (scale.count > 1 ? scale[1] : scale[0]) / 100
        let identityScale = sx == 1 && sy == 1
        let together =
            !skewed
            && ((!rotationAnimated && !scaleAnimated) || (rotationAnimated && scaleAnimated)
                || (rotationAnimated && identityScale) || (scaleAnimated && rotation == 0))
        let inner: CALayer
        if together {
            inner = outer
        } else {
            inner = CALayer()
            inner.anchorPoint = .zero
        }
        // Rotation on the outer layer.
        if rotationAnimated {
            timeline.applyToPresentation(t.rotation, "transform.rotation.z", on: outer) { $0 * Double.pi / 180 }
        } else if rotation != 0 {
            outer.transform = CATransform3DMakeRotation(rotation, 0, 0, 1)
        }
        var last = outer
        if skewed {
            let skewLayer = CALayer()
            skewLayer.anchorPoint = .zero
            skewLayer.bounds = .zero
            let skew = timeline.combine([t.skew, t.skewAxis], linear: false) { f in
                skewMatrix(skew: t.skew.value(at: f), axis: t.skewAxis.value(at: f))
            }
            timeline.applyResolved(skew, "transform", on: skewLayer, set: { skewLayer.transform = $0 }, convert: { $0 })
            last.addSublayer(skewLayer)
            last = skewLayer
        }
        // Scale and anchor on the inner layer.
        if scaleAnimated {
            timeline.applyToPresentation(t.scale.map { $0[0] }, "transform.scale.x", on: inner) { $0 / 100 }
            timeline.applyToPresentation(t.scale.map { $0.count > 1 ? $0[1] : $0[0] }, "transform.scale.y", on: inner) {
                $0 / 100
            }
        } else if !identityScale {
            if together && rotation != 0 {
                inner.transform = CATransform3DConcat(
                    CATransform3DMakeScale(sx, sy, 1), CATransform3DMakeRotation(rotation, 0, 0, 1))
            } else {
                inner.transform = CATransform3DMakeScale(sx, sy, 1)
            }
        }
        timeline.apply(t.anchor, "bounds.origin", on: inner, set: { inner.bounds.origin = $0 }) {
            CGPoint(x: $0[0], y: $0.count > 1 ? $0[1] : 0)
        }
        // Rotations about x and y as lottie-ios gives them, by their key paths on the layer that
        // turns: Core Animation keeps the other parts of its transform and draws them without
        // perspective (docs/lottie.md, "The layer tree").
        for (angle, keyPath) in [(t.rotationX, "transform.rotation.x"), (t.rotationY, "transform.rotation.y")]
        where angle.isAnimated || angle.initial != 0 {
            timeline.applyToPresentation(angle, keyPath, on: outer) { $0 * Double.pi / 180 }
        }
        if inner !== outer { last.addSublayer(inner) }
        return (outer, inner)
    }
}

extension TransformModel {
    /// Whether the transform changes nothing at any frame: no animation, the position on the
    /// anchor, no scale, rotation or skew, full opacity (a shape group's usual `tr`).
    var isIdentity: Bool {
        guard let position, positionX == nil, positionY == nil else { return false }
        let animated: [any Track] = [anchor, position, scale, rotation, rotationX, rotationY, skew, skewAxis, opacity]
        guard !animated.contains(where: { $0.isAnimated }) else { return false }
        guard rotationX.initial == 0, rotationY.initial == 0 else { return false }
        let a = anchor.initial, p = position.initial, s = scale.initial
        return a.count >= 2 && p.count >= 2 && s.count >= 2 && a[0] == p[0] && a[1] == p[1] && s[0] == 100
            && s[1] == 100 && rotation.initial == 0 && skew.initial == 0 && opacity.initial == 100
    }
}

/// After Effects' skew: a shear by `skew` degrees along the axis at `axis` degrees.
func skewMatrix(skew: Double, axis: Double) -> CATransform3D {
    let a = axis * Double.pi / 180
    let k = tan(-skew * Double.pi / 180)
    let toAxis = CGAffineTransform(rotationAngle: a)
    let shear = CGAffineTransform(a: 1, b: 0, c: k, d: 1, tx: 0, ty: 0)
    let back = CGAffineTransform(rotationAngle: -a)
    // Rotate into the axis, shear, rotate back (applied in that order).
    return CATransform3DMakeAffineTransform(toAxis.concatenating(shear).concatenating(back))
}
