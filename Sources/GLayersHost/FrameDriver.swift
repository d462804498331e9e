/// One frame, the same for the window and for headless rendering: run the display links due,
/// commit the transaction at the frame boundary, evaluate and flatten the presentation of the
/// tree at the frame's media time, draw the render list. Either all on the caller's thread
/// (`drawFrame`), or pipelined (`submitFrame`): the caller's thread builds frame N + 1 while
/// a render thread draws frame N (docs/renderer.md#the-render-thread).
import CHostSupport
import Foundation
import GLayers
import GLayersGL
import GLayersGraphics
import GLayersRenderList

/// Draws layer trees with one renderer.
///
/// - `drawFrame` is synchronous: every step on the caller's thread, the frame drawn when it
///   returns (the headless renderer: shots, film strips, checks, tests).
/// - `submitFrame` pipelines when `threads` is 2: the caller's thread runs the display links,
///   the flush, evaluation and flattening of a frame into one render list while the driver's
///   render thread draws and presents the previous frame from the other; each submit waits
///   for the previous frame, takes its list back and hands the new one over. With `threads`
///   = 1 it is `drawFrame` followed by the present.
/// - While the render thread runs, the GL context is current there: use `renderer` and
///   `context` only after `stopRenderThread()` (`drawFrame` stops it too). Results of frames
///   are read from `lastFrame` and `lastError`, published at the hand-off.
public final class FrameDriver {
    /// The GL context the frames are drawn with.
    public let context: GLContext
    /// The renderer (its `stats` describe the last frame drawn on the caller's thread; `debug`
    /// has its switches, read at every frame: set them before frames are submitted).
    public let renderer: Renderer
    /// The flattener (its `list` is the last render list `drawFrame` drew).
    package let builder = FrameBuilder()
    /// The time between the display's refreshes, in seconds (default 1/60): display links'
    /// `duration`, and the unit of their frame rates.
    public var refreshInterval: CFTimeInterval = 1.0 / 60
    /// The threads `submitFrame` uses: 1 (the caller's) or 2 (the caller's and a render
    /// thread). Default: `FrameDriver.defaultThreads()`.
    public let threads: Int
    /// Whether a frame waits until the GPU has drawn it (`glFinish`) before it counts as
    /// completed (benchmarks; default false). The wait is counted in `FramePhases.submit`.
    public var waitsForGPU = false
    /// The last completed frame (published on the caller's thread when its frame comes back).
    public private(set) var lastFrame = FrameReport()
    /// The error of the last completed frame (the renderer's `lastError`, or what presenting
    /// threw), or nil.
    public private(set) var lastError: (any Error)?
    /// Time spent in the last completed frame, from its display links to the end of its drawing
    /// (and its present, when `submitFrame` presented it), in milliseconds.
    public var lastFrameMilliseconds: Double { lastFrame.milliseconds }

    private var renderThread: RenderThread?
    /// Whether `submitFrame` still tries the render thread (false once none could start).
    private var pipelines: Bool
    /// The caller's part of the report of the frame in flight.
    private var inFlight = FrameReport()
    /// Frames back from the render thread, to be filled again.
    private var spare: RenderFrame?
    private var secondSpare: RenderFrame?
    private var started = 0
    /// The error of a frame collected by `waitForFrame`, for the next submit or finish.
    private var deferredError: (any Error)?

    /// A driver drawing with a new renderer on `context`, submitting frames with `threads`
    /// threads (nil: `FrameDriver.defaultThreads()`).
    public init(context: GLContext, threads: Int? = nil) throws {
        _ = Self.allocatorTuned
        self.context = context
        renderer = try Renderer(context: context)
        self.threads = min(2, max(1, threads ?? Self.defaultThreads()))
        pipelines = self.threads > 1
    }

    deinit { stopRenderThread() }

    /// Whether the process's allocator keeps the memory of frames' rasters between frames
    /// (`glayers_tune_allocator`, once per process, by the first driver; docs/performance.md,
    /// "Fills without cairo, turned shapes, rasters without page faults").
    package static let allocatorTuned = glayers_tune_allocator() == 1

