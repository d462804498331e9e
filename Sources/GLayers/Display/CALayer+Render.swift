/// `render(in:)`: the layer and its sublayers drawn into a Core Graphics context on the CPU
/// (docs/porting.md#rendering-a-layer-into-a-context).
///
/// Core Animation's reference: the method "renders directly from the layer tree, ignoring any
/// animations added to the render tree", in "the coordinate space of the layer", and "layers
/// that use 3D transforms are not rendered, nor are layers that specify backgroundFilters,
/// filters, compositingFilter, or a mask values". So this draws model values (a presentation
/// copy, `presentation()`, draws as presented, with its sublayers' presentation copies), with
/// the context's user space taken as the layer's bounds space (its own position and transform
/// are not applied), and leaves out each layer (with its sublayers) whose transform takes it
/// out of its superlayer's plane or puts it in perspective (`keepsPlane`), or that has filters
/// or a mask.
///
/// Per layer, as the compositor paints it (docs/semantics.md#paint-order): the background
/// rounded by `cornerRadius` and `maskedCorners`, the contents placed by `contentsGravity`,
/// `contentsRect` and `contentsCenter` (drawn contents are drawn first if the layer needs
/// display) or a shape layer's path as vectors, the sublayers, the border; `masksToBounds`
/// clips contents and sublayers; opacity (with group opacity) and the shadow composite the
/// layer with its sublayers as one transparency layer. Measured on Apple's framework: the
/// shadow is cast by that composite even when `shadowPath` is set, and sublayers paint in
/// array order whatever their `zPosition`.
import Foundation
import GLayersGraphics

extension CALayer {
    /// The default of `render(in:)`.
    func renderDefault(in ctx: CGContext) {
        var flipped = false
        var ancestor = (presentationSource ?? self).superlayerStorage
        while let a = ancestor {
            if a.layerState.isGeometryFlipped { flipped.toggle() }
            ancestor = a.superlayerStorage
        }
        var budget = RenderBudget()
        renderSubtree(in: ctx, ancestorsFlipped: flipped, depth: 0, copies: 1, budget: &budget)
    }

    /// Draws this layer and its sublayers in the context's user space, which is the layer's
    /// bounds space; `ancestorsFlipped`: an odd number of its ancestors have flipped geometry.
    private func renderSubtree(
        in ctx: CGContext, ancestorsFlipped: Bool, depth: Int, copies: Int, budget: inout RenderBudget
    ) {
        guard depth < EngineLimits.maximumTreeDepth else { return }
        if let source = presentationSource, source.animations.redrawsContents {
            display()  // drawn with the presented values, as the compositor draws it each frame
        } else {
            displayIfNeeded()
        }
        let s = layerState
        let opacity = CGFloat(s.opacity)
        guard !s.isHidden, opacity > 0, s.filters.isEmpty, s.backgroundFilters.isEmpty, s.compositingFilter == nil,
            (presentationSource ?? self).maskStorage == nil
        else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        let drawsOwn = !keepsSublayersIn3D
        let shadow = drawsOwn ? renderShadowColor(s) : nil
        // Without group opacity the layer's opacity multiplies each thing drawn in its subtree
        // (the context's alpha), so overlapping sublayers show through each other.
        let group = (opacity < 1 && s.allowsGroupOpacity) || shadow != nil
        if opacity < 1 { ctx.setAlpha(ctx.globalAlpha * opacity) }
        if group {
            if let shadow { setRenderShadow(shadow, s, in: ctx) }
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        }
        let outline = drawsOwn ? RenderOutline(s) : nil
        if let outline, let background = s.backgroundColor.cgColor, background.alpha > 0 {
            ctx.addPath(outline.path)
            ctx.setFillColor(background)
            ctx.fillPath()
        }
        ctx.saveGState()
        if let outline, s.masksToBounds {
            ctx.addPath(outline.path)
            ctx.clip()
        }
        if drawsOwn { renderContents(s, outline: outline, ancestorsFlipped: ancestorsFlipped, in: ctx) }
        renderSublayers(s, ancestorsFlipped: ancestorsFlipped, depth: depth, copies: copies, budget: &budget, in: ctx)
        ctx.restoreGState()
        if let outline, let border = s.borderColor.cgColor, border.alpha > 0, s.borderWidth > 0 {
            ctx.addPath(outline.path)
            ctx.addPath(outline.inset(by: s.borderWidth))
            ctx.setFillColor(border)
            ctx.fillPath(using: .evenOdd)
        }
        if group { ctx.endTransparencyLayer() }
    }

