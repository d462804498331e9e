/// The sizes of a frame's passes: each offscreen pass within a texture's side and its own pixel
/// budget, all of them within the frame's.
import GLayersRenderList

extension FramePlanner {
    /// Fills `passGeometry`: the screen at the list's pixel size, offscreen passes at theirs,
    /// shrunk with their scale to fit the largest texture side and `passPixelBudget` (a layer of
    /// 10⁷ × 10⁷ points in a transition would otherwise ask for two targets of 16 384² pixels,
    /// 2 GiB, to show a few hundred pixels of it), and all together to fit
    /// `framePassPixelBudget` (each pass's target lives until the frame ends: 300 full-screen
    /// groups at 4K asked for 20 GiB). The first step of a frame: the renderer needs the sizes
    /// to tell which passes it kept (`plan`'s `isCached`).
    package func preparePasses(_ list: RenderList) {
        passGeometry.removeAll(keepingCapacity: true)
        let limit = options.maximumPassSize
        let screenPixels = list.pixelWidth * list.pixelHeight
        let budget = Double(Self.passPixelBudget(screenPixels: screenPixels))
        var total = 0.0
        for (index, pass) in list.passes.enumerated() {
            let source = pass.sourceRect.isFinite ? pass.sourceRect : .zero
            var scale = pass.scale.isFinite && pass.scale > 0 ? pass.scale : 1
            if index != 0 {
                // The shrink is decided on the pass's true size, not on its clamped pixels, so that
                // the texture holds the whole source rect at the scale it is drawn at.
                let w = Double(source.width) * Double(scale), h = Double(source.height) * Double(scale)
                if w.isFinite, h.isFinite, w > 0, h > 0 {
                    let k = min(1, Double(limit) / max(w, h), (budget / (w * h)).squareRoot())
                    if k < 1 { scale *= Float(k) }
                    total += w * h * k * k
                }
            }
            passGeometry.append(geometry(of: pass, index: index, list, scale: scale, source: source))
        }
        // Over the frame's budget, every offscreen pass is drawn at the same smaller scale.
        let frameBudget = Double(Self.framePassPixelBudget(screenPixels: screenPixels))
        guard total > frameBudget else { return }
        // Passes round up to whole pixels: a few smaller steps take up the rounding.
        let scales = passGeometry.map(\.scale)
        var k = (frameBudget / total).squareRoot()
        for _ in 0..<8 {
            var pixels = 0
            for (index, pass) in list.passes.enumerated() where index != 0 {
                let source = passGeometry[index].source
                let shrunk = geometry(of: pass, index: index, list, scale: scales[index] * Float(k), source: source)
                passGeometry[index] = shrunk
                pixels += shrunk.width * shrunk.height
            }
            if Double(pixels) <= frameBudget { return }
            k *= (frameBudget / Double(pixels)).squareRoot() * 0.999
        }
    }

    /// The geometry of pass `index` at `scale`.
    private func geometry(of pass: RenderPass, index: Int, _ list: RenderList, scale: Float, source: Rect)
        -> PassGeometry
    {
        let limit = options.maximumPassSize
        let width = index == 0 ? list.pixelWidth : min(limit, pass.pixelWidthClamped(scale: scale))
        let height = index == 0 ? list.pixelHeight : min(limit, pass.pixelHeightClamped(scale: scale))
        return PassGeometry(width: width, height: height, scale: scale, source: source, rowsBottomUp: index == 0)
    }

    /// The most pixels an offscreen pass has: 2.5 screens, and at least 4 096² (64 MiB of RGBA).
    /// A pass larger is drawn at a smaller scale, as one larger than a texture may be already
    /// was; the effect is that of a layer rasterized below its screen resolution. (2.5 screens
    /// is the size Apple's engineers have given for Core Animation's cache of rasterized
    /// layers; here it bounds each pass.)
    package static func passPixelBudget(screenPixels: Int) -> Int {
        max(4096 * 4096, screenPixels * 5 / 2)
    }

    /// The most pixels the offscreen passes of one frame have together: four passes at their
    /// budget (10 screens, at least 256 MiB of RGBA; a pass's effects may add as much again).
    package static func framePassPixelBudget(screenPixels: Int) -> Int {
        4 * passPixelBudget(screenPixels: screenPixels)
    }
}

extension RenderPass {
    /// `pixelWidth` for `scale` (at least 1).
    func pixelWidthClamped(scale: Float) -> Int {
        let w = sourceRect.width * scale
        return w.isFinite && w > 0 ? max(1, Int(min(w, 1e6).rounded(.up))) : 1
    }

    /// `pixelHeight` for `scale` (at least 1).
    func pixelHeightClamped(scale: Float) -> Int {
        let h = sourceRect.height * scale
        return h.isFinite && h > 0 ? max(1, Int(min(h, 1e6).rounded(.up))) : 1
    }
}
