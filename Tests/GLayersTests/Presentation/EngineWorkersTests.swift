import Foundation
import Synchronization
import Testing

@testable import GLayers

extension ClockTests {
    /// The engine's worker threads (`EngineWorkers`): every chunk of a job runs exactly once,
    /// whatever the threads, and a call made while another runs does its chunks itself. In the
    /// serialized suite tree, as every test that sets `EngineThreads.count` (process-wide).
    @Suite struct EngineWorkersTests {
        /// Counts the runs of each chunk.
        struct CountingJob: EngineJob {
            let runs: UnsafeMutableBufferPointer<Atomic<Int>>
            func run(chunk k: Int) { runs[k].wrappingAdd(1, ordering: .relaxed) }
        }

        /// Runs `body` with `EngineThreads.count` set to `threads`.
        func withThreads(_ threads: Int, _ body: () -> Void) {
            let saved = EngineThreads.count
            EngineThreads.count = threads
            defer { EngineThreads.count = saved }
            body()
        }

        /// Runs `job` over `n` chunks and returns how many times each ran.
        func counts(_ n: Int, nested: Bool = false) -> [Int] {
            let runs = UnsafeMutableBufferPointer<Atomic<Int>>.allocate(capacity: n)
            for i in 0..<n { runs.initializeElement(at: i, to: Atomic(0)) }
            defer { runs.deallocate() }
            if nested {
                // A chunk that asks for parallel work itself: the inner call runs on its own thread.
                struct Outer: EngineJob {
                    let inner: CountingJob
                    let n: Int
                    func run(chunk k: Int) {
                        if k == 0 { EngineWorkers.shared.run(n, inner) }
                    }
                }
                EngineWorkers.shared.run(4, Outer(inner: CountingJob(runs: runs), n: n))
            } else {
                EngineWorkers.shared.run(n, CountingJob(runs: runs))
            }
            return (0..<n).map { runs[$0].load(ordering: .relaxed) }
        }

        @Test(arguments: [1, 2, 3, 8])
        func everyChunkRunsOnce(threads: Int) {
            withThreads(threads) {
                for n in [0, 1, 2, 7, 1000] {
                    #expect(counts(n) == Array(repeating: 1, count: n), "\(n) chunks on \(threads) threads")
                }
            }
        }

        @Test func aCallInsideACallRunsItsChunksToo() {
            withThreads(4) {
                #expect(counts(100, nested: true) == Array(repeating: 1, count: 100))
            }
        }
    }
}
