/// The render thread's hand-off wait (`HandOffWait`): it polls before sleeping only while its
/// last wait was shorter than the spin limit, so frames drawn back to back skip the kernel's
/// wake-up and a window paced by the display does not burn a core.
import Foundation
import GLayersGraphics
import Testing

@testable import GLayersHost

@Suite struct HandOffWaitTests {
    @Test func spinsOnlyAfterShortWaits() {
        var wait = HandOffWait()
        var polls = 0
        let start = MonotonicClock.now
        // No wait yet: it polls until the limit passes, then leaves the rest to the condition.
        wait.spin {
            polls += 1
            return false
        }
        #expect(polls > 1 && MonotonicClock.now - start >= HandOffWait.limit)
        usleep(2000)
        wait.ended()
        // The last wait took 2 ms: no polling at all.
        polls = 0
        wait.spin {
            polls += 1
            return false
        }
        #expect(polls == 0)
        wait.ended()
        // That one was short again: it polls until the other side is ready.
        wait.spin {
            polls += 1
            return polls > 3
        }
        #expect(polls == 4)
    }
}
