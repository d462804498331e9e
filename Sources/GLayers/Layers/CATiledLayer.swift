/// `CATiledLayer`: contents drawn in tiles, on background threads, at the level of detail the
/// layer is shown at (the tiles, their cache and their drawing are in `Tiling/`; which tiles a
/// frame shows is decided in `FrameBuilder+Tiles.swift`).
import Foundation
import GLayersGraphics

extension LayerProperty {
    /// `CATiledLayer`'s properties (CATiledLayer.h); none animates. Unusable values (a tile
    /// side below 16 or above 1024 pixels, fewer than one level, a negative bias or one above
    /// 24) are kept as set and clamped where the tiles are made, with a warning naming the
    /// property (`TiledSettings`).
    enum Tiled {
        static let tileSize = StoredProperty(
            "tileSize", default: CGSize(width: 256, height: 256),
            summary: "The size of a tile in pixels [width, height] (default [256, 256]; 16 to 1024).")
        static let levelsOfDetail = StoredProperty(
            "levelsOfDetail", default: CGFloat(1), choices: .integers(1...TiledSettings.maximumLevels),
            summary: "The number of levels of detail, each half the resolution of the previous (default 1).")
        static let levelsOfDetailBias = StoredProperty(
            "levelsOfDetailBias", default: CGFloat(0), choices: .integers(0...TiledSettings.maximumBias),
            summary: "How many of the levels magnify: 2 gives 4x and 2x (default 0).")

        static let all: [LayerProperty] = [tileSize, levelsOfDetail, levelsOfDetailBias]
    }
}

private typealias Tiled = LayerProperty.Tiled

/// A layer whose contents are drawn in tiles, asynchronously, at several levels of detail.
///
/// As on Apple's platforms, `draw(in:)` (or the delegate's `draw(_:in:)`) is called once per
/// tile, on a background thread, with a context clipped to the tile: `ctx.boundingBoxOfClipPath`
/// is the tile's rect in layer coordinates and the CTM's scale (`ctx.ctm.a`) its pixels per
/// point. Only the tiles visible in the frame are drawn, at the level the layer's on-screen
/// scale needs (`TileGrid`); they fade in over `fadeDuration()` as they arrive, over the tiles
/// of other levels that are still cached.
///
/// Thread rules:
/// - `draw(in:)` and the delegate's `draw(_:in:)` run on tile threads, several at once, and
///   must be thread-safe. They must not wait for the main thread (headless rendering waits for
///   the tiles of a frame there).
/// - The engine reads the layer only on the thread that owns the tree: when a frame needs a
///   tile it takes a snapshot of what drawing needs (bounds, `contentsScale`, `tileSize`,
///   levels, flip). While `draw(in:)` runs, this layer's `bounds`, `contentsScale`, `tileSize`,
///   `levelsOfDetail`, `levelsOfDetailBias` and `contentsAreFlipped()` answer from that
///   snapshot, so code that reads them to find its tile is safe. Its other properties are not
///   synchronised: read your own immutable data instead.
///
/// Caching: tile images are kept, least recently used first out, under one budget for all
/// tiled layers (`TileCache.budgetBytes`, 64 MiB of pixels). `setNeedsDisplay(_:)` redraws the
/// tiles meeting the rect, `setNeedsDisplay()` all of them; the old images stay on screen until
/// the new ones arrive. Setting `contents` makes it a plain layer showing them, as on Apple.
open class CATiledLayer: CALayer {
    /// The time in seconds that newly added tiles take to fade in (default 0.25).
    open class func fadeDuration() -> CFTimeInterval { 0.25 }

    /// The number of levels of detail (default 1); each is half the resolution of the previous.
    /// Too many for the layer's size are clamped so that the coarsest keeps one pixel.
    open var levelsOfDetail: Int {
        get {
            if let s = TileDrawingThread.snapshot(of: self) { return s.levelsOfDetail }
            return Self.integer(self[stored: Tiled.levelsOfDetail])
        }
        set { self[stored: Tiled.levelsOfDetail] = CGFloat(newValue) }
    }

