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

    /// `captureCatching` collects the warnings as `capture` does and hands back what the block
    /// threw, with the warnings reported before it.
    @Test func captureCatchingKeepsTheErrorAndTheWarnings() {
        struct Failure: Error, CustomStringConvertible { var description: String { "refused" } }
        let failed = Diagnostics.captureCatching {
            Diagnostics.warn("first")
            throw Failure()
        }
        #expect(failed.error.map { "\($0)" } == "refused")
        #expect(failed.warnings == ["first"])
        let (outer, inner) = Diagnostics.capture { () -> (any Error)? in
            Diagnostics.warn("outside")
            let inner = Diagnostics.captureCatching { Diagnostics.warn("inside") }
            #expect(inner.warnings == ["inside"])
            return inner.error
        }
        #expect(outer == nil && inner == ["outside", "inside"])
        #expect(Diagnostics.captureCatching {}.warnings.isEmpty)
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

/// `NumberCoercion.double`: the number any value holds, whatever its type: the common ones
/// (`Double`, `NSNumber`, `CGFloat`) are read where `Any` keeps them, the rest cast.
@Suite struct NumberCoercionTests {
    @Test func readsEveryNumberType() {
        let values: [(Any?, Double?)] = [
            (1.5, 1.5), (-0.0, -0.0), (Double.infinity, .infinity), (NSNumber(value: 2.25), 2.25),
            (NSNumber(value: 7), 7), (CGFloat(4.75), 4.75), (Float(0.5), 0.5), (3, 3), (Int32(-2), -2),
            (Int64(1 << 40), Double(1 << 40)), (UInt(9), 9), (UInt32(8), 8), (Optional(6.5) as Any, 6.5),
            ("1.5", nil), (CGPoint.zero, nil), (nil, nil), ([1.0], nil),
        ]
        for (value, expected) in values {
            #expect(NumberCoercion.double(value) == expected, "\(String(describing: value))")
        }
        #expect(NumberCoercion.double(Double.nan)?.isNaN == true)
    }

    /// An `NSNumber` read without a cast stays alive and unchanged (the read retains it).
    @Test func anNSNumberReadTwiceIsTheSame() {
        let n: Any = NSNumber(value: 0.125)
        for _ in 0..<3 { #expect(NumberCoercion.double(n) == 0.125) }
        #expect((n as? NSNumber)?.doubleValue == 0.125)
    }
}
