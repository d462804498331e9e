/// The window's frame loop: events → content, then — only while something animates,
/// changed, or a display link is active — one frame per vsync through the same `FrameDriver`
/// as headless rendering, pipelined: the loop's thread builds a frame while the driver's
/// render thread draws and presents the one before (docs/renderer.md#the-render-thread).
/// X events stay on the loop's thread. An idle scene sleeps in `poll` on the X connection
/// (no busy loop).
import Foundation
import GLayers
import GLayersGL
import GLayersGraphics

/// What a window shows and how it reacts (the command's scene adapter implements it).
public protocol WindowContent: AnyObject {
    /// The root of the tree shown (it may change, e.g. when a scene file is reloaded).
    var rootLayer: CALayer { get }
    /// The colour behind the tree.
    var background: CGColor? { get }
    /// A key was pressed (X11 keysym name); returns whether the content used it.
    func handleKey(_ name: String) -> Bool
    /// A click at a point in points (origin top-left).
    func handleClick(at point: CGPoint)
    /// The window's size in points changed: lay the tree out for it.
    func layout(size: CGSize)
    /// Called before each frame (the content may reload itself here).
    func frameWillBegin(at time: CFTimeInterval)
    /// How long an idle window may sleep before `frameWillBegin` runs again (nil: until the
    /// next event). A content that watches a file answers its polling period.
    var idleWakeInterval: Double? { get }
}

extension WindowContent {
    /// Nil (the default): an idle window sleeps until the next event.
    public var idleWakeInterval: Double? { nil }
}

/// Options of a window.
public struct WindowOptions {
    /// The window's title (default "glayers"), set as `WM_NAME` and `_NET_WM_NAME`.
    public var title = "glayers"
    /// Size in points.
    public var size = CGSize(width: 1024, height: 768)
    /// Pixels per point (nil: from `Xft.dpi`, else 1).
    public var scale: CGFloat?
    /// Whether the window covers the whole screen (default false); then `size` is ignored.
    public var fullscreen = false
    /// Show frame time, layer and draw-call counts in a corner.
    public var showFPS = false
    /// Frames per second when vsync does not pace the loop, and the display rate display
    /// links see (`duration` = 1 / `frameRate`) (default 60).
    public var frameRate = 60.0
    /// Redraw only what changed (default); false redraws the whole window every frame.
    public var tracksDamage = true
    /// Tint what each frame redraws because it changed.
    public var showDamage = false
    /// How frames reach the screen; nil (the default): `GLAYERS_PRESENT` (`egl` or `shm`) when
    /// set, else MIT-SHM for a software renderer (`PresentPath.preferred(forRenderer:)`). The
    /// shm path falls back to EGL, with a warning, when the server cannot share memory.
    public var presentPath: PresentPath?
    /// The threads frames are made with (`FrameDriver.threads`); nil (the default):
    /// `GLAYERS_THREADS`, else a render thread when the machine has two cores or more.
    public var threads: Int?
    /// Default options: a 1024 × 768-point window titled "glayers" at 60 frames per second.
    public init() {}
}

/// A window that shows a layer tree until it is closed.
public final class WindowHost {
    /// The options the window was opened with.
    public let options: WindowOptions
    /// The X11 window the tree is drawn into.
    public let window: X11Window
    /// The frame driver that renders the tree into the window with OpenGL.
    public let driver: FrameDriver
    /// Pixels per point.
    public let scale: CGFloat
    private let container = CALayer()
    private let overlay = CATextLayer()
    private var host: CALayerHost?
    private var lastOverlayUpdate = 0.0
    private var running = true
    /// Presents the frames, on the thread that draws them.
    private let presenter: WindowPresenter
    /// How frames reach the screen: EGL's swap, or MIT-SHM puts (`ShmPresenter`).
    public var presentPath: PresentPath { presenter.path }