    /// The threads frames are made with by default: `GLAYERS_THREADS` when set to a number (1
    /// forces everything onto the caller's thread; 2 or more gives a render thread), else 2
    /// when the machine has at least two cores to run them, else 1.
    public static func defaultThreads(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        processors: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> Int {
        min(2, EngineThreads.fromEnvironment(environment, processors: processors))
    }

    /// Whether the render thread is running (frames submitted and not stopped since).
    public var hasRenderThread: Bool { renderThread != nil }

    /// Runs the display links of this thread due at `t`, commits pending changes
    /// (`CATransaction.flush()`), flattens `root` at media time `t` for `size` points at
    /// `scale` pixels per point, and draws it into `target`, all on the calling thread (after
    /// stopping the render thread, if it runs).
    @discardableResult
    public func drawFrame(
        _ root: CALayer, at t: CFTimeInterval, size: CGSize, scale: CGFloat, background: CGColor?, target: RenderTarget
    ) -> RenderList {
        drawOnThisThread(root, at: t, size: size, scale: scale, background: background, target: target, presenter: nil)
    }

    /// `drawFrame`, the frame shown by `presenter` after it is drawn.
    ///
    /// - Throws the frame's error (the renderer's `lastError`, or what presenting threw).
    package func drawFrame(
        _ root: CALayer, at t: CFTimeInterval, size: CGSize, scale: CGFloat, background: CGColor?,
        target: RenderTarget, presenter: (any FramePresenter)?
    ) throws {
        drawOnThisThread(
            root, at: t, size: size, scale: scale, background: background, target: target, presenter: presenter)
        if let lastError { throw lastError }
    }

    /// Submits the frame of `root` at media time `t` (display links, flush, evaluation and
    /// flattening on the calling thread, as `drawFrame`) and has it drawn into `target`: with a
    /// render thread, there, while this thread goes on to the next frame; else here, before
    /// returning. Returns the report of the frame completed meanwhile (with a render thread,
    /// the previous frame, nil for the first), also in `lastFrame`.
    ///
    /// - Throws the error of the frame completed meanwhile (a lost context, a failed present).
    @discardableResult
    public func submitFrame(
        _ root: CALayer, at t: CFTimeInterval, size: CGSize, scale: CGFloat, background: CGColor?, target: RenderTarget
    ) throws -> FrameReport? {
        try submitFrame(root, at: t, size: size, scale: scale, background: background, target: target, presenter: nil)
    }

    /// `submitFrame`, the frame shown by `presenter` after it is drawn (on the drawing thread).
    @discardableResult
    package func submitFrame(
        _ root: CALayer, at t: CFTimeInterval, size: CGSize, scale: CGFloat, background: CGColor?,
        target: RenderTarget, presenter: (any FramePresenter)?
    ) throws -> FrameReport? {
        guard let thread = runningRenderThread() else {
            try drawFrame(
                root, at: t, size: size, scale: scale, background: background, target: target, presenter: presenter)
            return lastFrame
        }
        var engine = FrameReport()
        evaluate(root, at: t, into: &engine)
        let frame = builder.build(
            into: takeSpare(), root: root, at: t, size: size, scale: scale, clearColor: background)
        engine.phases.flatten = (MonotonicClock.now - engine.startedAt) * 1000 - engine.phases.evaluate
        engine.layerCount = frame.list.layerCount
        let (waited, error) = collectFrame(thread)
        let deferred = deferredError.take()
        if let failure = deferred ?? error {
            keepSpare(frame)
            throw failure
        }
        let completed = waited ? lastFrame : nil
        inFlight = engine
        thread.start(RenderThread.Job(frame: frame, target: target, presenter: presenter, waitsForGPU: waitsForGPU))
        return completed
    }

    /// Waits until the frame in flight (if any) is drawn and presented, publishes its report
    /// and returns it (nil when none was in flight).
    ///
    /// - Throws that frame's error.
    @discardableResult
    public func finish() throws -> FrameReport? {
        guard let renderThread else { return nil }
        let (waited, error) = collectFrame(renderThread)
        let deferred = deferredError.take()
        if let failure = deferred ?? error { throw failure }
        return waited ? lastFrame : nil
    }

    /// Waits until the frame in flight (if any) is drawn and presented and publishes its
    /// report, without throwing: its error is thrown by the next `submitFrame` or `finish`.
    package func waitForFrame() {
        guard let renderThread else { return }
        if let error = collectFrame(renderThread).error { deferredError = error }
    }

    /// Waits for the frame in flight and ends the render thread: the context is current on
    /// the calling thread again. The frame's error stays in `lastError`. Nothing without a
    /// render thread.
    public func stopRenderThread() {
        guard let renderThread else { return }
        waitForFrame()
        deferredError = nil
        renderThread.stop()
        self.renderThread = nil
        try? context.makeCurrent()
    }

    /// Presents the window's last frame drawn by `drawFrame`: only its damaged pixels
    /// (`Renderer.damage`, with swap-with-damage where EGL has it), nothing when the frame
    /// changed nothing (the window already shows it). Nothing when headless.
    ///
    /// - Throws what `GLContext.swapBuffers(damage:height:)` throws.
    public func present() throws { try renderer.presentDamage() }

    // MARK: - Steps

    /// The render thread, started at the first pipelined frame; nil with one thread.
    private func runningRenderThread() -> RenderThread? {
        if let renderThread { return renderThread }
        guard pipelines else { return nil }
        renderThread = RenderThread(renderer: renderer)
        pipelines = renderThread != nil
        return renderThread
    }

    /// Starts `report` (its number and start) and runs the frame's engine steps before
    /// flattening: the display links due at `t`, the flush, the evaluation of `root`'s tree.
    private func evaluate(_ root: CALayer, at t: CFTimeInterval, into report: inout FrameReport) {
        started += 1
        report.number = started
        report.startedAt = MonotonicClock.now
        CALayerHost.runDisplayLinks(forFrameAt: t, refreshInterval: refreshInterval)
        CATransaction.flush()
        root.evaluatePresentationTree(atMediaTime: t)
        report.phases.evaluate = (MonotonicClock.now - report.startedAt) * 1000
    }

    /// Whether a frame drawn on the calling thread (`drawFrame`) lets go of the model tree
    /// once it is flattened, before it is drawn, and gives the freed memory back to the system
    /// (`rendersOneFrame(of:)`). The tree's root stays, without sublayers or mask
    /// (`CALayer.releaseSubtree`).
    package private(set) var releasesTreeOnceFlattened = false

    /// Sets the driver up to draw one frame of `root` and no other (`glayers shot`): flattening
    /// keeps no memo of each leaf's item for later frames, the renderer tracks no damage (the
    /// signatures of every item, for a next frame), the frame's items get room for one per
    /// layer at once, and the tree is let go of once the frame is flattened, so that the
    /// frame's peak memory is the larger of the tree with its render list and the render list
    /// with the driver's copy of the frame, not their sum. The same picture; a 100 000-layer
    /// shot without them: memos 29 MiB, signatures 7 MiB, the tree 74 MiB. The tree is spent
    /// after the frame.
    package func rendersOneFrame(of root: CALayer) {
        builder.memoizes = false
        builder.expectedItemCount = root.treeLayerCount
        renderer.debug.disableDamage = true
        releasesTreeOnceFlattened = true
    }

    /// A whole frame on the calling thread, into the builder's own list.
    @discardableResult
    private func drawOnThisThread(
        _ root: CALayer, at t: CFTimeInterval, size: CGSize, scale: CGFloat, background: CGColor?,
        target: RenderTarget, presenter: (any FramePresenter)?
    ) -> RenderList {
        stopRenderThread()
        evaluate(root, at: t, into: &lastFrame)
        let list = builder.build(root: root, at: t, size: size, scale: scale, clearColor: background)
        lastFrame.phases.flatten = (MonotonicClock.now - lastFrame.startedAt) * 1000 - lastFrame.phases.evaluate
        lastFrame.layerCount = list.layerCount
        if releasesTreeOnceFlattened {
            root.releaseSubtree()
            glayers_release_free_memory()
        }
        lastError = renderer.drawAndPresent(
            list, target: target, presenter: presenter, waitsForGPU: waitsForGPU, report: &lastFrame)
        return list
    }

    /// Waits for the frame in flight on `thread`, publishes its report and keeps its frame;
    /// returns whether a frame was in flight, and its error.
    private func collectFrame(_ thread: RenderThread) -> (waited: Bool, error: (any Error)?) {
        var failure: (any Error)?
        let frame = thread.wait { rendered, error in
            lastFrame.combine(engine: inFlight, rendered: rendered)
            lastError = error
            failure = error
        }
        let waited = frame != nil
        keepSpare(frame)
        return (waited, failure)
    }

    private func takeSpare() -> RenderFrame { spare.take() ?? secondSpare.take() ?? RenderFrame() }

    private func keepSpare(_ frame: consuming RenderFrame?) {
        if spare == nil {
            spare = frame
        } else if secondSpare == nil {
            secondSpare = frame
        }
    }
}
