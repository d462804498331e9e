/// `CAGradientLayer`: a colour gradient over the bounds (axial, radial or conic), kept as a
/// drawing the compositor rasterizes when it draws the layer (docs/semantics.md#contents-and-gravity)
/// and drawn as the layer's background (rounded by `cornerRadius`); `colors`, `locations`,
/// `startPoint` and `endPoint` animate.
import Foundation
import GLayersGraphics

/// The style of gradient a gradient layer draws.
public struct CAGradientLayerType: CAStringOption {
    /// The type's name as Core Animation spells it ("axial" for `kCAGradientLayerAxial`).
    public let rawValue: String
    /// Creates a gradient type from its name.
    ///
    /// - A name other than the three below draws as `axial`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Colours change along the line from `startPoint` to `endPoint`, constant across it (the default).
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// Colours change outward from `startPoint`, in an ellipse whose radii reach `endPoint`.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Colours change by angle around `startPoint`, starting toward `endPoint`.
    ///
    /// - The angle grows from +x toward +y: clockwise on glayers' y-down screen.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

extension LayerProperty {
    /// `CAGradientLayer`'s properties (CAGradientLayer.h): every one redraws the gradient;
    /// all but `type` animate.
    enum Gradient {
        static let colors = StoredProperty(
            "colors", default: ColorList(nil), action: .animation, effects: .display, summary: "The gradient's colours."
        )
        static let locations = StoredProperty(
            "locations", default: NumberList(nil), action: .animation, effects: .display,
            summary: "Where each colour stops, 0…1.")
        static let startPoint = StoredProperty(
            "startPoint", default: CGPoint(x: 0.5, y: 0), action: .animation, effects: .display,
            summary: "The start, in unit coordinates.")
        static let endPoint = StoredProperty(
            "endPoint", default: CGPoint(x: 0.5, y: 1), action: .animation, effects: .display,
            summary: "The end, in unit coordinates.")
        static let type = StoredProperty(
            "type", default: CAGradientLayerType.axial, effects: .display,
            choices: .names(["axial", "radial", "conic"]), summary: "The gradient's style.")

        static let all: [LayerProperty] = [colors, locations, startPoint, endPoint, type]
    }
}

extension CAGradientLayerType: PropertyValue {}

private typealias Gradient = LayerProperty.Gradient

/// A layer that draws a colour gradient.
open class CAGradientLayer: CALayer {
    /// The gradient's colours (`CGColor`s).
    open var colors: [Any]? {
        get { self[stored: Gradient.colors].apiValue as? [Any] }
        set {
            let colors = (newValue ?? []).compactMap { $0 as? CGColor }
            if let n = newValue, colors.count != n.count {
                Diagnostics.warn("\(diagnosticName): colors must be CGColors; the others are left out")
            }
            self[stored: Gradient.colors] = ColorList(newValue == nil ? nil : colors.map { .object($0) })
        }
    }
    /// Where each colour stops, 0 … 1 (nil: evenly spaced).
    open var locations: [NSNumber]? {
        get { self[stored: Gradient.locations].apiValue as? [NSNumber] }
        set { self[stored: Gradient.locations] = NumberList(newValue.map { $0.map { CGFloat($0.doubleValue) } }) }
    }
    /// The start, in unit coordinates of the bounds (default (0.5, 0)).
    open var startPoint: CGPoint {
        get { self[stored: Gradient.startPoint] }
        set { self[stored: Gradient.startPoint] = newValue }
    }
    /// The end, in unit coordinates of the bounds (default (0.5, 1)).
    open var endPoint: CGPoint {
        get { self[stored: Gradient.endPoint] }
        set { self[stored: Gradient.endPoint] = newValue }
    }
    /// The gradient's style (default axial).
    open var type: CAGradientLayerType {
        get { self[stored: Gradient.type] }
        set { self[stored: Gradient.type] = newValue }
    }

    public override init() {
        super.init()
        needsDisplayOnBoundsChange = true
    }
    public override init(layer: Any) { super.init(layer: layer) }
    /// A default gradient layer that redraws when its bounds change: decoding an archive is not supported.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        needsDisplayOnBoundsChange = true
    }

