/// The texture cache: one GL texture per `ImageID`, uploaded the first time a render list
/// references the image, freed when unused for a while or when over the byte budget, and as
/// soon as the image itself is gone (a shape drawn again every frame, an animated gradient:
/// their old images never come back); such a texture serves the next image of its size. Tile
/// images drawn by the simple program live in layers of texture arrays instead
/// (`TextureArrays`), under the same budget and idle rule, and so do small images
/// (`smallLayer`), whose layers go with their images as textures do.
///
/// It does not decode or own images: the pixels come from `RenderList.images`.
import COpenGL
import Foundation
import GLayersRenderList

/// Textures of images, keyed by image identity.
final class TextureCache {
    struct Entry {
        let id: ImageID
        var texture: GLuint
        var width: Int
        var height: Int
        var bytes: Int
        var lastUsed: UInt64
        /// Whether the texture has its mipmap levels (made when an item first samples it
        /// trilinearly).
        var mipmapped = false
        /// The image, while it lives (nil once it is gone: nothing can show it again).
        weak var image: AnyObject?
        /// For a small image (`smallLayer`): the array whose layer `layer` holds it (`texture`
        /// is the array's).
        var array: TextureArrays.TextureArray?
        var layer: Int32 = -1
    }

    /// Frames an unused texture is kept.
    @exclusivity(unchecked) var maximumIdleFrames: UInt64 = 120
    /// Frames after its last use in which an image is asked at every frame's end whether it is
    /// gone (`endFrame`).
    static let recentFrames: UInt64 = 2
    /// Bytes of textures kept; the least recently used beyond it are freed at frame end.
    @exclusivity(unchecked) var budgetBytes = 512 << 20
    /// The largest side GL accepts (GL_MAX_TEXTURE_SIZE, or a smaller debug limit).
    @exclusivity(unchecked) var maximumSize: Int

    /// The textures' entries, dense, read and written in place: an entry's copy copies its weak
    /// reference (two calls into the runtime's side table), which costs more than the lookup,
    /// and a Lottie letter looks twenty textures up a frame, all of which the frame's end reads.
    @exclusivity(unchecked) private var entries: [Entry] = []
    /// Where each image's entry is in `entries`: of a texture of its own, and of a small
    /// image's layer.
    @exclusivity(unchecked) private var slots: [ImageID: Int] = [:]
    @exclusivity(unchecked) private var smallSlots: [ImageID: Int] = [:]
    /// Small images gone or idle, this frame's end.
    @exclusivity(unchecked) private var smallOut: [ImageID] = []
    /// Textures of images that are gone, by size, for this frame's new images of that size
    /// (deleted at the frame's end when none took them).
    @exclusivity(unchecked) private var spares: [SIMD2<Int>: [GLuint]] = [:]
    @exclusivity(unchecked) private var goneImages: [ImageID] = []
    /// Textures and layers idle too long (kept between frames for its capacity).
    @exclusivity(unchecked) private var idle: [ImageID] = []
    /// Tile images' layers.
    let arrays = TextureArrays()
    @exclusivity(unchecked) private(set) var residentBytes = 0
    @exclusivity(unchecked) private var frame: UInt64 = 0
    /// The last lookup, so runs of items with one image hash once.
    @exclusivity(unchecked) private var recentID: ImageID?
    @exclusivity(unchecked) private var recentTexture: GLuint = 0

    init(maximumSize: Int) { self.maximumSize = maximumSize }

    deinit {
        for i in entries.indices where entries[i].array == nil {
            var t = entries[i].texture
            glDeleteTextures(1, &t)
        }
        deleteSpares()
    }

    /// Starts a frame: lookups mark textures used in `frame`.
    func beginFrame(_ frame: UInt64) {
        self.frame = frame
        recentID = nil
    }

    /// The texture of `id`, uploading it from `list.images` the first time; nil when the image
    /// is neither cached nor in the list's images (which are read only then).
    ///
    /// - `mipmapped`: the texture gets its mipmap levels (once; they add a third to its bytes)
    ///   and a mipmapped minification filter, which sampling at level 0 does not notice.
    func texture(
        for id: ImageID, in list: RenderList, mipmapped: Bool = false, stats: inout RenderStats
    ) -> GLuint? {
        if id == recentID && !mipmapped { return recentTexture }
        if let i = slots[id] {
            entries[i].lastUsed = frame
            if mipmapped && !entries[i].mipmapped { residentBytes += makeMipmaps(&entries[i]) }
            let texture = entries[i].texture
            remember(id, texture)
            return texture
        }
        guard let image = list.images[id], image.pixelWidth > 0, image.pixelHeight > 0 else { return nil }
        var entry = upload(image, id: id)
        if mipmapped { _ = makeMipmaps(&entry) }
        slots[id] = entries.count
        entries.append(entry)
        residentBytes += entry.bytes
        stats.textureUploads += 1
        stats.textureBytes += entry.bytes
        remember(id, entry.texture)
        return entry.texture
    }