    /// The contents image (drawn contents included) where the compositor places it, or, for a
    /// tiled layer, its drawing over the part of the bounds inside the clip.
    private func renderContents(_ s: LayerState, outline: RenderOutline?, ancestorsFlipped: Bool, in ctx: CGContext) {
        // A shape's path and a tiled layer's drawing land at their coordinates in the layer's
        // own space, flipped when its geometry is (as the compositor places their rasters and
        // tiles; for tiles, the flip of the drawing context and that of their placement cancel
        // out above a flipped ancestor).
        if s.shape != nil || self is CATiledLayer {
            ctx.saveGState()
            defer { ctx.restoreGState() }
            // A gradient is the layer's background: rounded as the background colour is.
            if s.backing?.isBackground == true, let outline {
                ctx.addPath(outline.path)
                ctx.clip()
            }
            if s.isGeometryFlipped { ctx.concatenate(Self.mirror(s.bounds)) }
            if let shape = s.shape {
                shape.draw(in: ctx)
            } else if let tiled = self as? CATiledLayer {
                ctx.clip(to: s.bounds)
                tiled.draw(in: ctx)
            }
            return
        }
        guard case .image(let image) = s.contents else { return }
        let g = ContentsGeometry(
            state: s, pixelWidth: image.width, pixelHeight: image.height, ancestorsFlipped: ancestorsFlipped)
        ctx.saveGState()
        defer { ctx.restoreGState() }
        if s.backing?.isBackground == true, let outline {
            ctx.addPath(outline.path)
            ctx.clip()
        }
        if s.magnificationFilter == .nearest && s.minificationFilter == .nearest { ctx.interpolationQuality = .none }
        var d = g.destination
        var center = g.center
        if g.flipsVertically {
            // Drawn in a mirrored frame, where the centre (mirrored for the renderer) is upright.
            ctx.concatenate(Self.mirror(d))
            center = center.map { CGRect(x: $0.minX, y: 1 - $0.maxY, width: $0.width, height: $0.height) }
        }
        d = d.standardized
        guard d.width > 0, d.height > 0 else { return }
        let pixels = CGSize(width: image.width, height: image.height)
        guard let center else {
            if let part = Self.crop(image, g.source, pixels) { ctx.draw(part, in: d) }
            return
        }
        // Nine-slice: the edges keep their natural size (shrunk together when the destination is
        // smaller than both), the centre stretches.
        let n = g.naturalSize
        var (left, right) = (center.minX * n.width, (1 - center.maxX) * n.width)
        var (top, bottom) = (center.minY * n.height, (1 - center.maxY) * n.height)
        if left + right > d.width, left + right > 0 { (left, right) = Self.shrink(left, right, to: d.width) }
        if top + bottom > d.height, top + bottom > 0 { (top, bottom) = Self.shrink(top, bottom, to: d.height) }
        let dx = [d.minX, d.minX + left, d.maxX - right, d.maxX], dy = [d.minY, d.minY + top, d.maxY - bottom, d.maxY]
        let sx = [0, center.minX, center.maxX, 1], sy = [0, center.minY, center.maxY, 1]
        for i in 0..<3 {
            for j in 0..<3 where dx[i + 1] > dx[i] && dy[j + 1] > dy[j] {
                let unit = CGRect(x: sx[i], y: sy[j], width: sx[i + 1] - sx[i], height: sy[j + 1] - sy[j])
                let source = CGRect(
                    x: g.source.minX + unit.minX * g.source.width, y: g.source.minY + unit.minY * g.source.height,
                    width: unit.width * g.source.width, height: unit.height * g.source.height)
                guard let part = Self.crop(image, source, pixels) else { continue }
                ctx.draw(part, in: CGRect(x: dx[i], y: dy[j], width: dx[i + 1] - dx[i], height: dy[j + 1] - dy[j]))
            }
        }
    }

