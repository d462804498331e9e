import QuartzCore

/// A text layer whose text is centred vertically in its bounds: `draw(in:)` moves the context
/// down before the text layer draws (the text layer itself puts text at the top).
public final class CenteredTextLayer: CATextLayer {
    public override func draw(in ctx: CGContext) {
        let yDiff = (bounds.height - fontSize) / 2 - fontSize / 10
        ctx.saveGState()
        ctx.translateBy(x: 0, y: yDiff)
        super.draw(in: ctx)
        ctx.restoreGState()
    }
}
