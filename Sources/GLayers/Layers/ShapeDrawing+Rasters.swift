/// A shape drawing's rasters: the few kept, on which grid the next is drawn, and drawing one
/// (`ShapeDrawing`'s comment says when each is made).
import Foundation
import GLayersGraphics

extension ShapeDrawing {
    /// One raster: `image` covers `rect` of the layer's coordinates.
    struct Raster {
        var grid: Grid
        var image: CGImage
        var rect: CGRect
        /// Whether it covers only part of the extent (`rect`, what showed and a margin).
        var partial: Bool
        var lastUse: UInt64
        /// For a raster of a whole stroke trimmed where it is drawn: the lengths along the path
        /// at its pixels (`StrokeCenterline.lengths`).
        var lengths: CGImage? = nil
    }

    /// The rasters kept of a drawing, and what decides the grid of the next one.
    final class Rasters {
        var kept: [Raster] = []
        var clock: UInt64 = 0
        /// How many times in a row the drawing landed on another grid than the time before (it
        /// moves once this is over 2).
        var moves = 0
        /// The aligned grid asked for last.
        var lastAlignedGrid: Grid?
        /// How many rasters were drawn.
        var count = 0
    }

    /// The grid of a raster aligned with the pixels when the layer's origin lands at `origin`.
    func alignedGrid(_ scale: CGFloat, _ origin: CGPoint) -> Grid? {
        guard scale.isFinite, scale > 0, origin.x.isFinite, origin.y.isFinite else { return nil }
        let x = scale * extent.minX + origin.x, y = scale * extent.minY + origin.y
        return Grid(scale: scale, phase: CGPoint(x: x - x.rounded(.down), y: y - y.rounded(.down)))
    }

    /// The grid of a raster not aligned with the pixels: its texels' corners at whole multiples
    /// of a texel from the layer's origin, wherever the extent begins. *Why:* a turned shape's
    /// raster is resampled where it lands; on a grid tied to the extent's corner, its edges
    /// were resampled at another phase whenever the extent moved (a path animating, a margin
    /// reckoned otherwise), and its edges shimmered.
    func latticeGrid(_ scale: CGFloat) -> Grid {
        alignedGrid(scale, .zero) ?? Grid(scale: scale)
    }

    /// A kept raster on `grid` that covers `shown` (the whole extent when nil).
    func cached(_ grid: Grid, _ shown: CGRect?, _ store: Rasters) -> Raster? {
        guard
            let i = store.kept.firstIndex(where: {
                $0.grid == grid && (!$0.partial || shown.map($0.rect.contains) == true)
            })
        else { return nil }
        store.kept[i].lastUse = store.clock
        return store.kept[i]
    }

    /// Draws a raster on `grid` covering `shown` (or the whole extent) and keeps it, in place
    /// of the one used least recently; of the whole stroke, with its lengths, when `trimmed`.
    func make(_ grid: Grid, _ shown: CGRect?, _ store: Rasters, _ trimmed: Trimming?) -> Raster? {
        let window = shown.flatMap { part(showing: $0, at: grid, store) }
        guard
            let (image, rect) = draw(at: grid.scale, phase: grid.phase ?? .zero, window: window, whole: trimmed != nil)
        else { return nil }
        var entry = Raster(grid: grid, image: image, rect: rect, partial: window != nil, lastUse: store.clock)
        if let trimmed, let centerline = trimmed.centerline {
            let scale = CGFloat(image.width) / rect.width
            guard
                let lengths = centerline.lengths(
                    width: image.width, height: image.height, scale: scale, origin: rect.origin, coverage: image)
            else {
                // Lengths that do not fit their image: the trimmed stroke, rasterized.
                trimmed.failed = true
                return cached(grid, shown, rasters) ?? make(grid, shown, rasters, nil)
            }
            entry.lengths = lengths
        }
        store.count += 1
        if store.kept.count < Self.capacity {
            store.kept.append(entry)
        } else if let oldest = store.kept.indices.min(by: { store.kept[$0].lastUse < store.kept[$1].lastUse }) {
            store.kept[oldest] = entry
        }
        return entry
    }

    /// The part of the extent to rasterize on `grid` when `shown` shows, or nil for the whole
    /// extent: what shows and two pixels when it is under half of a whole raster of at least
    /// `partialMinimumPixels`; half as much again on each side when a partial raster on the
    /// same grid no longer covers what shows (the drawing moves).
    func part(showing shown: CGRect, at grid: Grid, _ store: Rasters) -> CGRect? {
        let pixelsPerArea = grid.scale * grid.scale
        let whole = extent.width * extent.height * pixelsPerArea
        guard whole >= Self.partialMinimumPixels, shown.width * shown.height * pixelsPerArea < whole / 2 else {
            return nil
        }
        let moving = store.kept.contains { $0.partial && $0.grid == grid }
        let dx = moving ? shown.width / 2 : 2 / grid.scale, dy = moving ? shown.height / 2 : 2 / grid.scale
        let window = shown.insetBy(dx: -dx, dy: -dy).intersection(extent)
        return window.isNull || window.width <= 0 || window.height <= 0 ? nil : window
    }

    /// `s` rounded up to a half-octave step (2^(k/2)) in [1/16, 64]; a scale a hair above a step
    /// (rotations measure 1.0000001) stays on it.
    static func quantized(_ s: CGFloat) -> CGFloat {
        guard s.isFinite, s > 0 else { return 1 }
        let steps = (2 * log2(s) - 1e-3).rounded(.up)
        return pow(2, min(max(steps, -8), 12) / 2)
    }
}
