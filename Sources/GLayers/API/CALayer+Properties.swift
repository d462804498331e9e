/// The style, visibility and contents properties of `CALayer`, with Apple's spelling; each goes
/// through the change pipeline (`setModel`) with its property-table entry (defaults, actions).
import Foundation
import GLayersGraphics

extension CALayer {
    // MARK: Visibility

    /// The layer's opacity, 0 … 1 (default 1).
    public var opacity: Float {
        get { layerState.opacity }
        set { setModel(.opacity, newValue) }
    }

    /// Whether the layer (and its sublayers) are hidden (default false).
    public var isHidden: Bool {
        get { layerState.isHidden }
        set { setModel(.hidden, newValue) }
    }

    /// Whether sublayers and contents are clipped to the (rounded) bounds (default false).
    public var masksToBounds: Bool {
        get { layerState.masksToBounds }
        set { setModel(.masksToBounds, newValue) }
    }

    /// Whether the back of the layer is drawn when it faces away (default true).
    public var isDoubleSided: Bool {
        get { layerState.isDoubleSided }
        set { setModel(.doubleSided, newValue) }
    }

    /// Whether the layer promises to be fully opaque (lets the renderer skip blending).
    public var isOpaque: Bool {
        get { layerState.isOpaque }
        set { setModel(.opaque, newValue) }
    }

    /// Whether the layer's geometry is flipped (y up) relative to its superlayer.
    public var isGeometryFlipped: Bool {
        get { layerState.isGeometryFlipped }
        set { setModel(.geometryFlipped, newValue) }
    }

    /// Whether a layer with opacity < 1 and sublayers is composited as one group (default true).
    public var allowsGroupOpacity: Bool {
        get { layerState.allowsGroupOpacity }
        set { setModel(.allowsGroupOpacity, newValue) }
    }

    /// Whether edges are anti-aliased when the layer is transformed (glayers always smooths
    /// edges; the flag is kept for compatibility).
    public var allowsEdgeAntialiasing: Bool {
        get { layerState.allowsEdgeAntialiasing }
        set { setModel(.allowsEdgeAntialiasing, newValue) }
    }

    /// Whether the layer subtree is rendered once into a cached bitmap (default false).
    public var shouldRasterize: Bool {
        get { layerState.shouldRasterize }
        set { setModel(.shouldRasterize, newValue) }
    }

    /// The scale of the rasterized bitmap relative to the layer's points (default 1).
    public var rasterizationScale: CGFloat {
        get { layerState.rasterizationScale }
        set { setModel(.rasterizationScale, newValue) }
    }

    // MARK: Style

    /// The background colour (default nil: none).
    public var backgroundColor: CGColor? {
        get { layerState.backgroundColor.cgColor }
        set { setModel(.backgroundColor, ColorValue(newValue)) }
    }

    /// The radius of the rounded corners of the background, border and clip (default 0).
    public var cornerRadius: CGFloat {
        get { layerState.cornerRadius }
        set { setModel(.cornerRadius, newValue) }
    }

    /// Which corners are rounded (default all four).
    public var maskedCorners: CACornerMask {
        get { layerState.maskedCorners }
        set { setModel(.maskedCorners, newValue) }
    }

    /// The width of the border, drawn inside the bounds above contents and sublayers (default 0).
    public var borderWidth: CGFloat {
        get { layerState.borderWidth }
        set { setModel(.borderWidth, newValue) }
    }

    /// The border colour (default opaque black).
    public var borderColor: CGColor? {
        get { layerState.borderColor.cgColor }
        set { setModel(.borderColor, ColorValue(newValue)) }
    }

    /// The shadow colour (default opaque black).
    public var shadowColor: CGColor? {
        get { layerState.shadowColor.cgColor }
        set { setModel(.shadowColor, ColorValue(newValue)) }
    }

    /// The shadow's opacity, 0 … 1 (default 0: no shadow).
    public var shadowOpacity: Float {
        get { layerState.shadowOpacity }
        set { setModel(.shadowOpacity, newValue) }
    }

    /// The shadow's offset (default (0, −3)).
    public var shadowOffset: CGSize {
        get { layerState.shadowOffset }
        set { setModel(.shadowOffset, newValue) }
    }

    /// The blur radius of the shadow (default 3).
    public var shadowRadius: CGFloat {
        get { layerState.shadowRadius }
        set { setModel(.shadowRadius, newValue) }
    }

    /// The shape of the shadow, instead of the layer's alpha (default nil).
    public var shadowPath: CGPath? {
        get { layerState.shadowPath }
        set { setModel(.shadowPath, newValue) }
    }

