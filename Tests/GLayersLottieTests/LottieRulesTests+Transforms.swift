import Foundation
import GLayers
import Testing

@testable import GLayersLottie

/// Layer transforms.
extension LottieRulesTests {
    /// A keyframed negative scale flips as After Effects and lottie-ios flip it: (−100, −100) %
    /// is a half turn, (−100, 100) % a mirror in x, (100, −100) % a mirror in y. The model of a
    /// keyframed scale keeps a scale of 1: written from the first keyframe, its flip was undone
    /// or doubled by the animation's own (found against ThorVG on a LottieFiles animation,
    /// `gradient_shapes`: 0.80 of pixels matching).
    @Test func aKeyframedNegativeScaleFlips() throws {
        for (x, y) in [(-100.0, -100.0), (-100, 100), (100, -100), (-50, 200)] {
            let json = """
                {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"nm":"flipped","ip":0,"op":10,
                 "ks":{"p":{"k":[50,50]},"s":{"a":1,"k":[{"t":0,"s":[\(x),\(y)],"o":{"x":[0],"y":[0]},
                 "i":{"x":[1],"y":[1]}},{"t":10,"s":[\(x / 2),\(y / 2)]}]}},
                 "shapes":[{"ty":"rc","p":{"k":[10,0]},"s":{"k":[20,10]},"r":{"k":0}},{"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}]}]}
                """
            let player = LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))
            let scaled = try #require(all(player).first { $0.animation(forKey: "transform.scale.x") != nil })
            for (frame, k) in [(0.0, 1.0), (5, 0.75)] {
                player.currentFrame = frame
                CATransaction.flush()
                let shown = try #require(scaled.presentation()).transform
                let want = CATransform3DMakeScale(x / 100 * k, y / 100 * k, 1)
                #expect(
                    [shown.m11 - want.m11, shown.m12, shown.m21, shown.m22 - want.m22].allSatisfy { abs($0) < 1e-9 },
                    "scale (\(x), \(y)) at frame \(frame): \(shown)")
            }
        }
    }

    /// A stroke passed down into a group whose scale animates keeps the width of the group
    /// that lists it at every keyframe of the scale, interpolated between them as lottie-ios's
    /// combined keyframes are: 12 through a scale going from 100 % to 400 % is 12, then 3 (it
    /// kept the width at the first keyframe, 12, and so grew to 48 on the screen).
    @Test func aStrokePassedIntoAnAnimatedScaleKeepsItsWidth() throws {
        let json = """
            {"fr":10,"ip":0,"op":10,"w":200,"h":200,"layers":[{"ty":4,"ip":0,"op":10,"ks":{},"shapes":[
              {"ty":"gr","it":[
                {"ty":"el","p":{"k":[0,0]},"s":{"k":[20,20]}},
                {"ty":"tr","p":{"k":[100,100]},"a":{"k":[0,0]},"r":{"k":0},"o":{"k":100},
                 "s":{"a":1,"k":[{"t":0,"s":[100,100],"o":{"x":[0.5],"y":[0]},"i":{"x":[0.5],"y":[1]}},{"t":10,"s":[400,400]}]}}]},
              {"ty":"st","c":{"k":[1,0,0,1]},"o":{"k":100},"w":{"k":12},"lc":1,"lj":1}]}]}
            """
        let player = LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))
        let stroke = try #require(all(player).compactMap { $0 as? CAShapeLayer }.first { $0.strokeColor != nil })
        let width = try #require(stroke.animation(forKey: "lineWidth") as? CAKeyframeAnimation)
        #expect(width.values?.compactMap { ($0 as? CGFloat) ?? ($0 as? Double).map { CGFloat($0) } } == [12, 3])
        #expect(width.timingFunctions?.count == 1, "the scale's easing")
    }
}
