/// Presenting a window's frames, on the thread that draws them: the MIT-SHM image when the
/// window has one (frames drawn offscreen, the damage put from shared memory), else EGL's swap
/// of the damage; a failing shm present falls back to EGL for good, with a warning.
import Foundation
import GLayers
import GLayersGL
import GLayersRenderList
import Synchronization

/// How a window's frames reach the screen.
///
/// - Used on the thread that draws the window's frames (the driver's render thread while it
///   runs, else the window's), or on the window's thread while no frame is in flight
///   (`FrameDriver.waitForFrame()`): the shm image is written by the present and read by an
///   expose's put, never both at once.
/// - `path` may be read from any thread.
final class WindowPresenter: FramePresenter {
    private let context: GLContext
    private var shm: ShmPresenter?
    private let currentPath: Mutex<PresentPath>
    private var presentedOnce = false

    /// A presenter through `shm` when given, else EGL.
    init(context: GLContext, shm: ShmPresenter?) {
        self.context = context
        self.shm = shm
        currentPath = Mutex(shm == nil ? .egl : .shm)
    }

    /// The path frames take now.
    var path: PresentPath { currentPath.withLock { $0 } }

    /// The shm path draws offscreen (the renderer's target keeps the frame); EGL into the
    /// window's back buffer.
    var target: RenderTarget { shm == nil ? .window : .offscreen }

    /// Presents the frame `renderer` just drew from `list`.
    ///
    /// - Throws what EGL's swap throws, or the renderer's error when a failing shm present
    ///   falls back to EGL and the frame is drawn again into the window.
    func present(_ renderer: Renderer, _ list: RenderList) throws {
        defer {
            if !presentedOnce {
                presentedOnce = true
                WindowHost.traceStart()
            }
        }
        guard let shm else { return try renderer.presentDamage() }
        do { try shm.present(renderer) } catch {
            Diagnostics.warn("cannot present with MIT-SHM (\(error)); presenting with EGL")
            self.shm = nil
            currentPath.withLock { $0 = .egl }
            // The same render list again, in full, into the window's back buffer.
            renderer.invalidate()
            renderer.render(list, to: .window)
            if let error = renderer.lastError { throw error }
            try renderer.presentDamage()
        }
    }

    /// Puts `area` of the kept frame on the window again (an expose) and returns true on the
    /// shm path; false on the EGL path, which must draw it again.
    func putAgain(_ area: CGRect) -> Bool {
        guard let shm else { return false }
        shm.putAgain(area)
        return true
    }

    /// Frees the shm image (before the window's X display closes).
    func release() { shm = nil }
}

extension Renderer {
    /// Presents the window's last frame: only its damaged pixels (`damage`, with
    /// swap-with-damage where EGL has it), nothing when the frame changed nothing (the window
    /// already shows it). Nothing when headless.
    ///
    /// - Throws what `GLContext.swapBuffers(damage:height:)` throws.
    func presentDamage() throws {
        if damage.isEmpty { return }
        try context.swapBuffers(damage: damage.isFull ? nil : damage.rects, height: Int(damage.screen.height))
    }
}
