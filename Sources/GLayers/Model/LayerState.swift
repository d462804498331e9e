/// The typed, drawable state of one layer: every property that animates or reaches the
/// renderer. The model layer holds one; presentation evaluates animations into a copy.
///
/// Strings and `Any` values are resolved into these typed fields where they enter
/// (`CALayer` setters, `setValue(_:forKeyPath:)`, `add(_:forKey:)`); past that point the engine
/// works with these fields only.
import Foundation
import GLayersGraphics

/// The drawable and animatable state of a layer (model values, or presented values).
package struct LayerState {
    // Placement, then visibility: the fields that place a layer and say whether it shows come
    // first and together (stored properties are laid out in declaration order), so that placing
    // a layer reads the state's first 213 bytes (`placementBytes`). `sublayerTransform`, which
    // few layers set, is in the reference box's rare fields.
    package var bounds = CGRect.zero
    package var position = CGPoint.zero
    package var zPosition: CGFloat = 0
    package var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    package var anchorPointZ: CGFloat = 0
    package var transform = CATransform3D.identity
    package var opacity: Float = 1
    package var isHidden = false

    // The rest of visibility, and the sublayers' space.
    package var masksToBounds = false
    package var isDoubleSided = true
    package var isOpaque = false
    package var isGeometryFlipped = false
    package var allowsGroupOpacity = true
    package var allowsEdgeAntialiasing = true
    package var edgeAntialiasingMask: CAEdgeAntialiasingMask = [
        .layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge,
    ]
    package var shouldRasterize = false
    package var rasterizationScale: CGFloat = 1

    // Style: numbers inline; colours, paths and filters in `references`.
    package var cornerRadius: CGFloat = 0
    package var maskedCorners = CACornerMask.all
    package var cornerCurveIsContinuous = false
    package var borderWidth: CGFloat = 0
    package var shadowOpacity: Float = 0
    package var shadowOffset = CGSize(width: 0, height: -3)
    package var shadowRadius: CGFloat = 3

    // Contents.
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsScale: CGFloat = 1
    package var minificationFilterBias: Float = 0
    /// `minificationFilter` and `magnificationFilter` as kinds of sampling, kept with the
    /// names so that flattening reads two bytes instead of comparing strings.
    package var minificationSampling = ContentsSampling.linear
    package var magnificationSampling = ContentsSampling.linear

    /// The fields that hold references (colours, images, paths, filters, strings), kept in one
    /// copy-on-write box so that copying a state — which presentation does for every animated
    /// layer every frame — copies plain numbers and retains one object.
    var references = LayerReferences.defaults

    @inline(__always)
    mutating func writableReferences() -> LayerReferences {
        if !isKnownUniquelyReferenced(&references) { references = references.copy() }
        return references
    }

    /// The transform applied to the sublayers (identity for most layers: kept with the rare
    /// references, so that it costs a layer 8 bytes of a pointer, not 128; writing the
    /// identity where it is already the identity copies no box).
    package var sublayerTransform: CATransform3D {
        get { references.sublayerTransform }
        set {
            if newValue == .identity && !references.hasRareFields { return }
            writableReferences().sublayerTransform = newValue
        }
    }

    package var backgroundColor: ColorValue {
        get { references.backgroundColor }
        set { writableReferences().backgroundColor = newValue }
    }
    package var borderColor: ColorValue {
        get { references.borderColor }
        set { writableReferences().borderColor = newValue }
    }
    package var shadowColor: ColorValue {
        get { references.shadowColor }
        set { writableReferences().shadowColor = newValue }
    }
    package var shadowPath: CGPath? {
        get { references.shadowPath }
        set { writableReferences().shadowPath = newValue }
    }
    package var filters: [FilterValue] {
        get { references.filters }
        _modify { let s = writableReferences(); yield &s.filters }
        set { writableReferences().filters = newValue }
    }
    package var backgroundFilters: [FilterValue] {
        get { references.backgroundFilters }
        _modify { let s = writableReferences(); yield &s.backgroundFilters }
        set { writableReferences().backgroundFilters = newValue }
    }
    package var compositingFilter: FilterValue? {
        get { references.compositingFilter }
        set { writableReferences().compositingFilter = newValue }
    }
    package var contents: ContentsValue {
        get { references.contents }
        set { writableReferences().contents = newValue }
    }
    package var contentsGravity: CALayerContentsGravity {
        get { references.contentsGravity }
        set { writableReferences().contentsGravity = newValue }
    }
    package var minificationFilter: CALayerContentsFilter {
        get { references.minificationFilter }
        set {
            writableReferences().minificationFilter = newValue
            minificationSampling = ContentsSampling(newValue)
        }
    }
    package var magnificationFilter: CALayerContentsFilter {
        get { references.magnificationFilter }
        set {
            writableReferences().magnificationFilter = newValue
            magnificationSampling = ContentsSampling(newValue)
        }
    }
    /// `cornerCurve` (`cornerCurveIsContinuous` says whether it is `.continuous`, for
    /// flattening).
    package var cornerCurve: CALayerCornerCurve {
        get { references.cornerCurve }
        set {
            writableReferences().cornerCurve = newValue
            cornerCurveIsContinuous = newValue == .continuous
        }
    }
    /// When `contents` is a bitmap the layer drew itself (`display()`): how it was drawn; nil
    /// for contents the app set.
    package var backing: DrawnBacking? {
        get { references.backing }
        set { writableReferences().backing = newValue }
    }
    /// A shape layer's path and style, which flattening rasterizes at the scale they land on
    /// screen (nil for other layers).
    package var shape: ShapeDrawing? {
        get { references.shape }
        set { writableReferences().shape = newValue }
    }
    /// While `contents` cross-fades in an animation: the two images and the progress.
    var contentsBlend: ImageBlend? {
        get { references.contentsBlend }
        set { writableReferences().contentsBlend = newValue }
    }
    /// The transition running on the layer, if any (its progress and "before" snapshot).
    var transition: TransitionState? {
        get { references.transition }
        set { writableReferences().transition = newValue }
    }
    /// Values of keys the layer stores by key-value coding (custom properties) and of
    /// subclass properties (`strokeEnd`, `colors`, `fontSize`, …).
    package var custom: StoredValues {
        get { references.custom }
        _modify { let s = writableReferences(); yield &s.custom }
        set { writableReferences().custom = newValue }
    }

    package init() {}

    /// The anchor point in the bounds' coordinate space.
    package var anchorInBounds: CGPoint {
        CGPoint(
            x: bounds.minX + anchorPoint.x * bounds.width,
            y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// The map from this layer's bounds space to its superlayer's space, before the
    /// superlayer's `sublayerTransform`: `T(−anchor, −anchorPointZ) · transform · T(position, zPosition)`.
    @inline(__always)
    package var layerToSuperlayer: CATransform3D {
        let b = bounds
        let ax = Double(b.minX + anchorPoint.x * b.width), ay = Double(b.minY + anchorPoint.y * b.height)
        let az = Double(anchorPointZ)
        // Row by row as vectors, each entry summed in the order of the scalar formula.
        var (r1, r2, r3, r4) = transform.rows
        // T(-a) · m: add -a·(rows 1–3) to row 4.
        if ax != 0 || ay != 0 || az != 0 { r4 = r4 + ((-ax * r1 - ay * r2) - az * r3) }
        // m · T(p): add p·(column 4) to columns 1–3.
        let p = SIMD4(Double(position.x), Double(position.y), Double(zPosition), 0)
        r1 = r1 + SIMD4(r1.w, r1.w, r1.w, 0) * p
        r2 = r2 + SIMD4(r2.w, r2.w, r2.w, 0) * p
        r3 = r3 + SIMD4(r3.w, r3.w, r3.w, 0) * p
        r4 = r4 + SIMD4(r4.w, r4.w, r4.w, 0) * p
        return CATransform3D(rows: (r1, r2, r3, r4))
    }

    /// `sublayerTransform` about this layer's anchor point, or nil when it is the identity:
    /// `T(−anchor, −anchorPointZ) · sublayerTransform · T(anchor, anchorPointZ)`.
    package var sublayerTransformAboutAnchor: CATransform3D? {
        guard references.hasRareFields, sublayerTransform != .identity else { return nil }
        let a = anchorInBounds
        return CATransform3DMakeTranslation(-a.x, -a.y, -anchorPointZ)
            .concatenating(sublayerTransform)
            .concatenating(CATransform3DMakeTranslation(a.x, a.y, anchorPointZ))
    }
}

/// How contents are sampled (`CALayerContentsFilter` without its name).
package enum ContentsSampling: UInt8 {
    case linear, nearest, trilinear

    /// The sampling a filter name asks for; a name Core Animation does not define samples
    /// linearly, its default.
    init(_ filter: CALayerContentsFilter) {
        switch filter {
        case .nearest: self = .nearest
        case .trilinear: self = .trilinear
        default: self = .linear
        }
    }
}

/// How a layer drew its own `contents` bitmap (gradients, text, `draw(in:)`).
package struct DrawnBacking: Equatable {
    /// The part of the layer the bitmap covers, in the layer's coordinates; nil when it covers
    /// the bounds and is placed by `contentsGravity` like an image the app set.
    package var rect: CGRect?
    /// Whether it was drawn for flipped contents (`contentsAreFlipped()` was true), so that a
    /// change of that redraws it.
    package var isFlipped: Bool
    /// Whether the drawing is the layer's background (a gradient's): rounded by `cornerRadius`
    /// as `backgroundColor` is, with or without `masksToBounds`.
    package var isBackground = false
}

/// The reference-holding fields of a `LayerState` (shared until written).
final class LayerReferences {
    @exclusivity(unchecked) var backgroundColor: ColorValue
    @exclusivity(unchecked) var borderColor: ColorValue
    @exclusivity(unchecked) var shadowColor: ColorValue
    @exclusivity(unchecked) var shadowPath: CGPath?
    @exclusivity(unchecked) var filters: [FilterValue]
    @exclusivity(unchecked) var backgroundFilters: [FilterValue]
    @exclusivity(unchecked) var contents: ContentsValue
    @exclusivity(unchecked) var shape: ShapeDrawing?
    @exclusivity(unchecked) var custom: StoredValues
    /// The fields few layers set (a compositing filter, a drawn bitmap's backing, a contents
    /// cross-fade, a running transition, and the names of the contents' gravity and filters
    /// and of the corner curve), in a box of their own shared until written like this one:
    /// inline, they made this box 448 bytes instead of 208, on every layer given a colour.
    @exclusivity(unchecked) private var rare: RareReferences?

    var contentsGravity: CALayerContentsGravity {
        get { rare?.contentsGravity ?? .resize }
        set { if newValue != .resize || rare != nil { writableRare().contentsGravity = newValue } }
    }
    var minificationFilter: CALayerContentsFilter {
        get { rare?.minificationFilter ?? .linear }
        set { if newValue != .linear || rare != nil { writableRare().minificationFilter = newValue } }
    }
    var magnificationFilter: CALayerContentsFilter {
        get { rare?.magnificationFilter ?? .linear }
        set { if newValue != .linear || rare != nil { writableRare().magnificationFilter = newValue } }
    }
    var cornerCurve: CALayerCornerCurve {
        get { rare?.cornerCurve ?? .circular }
        set { if newValue != .circular || rare != nil { writableRare().cornerCurve = newValue } }
    }
    var sublayerTransform: CATransform3D {
        get { rare?.sublayerTransform ?? .identity }
        set { if newValue != .identity || rare != nil { writableRare().sublayerTransform = newValue } }
    }
    /// Whether the box of rare fields exists (without it, each holds its default).
    var hasRareFields: Bool { rare != nil }

    var compositingFilter: FilterValue? {
        get { rare?.compositingFilter }
        set { if newValue != nil || rare?.compositingFilter != nil { writableRare().compositingFilter = newValue } }
    }
    var backing: DrawnBacking? {
        get { rare?.backing }
        set { if newValue != nil || rare?.backing != nil { writableRare().backing = newValue } }
    }
    var contentsBlend: ImageBlend? {
        get { rare?.contentsBlend }
        set { if newValue != nil || rare?.contentsBlend != nil { writableRare().contentsBlend = newValue } }
    }
    var transition: TransitionState? {
        get { rare?.transition }
        set { if newValue != nil || rare?.transition != nil { writableRare().transition = newValue } }
    }

    /// The box of rare fields, made or copied so that this box alone holds it (nil written over
    /// nil makes none).
    private func writableRare() -> RareReferences {
        if !isKnownUniquelyReferenced(&rare) { rare = rare?.copy() ?? RareReferences() }
        return rare.unsafelyUnwrapped
    }

    /// The defaults, shared by every new state until it is written.
    nonisolated(unsafe) static let defaults = LayerReferences()

    /// Core Animation's defaults.
    private init() {
        backgroundColor = .none
        borderColor = .object(.black)
        shadowColor = .object(.black)
        filters = []
        backgroundFilters = []
        contents = .none
        custom = StoredValues()
    }

    /// A box holding `other`'s fields, each set once: a box of defaults then assigned every
    /// field released a default and retained a value for each (the copy a new layer makes at
    /// its first colour, 1 220 → 850 instructions; 3 % of validating 10 000 layers before).
    /// The fields are those `assign(from:)` takes, listed again: an initializer sets each
    /// stored property itself before it may call a method.
    private init(copying other: LayerReferences) {
        backgroundColor = other.backgroundColor
        borderColor = other.borderColor
        shadowColor = other.shadowColor
        shadowPath = other.shadowPath
        filters = other.filters
        backgroundFilters = other.backgroundFilters
        contents = other.contents
        shape = other.shape
        custom = other.custom
        rare = other.rare
    }

    func copy() -> LayerReferences { LayerReferences(copying: self) }

    /// Takes every field of `other`. Lists of filters of the same length are copied element
    /// by element, so that this box keeps its own storage for them (a presented state writes
    /// their inputs in place); so is the box of rare fields when this box alone holds one (a
    /// presented state that animates `sublayerTransform` writes it every frame), else it is
    /// shared (and copied by the first write).
    func assign(from other: LayerReferences) {
        backgroundColor = other.backgroundColor
        borderColor = other.borderColor
        shadowColor = other.shadowColor
        shadowPath = other.shadowPath
        Self.assign(&filters, from: other.filters)
        Self.assign(&backgroundFilters, from: other.backgroundFilters)
        contents = other.contents
        shape = other.shape
        custom = other.custom
        if rare !== other.rare, rare != nil, isKnownUniquelyReferenced(&rare) {
            rare.unsafelyUnwrapped.assign(from: other.rare ?? RareReferences.defaults)
        } else {
            rare = other.rare
        }
    }

    private static func assign(_ list: inout [FilterValue], from other: [FilterValue]) {
        guard list.count == other.count, !list.isEmpty else {
            list = other
            return
        }
        for i in list.indices { list[i] = other[i] }
    }
}

/// The fields of `LayerReferences` few layers set (shared until written).
private final class RareReferences {
    @exclusivity(unchecked) var compositingFilter: FilterValue?
    @exclusivity(unchecked) var backing: DrawnBacking?
    @exclusivity(unchecked) var contentsBlend: ImageBlend?
    @exclusivity(unchecked) var transition: TransitionState?
    @exclusivity(unchecked) var contentsGravity = CALayerContentsGravity.resize
    @exclusivity(unchecked) var minificationFilter = CALayerContentsFilter.linear
    @exclusivity(unchecked) var magnificationFilter = CALayerContentsFilter.linear
    @exclusivity(unchecked) var cornerCurve = CALayerCornerCurve.circular
    @exclusivity(unchecked) var sublayerTransform = CATransform3D.identity

    /// The defaults (what a state without the box holds), to assign from.
    nonisolated(unsafe) static let defaults = RareReferences()

    func copy() -> RareReferences {
        let c = RareReferences()
        c.assign(from: self)
        return c
    }

    /// Takes every field of `other`.
    func assign(from other: RareReferences) {
        compositingFilter = other.compositingFilter
        backing = other.backing
        contentsBlend = other.contentsBlend
        transition = other.transition
        contentsGravity = other.contentsGravity
        minificationFilter = other.minificationFilter
        magnificationFilter = other.magnificationFilter
        cornerCurve = other.cornerCurve
        sublayerTransform = other.sublayerTransform
    }
}
