/// The presentation tree (SPEC A1): copies of layers with every animated property at the
/// current media time; `model()` returns the model layer behind a copy.
import Foundation

extension CALayer {
    /// A copy of the layer as it appears now; the model layer's own values when nothing animates.
    func presentationDefault() -> Self? {
        if isPresentationCopy { return self }
        return presentation(atMediaTime: CACurrentMediaTime())
    }

    /// A presentation copy of the layer at media time `t` (what `presentation()` gives when
    /// `CACurrentMediaTime()` is `t`; for tools that show a chosen time, such as scene dumps).
    public func presentation(atMediaTime t: CFTimeInterval) -> Self {
        let copy = type(of: self).init(layer: self)
        copy.layerState = presentedState(atMediaTime: t)
        copy.presentationSource = self
        copy.presentationTime = t
        copy.hostCount = 0
        return copy
    }

    /// The default of `model()`: the model layer behind a presentation copy (itself otherwise).
    func modelDefault() -> Self {
        (presentationSource as? Self) ?? self
    }
}

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
    }

    /// Ends the hosting: the tree is no longer live (unless another host shows it).
    public func detach() {
        guard attached else { return }
        attached = false
        rootLayer.hostCount -= 1
    }

    deinit { detach() }

    /// Whether the next frame on this thread may differ from the last (running animations,
    /// changes to live layers, pending layout or display): a host draws while this is true
    /// and sleeps otherwise.
    public static var hasPendingWork: Bool { TransactionContext.current.hasPendingWork }
}
