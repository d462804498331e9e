/// Sprites: plain image items drawn without edge coverage (quad_sprite.frag.glsl), because
/// their image fades out at its edges and so anti-aliases itself — a particle's soft dot or
/// snowflake, a glow. On a software rasterizer every fragment's work counts: a sprite costs
/// one texture fetch and one multiply a pixel, where an item of the simple program also
/// interpolates and weighs four edge distances (about 15 % of a particle frame on llvmpipe),
/// and its quad is not grown by the half-pixel the edge coverage needs.
///
/// The picture is the simple program's to within `SpriteRim.maximumAlpha / 2`: edge coverage
/// only changes pixels whose centre lies within half a pixel of an edge, in or out, and it
/// scales them by at most a half. A sprite's such pixels sample only texels of its soft rim
/// (the outermost rings, each at most `maximumAlpha` in every channel), provided the image is
/// not minified across an edge by more than the rim is wide: a pixel centre `d` pixels inside
/// an edge samples `d / p` texels in (`p`: pixels per texel across that edge), and bilinear
/// filtering reaches half a texel further, so ring `w - 1` is the deepest reached when
/// `0.5 / p + 0.5 ≤ w`, i.e. `p ≥ 1 / (2w − 1)`.
import GLayersRenderList

/// The soft rim of an image: how many of its outermost rings of texels are (nearly)
/// transparent.
package enum SpriteRim {
    /// The most a rim texel may have in any channel (of 255; premultiplied, so alpha bounds
    /// the colour): a sprite's edge pixels then differ from the simple program's by at most
    /// half of it, 4 of 255 (1.6 %), below what the eye tells at an edge.
    package static let maximumAlpha: UInt8 = 8
    /// Rings counted at most: enough for images minified to a seventh.
    package static let maximumWidth = 4

    /// The number of outermost rings of texels of a premultiplied RGBA8 image (rows of
    /// `bytesPerRow` bytes) whose every channel is at most `maximumAlpha`, up to
    /// `maximumWidth`.
    package static func width(_ bytes: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int) -> Int {
        guard width > 0, height > 0, bytesPerRow >= width * 4, bytes.count >= (height - 1) * bytesPerRow + width * 4
        else { return 0 }
        func soft(_ x: Int, _ y: Int) -> Bool {
            let i = y * bytesPerRow + x * 4
            return max(max(bytes[i], bytes[i + 1]), max(bytes[i + 2], bytes[i + 3])) <= maximumAlpha
        }
        var rings = 0
        while rings < maximumWidth, 2 * rings < width, 2 * rings < height {
            let x0 = rings, x1 = width - 1 - rings, y0 = rings, y1 = height - 1 - rings
            for x in x0...x1 where !soft(x, y0) || !soft(x, y1) { return rings }
            for y in y0...y1 where !soft(x0, y) || !soft(x1, y) { return rings }
            rings += 1
        }
        return rings
    }

    /// Whether a rim of `rings` suffices for an image of `texels` (width, height) shown in
    /// `destination` (local points) through the affine map whose local axes step `ax` and
    /// `ay` pixels per point: neither axis minified by more than the rim allows.
    package static func suffices(
        rings: Int, texels: (width: Int, height: Int), destination: Rect, ax: SIMD2<Float>, ay: SIMD2<Float>
    ) -> Bool {
        guard rings > 0 else { return false }
        // Pixels per texel across the edges of constant x (p_x) and of constant y (p_y): the
        // parallelogram of one texel has area |det| and sides |a| (along x) and |b| (along y).
        let a = ax * (destination.width / Float(texels.width)), b = ay * (destination.height / Float(texels.height))
        let det = abs(a.x * b.y - a.y * b.x)
        let needed = 1 / Float(2 * rings - 1) * (1 - 1e-4)
        let lengthA = (a * a).sum().squareRoot(), lengthB = (b * b).sum().squareRoot()
        return det.isFinite && det >= needed * lengthB && det >= needed * lengthA
    }
}

