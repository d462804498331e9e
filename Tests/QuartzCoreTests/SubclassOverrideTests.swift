import QuartzCore
import Testing

// Subclasses that override what real iOS and macOS code overrides, written as it is written
// there; each override must compile and take effect.

/// A layer overriding geometry, style, hierarchy, layout, drawing, actions and hit testing.
private final class GaugeLayer: CALayer {
    var log: [String] = []
    var drawnSizes: [CGSize] = []

    override var bounds: CGRect {
        didSet { log.append("bounds \(bounds.width)x\(bounds.height)") }
    }

    override var frame: CGRect {
        didSet { log.append("frame") }
    }

    override var position: CGPoint {
        willSet { log.append("position \(newValue.x),\(newValue.y)") }
    }

    override var backgroundColor: CGColor? {
        get { super.backgroundColor }
        // Always half transparent.
        set { super.backgroundColor = newValue?.copy(alpha: 0.5) }
    }

    override var opacity: Float {
        didSet { log.append("opacity \(opacity)") }
    }

    override var cornerRadius: CGFloat {
        get { min(super.cornerRadius, bounds.height / 2) }
        set { super.cornerRadius = newValue }
    }

    override var isHidden: Bool {
        didSet { log.append(isHidden ? "hidden" : "shown") }
    }

    override var contentsScale: CGFloat {
        didSet { setNeedsDisplay() }
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        log.append("layout")
        sublayers?.forEach { $0.frame = bounds.insetBy(dx: 2, dy: 2) }
    }

    override func draw(in ctx: CGContext) {
        drawnSizes.append(bounds.size)
        ctx.setFillColor(CGColor(gray: 1, alpha: 1))
        ctx.fill(bounds)
    }

    override func display() {
        log.append("display")
        super.display()
    }

    override func addSublayer(_ layer: CALayer) {
        log.append("addSublayer")
        super.addSublayer(layer)
    }

    override func removeFromSuperlayer() {
        log.append("removeFromSuperlayer")
        super.removeFromSuperlayer()
    }

    override func add(_ anim: CAAnimation, forKey key: String?) {
        log.append("add \(key ?? "nil")")
        super.add(anim, forKey: key)
    }

    override func removeAllAnimations() {
        log.append("removeAllAnimations")
        super.removeAllAnimations()
    }

    override func action(forKey event: String) -> CAAction? {
        if event == "position" { return NSNull() }
        return super.action(forKey: event)
    }

    override class func defaultValue(forKey key: String) -> Any? {
        key == "needle" ? CGFloat(0.5) : super.defaultValue(forKey: key)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "needle" || super.needsDisplay(forKey: key)
    }

    /// Touches within 10 points outside the bounds hit the gauge.
    override func contains(_ p: CGPoint) -> Bool {
        bounds.insetBy(dx: -10, dy: -10).contains(p)
    }

    override func hitTest(_ p: CGPoint) -> CALayer? {
        let hit = super.hitTest(p)
        log.append("hitTest")
        return hit
    }

    override func preferredFrameSize() -> CGSize { CGSize(width: 120, height: 40) }

    override var description: String { "Gauge" }
}

/// A layer overriding settings few layers set (kept out of the layer object until one is set):
/// its name, style, the drawing on a change of bounds, and its own time cycle.
private final class BadgeLayer: CALayer {
    var renames: [String?] = []
    var durationSets = 0

    override var name: String? {
        didSet { renames.append(name) }
    }

    override var style: [AnyHashable: Any]? {
        get { super.style ?? ["cornerRadius": 4] }
        set { super.style = newValue }
    }

    override var needsDisplayOnBoundsChange: Bool {
        get { true }
        set {}
    }

    override var duration: CFTimeInterval {
        didSet { durationSets += 1 }
    }
}

/// A shape layer that rebuilds its path when its bounds change.
private final class RingLayer: CAShapeLayer {
    override var bounds: CGRect {
        didSet { path = CGPath(ellipseIn: bounds, transform: nil) }
    }

    override var strokeEnd: CGFloat {
        didSet { lineWidth = strokeEnd * 10 }
    }
}

/// Animations overriding their properties.
private final class FixedPulse: CABasicAnimation {
    override var duration: CFTimeInterval {
        get { 3 }
        set {}
    }

    override var isRemovedOnCompletion: Bool {
        get { false }
        set {}
    }

    override var fillMode: CAMediaTimingFillMode {
        get { .forwards }
        set {}
    }

    override var toValue: Any? {
        didSet { toValueSets += 1 }
    }

    var toValueSets = 0
}

@Suite struct SubclassOverrides {
    @Test func geometryOverridesSeeEveryWayOfSettingIt() {
        let gauge = GaugeLayer()
        gauge.bounds = CGRect(x: 0, y: 0, width: 100, height: 20)
        #expect(gauge.log == ["bounds 100.0x20.0"])
        gauge.log.removeAll()
        // frame sets bounds and position through their setters.
        gauge.frame = CGRect(x: 10, y: 10, width: 50, height: 30)
        #expect(gauge.log == ["bounds 50.0x30.0", "position 35.0,25.0", "frame"])
        gauge.log.removeAll()
        // Key-value coding calls the setters, as Apple's does.
        gauge.setValue(NSValue(cgRect: CGRect(x: 0, y: 0, width: 80, height: 40)), forKey: "bounds")
        gauge.setValue(60, forKeyPath: "bounds.size.width")
        gauge.setValue(0.25, forKey: "opacity")
        gauge.setValue(true, forKey: "hidden")
        #expect(gauge.log == ["bounds 80.0x40.0", "bounds 60.0x40.0", "opacity 0.25", "hidden"])
        #expect(gauge.bounds.size == CGSize(width: 60, height: 40) && gauge.opacity == 0.25 && gauge.isHidden)
    }

