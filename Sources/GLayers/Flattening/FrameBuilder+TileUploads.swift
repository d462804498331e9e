/// Flattening, tiled layers: the upload budget. Every tile image a frame shows for the first
/// time becomes a texture upload in the renderer (one `glTexImage2D` of its pixels); at a level
/// change a whole screen of tiles arrives within a few frames, and uploading them in one frame,
/// on top of drawing the old level under the new one, made that frame miss its deadline.
///
/// So a frame that does not wait for its tiles (the window, `glayers bench --zoom`) shows, for
/// the first time, at most `tileUploadBudgetBytes` of tile images; the others stay in the cache
/// for the next frames (first come, in the order the frame meets them: the visible level row by
/// row, then the tiles under it), their area showing the coarser levels under them (or the image
/// a redrawn tile replaces) as for a tile not drawn yet, and they fade in over `fadeDuration()`
/// from the frame that shows them. Frames that wait for their tiles (manual clock: headless
/// rendering, `glayers shot`, tests) show every tile at once, so they stay complete and
/// deterministic.
///
/// A visible tile is first shown at alpha 0 (nothing is drawn), so its upload falls on the next
/// frame: it is charged to that frame's budget. Tiles drawn under the visible level are charged
/// to the frame that shows them. A frame shows at least one image, even one larger than the
/// budget. The budget counts images new to the frames; a texture the renderer dropped (unused
/// for a while) and uploads again is not counted.
import Foundation
import GLayersGraphics

extension FrameBuilder {
    /// The default upload budget: 2 MiB, eight 256-pixel tiles (one 1024-pixel tile). On
    /// llvmpipe an upload of a 256-pixel tile, with its first draw, costs about 0.2–0.5 ms of a
    /// frame (`docs/performance.md`, "Tiled layers: the zoom").
    package static let defaultTileUploadBudgetBytes = 2 << 20

    /// Bytes of tile images a frame that does not wait for its tiles shows for the first time
    /// (`defaultTileUploadBudgetBytes`); at least one image a frame. `Int.max`: no limit.
    package var tileUploadBudgetBytes: Int {
        get { tiling.uploadBudget }
        set { tiling.uploadBudget = max(0, newValue) }
    }

    /// Whether `build` waits for the drawings of the frame it builds (`tileWaiting`).
    var waitsForTiles: Bool {
        switch tiling.waiting {
        case .always: return true
        case .never: return false
        case .whenClockIsManual: return CAMediaClock.isManual
        }
    }

    /// Whether `image`, never shown yet, may be shown in this frame: within the budget of the
    /// frame that uploads it (this one, or the next when `nextFrame`), which it is charged to.
    /// When not, the frame notes that a tile waits (the window keeps drawing frames).
    func admitUpload(_ image: CGImage, nextFrame: Bool) -> Bool {
        guard tiling.limitsUploads else { return true }
        let bytes = image.height * image.bytesPerRow
        let charged = nextFrame ? tiling.uploadedBytesNext : tiling.uploadedBytes
        guard charged == 0 || bytes <= tiling.uploadBudget - charged else {
            tiling.heldBack = true
            return false
        }
        if nextFrame { tiling.uploadedBytesNext += bytes } else { tiling.uploadedBytes += bytes }
        return true
    }

    /// Ends the frame's budget: what it charged to the next frame becomes that frame's.
    func endUploadFrame() {
        tiling.uploadedBytes = tiling.limitsUploads ? tiling.uploadedBytesNext : 0
        tiling.uploadedBytesNext = 0
        tiling.limitsUploads = false
        tiling.heldBack = false
    }
}
