/// Contents by drawing: `setNeedsDisplay()` marks a layer; the next commit calls
/// `display()`, which asks the delegate's `display(_:)` or draws with `draw(in:)` into a bitmap
/// of the bounds at `contentsScale` that becomes the contents.
import Foundation
import GLayersGraphics
import Synchronization

extension CALayer {
    /// Marks the contents as needing display.
    func markNeedsDisplay() {
        if isPresentationCopy || needsDisplayFlag { return }
        needsDisplayFlag = true
        let context = TransactionContext.current
        context.ensureFrame()
        context.displayRequests.append(self)
    }

    /// The default of `displayIfNeeded()`.
    func displayIfNeededDefault() {
        guard needsDisplayFlag else { return }
        needsDisplayFlag = false
        display()
    }

    /// The default of `display()`: the delegate's `display(_:)`, else what the layer's class
    /// does without one (`displayWithoutDelegate()`).
    ///
    /// - A delegate that does not implement `display(_:)` runs the protocol's default, which
    ///   calls `displayWithoutDelegate()`: Apple calls the delegate's `display(_:)` only if it
    ///   implements it, and a Swift protocol's default implementation is how a conforming type
    ///   says "not implemented" (docs/semantics.md#display-and-the-delegate).
    func displayDefault() {
        if let delegate { delegate.display(self) } else { displayWithoutDelegate() }
    }

    /// Draws the layer with `draw(in:)` into a new bitmap of its bounds at `contentsScale`
    /// and makes it the contents (an empty bounds clears the contents).
    ///
    /// - When `contentsAreFlipped()`, the context is y-flipped (Apple's `contentsAreFlipped()`
    ///   reference), so what is drawn at a point of the layer lands there on screen.
    public func displayByDrawing() {
        guard let ctx = drawingContext(covering: layerState.bounds) else {
            setBackingStore(nil)
            return
        }
        delegate?.layerWillDraw(self)
        draw(in: ctx)
        let image = ctx.makeImage()
        if ctx.askedDelegateWithoutDrawing, let delegate, let image, image.isFullyTransparent {
            CALayer.warnDelegateDrawsNothing(delegate, layer: self)
        }
        // Drawn at a lower scale (over `maximumBackingPixels`), the bitmap still covers the
        // bounds, whatever the gravity.
        let scale = layerState.contentsScale > 0 && layerState.contentsScale.isFinite ? layerState.contentsScale : 1
        let lowered = image.map { $0.width < backingPixels(layerState.bounds.width * scale) } ?? false
        setBackingStore(image, covering: lowered ? layerState.bounds : nil)
    }

    /// The delegate types already reported by `warnDelegateDrawsNothing`.
    private static let reportedDelegates = Mutex<Set<ObjectIdentifier>>([])

    /// Reports, once per delegate type, a display that drew nothing because the delegate
    /// implements neither `display(_:)` nor `draw(_:in:)` and the layer's class does not draw:
    /// the usual cause in ported code is a delegate method declared only in a subclass of the
    /// class that adopts `CALayerDelegate`, which Swift does not call (it calls the protocol's
    /// default). Without a runtime, glayers cannot see the subclass's method; it sees that
    /// nothing drew.
    static func warnDelegateDrawsNothing(_ delegate: CALayerDelegate, layer: CALayer) {
        let type = ObjectIdentifier(Swift.type(of: delegate))
        guard reportedDelegates.withLock({ $0.insert(type).inserted }) else { return }
        Diagnostics.warn(
            "\(layer.diagnosticName): display drew nothing: its delegate \(Swift.type(of: delegate)) implements neither display(_:) nor draw(_:in:) of CALayerDelegate (declared only in a subclass of the class that adopts the protocol, Swift does not call them: declare them, or overridable stubs, in the adopting class; docs/porting.md#protocols-without-a-runtime)"
        )
    }