    /// The texture array and layer of tile image `id`, uploading it the first time; nil when
    /// it is neither held nor in `images`, or larger than `maximumSize` (then it is drawn from
    /// a texture of its own, downscaled).
    func layer(for id: ImageID, in list: RenderList, stats: inout RenderStats) -> (GLuint, Int32)? {
        if let found = arrays.lookUp(id, frame: frame) { return found }
        guard let image = list.images[id], image.pixelWidth > 0, image.pixelHeight > 0,
            image.pixelWidth <= maximumSize, image.pixelHeight <= maximumSize
        else { return nil }
        let found = arrays.upload(image, id: id, frame: frame)
        let bytes = image.pixelWidth * image.pixelHeight * 4
        residentBytes += bytes
        stats.textureUploads += 1
        stats.textureBytes += bytes
        return found
    }

    /// The texture array and layer of small image `id` (`FramePlanner.smallImageSide`: at most
    /// `side` − 2 pixels a side) in an array of `side` × `side` layers, uploading it the first
    /// time (`TextureArrays.uploadSmall`); nil when it is neither held nor in `images`, or too
    /// large. It goes when the image goes, as a texture of its own does.
    func smallLayer(for id: ImageID, side: Int, in list: RenderList, stats: inout RenderStats) -> (GLuint, Int32)? {
        if let i = smallSlots[id] {
            entries[i].lastUsed = frame
            return (entries[i].texture, entries[i].layer)
        }
        guard let image = list.images[id], image.pixelWidth > 0, image.pixelHeight > 0,
            image.pixelWidth + 2 <= side, image.pixelHeight + 2 <= side
        else { return nil }
        let (array, layer) = arrays.takeLayer(width: side, height: side)
        arrays.uploadSmall(image, into: array, layer: layer)
        var entry = Entry(
            id: id, texture: array.name, width: side, height: side, bytes: side * side * 4, lastUsed: frame)
        (entry.image, entry.array, entry.layer) = (image, array, layer)
        smallSlots[id] = entries.count
        entries.append(entry)
        residentBytes += entry.bytes
        stats.textureUploads += 1
        stats.textureBytes += image.pixelWidth * image.pixelHeight * 4
        return (array.name, layer)
    }

