/// Masks, track mattes and drop shadows of Lottie layers (docs/lottie.md, "The layer tree").
import Foundation
import GLayers
import GLayersGraphics

/// A rectangle larger than any composition: what an inverted mask or matte covers.
let veryLargeRect = CGRect(x: -1e5, y: -1e5, width: 2e5, height: 2e5)

extension LottieBuilder {
    /// `content` shown through `matte` (both laid out in the composition's space).
    func matted(_ content: CALayer, by matte: CALayer, mode: MatteMode, _ context: Context) -> CALayer {
        let wrapper = compositionSpaceLayer(context.size)
        wrapper.name = "matted"
        wrapper.addSublayer(content)
        let mask = compositionSpaceLayer(context.size)
        mask.name = "matte"
        if mode == .alphaInverted {
            // What the matte covers is taken out of a layer that covers everything: the matte
            // is drawn over it with the XOR compositing filter (Porter-Duff xor).
            let everything = CALayer()
            everything.frame = veryLargeRect
            everything.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            mask.addSublayer(everything)
            matte.compositingFilter = "xor"
        }
        mask.addSublayer(matte)
        wrapper.mask = mask
        return wrapper
    }

    private func compositionSpaceLayer(_ size: CGSize) -> CALayer {
        let layer = CALayer()
        layer.anchorPoint = .zero
        layer.bounds = CGRect(origin: .zero, size: size)
        return layer
    }

    /// The layer's masks as one mask layer, as lottie-ios composes them: masks that add (and the
    /// first) are drawn together; each later one that subtracts or intersects (or darkens, or
    /// takes the difference: lottie-ios's own reading of those modes) masks what came before;
    /// subtracting (or an inverted add) covers everything but the path: a layer covering
    /// everything with the path drawn over it with the XOR compositing filter, as inverted
    /// mattes are (a path holding a rectangle that large was rasterized at a fraction of its
    /// resolution: blurred, and 32 MiB redrawn at every frame where the path animates).
    func masks(_ masks: [MaskModel], _ timeline: Timeline) -> CALayer? {
        var container = maskContainer()
        var first = true
        var any = false
        for mask in masks {
            if mask.mode == .none { continue }
            let add = mask.mode == .add || mask.mode == .lighten
            let invert = (mask.mode == .subtract && !mask.inverted) || (add && mask.inverted)
            let path = CAShapeLayer()
            path.fillRule = .evenOdd
            path.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            timeline.apply(mask.path, "path", on: path, set: { path.path = $0 }) { s -> CGPath in
                let path = CGMutablePath()
                s.appended(to: path)
                return path
            }
            // The mask's opacity is not applied, as lottie-ios's Core Animation engine, which
            // animates a mask's path only, draws it (docs/lottie.md, "The layer tree").
            let shape = invert ? everythingBut(path) : path
            any = true
            if invert && add && !first {
                // Drawn under the masks before it: XOR takes the path out of what is beneath.
                let outer = maskContainer()
                outer.addSublayer(shape)
                outer.addSublayer(container)
                container = outer
            } else if add || first {
                first = false
                container.addSublayer(shape)
            } else {
                container.mask = shape
                let outer = maskContainer()
                outer.addSublayer(container)
                container = outer
            }
        }
        return any ? container : nil
    }

    /// A layer covering everything but what `path` covers.
    private func everythingBut(_ path: CAShapeLayer) -> CALayer {
        let layer = maskContainer()
        let everything = CALayer()
        everything.frame = veryLargeRect
        everything.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        path.compositingFilter = "xor"
        layer.addSublayer(everything)
        layer.addSublayer(path)
        return layer
    }

    private func maskContainer() -> CALayer {
        let layer = CALayer()
        layer.anchorPoint = .zero
        layer.bounds = .zero
        return layer
    }

    /// A drop shadow (effect or style) as the layer's shadow (`ShadowModel` says how its
    /// numbers are read).
    func applyShadow(_ shadow: ShadowModel, on layer: CALayer, _ timeline: Timeline) {
        timeline.apply(shadow.color, "shadowColor", on: layer, set: { layer.shadowColor = $0 }) { styleColor($0) }
        timeline.apply(shadow.opacity, "shadowOpacity", on: layer, set: { layer.shadowOpacity = Float($0) }) { $0 }
        let offset = timeline.combine([shadow.angle, shadow.distance], linear: false) { f -> [Double] in
            let a = shadow.angle.value(at: f) * Double.pi / 180, d = shadow.distance.value(at: f)
            return [cos(a) * d, sin(a) * d]
        }
        timeline.applyResolved(offset, "shadowOffset", on: layer, set: { layer.shadowOffset = $0 }) {
            CGSize(width: $0[0], height: $0[1])
        }
        timeline.apply(shadow.softness, "shadowRadius", on: layer, set: { layer.shadowRadius = $0 }) { $0 }
    }
}
