/// Draw items: one quad each, in paint order within their pass.
import Foundation

/// How an image is sampled when it is drawn smaller or larger than its pixels
/// (`CALayer.minificationFilter`, `magnificationFilter`).
public enum TextureFilter: UInt8, Hashable, Sendable {
    /// Bilinear interpolation of the nearest four pixels.
    case linear
    /// The nearest pixel.
    case nearest
    /// Bilinear in the two mipmap levels nearest the scale, blended (minification only; when
    /// magnifying it is linear).
    case trilinear
}

/// The shape of rounded corners (`CALayer.cornerCurve`).
public enum CornerCurve: UInt8, Hashable, Sendable {
    /// A quarter circle of the corner radius.
    case circular
    /// Apple's continuous corner: the curvature rises smoothly from the straight edge, which
    /// it leaves about 1.53 radii before the corner (docs/renderer.md#continuous-corners).
    case continuous
}

/// The edges of a rect, as bits (`CAEdgeAntialiasingMask`'s values): which edges of an item
/// are anti-aliased.
public struct RectEdges: OptionSet, Hashable, Sendable {
    /// The edges' bits: 1 minimum x, 2 maximum x, 4 minimum y, 8 maximum y.
    public let rawValue: UInt8
    /// A set of edges from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The edge at minimum x (`layerLeftEdge`).
    public static let minX = RectEdges(rawValue: 1)
    /// The edge at maximum x (`layerRightEdge`).
    public static let maxX = RectEdges(rawValue: 2)
    /// The edge at minimum y (`layerBottomEdge`: "bottom" is minimum y, as in CALayer.h).
    public static let minY = RectEdges(rawValue: 4)
    /// The edge at maximum y (`layerTopEdge`).
    public static let maxY = RectEdges(rawValue: 8)
    /// All four.
    public static let all: RectEdges = [.minX, .maxX, .minY, .maxY]
}

/// How a layer's image is placed in its quad.
public struct ContentPlacement: Hashable, Sendable {
    /// Where the image is drawn, in the item's local coordinates (after contentsGravity).
    public var destination: Rect
    /// The part of the image drawn, in unit coordinates, top-left origin (contentsRect); a
    /// negative height draws it upside down (its top row at the destination's maximum y), as
    /// contents in a flipped context are drawn.
    public var source: Rect
    /// The stretchable centre for nine-slice scaling, in unit coordinates of `source`; nil for
    /// plain scaling.
    public var center: Rect?
    /// For nine-slice: the size of the image's source part in points (the corners keep it).
    public var naturalSize: (width: Float, height: Float)
    /// The filter where the image is drawn smaller than its pixels.
    public var minificationFilter: TextureFilter
    /// The filter where the image is drawn larger than its pixels (trilinear acts as linear).
    public var magnificationFilter: TextureFilter
    /// Added to the level of detail that decides between the two filters and picks the
    /// mipmap levels of `trilinear` (`minificationFilterBias`).
    public var minificationFilterBias: Float

    /// A placement; the defaults draw the whole image with plain scaling and linear filters.
    @inlinable
    public init(
        destination: Rect, source: Rect = .unit, center: Rect? = nil, naturalSize: (Float, Float) = (0, 0),
        minificationFilter: TextureFilter = .linear, magnificationFilter: TextureFilter = .linear,
        minificationFilterBias: Float = 0
    ) {
        self.destination = destination
        self.source = source
        self.center = center
        self.naturalSize = naturalSize
        self.minificationFilter = minificationFilter
        self.magnificationFilter = magnificationFilter
        self.minificationFilterBias = minificationFilterBias
    }

    /// Whether both filters are linear and there is no bias (the plain case).
    public var isLinear: Bool {
        minificationFilter == .linear && magnificationFilter == .linear && minificationFilterBias == 0
    }

    /// Whether two placements draw the same (every field, both parts of `naturalSize` included).
    public static func == (a: ContentPlacement, b: ContentPlacement) -> Bool {
        a.destination == b.destination && a.source == b.source && a.center == b.center
            && a.naturalSize == b.naturalSize && a.minificationFilter == b.minificationFilter
            && a.magnificationFilter == b.magnificationFilter && a.minificationFilterBias == b.minificationFilterBias
    }

    /// Hashes every field `==` compares.
    public func hash(into h: inout Hasher) {
        h.combine(destination)
        h.combine(source)
        h.combine(center)
        h.combine(naturalSize.width)
        h.combine(naturalSize.height)
        h.combine(minificationFilter)
        h.combine(magnificationFilter)
        h.combine(minificationFilterBias)
    }
}

