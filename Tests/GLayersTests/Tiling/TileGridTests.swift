import Foundation
import Testing

@testable import GLayers

/// The levels of detail and tiles of CATiledLayer.h (#12): level i of `levelsOfDetail` n with
/// `levelsOfDetailBias` b is drawn at 2^(b − i) × contentsScale, clamped so that the coarsest
/// keeps one pixel; tiles are `tileSize` pixels.
@Suite struct TileGridTests {
    func grid(
        _ bounds: CGRect = CGRect(x: 0, y: 0, width: 1000, height: 600), tile: CGSize = CGSize(width: 256, height: 256),
        levels: CGFloat = 1, bias: CGFloat = 0, scale: CGFloat = 1
    ) -> TileGrid {
        let raw = TiledSettings.Raw(tileSize: tile, levels: levels, bias: bias, contentsScale: scale)
        return TileGrid(bounds: bounds, settings: TiledSettings.make(raw).0)
    }

    @Test func theDefaultIsOneLevelAtTheContentsScale() {
        let g = grid()
        #expect(g.levelCount == 1)
        #expect(g.scale(ofLevel: 0) == 1)
        #expect(g.level(forPixelsPerPoint: 8) == 0)
        #expect(g.level(forPixelsPerPoint: 0.01) == 0)
        #expect(grid(scale: 2).scale(ofLevel: 0) == 2)
    }

    /// The header's example: a bias of two devotes two of the levels to magnification, 2x and 4x.
    @Test func theBiasDevotesLevelsToMagnification() {
        let g = grid(levels: 4, bias: 2)
        #expect((0..<g.levelCount).map { g.scale(ofLevel: $0) } == [4, 2, 1, 0.5])
        let magnifiedOnly = grid(levels: 2, bias: 2)
        #expect((0..<magnifiedOnly.levelCount).map { magnifiedOnly.scale(ofLevel: $0) } == [4, 2])
    }

    /// "The bottom most LOD must contain at least a single pixel in each dimension."
    @Test func levelsAreClampedToOnePixel() {
        let g = grid(CGRect(x: 0, y: 0, width: 40, height: 4), levels: 10)
        #expect(g.levelCount == 3)
        #expect(g.scale(ofLevel: 2) * 4 == 1)
        #expect(grid(CGRect(x: 0, y: 0, width: 32768, height: 32768), levels: 30).levelCount == 16)
        #expect(grid(CGRect(x: 0, y: 0, width: 0.25, height: 0.25), levels: 3).levelCount == 1)
    }

    /// The coarsest level at least as fine as the screen; the finest when none is.
    @Test func theLevelIsTheCoarsestNotMagnifiedOnScreen() {
        let g = grid(levels: 6, bias: 2)  // 4, 2, 1, 1/2, 1/4, 1/8
        #expect(g.level(forPixelsPerPoint: 1) == 2)
        #expect(g.level(forPixelsPerPoint: 1.005) == 2)
        #expect(g.level(forPixelsPerPoint: 1.2) == 1)
        #expect(g.level(forPixelsPerPoint: 3) == 0)
        #expect(g.level(forPixelsPerPoint: 100) == 0)
        #expect(g.level(forPixelsPerPoint: 0.3) == 3)
        #expect(g.level(forPixelsPerPoint: 0.2) == 4)
        #expect(g.level(forPixelsPerPoint: 0.001) == 5)
        #expect(grid(levels: 6, bias: 2, scale: 2).level(forPixelsPerPoint: 2) == 2)
    }

    @Test func tilesCoverTheBoundsInPixelsOfTheirLevel() {
        let g = grid(CGRect(x: 10, y: 20, width: 1000, height: 600), levels: 2)
        #expect(g.tileCounts(level: 0) == (4, 3))
        #expect(g.tileCounts(level: 1) == (2, 2))
        #expect(g.rect(of: TileKey(level: 0, column: 3, row: 2)) == CGRect(x: 778, y: 532, width: 232, height: 88))
        #expect(g.pixelSize(of: TileKey(level: 0, column: 3, row: 2)) == (232, 88))
        // A tile of the half-resolution level covers 512 points in 256 pixels.
        #expect(g.rect(of: TileKey(level: 1, column: 0, row: 0)) == CGRect(x: 10, y: 20, width: 512, height: 512))
        #expect(g.pixelSize(of: TileKey(level: 1, column: 1, row: 1)) == (244, 44))
        let r = g.tiles(level: 0, meeting: CGRect(x: 270, y: 20, width: 256, height: 1))
        #expect(r.columns == 1..<3 && r.rows == 0..<1)
        let edge = g.tiles(level: 0, meeting: CGRect(x: 266, y: 276, width: 512, height: 256))
        #expect(edge.columns == 1..<3 && edge.rows == 1..<2)
        #expect(g.tiles(level: 0, meeting: CGRect(x: 2000, y: 0, width: 5, height: 5)).columns.isEmpty)
    }

    /// Unusable settings are clamped, each named in a problem.
    @Test func unusableSettingsAreClampedAndNamed() {
        func make(_ tile: CGSize, _ levels: CGFloat, _ bias: CGFloat) -> (TiledSettings, [String]) {
            let (settings, problems) = TiledSettings.make(
                TiledSettings.Raw(tileSize: tile, levels: levels, bias: bias, contentsScale: .nan))
            #expect(problems.allSatisfy { $0.message.hasPrefix($0.key) })
            return (settings, problems.map(\.warning))
        }
        let (small, p1) = make(CGSize(width: 0, height: 100_000), 1, 0)
        #expect(small.tileWidth == 16 && small.tileHeight == 1024 && small.contentsScale == 1)
        #expect(
            p1 == [
                "tileSize.width 0.0 is outside 16…1024 pixels; using 16",
                "tileSize.height 100000.0 is outside 16…1024 pixels; using 1024",
            ])
        let (nan, p2) = make(CGSize(width: CGFloat.nan, height: 256), -3, -1)
        #expect(nan.tileWidth == 256 && nan.levels == 1 && nan.bias == 0)
        #expect(p2.count == 3 && p2[1].hasPrefix("levelsOfDetail ") && p2[2].hasPrefix("levelsOfDetailBias"))
        let (huge, p3) = make(CGSize(width: 256, height: 256), 1e12, 1000)
        #expect(huge.levels == TiledSettings.maximumLevels && huge.bias == TiledSettings.maximumBias)
        #expect(
            p3 == [
                "levelsOfDetail 1000000000000.0 is more than 64 levels; using 64",
                "levelsOfDetailBias 1000.0 is more than 24 magnified levels; using 24",
            ])
        let (unknown, p4) = make(CGSize(width: 256, height: CGFloat.infinity), .nan, .nan)
        #expect(unknown.tileHeight == 256 && unknown.levels == 1 && unknown.bias == 0)
        #expect(
            p4 == [
                "tileSize.height inf is not a finite number; using 256", "levelsOfDetail is not a number; using 1",
                "levelsOfDetailBias is not a number; using 0",
            ])
        #expect(make(CGSize(width: 512, height: 64), 3, 2).1.isEmpty)
        #expect(make(CGSize(width: 16, height: 1024), 64, 24).1.isEmpty)
    }
}
