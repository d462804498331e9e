/// A tile to draw, as the flattener asks for it: everything drawing needs, taken from the
/// layer on the thread that owns the tree, so that tile threads never read the model.
import Foundation
import GLayersGraphics

/// What a tiled layer's properties answer on a tile thread while its `draw(in:)` runs.
struct TileSnapshot {
    /// The layer the snapshot is of.
    var layer: ObjectIdentifier
    var bounds: CGRect
    var contentsScale: CGFloat
    var tileSize: CGSize
    var levelsOfDetail: Int
    var levelsOfDetailBias: Int
    var isFlipped: Bool
}

/// One tile to draw.
struct TileRequest {
    /// The layer (a drawing for a layer that went away is dropped).
    weak var layer: CATiledLayer?
    let store: TileStore
    let key: TileKey
    /// The grid the tile belongs to, and its stamp in the store.
    let grid: TileGrid
    let gridStamp: UInt64
    /// The tile's version when it was asked for.
    let version: UInt32
    /// Orders the requests of one frame (nearest the middle of the view first).
    let sequence: UInt64
    let snapshot: TileSnapshot

    /// Draws the tile: a bitmap of its rect at its level's scale, its user space the layer's
    /// coordinates (y-flipped when the layer's contents are flipped, as `drawingContext` does
    /// for whole layers), clipped to the tile, passed to the layer's `draw(in:)`. Nil when the
    /// layer is gone or the bitmap cannot be made.
    func draw() -> CGImage? {
        guard let layer else { return nil }
        let rect = grid.rect(of: key), scale = grid.scale(ofLevel: Int(key.level))
        let (w, h) = grid.pixelSize(of: key)
        guard let ctx = CGContext.bitmap(width: w, height: h, scale: scale) else { return nil }
        if snapshot.isFlipped {
            ctx.translateBy(x: 0, y: CGFloat(h) / scale)
            ctx.scaleBy(x: 1, y: -1)
        }
        ctx.translateBy(x: -rect.minX, y: -rect.minY)
        ctx.clip(to: rect)
        TileDrawingThread.with(snapshot) { layer.draw(in: ctx) }
        return ctx.makeImage()
    }
}

/// The snapshot of the layer a tile thread is drawing for, kept per thread.
enum TileDrawingThread {
    private final class Box {
        let snapshot: TileSnapshot
        init(_ s: TileSnapshot) { snapshot = s }
    }

    private static let key: pthread_key_t = {
        var k = pthread_key_t()
        pthread_key_create(&k, nil)
        return k
    }()

    /// Runs `body` with `snapshot` as this thread's.
    static func with<R>(_ snapshot: TileSnapshot, _ body: () -> R) -> R {
        let box = Unmanaged.passRetained(Box(snapshot))
        pthread_setspecific(key, box.toOpaque())
        defer {
            pthread_setspecific(key, nil)
            box.release()
        }
        return body()
    }

    /// The snapshot of `layer` when this thread is drawing a tile of it, else nil.
    @inline(__always)
    static func snapshot(of layer: CALayer) -> TileSnapshot? {
        guard let p = pthread_getspecific(key) else { return nil }
        let s = Unmanaged<Box>.fromOpaque(p).takeUnretainedValue().snapshot
        return s.layer == ObjectIdentifier(layer) ? s : nil
    }
}
