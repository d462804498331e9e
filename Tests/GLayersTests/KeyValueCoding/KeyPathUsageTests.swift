import Foundation
import GLayers
import Testing

/// Key paths real Core Animation code uses beyond Apple's table (issue #11).
@Suite struct KeyPathUsageTests {
    /// `transform.scale.xy` sets the x and y scales together and leaves z alone; reading it
    /// gives the mean of the two.
    @Test func scaleXYSetsXAndYTogether() throws {
        let l = CALayer()
        l.transform = CATransform3DMakeScale(2, 4, 7)
        #expect(close(try #require(l.value(forKeyPath: "transform.scale.xy") as? CGFloat), 3))
        l.setValue(5, forKeyPath: "transform.scale.xy")
        #expect(close(l.transform, CATransform3DMakeScale(5, 5, 7)))
        l.transform = CATransform3DRotate(CATransform3DMakeScale(2, 2, 1), .pi / 2, 0, 0, 1)
        l.setValue(0.5, forKeyPath: "sublayerTransform.scale.xy")
        l.setValue(3, forKeyPath: "transform.scale.xy")
        #expect(close(l.transform, CATransform3DRotate(CATransform3DMakeScale(3, 3, 1), .pi / 2, 0, 0, 1)))
        #expect(close(l.sublayerTransform, CATransform3DMakeScale(0.5, 0.5, 1)))
    }
}

extension ClockTests {
    /// Animations of the key paths of `KeyPathUsageTests`.
    @Suite struct KeyPathUsageAnimations {
        /// A pulse: `transform.scale.xy` from 1 to 3 on a layer scaled by 7 in z, on the fast path.
        @Test func scaleXYAnimatesOnTheFastPath() {
            withManualClock {
                let layer = CALayer()
                layer.transform = CATransform3DMakeScale(1, 2, 7)
                let pulse = CABasicAnimation(keyPath: "transform.scale.xy")
                pulse.fromValue = 1
                pulse.toValue = 3
                pulse.duration = 2
                layer.add(pulse, forKey: "pulse")
                #expect(layer.fastAnimationCount == 1)
                frame(at: 0)
                frame(at: 1)
                #expect(close(presentedTransform(layer), CATransform3DMakeScale(2, 2, 7)))
                frame(at: 1.5)
                #expect(close(presentedTransform(layer), CATransform3DMakeScale(2.5, 2.5, 7)))
                frame(at: 2.5)
                #expect(close(presentedTransform(layer), CATransform3DMakeScale(1, 2, 7)))
            }
        }
    }
}
