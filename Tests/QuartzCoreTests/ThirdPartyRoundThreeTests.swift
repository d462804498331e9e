import Foundation
import QuartzCore
import Testing

// Core Animation code from open-source shimmer, progress, loader and badge libraries, written
// as those libraries write it (#23): each must compile unchanged against `import QuartzCore`
// and behave as on Apple's platforms.

// MARK: Delegates that do not draw (item 1)

/// A shimmer view's layer: the view (here an object that answers only actions, as a view that
/// turns off implicit animations does) is the gradient layer's delegate.
private final class ShimmerView: CALayerDelegate {
    let gradient = CAGradientLayer()

    init() {
        gradient.delegate = self
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        gradient.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
    }

    func action(for layer: CALayer, forKey event: String) -> CAAction? { NSNull() }
}

/// A loader's ring view: the view is its shape layer's delegate and draws nothing itself.
private final class SpinnerView: CALayerDelegate {
    let ring = CAShapeLayer()

    init() {
        ring.delegate = self
        ring.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        ring.path = CGPath(ellipseIn: CGRect(x: 4, y: 4, width: 32, height: 32), transform: nil)
        ring.fillColor = nil
        ring.strokeColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        ring.lineWidth = 4
    }
}

/// A delegate that implements `display(_:)` still gets it, and supplies the contents.
private final class StampDelegate: CALayerDelegate {
    var displayed = 0
    let image: CGImage

    init(image: CGImage) { self.image = image }

    func display(_ layer: CALayer) {
        displayed += 1
        layer.contents = image
    }
}

// MARK: Protocols without a runtime (item 7)

/// A base view adopts `CALayerDelegate`; its subclass declares `draw(_:in:)`, which Swift does
/// not call: the base's conformance uses the protocol's default.
private class BaseGaugeView: CALayerDelegate {
    let layer = CALayer()

    init() {
        layer.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        layer.delegate = self
    }
}

private final class GaugeView: BaseGaugeView {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(layer.bounds)
    }
}

/// The porter's fix: the adopting class declares the method, the subclass overrides it.
private class FixedBaseGaugeView: CALayerDelegate {
    let layer = CALayer()

    init() {
        layer.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        layer.delegate = self
    }

    func draw(_ layer: CALayer, in ctx: CGContext) {}
}

private final class FixedGaugeView: FixedBaseGaugeView {
    override func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(layer.bounds)
    }
}

// MARK: Initializers (items 2 and 6)

/// A ring with a designated initializer of its own, `override init(layer:)` and
/// `required init?(coder:)`.
private final class RingLayer: CALayer {
    let thickness: CGFloat
    var progress: CGFloat = 0

    init(thickness: CGFloat) {
        self.thickness = thickness
        super.init()
        needsDisplayOnBoundsChange = true
    }

