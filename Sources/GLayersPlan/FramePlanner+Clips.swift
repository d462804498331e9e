/// Planning clips: a clip that cuts nothing from an item is left out of its instance.
import GLayersRenderList

extension FramePlanner {
    /// Whether the clip chain from `clip` leaves every pixel of the instance whole: each clip
    /// is a rect with square corners, mapped onto the pass without turning or perspective, and
    /// holds the part of the instance's quad inside the pass (`visible`, the pass's source
    /// rect), grown by a pixel and a half (its dilation and anti-aliasing). Such clips (a
    /// precomposition's bounds around the layers inside it, a scroll view's around content that
    /// fits) decide no pixel; without them the instance is tested against no clip per pixel and
    /// may take the simple program.
    ///
    /// - Only pixels of the pass are drawn, so an edge of the quad beyond the pass's edge is
    ///   tested at the pass's edge: a clip that follows the edge of a layer larger than the pass
    ///   (a composition's bounds around a full-frame background) cuts nothing the pass shows.
    /// - A clip edge at or beyond the pass's edge cuts nothing either, however near the quad's:
    ///   the pass's outermost pixels have their centres half a pixel inside it, where a clip's
    ///   coverage is whole (a composition's bounds, the size of the view, around a layer that
    ///   reaches the view's edge).
    func clipCutsNothing(
        _ clip: Int32, _ instance: QuadInstance, _ item: UnsafePointer<DrawItem>, _ list: RenderList, scale: Float,
        visible: Rect
    ) -> Bool {
        guard let box = Self.projectedBounds(instance.geometry, item.pointee.transform) else { return false }
        let minX = max(box.minX, visible.x), maxX = min(box.maxX, visible.maxX)
        let minY = max(box.minY, visible.y), maxY = min(box.maxY, visible.maxY)
        let margin = 1.5 / scale
        var index = Int(clip), steps = 0
        while index >= 0 && index < list.clips.count && steps < list.clips.count {
            let node = list.clips[index]
            guard let c = Self.squareBounds(of: node),
                c.minX <= minX - margin || c.minX <= visible.x, c.maxX >= maxX + margin || c.maxX >= visible.maxX,
                c.minY <= minY - margin || c.minY <= visible.y, c.maxY >= maxY + margin || c.maxY >= visible.maxY
            else { return false }
            index = Int(node.parent)
            steps += 1
        }
        return index < 0
    }

    /// The bounds on its pass of a clip with square corners mapped without turning or
    /// perspective (mirrored or not), or nil for any other clip.
    @inline(__always)
    static func squareBounds(of node: ClipNode) -> (minX: Float, maxX: Float, minY: Float, maxY: Float)? {
        guard node.cornerRadius <= 0 || node.roundedCorners & 0xF == 0 else { return nil }
        return unturnedBounds(node.rect, node.transform)
    }

    /// The bounds on its pass of an item's rect mapped without turning or perspective
    /// (mirrored or not), or nil for any other map (its corners are the caller's to check).
    @inline(__always)
    static func squareBounds(of item: DrawItem) -> (minX: Float, maxX: Float, minY: Float, maxY: Float)? {
        unturnedBounds(item.rect, item.transform)
    }

    /// `rect` mapped by `transform` when it neither turns nor projects it, else nil.
    @inline(__always)
    private static func unturnedBounds(_ rect: Rect, _ transform: Matrix4) -> (
        minX: Float, maxX: Float, minY: Float, maxY: Float
    )? {
        let m = transform.m
        guard m[1] == 0, m[4] == 0, m[3] == 0, m[7] == 0, m[15] == 1 else { return nil }
        let x0 = rect.x * m[0] + m[12], x1 = rect.maxX * m[0] + m[12]
        let y0 = rect.y * m[5] + m[13], y1 = rect.maxY * m[5] + m[13]
        return (min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1))
    }

    /// The bounding box on its pass of `r` mapped by `m` (its four corners projected), or nil
    /// when a corner lies behind the eye.
    @inline(__always)
    static func projectedBounds(_ r: Rect, _ m: Matrix4) -> (minX: Float, maxX: Float, minY: Float, maxY: Float)? {
        guard let a = m.project(r.x, r.y), let b = m.project(r.maxX, r.y), let c = m.project(r.x, r.maxY),
            let d = m.project(r.maxX, r.maxY)
        else { return nil }
        // Pairs, not the variadic min and max: their argument arrays were allocated, an item.
        return (
            min(min(a.0, b.0), min(c.0, d.0)), max(max(a.0, b.0), max(c.0, d.0)),
            min(min(a.1, b.1), min(c.1, d.1)), max(max(a.1, b.1), max(c.1, d.1))
        )
    }
}
