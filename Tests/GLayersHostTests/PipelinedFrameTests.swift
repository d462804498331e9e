/// Pipelined frames (#21): the caller's thread builds frame N + 1 while the driver's render
/// thread draws frame N. Pipelining changes when the GL work runs, never what it draws: the same
/// scene and times give the same render lists and the same pixels as the synchronous path;
/// `GLAYERS_THREADS=1` keeps everything on the caller's thread; an error on the render thread
/// reaches the caller at the next hand-off.
import Foundation
import GLayers
import GLayersGL
import GLayersHost
import GLayersRenderList
import GLayersTestSupport
import Testing

@Suite(.serialized, .mediaClock) struct PipelinedFrameTests {
    /// What a driver drew: each frame's render list as text and its pixels, read on the thread
    /// that drew it, right after drawing it.
    final class Recorder: FramePresenter {
        var dumps: [String] = []
        var pixels: [[UInt8]] = []
        var threads: [pthread_t] = []
        /// Thrown by the present of the frame with this index (0-based), once.
        var failAt: Int?
        /// Destroys the context in the present of the frame with this index: later frames fail.
        var loseContextAt: Int?
        var target: RenderTarget { .offscreen }

        func present(_ renderer: Renderer, _ list: RenderList) throws {
            let index = dumps.count
            dumps.append(list.dump())
            pixels.append(renderer.readPixels())
            threads.append(pthread_self())
            if index == loseContextAt { renderer.context.destroy() }
            if index == failAt { throw PresentFailure(frame: index) }
        }
    }

    struct PresentFailure: Error, Equatable { var frame: Int }

    /// A random scene, frames of it submitted to a driver with a render thread, recorded.
    final class Pipeline {
        let scene: RandomScene
        let driver: FrameDriver
        let recorder = Recorder()

        init(seed: UInt64) throws {
            CAMediaClock.useManualTime(0)
            scene = RandomScene(seed: seed, size: PipelinedFrameTests.size)
            driver = try FrameDriver(context: GLContext.headless(), threads: 2)
        }

        /// Submits frame `n`, at n/30 s.
        func submit(_ n: Int) throws {
            CAMediaClock.setTime(Double(n) / 30)
            try driver.submitFrame(
                scene.root, at: Double(n) / 30, size: PipelinedFrameTests.size, scale: 1, background: nil,
                target: .offscreen, presenter: recorder)
        }
    }

    static let size = CGSize(width: 160, height: 120)
    static let frames = 12

    /// Draws `frames` frames of a random scene (seeded, with images, text, filters, masks,
    /// animations and changes between frames), 1/30 s apart on the manual clock, with
    /// `threads` threads through `submitFrame` (or `drawFrame` when `synchronous`).
    func run(seed: UInt64, threads: Int, synchronous: Bool = false) throws -> (Recorder, FrameDriver) {
        CAMediaClock.useManualTime(0)
        let scene = RandomScene(seed: seed, size: Self.size)
        let live = CALayerHost(rootLayer: scene.root)
        defer { live.detach() }
        let driver = try FrameDriver(context: GLContext.headless(), threads: threads)
        let recorder = Recorder()
        for n in 0..<Self.frames {
            let t = Double(n + 1) / 30
            CAMediaClock.setTime(t)
            scene.mutate(frame: n)
            if synchronous {
                let list = driver.drawFrame(
                    scene.root, at: t, size: Self.size, scale: 1, background: scene.background, target: .offscreen)
                try recorder.present(driver.renderer, list)
            } else {
                try driver.submitFrame(
                    scene.root, at: t, size: Self.size, scale: 1, background: scene.background, target: .offscreen,
                    presenter: recorder)
            }
        }
        try driver.finish()
        return (recorder, driver)
    }

    @Test(arguments: [UInt64(21), 22, 23]) func pipelinedFramesAreTheSynchronousFrames(seed: UInt64) throws {
        defer { CAMediaClock.useSystemTime() }
        let (synchronous, _) = try run(seed: seed, threads: 1, synchronous: true)
        let (pipelined, driver) = try run(seed: seed, threads: 2)
        #expect(driver.hasRenderThread)
        #expect(pipelined.dumps.count == Self.frames)
        for n in 0..<Self.frames {
            #expect(pipelined.dumps[n] == synchronous.dumps[n], "seed \(seed), frame \(n): render lists differ")
            #expect(pipelined.pixels[n] == synchronous.pixels[n], "seed \(seed), frame \(n): pixels differ")
        }
        // Every frame was drawn on the render thread, not the caller's.
        #expect(pipelined.threads.allSatisfy { pthread_equal($0, pthread_self()) == 0 })
        #expect(driver.lastFrame.number == Self.frames)
        // Stopped, the driver draws on this thread again: the last frame's pixels read here.
        driver.stopRenderThread()
        #expect(!driver.hasRenderThread)
        #expect(driver.renderer.readPixels() == synchronous.pixels.last)
    }

