/// The geometry of a tiled layer: its levels of detail, the scale each is drawn at, and the
/// tiles of each level. A value computed from the layer's presented settings; it draws nothing
/// and holds no tiles.
///
/// Levels follow CATiledLayer.h: "Each LOD is half the resolution of the previous level"; a
/// `levelsOfDetailBias` of b "devotes b of its specified levels of detail to magnification,
/// i.e. 2x and 4x" for b = 2. So level i (0 ≤ i < levelsOfDetail, 0 the finest) is drawn at
/// 2^(b − i) times `contentsScale` pixels per point. The header clamps the number of levels so
/// that "the bottom most LOD must contain at least a single pixel in each dimension". Tile sizes
/// are in pixels, so a tile of level i covers `tileSize / scale(i)` points; the grid starts at
/// the bounds' origin.
import Foundation
import GLayersGraphics

/// A tile of a tiled layer: its level (0 the finest) and its column and row in that level.
struct TileKey: Hashable, Comparable {
    var level: Int32
    var column: Int32
    var row: Int32

    static func < (a: TileKey, b: TileKey) -> Bool {
        (a.level, a.row, a.column) < (b.level, b.row, b.column)
    }
}

/// The levels and tiles of a tiled layer with given bounds and settings.
struct TileGrid: Equatable {
    /// The layer's bounds (tile rects are in its coordinates).
    var bounds: CGRect
    /// Pixels per point of level 0 when the bias is 0 (`contentsScale`).
    var contentsScale: CGFloat
    /// The size of a tile in pixels.
    var tileWidth: Int
    var tileHeight: Int
    /// The power of two of the finest level's magnification (`levelsOfDetailBias`).
    var finestExponent: Int
    /// The levels there are, after the one-pixel clamp (at least 1).
    var levelCount: Int

    /// The grid of settings already made usable (`TiledSettings.usable`).
    init(bounds: CGRect, settings: TiledSettings) {
        self.bounds = bounds
        contentsScale = settings.contentsScale
        tileWidth = settings.tileWidth
        tileHeight = settings.tileHeight
        finestExponent = settings.bias
        // The coarsest level must still hold one pixel of the shorter side.
        let shortest = min(bounds.width, bounds.height) * settings.contentsScale
        var count = settings.levels
        if shortest > 0 && shortest.isFinite {
            let coarsest = -Int(floor(log2(shortest)))
            count = min(count, max(1, settings.bias - coarsest + 1))
        }
        levelCount = max(1, count)
    }

    /// Pixels per point of level `level`.
    func scale(ofLevel level: Int) -> CGFloat {
        contentsScale * CGFloat(sign: .plus, exponent: finestExponent - level, significand: 1)
    }

    /// The level to draw for a layer shown at `pixelsPerPoint`: the coarsest level whose scale
    /// is at least that (so tiles are not magnified on screen), or the finest level when none
    /// is (Apple does not document this choice; a scale within 1 % above a level's still picks
    /// it, so exact powers of two do not flicker between levels).
    func level(forPixelsPerPoint q: CGFloat) -> Int {
        guard q > 0, q.isFinite else { return levelCount - 1 }
        let wanted = Int((log2(q / contentsScale) - 0.0144).rounded(.up))
        let exponent = min(finestExponent, max(finestExponent - levelCount + 1, wanted))
        return finestExponent - exponent
    }

    /// How many columns and rows of tiles level `level` has.
    func tileCounts(level: Int) -> (columns: Int, rows: Int) {
        let s = scale(ofLevel: level)
        func count(_ length: CGFloat, _ tile: Int) -> Int {
            let n = (length * s / CGFloat(tile)).rounded(.up)
            return n.isFinite && n > 0 ? Int(min(n, 1e9)) : 0
        }
        return (count(bounds.width, tileWidth), count(bounds.height, tileHeight))
    }

    /// The tiles of `level` meeting `rect` (layer coordinates): column and row ranges.
    func tiles(level: Int, meeting rect: CGRect) -> (columns: Range<Int>, rows: Range<Int>) {
        let (nc, nr) = tileCounts(level: level)
        let r = rect.intersection(bounds)
        guard !r.isNull, r.width >= 0, r.height >= 0, nc > 0, nr > 0 else { return (0..<0, 0..<0) }
        let s = scale(ofLevel: level)
        let tw = CGFloat(tileWidth) / s, th = CGFloat(tileHeight) / s
        func range(_ lo: CGFloat, _ hi: CGFloat, _ size: CGFloat, _ n: Int) -> Range<Int> {
            let a = Int(max(0, min(CGFloat(n - 1), (lo / size).rounded(.down))))
            let b = Int(max(CGFloat(a), min(CGFloat(n - 1), (hi / size).rounded(.up) - 1)))
            return a..<(b + 1)
        }
        return (
            range(r.minX - bounds.minX, r.maxX - bounds.minX, tw, nc),
            range(r.minY - bounds.minY, r.maxY - bounds.minY, th, nr)
        )
    }

    /// The rect of a tile in layer coordinates, clipped to the bounds.
    func rect(of key: TileKey) -> CGRect {
        let s = scale(ofLevel: Int(key.level))
        let tw = CGFloat(tileWidth) / s, th = CGFloat(tileHeight) / s
        let full = CGRect(
            x: bounds.minX + CGFloat(key.column) * tw, y: bounds.minY + CGFloat(key.row) * th, width: tw, height: th)
        return full.intersection(bounds)
    }

    /// The size in pixels of a tile's bitmap: its clipped rect at its level's scale, rounded up.
    func pixelSize(of key: TileKey) -> (width: Int, height: Int) {
        let r = rect(of: key), s = scale(ofLevel: Int(key.level))
        return (
            max(1, min(tileWidth, Int((r.width * s - 1e-6).rounded(.up)))),
            max(1, min(tileHeight, Int((r.height * s - 1e-6).rounded(.up))))
        )
    }
}
