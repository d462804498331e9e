/// Tile images in `GL_TEXTURE_2D_ARRAY` textures: one array per pixel size (all RGBA8), a
/// layer per image, so that the tiles of a level, drawn one after another, batch into one
/// instanced draw of `quad_simple.frag.glsl`'s array variant instead of one draw per tile.
/// Small images (`TextureCache.smallLayer`) take layers of the arrays of
/// `FramePlanner.smallImageSide` pixels a side the same way.
///
/// - A layer is given to an image when it is first drawn as a tile (`RenderList.tileImages`)
///   and freed when the texture cache evicts the image; a freed layer is reused by the next
///   tile of that size. An array with no layer in use is kept while it is the only empty one
///   of its size (the next tiles need it), else deleted.
/// - When every array of a size is full, another is made beside them (`layers(…)` each: at
///   most 8 MiB and 64 layers). Arrays are not grown: on llvmpipe making a texture costs about
///   0.55 ms per MiB (measured; copying layers is cheap beside it), so growing an array of
///   256-pixel tiles from 128 to 256 layers took 41 ms in one frame, against about 4.5 ms for
///   a new 8 MiB array (the cost its 32 tiles would pay one by one with a texture each).
/// - Each layer keeps its own edge clamping (an atlas would need gutters), which the tiles'
///   one-pixel overlap relies on; the sampling is the plain texture's, so the pixels are the
///   same.
import COpenGL
import GLayersRenderList

/// The texture arrays of tile images and the layers they hold.
final class TextureArrays {
    /// One `GL_TEXTURE_2D_ARRAY` texture and its layers.
    final class TextureArray {
        /// The GL texture name.
        let name: GLuint
        let width: Int, height: Int
        /// Layers allocated.
        let capacity: Int
        /// Layers never used yet start at `fresh`; freed ones are in `free`.
        var fresh: Int32 = 0
        var free: [Int32] = []
        /// Layers holding an image.
        var used = 0

        init(name: GLuint, width: Int, height: Int, capacity: Int) {
            self.name = name
            self.width = width
            self.height = height
            self.capacity = capacity
        }

        var isFull: Bool { free.isEmpty && Int(fresh) >= capacity }

        /// A free layer (the lowest freed one first, else the next never used).
        func takeLayer() -> Int32 {
            used += 1
            if let layer = free.popLast() { return layer }
            fresh += 1
            return fresh - 1
        }
    }

    /// Where an image lives.
    struct Slot {
        let array: TextureArray
        let layer: Int32
        var lastUsed: UInt64
    }

    private struct Size: Hashable {
        let width: Int, height: Int
    }

    /// Layers of an array: at most this many, and at most `arrayBytes` of them.
    static let arrayLayers = 64
    static let arrayBytes = 8 << 20

    /// Images by identity.
    private(set) var slots: [ImageID: Slot] = [:]
    /// A small image with its edges repeated (`uploadSmall`), as it is uploaded.
    private var padded: [UInt32] = []
    /// Arrays by pixel size, oldest first.
    private var families: [Size: [TextureArray]] = [:]
    /// The driver's `GL_MAX_ARRAY_TEXTURE_LAYERS`.
    let driverMaximumLayers: Int
    /// A smaller limit (`RendererDebug.maximumTileArrayLayers`), to test arrays filling up.
    var debugMaximumLayers: Int?