    /// Opens the window (on `$DISPLAY`) with an OpenGL context on it.
    ///
    /// - Throws `WindowError` when there is no display, `GLError` when OpenGL 3.3 is missing.
    public init(options: WindowOptions) throws {
        self.options = options
        let probeScale = options.scale ?? 1
        window = try X11Window(
            title: options.title, width: Int((options.size.width * probeScale).rounded()),
            height: Int((options.size.height * probeScale).rounded()), fullscreen: options.fullscreen)
        scale = options.scale ?? window.desktopScale() ?? 1
        driver = try FrameDriver(
            context: GLContext.window(
                nativeDisplay: window.display, nativeWindow: window.window, framePixels: window.width * window.height),
            threads: options.threads)
        driver.refreshInterval = 1 / max(options.frameRate, 1)
        driver.renderer.debug.disableDamage = !options.tracksDamage
        driver.renderer.debug.showDamage = options.showDamage
        presenter = WindowPresenter(
            context: driver.context,
            shm: Self.shmPresenter(window, options: options, rendererName: driver.context.rendererName))
        if options.showDamage {
            // What the tint shows depends on what the surface keeps between frames.
            let path =
                presentPath == .shm
                ? "shm (drawn offscreen, the damaged rects put with XShmPutImage)" : "egl (eglSwapBuffers)"
            FileHandle.standardError.write(
                Data("glayers: window surface: \(driver.context.presentation); present: \(path)\n".utf8))
        }
        container.name = "glayers.window"
        overlay.name = "glayers.fps"
        overlay.fontSize = 13
        overlay.font = "DejaVu Sans Mono"
        overlay.foregroundColor = CGColor(red: 1, green: 1, blue: 0.4, alpha: 1)
        overlay.backgroundColor = CGColor(gray: 0, alpha: 0.6)
        overlay.contentsScale = scale
    }

    /// The shm image of `window` when the present path (see `WindowOptions.presentPath`) is
    /// shm and the image can be made, else nil (EGL).
    private static func shmPresenter(_ window: X11Window, options: WindowOptions, rendererName: String)
        -> ShmPresenter?
    {
        let forced = options.presentPath ?? PresentPath.fromEnvironment
        guard (forced ?? PresentPath.preferred(forRenderer: rendererName)) == .shm else { return nil }
        do {
            return try ShmPresenter(window: window)
        } catch let error as ShmError {
            // No MIT-SHM (a remote display) is expected unless shm was asked for.
            if forced == .shm || !error.expected {
                Diagnostics.warn("cannot present with MIT-SHM (\(error)); presenting with EGL")
            }
        } catch {}
        return nil
    }

    /// The window's size in points.
    public var pointSize: CGSize {
        CGSize(width: CGFloat(window.width) / scale, height: CGFloat(window.height) / scale)
    }

    /// Runs the loop until the window closes, Escape is pressed (or q, unless the content
    /// uses it), or `stop()` is called.
    public func run(_ content: WindowContent) throws {
        attach(content)
        CATransaction.flush()
        var needsDraw = true
        var lastSwap = MonotonicClock.now
        defer { driver.stopRenderThread() }
        while running {
            for event in window.pendingEvents() {
                needsDraw = true
                handle(event, content)
            }
            if !running { break }
            content.frameWillBegin(at: CACurrentMediaTime())
            attach(content)
            // hasPendingWork includes active display links: they need every frame.
            if needsDraw || CALayerHost.hasPendingWork {
                try drawFrame(content)
                needsDraw = false
                // Pace the loop when the swap does not wait for vsync (Xvfb, some drivers).
                let period = 1 / max(options.frameRate, 1)
                let elapsed = MonotonicClock.now - lastSwap
                if elapsed < period { usleep(useconds_t((period - elapsed) * 1_000_000)) }
                lastSwap = MonotonicClock.now
            } else {
                // The last frame is presented before the loop sleeps: no other thread reads the
                // X connection while this one polls it.
                try driver.finish()
                window.waitForEvents(timeout: content.idleWakeInterval)
            }
        }
        try driver.finish()
        host?.detach()
    }

    /// The OpenGL context goes before the window: its surface lives on the window's X display,
    /// which the window closes.
    deinit {
        // The render thread holds the context; the shm image and the surface live on the
        // window's X display, which the window closes.
        driver.stopRenderThread()
        presenter.release()
        driver.context.destroy()
    }

    /// Ends the loop after the current frame.
    public func stop() { running = false }