    @Test func styleOverridesChangeWhatIsStored() {
        let gauge = GaugeLayer()
        gauge.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(gauge.backgroundColor?.alpha == 0.5)
        gauge.setValue(CGColor(red: 0, green: 0, blue: 1, alpha: 1), forKey: "backgroundColor")
        #expect(gauge.backgroundColor?.alpha == 0.5 && gauge.backgroundColor?.components?[2] == 1)
        gauge.bounds = CGRect(x: 0, y: 0, width: 100, height: 20)
        gauge.cornerRadius = 30
        #expect(gauge.cornerRadius == 10)
    }

    /// Overrides of settings a layer keeps in a box made on first use: their observers run,
    /// their getters answer, and what the layer does with the value set through `super` takes
    /// effect (the drawing on a change of bounds, a time cycle of two seconds).
    @Test func settingsOverridesTakeEffect() {
        let badge = BadgeLayer()
        badge.name = "new"
        badge.setValue("mail", forKey: "name")
        badge.name = nil
        #expect(badge.renames == ["new", "mail", nil] && badge.name == nil)
        #expect(badge.style?["cornerRadius"] as? Int == 4)
        badge.displayIfNeeded()
        badge.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
        #expect(badge.needsDisplay(), "a change of bounds marks it for display")
        badge.duration = 2
        badge.setValue(2.0, forKey: "duration")
        #expect(badge.durationSets == 2 && badge.duration == 2)
        badge.repeatCount = .infinity
        #expect(badge.convertTime(5, from: nil) == 1, "its time cycles every two seconds")
    }

    @Test func hierarchyLayoutAndDrawingOverridesAreCalled() {
        let root = CALayer()
        let gauge = GaugeLayer()
        gauge.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        root.addSublayer(gauge)
        let needle = CALayer()
        gauge.addSublayer(needle)
        gauge.log.removeAll()
        gauge.setNeedsLayout()
        gauge.layoutIfNeeded()
        #expect(gauge.log == ["layout"])
        #expect(needle.frame == CGRect(x: 2, y: 2, width: 36, height: 16))
        gauge.log.removeAll()
        gauge.setNeedsDisplay()
        gauge.displayIfNeeded()
        #expect(gauge.log == ["display"] && gauge.drawnSizes == [CGSize(width: 40, height: 20)])
        #expect(gauge.contents is CGImage)
        gauge.log.removeAll()
        gauge.removeFromSuperlayer()
        #expect(gauge.log == ["removeFromSuperlayer"] && root.sublayers == nil)
        #expect(gauge.preferredFrameSize() == CGSize(width: 120, height: 40))
        #expect("\(gauge)" == "Gauge")
    }

    @Test func classOverridesAnswerForTheSubclass() {
        let gauge = GaugeLayer()
        #expect(gauge.value(forKey: "needle") as? CGFloat == 0.5)
        #expect(GaugeLayer.needsDisplay(forKey: "needle") && !CALayer.needsDisplay(forKey: "needle"))
        gauge.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        gauge.displayIfNeeded()
        gauge.drawnSizes.removeAll()
        gauge.setValue(0.75, forKey: "needle")
        gauge.displayIfNeeded()
        #expect(gauge.drawnSizes.count == 1, "needsDisplay(forKey:) marked the layer")
    }

    @Test func hitTestingCallsTheOverrides() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        root.position = CGPoint(x: 100, y: 100)
        let gauge = GaugeLayer()
        gauge.frame = CGRect(x: 50, y: 50, width: 20, height: 20)
        root.addSublayer(gauge)
        gauge.log.removeAll()
        // 5 points left of the gauge: inside its widened contains(_:).
        #expect(root.hitTest(CGPoint(x: 45, y: 60)) === gauge)
        #expect(gauge.log == ["hitTest"])
        #expect(root.hitTest(CGPoint(x: 20, y: 60)) === root)
    }

    @Test func animationOverridesSeeExplicitAndImplicitAnimations() {
        let gauge = GaugeLayer()
        let host = CALayerHost(rootLayer: gauge)
        defer {
            host.detach()
            finishAnimations(of: gauge)
        }
        CATransaction.flush()  // the tree's first commit: changes run actions from now on
        gauge.log.removeAll()
        gauge.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade")
        // Implicit animations go through add(_:forKey:) too; position's action is NSNull.
        gauge.cornerRadius = 4
        gauge.position = CGPoint(x: 5, y: 5)
        #expect(gauge.log == ["add fade", "add cornerRadius", "position 5.0,5.0"])
        #expect(gauge.animationKeys() == ["fade", "cornerRadius"])
        gauge.removeAllAnimations()
        #expect(gauge.log.last == "removeAllAnimations" && gauge.animationKeys() == nil)
    }

    @Test func layerClassSubclassesOverrideTheirProperties() {
        let ring = RingLayer()
        ring.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        #expect(ring.path?.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 30, height: 20))
        ring.strokeEnd = 0.5
        #expect(ring.lineWidth == 5)
    }

    @Test func animationPropertyOverridesAreWhatTheEngineReads() throws {
        let pulse = FixedPulse(keyPath: "opacity")
        pulse.duration = 0.1
        pulse.toValue = 0.5
        #expect(pulse.duration == 3 && !pulse.isRemovedOnCompletion && pulse.fillMode == .forwards)
        #expect(pulse.toValueSets == 1)
        let copy = try #require(pulse.copy() as? FixedPulse)
        #expect(copy.toValue as? Double == 0.5 && copy.duration == 3)
        let layer = CALayer()
        defer { finishAnimations(of: layer) }
        layer.add(pulse, forKey: "pulse")
        #expect(layer.animation(forKey: "pulse")?.duration == 3)
    }
}
