/// Flattening, the items of one layer: background and contents, border, clip nodes (shadows
/// are in `FrameBuilder+Shadows.swift`) — converted to the render list's float types.
///
/// The presented state is read in place (`UnsafePointer<LayerState>`, from
/// `FlattenNode.withPresented`): a field at a time, never the whole state.
import Foundation
import GLayersGraphics
import GLayersRenderList

extension FrameBuilder {
    /// The item for a layer's background, contents and (when it has no sublayers) border;
    /// nil when it draws nothing.
    ///
    /// - A layer with empty bounds draws only its contents (a shape layer without a frame
    ///   draws its path): the item's rect is then where they land.
    ///
    /// - `copies`: how many copies of the layer ancestor replicators draw (a shape drawn once is
    ///   rasterized only where it shows; copies share one raster of the whole drawing).
    func layerItem(
        _ s: UnsafePointer<LayerState>, world: CATransform3D, opacity: Float, clip: Int32, layerIndex: Int32,
        withBorder: Bool, ancestorsFlipped: Bool, copies: Int
    ) -> DrawItem? {
        var bg = premultiplied(s.pointee.backgroundColor)
        let content = contentsItem(s, world: world, ancestorsFlipped: ancestorsFlipped, copies: copies)
        var border = withBorder ? borderStyle(s) : nil
        let hasContent: Bool
        if case .none = content { hasContent = false } else { hasContent = true }
        guard !bg.isClear || hasContent || border != nil else { return nil }
        let b = s.pointee.bounds
        var bounds = rect(b)
        if !(b.width > 0 && b.height > 0) {
            guard !s.pointee.masksToBounds, let destination = content.placement?.destination else { return nil }
            (bounds, bg, border) = (destination, .clear, nil)
        }
        // The layer's own drawing of its background (a gradient's) is rounded as the background
        // colour is; other contents only with masksToBounds.
        let clipsContent = s.pointee.masksToBounds || s.pointee.backing?.isBackground == true
        // An opaque background at full opacity makes every pixel of the rect opaque, whatever
        // is drawn over it (isOpaque only describes drawn contents, as on Apple); the renderer
        // checks the rest (corners, borders, contents reaching outside the bounds).
        var item = DrawItem(
            transform: matrix(world), rect: bounds, opacity: opacity, background: bg, content: content,
            cornerRadius: Float(max(0, s.pointee.cornerRadius)),
            roundedCorners: UInt8(s.pointee.maskedCorners.rawValue & 0xF), cornerCurve: s.pointee.itemCornerCurve,
            antialiasedEdges: s.pointee.itemEdges, clipsContent: clipsContent, clip: clip,
            doubleSided: s.pointee.isDoubleSided, opaque: bg.a >= 1 && opacity >= 1, blend: s.pointee.itemBlend,
            layerIndex: layerIndex)
        if let border {
            item.borderWidth = border.0
            item.borderColor = border.1
        }
        return item
    }

    /// A border drawn on its own, above the sublayers.
    func borderItem(
        _ s: UnsafePointer<LayerState>, world: CATransform3D, opacity: Float, clip: Int32, layerIndex: Int32
    ) -> DrawItem? {
        guard let (width, color) = borderStyle(s) else { return nil }
        return DrawItem(
            transform: matrix(world), rect: rect(s.pointee.bounds), opacity: opacity,
            cornerRadius: Float(max(0, s.pointee.cornerRadius)),
            roundedCorners: UInt8(s.pointee.maskedCorners.rawValue & 0xF), cornerCurve: s.pointee.itemCornerCurve,
            antialiasedEdges: s.pointee.itemEdges, borderWidth: width, borderColor: color, clip: clip,
            doubleSided: s.pointee.isDoubleSided, layerIndex: layerIndex)
    }

    /// The border's width and premultiplied colour, or nil when it draws nothing.
    func borderStyle(_ s: UnsafePointer<LayerState>) -> (Float, Color)? {
        let width = s.pointee.borderWidth
        guard width > 0, width.isFinite else { return nil }
        let c = premultiplied(s.pointee.borderColor)
        return c.isClear ? nil : (Float(width), c)
    }