    /// The sublayers in array order, each placed in this layer's sublayer space; a replicator's
    /// copies with their transforms and alpha (`instanceColor`'s red, green and blue and the
    /// colour offsets are not applied).
    private func renderSublayers(
        _ s: LayerState, ancestorsFlipped: Bool, depth: Int, copies: Int, budget: inout RenderBudget, in ctx: CGContext
    ) {
        // A presentation copy's sublayers are the presentation copies of its source's (made
        // here), so `presentation()?.render(in:)` draws the tree as animated.
        let subs = isPresentationCopy ? (sublayers ?? []) : sublayerStorage
        guard !subs.isEmpty else { return }
        // The sublayer space as the compositor makes it (`FrameBuilder.sublayerSpace`): the
        // flip of flipped geometry, then the sublayerTransform about the anchor.
        var space = CATransform3D.identity
        if s.isGeometryFlipped { space = Self.flip(s.bounds) }
        if let st = s.sublayerTransformAboutAnchor { space = space.concatenating(st) }
        var instances = [(transform: CATransform3D.identity, alpha: CGFloat(1), delay: CFTimeInterval(0))]
        if let replicator = self as? CAReplicatorLayer {
            let steps = replicator.storedInstanceSteps
            // The flattener's limits: copies a replicator, copies by nested replicators, and
            // copies in all (docs/reliability.md#limits), so a hostile tree cannot hang the call.
            let asked = min(max(replicator.storedInstanceCount, 0), EngineLimits.maximumInstanceCount)
            let count = min(
                asked, max(EngineLimits.maximumReplicaInstances / max(copies, 1), 1), budget.copiesLeft)
            budget.copiesLeft -= count
            let a = s.anchorInBounds
            let step = CATransform3DMakeTranslation(-a.x, -a.y, 0).concatenating(steps.transform)
                .concatenating(CATransform3DMakeTranslation(a.x, a.y, 0))
            var m = CATransform3D.identity
            instances = (0..<count).map { i in
                defer { m = step.concatenating(m) }
                return (
                    m, CGFloat(min(max(steps.alpha + Float(i) * steps.alphaOffset, 0), 1)), Double(i) * steps.delay
                )
            }
        }
        let childFlipped = ancestorsFlipped != s.isGeometryFlipped
        for (index, presented) in subs.enumerated() {
            for instance in instances where instance.alpha > 0 {
                let sub = delayedCopy(of: presented, at: index, by: instance.delay)
                guard Self.keepsPlane(sub.layerState.transform) else { continue }
                let m = sub.layerState.layerToSuperlayer.concatenating(instance.transform).concatenating(space)
                guard Self.keepsPlane(m) else { continue }
                ctx.saveGState()
                ctx.concatenate(CGAffineTransform(a: m.m11, b: m.m12, c: m.m21, d: m.m22, tx: m.m41, ty: m.m42))
                if instance.alpha < 1 {
                    ctx.setAlpha(ctx.globalAlpha * instance.alpha)
                    ctx.beginTransparencyLayer(auxiliaryInfo: nil)
                }
                sub.renderSubtree(
                    in: ctx, ancestorsFlipped: childFlipped, depth: depth + 1, copies: copies * instances.count,
                    budget: &budget)
                if instance.alpha < 1 { ctx.endTransparencyLayer() }
                ctx.restoreGState()
            }
        }
    }

    /// For a presentation copy of a replicator, the presentation copy of the sublayer at
    /// `index` as its copy `delay` seconds later in the replicator's time is presented
    /// (`instanceDelay`: the copies' animations lag one after another); else `presented`.
    private func delayedCopy(of presented: CALayer, at index: Int, by delay: CFTimeInterval) -> CALayer {
        guard delay != 0, let source = presentationSource, index < source.sublayerStorage.count else {
            return presented
        }
        let local = source.convertTime(presentationTime, from: nil) - delay
        let media = source.convertTime(local, to: nil)
        return media.isFinite ? source.sublayerStorage[index].presentation(atMediaTime: media) : presented
    }

    /// The mirror of y about the middle of `r` (`flip(_:)` in Core Graphics' form).
    static func mirror(_ r: CGRect) -> CGAffineTransform { CATransform3DGetAffineTransform(flip(r)) }

    /// Whether `t` maps a layer's plane onto the plane it is drawn in without taking it into
    /// depth or adding perspective, so a flat drawing can show it: no z from x or y (m13, m23,
    /// as a rotation about x or y makes), no perspective from x or y (m14, m24), w kept (m44).
    /// What `t` does to z alone (a `transform.scale` scales z too) does not matter to a flat
    /// layer (docs/porting.md#rendering-a-layer-into-a-context).
    static func keepsPlane(_ t: CATransform3D) -> Bool {
        t.m13 == 0 && t.m23 == 0 && t.m14 == 0 && t.m24 == 0 && t.m44 == 1
    }

    /// The shadow's colour with `shadowOpacity` applied, or nil when the layer casts none.
    private func renderShadowColor(_ s: LayerState) -> CGColor? {
        guard s.shadowOpacity > 0, let color = s.shadowColor.cgColor, color.alpha > 0 else { return nil }
        return color.copy(alpha: color.alpha * CGFloat(min(s.shadowOpacity, 1)))
    }

