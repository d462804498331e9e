import Foundation
import Testing

@testable import GLayers

extension ClockTests {
    /// The sweep that evaluates a tree before it is flattened (`evaluatePresentationTree`)
    /// leaves out the trees of layers that show nothing (`LayerState.showsNothing`), which are
    /// not drawn: a Lottie layer outside its in and out points is hidden, and most of a
    /// composition's layers are at any one time. What asks for them evaluates them then.
    @Suite struct HiddenTreeEvaluation {
        /// A layer moving from x = 0 to 100 over a second from 0.
        static func movingLayer() -> CALayer {
            let layer = CALayer()
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 0
            move.toValue = 100
            move.duration = 1
            layer.add(move, forKey: "move")
            return layer
        }

        @Test func theTreeOfAHiddenLayerIsEvaluatedWhenAskedFor() {
            withManualClock {
                let root = CALayer()
                // Hidden by its model value, and by an animation until 0.6.
                let hidden = CALayer(), shown = CALayer()
                hidden.isHidden = true
                let show = CAKeyframeAnimation(keyPath: "hidden")
                show.values = [true, false]
                show.keyTimes = [0, 0.6]
                show.calculationMode = .discrete
                show.duration = 1
                shown.add(show, forKey: "show")
                let a = Self.movingLayer(), b = Self.movingLayer()
                hidden.addSublayer(a)
                shown.addSublayer(b)
                root.addSublayer(hidden)
                root.addSublayer(shown)
                frame(at: 0)
                frame(at: 0.5)
                root.evaluatePresentationTree(atMediaTime: 0.5)
                #expect(a.animations.evaluatedTime.isNaN, "under a hidden layer: left out")
                #expect(b.animations.evaluatedTime.isNaN, "under a layer hidden by its animation: left out")
                #expect(abs(presented(a, "position.x") - 50) < 1e-9, "evaluated when asked")
                #expect(abs(presented(b, "position.x") - 50) < 1e-9, "evaluated when asked")
                frame(at: 0.75)
                root.evaluatePresentationTree(atMediaTime: 0.75)
                #expect(a.animations.evaluatedTime == 0.5, "still hidden: what was asked for stays")
                #expect(b.animations.evaluatedTime == 0.75, "shown from 0.6: evaluated by the sweep")
            }
        }

        /// A wholly transparent layer's tree is left out too; what shows nothing is hidden or of
        /// zero or NaN opacity (a transition's is drawn: flattening's rule, tested with it).
        @Test func aTransparentLayersTreeIsLeftOut() {
            withManualClock {
                let root = CALayer(), clear = CALayer()
                clear.opacity = 0
                let a = Self.movingLayer()
                clear.addSublayer(a)
                root.addSublayer(clear)
                frame(at: 0)
                frame(at: 0.25)
                root.evaluatePresentationTree(atMediaTime: 0.25)
                #expect(a.animations.evaluatedTime.isNaN)
                var state = clear.layerState
                #expect(state.showsNothing)
                state.opacity = .nan
                #expect(state.showsNothing, "NaN opacity draws nothing")
                state.isHidden = true
                state.opacity = 1
                #expect(state.showsNothing)
                state.isHidden = false
                #expect(!state.showsNothing)
            }
        }
    }
}