    override init(layer: Any) {
        let ring = layer as? RingLayer
        thickness = ring?.thickness ?? 1
        progress = ring?.progress ?? 0
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A badge with an initializer of its own and `init?(coder:)` only.
private final class BadgeLayer: CALayer {
    let count: Int

    init(count: Int) {
        self.count = count
        super.init()
        cornerRadius = 8
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A dot with `override init()` and `init?(coder:)`, but no `init(layer:)`.
private final class DotLayer: CALayer {
    override init() {
        super.init()
        backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}

/// A `@MainActor` layer that sets itself up from its initializers, as Swift 6 apps write it.
@MainActor
private final class ThemedLayer: CALayer {
    private(set) var setUps = 0

    func applyTheme() {
        setUps += 1
        borderWidth = 2
    }

    override init(layer: Any) {
        super.init(layer: layer)
        applyTheme()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        applyTheme()
    }
}

// MARK: Image masks (item 3)

/// A progress ring clipped by an image mask, as ring libraries draw it: the ring is stroked in
/// opaque black into a transparent bitmap, which then clips a fill of the ring's colour.
private final class MaskedRingLayer: CALayer {
    override func draw(in ctx: CGContext) {
        let side = Int(bounds.width)
        guard
            let maskContext = CGContext(
                data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return }
        maskContext.setStrokeColor(CGColor(gray: 0, alpha: 1))
        maskContext.setLineWidth(8)
        maskContext.strokeEllipse(in: bounds.insetBy(dx: 8, dy: 8))
        guard let mask = maskContext.makeImage() else { return }
        ctx.clip(to: bounds, mask: mask)
        ctx.setFillColor(CGColor(red: 0, green: 0.6, blue: 1, alpha: 1))
        ctx.fill(bounds)
    }
}

// MARK: Core Graphics spellings (item 4)

/// A hit area made the way C-era code makes it, with Apple's Swift spelling of
/// `CGPathCreateCopyByStrokingPath`.
private func hitArea(of path: CGPath) -> CGPath? {
    CGPath(__byStroking: path, transform: nil, lineWidth: 20, lineCap: .round, lineJoin: .round, miterLimit: 10)
}

/// Change checks written with the `CGRectEqualToRect` family, as older layout code writes them.
private final class FrameWatcher {
    var lastFrame = CGRect.zero
    var lastSize = CGSize.zero
    var lastCentre = CGPoint.zero
    var changes = 0

    func update(_ layer: CALayer) {
        if !layer.frame.equalTo(lastFrame) || !layer.bounds.size.equalTo(lastSize)
            || !layer.position.equalTo(lastCentre)
        {
            changes += 1
        }
        lastFrame = layer.frame
        lastSize = layer.bounds.size
        lastCentre = layer.position
    }
}

/// Reading a pixel of a bitmap context through `data`, as colour pickers do.
private func pixel(of ctx: CGContext, x: Int, y: Int) -> [UInt8] {
    guard let data = ctx.data else { return [] }
    let bytes = data.bindMemory(to: UInt8.self, capacity: ctx.bytesPerRow * ctx.height)
    let offset = y * ctx.bytesPerRow + x * 4
    return [bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3]]
}

@Suite struct ThirdPartyRoundThreeTests {
    /// The shimmer's gradient is drawn although its layer has a delegate: red on the left,
    /// blue on the right; its `contents` stay nil, as on Apple.
    @Test func gradientLayerWithADelegateDrawsItsGradient() throws {
        let view = ShimmerView()
        view.gradient.display()
        #expect(view.gradient.contents == nil)
        let size = view.gradient.bounds.size
        let ctx = try #require(CGContext.bitmap(width: Int(size.width), height: Int(size.height)))
        view.gradient.render(in: ctx)
        let image = try #require(ctx.makeImage())
        let left = try #require(image.pixel(x: 1, y: 10)), right = try #require(image.pixel(x: 98, y: 10))
        #expect(left.r > 240 && left.b < 15 && left.a == 255, "\(left)")
        #expect(right.b > 240 && right.r < 15 && right.a == 255, "\(right)")
    }

    /// The spinner's ring is drawn although its layer has a delegate: green on the circle,
    /// nothing in the middle; its `contents` stay nil.
    @Test func shapeLayerWithADelegateDrawsItsPath() throws {
        let view = SpinnerView()
        view.ring.display()
        #expect(view.ring.contents == nil)
        let ctx = try #require(CGContext.bitmap(width: 40, height: 40))
        view.ring.render(in: ctx)
        let image = try #require(ctx.makeImage())
        let onRing = try #require(image.pixel(x: 20, y: 4))
        #expect(onRing.g > 200 && onRing.a > 200, "\(onRing)")
        #expect(image.pixel(x: 20, y: 20)?.a == 0)
    }

    /// A delegate that implements `display(_:)` is asked, on a gradient layer too.
    @Test func delegateDisplayIsStillCalled() throws {
        let ctx = try #require(CGContext.bitmap(width: 2, height: 2))
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        let stamp = StampDelegate(image: try #require(ctx.makeImage()))
        let layer = CAGradientLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
        layer.display()
        layer.delegate = stamp
        layer.display()
        #expect(stamp.displayed == 1 && (layer.contents as? CGImage) === stamp.image)
        // The delegate's contents replace the gradient drawn before it came.
        let drawn = try #require(CGContext.bitmap(width: 10, height: 10))
        layer.render(in: drawn)
        let image = try #require(drawn.makeImage())
        let pixel = try #require(image.pixel(x: 5, y: 5))
        #expect(pixel.r == 255 && pixel.g == 0 && pixel.b == 0 && pixel.a == 255, "\(pixel)")
    }

    /// Apple-valid initializer patterns compile; presentation copies come from the class's
    /// own `init(layer:)`.
    @Test func subclassesWithInitializersOfTheirOwn() throws {
        let ring = RingLayer(thickness: 6)
        ring.progress = 0.4
        let copy = try #require(ring.presentation())
        #expect(copy !== ring && copy.thickness == 6 && copy.progress == 0.4 && copy.needsDisplayOnBoundsChange)
        #expect(copy.model() === ring)

        let badge = BadgeLayer(count: 3)
        badge.frame = CGRect(x: 0, y: 0, width: 16, height: 16)
        #expect(badge.count == 3 && badge.cornerRadius == 8 && badge.bounds.width == 16)

        let dot = DotLayer()
        dot.opacity = 0.5
        #expect(dot.backgroundColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1) && dot.opacity == 0.5)
    }

    /// A subclass that neither inherits nor overrides `init(layer:)` stops at its first
    /// presentation copy, as on Apple's platforms ("Use of unimplemented initializer").
    @Test func aSubclassWithoutInitLayerStopsAtItsFirstCopy() async {
        await #expect(processExitsWith: .failure) {
            _ = DotLayer().presentation()
        }
        await #expect(processExitsWith: .failure) {
            _ = BadgeLayer(count: 1).presentation()
        }
    }

    /// A `@MainActor` subclass calls its own methods from `init(layer:)` and `init?(coder:)`.
    @MainActor @Test func mainActorSubclassSetsItselfUp() throws {
        let themed = ThemedLayer(layer: CALayer())
        #expect(themed.setUps == 1 && themed.borderWidth == 2)
        let copy = try #require(themed.presentation())
        #expect(copy.setUps == 1 && copy.borderWidth == 2, "init(layer:) ran for the copy: \(copy.setUps)")
        finishAnimations(of: themed)
    }

    /// The ring shows where the mask's opaque black stroke is, and nothing elsewhere.
    @Test func imageMaskWithAlphaClipsToItsOpaquePixels() throws {
        let ring = MaskedRingLayer()
        ring.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        ring.display()
        let image = try #require(ring.contents as? CGImage)
        let onRing = try #require(image.pixel(x: 32, y: 8))
        #expect(onRing.b == 255 && onRing.a == 255, "on the ring: \(onRing)")
        #expect(image.pixel(x: 32, y: 32)?.a == 0 && image.pixel(x: 1, y: 1)?.a == 0)
    }

    /// `CGPath(__byStroking:…)` gives the stroke's outline; the geometry types answer
    /// `equalTo(_:)` and round-trip through their dictionary representations.
    @Test func coreGraphicsSpellings() throws {
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 0))
        line.addLine(to: CGPoint(x: 100, y: 0))
        let area = try #require(hitArea(of: line))
        #expect(area.contains(CGPoint(x: 50, y: 9)) && !area.contains(CGPoint(x: 50, y: 11)))
        #expect(area.contains(CGPoint(x: -9, y: 0)), "inside the round cap")
        var shift = CGAffineTransform(translationX: 0, y: 100)
        let moved = try #require(
            CGPath(
                __byStroking: line, transform: &shift, lineWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10))
        #expect(moved.contains(CGPoint(x: 50, y: 100)) && !moved.contains(CGPoint(x: 50, y: 0)))

        let watcher = FrameWatcher()
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        watcher.update(layer)
        watcher.update(layer)
        layer.position = CGPoint(x: 40, y: 40)
        watcher.update(layer)
        #expect(watcher.changes == 2)
        #expect(CGRect.null.equalTo(.null) && !CGRect.null.equalTo(.zero))

        let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(CGRect(dictionaryRepresentation: rect.dictionaryRepresentation) == rect)
        #expect(CGPoint(dictionaryRepresentation: CGPoint(x: 5, y: 6).dictionaryRepresentation) == CGPoint(x: 5, y: 6))
        #expect(
            CGSize(dictionaryRepresentation: CGSize(width: 7, height: 8).dictionaryRepresentation)
                == CGSize(width: 7, height: 8))
        #expect(CGRect(dictionaryRepresentation: ["X": 1] as CFDictionary) == nil)
    }

    /// `data` is the bitmap in the context's own layout: RGBA for a `premultipliedLast`
    /// context, kept up to date as it draws; the caller's memory when it passed some.
    @Test func contextDataIsTheBitmap() throws {
        let ctx = try #require(
            CGContext(
                data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(pixel(of: ctx, x: 0, y: 0) == [255, 0, 0, 255] && pixel(of: ctx, x: 1, y: 0) == [0, 0, 0, 0])
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        #expect(pixel(of: ctx, x: 1, y: 0) == [0, 0, 255, 255], "drawing after data was asked for updates it")

        var memory = [UInt8](repeating: 0, count: 16)
        try memory.withUnsafeMutableBytes { buffer in
            let own = try #require(
                CGContext(
                    data: buffer.baseAddress, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 8,
                    space: CGColorSpaceCreateDeviceRGB(),
                    bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
            #expect(own.data == buffer.baseAddress)
        }
    }

    /// A delegate method declared only in a subclass is not called, as Swift dispatches
    /// protocols: the layer draws nothing and says why, once per delegate type; declared in the
    /// adopting class and overridden, it draws.
    @Test func delegateMethodsDeclaredOnlyInASubclassAreDiagnosed() throws {
        let gauge = GaugeView()
        let (_, warnings) = Diagnostics.capture { gauge.layer.display() }
        let image = try #require(gauge.layer.contents as? CGImage)
        #expect(image.pixel(x: 4, y: 4)?.a == 0)
        #expect(warnings.contains { $0.contains("GaugeView") && $0.contains("implements neither") }, "\(warnings)")
        let again = Diagnostics.capture { gauge.layer.display() }.warnings
        #expect(!again.contains { $0.contains("GaugeView") }, "once per delegate type")

        let fixed = FixedGaugeView()
        let fixedWarnings = Diagnostics.capture { fixed.layer.display() }.warnings
        let drawn = try #require(fixed.layer.contents as? CGImage)
        #expect(drawn.pixel(x: 4, y: 4)?.r == 255 && fixedWarnings.isEmpty)
    }
}
