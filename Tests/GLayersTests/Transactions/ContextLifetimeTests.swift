import Foundation
import Testing

@testable import GLayers

/// A thread's transaction context and the layers whose animations it ticks: a layer holds its
/// context without a weak reference (which would slow every retain of the context), so the
/// context forgets its layers when its thread ends.
@Suite struct ContextLifetimeTests {
    /// Runs `body` on a new POSIX thread and returns once the thread has ended (its
    /// thread-specific values, the transaction context among them, destroyed).
    private func runOnThreadToItsEnd(_ body: @escaping () -> Void) {
        var thread = pthread_t()
        let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        let created = pthread_create(
            &thread, nil,
            { pointer in
                if let pointer { Unmanaged<ThreadBody>.fromOpaque(pointer).takeRetainedValue().body() }
                return nil
            }, box)
        #expect(created == 0)
        pthread_join(thread, nil)
    }

    @Test func aLayerAnimatedOnAnEndedThreadForgetsItsContext() {
        let layer = CALayer()
        nonisolated(unsafe) let shared = layer
        runOnThreadToItsEnd {
            let a = CABasicAnimation(keyPath: "opacity")
            a.toValue = 0.5
            a.duration = 10
            shared.add(a, forKey: "fade")
            CATransaction.flush()
            #expect(shared.animationRegistry != nil)
        }
        #expect(layer.animationRegistry == nil)
        #expect(layer.animationKeys() == ["fade"])
    }

    @Test func aLayerAnimatedOnTwoThreadsIsTickedByTheLastOne() {
        let layer = CALayer()
        nonisolated(unsafe) let shared = layer
        let a = CABasicAnimation(keyPath: "opacity")
        a.duration = 10
        layer.add(a, forKey: "here")
        CATransaction.flush()
        let mine = TransactionContext.current
        #expect(layer.animationRegistry === mine)
        runOnThreadToItsEnd {
            shared.add(a, forKey: "there")
            CATransaction.flush()
        }
        // The other thread's context took the layer from this one, then ended.
        #expect(layer.animationRegistry == nil)
        #expect(mine.animatedLayers[ObjectIdentifier(layer)] == nil)
    }
}

/// What a POSIX thread of these tests runs.
private final class ThreadBody {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}