    /// The contents of a layer as an item content (registering the images the frame uses): a
    /// shape layer's drawing rasterized for the scale it lands at, or the contents image.
    func contentsItem(_ s: UnsafePointer<LayerState>, world: CATransform3D, ancestorsFlipped: Bool, copies: Int)
        -> ItemContent
    {
        if let shape = s.pointee.shape { return shapeItem(shape, s, world: world, copies: copies) }
        guard let image = s.pointee.contents.image else { return .none }
        register(image)
        let g = ContentsGeometry(
            state: s, pixelWidth: image.width, pixelHeight: image.height, ancestorsFlipped: ancestorsFlipped)
        var source = rect(g.source)
        if g.flipsVertically { source = Rect(x: source.x, y: source.maxY, width: source.width, height: -source.height) }
        let bias = s.pointee.minificationFilterBias
        let placement = ContentPlacement(
            destination: rect(g.destination), source: source, center: g.center.map(rect),
            naturalSize: (Float(g.naturalSize.width), Float(g.naturalSize.height)),
            minificationFilter: textureFilter(s.pointee.minificationSampling),
            magnificationFilter: textureFilter(s.pointee.magnificationSampling),
            minificationFilterBias: bias.isFinite ? bias : 0)
        if let blend = s.pointee.contentsBlend, let from = blend.from, let to = blend.to {
            list.register(from, as: ImageID(from.identity))
            list.register(to, as: ImageID(to.identity))
            return .crossfade(
                from: ImageID(from.identity), to: ImageID(to.identity), progress: Float(blend.progress), placement)
        }
        return .image(ImageID(image.identity), placement)
    }

    /// A shape layer's drawing rasterized at the pixels per unit it lands at in the current
    /// pass (its world matrix's scale at the middle of its extent, times the pass's scale), in
    /// the layer's flipped space when its geometry is flipped; aligned with the pass's pixels
    /// when the layer lands on them with one scale and an offset (`ShapeDrawing`); when drawn
    /// once, only where it may show.
    private func shapeItem(_ shape: ShapeDrawing, _ s: UnsafePointer<LayerState>, world: CATransform3D, copies: Int)
        -> ItemContent
    {
        let passScale = CGFloat(passStack.last?.scale ?? screenScale)
        let raster: ShapeDrawing.Rasterized?
        var showing: CGRect?
        if copies == 1 {
            // Flipped geometry mirrors the drawing within the bounds.
            let flipped = s.pointee.isGeometryFlipped, b = s.pointee.bounds
            let placed = flipped ? ContentsGeometry.mirrored(shape.extent, in: b) : shape.extent
            guard let r = visiblePlaneRect(placed, world: world) else { return .none }
            showing = flipped ? ContentsGeometry.mirrored(r, in: b) : r
        }
        let placement = Self.pixelPlacement(world, passScale: passScale, extent: shape.extent)
        if !s.pointee.isGeometryFlipped, let (scale, origin) = placement {
            raster = shape.raster(
                pixelsPerUnit: scale, origin: origin, showing: showing, trimWhereDrawn: masksOpen == 0)
        } else {
            // Turned, skewed or in perspective: drawn from a raster a half octave finer than
            // the scale it lands at, so that resampling it at its angle leaves its edges about
            // as sharp as the pixels' (docs/semantics.md, "Contents and gravity").
            let middle = CGPoint(x: shape.extent.midX, y: shape.extent.midY)
            let axes = axesOf(world, at: middle)
            let landing = passScale * Self.scale(of: axes)
            // At most 4 times the pixels the part drawn covers on the screen, and 256 × 256 at
            // least: a layer stretched far more one way than the other is rasterized at its
            // mean scale both ways, over all of its extent that may show (a fuzzed file's
            // ellipse stretched 10 000 times in y and turned drew a 32 MB raster for each of a
            // thousand repeated copies shown on 100 × 100 pixels).
            let region = showing ?? shape.extent
            let regionArea = max(region.width * region.height, .leastNonzeroMagnitude)
            let areaScale = abs(axes.x.x * axes.y.y - axes.x.y * axes.y.x)
            var covered = (areaScale.isFinite ? areaScale : 0) * regionArea
            if let view = reachedView { covered = min(covered, view.width * view.height) }
            let most = (max(4 * covered * passScale * passScale, 65_536) / regionArea).squareRoot()
            raster = shape.raster(
                pixelsPerUnit: min(placement == nil ? landing * Self.turnedRasterFactor : landing, most),
                showing: showing, trimWhereDrawn: masksOpen == 0)
        }
        guard let raster else { return .none }
        register(raster.image)
        var destination = rect(raster.shown), source = rect(raster.source)
        if s.pointee.isGeometryFlipped {
            destination = rect(ContentsGeometry.mirrored(raster.shown, in: s.pointee.bounds))
            source = Rect(x: source.x, y: source.maxY, width: source.width, height: -source.height)
        }
        let shown = ContentPlacement(destination: destination, source: source)
        if let (lengths, trim) = raster.trim {
            // The whole stroke's raster, shown trimmed (docs/renderer.md, "Trimmed strokes").
            register(lengths)
            return .trimmedStroke(ImageID(raster.image.identity), lengths: ImageID(lengths.identity), trim, shown)
        }
        return .image(ImageID(raster.image.identity), shown)
    }