    init() {
        var layers: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_ARRAY_TEXTURE_LAYERS), &layers)
        driverMaximumLayers = max(1, Int(layers))
    }

    deinit {
        for arrays in families.values {
            for array in arrays {
                var t = array.name
                glDeleteTextures(1, &t)
            }
        }
    }

    /// Arrays holding images, for tests and counters: (layers allocated, layers used) each.
    var arrayShapes: [(capacity: Int, used: Int)] {
        families.values.flatMap { $0.map { ($0.capacity, $0.used) } }
    }

    /// The layers of an array of `width` × `height` pixels.
    func layers(width: Int, height: Int) -> Int {
        let byBytes = max(1, Self.arrayBytes / max(1, width * height * 4))
        return max(1, min(driverMaximumLayers, debugMaximumLayers ?? .max, Self.arrayLayers, byBytes))
    }

    /// The array and layer of `id` (marked used in `frame`), or nil when it has none.
    func lookUp(_ id: ImageID, frame: UInt64) -> (GLuint, Int32)? {
        guard var slot = slots[id] else { return nil }
        slot.lastUsed = frame
        slots[id] = slot
        return (slot.array.name, slot.layer)
    }

    /// Uploads `image` into a layer of its size's arrays (making one when they are full);
    /// returns the array's texture and the layer.
    func upload(_ image: any RenderImage, id: ImageID, frame: UInt64) -> (GLuint, Int32) {
        let w = image.pixelWidth, h = image.pixelHeight
        let (array, layer) = takeLayer(width: w, height: h)
        glBindTexture(GLenum(GL_TEXTURE_2D_ARRAY), array.name)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        image.withPixelBytes { bytes, bytesPerRow in
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(bytesPerRow / 4))
            glTexSubImage3D(
                GLenum(GL_TEXTURE_2D_ARRAY), 0, 0, 0, layer, GLsizei(w), GLsizei(h), 1, GLenum(GL_RGBA),
                GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        }
        slots[id] = Slot(array: array, layer: layer, lastUsed: frame)
        return (array.name, layer)
    }

    /// Uploads `image`, smaller than a layer of `array` by two texels or more a side, into
    /// `layer` at its corner, with its last column and last row twice again beyond it: the
    /// texels a bilinear sample past the image's right and bottom edges reads are then those a
    /// texture of the image's own, clamped at its edges, would give (its left and top edges
    /// are the layer's, clamped by the array).
    func uploadSmall(_ image: any RenderImage, into array: TextureArray, layer: Int32) {
        let w = image.pixelWidth, h = image.pixelHeight, pw = w + 2, ph = h + 2
        precondition(pw <= array.width && ph <= array.height, "a small image leaves room for its edges")
        padded.removeAll(keepingCapacity: true)
        padded.reserveCapacity(pw * ph)
        image.withPixelBytes { bytes, bytesPerRow in
            guard let base = bytes.baseAddress else { return }
            for y in 0..<ph {
                let row = base + min(y, h - 1) * bytesPerRow
                for x in 0..<pw { padded.append(row.loadUnaligned(fromByteOffset: min(x, w - 1) * 4, as: UInt32.self)) }
            }
        }
        guard padded.count == pw * ph else { return }
        glBindTexture(GLenum(GL_TEXTURE_2D_ARRAY), array.name)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        padded.withUnsafeBytes {
            glTexSubImage3D(
                GLenum(GL_TEXTURE_2D_ARRAY), 0, 0, 0, layer, GLsizei(pw), GLsizei(ph), 1, GLenum(GL_RGBA),
                GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
    }

    /// Frees `id`'s layer (`release`); returns whether it had one.
    @discardableResult
    func evict(_ id: ImageID) -> Bool {
        guard let slot = slots.removeValue(forKey: id) else { return false }
        release(slot.layer, of: slot.array)
        return true
    }

    /// A free layer of an array of `width` × `height` pixels (making an array when those are
    /// full).
    func takeLayer(width: Int, height: Int) -> (TextureArray, Int32) {
        let array = arrayWithRoom(width: width, height: height)
        return (array, array.takeLayer())
    }

    /// Frees `layer` of `array`, deleting the array when no layer is left in use and another
    /// array of its size is empty too.
    func release(_ layer: Int32, of array: TextureArray) {
        array.used -= 1
        array.free.append(layer)
        let size = Size(width: array.width, height: array.height)
        if array.used == 0, families[size]?.contains(where: { $0 !== array && $0.used == 0 }) == true {
            delete(array)
        } else if array.free.count > 1 {
            // Lowest first, so that a level's tiles stay near one another.
            array.free.sort(by: >)
        }
    }

    /// Deletes every array in which no layer is in use.
    func deleteEmptyArrays() {
        for array in families.values.flatMap({ $0 }) where array.used == 0 { delete(array) }
    }

    private func delete(_ array: TextureArray) {
        let size = Size(width: array.width, height: array.height)
        families[size]?.removeAll { $0 === array }
        if families[size]?.isEmpty == true { families[size] = nil }
        var t = array.name
        glDeleteTextures(1, &t)
    }

    /// The array of that size a new image goes into: of those with a free layer the one with
    /// the most in use (so that tiles uploaded one after another share it), else a new one.
    private func arrayWithRoom(width: Int, height: Int) -> TextureArray {
        let size = Size(width: width, height: height)
        var best: TextureArray?
        for array in families[size] ?? [] where !array.isFull && array.used > (best?.used ?? -1) { best = array }
        if let best { return best }
        let layers = layers(width: width, height: height)
        let array = TextureArray(
            name: Self.makeArray(width: width, height: height, layers: layers), width: width, height: height,
            capacity: layers)
        families[size, default: []].append(array)
        return array
    }

    /// A `width` × `height` × `layers` RGBA8 array, linear filtering, edges clamped, no
    /// mipmaps; left bound to `GL_TEXTURE_2D_ARRAY` on the active unit.
    private static func makeArray(width: Int, height: Int, layers: Int) -> GLuint {
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        let target = GLenum(GL_TEXTURE_2D_ARRAY)
        glBindTexture(target, texture)
        glTexImage3D(
            target, 0, GL_RGBA8, GLsizei(width), GLsizei(height), GLsizei(layers), 0, GLenum(GL_RGBA),
            GLenum(GL_UNSIGNED_BYTE), nil)
        glTexParameteri(target, GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(target, GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(target, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(target, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glTexParameteri(target, GLenum(GL_TEXTURE_MAX_LEVEL), 0)
        return texture
    }
}
