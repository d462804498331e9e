/// Transparency layers (`beginTransparencyLayer` … `endTransparencyLayer`): drawing in between
/// goes to a transparent backdrop of its own, composited as one image at the end with the
/// alpha, shadow and blend mode of the graphics state at the beginning, within the clip, as
/// Core Graphics' reference describes. The usual use: several shapes casting one shadow.
///
/// - Inside the layer the global alpha is 1 and there is no shadow; a `clip(to:mask:)` mask
///   set before it applies once, to the composite. Ending the layer restores
///   the whole graphics state of the beginning (cairo's group keeps its own state), so
///   settings changed inside do not outlive it; unbalanced `saveGState`s inside are closed and
///   `restoreGState` cannot reach past the layer's beginning.
/// - The layer covers the clip at the beginning; layers nest.
import CCairo
import Foundation

extension CGContext {
    /// What a transparency layer restores when it ends.
    struct TransparencyLayer {
        var state: GState
        /// The depth of the `saveGState` stack at the beginning.
        var depth: Int
    }

    /// Begins a transparency layer: what is drawn until `endTransparencyLayer` is composited as
    /// one image then (see the file comment); `auxiliaryInfo` is unused, as in Core Graphics.
    public func beginTransparencyLayer(auxiliaryInfo: NSDictionary?) {
        layers.append(TransparencyLayer(state: state, depth: saved.count))
        cairo_push_group(cr)
        state.alpha = 1
        state.shadow = nil
        state.clipMask = nil  // applied once, when the layer is composited
    }

    /// Begins a transparency layer bounded by `rect` (glayers bounds it by the clip, which
    /// draws the same within `rect`).
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: NSDictionary?) {
        beginTransparencyLayer(auxiliaryInfo: auxiliaryInfo)
    }

    /// Ends the innermost transparency layer and composites it with the alpha, shadow and blend
    /// mode in force when it began (ignored when no layer is open).
    public func endTransparencyLayer() {
        guard let layer = layers.last else { return }
        while saved.count > layer.depth { restoreGState() }
        layers.removeLast()
        guard let group = cairo_pop_group(cr) else { return }
        defer { cairo_pattern_destroy(group) }
        state = layer.state
        applyAntialias()
        paint(shadow: .clippedPaint) {
            cairo_set_source(cr, group)
            cairo_paint_with_alpha(cr, Double(state.alpha))
        }
    }
}