    /// The class's defaults: The gradient fills the bounds: a gradient layer redraws when they change.
    open override class func defaultValue(forKey key: String) -> Any? {
        key == "needsDisplayOnBoundsChange" ? true : super.defaultValue(forKey: key)
    }

    override class var declaredProperties: [LayerProperty] { super.declaredProperties + Gradient.all }

    /// Whether a change of `key` redraws the gradient: its own properties and `contentsScale`.
    open override class func needsDisplay(forKey key: String) -> Bool {
        key == "contentsScale" || super.needsDisplay(forKey: key)
    }

    /// Displays as `CALayer` does. A delegate's `display(_:)` replaces the gradient with the
    /// contents it sets, as when the gradient was a backing store (glayers draws one or the
    /// other: docs/semantics.md#display-and-the-delegate); without one, the gradient is kept.
    open override func display() {
        if layerState.shape != nil {
            modifyModel {
                $0.shape = nil
                $0.backing = nil
            }
        }
        super.display()
    }

    /// Keeps the gradient as a drawing the compositor rasterizes when it draws the layer
    /// (`ShapeDrawing`, as a shape layer's path: a smooth gradient at no more than
    /// `contentsScale`, one with a seam or a hard stop at the scale it lands at), drawn as the
    /// layer's background: rounded by `cornerRadius` with or without `masksToBounds` (as on
    /// Apple). `contents` stay nil, as on Apple, and nothing is rasterized when the layer
    /// displays: a gradient whose colours or points animate is drawn from its presented values
    /// only. A delegate that does not implement `display(_:)` (a view, an object that answers
    /// only `action(for:forKey:)`) leaves the gradient drawn: it is not the delegate's drawing.
    override func displayWithoutDelegate() {
        let b = bounds
        let paint = GradientPaint(
            colors: (colors as? [CGColor]) ?? [], locations: locations.map { $0.map { CGFloat($0.doubleValue) } },
            type: type, startPoint: startPoint, endPoint: endPoint, bounds: b,
            scale: contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1)
        let drawing = ShapeDrawing(gradient: paint)
        let backing = drawing.map { _ in DrawnBacking(rect: b, isFlipped: contentsAreFlipped(), isBackground: true) }
        modifyModel {
            $0.contents = .none
            $0.backing = backing
            $0.shape = drawing
        }
    }
}

/// A gradient layer's gradient as drawn: its colours, stops, style and points over its bounds.
struct GradientPaint: Equatable {
    var colors: [CGColor]
    var locations: [CGFloat]?
    var type: CAGradientLayerType
    var startPoint: CGPoint
    var endPoint: CGPoint
    var bounds: CGRect
    /// The most pixels per unit it is rasterized at (its layer's `contentsScale`).
    var scale: CGFloat

    /// Whether its colours change without a jump: not conic (whose colours meet at a seam), no
    /// two stops at one location.
    var isSmooth: Bool {
        guard type != .conic else { return false }
        guard let locations, locations.count == colors.count else { return true }
        return zip(locations, locations.dropFirst()).allSatisfy { $0 < $1 }
    }

    /// How many levels (of 255) a texel of a smooth gradient's raster may change by: the raster
    /// is magnified with linear filtering, which draws a ramp between texels exactly; where the
    /// ramp bends (at a stop, at an end, at a radial gradient's centre) it is off by a quarter
    /// of a texel's change, and at the bounds' edges (the raster's outer texels stretched over
    /// half a texel) by half of it: half a level and a level.
    static let levelsPerTexel: CGFloat = 2