/// What fills an item's quad besides its background colour.
public enum ItemContent: Equatable, Sendable {
    case none
    /// An image placed in the quad.
    case image(ImageID, ContentPlacement)
    /// A cross-fade of two images (a `contents` animation): `from` at 1 − progress, `to` at
    /// progress, both with the same placement.
    case crossfade(from: ImageID, to: ImageID, progress: Float, ContentPlacement)
    /// The result of an offscreen pass, stretched over the quad's rect.
    case pass(PassID)
    /// A blurred rounded rectangle (an analytic shadow): the item's rect, corner radius and
    /// background colour give the shape and colour; the renderer draws its Gaussian blur with
    /// standard deviation `sigma` (points), growing the quad to cover 3 sigma.
    case blurredShape(sigma: Float)
    /// A raster of a whole stroke shown trimmed to part of its length (a shape layer's
    /// `strokeStart` and `strokeEnd`): `lengths`, an image of the raster's size, holds at each
    /// texel the arc length of the path nearest it and its distance from the path
    /// (`StrokeCenterline.lengths`), and the renderer shows the texels whose length lies
    /// within the trim (docs/renderer.md, "Trimmed strokes").
    case trimmedStroke(ImageID, lengths: ImageID, StrokeTrim, ContentPlacement)

    /// The placement of an image, cross-fade or trimmed stroke, else nil.
    public var placement: ContentPlacement? {
        switch self {
        case .image(_, let p), .crossfade(_, _, _, let p), .trimmedStroke(_, _, _, let p): return p
        default: return nil
        }
    }
}

/// The part of a stroke's raster `ItemContent.trimmedStroke` shows, in texels of the raster
/// along the path (its lengths image's units).
public struct StrokeTrim: Hashable, Sendable {
    /// Where the shown part begins along the path; below 0 by more than a cap where nothing is
    /// cut (an open path's own start, drawn with its own cap).
    public var start: Float
    /// Where it ends; past the path's length by more than a cap where nothing is cut.
    public var end: Float
    /// The path's length when it is one closed subpath, whose lengths wrap around (the part
    /// shown may then cross the point where the path begins); 0 for other paths.
    public var loop: Float
    /// The radius of round caps at the cut ends, 0 for flat ends (square caps are flat ends
    /// half a line width further out, in `start` and `end`).
    public var capRadius: Float
    /// Whether the placement shows part of the raster around the trimmed stroke with a margin
    /// of texels it does not show (two or more on every side): its edges need no coverage.
    public var clearEdges: Bool

    /// A trim of the lengths `start`…`end`.
    public init(start: Float, end: Float, loop: Float = 0, capRadius: Float = 0, clearEdges: Bool = false) {
        (self.start, self.end, self.loop, self.capRadius) = (start, end, loop, capRadius)
        self.clearEdges = clearEdges
    }
}

/// How an item blends with what lies under it (`compositingFilter`).
public enum BlendMode: String, Equatable, Sendable, CaseIterable {
    case normal, multiply, screen, overlay, darken, lighten, difference, colorDodge, colorBurn
    case softLight, hardLight, exclusion
    /// Additive: the item's premultiplied colour added to what lies under it, clamped (W3C
    /// `plus-lighter`; `CAEmitterLayer`'s `additive` render mode).
    case plusLighter
    /// Separable modes of Core Image's blend-mode family beyond the W3C list (formulas in
    /// docs/semantics.md#filters-and-blend-modes).
    case linearBurn, linearDodge, linearLight, pinLight, vividLight, subtract, divide
    /// The W3C non-separable modes (hue, saturation and luminosity mixed in HSL terms).
    case hue, saturation, color, luminosity
    /// Porter-Duff XOR: each shows where the other is absent,
    /// `cs·(1 − αb) + cb·(1 − αs)` (Core Animation's `xor` compositing filter).
    case xor
}

