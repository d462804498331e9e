import Foundation
import GLayers
import Testing

extension ClockTests {
    /// Implicit transactions commit at the end of a run-loop turn, without a flush
    /// (docs/semantics.md#run-loop-commits).
    @Suite struct RunLoopCommits {
        func liveLayer() -> (CALayerHost, CALayer) {
            let root = CALayer(), layer = CALayer()
            root.addSublayer(layer)
            let host = CALayerHost(rootLayer: root)
            CATransaction.flush()
            return (host, layer)
        }

        /// Runs this thread's run loop for one short turn.
        func runTurn() {
            RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.01))
        }

        @Test func aTurnCommitsTheImplicitTransaction() {
            withManualClock(at: 5) {
                let (host, layer) = liveLayer()
                defer { host.detach() }
                layer.opacity = 0.5
                // Added, not yet committed: its begin time is fixed at the commit.
                #expect(layer.animation(forKey: "opacity")?.beginTime == 0)
                runTurn()
                #expect(layer.animation(forKey: "opacity")?.beginTime == 5)
                // A host that flushes itself still sees the change and draws it.
                #expect(CALayerHost.hasPendingWork)
            }
        }

        @Test func aTurnStartsAnimationsAndDeliversTheirStart() {
            withManualClock(at: 2) {
                let (host, layer) = liveLayer()
                defer { host.detach() }
                let recorder = recordedFade(on: layer, duration: 1)
                #expect(recorder.events.isEmpty)
                runTurn()
                #expect(recorder.events == ["start"])
                CAMediaClock.setTime(3.5)
                runTurn()
                #expect(recorder.events == ["start"])
                layer.opacity = 0.25
                runTurn()
                #expect(recorder.events == ["start", "stop true"])
            }
        }

        /// Measured on Apple: a completion block with no animations runs on the next run-loop
        /// turn after the commit, never inside `commit()`.
        @Test func aCompletionBlockRunsOnTheNextTurn() {
            withManualClock {
                var ran = 0
                CATransaction.begin()
                CATransaction.setCompletionBlock { ran += 1 }
                CATransaction.commit()
                #expect(ran == 0)
                runTurn()
                #expect(ran == 1)
                runTurn()
                #expect(ran == 1)
            }
        }

        @Test func anOpenExplicitTransactionWaitsForItsCommit() {
            withManualClock(at: 1) {
                let (host, layer) = liveLayer()
                defer { host.detach() }
                CATransaction.begin()
                layer.opacity = 0.5
                runTurn()
                #expect(layer.animation(forKey: "opacity")?.beginTime == 0)
                CATransaction.commit()
                #expect(layer.animation(forKey: "opacity")?.beginTime == 1)
            }
        }

        /// With the real clock, the run loop wakes when an animation ends and delivers its stop
        /// and the completion block waiting for it.
        @Test func theRunLoopWakesWhenAnAnimationEnds() {
            CAMediaClock.useSystemTime()
            let (host, layer) = liveLayer()
            defer { host.detach() }
            var completed = false
            CATransaction.begin()
            CATransaction.setCompletionBlock { completed = true }
            let recorder = recordedFade(on: layer, duration: 0.05)
            CATransaction.commit()
            let deadline = Date(timeIntervalSinceNow: 5)
            while !completed && Date() < deadline {
                RunLoop.current.run(mode: .default, before: deadline)
            }
            #expect(completed)
            #expect(recorder.events == ["start", "stop true"])
            CATransaction.flush()
        }
    }
}
