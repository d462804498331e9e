/// A headless frame driver made on another thread while the caller does something else.
import Foundation
import GLayersGL

/// A headless `FrameDriver` being made on a thread of its own, so that starting OpenGL
/// (loading the driver, creating the EGL context, compiling the programs: about 40 ms with
/// llvmpipe, most of a screenshot's start) overlaps with what the caller does meanwhile,
/// such as loading a scene and drawing its text.
///
/// ```swift
/// let prepared = PreparedFrameDriver()          // starts at once
/// let scene = try Scene.load(contentsOf: url)   // meanwhile
/// let renderer = try HeadlessRenderer(size: scene.size, prepared: prepared)
/// ```
/// - The context is released from the preparing thread when it is made; the renderer makes
///   it current on the thread that draws (an EGL context may move to another thread while it
///   is current on none).
/// - Dropping an instance, like asking for the driver, waits until the preparing thread has
///   ended (joined, its EGL thread state released): a process never exits, and a driver
///   nobody took is never torn down, while that thread still runs.
public final class PreparedFrameDriver: @unchecked Sendable {
    /// What the preparing thread makes; it holds the driver only until the owner takes it or
    /// drops it, on the owner's thread.
    private final class Work {
        var result: Result<FrameDriver, any Error> = .failure(GLError(.noEGL, "OpenGL was not started"))

        func run() {
            result = Result { try FrameDriver(context: GLContext.headless()) }
            if case .success(let driver) = result { driver.context.releaseCurrent() }
            GLContext.releaseThread()
        }
    }

    private let work = Work()
    /// The preparing thread until it is joined.
    private var thread: pthread_t?
    private let joining = NSLock()

    /// Starts making the driver (on the calling thread when no thread can be started).
    public init() {
        thread = startJoinableThread { [work] in work.run() }
        if thread == nil { work.run() }
    }

    /// Waits for the driver and returns it (the same one on every call: give it to one
    /// renderer).
    ///
    /// - Throws what making it threw (`GLError` when EGL or OpenGL 3.3 is not available).
    public func driver() throws -> FrameDriver {
        waitUntilMade()
        return try work.result.get()
    }

    private func waitUntilMade() {
        joining.lock()
        defer { joining.unlock() }
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
    }

    /// Waits for the thread; a driver nobody took goes with `self`, on this thread.
    deinit { waitUntilMade() }
}
