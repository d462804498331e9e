/// Flattening, offscreen passes: a layer whose subtree must be composited as a unit (group
/// opacity, mask, filters, shadow of its content, blend mode with sublayers) is drawn into a
/// screen-space pass and composited by one item (passes in a layer's own space:
/// FrameBuilder+LocalPasses.swift).
import Foundation
import GLayersGraphics
import GLayersRenderList

/// What a layer needs beyond plain items.
struct Effects {
    var groupOpacity = false
    var mask = false
    var filters: [FilterOp] = []
    var passShadow = false
    var blendWithSublayers = false
    var needsRasterPass = false

    /// What the layer whose presented state is `s` needs beyond its own items (read in place;
    /// the common layer, without filters, shadow, mask or blend mode, costs a few loads), given
    /// whether it has sublayers and a mask (`FlattenNode.sublayerCount`, `hasMask`): facts, not
    /// the node, which the call would retain and release.
    ///
    /// - `filterBuffer`: an empty list whose storage `filters` reuses (a steady frame allocates
    ///   nothing; `FrameBuilder+Reuse.swift`).
    init(_ s: UnsafePointer<LayerState>, hasSublayers: Bool, hasMask: Bool, filterBuffer: [FilterOp] = []) {
        groupOpacity = s.pointee.opacity < 1 && s.pointee.allowsGroupOpacity && hasSublayers
        mask = hasMask
        // A filter that gives back its input needs no pass (a pulse at rest).
        filters = filterBuffer
        if !s.pointee.filters.isEmpty {
            for f in s.pointee.filters {
                if let op = Self.filterOp(f), !op.isIdentity { filters.append(op) }
            }
        }
        if s.pointee.shadowOpacity > 0 {
            let state = s.pointee
            // A layer with sublayers or a mask casts its shadow from what it draws, in a pass.
            passShadow =
                Self.hasShadow(state) && state.shadowPath == nil
                && (hasSublayers || hasMask || Self.analyticShadowShape(state) == nil)
        }
        blendWithSublayers = hasSublayers && s.pointee.compositingFilter != nil
        needsRasterPass = s.pointee.shouldRasterize
    }

    var needsScreenPass: Bool { groupOpacity || mask || !filters.isEmpty || passShadow || blendWithSublayers }

    /// Whether group opacity is all the pass is for.
    var onlyGroupOpacity: Bool { groupOpacity && !mask && filters.isEmpty && !passShadow && !blendWithSublayers }

    static func hasShadow(_ s: LayerState) -> Bool {
        s.shadowOpacity > 0 && !(s.shadowColor.rgba.map { $0.a <= 0 } ?? true)
    }

    /// Core Animation's shadowRadius as a Gaussian standard deviation (docs/semantics.md#shadows: the
    /// visible shadow reaches about 2 radii, which σ = 0.8 r gives for 8-bit alpha).
    /// Radii above `EngineLimits.maximumBlurRadius` are drawn as it.
    static func shadowSigma(_ radius: CGFloat) -> CGFloat { blurRadius(radius) * 0.8 }

    /// A shadow or blur radius as drawn: in [0, `EngineLimits.maximumBlurRadius`], 0 for NaN.
    static func blurRadius(_ radius: CGFloat) -> CGFloat { min(max(0, radius), EngineLimits.maximumBlurRadius) }

    /// The shape of a shadow without `shadowPath` that is the layer's rounded background
    /// blurred, or nil when the shadow must be cast from drawn content (contents, sublayers,
    /// a mask or filters). A `shadowPath` never needs drawn content (`FrameBuilder.shadowItem`).
    static func analyticShadowShape(_ s: LayerState) -> (rect: CGRect, radius: CGFloat, alpha: Float)? {
        guard s.contents.image == nil, s.shape == nil, s.filters.isEmpty else { return nil }
        guard let bg = s.backgroundColor.rgba, bg.a > 0 else { return nil }
        return (s.bounds, max(0, s.cornerRadius), Float(bg.a))
    }

    static func filterOp(_ f: FilterValue) -> FilterOp? {
        guard f.enabled else { return nil }
        switch f.kind {
        case .gaussianBlur: return .gaussianBlur(sigma: Float(blurRadius(f.radius)))
        case .bloom: return .bloom(sigma: Float(blurRadius(f.radius)), intensity: Float(f.intensity))
        case .colorInvert: return .colorMatrix([-1, 0, 0, 0, 1, 0, -1, 0, 0, 1, 0, 0, -1, 0, 1, 0, 0, 0, 1, 0])
        case .colorMonochrome:
            let (r, g, b): (Float, Float, Float) = (0.2126, 0.7152, 0.0722)
            return .colorMatrix([r, g, b, 0, 0, r, g, b, 0, 0, r, g, b, 0, 0, 0, 0, 0, 1, 0])
        case .sepiaTone:
            let k = Float(min(max(f.intensity, 0), 1)), j = 1 - k
            return .colorMatrix([
                j + k * 0.393, k * 0.769, k * 0.189, 0, 0, k * 0.349, j + k * 0.686, k * 0.168, 0, 0,
                k * 0.272, k * 0.534, j + k * 0.131, 0, 0, 0, 0, 0, 1, 0,
            ])
        case .colorControls:
            let sat = Float(f.input("inputSaturation") ?? 1), bri = Float(f.input("inputBrightness") ?? 0)
            let con = Float(f.input("inputContrast") ?? 1)
            let (r, g, b): (Float, Float, Float) = (0.2126, 0.7152, 0.0722)
            let off = bri + (1 - con) * 0.5
            func row(_ own: Float, _ i: Int) -> [Float] {
                var w: [Float] = [r * (1 - sat), g * (1 - sat), b * (1 - sat)]
                w[i] += sat
                return w.map { $0 * con } + [0, off]
            }
            return .colorMatrix(row(r, 0) + row(g, 1) + row(b, 2) + [0, 0, 0, 1, 0])
        default:
            return nil
        }
    }
}

