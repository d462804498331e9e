import Foundation
import Testing

@testable import GLayers

/// A layer's own time cycles when it has a finite duration, as an animation's does
/// (docs/semantics.md#layer-time-cycles).
@Suite struct LayerTimeCycleTests {
    @Test func aFiniteDurationRepeatsTheLayersTime() {
        let layer = CALayer()
        layer.duration = 2
        layer.repeatCount = 3
        #expect(layer.convertTime(0.5, from: nil) == 0.5)
        #expect(layer.convertTime(2.5, from: nil) == 0.5)
        #expect(layer.convertTime(5.5, from: nil) == 1.5)
        #expect(layer.convertTime(6, from: nil) == 2, "the end of the last cycle")
        #expect(layer.convertTime(9, from: nil) == 2, "held after the active duration")
        #expect(layer.convertTime(-1, from: nil) == 0, "time 0 before the begin")
    }

    @Test func autoreversesPlaysEachCycleBack() {
        let layer = CALayer()
        layer.duration = 2
        layer.autoreverses = true
        layer.repeatCount = .infinity
        #expect(layer.convertTime(1, from: nil) == 1)
        #expect(layer.convertTime(3, from: nil) == 1)
        #expect(layer.convertTime(4.5, from: nil) == 0.5)
    }

    @Test func beginTimeSpeedAndOffsetApplyBeforeTheCycle() {
        let parent = CALayer()
        let layer = CALayer()
        parent.addSublayer(layer)
        layer.beginTime = 10
        layer.speed = 2
        layer.timeOffset = 1
        layer.duration = 4
        layer.repeatCount = 2
        // Active time (12 − 10) · 2 = 4, plus the offset 1: 5 → 1 in the second cycle.
        #expect(layer.convertTime(12, from: parent) == 1)
        // Sublayers inherit the cycled time.
        let child = CALayer()
        layer.addSublayer(child)
        #expect(child.convertTime(12, from: parent) == 1)
    }

    @Test func anInfiniteDurationKeepsTheLayerOutOfCycles() {
        let layer = CALayer()
        layer.repeatCount = 4
        layer.autoreverses = true
        #expect(layer.convertTime(100, from: nil) == 100)
    }
}
