/// `CALayerHost`: what makes a layer tree live (implicit animations run) while something shows
/// it.
import Foundation

/// Something that shows a layer tree (a window, the headless renderer): while a host holds a
/// root layer, the tree is live and property changes run their actions (implicit animations).
///
/// - Create one in your own code (for tests, say) to make a tree behave as on screen.
public final class CALayerHost {
    /// The root layer shown.
    public let rootLayer: CALayer
    private var attached = true

    /// Makes `rootLayer`'s tree live until `detach()` or until the host is released.
    public init(rootLayer: CALayer) {
        self.rootLayer = rootLayer
        rootLayer.hostCount += 1
        rootLayer.noteJoinedTree()
    }

    /// Ends the hosting: the tree is no longer live (unless another host shows it).
    public func detach() {
        guard attached else { return }
        attached = false
        rootLayer.hostCount -= 1
    }

    deinit { detach() }

    /// Whether the next frame on this thread may differ from the last (running animations,
    /// changes to live layers, pending layout or display, an active display link, tiles of a
    /// `CATiledLayer` being drawn or fading in): a host draws while this is true and sleeps
    /// otherwise.
    public static var hasPendingWork: Bool {
        TransactionContext.current.hasPendingWork || hasActiveDisplayLinks || TileCache.shared.hasPendingWork
    }

    /// Runs the display links added to this thread's run loop that are due for the frame
    /// shown at media time `t` on a display refreshing every `refreshInterval` seconds.
    ///
    /// - A host calls it once per frame, before `CATransaction.flush()`, so that changes made
    ///   in the callbacks commit with that frame (`FrameDriver.drawFrame` does).
    public static func runDisplayLinks(forFrameAt t: CFTimeInterval, refreshInterval: CFTimeInterval) {
        DisplayLinkRegistry.shared.runFrame(at: t, refreshInterval: refreshInterval)
    }

    /// Whether a display link on this thread's run loop is active (added and not paused): a
    /// host must keep producing frames while it is.
    public static var hasActiveDisplayLinks: Bool { DisplayLinkRegistry.shared.hasActiveLinks }
}