/// The soft rims of the images sprites may show, measured from their pixels the first time
/// and kept while the images are drawn.
final class SoftRims {
    struct Rim {
        var rings: Int
        var width: Int
        var height: Int
        var lastUsed: UInt64
    }

    /// Frames an unused image's rim is kept.
    static let maximumIdleFrames: UInt64 = 120

    @exclusivity(unchecked) private var rims: [ImageID: Rim] = [:]
    @exclusivity(unchecked) private var stale: [ImageID] = []
    @exclusivity(unchecked) private var frame: UInt64 = 0
    @exclusivity(unchecked) private var maximumSize = 16_384
    /// The last lookup, so runs of items with one image hash once.
    @exclusivity(unchecked) private var recent: (id: ImageID, rim: Rim)?

    /// Starts a frame; an image larger than `maximumSize` is drawn downscaled and has no rim.
    func beginFrame(maximumSize: Int) {
        frame += 1
        recent = nil
        if maximumSize != self.maximumSize {
            self.maximumSize = maximumSize
            rims.removeAll()
        }
        if frame % Self.maximumIdleFrames == 0 {
            // In place, through a list that keeps its storage: no allocation in a frame.
            stale.removeAll(keepingCapacity: true)
            for (id, rim) in rims where frame - rim.lastUsed > Self.maximumIdleFrames { stale.append(id) }
            for id in stale { rims.removeValue(forKey: id) }
        }
    }

    /// The rim of image `id` of `list` (0 rings for an opaque, missing or downscaled image)
    /// and its size in texels.
    func rim(of id: ImageID, in list: RenderList) -> Rim {
        if let recent, recent.id == id { return recent.rim }
        var rim: Rim
        if let kept = rims[id] {
            rim = kept
        } else if let image = list.images[id] {
            let w = image.pixelWidth, h = image.pixelHeight
            let measurable = w > 0 && h > 0 && w <= maximumSize && h <= maximumSize && !image.isFullyOpaque
            let rings =
                measurable
                ? image.withPixelBytes { SpriteRim.width($0, width: w, height: h, bytesPerRow: $1) } : 0
            rim = Rim(rings: rings, width: w, height: h, lastUsed: frame)
        } else {
            return Rim(rings: 0, width: 0, height: 0, lastUsed: frame)
        }
        rim.lastUsed = frame
        rims[id] = rim
        recent = (id, rim)
        return rim
    }
}

extension FramePlanner {
    /// Whether an item the simple program would draw with `textures` (one image texture, or a
    /// trimmed stroke's raster and lengths, `clearEdges` when its edges show nothing:
    /// `StrokeTrim.clearEdges`) is a sprite: an affine map, nothing under it (no background, or
    /// a tint), and its whole image shown with a soft rim wide enough for its on-screen size, or
    /// part of a trimmed stroke's raster with a margin it does not show (its own rim).
    @inline(__always)
    func isSprite(_ instance: QuadInstance, source: TextureSource, list: RenderList, clearEdges: Bool = false) -> Bool {
        let h = instance.h
        guard !options.disableSprites, h.isAffine else { return false }
        let image: ImageID
        switch source {
        case .image(let id): image = id
        case .images(let id, _) where instance.flags.contains(.trim):
            if clearEdges { return instance.background.isClear }
            image = id
        default: return false
        }
        guard instance.showsWholeTexture, instance.flags.isDisjoint(with: QuadFlags.nineSlice.union(.crossfade)),
            instance.flags.contains(.tint) || instance.background.isClear
        else { return false }
        let rim = rims.rim(of: image, in: list)
        guard rim.rings > 0 else { return false }
        let w = 1 / h.c2.z
        return SpriteRim.suffices(
            rings: rim.rings, texels: (rim.width, rim.height), destination: instance.destination,
            ax: SIMD2(h.c0.x, h.c0.y) * w,
            ay: SIMD2(h.c1.x, h.c1.y) * w)
    }
}
