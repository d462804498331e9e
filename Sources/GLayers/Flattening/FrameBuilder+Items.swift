/// Flattening, the items of one layer: background and contents, border, clip nodes (shadows
/// are in `FrameBuilder+Shadows.swift`) — converted to the render list's float types.
import Foundation
import GLayersGraphics
import GLayersRenderList

extension FrameBuilder {
    /// The item for a layer's background, contents and (when it has no sublayers) border;
    /// nil when it draws nothing.
    ///
    /// - A layer with empty bounds draws only its contents (a shape layer without a frame
    ///   draws its path): the item's rect is then where they land.
    func layerItem(
        _ s: LayerState, world: CATransform3D, opacity: Float, clip: Int32, layerIndex: Int32, withBorder: Bool,
        ancestorsFlipped: Bool
    ) -> DrawItem? {
        var bg = premultiplied(s.backgroundColor)
        let content = contentsItem(s, world: world, ancestorsFlipped: ancestorsFlipped)
        var border = withBorder ? borderStyle(s) : nil
        guard !bg.isClear || content != .none || border != nil else { return nil }
        var bounds = rect(s.bounds)
        if !(s.bounds.width > 0 && s.bounds.height > 0) {
            guard !s.masksToBounds, let destination = content.placement?.destination else { return nil }
            (bounds, bg, border) = (destination, .clear, nil)
        }
        // The layer's own drawing of its background (a gradient's) is rounded as the background
        // colour is; other contents only with masksToBounds.
        let clipsContent = s.masksToBounds || s.backing?.isBackground == true
        // An opaque background at full opacity makes every pixel of the rect opaque, whatever
        // is drawn over it (isOpaque only describes drawn contents, as on Apple); the renderer
        // checks the rest (corners, borders, contents reaching outside the bounds).
        var item = DrawItem(
            transform: matrix(world), rect: bounds, opacity: opacity, background: bg, content: content,
            cornerRadius: Float(max(0, s.cornerRadius)), roundedCorners: UInt8(s.maskedCorners.rawValue & 0xF),
            cornerCurve: cornerCurve(s), antialiasedEdges: antialiasedEdges(s), clipsContent: clipsContent, clip: clip,
            doubleSided: s.isDoubleSided, opaque: bg.a >= 1 && opacity >= 1, blend: blendMode(s),
            layerIndex: layerIndex)
        if let border {
            item.borderWidth = border.0
            item.borderColor = border.1
        }
        return item
    }

    /// A border drawn on its own, above the sublayers.
    func borderItem(_ s: LayerState, world: CATransform3D, opacity: Float, clip: Int32, layerIndex: Int32) -> DrawItem?
    {
        guard let (width, color) = borderStyle(s) else { return nil }
        return DrawItem(
            transform: matrix(world), rect: rect(s.bounds), opacity: opacity,
            cornerRadius: Float(max(0, s.cornerRadius)), roundedCorners: UInt8(s.maskedCorners.rawValue & 0xF),
            cornerCurve: cornerCurve(s), antialiasedEdges: antialiasedEdges(s), borderWidth: width, borderColor: color,
            clip: clip, doubleSided: s.isDoubleSided, layerIndex: layerIndex)
    }

    /// The shape of the layer's rounded corners.
    func cornerCurve(_ s: LayerState) -> CornerCurve { s.cornerCurveIsContinuous ? .continuous : .circular }

    /// The layer's anti-aliased edges: those of `edgeAntialiasingMask` when
    /// `allowsEdgeAntialiasing`, else none.
    func antialiasedEdges(_ s: LayerState) -> RectEdges {
        s.allowsEdgeAntialiasing ? RectEdges(rawValue: UInt8(s.edgeAntialiasingMask.rawValue & 0xF)) : []
    }

    func borderStyle(_ s: LayerState) -> (Float, Color)? {
        guard s.borderWidth > 0, s.borderWidth.isFinite else { return nil }
        let c = premultiplied(s.borderColor)
        return c.isClear ? nil : (Float(s.borderWidth), c)
    }

    /// The contents of a layer as an item content (registering the images the frame uses): a
    /// shape layer's drawing rasterized for the scale it lands at, or the contents image.
    func contentsItem(_ s: LayerState, world: CATransform3D, ancestorsFlipped: Bool) -> ItemContent {
        if let shape = s.shape { return shapeItem(shape, s, world: world) }
        guard let image = s.contents.image else { return .none }
        register(image)
        let g = ContentsGeometry(
            state: s, pixelWidth: image.width, pixelHeight: image.height, ancestorsFlipped: ancestorsFlipped)
        var source = rect(g.source)
        if g.flipsVertically { source = Rect(x: source.x, y: source.maxY, width: source.width, height: -source.height) }
        let placement = ContentPlacement(
            destination: rect(g.destination), source: source, center: g.center.map(rect),
            naturalSize: (Float(g.naturalSize.width), Float(g.naturalSize.height)),
            minificationFilter: textureFilter(s.minificationSampling),
            magnificationFilter: textureFilter(s.magnificationSampling),
            minificationFilterBias: s.minificationFilterBias.isFinite ? s.minificationFilterBias : 0)
        if let blend = s.contentsBlend, let from = blend.from, let to = blend.to {
            list.images[ImageID(from.identity)] = from
            list.images[ImageID(to.identity)] = to
            return .crossfade(
                from: ImageID(from.identity), to: ImageID(to.identity), progress: Float(blend.progress), placement)
        }
        return .image(ImageID(image.identity), placement)
    }