    @Test func oneThreadDrawsOnTheCallersThread() throws {
        defer { CAMediaClock.useSystemTime() }
        let (recorder, driver) = try run(seed: 24, threads: 1)
        #expect(!driver.hasRenderThread)
        #expect(recorder.threads.count == Self.frames)
        #expect(recorder.threads.allSatisfy { pthread_equal($0, pthread_self()) != 0 })
        let (synchronous, _) = try run(seed: 24, threads: 1, synchronous: true)
        #expect(recorder.dumps == synchronous.dumps)
    }

    @Test func glayersThreadsChoosesTheThreads() {
        #expect(FrameDriver.defaultThreads(environment: ["GLAYERS_THREADS": "1"], processors: 8) == 1)
        #expect(FrameDriver.defaultThreads(environment: ["GLAYERS_THREADS": "2"], processors: 1) == 2)
        #expect(FrameDriver.defaultThreads(environment: ["GLAYERS_THREADS": "16"], processors: 16) == 2)
        #expect(FrameDriver.defaultThreads(environment: [:], processors: 2) == 2)
        #expect(FrameDriver.defaultThreads(environment: [:], processors: 1) == 1)
        #expect(FrameDriver.defaultThreads(environment: ["GLAYERS_THREADS": "many"], processors: 4) == 2)
        #expect(FrameDriver.defaultThreads(environment: ["GLAYERS_THREADS": "0"], processors: 1) == 1)
    }

    /// A present that throws on the render thread: the error reaches the caller at the next
    /// submit (the hand-off of the failed frame), or at `finish`, once.
    @Test func aFailedPresentReachesTheCallerAtTheNextHandOff() throws {
        defer { CAMediaClock.useSystemTime() }
        let pipeline = try Pipeline(seed: 25)
        let driver = pipeline.driver
        pipeline.recorder.failAt = 2
        for n in 0..<3 { try pipeline.submit(n) }
        #expect(throws: PresentFailure(frame: 2)) { try pipeline.submit(3) }
        #expect(driver.lastError as? PresentFailure == PresentFailure(frame: 2))
        // The failed hand-off did not start frame 3; the next frames go on.
        try pipeline.submit(4)
        try driver.finish()
        #expect(pipeline.recorder.dumps.count == 4)
        // At `finish`, too.
        pipeline.recorder.failAt = 4
        try pipeline.submit(5)
        #expect(throws: PresentFailure(frame: 4)) { try driver.finish() }
        #expect(try driver.finish() == nil)
    }

    /// The context lost on the render thread (destroyed there after frame 1 is drawn): the next
    /// frame fails to draw, and that failure reaches the caller as `GLError.contextLost` at the
    /// following hand-off; later frames keep failing without crashing.
    @Test func aLostContextOnTheRenderThreadReachesTheCaller() throws {
        defer { CAMediaClock.useSystemTime() }
        let pipeline = try Pipeline(seed: 26)
        pipeline.recorder.loseContextAt = 1
        var failures: [GLError] = []
        // Frame 2 fails; its hand-off (submit 3) throws and does not start frame 3; frame 4
        // fails too, and `finish` throws it.
        for n in 0..<5 {
            do { try pipeline.submit(n) } catch let error as GLError { failures.append(error) }
        }
        #expect(throws: GLError.self) { try pipeline.driver.finish() }
        #expect(failures.count == 1 && failures.allSatisfy { $0.kind == .contextLost }, "\(failures)")
        #expect(pipeline.recorder.dumps.count == 2, "frames after the loss were presented")
        pipeline.driver.stopRenderThread()
    }

    /// `drawFrame` after submitted frames stops the render thread and draws here.
    @Test func drawFrameAfterSubmittedFramesDrawsOnTheCallersThread() throws {
        defer { CAMediaClock.useSystemTime() }
        let pipeline = try Pipeline(seed: 27)
        let driver = pipeline.driver
        for n in 0..<3 { try pipeline.submit(n) }
        #expect(driver.hasRenderThread)
        driver.drawFrame(pipeline.scene.root, at: 0.5, size: Self.size, scale: 1, background: nil, target: .offscreen)
        #expect(!driver.hasRenderThread)
        #expect(driver.lastFrame.number == 4)
        #expect(driver.renderer.readPixels().count == 160 * 120 * 4)
    }

    /// A frame's list is written only while nothing else refers to it.
    @Test func aFrameKnowsWhetherItsListIsShared() {
        var frame = RenderFrame()
        let alone = frame.isUnshared()
        let kept = frame.list
        let shared = !frame.isUnshared()
        withExtendedLifetime(kept) {}
        #expect(alone && shared)
    }
}
