/// The media clock (`CAMediaClock`) is one per process, and `swift test` runs the suites of
/// every test target in one process, in parallel. A suite that sets the clock (to play an
/// animation at exact times) must not run while another suite moves it, or its animations
/// begin at the other suite's times. The `.mediaClock` trait leases the clock to one suite at
/// a time, across test targets.
///
/// - Put it on root suites only (`ClockTests`, `SceneSerialTests`, host suites that render at
///   times): a suite nested in one that holds the lease would wait for itself.
/// - Waiting suites are suspended, not blocked, so they hold no thread while they wait.
import Testing

/// Grants the media clock to one holder at a time, first come first served.
actor MediaClockLease {
    static let shared = MediaClockLease()
    private var held = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        guard held else {
            held = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        if waiters.isEmpty {
            held = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}

/// Runs a whole suite while it holds the media clock (see the file's description).
public struct MediaClockTrait: SuiteTrait, TestScoping {
    /// Once around the whole suite, not around each test.
    public var isRecursive: Bool { false }

    /// Runs `function` holding the lease.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await MediaClockLease.shared.acquire()
        do {
            try await function()
        } catch {
            await MediaClockLease.shared.release()
            throw error
        }
        await MediaClockLease.shared.release()
    }
}

extension Trait where Self == MediaClockTrait {
    /// The suite sets the process-wide media clock: it runs while no other such suite does.
    public static var mediaClock: Self { Self() }
}
