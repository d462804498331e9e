/// Colour gradients (CoreGraphics' `CGGradient`) and drawing them into a `CGContext`.
///
/// - Colours are interpolated by cairo (pixman), between straight sRGB stops.
/// - Linear gradients honour `CGGradientDrawingOptions` exactly, by clipping to the band
///   between the start and end lines. Radial gradients do so exactly when one circle
///   contains the other (the usual case); otherwise only "both" and "neither" are exact and
///   one-sided options extend both ends (issue #2).
import CCairo
import Foundation

/// An immutable list of colour stops (CoreGraphics' `CGGradient`).
public final class CGGradient: @unchecked Sendable {
    /// Straight RGBA colours of the stops.
    public let colors: [RGBA]
    /// Stop locations in [0, 1], in the same order as `colors`.
    public let locations: [CGFloat]

    /// A gradient of `colors` at `locations` (evenly spaced from 0 to 1 when nil).
    ///
    /// - Returns nil for no colours or a location count that differs from the colour count.
    ///   Locations are clamped to [0, 1]; the colour space is ignored (colours are sRGB).
    public init?(colorsSpace space: CGColorSpace?, colors: [CGColor], locations: [CGFloat]?) {
        guard let stops = CGGradient.stops(colors.map(\.rgba), locations) else { return nil }
        (self.colors, self.locations) = stops
    }

    /// A gradient from flat components (`count` colours of the space's components plus alpha).
    public init?(colorSpace space: CGColorSpace, colorComponents: [CGFloat], locations: [CGFloat]?, count: Int) {
        let n = space.numberOfComponents + 1
        guard count > 0, colorComponents.count >= count * n else { return nil }
        let rgba = (0..<count).map { i -> RGBA in
            let c = colorComponents[(i * n)..<(i * n + n)].map { $0 }
            return n == 4 ? RGBA(c[0], c[1], c[2], c[3]) : RGBA(c[0], c[0], c[0], c[1])
        }
        guard let stops = CGGradient.stops(rgba, locations) else { return nil }
        (self.colors, self.locations) = stops
    }

    private static func stops(_ colors: [RGBA], _ locations: [CGFloat]?) -> ([RGBA], [CGFloat])? {
        guard !colors.isEmpty else { return nil }
        if let locations {
            guard locations.count == colors.count else { return nil }
            return (colors, locations.map { $0.isFinite ? min(1, max(0, $0)) : 0 })
        }
        let n = colors.count
        return (colors, (0..<n).map { n == 1 ? 0 : CGFloat($0) / CGFloat(n - 1) })
    }

    /// Adds the stops to a cairo pattern, multiplying alpha by `alpha`.
    func addStops(to pattern: OpaquePointer, alpha: CGFloat) {
        func c(_ v: CGFloat) -> Double { v.isFinite ? Double(min(1, max(0, v))) : 0 }
        for (color, location) in zip(colors, locations) {
            cairo_pattern_add_color_stop_rgba(
                pattern, Double(location), c(color.r), c(color.g), c(color.b),
                c(color.a) * Double(alpha))
        }
    }
}

extension CGContext {
    /// Fills the clip with a linear gradient from `start` (location 0) to `end` (location 1).
    ///
    /// - Without options only the band between the lines through `start` and `end`
    ///   perpendicular to the axis is painted. Equal points paint nothing. The path is kept.
    public func drawLinearGradient(
        _ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions
    ) {
        let axis = Vec2(end) - Vec2(start)
        guard start.isFinite, end.isFinite, axis.length > 0,
            let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
        else { return }
        defer { cairo_pattern_destroy(pattern) }
        gradient.addStops(to: pattern, alpha: state.alpha)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        paintGradient(pattern) {
            guard !(before && after) else { return }
            // The band, as a rectangle in the axis frame reaching past the clip on every side.
            let bounds = boundingBoxOfClipPath
            let reach =
                hypot(bounds.width, bounds.height)
                + (Vec2(CGPoint(x: bounds.midX, y: bounds.midY)) - Vec2(start)).length
                + axis.length + 1
            let u = axis.normalized, n = Vec2(-u.y, u.x)
            let s0 = before ? -reach : 0, s1 = after ? axis.length + reach : axis.length
            let o = Vec2(start)
            addLines(between: [
                (o + s0 * u + reach * n).point, (o + s1 * u + reach * n).point,
                (o + s1 * u - reach * n).point, (o + s0 * u - reach * n).point,
            ])
            closePath()
            clip(using: .winding)
        }
    }

    /// Fills the clip with a radial gradient between two circles (location 0 on the start
    /// circle, 1 on the end circle).
    ///
    /// - The options extend the gradient inside the start circle and outside the end circle
    ///   (see the file comment for the exact cases). The path is kept.
    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
        options: CGGradientDrawingOptions
    ) {
        guard startCenter.isFinite, endCenter.isFinite, startRadius.isFinite, endRadius.isFinite,
            startRadius >= 0, endRadius >= 0, startRadius > 0 || endRadius > 0,
            let pattern = cairo_pattern_create_radial(
                startCenter.x, startCenter.y, startRadius,
                endCenter.x, endCenter.y, endRadius)
        else { return }
        defer { cairo_pattern_destroy(pattern) }
        gradient.addStops(to: pattern, alpha: state.alpha)
        let before = options.contains(.drawsBeforeStartLocation), after = options.contains(.drawsAfterEndLocation)
        let d = (Vec2(endCenter) - Vec2(startCenter)).length
        let startInside = d + startRadius <= endRadius, endInside = d + endRadius <= startRadius
        let nested = startInside || endInside
        cairo_pattern_set_extend(pattern, nested || before || after ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        paintGradient(pattern) {
            guard nested else { return }
            let start = CGRect(
                x: startCenter.x - startRadius, y: startCenter.y - startRadius,
                width: 2 * startRadius, height: 2 * startRadius)
            let end = CGRect(
                x: endCenter.x - endRadius, y: endCenter.y - endRadius,
                width: 2 * endRadius, height: 2 * endRadius)
            // Before start: inside the start circle if it is the inner one, else outside it.
            if !before { clipEllipse(start, inside: !startInside) }
            if !after { clipEllipse(end, inside: startInside) }
        }
    }

    /// Intersects the clip with the inside or the outside of the ellipse in `rect`.
    private func clipEllipse(_ rect: CGRect, inside: Bool) {
        if !inside {
            let c = boundingBoxOfClipPath.union(rect).insetBy(dx: -1, dy: -1)
            addRect(c)
        }
        addEllipse(in: rect)
        clip(using: inside ? .winding : .evenOdd)
    }

    /// Paints `pattern` over the clip after `restrict` (which may clip further) within a
    /// saved state; the current path is kept.
    private func paintGradient(_ pattern: OpaquePointer, restrict: () -> Void) {
        withScratchPath {
            paint(shadow: .clippedPaint) {
                cairo_save(cr)
                restrict()
                cairo_set_source(cr, pattern)
                cairo_paint(cr)
                cairo_restore(cr)
            }
        }
    }
}
