/// The display links added to run loops: a process-wide list that the hosts drive once per
/// frame, as they drive the transaction flush.
///
/// The engine does not know the hosts: a host calls `CALayerHost.runDisplayLinks(forFrameAt:
/// refreshInterval:)` before it flushes a frame, and `CALayerHost.hasPendingWork` (through
/// `hasActiveDisplayLinks`) tells it to keep producing frames while a link is active. What the
/// registry holds is guarded by one lock; callbacks run outside it, on the host's thread.
import Foundation

/// Every display link added to a run loop and not yet removed or invalidated.
final class DisplayLinkRegistry {
    /// The process-wide registry.
    static let shared = DisplayLinkRegistry()

    private let lock = NSLock()
    /// The scheduled links, held strongly (the run loop keeps a link, as on Apple's platforms).
    private var links: [CADisplayLink] = []

    /// Adds `link` to `runLoop` for `mode` (once per pair); an invalidated link is not added.
    func add(_ link: CADisplayLink, to runLoop: RunLoop, mode: RunLoop.Mode) {
        lock.lock()
        defer { lock.unlock() }
        guard !link.isInvalidated else { return }
        if !link.schedules.contains(where: { $0.runLoop === runLoop && $0.mode == mode }) {
            link.schedules.append((runLoop, mode))
        }
        if !links.contains(where: { $0 === link }) { links.append(link) }
    }

    /// Removes `link` from `runLoop` for `mode`; the link is dropped when no pair is left.
    func remove(_ link: CADisplayLink, from runLoop: RunLoop, mode: RunLoop.Mode) {
        lock.lock()
        defer { lock.unlock() }
        link.schedules.removeAll { $0.runLoop === runLoop && $0.mode == mode }
        if link.schedules.isEmpty { links.removeAll { $0 === link } }
    }

    /// Removes `link` from every run loop for good.
    func invalidate(_ link: CADisplayLink) {
        lock.lock()
        defer { lock.unlock() }
        link.isInvalidated = true
        link.action = nil
        link.schedules.removeAll()
        links.removeAll { $0 === link }
    }

    /// The links added to this thread's run loop (in any mode), in the order they were first
    /// added, with their callbacks.
    func linksOfCurrentRunLoop() -> [(link: CADisplayLink, action: (CADisplayLink) -> Void)] {
        lock.lock()
        defer { lock.unlock() }
        // No run loop is asked for (or made) while no link exists: hosts ask every frame.
        guard !links.isEmpty else { return [] }
        let runLoop = RunLoop.current
        return links.compactMap { link in
            guard let action = link.action, link.schedules.contains(where: { $0.runLoop === runLoop }) else {
                return nil
            }
            return (link, action)
        }
    }

    /// Runs the links of this thread's run loop that are due for the frame shown at `t`.
    func runFrame(at t: CFTimeInterval, refreshInterval: CFTimeInterval) {
        let interval = refreshInterval > 0 && refreshInterval.isFinite ? refreshInterval : 1.0 / 60
        for (link, action) in linksOfCurrentRunLoop() {
            link.fireIfDue(frameAt: t, refreshInterval: interval, action: action)
        }
    }

    /// Whether a link of this thread's run loop is active (added and not paused).
    var hasActiveLinks: Bool {
        linksOfCurrentRunLoop().contains { !$0.link.isPaused }
    }
}