    /// The number of levels devoted to magnification (default 0): with 2, the finest levels
    /// are drawn at 4× and 2× `contentsScale`.
    open var levelsOfDetailBias: Int {
        get {
            if let s = TileDrawingThread.snapshot(of: self) { return s.levelsOfDetailBias }
            return Self.integer(self[stored: Tiled.levelsOfDetailBias])
        }
        set { self[stored: Tiled.levelsOfDetailBias] = CGFloat(newValue) }
    }

    /// The maximum size of a tile in pixels (default 256 × 256).
    open var tileSize: CGSize {
        get { TileDrawingThread.snapshot(of: self)?.tileSize ?? self[stored: Tiled.tileSize] }
        set { self[stored: Tiled.tileSize] = newValue }
    }

    /// The bounds (while `draw(in:)` runs on a tile thread: as when the tile was asked for).
    open override var bounds: CGRect {
        get { TileDrawingThread.snapshot(of: self)?.bounds ?? super.bounds }
        set { super.bounds = newValue }
    }

    /// Pixels per point of level 0 without bias (on a tile thread: as when the tile was asked for).
    open override var contentsScale: CGFloat {
        get { TileDrawingThread.snapshot(of: self)?.contentsScale ?? super.contentsScale }
        set { super.contentsScale = newValue }
    }

    /// Whether tiles are drawn y-flipped (on a tile thread: as when the tile was asked for).
    open override func contentsAreFlipped() -> Bool {
        TileDrawingThread.snapshot(of: self)?.isFlipped ?? super.contentsAreFlipped()
    }

    /// A tiled layer with Apple's defaults.
    public override init() { super.init() }
    /// A copy of `layer` (presentation copies); its tiles are not copied.
    public override init(layer: Any) { super.init(layer: layer) }
    /// A tiled layer from an archive.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    deinit { TileCache.shared.discard(tileStore) }

    override class var declaredProperties: [LayerProperty] { super.declaredProperties + Tiled.all }

    // MARK: Display: invalidating tiles

    /// Marks every tile as needing to be drawn again.
    open override func setNeedsDisplay() {
        pendingInvalidation = .all
        super.setNeedsDisplay()
    }

    /// Marks the tiles meeting `r` (layer coordinates) as needing to be drawn again.
    open override func setNeedsDisplay(_ r: CGRect) {
        if case .rects(var list) = pendingInvalidation, !r.isNull {
            list.append(r)
            pendingInvalidation = .rects(list)
        }
        super.setNeedsDisplay(r)
    }

    /// Applies the invalidations of this transaction to the cached tiles (they are drawn again
    /// when a frame needs them); draws nothing now.
    open override func display() {
        if isPresentationCopy { return }
        let invalid = pendingInvalidation
        pendingInvalidation = .rects([])
        switch invalid {
        case .rects(let rects) where !rects.isEmpty: TileCache.shared.invalidate(tileStore, rects: rects)
        default: TileCache.shared.invalidate(tileStore, rects: nil)
        }
    }

    /// Draws `tiledImage` over the bounds when it is set (scenes), else asks the delegate.
    ///
    /// - The image shows upright, as contents do, also when the context is flipped.
    open override func draw(in ctx: CGContext) {
        if let tiledImage {
            let b = bounds
            ctx.saveGState()
            if contentsAreFlipped() {
                ctx.translateBy(x: 0, y: b.minY + b.maxY)
                ctx.scaleBy(x: 1, y: -1)
            }
            ctx.draw(tiledImage, in: b)
            ctx.restoreGState()
        } else {
            super.draw(in: ctx)
        }
    }

    // MARK: glayers' own state

    /// What `display()` will invalidate: some rects, or everything.
    private enum Invalidation {
        case rects([CGRect])
        case all
    }
    private var pendingInvalidation = Invalidation.rects([])

    /// An image drawn over the bounds in every tile (how JSON scenes give a tiled layer its
    /// contents: docs/scene-format.md). Set it before the layer is shown; it is read on tile
    /// threads.
    package var tiledImage: CGImage?

    /// The layer's tiles (guarded by `TileCache`'s lock).
    final let tileStore = TileStore()

    /// The last settings checked by `usableSettings`, and what they gave.
    final var checkedSettings: (raw: TiledSettings.Raw, usable: TiledSettings)?

    /// A stored number as an `Int`, saturated.
    static func integer(_ v: CGFloat) -> Int {
        v.isNaN ? 0 : Int(max(-1e15, min(1e15, v)))
    }
}
