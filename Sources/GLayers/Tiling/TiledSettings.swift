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

    /// A value that had to be changed: the property (`tileSize`, `levelsOfDetail` or
    /// `levelsOfDetailBias`), what was wrong (naming it) and the value used instead.
    struct Problem: Equatable {
        var key: String
        var message: String
        var using: String

        init(_ key: String, _ message: String, using: some CustomStringConvertible) {
            self.key = key
            self.message = message
            self.using = using.description
        }

        /// "MESSAGE; using VALUE".
        var warning: String { "\(message); using \(using)" }
    }

    /// The usable settings of `raw`, and a description of each value that had to be changed.
    static func make(_ raw: Raw) -> (TiledSettings, problems: [Problem]) {
        var problems: [Problem] = []
        func side(_ v: CGFloat, _ name: String) -> Int {
            let range = tileSides
            guard v.isFinite else {
                problems.append(Problem("tileSize", "tileSize.\(name) \(v) is not a finite number", using: 256))
                return 256
            }
            let clamped = Int(min(max(v.rounded(), CGFloat(range.lowerBound)), CGFloat(range.upperBound)))
            if clamped != Int(max(-1e9, min(1e9, v.rounded()))) {
                let text = "tileSize.\(name) \(v) is outside \(range.lowerBound)…\(range.upperBound) pixels"
                problems.append(Problem("tileSize", text, using: clamped))
            }
            return clamped
        }
        let w = side(raw.tileSize.width, "width"), h = side(raw.tileSize.height, "height")
        /// `v` as a whole count in `least…most`; `below` says what a smaller value is.
        func count(_ v: CGFloat, _ key: String, _ least: Int, _ most: Int, below: String, unit: String) -> Int {
            if v.isNaN {
                problems.append(Problem(key, "\(key) is not a number", using: least))
                return least
            }
            if v < CGFloat(least) {
                problems.append(Problem(key, "\(key) \(v) \(below)", using: least))
                return least
            }
            if v > CGFloat(most) {
                problems.append(Problem(key, "\(key) \(v) is more than \(most) \(unit)", using: most))
                return most
            }
            return Int(v)
        }
        let levels = count(
            raw.levels, "levelsOfDetail", 1, maximumLevels, below: "is less than one level", unit: "levels")
        let bias = count(
            raw.bias, "levelsOfDetailBias", 0, maximumBias, below: "is negative", unit: "magnified levels")
        let scale = raw.contentsScale > 0 && raw.contentsScale.isFinite ? min(raw.contentsScale, 64) : 1
        return (TiledSettings(tileWidth: w, tileHeight: h, levels: levels, bias: bias, contentsScale: scale), problems)
    }
}

extension CATiledLayer {
    /// The usable settings of the presented `state`, reporting unusable values once per change
    /// of them (called by the flattener, on the thread that owns the tree).
    final func usableSettings(_ state: LayerState) -> TiledSettings {
        let raw = Self.rawSettings(state)
        if let checked = checkedSettings, checked.raw == raw { return checked.usable }
        let (usable, problems) = TiledSettings.make(raw)
        for p in problems { Diagnostics.warn("\(diagnosticName): CATiledLayer \(p.warning)") }
        checkedSettings = (raw, usable)
        return usable
    }

    /// What tiling would change in the layer's settings as set (the model), by property,
    /// without "using …": the rules of drawing, for scenes to refuse where the file sets them.
    package final func unusableSettings() -> [(key: String, message: String)] {
        TiledSettings.make(Self.rawSettings(layerState)).problems.map { ($0.key, $0.message) }
    }

    private static func rawSettings(_ state: LayerState) -> TiledSettings.Raw {
        TiledSettings.Raw(
            tileSize: LayerProperty.Tiled.tileSize.read(state), levels: LayerProperty.Tiled.levelsOfDetail.read(state),
            bias: LayerProperty.Tiled.levelsOfDetailBias.read(state), contentsScale: state.contentsScale)
    }
}