    /// A shape layer's drawing rasterized at the pixels per unit it lands at in the current
    /// pass (its world matrix's scale at the middle of its extent, times the pass's scale), in
    /// the layer's flipped space when its geometry is flipped.
    private func shapeItem(_ shape: ShapeDrawing, _ s: LayerState, world: CATransform3D) -> ItemContent {
        let middle = CGPoint(x: shape.extent.midX, y: shape.extent.midY)
        let passScale = CGFloat(passStack.last?.scale ?? list.scale)
        guard let (image, covered) = shape.raster(pixelsPerUnit: passScale * CGFloat(scaleOf(world, at: middle)))
        else { return .none }
        register(image)
        var destination = rect(covered), source = Rect.unit
        if s.isGeometryFlipped {
            destination = rect(ContentsGeometry.mirrored(covered, in: s.bounds))
            source = Rect(x: 0, y: 1, width: 1, height: -1)
        }
        return .image(ImageID(image.identity), ContentPlacement(destination: destination, source: source))
    }

    /// A contents filter as the renderer's.
    private func textureFilter(_ f: ContentsSampling) -> TextureFilter {
        switch f {
        case .linear: return .linear
        case .nearest: return .nearest
        case .trilinear: return .trilinear
        }
    }

    /// Puts `image` in the frame's images.
    private func register(_ image: CGImage) {
        guard image.identity != lastImageIdentity else { return }
        list.images[ImageID(image.identity)] = image
        lastImageIdentity = image.identity
    }

    /// Filters applied to what lies behind the layer, as a chain in the list.
    func backdropChain(_ s: LayerState) -> Int32? {
        guard !s.backgroundFilters.isEmpty else { return nil }
        let ops = s.backgroundFilters.compactMap(Effects.filterOp)
        guard !ops.isEmpty else { return nil }
        list.filterChains.append(ops)
        return Int32(list.filterChains.count - 1)
    }

    /// Adds the rounded-rect clip of a masksToBounds layer.
    func addClip(world: CATransform3D, state s: LayerState, parent: Int32) -> Int32 {
        list.clips.append(
            ClipNode(
                transform: matrix(world), rect: rect(s.bounds), cornerRadius: Float(max(0, s.cornerRadius)),
                roundedCorners: UInt8(s.maskedCorners.rawValue & 0xF), cornerCurve: cornerCurve(s),
                antialiasedEdges: antialiasedEdges(s), parent: parent))
        return Int32(list.clips.count - 1)
    }

    func blendMode(_ s: LayerState) -> BlendMode {
        guard let f = s.compositingFilter else { return .normal }
        switch f.kind {
        case .multiply: return .multiply
        case .screen: return .screen
        case .overlay: return .overlay
        case .darken: return .darken
        case .lighten: return .lighten
        case .difference: return .difference
        case .colorDodge: return .colorDodge
        case .colorBurn: return .colorBurn
        case .softLight: return .softLight
        case .hardLight: return .hardLight
        case .exclusion: return .exclusion
        default: return .normal
        }
    }
}

// MARK: Conversions to the render list's types

func premultiplied(_ c: ColorValue) -> Color {
    guard let v = c.rgba else { return .clear }
    let a = Float(min(max(v.a, 0), 1))
    func ch(_ x: CGFloat) -> Float { Float(min(max(x, 0), 1)) * a }
    return Color(r: ch(v.r), g: ch(v.g), b: ch(v.b), a: a)
}

func rect(_ r: CGRect) -> Rect {
    Rect(x: Float(r.minX), y: Float(r.minY), width: Float(r.width), height: Float(r.height))
}

@inline(__always)
func matrix(_ t: CATransform3D) -> Matrix4 {
    Matrix4(
        SIMD16(
            Float(t.m11), Float(t.m12), Float(t.m13), Float(t.m14), Float(t.m21), Float(t.m22), Float(t.m23),
            Float(t.m24), Float(t.m31), Float(t.m32), Float(t.m33), Float(t.m34), Float(t.m41), Float(t.m42),
            Float(t.m43), Float(t.m44)))
}
