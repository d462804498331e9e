import Foundation
import Testing

@testable import GLayers

/// `Diagnostics.capture`: each thread keeps its own captures; they nest, and every capture open
/// on the thread receives a warning reported on it.
@Suite struct DiagnosticsTests {
    @Test func capturesNestAndEachReceivesItsWarnings() {
        let (inner, outer) = Diagnostics.capture { () -> [String] in
            Diagnostics.warn("before")
            let (_, inner) = Diagnostics.capture { Diagnostics.warn("inside") }
            Diagnostics.warn("after")
            return inner
        }
        #expect(inner == ["inside"])
        #expect(outer == ["before", "inside", "after"])
        // A capture that ends empties nothing of the next: a new capture starts with no warnings.
        #expect(Diagnostics.capture { 1 }.warnings.isEmpty)
    }

    @Test func aCaptureEndsWhenItsBlockThrows() {
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try Diagnostics.capture {
                Diagnostics.warn("lost with the error")
                throw Failure()
            }
        }
        #expect(Diagnostics.capture { Diagnostics.warn("next") }.warnings == ["next"])
    }

    /// A warning reported on another thread goes to that thread's captures (or standard error),
    /// never to a capture open here.
    @Test func otherThreadsKeepTheirOwnWarnings() {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var theirs: [String] = []
        let (_, mine) = Diagnostics.capture {
            Diagnostics.warn("mine")
            Thread.detachNewThread {
                theirs = Diagnostics.capture { Diagnostics.warn("theirs") }.warnings
                done.signal()
            }
            done.wait()
        }
        #expect(mine == ["mine"])
        #expect(theirs == ["theirs"])
    }
}
