/// `CAShapeLayer`: a path filled and stroked. A change of a shape property makes a new
/// `ShapeDrawing`, which flattening rasterizes with cairo at the scale the layer lands on
/// screen, over the path's extent (which may lie outside the bounds, also when they are
/// empty); `path`, colours, `strokeStart`/`strokeEnd`, `lineWidth` animate.
import Foundation
import GLayersGraphics

/// The fill rule of a shape layer.
public struct CAShapeLayerFillRule: CAStringOption {
    /// The rule's name as Core Animation spells it ("non-zero" for `kCAFillRuleNonZero`).
    public let rawValue: String
    /// Creates a fill rule from its name.
    ///
    /// - A name other than the two below fills as `nonZero`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A point is inside when the path winds around it a non-zero number of times (the default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// A point is inside when a ray from it crosses the path an odd number of times (nesting alternates).
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// Line caps of a shape layer.
public struct CAShapeLayerLineCap: CAStringOption {
    /// The cap's name as Core Animation spells it ("butt" for `kCALineCapButt`).
    public let rawValue: String
    /// Creates a line cap from its name.
    ///
    /// - A name other than the three below draws as `butt`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The stroke ends exactly at the path's end points (the default).
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// Each end is capped with a half-circle whose diameter is the line width.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// Each end extends by half the line width, squared off.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// Line joins of a shape layer.
public struct CAShapeLayerLineJoin: CAStringOption {
    /// The join's name as Core Animation spells it ("miter" for `kCALineJoinMiter`).
    public let rawValue: String
    /// Creates a line join from its name.
    ///
    /// - A name other than the three below draws as `miter`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Sharp corners, bevelled where the miter would exceed `miterLimit` (the default).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// Corners rounded with a circle of half the line width.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// Corners cut off square across the outer edges.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

extension LayerProperty {
    /// `CAShapeLayer`'s properties (CAShapeLayer.h). Every one redraws the shape; `path` is
    /// animatable but, as every `CGPath` property, has no implicit animation (Apple's reference:
    /// "does not support implicit animation").
    enum Shape {
        static let path = StoredProperty<CGPath?>(
            "path", default: nil, animatable: true, effects: .display, summary: "The shape.")
        static let fillColor = StoredProperty(
            "fillColor", default: ColorValue.object(.black), action: .animation, effects: .display,
            summary: "The fill colour (null: no fill).")
        static let fillRule = StoredProperty(
            "fillRule", default: CAShapeLayerFillRule.nonZero, effects: .display,
            choices: .names(["non-zero", "even-odd"]), summary: "The fill rule.")
        static let strokeColor = StoredProperty(
            "strokeColor", default: ColorValue.none, action: .animation, effects: .display,
            summary: "The stroke colour (null: no stroke).")
        static let strokeStart = StoredProperty(
            "strokeStart", default: CGFloat(0), action: .animation, effects: .display,
            summary: "Where the stroke starts, 0…1.")
        static let strokeEnd = StoredProperty(
            "strokeEnd", default: CGFloat(1), action: .animation, effects: .display,
            summary: "Where the stroke ends, 0…1.")
        static let lineWidth = StoredProperty(
            "lineWidth", default: CGFloat(1), action: .animation, effects: .display, summary: "The stroke's width.")
        static let miterLimit = StoredProperty(
            "miterLimit", default: CGFloat(10), action: .animation, effects: .display, summary: "The miter limit.")
        static let lineCap = StoredProperty(
            "lineCap", default: CAShapeLayerLineCap.butt, effects: .display,
            choices: .names(["butt", "round", "square"]), summary: "The line cap.")
        static let lineJoin = StoredProperty(
            "lineJoin", default: CAShapeLayerLineJoin.miter, effects: .display,
            choices: .names(["miter", "round", "bevel"]), summary: "The line join.")
        static let lineDashPhase = StoredProperty(
            "lineDashPhase", default: CGFloat(0), action: .animation, effects: .display, summary: "The dash phase.")
        static let lineDashPattern = StoredProperty(
            "lineDashPattern", default: NumberList(nil), effects: .display, summary: "Dash and gap lengths.")

