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

/// A layer that draws a path.
open class CAShapeLayer: CALayer {
    static let shapeKeys: Set<String> = [
        "path", "fillColor", "fillRule", "strokeColor", "strokeStart", "strokeEnd", "lineWidth", "miterLimit",
        "lineCap", "lineJoin", "lineDashPhase", "lineDashPattern",
    ]

    /// The path drawn, in the layer's coordinates.
    open var path: CGPath? {
        get { if case .path(let p)? = custom("path") { return p }; return nil }
        set { setCustom("path", .path(newValue)) }
    }
    /// The fill colour (default opaque black; nil for no fill).
    open var fillColor: CGColor? {
        get { color("fillColor", default: .black) }
        set { setCustom("fillColor", .color(ColorValue(newValue))) }
    }
    /// The fill rule (default non-zero).
    open var fillRule: CAShapeLayerFillRule {
        get { CAShapeLayerFillRule(rawValue: string("fillRule", default: "non-zero")) }
        set { setCustom("fillRule", .object(newValue.rawValue)) }
    }
    /// The stroke colour (default nil: no stroke).
    open var strokeColor: CGColor? {
        get { color("strokeColor", default: nil) }
        set { setCustom("strokeColor", .color(ColorValue(newValue))) }
    }
    /// Where the stroke starts, as a fraction of the path's length (default 0).
    open var strokeStart: CGFloat {
        get { number("strokeStart", default: 0) }
        set { setCustom("strokeStart", .number(newValue)) }
    }
    /// Where the stroke ends, as a fraction of the path's length (default 1).
    open var strokeEnd: CGFloat {
        get { number("strokeEnd", default: 1) }
        set { setCustom("strokeEnd", .number(newValue)) }
    }
    /// The stroke width (default 1).
    open var lineWidth: CGFloat {
        get { number("lineWidth", default: 1) }
        set { setCustom("lineWidth", .number(newValue)) }
    }
    /// The miter limit (default 10).
    open var miterLimit: CGFloat {
        get { number("miterLimit", default: 10) }
        set { setCustom("miterLimit", .number(newValue)) }
    }
    /// The line cap (default butt).
    open var lineCap: CAShapeLayerLineCap {
        get { CAShapeLayerLineCap(rawValue: string("lineCap", default: "butt")) }
        set { setCustom("lineCap", .object(newValue.rawValue)) }
    }
    /// The line join (default miter).
    open var lineJoin: CAShapeLayerLineJoin {
        get { CAShapeLayerLineJoin(rawValue: string("lineJoin", default: "miter")) }
        set { setCustom("lineJoin", .object(newValue.rawValue)) }
    }
    /// The dash phase (default 0).
    open var lineDashPhase: CGFloat {
        get { number("lineDashPhase", default: 0) }
        set { setCustom("lineDashPhase", .number(newValue)) }
    }
    /// The dash pattern (nil: solid).
    open var lineDashPattern: [NSNumber]? {
        get { if case .numbers(let a)? = custom("lineDashPattern") { return a.map { NSNumber(value: Double($0)) } }; return nil }
        set { setCustom("lineDashPattern", newValue.map { .numbers($0.map { CGFloat($0.doubleValue) }) } ?? .object(nil)) }
    }

    public override init() { super.init() }
    public required init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open override class func needsDisplay(forKey key: String) -> Bool {
        shapeKeys.contains(key) || key == "contentsScale" || super.needsDisplay(forKey: key)
    }

    open override class var implicitlyAnimatedKeys: Set<String> {
        super.implicitlyAnimatedKeys.union(["path", "fillColor", "strokeColor", "strokeStart", "strokeEnd", "lineWidth", "miterLimit", "lineDashPhase"])
    }

    open override class var declaredKeys: [String] { super.declaredKeys + ["path", "fillColor", "fillRule", "strokeColor", "strokeStart", "strokeEnd", "lineWidth", "miterLimit", "lineCap", "lineJoin", "lineDashPhase", "lineDashPattern"] }

    override class func declaredKind(forKey key: String) -> ValueKind? {
        switch key {
        case "path": return .path
        case "fillColor", "strokeColor": return .color
        case "strokeStart", "strokeEnd", "lineWidth", "miterLimit", "lineDashPhase": return .number
        case "lineDashPattern": return .numbers
        case "fillRule", "lineCap", "lineJoin": return .object
        default: return super.declaredKind(forKey: key)
        }
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "fillColor": return CGColor.black
        case "strokeEnd": return CGFloat(1)
        case "lineWidth": return CGFloat(1)
        case "miterLimit": return CGFloat(10)
        case "strokeStart", "lineDashPhase": return CGFloat(0)
        default: return super.defaultValue(forKey: key)
        }
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
        let w = Int((extent.width * scale).rounded(.up)), h = Int((extent.height * scale).rounded(.up))
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
