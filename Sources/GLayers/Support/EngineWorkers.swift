/// The threads that run the chunks of a frame's parallel work (evaluating a wide tree,
/// flattening a wide layer's leaves), started once and kept for the process: handing work to
/// them allocates nothing, where `DispatchQueue.concurrentPerform` allocated three blocks a call
/// (#21: no allocation per frame at steady state).
///
/// One caller at a time: a call made while another runs (a second thread building frames, or a
/// chunk that asks for parallel work itself) runs its chunks on its own thread, in order.
import Foundation
import Synchronization

/// The engine's worker threads (`EngineThreads.count − 1` of them; the caller is the last).
package final class EngineWorkers: @unchecked Sendable {
    package static let shared = EngineWorkers()

    /// Guards everything below but `next`, and wakes the workers and the caller.
    private let condition = NSCondition()
    private var workerCount = 0
    /// Whether a call is running.
    private var isBusy = false
    /// The running call's job: the address of the caller's value, which stays on its stack, and
    /// its type, which knows how to run a chunk of it (a metatype and a pointer: publishing a
    /// job allocates nothing, where a closure made escaping for the workers allocated two
    /// contexts a call).
    private var job: (address: UnsafeRawPointer, type: any EngineJob.Type)?
    private var iterations = 0
    /// Advanced for every call, so a worker knows a new one from the one it finished.
    private var generation = 0
    /// Workers still working on the running call.
    private var active = 0
    /// The next chunk to take.
    private let next = Atomic<Int>(0)

    private init() {}

    /// Runs `job`'s chunks `0..<iterations`, spread over the engine's threads (the calling
    /// thread takes its share), and returns when all have returned.
    package func run<Job: EngineJob>(_ iterations: Int, _ job: Job) {
        let threads = min(EngineThreads.count, iterations)
        guard threads > 1, claim(workers: threads - 1) else {
            for i in 0..<iterations { job.run(chunk: i) }
            return
        }
        withUnsafePointer(to: job) { address in
            let published = (address: UnsafeRawPointer(address), type: Job.self as any EngineJob.Type)
            condition.lock()
            self.job = published
            self.iterations = iterations
            next.store(0, ordering: .relaxed)
            active = workerCount
            generation &+= 1
            condition.broadcast()
            condition.unlock()
            Self.drain(published, iterations, next)
            condition.lock()
            while active > 0 { condition.wait() }
            self.job = nil
            isBusy = false
            condition.unlock()
        }
    }

    /// Marks a call as running, with at least `workers` workers started; false when another
    /// call runs.
    private func claim(workers: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !isBusy else { return false }
        isBusy = true
        while workerCount < workers {
            workerCount += 1
            // The worker waits for the calls after this one's start (the call about to be
            // published included).
            let seen = generation
            let thread = Thread { [unowned self] in self.work(after: seen) }
            thread.name = "glayers-worker-\(workerCount)"
            thread.start()
        }
        return true
    }

    /// A worker: waits for each call after generation `seen` and takes chunks of it until none
    /// is left.
    private func work(after seen: Int) {
        var seen = seen
        condition.lock()
        while true {
            while generation == seen { condition.wait() }
            seen = generation
            // A call's job is set with its generation and cleared only once every worker is
            // done with it.
            if let job {
                let count = iterations
                condition.unlock()
                Self.drain(job, count, next)
                condition.lock()
            }
            active -= 1
            if active == 0 { condition.broadcast() }
        }
    }

    /// Takes chunks until none is left.
    @inline(never)
    private static func drain(
        _ job: (address: UnsafeRawPointer, type: any EngineJob.Type), _ iterations: Int, _ next: borrowing Atomic<Int>
    ) {
        while true {
            let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard i < iterations else { return }
            job.type.run(chunk: i, of: job.address)
        }
    }
}

/// Work the engine's threads share (`EngineWorkers.run`): a value holding what its chunks read
/// (buffers, the frame's settings), whose `run(chunk:)` is called once for each chunk, on
/// several threads at once. A chunk may read the job and what it points to, and write only
/// what is its own.
package protocol EngineJob {
    /// Does chunk `k` of the work.
    func run(chunk k: Int)
}

extension EngineJob {
    /// Does chunk `k` of the job of this type at `address` (how a worker, which knows the job
    /// by its type and address only, calls it).
    fileprivate static func run(chunk k: Int, of address: UnsafeRawPointer) {
        address.assumingMemoryBound(to: Self.self).pointee.run(chunk: k)
    }
}
