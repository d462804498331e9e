/// The protocols of the objects a layer consults: its delegate (contents, layout, actions) and
/// its layout manager.
import Foundation
import GLayersGraphics

/// The delegate of a layer: supplies contents, layout and actions.
///
/// Every method is optional (the default implementations do nothing, or let the layer go on as
/// if the method were not implemented), as with Apple's `CALayerDelegate`.
public protocol CALayerDelegate: AnyObject {
    /// Updates the layer's contents; when implemented, the layer does not call `draw(_:in:)`.
    func display(_ layer: CALayer)
    /// Draws the layer's contents into `ctx` (origin top-left, units of points).
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Called before the layer draws, to prepare its state.
    func layerWillDraw(_ layer: CALayer)
    /// Lays out the layer's sublayers.
    func layoutSublayers(of layer: CALayer)
    /// The action for `event`: an action, `NSNull()` to stop the search, or nil to go on.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    /// Displays the layer as if the delegate had no `display(_:)` (the default): what the
    /// layer's class does without one — `layerWillDraw(_:)`, then `draw(in:)` into a bitmap of
    /// the bounds, which becomes the contents; a gradient layer's gradient, a shape layer's
    /// path.
    public func display(_ layer: CALayer) { layer.displayWithoutDelegate() }
    /// Draws nothing (the default); the layer warns when nothing else drew either (a method
    /// declared only in a subclass of the class that adopts the protocol is not this one:
    /// docs/porting.md#protocols-without-a-runtime).
    public func draw(_ layer: CALayer, in ctx: CGContext) { ctx.askedDelegateWithoutDrawing = true }
    /// Prepares nothing (the default).
    public func layerWillDraw(_ layer: CALayer) {}
    /// Has the layer's `layoutManager`, if any, lay out the sublayers (the default).
    public func layoutSublayers(of layer: CALayer) { layer.layoutWithManager() }
    /// Returns nil (the default): the search goes on to the layer's `actions`, its `style` and its
    /// class's default action.
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}

/// An object that lays out a layer's sublayers (Core Animation's `CALayoutManager`).
public protocol CALayoutManager: AnyObject {
    /// The preferred size of `layer` given its sublayers.
    func preferredSize(of layer: CALayer) -> CGSize
    /// Called when `layer`'s bounds change, before `layoutSublayers(of:)`.
    func invalidateLayout(of layer: CALayer)
    /// Lays out `layer`'s sublayers.
    func layoutSublayers(of layer: CALayer)
}

extension CALayoutManager {
    /// Returns the layer's current bounds size (the default).
    public func preferredSize(of layer: CALayer) -> CGSize { layer.bounds.size }
    /// Does nothing (the default).
    public func invalidateLayout(of layer: CALayer) {}
}
