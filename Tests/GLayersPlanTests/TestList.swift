/// Render lists and images made by hand, with nothing but the render list's types.
import GLayersRenderList
import Synchronization

/// A render list under construction: offscreen passes first, the screen's items last.
final class TestList {
    let list = RenderList()

    init(width: Int, height: Int, scale: Float = 1) {
        list.reset(pixelWidth: width, pixelHeight: height, scale: scale, clearColor: .clear)
        list.passes.append(
            RenderPass(
                itemRange: 0..<0,
                sourceRect: Rect(x: 0, y: 0, width: Float(width) / scale, height: Float(height) / scale),
                scale: scale, screenSpace: true))
    }

    /// Adds an offscreen pass with `items`.
    func pass(source: Rect, scale: Float = 1, items: [DrawItem]) -> PassID {
        let start = list.items.count
        list.items.append(contentsOf: items)
        list.passes.append(
            RenderPass(itemRange: start..<list.items.count, sourceRect: source, scale: scale, screenSpace: false))
        return PassID(list.passes.count - 1)
    }

    /// Sets the screen's items.
    func screen(_ items: [DrawItem]) {
        let start = list.items.count
        list.items.append(contentsOf: items)
        list.passes[0].itemRange = start..<list.items.count
        for item in items { if case .pass(let p) = item.content { list.passes[0].dependencies.append(p) } }
    }

    /// Registers `image`.
    func add(_ image: TestImage) -> ImageID {
        list.images[image.imageID] = image
        return image.imageID
    }
}

/// A square image: opaque white, or white fading to a transparent outer ring.
final class TestImage: RenderImage {
    /// The last identity given: tests make images on several threads at once (a plain
    /// counter raced under ThreadSanitizer, and two images could share an identity).
    private static let next = Atomic<UInt64>(1 << 40)
    let imageID: ImageID
    let pixelWidth: Int, pixelHeight: Int
    let isFullyOpaque: Bool
    private let bytes: [UInt8]

    init(side: Int, opaque: Bool) {
        imageID = ImageID(Self.next.add(1, ordering: .relaxed).newValue)
        pixelWidth = side
        pixelHeight = side
        isFullyOpaque = opaque
        var bytes = [UInt8](repeating: 255, count: side * side * 4)
        if !opaque {
            for y in 0..<side {
                for x in 0..<side where x == 0 || y == 0 || x == side - 1 || y == side - 1 {
                    for c in 0..<4 { bytes[(y * side + x) * 4 + c] = 0 }
                }
            }
        }
        self.bytes = bytes
    }

    func withPixelBytes<R>(_ body: (UnsafeRawBufferPointer, Int) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { try body($0, pixelWidth * 4) }
    }
}