    /// A bitmap context covering `rect` of the layer at `contentsScale`, its user space the
    /// layer's coordinates, y-flipped when `contentsAreFlipped()`; nil (with a warning when it
    /// is too large) when there is nothing to draw into.
    ///
    /// - A backing store of more than `maximumBackingPixels` is drawn at the scale that fits it
    ///   (softer, never missing, as shape rasters and passes are; reported once per layer):
    ///   a layer of 16 384² pixels asked for 1 GiB, and four of them for 4 GiB (#24).
    package func drawingContext(covering rect: CGRect) -> CGContext? {
        var scale = layerState.contentsScale > 0 && layerState.contentsScale.isFinite ? layerState.contentsScale : 1
        var w = backingPixels(rect.width * scale), h = backingPixels(rect.height * scale)
        guard w > 0, h > 0 else { return nil }
        guard w <= 16384, h <= 16384 else {
            Diagnostics.warn(
                "\(diagnosticName): a backing store of \(w)×\(h) pixels is too large (limit 16384 per side); not drawn")
            return nil
        }
        if w * h > Self.maximumBackingPixels {
            let k = (CGFloat(Self.maximumBackingPixels) / CGFloat(w * h)).squareRoot()
            Diagnostics.warn(
                "\(diagnosticName): a backing store of \(w)×\(h) pixels is over the limit (\(Self.maximumBackingPixels) "
                    + "pixels); drawn at \(Double(k)) of its contentsScale",
                once: true)
            scale *= k
            w = min(backingPixels(rect.width * scale), w)
            h = min(backingPixels(rect.height * scale), h)
            while w * h > Self.maximumBackingPixels {
                scale *= 0.999
                w = backingPixels(rect.width * scale)
                h = backingPixels(rect.height * scale)
            }
        }
        guard let ctx = CGContext.bitmap(width: w, height: h, scale: scale) else { return nil }
        if contentsAreFlipped() {
            ctx.translateBy(x: 0, y: CGFloat(h) / scale)
            ctx.scaleBy(x: 1, y: -1)
        }
        ctx.translateBy(x: -rect.minX, y: -rect.minY)
        return ctx
    }
}

extension CALayer {
    /// The most pixels a layer's drawn backing store has (2^26: 256 MiB of RGBA).
    package static let maximumBackingPixels = 1 << 26
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
    /// not a property change); `rect` says which part of the layer the bitmap covers (nil: the
    /// bounds, placed by `contentsGravity`), `isBackground` that it is the layer's rounded
    /// background. It was drawn for `contentsAreFlipped()` as it is now.
    package func setBackingStore(_ image: CGImage?, covering rect: CGRect? = nil, isBackground: Bool = false) {
        let backing = image.map { _ in
            DrawnBacking(rect: rect, isFlipped: contentsAreFlipped(), isBackground: isBackground)
        }
        modifyModel {
            $0.contents = image.map { .image($0) } ?? .none
            $0.backing = backing
        }
    }

    /// Redraws the layers of this subtree (masks included) whose drawn contents were drawn for
    /// the other orientation: after `isGeometryFlipped` changes or the subtree moves, so that
    /// `contentsAreFlipped()` changed.
    func redrawContentsIfFlipChanged() {
        // A leaf without drawn contents has nothing to redraw (most layers inserted: making the
        // stack and asking which way up its contents are was a third of inserting one).
        if sublayerStorage.isEmpty && maskStorage == nil && layerState.backing == nil { return }
        var stack: [(CALayer, Bool)] = [(self, contentsAreFlipped())]
        while let (layer, flipped) = stack.popLast() {
            if let drawn = layer.layerState.backing, drawn.isFlipped != flipped { layer.setNeedsDisplay() }
            for sub in layer.sublayerStorage { stack.append((sub, flipped != sub.layerState.isGeometryFlipped)) }
            if let m = layer.maskStorage { stack.append((m, flipped != m.layerState.isGeometryFlipped)) }
        }
    }
}
