/// One frame, the same for the window and for headless rendering: run the display links due,
/// commit the transaction at the frame boundary, flatten the presentation of the tree at the
/// frame's media time, draw the render list.
import Foundation
import GLayers
import GLayersGL
import GLayersRenderList

/// Draws layer trees with one renderer.
public final class FrameDriver {
    /// The GL context the frames are drawn with.
    public let context: GLContext
    /// The renderer (its `stats` describe the last frame; `debug` has its switches).
    public let renderer: Renderer
    /// The flattener (its `list` is the last frame's render list).
    package let builder = FrameBuilder()
    /// Time spent in the last frame: display links + flush + flatten + draw, in milliseconds.
    public private(set) var lastFrameMilliseconds = 0.0
    /// The time between the display's refreshes, in seconds (default 1/60): display links'
    /// `duration`, and the unit of their frame rates.
    public var refreshInterval: CFTimeInterval = 1.0 / 60

    /// A driver drawing with a new renderer on `context`.
    public init(context: GLContext) throws {
        self.context = context
        renderer = try Renderer(context: context)
    }

    /// Runs the display links of this thread due at `t`, commits pending changes
    /// (`CATransaction.flush()`), flattens `root` at media time `t` for `size` points at
    /// `scale` pixels per point, and draws it into `target`.
    @discardableResult
    public func drawFrame(
        _ root: CALayer, at t: CFTimeInterval, size: CGSize, scale: CGFloat, background: CGColor?, target: RenderTarget
    ) -> RenderList {
        let start = MonotonicClock.now
        CALayerHost.runDisplayLinks(forFrameAt: t, refreshInterval: refreshInterval)
        CATransaction.flush()
        let list = builder.build(root: root, at: t, size: size, scale: scale, clearColor: background)
        renderer.render(list, to: target)
        lastFrameMilliseconds = (MonotonicClock.now - start) * 1000
        return list
    }
}
