/// Building render lists by hand: offscreen passes first (their items contiguous), the
/// screen pass last, as the engine's FrameBuilder lays them out.
import GLayersGL
import GLayersGraphics
import GLayersRenderList

final class ListBuilder {
    let list = RenderList()
    private var dependencies: [PassID] = []

    init(width: Int, height: Int, scale: Float = 1, clear: Color = Color(r: 1, g: 1, b: 1, a: 1)) {
        list.reset(pixelWidth: width, pixelHeight: height, scale: scale, clearColor: clear)
        list.passes.append(
            RenderPass(
                itemRange: 0..<0,
                sourceRect: Rect(x: 0, y: 0, width: Float(width) / scale, height: Float(height) / scale),
                scale: scale, screenSpace: true))
    }

    /// Adds an offscreen pass with `items`; returns its id.
    @discardableResult
    func pass(
        source: Rect, scale: Float = 1, screenSpace: Bool = false, effects: PassEffects = PassEffects(),
        cacheKey: UInt64? = nil, dependencies: [PassID] = [], items: [DrawItem]
    ) -> PassID {
        let start = list.items.count
        list.items.append(contentsOf: items)
        var deps = dependencies
        for item in items { if case .pass(let p) = item.content { deps.append(p) } }
        if let m = effects.mask { deps.append(m) }
        if let t = effects.transition { deps.append(t.before) }
        list.passes.append(
            RenderPass(
                itemRange: start..<list.items.count, sourceRect: source, scale: scale, screenSpace: screenSpace,
                effects: effects, cacheKey: cacheKey, dependencies: deps))
        return PassID(list.passes.count - 1)
    }

    /// Adds a screen-space pass of a square of `colour` over `rect`, masked by a circle in it
    /// (the mask's own pass first); returns the masked pass.
    func maskedSquare(_ rect: Rect, colour: Color) -> PassID {
        let place = Matrix4.translate(rect.x, rect.y), square = Rect(0, 0, rect.width, rect.height)
        let mask = pass(
            source: rect, screenSpace: true,
            items: [DrawItem(transform: place, rect: square, background: .red, cornerRadius: rect.width / 2)])
        var effects = PassEffects()
        effects.mask = mask
        return pass(
            source: rect, screenSpace: true, effects: effects,
            items: [DrawItem(transform: place, rect: square, background: colour)])
    }

    /// Sets the screen pass's items (call once, after the offscreen passes).
    @discardableResult
    func screen(_ items: [DrawItem]) -> RenderList {
        let start = list.items.count
        list.items.append(contentsOf: items)
        list.passes[0].itemRange = start..<list.items.count
        for item in items { if case .pass(let p) = item.content { list.passes[0].dependencies.append(p) } }
        return list
    }

    /// Registers `image` and returns its id.
    func add(_ image: CGImage) -> ImageID {
        let bitmap = RenderBitmap(image)
        list.images[bitmap.imageID] = bitmap
        return bitmap.imageID
    }

    /// Adds a clip node; returns its index.
    @discardableResult
    func clip(_ node: ClipNode) -> Int32 {
        list.clips.append(node)
        return Int32(list.clips.count - 1)
    }
}
