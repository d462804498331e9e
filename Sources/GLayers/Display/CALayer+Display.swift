/// Contents by drawing: `setNeedsDisplay()` marks a layer; the next commit calls
/// `display()`, which asks the delegate's `display(_:)` or draws with `draw(in:)` into a bitmap
/// of the bounds at `contentsScale` that becomes the contents.
import Foundation
import GLayersGraphics

extension CALayer {
    /// Marks the contents as needing display.
    func markNeedsDisplay() {
        if isPresentationCopy || needsDisplayFlag { return }
        needsDisplayFlag = true
        let context = TransactionContext.current
        context.ensureFrame()
        context.displayRequests.append(self)
    }

    /// Whether the contents are marked as needing display.
    public func needsDisplay() -> Bool { needsDisplayFlag }

    /// Displays the layer now if it is marked as needing display.
    public func displayIfNeeded() {
        guard needsDisplayFlag else { return }
        needsDisplayFlag = false
        display()
    }

    /// The default of `display()`: the delegate's `display(_:)`, else drawing.
    func displayDefault() {
        if let delegate { delegate.display(self) } else { displayByDrawing() }
    }

    /// Draws the layer with `draw(in:)` into a new bitmap of its bounds at `contentsScale`
    /// and makes it the contents (an empty bounds clears the contents).
    public func displayByDrawing() {
        let scale = layerState.contentsScale > 0 && layerState.contentsScale.isFinite ? layerState.contentsScale : 1
        let size = layerState.bounds.size
        let w = backingPixels(size.width * scale), h = backingPixels(size.height * scale)
        guard w > 0, h > 0 else {
            setBackingStore(nil)
            return
        }
        guard w <= 16384, h <= 16384 else {
            Diagnostics.warn("\(diagnosticName): a backing store of \(w)×\(h) pixels is too large (limit 16384 per side); not drawn")
            return
        }
        guard let ctx = CGContext.bitmap(width: w, height: h, scale: scale) else { return }
        ctx.translateBy(x: -layerState.bounds.minX, y: -layerState.bounds.minY)
        delegate?.layerWillDraw(self)
        draw(in: ctx)
        setBackingStore(ctx.makeImage())
    }
}

/// A length in pixels rounded up, for sizing bitmaps: 0 for NaN and lengths ≤ 0, and at most
/// `Int32.max` (a huge or infinite bounds must be refused by the caller's limit, not trap in
/// the conversion to `Int`, #14).
func backingPixels(_ length: CGFloat) -> Int {
    guard length > 0 else { return 0 }
    return Int(min(length.rounded(.up), CGFloat(Int32.max)))
}

extension CALayer {
    /// Sets the contents produced by the layer's own drawing: no action runs (redrawing is
    /// not a property change), and `rect` says which part of the layer the bitmap covers
    /// (nil: the bounds, placed by `contentsGravity`).
    package func setBackingStore(_ image: CGImage?, covering rect: CGRect? = nil) {
        modifyModel {
            $0.contents = image.map { .image($0) } ?? .none
            $0.backingRect = rect
        }
    }
}
