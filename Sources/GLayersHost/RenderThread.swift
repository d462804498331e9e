/// The render thread of a pipelined `FrameDriver`: it holds the GL context and draws (and
/// presents) one frame at a time, handed to it with the frame's render list, and hands the
/// frame back when done; the caller's thread meanwhile builds the next frame into the other
/// list (docs/renderer.md#the-render-thread).
import Foundation
import GLayersGL
import GLayersGraphics
import GLayersRenderList
import Synchronization

/// A thread that draws a renderer's frames, one in flight at a time.
///
/// - The hand-off is a value: `start` consumes the frame (`RenderFrame` is non-copyable) and
///   `wait` gives it back; in between only this thread reads its list.
/// - The renderer and its context are used only on this thread while it runs: it makes the
///   context current when it starts (the caller released it) and releases it, with its EGL
///   thread state, before it ends (`stop`, which joins it).
/// - What the thread writes while a frame is in flight (the report, the error) is read by the
///   caller only in `wait`, under the lock the frame is handed back with.
final class RenderThread {
    /// A frame for the render thread.
    struct Job: ~Copyable {
        /// The frame to draw; the thread holds it until `wait` gives it back.
        var frame: RenderFrame
        /// Where to draw it, unless the presenter says.
        var target: RenderTarget
        /// What shows the frame once drawn.
        var presenter: (any FramePresenter)?
        /// Whether to wait for the GPU (`glFinish`) before the frame counts as done.
        var waitsForGPU: Bool
    }

    private let renderer: Renderer
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var pending: Job?
    private var returned: RenderFrame?
    private var inFlight = false
    private var done = false
    private var stopping = false
    // Written by the thread while a frame is in flight; read by the caller in `wait`.
    private var report = FrameReport()
    private var failure: (any Error)?
    private var thread: pthread_t?
    // Set under `condition` with `pending` and `done`; read without it while spinning.
    private let jobPosted = Atomic<Bool>(false)
    private let framePosted = Atomic<Bool>(false)
    // Each used by one thread only: the render thread's wait for jobs, the caller's for frames.
    private var jobWait = HandOffWait()
    private var frameWait = HandOffWait()

    /// Starts a thread drawing with `renderer`, whose context the calling thread releases;
    /// nil (the context still current here) when no thread can be started.
    init?(renderer: Renderer) {
        self.renderer = renderer
        renderer.context.releaseCurrent()
        // The thread holds `self` until it ends.
        thread = startJoinableThread { [self] in run() }
        guard thread != nil else {
            try? renderer.context.makeCurrent()
            return nil
        }
    }

    /// Hands `job` to the thread, which starts drawing it at once.
    ///
    /// - Precondition: no frame is in flight (`wait` gave the last one back).
    func start(_ job: consuming Job) {
        condition.lock()
        defer { condition.unlock() }
        precondition(!inFlight && !stopping, "RenderThread: a frame is already in flight")
        pending = consume job
        inFlight = true
        jobPosted.store(true, ordering: .releasing)
        condition.broadcast()
    }

    /// Waits until the frame in flight is drawn, calls `publish` with its report and error
    /// (on the calling thread, while the render thread is idle), and gives the frame back;
    /// nil when no frame is in flight.
    func wait(publishing publish: (borrowing FrameReport, (any Error)?) -> Void) -> RenderFrame? {
        // `inFlight` is written on this thread only (`start`, `wait`).
        guard inFlight else { return nil }
        frameWait.spin { framePosted.load(ordering: .acquiring) }
        condition.lock()
        defer { condition.unlock() }
        while !done { condition.wait() }
        frameWait.ended()
        inFlight = false
        done = false
        framePosted.store(false, ordering: .relaxed)
        publish(report, failure)
        failure = nil
        return returned.take()
    }

    /// Ends the thread after the frame in flight (whose frame and report are then dropped:
    /// `wait` first to keep them) and joins it; the context is current on no thread after.
    func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
        if let thread { pthread_join(thread, nil) }
    }

    /// The thread's body: draws jobs until stopped.
    private func run() {
        Thread.current.name = "glayers render"
        while let job = next() {
            let error = renderer.drawAndPresent(
                job.frame.list, target: job.target, presenter: job.presenter, waitsForGPU: job.waitsForGPU,
                report: &report)
            finished(job.frame, error)
        }
        renderer.context.releaseCurrent()
        GLContext.releaseThread()
    }

    /// The next job, waiting for it; nil when stopped.
    private func next() -> Job? {
        jobWait.spin { jobPosted.load(ordering: .acquiring) }
        condition.lock()
        defer { condition.unlock() }
        while pending == nil && !stopping { condition.wait() }
        jobWait.ended()
        jobPosted.store(false, ordering: .relaxed)
        return pending.take()
    }

    /// Hands `frame` back with its error.
    private func finished(_ frame: consuming RenderFrame, _ error: (any Error)?) {
        condition.lock()
        defer { condition.unlock() }
        returned = consume frame
        failure = error
        done = true
        framePosted.store(true, ordering: .releasing)
        condition.broadcast()
    }
}

/// One side's wait for the other at the hand-off, spinning briefly before it sleeps when its
/// recent waits were short.
///
/// - Waking a thread that sleeps on a condition takes the kernel 10 to 50 µs (more on a
///   virtual machine); a frame hands off twice (the job out, the frame back), so a small frame
///   drawn in 60 µs took 120 µs more with the render thread than without it (a 100 × 100 Lottie
///   composition on llvmpipe: 0.123 against 0.059 ms a frame). A wait expected to end within
///   `limit` polls instead, and the hand-off costs a cache line's round trip.
/// - Adaptive, as glibc's adaptive mutexes: it spins only while the last wait took less than
///   `limit`. A window paced by the display (a job every 16.7 ms) spins once after a long idle
///   spell at most, then sleeps at once; frames drawn back to back (benchmarks, recordings,
///   catching up) spin.
struct HandOffWait {
    /// The longest spin, and the longest wait worth spinning for, in seconds.
    static let limit: Double = 100e-6
    private var lastWait: Double = 0
    private var began: Double = 0

    /// Polls `ready` until it is true or `limit` passes, if the last wait was short; notes
    /// when the wait began (`ended` measures it).
    mutating func spin(_ ready: () -> Bool) {
        began = MonotonicClock.now
        guard lastWait < Self.limit, !ready() else { return }
        let deadline = began + Self.limit
        var polls = 0
        while !ready() {
            polls += 1
            if polls & 31 == 0 && MonotonicClock.now > deadline { return }
            sched_yield()
        }
    }

    /// Records how long the wait begun by `spin` lasted.
    mutating func ended() { lastWait = MonotonicClock.now - began }
}
