import Foundation
import GLayers
import Testing

/// A dial that draws from its `level`, redrawn when it changes (`needsDisplay(forKey:)`).
private final class LevelLayer: CALayer {
    var level: CGFloat {
        get { value(forKey: "level") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "level") }
    }
    nonisolated(unsafe) static var drawnLevels: [CGFloat] = []

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "level" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        if !isCopy { LevelLayer.drawnLevels.append(level) }
        ctx.setFillColor(CGColor(gray: level, alpha: 1))
        ctx.fill(bounds)
    }

    private var isCopy: Bool { model() !== self }
}

extension ClockTests {
    /// Which changes run actions: a layer joins the live tree at its first commit
    /// (docs/semantics.md#live-trees).
    @Suite struct FirstCommit {
        /// Created, inserted and placed in one transaction: it appears as set, with no
        /// animation; its `onOrderIn` event still runs; after the commit its changes animate.
        @Test func aLayerSetUpInTheTransactionThatInsertsItDoesNotAnimate() {
            withManualClock {
                let root = CALayer()
                let host = CALayerHost(rootLayer: root)
                CATransaction.flush()
                let badge = CALayer()
                var ordered: [String] = []
                final class OrderIn: CAAction {
                    let note: () -> Void
                    init(_ note: @escaping () -> Void) { self.note = note }
                    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
                        note()
                    }
                }
                badge.actions = [kCAOnOrderIn: OrderIn { ordered.append("in") }]
                root.addSublayer(badge)
                badge.position = CGPoint(x: 50, y: 50)
                badge.opacity = 0.5
                #expect(badge.animationKeys() == nil && ordered == ["in"])
                frame(at: 0.1)
                #expect(badge.presentation()?.position == CGPoint(x: 50, y: 50))
                badge.position = CGPoint(x: 80, y: 50)
                #expect(badge.animationKeys() == ["position"])
                host.detach()
            }
        }

        /// A subtree built off screen and inserted: none of its layers animates in that
        /// transaction, all of them do after it; so does a tree whose root a host takes.
        @Test func insertedSubtreesAndHostedTreesJoinAtTheCommit() {
            withManualClock {
                let root = CALayer()
                let host = CALayerHost(rootLayer: root)
                let top = CALayer()
                root.addSublayer(top)
                top.opacity = 0.5
                #expect(top.animationKeys() == nil, "hosted and changed before the first commit")
                frame(at: 0)
                let card = CALayer(), label = CALayer(), mask = CALayer()
                card.addSublayer(label)
                card.mask = mask
                root.addSublayer(card)
                label.opacity = 0.5
                mask.opacity = 0.5
                #expect(label.animationKeys() == nil && mask.animationKeys() == nil)
                frame(at: 0.1)
                label.opacity = 1
                mask.opacity = 1
                top.opacity = 1
                #expect(label.animationKeys() == ["opacity"] && mask.animationKeys() == ["opacity"])
                #expect(top.animationKeys() == ["opacity"])
                host.detach()
            }
        }

        /// A layer that draws from its presented value is not displayed again when the
        /// animation of its `needsDisplay(forKey:)` property ends: the model was displayed when
        /// its value changed, and those contents show again.
        @Test func theModelIsNotRedisplayedWhenItsAnimationEnds() throws {
            try withManualClock {
                let root = CALayer()
                let host = CALayerHost(rootLayer: root)
                let dial = LevelLayer()
                dial.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
                root.addSublayer(dial)
                frame(at: 0)
                LevelLayer.drawnLevels = []
                let rise = CABasicAnimation(keyPath: "level")
                rise.fromValue = CGFloat(0)
                rise.toValue = CGFloat(1)
                rise.duration = 1
                dial.level = 1
                dial.add(rise, forKey: "rise")
                frame(at: 0)
                #expect(LevelLayer.drawnLevels == [1], "the model drew its new value at the commit")
                let contents = try #require(dial.contents as? CGImage)
                frame(at: 0.5)
                frame(at: 1.5)
                #expect(dial.animationKeys() == nil)
                #expect(LevelLayer.drawnLevels == [1], "no display when the animation ends")
                #expect((dial.contents as? CGImage) === contents)
                host.detach()
            }
        }
    }
}