extension FrameBuilder {
    // MARK: Screen-space effect passes

    /// Draws the layer into its own pass and composites it with opacity, blend mode, mask,
    /// filters and shadow.
    func drawInPass(
        _ node: FlattenNode, _ s: LayerState, _ fx: Effects, world: CATransform3D, time: CFTimeInterval, _ ctx: Context
    ) {
        let index = layerCounter - 1
        let passesBefore = finishedPasses.count
        var shadow: ShadowSpec?
        if fx.passShadow {
            let d = offsetVector(s.shadowOffset, world: world)
            shadow = ShadowSpec(
                color: shadowColor(s, alpha: 1), offsetX: d.0, offsetY: d.1,
                sigma: Float(Effects.shadowSigma(s.shadowRadius)) * scaleOf(world))
        }
        let margin = effectMargin(fx, shadow: shadow)
        beginPass(screenSpace: true, scale: screenScale, spread: margin)
        var inner = s
        // (Setting nil over nil would copy the state's reference box.)
        if inner.compositingFilter != nil { inner.compositingFilter = nil }
        inner.shadowOpacity = fx.passShadow ? 0 : s.shadowOpacity
        drawLayer(node, inner, world: world, time: time, opacity: 1, clip: -1, ctx)
        if fx.onlyGroupOpacity
            && closeWithoutPass(passesBefore: passesBefore, opacity: ctx.opacity * s.opacity, clip: ctx.clip)
        {
            return
        }
        var effects = PassEffects()
        effects.filters = fx.filters
        effects.shadow = shadow
        let b = passStack.last?.bounds ?? (minX: 0, minY: 0, maxX: 0, maxY: 0)
        var source = clampToViewport((b.minX, b.minY, b.maxX, b.maxY), margin: margin)
        if fx.mask, let maskNode = node.mask {
            beginPass(screenSpace: true, scale: screenScale)
            // The mask lies in the layer's space, flipped with its geometry.
            var owner = LayerState()
            owner.bounds = s.bounds
            owner.isGeometryFlipped = s.isGeometryFlipped
            let maskSpace = withUnsafePointer(to: owner) { sublayerSpace($0, world: world, preservesDepth: false) }
            masksOpen += 1
            visit(
                maskNode,
                Context(
                    parent: maskSpace, time: time, opacity: 1, clip: -1, depth: ctx.depth + 1,
                    ancestorsFlipped: ctx.ancestorsFlipped != s.isGeometryFlipped, copies: ctx.copies))
            masksOpen -= 1
            // Nothing shows where the mask draws nothing: both passes need only what it covers
            // (a small mask over a screen-sized solid draws the mask's pixels, not the screen's).
            let covered = clampToViewport(passStack.last?.bounds ?? (0, 0, 0, 0), margin: 0)
            source = source.intersection(covered)
            effects.mask = endPass(sourceRect: source, scale: screenScale)
        }
        let id = endPass(sourceRect: source, scale: screenScale, effects: effects)
        guard !source.isEmpty else { return }
        append(
            DrawItem(
                transform: .identity, rect: source, opacity: ctx.opacity * s.opacity, content: .pass(id),
                clip: ctx.clip,
                blend: s.itemBlend, layerIndex: index))
    }

    /// Closes the current pass without making it, and returns true, when what it holds
    /// composites as well without it under group opacity: nothing, or one item of normal
    /// blending, without clip or backdrop filters, which is appended at the group's `opacity`
    /// times its own, inside `clip` (the pass's picture, one rounding fewer). False, the pass
    /// left open, otherwise. A layer group-faded over a single shape (most layers of a Lottie
    /// file), or over a single masked layer (whose own pass's composite is then the item),
    /// costs no pass of its own.
    private func closeWithoutPass(passesBefore: Int, opacity: Float, clip: Int32) -> Bool {
        guard let open = passStack.last, open.items.count <= 1 else { return false }
        if let item = open.items.first, item.blend != .normal || item.clip >= 0 || item.backdropFilters >= 0 {
            return false
        }
        var frame = passStack.removeLast()
        let lone = frame.items.first
        frame.items.removeAll(keepingCapacity: true)
        bufferPool.append(frame.items)
        // The passes opened inside it were numbered after it: one down each.
        if finishedPasses.count > passesBefore { renumberPasses(from: passesBefore, above: frame.index) }
        guard var item = lone else { return true }
        if case .pass(let id) = item.content { item.content = .pass(Self.shifted(id, frame.index)) }
        item.opacity *= opacity
        item.clip = clip
        append(item)
        return true
    }

