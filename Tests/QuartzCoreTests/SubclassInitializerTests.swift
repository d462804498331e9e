import QuartzCore
import Testing

// The initializer patterns of layer and animation subclasses that compile unchanged
// (docs/porting.md#subclasses), and the ones that need the documented line.

/// No initializer: inherits every one.
private final class PlainRing: CALayer {
    var lineWidth: CGFloat = 2
}

/// Apple's pattern for a layer with a custom property.
private class ProgressRing: CALayer {
    dynamic var progress: CGFloat = 0
    var copiesMade = 0

    override init() {
        super.init()
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? ProgressRing {
            progress = other.progress
            other.copiesMade += 1
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A subclass of a layer class, with Apple's pattern.
private final class Arc: CAShapeLayer {
    var sweep: CGFloat = 0

    override init() {
        super.init()
        lineWidth = 4
    }

    override init(layer: Any) {
        super.init(layer: layer)
        sweep = (layer as? Arc)?.sweep ?? 0
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// An initializer of its own, with `init(layer:)` and `init?(coder:)`: Apple's pattern, as is.
private final class Swatch: CALayer {
    let color: CGColor

    init(color: CGColor) {
        self.color = color
        super.init()
        backgroundColor = color
    }

    override init(layer: Any) {
        color = (layer as? Swatch)?.color ?? CGColor(gray: 0, alpha: 1)
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// The line glayers asked for before presentation copies went through `init(layer:)` itself:
/// code that kept it still compiles and copies.
private final class LegacySwatch: CALayer {
    let color: CGColor

    init(color: CGColor) {
        self.color = color
        super.init()
    }

    override init(layer: Any) {
        color = (layer as? LegacySwatch)?.color ?? CGColor(gray: 0, alpha: 1)
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    required convenience init(presenting layer: CALayer) { self.init(layer: layer) }
}

/// An animation with Apple's pattern.
private final class Pulse: CABasicAnimation {
    var strength: CGFloat = 1

    override init() {
        super.init()
        keyPath = "opacity"
        duration = 2
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone)
        (copy as? Pulse)?.strength = strength
        return copy
    }
}

/// An animation with an initializer of its own: needs `init(copying:)` (the documented line).
private final class Wobble: CAKeyframeAnimation {
    let turns: Int

    init(turns: Int) {
        self.turns = turns
        super.init()
        keyPath = "transform.rotation.z"
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    required convenience init(copying other: CAAnimation?) { self.init(turns: (other as? Wobble)?.turns ?? 1) }
}

/// A confetti cell as apps subclass `CAEmitterCell`: `override init()` and NSCoding's initializer.
private final class ConfettiCell: CAEmitterCell {
    override init() {
        super.init()
        birthRate = 4
        lifetime = 10
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        birthRate = 4
    }
}

@Suite struct SubclassInitializers {
    @Test func emitterCellSubclassesWithApplesInitializers() {
        let cells = (0..<3).map { _ in ConfettiCell() }
        #expect(cells.allSatisfy { $0.birthRate == 4 && $0.lifetime == 10 })
        let emitter = CAEmitterLayer()
        emitter.emitterCells = cells
        #expect(emitter.emitterCells?.count == 3)
        #expect(type(of: CAEmitterCell.emitterCell()) == CAEmitterCell.self)
    }

    @Test func presentationCopiesHaveTheSubclassAndItsProperties() throws {
        let plain = PlainRing()
        plain.lineWidth = 5
        plain.opacity = 0.5
        let p = try #require(plain.presentation())
        #expect(p !== plain && p.opacity == 0.5 && p.lineWidth == 2, "init(layer:) not overridden: defaults")

        let ring = ProgressRing()
        ring.progress = 0.75
        ring.name = "ring"
        let q = try #require(ring.presentation())
        #expect(q !== ring && q.progress == 0.75 && q.name == "ring" && ring.copiesMade == 1)

        let arc = Arc()
        arc.sweep = 90
        let r = try #require(arc.presentation())
        #expect(r.sweep == 90 && r.lineWidth == 4)

        let swatch = Swatch(color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        let s = try #require(swatch.presentation())
        #expect(s.color == swatch.color && s.backgroundColor == swatch.color)

        let legacy = LegacySwatch(color: CGColor(gray: 0.5, alpha: 1))
        #expect(try #require(legacy.presentation()).color == legacy.color)
    }

    @Test func animationCopiesHaveTheSubclassAndItsProperties() throws {
        let pulse = Pulse()
        pulse.strength = 3
        pulse.toValue = 0.2
        let copy = try #require(pulse.copy() as? Pulse)
        #expect(copy !== pulse && copy.strength == 3 && copy.duration == 2 && copy.keyPath == "opacity")
        #expect(copy.toValue as? Double == 0.2)
        #expect(Pulse.animation().keyPath == "opacity")

        let wobble = Wobble(turns: 3)
        wobble.values = [0, 1, 0]
        wobble.duration = 0.5
        let w = try #require(wobble.copy() as? Wobble)
        #expect(w.turns == 3 && w.duration == 0.5 && w.values?.count == 3 && w.keyPath == "transform.rotation.z")
    }
}