        static let all: [LayerProperty] = [
            path, fillColor, fillRule, strokeColor, strokeStart, strokeEnd, lineWidth, miterLimit, lineCap, lineJoin,
            lineDashPhase, lineDashPattern,
        ]
    }
}

extension CAShapeLayerFillRule: PropertyValue {}
extension CAShapeLayerLineCap: PropertyValue {}
extension CAShapeLayerLineJoin: PropertyValue {}

private typealias Shape = LayerProperty.Shape

/// A layer that draws a path.
open class CAShapeLayer: CALayer {
    /// The path drawn, in the layer's coordinates.
    open var path: CGPath? {
        get { self[stored: Shape.path] }
        set { self[stored: Shape.path] = newValue }
    }
    /// The fill colour (default opaque black; nil for no fill).
    open var fillColor: CGColor? {
        get { self[stored: Shape.fillColor].cgColor }
        set { self[stored: Shape.fillColor] = ColorValue(newValue) }
    }
    /// The fill rule (default non-zero).
    open var fillRule: CAShapeLayerFillRule {
        get { self[stored: Shape.fillRule] }
        set { self[stored: Shape.fillRule] = newValue }
    }
    /// The stroke colour (default nil: no stroke).
    open var strokeColor: CGColor? {
        get { self[stored: Shape.strokeColor].cgColor }
        set { self[stored: Shape.strokeColor] = ColorValue(newValue) }
    }
    /// Where the stroke starts, as a fraction of the path's length (default 0).
    open var strokeStart: CGFloat {
        get { self[stored: Shape.strokeStart] }
        set { self[stored: Shape.strokeStart] = newValue }
    }
    /// Where the stroke ends, as a fraction of the path's length (default 1).
    open var strokeEnd: CGFloat {
        get { self[stored: Shape.strokeEnd] }
        set { self[stored: Shape.strokeEnd] = newValue }
    }
    /// The stroke width (default 1).
    open var lineWidth: CGFloat {
        get { self[stored: Shape.lineWidth] }
        set { self[stored: Shape.lineWidth] = newValue }
    }
    /// The miter limit (default 10).
    open var miterLimit: CGFloat {
        get { self[stored: Shape.miterLimit] }
        set { self[stored: Shape.miterLimit] = newValue }
    }
    /// The line cap (default butt).
    open var lineCap: CAShapeLayerLineCap {
        get { self[stored: Shape.lineCap] }
        set { self[stored: Shape.lineCap] = newValue }
    }
    /// The line join (default miter).
    open var lineJoin: CAShapeLayerLineJoin {
        get { self[stored: Shape.lineJoin] }
        set { self[stored: Shape.lineJoin] = newValue }
    }
    /// The dash phase (default 0).
    open var lineDashPhase: CGFloat {
        get { self[stored: Shape.lineDashPhase] }
        set { self[stored: Shape.lineDashPhase] = newValue }
    }
    /// The dash pattern (nil: solid).
    open var lineDashPattern: [NSNumber]? {
        get { self[stored: Shape.lineDashPattern].numbers.map { $0.map { NSNumber(value: Double($0)) } } }
        set { self[stored: Shape.lineDashPattern] = NumberList(newValue.map { $0.map { CGFloat($0.doubleValue) } }) }
    }

    public override init() { super.init() }
    public override init(layer: Any) { super.init(layer: layer) }
    /// A default shape layer (no path, a black fill, no stroke): decoding an archive is not supported.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    override class var declaredProperties: [LayerProperty] { super.declaredProperties + Shape.all }

    /// Keeps the path and style as a drawing that flattening rasterizes at the scale the layer
    /// lands on screen (`ShapeDrawing`), then displays as `CALayer` does (the delegate's
    /// `display(_:)` when it implements it). The shape is not the delegate's drawing: it is
    /// kept whatever the delegate does (contents a delegate sets are not drawn under it yet:
    /// docs/semantics.md#display-and-the-delegate).
    open override func display() {
        updateShapeDrawing()
        super.display()
    }

    /// Without a delegate's `display(_:)` (none, or a view or an object that answers only
    /// `action(for:forKey:)`) the layer's `contents` stay nil, as on Apple: the shape is
    /// its picture.
    override func displayWithoutDelegate() {
        modifyModel {
            $0.contents = .none
            $0.backing = nil
        }
    }

    /// Makes the drawing from the stored values, read once from the model (as Core Animation
    /// draws what was committed, not what overridden getters answer; through the getters,
    /// twelve lookups and conversions took a third of committing a shape layer).
    private func updateShapeDrawing() {
        let drawing = Self.drawing(of: layerState, name: diagnosticName)
        modifyModel { $0.shape = drawing }
    }

    /// The drawing of the path and style `state` holds (nil, with a warning naming the layer,
    /// for a path over the element limit): `last` when it is that drawing already.
    static func drawing(of state: LayerState, name: @autoclosure () -> String, last: ShapeDrawing? = nil)
        -> ShapeDrawing?
    {
        let lineCap = Shape.lineCap.read(state), lineJoin = Shape.lineJoin.read(state)
        let path = Shape.path.read(state)
        let style = ShapeDrawing.Style(
            fill: Shape.fillColor.read(state).cgColor,
            fillRule: Shape.fillRule.read(state) == .evenOdd ? .evenOdd : .winding,
            stroke: Shape.strokeColor.read(state).cgColor, lineWidth: Shape.lineWidth.read(state),
            miterLimit: Shape.miterLimit.read(state),
            lineCap: lineCap == .round ? .round : lineCap == .square ? .square : .butt,
            lineJoin: lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter,
            dashPhase: Shape.lineDashPhase.read(state), dashLengths: Shape.lineDashPattern.read(state).numbers ?? [])
        let strokeStart = Shape.strokeStart.read(state), strokeEnd = Shape.strokeEnd.read(state)
        if let path, path.elements.count > EngineLimits.maximumPathElements {
            Diagnostics.warn(
                "\(name()): a path of \(path.elements.count) elements is over the limit (\(EngineLimits.maximumPathElements)); not drawn"
            )
            return nil
        }
        if let last, let again = last.again(path: path, style: style, strokeStart: strokeStart, strokeEnd: strokeEnd) {
            return again
        }
        return ShapeDrawing(path: path, style: style, strokeStart: strokeStart, strokeEnd: strokeEnd)
    }

    /// What `display()` makes of a presented state `state` when the layer is a plain shape
    /// layer without a delegate: the drawing of its presented path and style, and no contents.
    /// Nil when display may do more (a subclass may override it or draw, a delegate may
    /// display): then a presentation copy displays. `last`, the drawing shown last, is kept
    /// when the presented path and style make it again.
    func displayedPresentation(of state: LayerState, last: ShapeDrawing?) -> LayerState? {
        guard type(of: self) == CAShapeLayer.self, delegate == nil else { return nil }
        var shown = state
        shown.shape = Self.drawing(of: state, name: diagnosticName, last: last)
        shown.contents = .none
        shown.backing = nil
        return shown
    }
}
