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
/// - Dropping an instance waits for the preparation to end, so a process never exits while
///   another thread is inside the OpenGL driver's start-up.
public final class PreparedFrameDriver: @unchecked Sendable {
    /// What the preparing thread and the owner share; the thread keeps it alive, not `self`.
    private final class Work: @unchecked Sendable {
        let finished = DispatchSemaphore(value: 0)
        /// Set by the preparing thread before `finished` is signalled.
        var result: Result<FrameDriver, any Error> = .failure(GLError(.noEGL, "OpenGL was not started"))
    }

    private let work = Work()

    /// Starts making the driver.
    public init() {
        let work = self.work
        let thread = Thread {
            let made = Result { try FrameDriver(context: GLContext.headless()) }
            if case .success(let driver) = made { driver.context.releaseCurrent() }
            work.result = made
            work.finished.signal()
        }
        thread.name = "glayers.gl-start"
        thread.start()
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
        work.finished.wait()
        work.finished.signal()  // Later waits pass at once.
    }

    deinit {
        waitUntilMade()
        // The preparing thread may still hold `work` (it drops it as it ends): the driver must
        // not go with it, or a renderer nobody took (the frame size was refused) would be
        // torn down on that thread while the process exits (heap corruption in EGL, seen
        // once in a few hundred refused `glayers shot`s).
        work.result = .failure(GLError(.noEGL, "OpenGL was not started"))
    }
}
