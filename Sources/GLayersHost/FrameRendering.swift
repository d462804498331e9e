/// A frame's GL work, the same on the caller's thread and on a render thread: draw the render
/// list, present it, wait for the GPU when asked, and write what happened into the frame's
/// report. Takes a render list; touches no layer.
import Foundation
import GLayersGL
import GLayersGraphics
import GLayersRenderList

/// How a frame reaches the screen once drawn, run on the thread that drew it (the window's
/// present path: EGL's swap or MIT-SHM puts).
package protocol FramePresenter: AnyObject {
    /// Where the frame is drawn (asked on the drawing thread, just before drawing).
    var target: RenderTarget { get }
    /// Shows the frame `renderer` just drew from `list`.
    ///
    /// - Throws when presenting fails; the error reaches the driver's caller.
    func present(_ renderer: Renderer, _ list: RenderList) throws
}

extension Renderer {
    /// Draws `list` into `target` (the presenter's, when there is one), presents it, waits
    /// with `glFinish` when `waitsForGPU`, and writes the counters, damage, phase times and
    /// completion time into `report`. Returns the frame's error: the renderer's `lastError`
    /// or what presenting threw.
    func drawAndPresent(
        _ list: RenderList, target: RenderTarget, presenter: (any FramePresenter)?, waitsForGPU: Bool,
        report: inout FrameReport
    ) -> (any Error)? {
        render(list, to: presenter?.target ?? target)
        var failure: (any Error)? = lastError
        let rendered = MonotonicClock.now
        if failure == nil, let presenter {
            do { try presenter.present(self, list) } catch { failure = error }
        }
        let presented = MonotonicClock.now
        if waitsForGPU { finish() }
        let end = MonotonicClock.now
        report.stats = stats
        report.copyDamage(damage)
        report.phases.plan = stats.planMilliseconds
        report.phases.submit = stats.submitMilliseconds + (end - presented) * 1000
        report.phases.present = (presented - rendered) * 1000
        report.completedAt = end
        return failure
    }
}
