/// The typed, drawable state of one layer: every property that animates or reaches the
/// renderer. The model layer holds one; presentation evaluates animations into a copy.
///
/// Strings and `Any` values are resolved into these typed fields where they enter
/// (`CALayer` setters, `setValue(_:forKeyPath:)`, `add(_:forKey:)`); past that point the engine
/// works with these fields only.
import Foundation
import GLayersGraphics

/// A colour as the engine holds it: the caller's `CGColor` (kept for identity and colour space)
/// or an interpolated RGBA value (produced per frame without allocating).
public enum ColorValue: Equatable {
    case none
    case object(CGColor)
    case rgba(RGBA)

    init(_ color: CGColor?) { self = color.map { .object($0) } ?? .none }

    /// Straight RGBA, or nil when there is no colour.
    public var rgba: RGBA? {
        switch self {
        case .none: return nil
        case .object(let c): return c.rgba
        case .rgba(let v): return v
        }
    }

    /// The colour as a `CGColor` (the caller's object when there is one).
    public var cgColor: CGColor? {
        switch self {
        case .none: return nil
        case .object(let c): return c
        case .rgba(let v): return CGColor(v)
        }
    }

    /// Whether the colour draws nothing (absent or fully transparent).
    var isInvisible: Bool { (rgba?.a ?? 0) <= 0 }
}

/// A layer's `contents`: an image, or an object glayers cannot draw (kept so the getter
/// returns what was set; reported once when set).
public enum ContentsValue {
    case none
    case image(CGImage)
    case unsupported(Any)

    init(_ any: Any?) {
        switch any {
        case nil: self = .none
        case let image as CGImage: self = .image(image)
        case let value?: self = .unsupported(value)
        }
    }

    /// The image, when the contents are one.
    public var image: CGImage? {
        if case .image(let i) = self { return i }
        return nil
    }

    /// The value as `contents` returns it.
    var object: Any? {
        switch self {
        case .none: return nil
        case .image(let i): return i
        case .unsupported(let v): return v
        }
    }

    /// Identity comparison: the same image object, or both empty.
    func isSame(as other: ContentsValue) -> Bool {
        switch (self, other) {
        case (.none, .none): return true
        case (.image(let a), .image(let b)): return a === b
        default: return false
        }
    }
}

/// The drawable and animatable state of a layer (model values, or presented values).
public struct LayerState {
    // Geometry (SPEC L1, L2).
    public var bounds = CGRect.zero
    public var position = CGPoint.zero
    public var zPosition: CGFloat = 0
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    public var anchorPointZ: CGFloat = 0
    public var transform = CATransform3D.identity
    public var sublayerTransform = CATransform3D.identity

    // Visibility (L7).
    public var opacity: Float = 1
    public var isHidden = false
    public var masksToBounds = false
    public var isDoubleSided = true
    public var isOpaque = false
    public var isGeometryFlipped = false
    public var allowsGroupOpacity = true
    public var allowsEdgeAntialiasing = true
    public var shouldRasterize = false
    public var rasterizationScale: CGFloat = 1

    // Style (L6).
    public var backgroundColor = ColorValue.none
    public var cornerRadius: CGFloat = 0
    public var maskedCorners = CACornerMask.all
    public var borderWidth: CGFloat = 0
    public var borderColor = ColorValue.object(.black)
    public var shadowColor = ColorValue.object(.black)
    public var shadowOpacity: Float = 0
    public var shadowOffset = CGSize(width: 0, height: -3)
    public var shadowRadius: CGFloat = 3
    public var shadowPath: CGPath?
    public var filters: [FilterValue] = []
    public var backgroundFilters: [FilterValue] = []
    public var compositingFilter: FilterValue?

    // Contents (L5).
    public var contents = ContentsValue.none
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    public var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    public var contentsScale: CGFloat = 1
    public var contentsGravity = CALayerContentsGravity.resize
    public var minificationFilter = CALayerContentsFilter.linear
    public var magnificationFilter = CALayerContentsFilter.linear
    /// For contents the layer drew itself (shapes, gradients, text): the part of the layer
    /// the bitmap covers; nil for contents placed by `contentsGravity`.
    public var backingRect: CGRect?
    /// While `contents` cross-fades in an animation: the two images and the progress.
    var contentsBlend: ImageBlend?
    /// The transition running on the layer, if any (its progress and "before" snapshot).
    var transition: TransitionState?

    /// Values of keys the layer stores by key-value coding (custom properties, A10) and of
    /// subclass properties (`strokeEnd`, `colors`, `fontSize`, …).
    public var custom: [String: AnimatableValue] = [:]

    public init() {}

    /// The anchor point in the bounds' coordinate space.
    public var anchorInBounds: CGPoint {
        CGPoint(
            x: bounds.minX + anchorPoint.x * bounds.width,
            y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// The map from this layer's bounds space to its superlayer's space, before the
    /// superlayer's `sublayerTransform`: `T(−anchor, −anchorPointZ) · transform · T(position, zPosition)`.
    public var layerToSuperlayer: CATransform3D {
        let a = anchorInBounds
        var m = transform
        // T(-a) · m: add -a·(rows 1–3) to row 4.
        if a.x != 0 || a.y != 0 || anchorPointZ != 0 {
            m.m41 += -a.x * transform.m11 - a.y * transform.m21 - anchorPointZ * transform.m31
            m.m42 += -a.x * transform.m12 - a.y * transform.m22 - anchorPointZ * transform.m32
            m.m43 += -a.x * transform.m13 - a.y * transform.m23 - anchorPointZ * transform.m33
            m.m44 += -a.x * transform.m14 - a.y * transform.m24 - anchorPointZ * transform.m34
        }
        // m · T(p): add p·(column 4) to columns 1–3.
        let (px, py, pz) = (position.x, position.y, zPosition)
        m.m11 += m.m14 * px; m.m12 += m.m14 * py; m.m13 += m.m14 * pz
        m.m21 += m.m24 * px; m.m22 += m.m24 * py; m.m23 += m.m24 * pz
        m.m31 += m.m34 * px; m.m32 += m.m34 * py; m.m33 += m.m34 * pz
        m.m41 += m.m44 * px; m.m42 += m.m44 * py; m.m43 += m.m44 * pz
        return m
    }

    /// `sublayerTransform` about this layer's anchor point, or nil when it is the identity:
    /// `T(−anchor, −anchorPointZ) · sublayerTransform · T(anchor, anchorPointZ)`.
    public var sublayerTransformAboutAnchor: CATransform3D? {
        if sublayerTransform == .identity { return nil }
        let a = anchorInBounds
        return CATransform3DMakeTranslation(-a.x, -a.y, -anchorPointZ)
            .concatenating(sublayerTransform)
            .concatenating(CATransform3DMakeTranslation(a.x, a.y, anchorPointZ))
    }
}
