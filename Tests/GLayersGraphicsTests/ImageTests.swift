import Foundation
import GLayersGraphics
import Testing

@Suite struct ImageTests {
    @Test func premultipliedInitKeepsBytes() throws {
        let image = try CGImage(width: 2, height: 1, premultipliedRGBA: [1, 2, 3, 255, 4, 5, 6, 7])
        #expect(image.pixels == [1, 2, 3, 255, 4, 5, 6, 7])
        #expect(!image.isOpaque)
        #expect(try CGImage(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 255]).isOpaque)
    }

    @Test func straightInitPremultipliesWithRounding() throws {
        let image = try CGImage(width: 2, height: 1, straightRGBA: [255, 128, 1, 128, 200, 100, 50, 0])
        // (255·128 + 127)/255 = 128, (128·128 + 127)/255 = 64, (1·128 + 127)/255 = 1.
        #expect(image.pixels == [128, 64, 1, 128, 0, 0, 0, 0])
    }

    @Test func invalidSizesThrow() {
        #expect(throws: CGImageError.self) { try CGImage(width: 0, height: 1, premultipliedRGBA: []) }
        #expect(throws: CGImageError.self) { try CGImage(width: -1, height: 1, premultipliedRGBA: []) }
        #expect(throws: CGImageError.self) { try CGImage(width: 2, height: 1, premultipliedRGBA: [0, 0, 0, 0]) }
        #expect(throws: CGImageError(.tooLarge(width: 40000, height: 1), name: "bitmap")) {
            try CGImage(width: 40000, height: 1, premultipliedRGBA: [])
        }
        #expect(throws: CGImageError(.tooLarge(width: 20000, height: 20000), name: "bitmap")) {
            try CGImage(width: 20000, height: 20000, straightRGBA: [])
        }
    }

    @Test func croppingIntersectsIntegralRect() throws {
        let image = try CGImage.decode(contentsOf: Fixtures.url("rgba.png"))
        let crop = try #require(image.cropping(to: CGRect(x: 0.5, y: 1.2, width: 1.2, height: 5)))
        // Integral: (0, 1, 2, 6) ∩ (0, 0, 4, 3) = (0, 1, 2, 2).
        #expect(crop.width == 2 && crop.height == 2)
        #expect(px(crop, 0, 0) == px(image, 0, 1))
        #expect(px(crop, 1, 1) == px(image, 1, 2))
        #expect(image.cropping(to: CGRect(x: 10, y: 0, width: 5, height: 5)) == nil)
        #expect(image.cropping(to: .null) == nil)
        #expect(image.cropping(to: CGRect(x: 1, y: 1, width: 0, height: 0)) == nil)
    }

    @Test func croppingOpaqueRegionIsOpaque() throws {
        let image = try CGImage.decode(contentsOf: Fixtures.url("rgba.png"))
        let crop = try #require(image.cropping(to: CGRect(x: 0, y: 1, width: 1, height: 2)))
        #expect(crop.isOpaque && !image.isOpaque)
    }

    @Test func providerInitConvertsLayouts() throws {
        let rgba = Data([10, 20, 30, 255, 100, 50, 0, 128])
        let space = CGColorSpaceCreateDeviceRGB()
        func make(_ data: Data, _ info: CGBitmapInfo, bpp: Int = 32, space: CGColorSpace = space) -> CGImage? {
            CGImage(
                width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: bpp, bytesPerRow: 2 * bpp / 8,
                space: space, bitmapInfo: info, provider: CGDataProvider(data: data), decode: nil,
                shouldInterpolate: true, intent: .defaultIntent)
        }
        let last = try #require(make(rgba, CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue)))
        #expect(last.pixels == [10, 20, 30, 255, 50, 25, 0, 128])
        // BGRA in memory: premultipliedFirst + 32-bit little.
        let bgra = Data([30, 20, 10, 255, 0, 50, 100, 128])
        let info = CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue).union(.byteOrder32Little)
        #expect(try #require(make(bgra, info)).pixels == [10, 20, 30, 255, 100, 50, 0, 128])
        let gray = try #require(make(Data([7, 9]), [], bpp: 8, space: CGColorSpaceCreateDeviceGray()))
        #expect(gray.pixels == [7, 7, 7, 255, 9, 9, 9, 255] && gray.isOpaque)
        #expect(make(Data([1, 2, 3]), CGBitmapInfo(rawValue: 1)) == nil)  // Too few bytes.
        #expect(make(rgba, .floatComponents) == nil)
    }
}