    /// Sets the context's shadow for the layer: `shadowOffset` along the layer's axes and a
    /// Gaussian of σ = 0.8 `shadowRadius` in the layer's units, as on screen, converted to the
    /// context's base space (where Core Graphics takes offsets and blurs, σ = blur / 2).
    private func setRenderShadow(_ color: CGColor, _ s: LayerState, in ctx: CGContext) {
        let m = ctx.ctm, base = ctx.baseScale
        let o = s.shadowOffset
        let offset = CGSize(
            width: (m.a * o.width + m.c * o.height) / base, height: (m.b * o.width + m.d * o.height) / base)
        let scale = (hypot(m.a, m.b) + hypot(m.c, m.d)) / 2
        let sigma = Effects.shadowSigma(s.shadowRadius) * scale / base
        ctx.setShadow(offset: offset, blur: 2 * sigma, color: color)
    }

    /// The part `unit` (top-left origin) of `image`, whose size is `pixels`, or nil when it
    /// covers no pixel.
    private static func crop(_ image: CGImage, _ unit: CGRect, _ pixels: CGSize) -> CGImage? {
        if unit == CGRect(x: 0, y: 0, width: 1, height: 1) { return image }
        let r = CGRect(
            x: unit.minX * pixels.width, y: unit.minY * pixels.height,
            width: unit.width * pixels.width, height: unit.height * pixels.height
        ).standardized.intersection(CGRect(origin: .zero, size: pixels))
        guard !r.isNull, r.width > 0, r.height > 0 else { return nil }
        return image.cropping(to: r)
    }

    private static func shrink(_ a: CGFloat, _ b: CGFloat, to length: CGFloat) -> (CGFloat, CGFloat) {
        let k = max(length, 0) / (a + b)
        return (a * k, b * k)
    }
}

/// What one `render(in:)` may still draw: the replicator copies of the whole tree, at most
/// `EngineLimits.maximumReplicaCopiesPerFrame`, as the compositor's frame.
private struct RenderBudget {
    var copiesLeft = EngineLimits.maximumReplicaCopiesPerFrame
}

/// A layer's bounds rounded by `cornerRadius` (at most half the shorter side) at the corners
/// `maskedCorners` names, with circular arcs (`cornerCurve` `continuous` is drawn circular here).
private struct RenderOutline {
    let bounds: CGRect
    let radius: CGFloat
    let corners: CACornerMask

    init(_ s: LayerState) {
        bounds = s.bounds.standardized
        let r = s.cornerRadius.isFinite ? s.cornerRadius : 0
        radius = min(max(r, 0), min(bounds.width, bounds.height) / 2)
        corners = s.maskedCorners
    }

    var path: CGPath { Self.path(bounds, radius: radius, corners: corners) }

    /// The outline inset by `width` on every side, its corners' radii less by as much.
    func inset(by width: CGFloat) -> CGPath {
        let inner = bounds.insetBy(dx: min(width, bounds.width / 2), dy: min(width, bounds.height / 2))
        return Self.path(inner, radius: max(radius - width, 0), corners: corners)
    }

    static func path(_ r: CGRect, radius: CGFloat, corners: CACornerMask) -> CGPath {
        let p = CGMutablePath()
        guard r.width > 0, r.height > 0 else { return p }
        func at(_ corner: CACornerMask) -> CGFloat { corners.contains(corner) ? radius : 0 }
        let (tl, tr) = (at(.layerMinXMinYCorner), at(.layerMaxXMinYCorner))
        let (bl, br) = (at(.layerMinXMaxYCorner), at(.layerMaxXMaxYCorner))
        p.move(to: CGPoint(x: r.minX + tl, y: r.minY))
        p.addLine(to: CGPoint(x: r.maxX - tr, y: r.minY))
        if tr > 0 {
            p.addArc(
                tangent1End: CGPoint(x: r.maxX, y: r.minY), tangent2End: CGPoint(x: r.maxX, y: r.minY + tr), radius: tr)
        }
        p.addLine(to: CGPoint(x: r.maxX, y: r.maxY - br))
        if br > 0 {
            p.addArc(
                tangent1End: CGPoint(x: r.maxX, y: r.maxY), tangent2End: CGPoint(x: r.maxX - br, y: r.maxY), radius: br)
        }
        p.addLine(to: CGPoint(x: r.minX + bl, y: r.maxY))
        if bl > 0 {
            p.addArc(
                tangent1End: CGPoint(x: r.minX, y: r.maxY), tangent2End: CGPoint(x: r.minX, y: r.maxY - bl), radius: bl)
        }
        p.addLine(to: CGPoint(x: r.minX, y: r.minY + tl))
        if tl > 0 {
            p.addArc(
                tangent1End: CGPoint(x: r.minX, y: r.minY), tangent2End: CGPoint(x: r.minX + tl, y: r.minY), radius: tl)
        }
        p.closeSubpath()
        return p
    }
}
