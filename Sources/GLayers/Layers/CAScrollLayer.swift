/// `CAScrollLayer`: a layer that shows a scrolled part of its sublayers, and the scrolling
/// methods every layer has (`scroll(_:)`, `scrollRectToVisible(_:)`, `visibleRect`).
import Foundation

/// How a scroll layer may scroll.
public struct CAScrollLayerScrollMode: CAStringOption {
    /// The mode's name as Core Animation spells it ("both" for `kCAScrollBoth`).
    public let rawValue: String
    /// Creates a scroll mode from its name.
    ///
    /// - An unknown name scrolls neither way, as `none`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The layer does not scroll: `scroll(to:)` leaves the bounds origin alone.
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    /// The layer scrolls only along y.
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    /// The layer scrolls only along x.
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    /// The layer scrolls along x and y (the default).
    public static let both = CAScrollLayerScrollMode(rawValue: "both")
}

extension CAScrollLayerScrollMode: PropertyValue {}

extension LayerProperty {
    /// `CAScrollLayer.scrollMode`.
    static let scrollMode = StoredProperty(
        "scrollMode", default: CAScrollLayerScrollMode.both,
        choices: .names(["none", "vertically", "horizontally", "both"]), summary: "The directions scrolling may move.")
}

/// A layer that shows a scrolled part of its sublayers: scrolling changes its bounds origin.
open class CAScrollLayer: CALayer {
    /// The directions scrolling may move (default both); key-value coding reaches it as
    /// `scrollMode`.
    open var scrollMode: CAScrollLayerScrollMode {
        get { self[stored: .scrollMode] }
        set { self[stored: .scrollMode] = newValue }
    }

    /// The class's defaults: Scroll layers clip their sublayers: `masksToBounds` is true unless set.
    open override class func defaultValue(forKey key: String) -> Any? {
        key == "masksToBounds" ? true : super.defaultValue(forKey: key)
    }

    override class var declaredProperties: [LayerProperty] { super.declaredProperties + [LayerProperty.scrollMode] }

    public override init() {
        super.init()
        // The class's default (`defaultValue(forKey:)`), not a value set on the layer: a
        // `style` may still supply it.
        layerState.masksToBounds = true
    }
    public override init(layer: Any) { super.init(layer: layer) }
    /// A default scroll layer (both ways, clipping its sublayers): decoding an archive is not supported.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        layerState.masksToBounds = true
    }

    /// Scrolls so that `p` is the bounds origin (only along the allowed directions).
    open func scroll(to p: CGPoint) {
        var origin = bounds.origin
        if scrollMode == .both || scrollMode == .horizontally { origin.x = p.x }
        if scrollMode == .both || scrollMode == .vertically { origin.y = p.y }
        bounds.origin = origin
    }

    /// Scrolls the least amount that makes `r` visible.
    open func scroll(to r: CGRect) {
        var origin = bounds.origin
        let b = bounds
        if r.minX < b.minX { origin.x = r.minX } else if r.maxX > b.maxX { origin.x = r.maxX - b.width }
        if r.minY < b.minY { origin.y = r.minY } else if r.maxY > b.maxY { origin.y = r.maxY - b.height }
        scroll(to: origin)
    }
}

extension CALayer {
    /// The default of `scroll(_:)`.
    func scrollDefault(_ p: CGPoint) {
        guard let scroller = enclosingScrollLayer() else { return }
        scroller.scroll(to: scroller.convert(p, from: self))
    }

    /// The default of `scrollRectToVisible(_:)`.
    func scrollRectToVisibleDefault(_ r: CGRect) {
        guard let scroller = enclosingScrollLayer() else { return }
        scroller.scroll(to: scroller.convert(r, from: self))
    }

    /// The default of `visibleRect`.
    var visibleRectDefault: CGRect {
        guard let scroller = enclosingScrollLayer() else { return bounds }
        return bounds.intersection(convert(scroller.bounds, from: scroller))
    }

    private func enclosingScrollLayer() -> CAScrollLayer? {
        var l = superlayer
        while let x = l {
            if let s = x as? CAScrollLayer { return s }
            l = x.superlayer
        }
        return nil
    }
}
