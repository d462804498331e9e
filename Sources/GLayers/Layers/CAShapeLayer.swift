/// `CAShapeLayer`: a path filled and stroked, rasterized with cairo into the layer's backing
/// store (covering the path's extent, which may overflow the bounds) and redrawn when a shape
/// property changes; `path`, colours, `strokeStart`/`strokeEnd`, `lineWidth` animate.
import Foundation
import GLayersGraphics

/// The fill rule of a shape layer.
public struct CAShapeLayerFillRule: CAStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// Line caps of a shape layer.
public struct CAShapeLayerLineCap: CAStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// Line joins of a shape layer.
public struct CAShapeLayerLineJoin: CAStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

extension LayerProperty {
    /// `CAShapeLayer`'s properties (CAShapeLayer.h). Every one redraws the shape; `path` is
    /// animatable but, as every `CGPath` property, has no implicit animation (Apple's reference:
    /// "does not support implicit animation").
    enum Shape {
        static let path = StoredProperty<CGPath?>("path", default: nil, animatable: true, effects: .display)
        static let fillColor = StoredProperty(
            "fillColor", default: ColorValue.object(.black), action: .animation, effects: .display)
        static let fillRule = StoredProperty(
            "fillRule", default: CAShapeLayerFillRule.nonZero, effects: .display, choices: .names(["non-zero", "even-odd"]))
        static let strokeColor = StoredProperty(
            "strokeColor", default: ColorValue.none, action: .animation, effects: .display)
        static let strokeStart = StoredProperty("strokeStart", default: CGFloat(0), action: .animation, effects: .display)
        static let strokeEnd = StoredProperty("strokeEnd", default: CGFloat(1), action: .animation, effects: .display)
        static let lineWidth = StoredProperty("lineWidth", default: CGFloat(1), action: .animation, effects: .display)
        static let miterLimit = StoredProperty("miterLimit", default: CGFloat(10), action: .animation, effects: .display)
        static let lineCap = StoredProperty(
            "lineCap", default: CAShapeLayerLineCap.butt, effects: .display, choices: .names(["butt", "round", "square"]))
        static let lineJoin = StoredProperty(
            "lineJoin", default: CAShapeLayerLineJoin.miter, effects: .display, choices: .names(["miter", "round", "bevel"]))
        static let lineDashPhase = StoredProperty(
            "lineDashPhase", default: CGFloat(0), action: .animation, effects: .display)
        static let lineDashPattern = StoredProperty("lineDashPattern", default: NumberList(nil), effects: .display)

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
    public required init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    override class var declaredProperties: [LayerProperty] { super.declaredProperties + Shape.all }

    /// Whether a change of `key` redraws the shape: its own properties and `contentsScale`.
    open override class func needsDisplay(forKey key: String) -> Bool {
        key == "contentsScale" || super.needsDisplay(forKey: key)
    }

    /// Rasterizes the path into the backing store.
    open override func display() {
        if delegate != nil {
            super.display()
            return
        }
        guard let path, !path.isEmpty else {
            setBackingStore(nil)
            return
        }
        let stroke = strokeColor != nil && lineWidth > 0
        let margin = stroke ? lineWidth * max(1, miterLimit / 2) : 0
        let extent = path.boundingBoxOfPath.insetBy(dx: -margin - 1, dy: -margin - 1).integral
        let scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        let w = backingPixels(extent.width * scale), h = backingPixels(extent.height * scale)
        guard w > 0, h > 0, w <= 16384, h <= 16384, let ctx = CGContext.bitmap(width: w, height: h, scale: scale) else {
            if w > 16384 || h > 16384 { Diagnostics.warn("\(diagnosticName): the shape is too large to draw (\(w)×\(h) pixels)") }
            setBackingStore(nil)
            return
        }
        ctx.translateBy(x: -extent.minX, y: -extent.minY)
        if let fill = fillColor {
            ctx.addPath(path)
            ctx.setFillColor(fill)
            ctx.fillPath(using: fillRule == .evenOdd ? .evenOdd : .winding)
        }
        if stroke, let sc = strokeColor {
            let trimmed = path.trimmed(from: strokeStart, to: strokeEnd)
            ctx.addPath(trimmed)
            ctx.setStrokeColor(sc)
            ctx.setLineWidth(lineWidth)
            ctx.setMiterLimit(miterLimit)
            ctx.setLineCap(lineCap == .round ? .round : lineCap == .square ? .square : .butt)
            ctx.setLineJoin(lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter)
            if let dash = lineDashPattern, !dash.isEmpty {
                ctx.setLineDash(phase: lineDashPhase, lengths: dash.map { CGFloat($0.doubleValue) })
            }
            ctx.strokePath()
        }
        setBackingStore(ctx.makeImage(), covering: extent)
    }
}
