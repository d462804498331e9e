import Foundation
import Testing

@testable import GLayers

/// `TimingSampler.alwaysSamplesFrom`, which lets a frame skip putting an animation's target
/// back to its model value (`AnimationStack`): it must never promise a sample that
/// `uneasedSample(parentTime:)` does not give.
@Suite struct TimingSamplerTests {
    /// An animation's timing.
    struct Timing {
        var name: String
        var duration = 0.5
        var repeatCount: Float = 0
        var repeatDuration = 0.0
        var beginTime = 0.0
        var speed: Float = 1
        var fill = CAMediaTimingFillMode.removed

        var sampler: TimingSampler {
            let a = CABasicAnimation(keyPath: "opacity")
            a.duration = duration
            a.repeatCount = repeatCount
            a.repeatDuration = repeatDuration
            a.beginTime = beginTime
            a.speed = speed
            a.fillMode = fill
            return TimingSampler(a, duration: duration)
        }
    }

    @Test func promisesOnlySamplesItGives() {
        let cases = [
            Timing(name: "once"),
            Timing(name: "forever", repeatCount: .infinity),
            Timing(name: "forever from 2 s", repeatCount: .infinity, beginTime: 2),
            Timing(name: "filling forwards from 1 s", beginTime: 1, fill: .forwards),
            Timing(name: "filling both ways from 1 s", beginTime: 1, fill: .both),
            Timing(name: "filling backwards", beginTime: 1, fill: .backwards),
            Timing(name: "stopped", beginTime: 3, speed: 0, fill: .forwards),
            Timing(name: "backwards forever", repeatCount: .infinity, speed: -1),
            Timing(name: "for a repeat duration", repeatDuration: 2, fill: .forwards),
            Timing(name: "no duration", duration: 0, fill: .both),
        ]
        var promised: [String] = []
        for timing in cases {
            let s = timing.sampler
            guard let from = s.alwaysSamplesFrom else { continue }
            promised.append(timing.name)
            for t in stride(from: -3.0, through: 6, by: 0.125) where t >= from {
                #expect(s.uneasedSample(parentTime: t) != nil, "\(timing.name) at \(t) s")
            }
        }
        #expect(
            promised == [
                "forever", "forever from 2 s", "filling forwards from 1 s", "filling both ways from 1 s", "stopped",
                "backwards forever", "for a repeat duration",
            ])
        #expect(Timing(name: "", repeatCount: .infinity, beginTime: 2).sampler.alwaysSamplesFrom == 2)
        #expect(Timing(name: "", beginTime: 1, fill: .both).sampler.alwaysSamplesFrom == -.infinity)
        #expect(Timing(name: "", beginTime: 3, speed: 0, fill: .forwards).sampler.alwaysSamplesFrom == -.infinity)
    }
}
