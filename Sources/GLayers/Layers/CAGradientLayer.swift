/// `CAGradientLayer`: a colour gradient over the bounds (axial, radial or conic), rasterized
/// into the backing store when its properties change; `colors`, `locations`, `startPoint`
/// and `endPoint` animate.
import Foundation
import GLayersGraphics

/// The style of gradient a gradient layer draws.
public struct CAGradientLayerType: CAStringOption {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let axial = CAGradientLayerType(rawValue: "axial")
    public static let radial = CAGradientLayerType(rawValue: "radial")
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// A layer that draws a colour gradient.
open class CAGradientLayer: CALayer {
    static let gradientKeys: Set<String> = ["colors", "locations", "startPoint", "endPoint", "type"]

    /// The gradient's colours (`CGColor`s).
    open var colors: [Any]? {
        get { if case .colors(let c)? = custom("colors") { return c.compactMap { $0.cgColor } }; return nil }
        set {
            let colors = (newValue ?? []).compactMap { $0 as? CGColor }
            if let n = newValue, colors.count != n.count {
                Diagnostics.warn("\(diagnosticName): colors must be CGColors; the others are left out")
            }
            setCustom("colors", newValue == nil ? .object(nil) : .colors(colors.map { .object($0) }))
        }
    }
    /// Where each colour stops, 0 … 1 (nil: evenly spaced).
    open var locations: [NSNumber]? {
        get { if case .numbers(let a)? = custom("locations") { return a.map { NSNumber(value: Double($0)) } }; return nil }
        set { setCustom("locations", newValue.map { .numbers($0.map { CGFloat($0.doubleValue) }) } ?? .object(nil)) }
    }
    /// The start, in unit coordinates of the bounds (default (0.5, 0)).
    open var startPoint: CGPoint {
        get { point("startPoint", default: CGPoint(x: 0.5, y: 0)) }
        set { setCustom("startPoint", .point(newValue)) }
    }
    /// The end, in unit coordinates of the bounds (default (0.5, 1)).
    open var endPoint: CGPoint {
        get { point("endPoint", default: CGPoint(x: 0.5, y: 1)) }
        set { setCustom("endPoint", .point(newValue)) }
    }
    /// The gradient's style (default axial).
    open var type: CAGradientLayerType {
        get { CAGradientLayerType(rawValue: string("type", default: "axial")) }
        set { setCustom("type", .object(newValue.rawValue)) }
    }

    public override init() {
        super.init()
        needsDisplayOnBoundsChange = true
    }
    public required init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        needsDisplayOnBoundsChange = true
    }

    open override class func needsDisplay(forKey key: String) -> Bool {
        gradientKeys.contains(key) || key == "contentsScale" || super.needsDisplay(forKey: key)
    }

    open override class var implicitlyAnimatedKeys: Set<String> {
        super.implicitlyAnimatedKeys.union(["colors", "locations", "startPoint", "endPoint"])
    }

    open override class var declaredKeys: [String] { super.declaredKeys + ["colors", "locations", "startPoint", "endPoint", "type"] }

    override class func declaredKind(forKey key: String) -> ValueKind? {
        switch key {
        case "colors": return .colors
        case "locations": return .numbers
        case "startPoint", "endPoint": return .point
        case "type": return .object
        default: return super.declaredKind(forKey: key)
        }
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "startPoint": return CGPoint(x: 0.5, y: 0)
        case "endPoint": return CGPoint(x: 0.5, y: 1)
        case "type": return CAGradientLayerType.axial.rawValue
        default: return super.defaultValue(forKey: key)
        }
    }

    /// Draws the gradient into the backing store.
    open override func display() {
        if delegate != nil {
            super.display()
            return
        }
        let cgColors = (colors as? [CGColor]) ?? []
        let size = bounds.size
        let scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        let w = Int((size.width * scale).rounded(.up)), h = Int((size.height * scale).rounded(.up))
        guard !cgColors.isEmpty, w > 0, h > 0, w <= 16384, h <= 16384,
            let ctx = CGContext.bitmap(width: w, height: h, scale: scale)
        else {
            setBackingStore(nil)
            return
        }
        let locs = locations.map { $0.map { CGFloat($0.doubleValue) } }
        guard
            let gradient = CGGradient(
                colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: cgColors,
                locations: locs?.count == cgColors.count ? locs : nil)
        else {
            setBackingStore(nil)
            return
        }
        let start = CGPoint(x: startPoint.x * size.width, y: startPoint.y * size.height)
        let end = CGPoint(x: endPoint.x * size.width, y: endPoint.y * size.height)
        switch type {
        case .radial:
            // Apple: an ellipse centred on startPoint whose radii reach endPoint.
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            let r = max(rx, ry, 1e-6)
            ctx.saveGState()
            ctx.translateBy(x: start.x, y: start.y)
            ctx.scaleBy(x: max(rx, 1e-6) / r, y: max(ry, 1e-6) / r)
            ctx.drawRadialGradient(gradient, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: r,
                                   options: [.drawsAfterEndLocation])
            ctx.restoreGState()
        case .conic:
            drawConic(cgColors, locs, start: start, end: end, into: ctx, size: size)
        default:
            ctx.drawLinearGradient(gradient, start: start, end: end, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        setBackingStore(ctx.makeImage(), covering: bounds)
    }

    /// A conic gradient: colour by angle around startPoint, starting toward endPoint.
    private func drawConic(_ colors: [CGColor], _ locs: [CGFloat]?, start: CGPoint, end: CGPoint, into ctx: CGContext, size: CGSize) {
        let stops = locs ?? colors.indices.map { CGFloat($0) / CGFloat(max(colors.count - 1, 1)) }
        let a0 = atan2(end.y - start.y, end.x - start.x)
        let slices = 360
        let radius = hypot(size.width, size.height) * 2
        for i in 0..<slices {
            let f0 = CGFloat(i) / CGFloat(slices), f1 = CGFloat(i + 1) / CGFloat(slices)
            let c = Self.colorAt((f0 + f1) / 2, colors: colors, stops: stops)
            ctx.setFillColor(c)
            ctx.beginPath()
            ctx.move(to: start)
            ctx.addLine(to: CGPoint(x: start.x + cos(a0 + f0 * 2 * .pi) * radius, y: start.y + sin(a0 + f0 * 2 * .pi) * radius))
            ctx.addLine(to: CGPoint(x: start.x + cos(a0 + f1 * 2 * .pi + 0.002) * radius, y: start.y + sin(a0 + f1 * 2 * .pi + 0.002) * radius))
            ctx.closePath()
            ctx.fillPath()
        }
    }

    static func colorAt(_ f: CGFloat, colors: [CGColor], stops: [CGFloat]) -> CGColor {
        guard let first = colors.first else { return .clear }
        if f <= (stops.first ?? 0) { return first }
        for i in 1..<min(colors.count, stops.count) where f <= stops[i] {
            let span = stops[i] - stops[i - 1]
            let t = span > 0 ? (f - stops[i - 1]) / span : 1
            let a = colors[i - 1].rgba, b = colors[i].rgba
            return CGColor(red: a.r + (b.r - a.r) * t, green: a.g + (b.g - a.g) * t, blue: a.b + (b.b - a.b) * t, alpha: a.a + (b.a - a.a) * t)
        }
        return colors[colors.count - 1]
    }
}