    /// The fewest pixels per unit of the layer that draw a smooth gradient within a level of
    /// its colours once magnified (`levelsPerTexel`): its steepest change between two stops
    /// (any channel, plus alpha, which scales the premultiplied ones) per unit along its
    /// direction (`1 / |end - start|` for an axial gradient, `1 / min(rx, ry)` for a radial
    /// one); at least a thousandth (rasters are at least a sixteenth of a pixel a unit anyway).
    /// Infinite when the gradient is not smooth or its points coincide. *Why:* a long,
    /// gentle gradient changes by a level every few points; rasterizing it at the pixels it
    /// covers (every frame when its colours or points animate) costs thousands of times more
    /// than the same picture from fewer texels.
    var smoothScale: CGFloat {
        let least: CGFloat = 1e-3
        guard isSmooth else { return .infinity }
        guard colors.count > 1 else { return least }
        let stops =
            locations?.count == colors.count
            ? locations ?? [] : colors.indices.map { CGFloat($0) / CGFloat(colors.count - 1) }
        var steepest: CGFloat = 0
        for i in 1..<colors.count {
            let a = colors[i - 1].rgba, b = colors[i].rgba
            let change = max(abs(b.r - a.r), abs(b.g - a.g), abs(b.b - a.b)) + abs(b.a - a.a)
            steepest = max(steepest, 255 * change / (stops[i] - stops[i - 1]))
        }
        let size = bounds.size
        let dx = (endPoint.x - startPoint.x) * size.width, dy = (endPoint.y - startPoint.y) * size.height
        let span = type == .radial ? min(abs(dx), abs(dy)) : hypot(dx, dy)
        guard span > 1e-6, span.isFinite, steepest.isFinite else { return .infinity }
        return max(steepest / span / Self.levelsPerTexel, least)
    }

    /// Paints the gradient over the bounds into `ctx`, whose user space is the layer's
    /// coordinates.
    func draw(in ctx: CGContext) {
        let locs = locations?.count == colors.count ? locations : nil
        guard
            let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors, locations: locs)
        else { return }
        let b = bounds, size = b.size
        let start = CGPoint(x: b.minX + startPoint.x * size.width, y: b.minY + startPoint.y * size.height)
        let end = CGPoint(x: b.minX + endPoint.x * size.width, y: b.minY + endPoint.y * size.height)
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.clip(to: b)
        switch type {
        case .radial:
            // Apple: an ellipse centred on startPoint whose radii reach endPoint.
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            let r = max(rx, ry, 1e-6)
            ctx.translateBy(x: start.x, y: start.y)
            ctx.scaleBy(x: max(rx, 1e-6) / r, y: max(ry, 1e-6) / r)
            ctx.drawRadialGradient(
                gradient, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: r,
                options: [.drawsAfterEndLocation])
        case .conic:
            drawConic(locations, start: start, end: end, into: ctx, size: size)
        default:
            ctx.drawLinearGradient(
                gradient, start: start, end: end, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
    }

    /// A conic gradient: colour by angle around `start`, starting toward `end`.
    private func drawConic(_ locs: [CGFloat]?, start: CGPoint, end: CGPoint, into ctx: CGContext, size: CGSize) {
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
            ctx.addLine(
                to: CGPoint(x: start.x + cos(a0 + f0 * 2 * .pi) * radius, y: start.y + sin(a0 + f0 * 2 * .pi) * radius))
            ctx.addLine(
                to: CGPoint(
                    x: start.x + cos(a0 + f1 * 2 * .pi + 0.002) * radius,
                    y: start.y + sin(a0 + f1 * 2 * .pi + 0.002) * radius))
            ctx.closePath()
            ctx.fillPath()
        }
    }

    /// The colour at fraction `f` of a conic gradient's turn, between the stops around it.
    private static func colorAt(_ f: CGFloat, colors: [CGColor], stops: [CGFloat]) -> CGColor {
        guard let first = colors.first else { return .clear }
        if f <= (stops.first ?? 0) { return first }
        for i in 1..<min(colors.count, stops.count) where f <= stops[i] {
            let span = stops[i] - stops[i - 1]
            let t = span > 0 ? (f - stops[i - 1]) / span : 1
            let a = colors[i - 1].rgba, b = colors[i].rgba
            return CGColor(
                red: a.r + (b.r - a.r) * t, green: a.g + (b.g - a.g) * t, blue: a.b + (b.b - a.b) * t,
                alpha: a.a + (b.a - a.a) * t)
        }
        return colors[colors.count - 1]
    }
}
