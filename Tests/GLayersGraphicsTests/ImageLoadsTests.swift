import Foundation
import Testing

@testable import GLayersGraphics

/// `ImageLoads`: the images of one file, each decoded once however it is named, all of them
/// within a budget of pixels (#24).
@Suite struct ImageLoadsTests {
    func square(_ side: Int) throws -> CGImage {
        try CGImage(width: side, height: side, premultipliedRGBA: [UInt8](repeating: 255, count: side * side * 4))
    }

    /// A key met again returns the first image without decoding; spellings of one path share a
    /// key, as do equal bytes.
    @Test func eachSourceIsDecodedOnce() throws {
        let loads = ImageLoads()
        var decodes = 0
        let first = try loads.image(key: "a", name: "a") {
            decodes += 1
            return try square(2)
        }
        let again = try loads.image(key: "a", name: "a") {
            decodes += 1
            return try square(2)
        }
        #expect(first === again && decodes == 1 && loads.pixels == 4)
        let folder = URL(fileURLWithPath: "/tmp/scenes")
        #expect(
            ImageLoads.key(of: folder.appendingPathComponent("./images//a.png"))
                == ImageLoads.key(of: folder.appendingPathComponent("images/./x/../a.png")))
        #expect(ImageLoads.key(of: Data([1, 2, 3])) == ImageLoads.key(of: Data([1, 2, 3])))
        #expect(ImageLoads.key(of: Data([1, 2, 3])) != ImageLoads.key(of: Data([1, 2, 4])))
    }

    /// Images past the budget together are refused, naming the file and the figures; those
    /// before stay loaded.
    @Test func imagesPastTheBudgetAreRefused() throws {
        let loads = ImageLoads(pixelBudget: 100)
        _ = try loads.image(key: "a", name: "a.png") { try square(8) }
        #expect(loads.pixelBudget == 100 && ImageLoads().pixelBudget == CGImage.maximumPixelCount)
        let error = #expect(throws: CGImageError.self) { try loads.image(key: "b", name: "b.png") { try square(8) } }
        #expect(
            error?.description
                == "b.png: image is 8 × 8 pixels, and the file's images before it hold 64; together they would pass 100 pixels, the limit for one file's images"
        )
        #expect(loads.pixels == 64)
        _ = try loads.image(key: "c", name: "c.png") { try square(6) }
        #expect(loads.pixels == 100)
    }
}