    /// Moves the passes finished from position `first` on (all opened inside the dropped pass
    /// `dropped`, so numbered above it) one index down, with every reference to them.
    private func renumberPasses(from first: Int, above dropped: Int) {
        for k in first..<finishedPasses.count {
            finishedPasses[k].index -= 1
            for i in finishedPasses[k].items.indices {
                if case .pass(let id) = finishedPasses[k].items[i].content {
                    finishedPasses[k].items[i].content = .pass(Self.shifted(id, dropped))
                }
            }
            Self.shift(&finishedPasses[k].pass, above: dropped)
        }
    }

    /// `renumberPasses` for one pass's references (in place: its arrays are not copied).
    private static func shift(_ pass: inout RenderPass?, above dropped: Int) {
        // By index, holding no copy of the array (writing it would then copy it).
        guard let count = pass?.dependencies.count else { return }
        for d in 0..<count {
            if let id = pass?.dependencies[d] { pass?.dependencies[d] = shifted(id, dropped) }
        }
        if let mask = pass?.effects.mask { pass?.effects.mask = shifted(mask, dropped) }
        if let before = pass?.effects.transition?.before { pass?.effects.transition?.before = shifted(before, dropped) }
    }

    private static func shifted(_ id: PassID, _ dropped: Int) -> PassID {
        Int(id.index) > dropped ? PassID(Int(id.index) - 1) : id
    }

    /// How far a pass's effects spread what it draws: the margin its source needs (the
    /// shadow's as it lands in screen space: a layer scaled up casts a larger shadow).
    private func effectMargin(_ fx: Effects, shadow: ShadowSpec?) -> Float {
        var margin: Float = 0
        for f in fx.filters {
            switch f {
            case .gaussianBlur(let sigma), .bloom(let sigma, _): margin += 3 * sigma
            default: break
            }
        }
        if let shadow { margin += 3 * shadow.sigma + max(abs(shadow.offsetX), abs(shadow.offsetY)) }
        return margin
    }

    /// The screen-space box `b` grown by `margin`, cut to the viewport grown by `margin`, on
    /// whole points.
    func clampToViewport(_ b: (Float, Float, Float, Float), margin: Float) -> Rect {
        let v = viewport
        let minX = max(b.0 - margin, Float(v.minX) - margin), minY = max(b.1 - margin, Float(v.minY) - margin)
        let maxX = min(b.2 + margin, Float(v.maxX) + margin), maxY = min(b.3 + margin, Float(v.maxY) + margin)
        guard maxX > minX, maxY > minY else { return .zero }
        return Rect(
            x: minX.rounded(.down), y: minY.rounded(.down), width: (maxX - minX.rounded(.down)).rounded(.up),
            height: (maxY - minY.rounded(.down)).rounded(.up))
    }

    /// A vector of the layer's plane mapped into item space (at the layer's origin).
    func offsetVector(_ v: CGSize, world: CATransform3D) -> (Float, Float) {
        let o = world.apply(to: CGPoint.zero), p = world.apply(to: CGPoint(x: v.width, y: v.height))
        return (Float(p.x - o.x), Float(p.y - o.y))
    }

    /// How much the layer's plane is scaled into item space at `point` of the layer (the mean
    /// of the two axes' scales; for blur sizes and raster scales).
    func scaleOf(_ world: CATransform3D, at point: CGPoint = .zero) -> Float {
        Float(Self.scale(of: axesOf(world, at: point)))
    }

    /// The mean length of the two steps of `axesOf` (1 when it is 0 or not finite).
    static func scale(of axes: (x: CGPoint, y: CGPoint)) -> CGFloat {
        let s = (hypot(axes.x.x, axes.x.y) + hypot(axes.y.x, axes.y.y)) / 2
        return s.isFinite && s > 0 ? s : 1
    }

    /// Where the layer's unit x and y steps at `point` land in item space (the world map's
    /// Jacobian columns there): their mean length is `scaleOf`, the area they span how much
    /// the map scales areas.
    func axesOf(_ world: CATransform3D, at point: CGPoint) -> (x: CGPoint, y: CGPoint) {
        let o = world.apply(to: point), x = world.apply(to: CGPoint(x: point.x + 1, y: point.y)),
            y = world.apply(to: CGPoint(x: point.x, y: point.y + 1))
        return (CGPoint(x: x.x - o.x, y: x.y - o.y), CGPoint(x: y.x - o.x, y: y.y - o.y))
    }

    /// The view grown by how far the open passes' effects reach into it (`OpenPass.reach`); nil
    /// inside passes in a layer's own space, where the whole layer is drawn.
    var reachedView: CGRect? {
        guard let reach = passStack.last?.reach else { return nil }
        return viewport.insetBy(dx: CGFloat(-reach), dy: CGFloat(-reach))
    }
}
