/// Planning the instances that are not an item's own: the backdrop an item with background
/// filters draws first, and the debug outline of an offscreen pass.
import GLayersRenderList

extension FramePlanner {
    /// The backdrop instance (the item's rounded rect, textured with the filtered copy of
    /// what lies behind it) and its command.
    func planBackdrop(
        _ item: UnsafePointer<DrawItem>, instance: QuadInstance, chain: Int, list: RenderList, pass: Int
    ) {
        var backdrop = instance
        backdrop.flags = [.screenTexture, .clipsContent]
        backdrop.background = .clear
        backdrop.borderWidth = 0
        backdrop.destination = item.pointee.rect
        backdrop.geometry = item.pointee.rect
        let g = passGeometry[pass]
        var reach: Float = 0
        for filter in list.filterChains[chain] {
            switch filter {
            case .gaussianBlur(let sigma): reach += 3 * max(0, sigma.isFinite ? sigma : 0)
            case .bloom(let sigma, _): reach += 3 * max(0, sigma.isFinite ? sigma : 0)
            case .colorMatrix: break
            }
        }
        let box = PixelBox(
            covering: item.pointee.rect, under: instance.h, margin: reach * g.scale + 2, viewportWidth: g.width,
            viewportHeight: g.height)
        let index = Int32(instanceCount)
        backdrop.write(to: instanceBuffer.append())
        commands.append(
            DrawCommand(
                kind: .backdrop, first: index, count: 1, textures: .none, blending: .sourceOver, mode: Int32(chain),
                box: box))
    }

    /// A magenta one-pixel frame along the edges of offscreen pass `pass` (debug).
    func planOutline(_ pass: Int) {
        let g = passGeometry[pass]
        let h = Homography(Matrix4.identity).toPixels(sourceX: g.source.x, sourceY: g.source.y, scale: g.scale)
        var outline = QuadInstance(h: h, rect: g.source, geometry: g.source)
        outline.borderWidth = 1 / g.scale
        outline.borderColor = Color(r: 1, g: 0, b: 1, a: 1)
        outline.flags = [.noDilate]
        let index = Int32(instanceCount)
        outline.write(to: instanceBuffer.append())
        appendToBatch(
            index, textures: .none, blending: .sourceOver, variant: .general, features: generalFeatures(outline))
    }
}