@Suite struct ImageEncodeTests {
    @Test func variedAlphaRoundTripsWithinOne() throws {
        // Every valid premultiplied (c ≤ a) combination for a few alphas, plus extremes.
        var bytes: [UInt8] = []
        for a in [1, 2, 3, 17, 64, 127, 128, 200, 254, 255] {
            for c in stride(from: 0, through: a, by: max(1, a / 16)) {
                bytes += [UInt8(c), UInt8(a / 2), UInt8(a - c), UInt8(a)]
            }
        }
        let count = bytes.count / 4
        let image = try CGImage(width: count, height: 1, premultipliedRGBA: bytes)
        let decoded = try CGImage.decode(data: image.pngData(), name: "round trip")
        #expect(decoded.width == count && decoded.height == 1)
        for i in 0..<bytes.count {
            #expect(abs(Int(decoded.pixels[i]) - Int(bytes[i])) <= 1, "byte \(i)")
        }
        #expect(
            decoded.pixels.enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
                == bytes.enumerated().filter { $0.offset % 4 == 3 }.map(\.element))
    }

    @Test func decodedFixtureRoundTripsExactly() throws {
        // Premultiplied from straight values, un-premultiplied back: exact for this fixture.
        let image = try CGImage.decode(contentsOf: Fixtures.url("rgba.png"))
        let again = try CGImage.decode(data: image.pngData(), name: "again")
        for i in 0..<image.pixels.count {
            #expect(abs(Int(again.pixels[i]) - Int(image.pixels[i])) <= 1)
        }
    }

    @Test func opaqueImagesRoundTripExactly() throws {
        let image = try CGImage.decode(contentsOf: Fixtures.url("noise.png"))
        var opaque = image.pixels
        for i in stride(from: 3, to: opaque.count, by: 4) { opaque[i] = 255 }
        let source = try CGImage(width: 48, height: 48, premultipliedRGBA: opaque)
        let decoded = try CGImage.decode(data: source.pngData(), name: "opaque")
        #expect(decoded.pixels == opaque)
        #expect(decoded.isOpaque)
    }

    @Test func encodingIsDeterministic() throws {
        let a = try CGImage.decode(contentsOf: Fixtures.url("noise.png"))
        let b = try CGImage(width: a.width, height: a.height, premultipliedRGBA: a.pixels)
        #expect(try a.pngData() == b.pngData())
        #expect(try a.pngData().starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    /// Opaque images are written as 8-bit RGB (colour type 2), others as RGBA (6); both say
    /// they are sRGB, as libpng's simplified writer did before (chunks IHDR, sRGB, IDAT…, IEND).
    @Test func pngChunksAndColourTypes() throws {
        func chunks(_ data: Data) -> [(type: String, body: [UInt8])] {
            let bytes = [UInt8](data)
            var result: [(String, [UInt8])] = []
            var i = 8
            while i + 12 <= bytes.count {
                let length = bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) }
                let type = String(decoding: bytes[i + 4..<i + 8], as: UTF8.self)
                result.append((type, Array(bytes[i + 8..<i + 8 + length])))
                i += 12 + length
            }
            return result
        }
        let translucent = try CGImage(width: 2, height: 1, premultipliedRGBA: [128, 0, 0, 128, 0, 0, 255, 255])
        let opaque = try CGImage(width: 2, height: 1, premultipliedRGBA: [255, 0, 0, 255, 0, 0, 255, 255])
        for (image, colourType) in [(translucent, UInt8(6)), (opaque, UInt8(2))] {
            let list = chunks(try image.pngData())
            #expect(list.first?.type == "IHDR" && list.last?.type == "IEND")
            #expect(list.first?.body[8] == 8 && list.first?.body[9] == colourType)
            #expect(list.count > 1 && list[1].type == "sRGB" && list[1].body == [0])
        }
        let decoded = try CGImage.decode(data: translucent.pngData(), name: "translucent")
        #expect(decoded.pixels == translucent.pixels)
    }

    @Test func writePNGAndReadBack() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glayers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = try CGImage.decode(contentsOf: Fixtures.url("rgba.png"))
        let url = dir.appendingPathComponent("out.png")
        try image.writePNG(to: url)
        #expect(try CGImage.decode(contentsOf: url).pixels == image.pixels)
        let bad = dir.appendingPathComponent("missing-dir/out.png")
        #expect(throws: CGImageError.self) { try image.writePNG(to: bad) }
    }

    /// Rows given a strip at a time (`CGImage.writePNG(width:height:to:rows:)`, how a frame is
    /// read back from OpenGL) make the file `writePNG(to:)` makes of the same pixels: opaque
    /// (RGB), translucent in its last row only (RGB strips, then RGBA from the first row again)
    /// and translucent throughout. Rows of 64 pixels come in strips of 1 024, the last short.
    @Test func pngFromStripsIsThePNGOfTheWholeImage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glayers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let (width, height) = (64, 2500)
        func image(alpha: (Int) -> UInt8) throws -> CGImage {
            var bytes = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<height {
                let a = alpha(y)
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    bytes[i] = min(a, UInt8(x * 4))
                    bytes[i + 1] = min(a, UInt8(y % 256))
                    bytes[i + 2] = min(a, UInt8((x ^ y) & 255))
                    bytes[i + 3] = a
                }
            }
            return try CGImage(width: width, height: height, premultipliedRGBA: bytes)
        }
        let cases: [(CGImage, [Int])] = [
            (try image { _ in 255 }, [0, 1024, 2048]),
            (try image { $0 == height - 1 ? 200 : 255 }, [0, 1024, 2048, 0, 1024, 2048]),
            (try image { _ in 128 }, [0, 0, 1024, 2048]),
        ]
        for (image, firstRows) in cases {
            let whole = dir.appendingPathComponent("whole.png"), strips = dir.appendingPathComponent("strips.png")
            try image.writePNG(to: whole)
            var asked: [Int] = []
            try CGImage.writePNG(width: width, height: height, to: strips) { first, count, buffer in
                asked.append(first)
                image.withUnsafeBytes { source in
                    buffer.copyMemory(
                        from: source.baseAddress! + first * image.bytesPerRow, byteCount: count * image.bytesPerRow)
                }
            }
            #expect(try Data(contentsOf: strips) == Data(contentsOf: whole))
            #expect(asked == firstRows)
        }
    }

    /// An error of the rows stops the file being written; a size that is not positive is
    /// refused, naming the path.
    @Test func pngFromStripsFailsWithoutAFile() throws {
        struct Unreadable: Error {}
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("glayers-\(UUID().uuidString).png")
        #expect(throws: Unreadable.self) {
            try CGImage.writePNG(width: 4, height: 4, to: url) { _, _, _ in throw Unreadable() }
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        let error = #expect(throws: CGImageError.self) {
            try CGImage.writePNG(width: 0, height: 4, to: url) { _, _, _ in }
        }
        #expect(error?.description.contains(url.lastPathComponent) == true)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}