/// One quad: background, contents and border of one layer (or one composite of a pass).
public struct DrawItem: Equatable, Sendable {
    /// Maps `rect` (z = 0) into the pass's item space.
    public var transform: Matrix4
    /// The quad in the item's own coordinates (a layer's bounds).
    public var rect: Rect
    /// Multiplies everything the item draws.
    public var opacity: Float
    /// Premultiplied; clear for none.
    public var background: Color
    /// What the quad shows over the background: nothing, an image, a cross-fade, a pass or a shadow.
    public var content: ItemContent
    /// Radius of the rounded corners of background, border and content clip.
    public var cornerRadius: Float
    /// Which corners are rounded: bit 0 minX/minY, 1 maxX/minY, 2 minX/maxY, 3 maxX/maxY.
    public var roundedCorners: UInt8
    /// The shape of the rounded corners.
    public var cornerCurve: CornerCurve
    /// The edges drawn anti-aliased; the others are drawn hard (a pixel is in when its centre
    /// is). Rounded corners are always anti-aliased.
    public var antialiasedEdges: RectEdges
    /// Whether contents are clipped to the rounded rect (masksToBounds on the layer, or
    /// contents that are the layer's background, such as a gradient's).
    public var clipsContent: Bool
    /// Width of the border drawn inside the rect's edge, in the item's coordinates (0 for none).
    public var borderWidth: Float
    /// Premultiplied.
    public var borderColor: Color
    /// The innermost clip the item is inside (index into `RenderList.clips`), or -1.
    public var clip: Int32
    /// Whether the back face is drawn (false: culled when it faces away).
    public var doubleSided: Bool
    /// Whether the item promises full opacity where it draws (lets the renderer skip blending).
    public var opaque: Bool
    /// How the item blends with what lies under it (default normal source-over).
    public var blend: BlendMode
    /// Filters applied to what lies behind the item inside its rounded rect before the item
    /// draws (`backgroundFilters`): an index into `RenderList.filterChains`, or -1.
    public var backdropFilters: Int32
    /// The index of the layer in the frame's layer numbering (for counters and debugging).
    public var layerIndex: Int32
    /// Multiplies the content, premultiplied, channel by channel (a particle's colour tints its
    /// cell's image); nil for none.
    ///
    /// - A tinted item draws no background: the renderer ignores `background` when it is set.
    public var contentTint: Color?

    /// An item; the defaults draw nothing but a transparent, unclipped, double-sided quad.
    @inlinable
    public init(
        transform: Matrix4, rect: Rect, opacity: Float = 1, background: Color = .clear, content: ItemContent = .none,
        cornerRadius: Float = 0, roundedCorners: UInt8 = 0xF, cornerCurve: CornerCurve = .circular,
        antialiasedEdges: RectEdges = .all, clipsContent: Bool = false, borderWidth: Float = 0,
        borderColor: Color = .clear, clip: Int32 = -1, doubleSided: Bool = true, opaque: Bool = false,
        blend: BlendMode = .normal, backdropFilters: Int32 = -1, layerIndex: Int32 = -1, contentTint: Color? = nil
    ) {
        self.transform = transform
        self.rect = rect
        self.opacity = opacity
        self.background = background
        self.content = content
        self.cornerRadius = cornerRadius
        self.roundedCorners = roundedCorners
        self.cornerCurve = cornerCurve
        self.antialiasedEdges = antialiasedEdges
        self.clipsContent = clipsContent
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.clip = clip
        self.doubleSided = doubleSided
        self.opaque = opaque
        self.blend = blend
        self.backdropFilters = backdropFilters
        self.layerIndex = layerIndex
        self.contentTint = contentTint
    }
}

/// A rounded-rectangle clip (`masksToBounds`), in the plane of the layer that clips.
public struct ClipNode: Equatable, Sendable {
    /// Maps the clipping layer's plane into the pass's item space (as `DrawItem.transform`).
    public var transform: Matrix4
    /// The clip rectangle in the clipping layer's coordinates (its bounds).
    public var rect: Rect
    /// Radius of the clip's rounded corners, in the clipping layer's coordinates (0 for square).
    public var cornerRadius: Float
    /// Which corners are rounded: bit 0 minX/minY, 1 maxX/minY, 2 minX/maxY, 3 maxX/maxY.
    public var roundedCorners: UInt8
    /// The shape of the rounded corners.
    public var cornerCurve: CornerCurve
    /// The clip's edges that are anti-aliased (the clipping layer's).
    public var antialiasedEdges: RectEdges
    /// The enclosing clip, or -1.
    public var parent: Int32

    /// A clip; by default all four corners are rounded, circular, with every edge anti-aliased.
    public init(
        transform: Matrix4, rect: Rect, cornerRadius: Float, roundedCorners: UInt8 = 0xF,
        cornerCurve: CornerCurve = .circular, antialiasedEdges: RectEdges = .all, parent: Int32
    ) {
        self.transform = transform
        self.rect = rect
        self.cornerRadius = cornerRadius
        self.roundedCorners = roundedCorners
        self.cornerCurve = cornerCurve
        self.antialiasedEdges = antialiasedEdges
        self.parent = parent
    }
}
