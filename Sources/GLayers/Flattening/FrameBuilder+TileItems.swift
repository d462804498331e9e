/// Flattening, tiled layers: the geometry of tiles on screen — the part of a layer the view
/// shows, the scale it is shown at, and the draw item of one tile.
import Foundation
import GLayersGraphics
import GLayersRenderList

/// How the tiles of one tiled layer are placed in its item space.
///
/// - Flipped geometry as for drawn contents (`ContentsGeometry`): a tile's rect is mirrored in
///   the bounds when the layer's geometry is flipped, and its bitmap (drawn y-flipped when the
///   layer's contents are flipped) is sampled so that what was drawn at a point lands there.
/// - Seams: tiles sharing an edge at a fractional pixel would each anti-alias it and let what
///   lies behind show through a faint line. So a tile reaches one screen pixel (`overlap`)
///   under each neighbour drawn after it (the next column and row; tiles are drawn row by row)
///   that is opaque and drawn whole, repeating its edge pixels there, which that neighbour
///   covers. Beside neighbours that are not opaque the faint line remains (as between any two
///   layers sharing an edge); the layer's outer edges are not moved.
struct TilePlacement {
    var grid: TileGrid
    var selfFlipped: Bool
    var contextFlipped: Bool
    /// One screen pixel, in points of the layer.
    var overlap: CGFloat

    /// The quad of a tile in item space, and the part of its bitmap it shows (unit
    /// coordinates; outside 0 … 1 the edge pixels repeat).
    func place(_ key: TileKey, extendRight: Bool, extendDown: Bool) -> (quad: CGRect, source: Rect) {
        let r = grid.rect(of: key), s = grid.scale(ofLevel: Int(key.level)), b = grid.bounds
        let (pw, ph) = grid.pixelSize(of: key)
        let imageWidth = CGFloat(pw) / s, imageHeight = CGFloat(ph) / s
        var quad = r
        if extendRight && r.maxX < b.maxX { quad.size.width = min(r.width + overlap, b.maxX - r.minX) }
        if extendDown && r.maxY < b.maxY { quad.size.height = min(r.height + overlap, b.maxY - r.minY) }
        // The bitmap's vertical coordinate of a layer y.
        func v(_ y: CGFloat) -> CGFloat {
            contextFlipped ? (r.minY + imageHeight - y) / imageHeight : (y - r.minY) / imageHeight
        }
        let top = selfFlipped ? quad.maxY : quad.minY, bottom = selfFlipped ? quad.minY : quad.maxY
        let source = Rect(
            x: 0, y: Float(v(top)), width: Float(quad.width / imageWidth), height: Float(v(bottom) - v(top)))
        return (selfFlipped ? ContentsGeometry.mirrored(quad, in: b) : quad, source)
    }
}

extension FrameBuilder {
    /// Appends the item of one tile image.
    func appendTile(
        _ d: TileDraw, _ placement: TilePlacement, _ s: LayerState, world: CATransform3D, opacity: Float,
        clip: Int32, layerIndex: Int32
    ) {
        let alpha = opacity * d.alpha
        guard alpha > 0 else { return }
        func covered(_ dc: Int32, _ dr: Int32) -> Bool {
            opacity >= 1
                && tiling.opaque.contains(TileKey(level: d.key.level, column: d.key.column + dc, row: d.key.row + dr))
        }
        let right = covered(1, 0)
        let down = covered(0, 1) && (!right || covered(1, 1))
        let (quad, source) = placement.place(d.key, extendRight: right, extendDown: down)
        let id = ImageID(d.image.identity)
        list.register(d.image, as: id)
        list.tileImages.insert(id)
        let r = rect(quad)
        append(
            DrawItem(
                transform: matrix(world), rect: r, opacity: alpha,
                content: .image(id, ContentPlacement(destination: r, source: source)), clip: clip,
                doubleSided: s.isDoubleSided, opaque: d.image.isOpaque && alpha >= 1, layerIndex: layerIndex))
    }

    /// The part of the layer's plane (bounds `b`, unflipped) the view shows, through the inverse
    /// of its world homography (the view grown by how far the open passes' effects reach into
    /// it: `OpenPass.reach`); nil when none of it is visible. The whole bounds in and inside
    /// passes in a layer's own space, and when a corner of the view lies beyond the plane's
    /// horizon.
    func visiblePlaneRect(_ b: CGRect, world m: CATransform3D) -> CGRect? {
        guard let view = reachedView else { return b }
        // The plane → item space homography, row vectors: [x y 1] · H = [X Y W].
        let (a, bb, c) = (m.m11, m.m12, m.m14), (d, e, f) = (m.m21, m.m22, m.m24), (g, h, i) = (m.m41, m.m42, m.m44)
        let det = a * (e * i - f * h) - bb * (d * i - f * g) + c * (d * h - e * g)
        guard det != 0, det.isFinite else { return nil }
        // The adjugate (the inverse times det).
        let inv = (
            (e * i - f * h, c * h - bb * i, bb * f - c * e),
            (f * g - d * i, a * i - c * g, c * d - a * f),
            (d * h - e * g, bb * g - a * h, a * e - bb * d)
        )
        var (minX, minY, maxX, maxY) = (CGFloat.infinity, CGFloat.infinity, -CGFloat.infinity, -CGFloat.infinity)
        for corner in 0..<4 {
            let X = corner & 1 == 0 ? view.minX : view.maxX, Y = corner < 2 ? view.minY : view.maxY
            let x = (X * inv.0.0 + Y * inv.1.0 + inv.2.0) / det
            let y = (X * inv.0.1 + Y * inv.1.1 + inv.2.1) / det
            let w = (X * inv.0.2 + Y * inv.1.2 + inv.2.2) / det
            guard w > 0, (x / w).isFinite, (y / w).isFinite else { return b }
            (minX, minY) = (min(minX, x / w), min(minY, y / w))
            (maxX, maxY) = (max(maxX, x / w), max(maxY, y / w))
        }
        let r = CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).intersection(b)
        return r.isNull || r.width <= 0 || r.height <= 0 ? nil : r
    }

    /// The larger of the two axis scales of `world` at `p` of the layer's plane (units of the
    /// item space per point).
    func largerAxisScale(_ world: CATransform3D, at p: CGPoint) -> CGFloat {
        let o = world.apply(to: p), x = world.apply(to: CGPoint(x: p.x + 1, y: p.y)),
            y = world.apply(to: CGPoint(x: p.x, y: p.y + 1))
        let s = max(hypot(x.x - o.x, x.y - o.y), hypot(y.x - o.x, y.y - o.y))
        return s.isFinite && s > 0 ? s : 1
    }
}