    /// How much finer than the scale it lands at a shape that does not land on the pixel grid
    /// is rasterized (a half octave: its raster's step is then one above that scale's).
    static let turnedRasterFactor = CGFloat(2).squareRoot()

    /// The pixels per unit and where the layer's origin lands in the pass's pixels (as seen
    /// from the corner of `extent`), when `world` maps the layer's `extent` onto them with one
    /// scale and an offset: no perspective, and a rotation, skew or difference of scales that
    /// moves no point of the extent by more than a quarter of a pixel from its corner (an
    /// animation that ends at 0° may leave a hair of a turn; the texels of an aligned raster
    /// drawn that hair turned still land on their pixels). A mirrored axis (a negative scale)
    /// lands texels on pixels too, counted the other way: its origin is given negated.
    static func pixelPlacement(_ w: CATransform3D, passScale: CGFloat, extent: CGRect) -> (
        scale: CGFloat, origin: CGPoint
    )? {
        let scale = abs(w.m11)
        guard w.m14 == 0, w.m24 == 0, w.m44 == 1, scale > 0, scale.isFinite else { return nil }
        let off = max(abs(w.m12), abs(w.m21), abs(scale - abs(w.m22)))
        guard off == 0 || off * passScale * max(extent.width, extent.height) <= 0.25 else { return nil }
        let x = passScale * (w.m41 + w.m21 * extent.minY), y = passScale * (w.m42 + w.m12 * extent.minX)
        return (passScale * scale, CGPoint(x: w.m11 < 0 ? -x : x, y: w.m22 < 0 ? -y : y))
    }

    /// A contents filter as the renderer's.
    func textureFilter(_ f: ContentsSampling) -> TextureFilter {
        switch f {
        case .linear: return .linear
        case .nearest: return .nearest
        case .trilinear: return .trilinear
        }
    }

    /// Puts `image` in the frame's images.
    func register(_ image: CGImage) {
        guard image.identity != lastImageIdentity else { return }
        list.register(image, as: ImageID(image.identity))
        lastImageIdentity = image.identity
    }

    /// Filters applied to what lies behind the layer, as a chain in the list.
    func backdropChain(_ s: UnsafePointer<LayerState>) -> Int32? {
        guard !s.pointee.backgroundFilters.isEmpty else { return nil }
        let ops = s.pointee.backgroundFilters.compactMap(Effects.filterOp)
        guard !ops.isEmpty else { return nil }
        list.filterChains.append(ops)
        return Int32(list.filterChains.count - 1)
    }

    /// Adds the rounded-rect clip of a masksToBounds layer.
    func addClip(world: CATransform3D, state s: UnsafePointer<LayerState>, parent: Int32) -> Int32 {
        list.appendClip(
            ClipNode(
                transform: matrix(world), rect: rect(s.pointee.bounds),
                cornerRadius: Float(max(0, s.pointee.cornerRadius)),
                roundedCorners: UInt8(s.pointee.maskedCorners.rawValue & 0xF), cornerCurve: s.pointee.itemCornerCurve,
                antialiasedEdges: s.pointee.itemEdges, parent: parent))
    }
}

extension LayerState {
    /// The shape of the layer's rounded corners, as the render list names it.
    @inline(__always)
    var itemCornerCurve: CornerCurve { cornerCurveIsContinuous ? .continuous : .circular }

    /// The layer's anti-aliased edges: those of `edgeAntialiasingMask` when
    /// `allowsEdgeAntialiasing`, else none.
    @inline(__always)
    var itemEdges: RectEdges {
        allowsEdgeAntialiasing ? RectEdges(rawValue: UInt8(edgeAntialiasingMask.rawValue & 0xF)) : []
    }

    /// How the layer's items blend with what lies under them (its `compositingFilter`).
    var itemBlend: BlendMode {
        guard let f = compositingFilter else { return .normal }
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
        case .linearBurn: return .linearBurn
        case .linearDodge: return .linearDodge
        case .linearLight: return .linearLight
        case .pinLight: return .pinLight
        case .vividLight: return .vividLight
        case .subtract: return .subtract
        case .divide: return .divide
        case .hue: return .hue
        case .saturation: return .saturation
        case .color: return .color
        case .luminosity: return .luminosity
        case .xor: return .xor
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
