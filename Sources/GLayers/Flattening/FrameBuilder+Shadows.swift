/// Flattening, shadows drawn under a layer without compositing its content as a unit: a
/// blurred rounded rect (the layer's rounded background, or a rectangular or rounded-rect
/// `shadowPath`), or any other `shadowPath` as a coverage mask in a pass of its own whose
/// shadow alone is composited. Shadows cast by drawn content use the layer's screen pass
/// instead (`drawInPass`).
///
/// Takes a layer's presented state and world matrix; produces at most one item (and one
/// pass) under the layer. The shadow of a `shadowPath` does not depend on the layer's
/// background, contents or sublayers ("the layer creates its shadow using the specified path
/// instead of the layer's composited alpha channel", Apple's `CALayer.shadowPath` reference).
import Foundation
import GLayersGraphics
import GLayersRenderList

extension FrameBuilder {
    /// The item that draws the layer's shadow under it, or nil when it has none or its shadow
    /// is cast by its content (then its pass draws it).
    func shadowItem(_ s: LayerState, world: CATransform3D, opacity: Float, clip: Int32) -> DrawItem? {
        guard Effects.hasShadow(s) else { return nil }
        guard let path = s.shadowPath else {
            guard let shape = Effects.analyticShadowShape(s) else { return nil }
            return blurredShape(
                s, shape.rect, radius: shape.radius, curve: s.itemCornerCurve, alpha: shape.alpha, world, opacity, clip)
        }
        guard path.elements.count <= EngineLimits.maximumPathElements else {
            report(
                "a shadowPath of \(path.elements.count) elements is over the limit (\(EngineLimits.maximumPathElements)); its shadow is not drawn"
            )
            return nil
        }
        let pixelsPerUnit = CGFloat(screenScale * scaleOf(world))
        switch shadowPaths.shape(of: path, pixelsPerUnit: pixelsPerUnit) {
        case .none:
            return nil
        case .roundedRect(let r, let radius):
            return blurredShape(s, r, radius: radius, curve: .circular, alpha: 1, world, opacity, clip)
        case .mask(let image, let r):
            return maskShadow(s, image, r, world, opacity, clip)
        }
    }

    /// The shadow's colour: premultiplied, times `shadowOpacity` and `alpha`.
    func shadowColor(_ s: LayerState, alpha: Float) -> Color {
        let c = premultiplied(s.shadowColor)
        let k = Float(s.shadowOpacity) * alpha
        return Color(r: c.r * k, g: c.g * k, b: c.b * k, a: c.a * k)
    }

    /// The layer's world matrix moved by `shadowOffset` (in the layer's own coordinates).
    private func shadowPlacement(_ s: LayerState, _ world: CATransform3D) -> CATransform3D {
        var offset = CATransform3D.identity
        (offset.m41, offset.m42) = (s.shadowOffset.width, s.shadowOffset.height)
        return offset.concatenating(world)
    }

    /// A blurred rounded rect (`box` in the layer's coordinates), drawn analytically.
    private func blurredShape(
        _ s: LayerState, _ box: CGRect, radius: CGFloat, curve: CornerCurve, alpha: Float, _ world: CATransform3D,
        _ opacity: Float, _ clip: Int32
    ) -> DrawItem {
        DrawItem(
            transform: matrix(shadowPlacement(s, world)), rect: rect(box), opacity: opacity,
            background: shadowColor(s, alpha: alpha),
            content: .blurredShape(sigma: Float(Effects.shadowSigma(s.shadowRadius))), cornerRadius: Float(radius),
            cornerCurve: curve, clip: clip, doubleSided: s.isDoubleSided)
    }

    /// The shadow of a path mask: a screen-space pass holding the mask where the shadow falls,
    /// blurred and tinted by a shadow-only effect, and the item compositing it; nil when the
    /// pass lies outside the viewport.
    private func maskShadow(
        _ s: LayerState, _ image: CGImage, _ r: CGRect, _ world: CATransform3D, _ opacity: Float, _ clip: Int32
    ) -> DrawItem? {
        let id = ImageID(image.identity)
        list.register(image, as: id)
        let sigma = Float(Effects.shadowSigma(s.shadowRadius)) * scaleOf(world)
        beginPass(screenSpace: true, scale: screenScale, spread: 3 * sigma)
        append(
            DrawItem(
                transform: matrix(shadowPlacement(s, world)), rect: rect(r),
                content: .image(id, ContentPlacement(destination: rect(r))), doubleSided: s.isDoubleSided))
        let b = passStack.last?.bounds ?? (minX: 0, minY: 0, maxX: 0, maxY: 0)
        let source = clampToViewport((b.minX, b.minY, b.maxX, b.maxY), margin: 3 * sigma)
        var effects = PassEffects()
        effects.shadow = ShadowSpec(
            color: shadowColor(s, alpha: 1), offsetX: 0, offsetY: 0, sigma: sigma, shadowOnly: true)
        let pass = endPass(sourceRect: source, scale: screenScale, effects: effects)
        guard !source.isEmpty else { return nil }
        return DrawItem(transform: .identity, rect: source, opacity: opacity, content: .pass(pass), clip: clip)
    }
}
