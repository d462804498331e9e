/// A tiled layer's settings as tiling uses them: the presented values, with unusable ones
/// clamped and reported once (naming the property) instead of crashing or hanging.
import Foundation
import GLayersGraphics

/// Usable tile size, levels and scale of a tiled layer.
struct TiledSettings: Equatable {
    /// The values as set (presented).
    struct Raw: Equatable {
        var tileSize: CGSize
        var levels: CGFloat
        var bias: CGFloat
        var contentsScale: CGFloat

        /// Equal bit for bit (so that NaN settings are reported once, not every frame).
        static func == (a: Raw, b: Raw) -> Bool {
            a.tileSize.width.bitPattern == b.tileSize.width.bitPattern
                && a.tileSize.height.bitPattern == b.tileSize.height.bitPattern
                && a.levels.bitPattern == b.levels.bitPattern && a.bias.bitPattern == b.bias.bitPattern
                && a.contentsScale.bitPattern == b.contentsScale.bitPattern
        }
    }

    /// The smallest and largest tile side in pixels (Apple: "there is a maximum tile size, and
    /// requests for tiles larger than that limit will cause a suitable value to be substituted").
    static let tileSides = 16...1024
    /// The most magnified levels (2^24: beyond it a float render list cannot place the tiles).
    static let maximumBias = 24
    /// The most levels (the one-pixel clamp of `TileGrid` usually gives fewer).
    static let maximumLevels = 64

    var tileWidth: Int
    var tileHeight: Int
    var levels: Int
    var bias: Int
    var contentsScale: CGFloat

    /// The usable settings of `raw`, and a description of each value that had to be changed.
    static func make(_ raw: Raw) -> (TiledSettings, problems: [String]) {
        var problems: [String] = []
        func side(_ v: CGFloat, _ name: String) -> Int {
            let range = tileSides
            guard v.isFinite else {
                problems.append("tileSize.\(name) \(v) is not a number; using 256")
                return 256
            }
            let clamped = Int(min(max(v.rounded(), CGFloat(range.lowerBound)), CGFloat(range.upperBound)))
            if clamped != Int(max(-1e9, min(1e9, v.rounded()))) {
                problems.append(
                    "tileSize.\(name) \(v) is outside \(range.lowerBound)…\(range.upperBound) pixels; using \(clamped)")
            }
            return clamped
        }
        let w = side(raw.tileSize.width, "width"), h = side(raw.tileSize.height, "height")
        var levels = 1
        if !raw.levels.isFinite || raw.levels < 1 {
            problems.append("levelsOfDetail \(raw.levels) is less than one level; using 1")
        } else {
            levels = Int(min(raw.levels, CGFloat(maximumLevels)))
        }
        var bias = 0
        if !raw.bias.isFinite || raw.bias < 0 {
            problems.append("levelsOfDetailBias \(raw.bias) is negative; using 0")
        } else if raw.bias > CGFloat(maximumBias) {
            problems.append(
                "levelsOfDetailBias \(raw.bias) is more than \(maximumBias) magnified levels; using \(maximumBias)")
            bias = maximumBias
        } else {
            bias = Int(raw.bias)
        }
        let scale = raw.contentsScale > 0 && raw.contentsScale.isFinite ? min(raw.contentsScale, 64) : 1
        return (TiledSettings(tileWidth: w, tileHeight: h, levels: levels, bias: bias, contentsScale: scale), problems)
    }
}

extension CATiledLayer {
    /// The usable settings of the presented `state`, reporting unusable values once per change
    /// of them (called by the flattener, on the thread that owns the tree).
    final func usableSettings(_ state: LayerState) -> TiledSettings {
        let raw = TiledSettings.Raw(
            tileSize: LayerProperty.Tiled.tileSize.read(state), levels: LayerProperty.Tiled.levelsOfDetail.read(state),
            bias: LayerProperty.Tiled.levelsOfDetailBias.read(state), contentsScale: state.contentsScale)
        if let checked = checkedSettings, checked.raw == raw { return checked.usable }
        let (usable, problems) = TiledSettings.make(raw)
        for p in problems { Diagnostics.warn("\(diagnosticName): CATiledLayer \(p)") }
        checkedSettings = (raw, usable)
        return usable
    }
}