    private func attach(_ content: WindowContent) {
        let root = content.rootLayer
        if root.superlayer !== container {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            container.sublayers = options.showFPS ? [root, overlay] : [root]
            CATransaction.commit()
            relayout(content)
        }
        if host == nil { host = CALayerHost(rootLayer: container) }
    }

    private func handle(_ event: WindowEvent, _ content: WindowContent) {
        switch event {
        case .key(let name):
            let used = content.handleKey(name)
            if name == "Escape" || (name == "q" && !used) { running = false }
        case .click(let x, let y, _):
            content.handleClick(at: CGPoint(x: CGFloat(x) / scale, y: CGFloat(y) / scale))
        case .resize:
            relayout(content)
        case .expose:
            windowWasExposed()
        case .close:
            running = false
        }
    }

    private func relayout(_ content: WindowContent) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        container.frame = CGRect(origin: .zero, size: pointSize)
        overlay.frame = CGRect(x: 8, y: 8, width: 260, height: 20)
        CATransaction.commit()
        content.layout(size: pointSize)
    }

    /// Shows again what the X server lost of the window (call it on `WindowEvent.expose`): the
    /// shm path puts the exposed area from the image it keeps, without drawing; the EGL path
    /// redraws the whole window at the next frame.
    ///
    /// - Waits for the frame in flight first: the shm image and the renderer are the render
    ///   thread's while it draws.
    public func windowWasExposed() {
        let area = window.takeExposedArea()
        driver.waitForFrame()
        if let area, presenter.putAgain(area) { return }
        driver.renderer.invalidate()
    }

    /// Draws `root` at media time `t` at the window's size and scale, and presents it through
    /// `presentPath` (only what changed since the last frame).
    ///
    /// - All on the calling thread, the frame presented when it returns (after the frame in
    ///   flight, if frames were submitted, is done).
    /// - Throws the renderer's `GLError`, or what presenting throws. A failing shm present
    ///   falls back to EGL with a warning and presents the frame with EGL.
    public func drawFrame(_ root: CALayer, at t: CFTimeInterval, background: CGColor?) throws {
        try driver.drawFrame(
            root, at: t, size: pointSize, scale: scale, background: background, target: .window, presenter: presenter)
    }

    /// Submits the frame of `root` at media time `t` at the window's size and scale, drawn and
    /// presented through `presentPath` on the driver's render thread while the calling thread
    /// goes on (`FrameDriver.submitFrame`; with one thread, as `drawFrame`). Returns the report
    /// of the frame completed meanwhile.
    ///
    /// - Throws the error of the frame completed meanwhile (see `drawFrame`).
    @discardableResult
    public func submitFrame(_ root: CALayer, at t: CFTimeInterval, background: CGColor?) throws -> FrameReport? {
        try driver.submitFrame(
            root, at: t, size: pointSize, scale: scale, background: background, target: .window, presenter: presenter)
    }

    private func drawFrame(_ content: WindowContent) throws {
        let now = CACurrentMediaTime()
        if options.showFPS && now - lastOverlayUpdate > 0.5 {
            lastOverlayUpdate = now
            let last = driver.lastFrame
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            overlay.string = String(
                format: " %.1f ms · %d layers · %d draws", last.milliseconds, last.layerCount, last.stats.drawCalls)
            CATransaction.commit()
        }
        guard let report = try submitFrame(container, at: now, background: content.background) else { return }
        let seconds = report.milliseconds / 1000
        if seconds > Self.slowFrameSeconds {
            Diagnostics.warn(String(format: "a frame took %.2f s (longer than %.0f s)", seconds, Self.slowFrameSeconds))
        }
    }

    /// With GLAYERS_TRACE_START set, prints the wall clock (CLOCK_REALTIME, in nanoseconds) at
    /// the end of the first frame's present, for scripts/bench-start.sh to subtract its own
    /// time before exec from.
    static func traceStart() {
        guard getenv("GLAYERS_TRACE_START") != nil else { return }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let nanoseconds = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        FileHandle.standardError.write(Data("glayers: first frame presented at \(nanoseconds) ns\n".utf8))
    }

    /// A frame longer than this is reported on standard error (the soak test looks for it).
    public static let slowFrameSeconds = 1.0
}