    /// Generates the mipmap levels of `entry`'s texture; returns the bytes they add.
    private func makeMipmaps(_ entry: inout Entry) -> Int {
        glBindTexture(GLenum(GL_TEXTURE_2D), entry.texture)
        glGenerateMipmap(GLenum(GL_TEXTURE_2D))
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR_MIPMAP_LINEAR)
        let added = entry.bytes / 3
        entry.bytes += added
        entry.mipmapped = true
        return added
    }

    /// Frees textures idle for `maximumIdleFrames`, then the least recently used ones while
    /// over `budgetBytes` (never one used this frame).
    func endFrame() {
        // Spares no new image took this frame go; textures of images gone become spares.
        deleteSpares()
        // One pass, reading entries in place (see `entries`); only those not used this
        // frame can be gone or idle. A gone image's texture becomes a spare even when idle.
        goneImages.removeAll(keepingCapacity: true)
        idle.removeAll(keepingCapacity: true)
        smallOut.removeAll(keepingCapacity: true)
        //
        // Whether an image is gone is a weak reference's load, an atomic operation: asked of
        // the textures last used in the latest frames (an animation's rasters go the frame after
        // their last use, and their textures serve its next ones as spares) and of the others
        // every 16th frame (a drawing's rasters at other scales, kept while it lives; an image
        // gone is never shown again, so its texture only waits).
        let asksAll = frame % 16 == 0
        entries.withUnsafeBufferPointer { all in
            for i in all.indices where all[i].lastUsed < frame {
                let age = frame - all[i].lastUsed
                let asks = asksAll || age <= Self.recentFrames
                if all[i].array != nil {
                    if age > maximumIdleFrames || (asks && all[i].image == nil) { smallOut.append(all[i].id) }
                } else if asks && all[i].image == nil {
                    goneImages.append(all[i].id)
                } else if age > maximumIdleFrames {
                    idle.append(all[i].id)
                }
            }
        }
        for id in goneImages { recycle(id) }
        for id in idle { evict(id) }
        for id in smallOut { evictSmall(id) }
        idle.removeAll(keepingCapacity: true)
        for (id, slot) in arrays.slots where frame - slot.lastUsed > maximumIdleFrames { idle.append(id) }
        for id in idle { evictLayer(id) }
        guard residentBytes > budgetBytes else { return }
        // Oldest first; an image's texture before its small layer and its tile layer when they
        // were last used together.
        var byAge: [(lastUsed: UInt64, id: ImageID, kind: Int)] = []
        for i in entries.indices where entries[i].lastUsed < frame {
            byAge.append((entries[i].lastUsed, entries[i].id, entries[i].array == nil ? 0 : 1))
        }
        for (id, slot) in arrays.slots where slot.lastUsed < frame { byAge.append((slot.lastUsed, id, 2)) }
        byAge.sort { ($0.lastUsed, $0.id, $0.kind) < ($1.lastUsed, $1.id, $1.kind) }
        for old in byAge where residentBytes > budgetBytes {
            switch old.kind {
            case 0: evict(old.id)
            case 1: evictSmall(old.id)
            default: evictLayer(old.id)
            }
        }
    }

    /// Frees every texture and layer.
    func purge() {
        deleteSpares()
        for id in Array(slots.keys) { evict(id) }
        for id in Array(smallSlots.keys) { evictSmall(id) }
        for id in Array(arrays.slots.keys) { evictLayer(id) }
        arrays.deleteEmptyArrays()
    }

    /// Frees small image `id`'s layer.
    private func evictSmall(_ id: ImageID) {
        guard let entry = remove(id, small: true), let array = entry.array else { return }
        arrays.release(entry.layer, of: array)
        residentBytes -= entry.bytes
    }

    private func evictLayer(_ id: ImageID) {
        guard let slot = arrays.slots[id] else { return }
        residentBytes -= slot.array.width * slot.array.height * 4
        arrays.evict(id)
    }

    private func remember(_ id: ImageID, _ texture: GLuint) {
        recentID = id
        recentTexture = texture
    }

    /// Frees `id`'s entry, keeping its texture as a spare of its size when it has no mipmaps.
    private func recycle(_ id: ImageID) {
        guard let i = slots[id], !entries[i].mipmapped, entries[i].width <= maximumSize,
            entries[i].height <= maximumSize, let entry = remove(id)
        else { return evict(id) }
        residentBytes -= entry.bytes
        if recentID == id { recentID = nil }
        spares[SIMD2(entry.width, entry.height), default: []].append(entry.texture)
    }

    private func deleteSpares() {
        for var list in spares.values { glDeleteTextures(GLsizei(list.count), &list) }
        spares.removeAll(keepingCapacity: true)
    }

    private func evict(_ id: ImageID) {
        guard let entry = remove(id) else { return }
        var t = entry.texture
        glDeleteTextures(1, &t)
        residentBytes -= entry.bytes
        if recentID == id { recentID = nil }
    }

    /// Takes `id`'s entry (a small image's layer when `small`) out of `entries` (the last
    /// entry takes its place).
    private func remove(_ id: ImageID, small: Bool = false) -> Entry? {
        guard let i = small ? smallSlots.removeValue(forKey: id) : slots.removeValue(forKey: id) else { return nil }
        let last = entries.count - 1
        if i != last {
            entries.swapAt(i, last)
            if entries[i].array != nil { smallSlots[entries[i].id] = i } else { slots[entries[i].id] = i }
        }
        return entries.removeLast()
    }

    private func upload(_ image: any RenderImage, id: ImageID) -> Entry {
        let w = image.pixelWidth, h = image.pixelHeight
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        if w <= maximumSize && h <= maximumSize {
            let spare = spares[SIMD2(w, h)]?.popLast()
            let texture = spare ?? makeTexture(width: 1, height: 1)
            if spare != nil { glBindTexture(GLenum(GL_TEXTURE_2D), texture) }
            image.withPixelBytes { bytes, bytesPerRow in
                glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(bytesPerRow / 4))
                if spare != nil {
                    glTexSubImage2D(
                        GLenum(GL_TEXTURE_2D), 0, 0, 0, GLsizei(w), GLsizei(h), GLenum(GL_RGBA),
                        GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
                } else {
                    glTexImage2D(
                        GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(w), GLsizei(h), 0, GLenum(GL_RGBA),
                        GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
                }
                glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
            }
            var entry = Entry(id: id, texture: texture, width: w, height: h, bytes: w * h * 4, lastUsed: frame)
            entry.image = image
            return entry
        }
        let texture = makeTexture(width: 1, height: 1)
        let k = Double(maximumSize) / Double(max(w, h))
        let dw = max(1, min(maximumSize, Int((Double(w) * k).rounded()))),
            dh = max(1, min(maximumSize, Int((Double(h) * k).rounded())))
        Diagnostics.warnOnce(
            "oversize-\(id.raw)",
            "image \(id) is \(w)×\(h) pixels, larger than GL_MAX_TEXTURE_SIZE \(maximumSize); uploading it downscaled to \(dw)×\(dh)"
        )
        let pixels = image.withPixelBytes { bytes, bytesPerRow in
            Downscale.box(bytes, width: w, height: h, bytesPerRow: bytesPerRow, toWidth: dw, toHeight: dh)
        }
        pixels.withUnsafeBytes { bytes in
            glTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(dw), GLsizei(dh), 0, GLenum(GL_RGBA),
                GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        var entry = Entry(id: id, texture: texture, width: dw, height: dh, bytes: dw * dh * 4, lastUsed: frame)
        entry.image = image
        return entry
    }
}
