import Foundation
import GLayersGraphics
import Testing

@Suite struct ContextImageTests {
    /// A 2 × 2 image: red, green / blue, white (top row first).
    func quad() throws -> CGImage {
        try CGImage(
            width: 2, height: 2,
            premultipliedRGBA: [
                255, 0, 0, 255, 0, 255, 0, 255,
                0, 0, 255, 255, 255, 255, 255, 255,
            ])
    }

    @Test func imageLandsUpright() throws {
        let c = try context(4, 4)
        c.interpolationQuality = .none
        c.draw(try quad(), in: CGRect(x: 0, y: 0, width: 4, height: 4))
        let image = try #require(c.makeImage())
        #expect(px(image, 0, 0) == [255, 0, 0, 255] && px(image, 3, 0) == [0, 255, 0, 255])
        #expect(px(image, 0, 3) == [0, 0, 255, 255] && px(image, 3, 3) == [255, 255, 255, 255])
    }

    @Test func bilinearScalingBlendsAndKeepsEdgesCrisp() throws {
        let c = try context(10, 10)
        c.draw(try quad(), in: CGRect(x: 1, y: 1, width: 8, height: 8))
        let image = try #require(c.makeImage())
        #expect(px(image, 0, 0)[3] == 0 && px(image, 9, 9)[3] == 0)
        #expect(px(image, 1, 1) == [255, 0, 0, 255])  // Edge pixels extended, not faded.
        #expect(px(image, 8, 1) == [0, 255, 0, 255])
        let middle = px(image, 4, 1)  // Between red and green.
        #expect(middle[0] > 0 && middle[1] > 0 && middle[3] == 255)
    }

    @Test func imageAtScaleAndAlpha() throws {
        let c = try context(8, 8, scale: 2)
        c.interpolationQuality = .none
        c.setAlpha(0.5)
        c.draw(try quad(), in: CGRect(x: 0, y: 0, width: 2, height: 2))
        let image = try #require(c.makeImage())
        #expect(near(px(image, 0, 0), [128, 0, 0, 128], 1) && near(px(image, 3, 3), [128, 128, 128, 128], 1))
        #expect(px(image, 4, 4) == [0, 0, 0, 0])
    }

    @Test func drawnContextRoundTripsThroughPNG() throws {
        let c = try context(16, 16)
        c.setFillColor(CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.7))
        c.fillEllipse(in: CGRect(x: 1, y: 1, width: 14, height: 14))
        let image = try #require(c.makeImage())
        let back = try CGImage.decode(data: image.pngData(), name: "context")
        #expect(zip(back.pixels, image.pixels).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }
}

@Suite struct ContextMemoryTests {
    @Test func callerMemoryInRGBAIsUpdated() throws {
        var memory = [UInt8](repeating: 0, count: 2 * 2 * 4)
        memory[12...15] = [0, 0, 255, 255]  // Existing blue pixel at (1, 1).
        try memory.withUnsafeMutableBytes { buf in
            let c = try #require(
                CGContext(
                    data: buf.baseAddress, width: 2, height: 2, bitsPerComponent: 8,
                    bytesPerRow: 8, space: CGColorSpaceCreateDeviceRGB(),
                    bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            #expect(px(try #require(c.makeImage()), 1, 1) == [0, 0, 255, 255])
        }
        #expect(Array(memory[0...3]) == [255, 0, 0, 255])
        #expect(Array(memory[12...15]) == [0, 0, 255, 255])
    }

    @Test func callerMemoryInCairoLayoutIsDrawnDirectly() throws {
        var memory = [UInt8](repeating: 0, count: 4 * 4)
        let info = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        try memory.withUnsafeMutableBytes { buf in
            let c = try #require(
                CGContext(
                    data: buf.baseAddress, width: 4, height: 1, bitsPerComponent: 8,
                    bytesPerRow: 16, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info))
            c.setFillColor(CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
            c.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
            c.flush()
        }
        #expect(Array(memory[4...7]) == [0, 128, 255, 255])  // B, G, R, A.
    }

    @Test func skipAlphaContextsAreOpaque() throws {
        let c = try #require(
            CGContext(
                data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue))
        let image = try #require(c.makeImage())
        #expect(image.isOpaque && px(image, 0, 0) == [0, 0, 0, 255])
    }

    @Test func unsupportedLayoutsAndSizesGiveNil() {
        let rgb = CGColorSpaceCreateDeviceRGB()
        #expect(
            CGContext(
                data: nil, width: 0, height: 2, bitsPerComponent: 8, bytesPerRow: 0, space: rgb,
                bitmapInfo: 1) == nil)
        #expect(
            CGContext(
                data: nil, width: 2, height: 2, bitsPerComponent: 16, bytesPerRow: 0, space: rgb,
                bitmapInfo: 1) == nil)
        #expect(
            CGContext(
                data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 4, space: rgb,
                bitmapInfo: 1) == nil)
        #expect(
            CGContext(
                data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceGray(), bitmapInfo: 0) == nil)
        #expect(CGContext.bitmap(width: 100_000, height: 1) == nil)
        #expect(CGContext.bitmap(width: 2, height: 2, scale: 0) == nil)
    }
}

/// `CGContext.draw(_:in:byTiling:)` (#11).
@Suite struct ContextTilingTests {
    /// A 2 × 2 image of four colours tiled from (1, 1) repeats every 2 pixels both ways over
    /// the clip (exact with nearest sampling), and nothing outside the clip; without tiling it
    /// is drawn once.
    @Test func tilesRepeatOverTheClip() throws {
        let tile = try context(2, 2)
        let colours = [
            CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1),
            CGColor(red: 0, green: 0, blue: 1, alpha: 1), CGColor(gray: 1, alpha: 1),
        ]
        for (i, colour) in colours.enumerated() {
            tile.setFillColor(colour)
            tile.fill(CGRect(x: i % 2, y: i / 2, width: 1, height: 1))
        }
        let image = try #require(tile.makeImage())
        let c = try context(10, 8)
        c.interpolationQuality = .none
        c.clip(to: CGRect(x: 0, y: 0, width: 9, height: 8))
        c.draw(image, in: CGRect(x: 1, y: 1, width: 2, height: 2), byTiling: true)
        let out = try #require(c.makeImage())
        for y in 0..<8 {
            for x in 0..<9 {
                let (u, v) = (((x - 1) % 2 + 2) % 2, ((y - 1) % 2 + 2) % 2)
                #expect(px(out, x, y) == px(image, u, v), "pixel \(x), \(y)")
            }
            #expect(px(out, 9, y) == [0, 0, 0, 0], "outside the clip")
        }
        let once = try context(10, 8)
        once.draw(image, in: CGRect(x: 1, y: 1, width: 2, height: 2), byTiling: false)
        let single = try #require(once.makeImage())
        #expect(px(single, 1, 1) == [255, 0, 0, 255] && px(single, 3, 1) == [0, 0, 0, 0])
    }
}