    /// Filters applied to the layer and its sublayers (`CIFilter` objects).
    ///
    /// - Filters glayers cannot draw are reported and left out.
    public var filters: [Any]? {
        get { layerState.filters.isEmpty ? nil : layerState.filters.map { CIFilter($0) } }
        set { setModel(LayerProperty.filters, \.filters, Self.filterValues(newValue, property: "filters")) }
    }

    /// Filters applied to what lies behind the layer.
    public var backgroundFilters: [Any]? {
        get { layerState.backgroundFilters.isEmpty ? nil : layerState.backgroundFilters.map { CIFilter($0) } }
        set {
            setModel(
                LayerProperty.backgroundFilters, \.backgroundFilters,
                Self.filterValues(newValue, property: "backgroundFilters"))
        }
    }

    /// How the layer blends with what lies behind it: a blend-mode `CIFilter` or its name
    /// (`"multiplyBlendMode"`, `"CIScreenBlendMode"`, …).
    public var compositingFilter: Any? {
        get { layerState.compositingFilter.map { CIFilter($0) } }
        set {
            var value: FilterValue?
            switch newValue {
            case nil: value = nil
            case let f as CIFilter: value = f.filterValue
            case let s as String: value = FilterKind(filterName: s).map { FilterValue(kind: $0) }
            default: value = nil
            }
            if newValue != nil && (value == nil || value?.kind.isBlendMode == false) {
                Diagnostics.warn(
                    "\(diagnosticName): compositingFilter \(String(describing: newValue!)) is not a blend mode glayers draws; ignored"
                )
                value = nil
            }
            setModel(LayerProperty.compositingFilter, \.compositingFilter, value)
        }
    }

    static func filterValues(_ list: [Any]?, property: String) -> [FilterValue] {
        var out: [FilterValue] = []
        for item in list ?? [] {
            if let f = item as? CIFilter {
                out.append(f.filterValue)
            } else {
                Diagnostics.warn("\(property): \(item) is not a CIFilter; left out")
            }
        }
        return out
    }

    // MARK: Contents

    /// The layer's contents: a `CGImage` (other objects are kept but not drawn, with a warning).
    public var contents: Any? {
        get { layerState.contents.object }
        set {
            let value = ContentsValue(newValue)
            if case .unsupported(let v) = value {
                Diagnostics.warn(
                    "\(diagnosticName): contents of type \(type(of: v)) cannot be drawn; use a CGImage", once: true)
            }
            setModel(.contents, value)
            // Contents the app sets are an image placed by contentsGravity, not the layer's drawing.
            if layerState.backing != nil { modifyModel { $0.backing = nil } }
        }
    }

    /// The part of the contents drawn, in unit coordinates (default (0, 0, 1, 1)).
    public var contentsRect: CGRect {
        get { layerState.contentsRect }
        set { setModel(.contentsRect, newValue) }
    }

    /// The stretchable centre of the contents for nine-slice scaling (default (0, 0, 1, 1)).
    public var contentsCenter: CGRect {
        get { layerState.contentsCenter }
        set { setModel(.contentsCenter, newValue) }
    }

    /// Pixels per point of the contents (default 1).
    public var contentsScale: CGFloat {
        get { layerState.contentsScale }
        set { setModel(.contentsScale, newValue) }
    }

    /// How the contents are placed in the bounds (default resize).
    public var contentsGravity: CALayerContentsGravity {
        get { layerState.contentsGravity }
        set { setModel(.contentsGravity, newValue) }
    }

    /// The filter used when contents are drawn smaller than their pixels (default linear).
    public var minificationFilter: CALayerContentsFilter {
        get { layerState.minificationFilter }
        set { setModel(.minificationFilter, newValue) }
    }

    /// The filter used when contents are drawn larger than their pixels (default linear).
    public var magnificationFilter: CALayerContentsFilter {
        get { layerState.magnificationFilter }
        set { setModel(.magnificationFilter, newValue) }
    }

    /// Whether the layer's contents are implicitly flipped when rendered: an odd number of
    /// layers from this one up to the root (through the layers masks belong to) have
    /// `isGeometryFlipped` (CALayer.h, docs/semantics.md#flipped-geometry).
    ///
    /// - A contents image then still shows upright, and `draw(in:)` gets a y-flipped context.
    public func contentsAreFlipped() -> Bool {
        var flipped = layerState.isGeometryFlipped
        let model = presentationSource ?? self
        var node = model.superlayerStorage ?? model.maskOwner
        while let n = node {
            if n.layerState.isGeometryFlipped { flipped.toggle() }
            node = n.superlayerStorage ?? n.maskOwner
        }
        return flipped
    }
}
