import Foundation
import GLayersGraphics
import Testing

@Suite struct ImageDecodeTests {
    @Test func rgbaPNGIsPremultipliedExactly() throws {
        let image = try CGImage.decode(contentsOf: Fixtures.url("rgba.png"))
        #expect(image.width == 4 && image.height == 3)
        #expect(image.bytesPerRow == 16 && image.bitsPerComponent == 8 && image.bitsPerPixel == 32)
        #expect(image.alphaInfo == .premultipliedLast)
        #expect(image.pixels == Fixtures.rgbaPremultiplied)
        #expect(!image.isOpaque)
    }

    @Test func interlacedPNGMatchesProgressive() throws {
        let image = try CGImage.decode(contentsOf: Fixtures.url("rgba-interlaced.png"))
        #expect(image.pixels == Fixtures.rgbaPremultiplied)
    }

    @Test func palettePNGWithTransparency() throws {
        let image = try CGImage.decode(contentsOf: Fixtures.url("palette.png"))
        #expect(image.width == 3 && image.height == 2)
        #expect(px(image, 0, 0) == [255, 0, 0, 255])
        #expect(px(image, 1, 0) == [0, 128, 0, 128])
        #expect(px(image, 2, 0) == [0, 0, 0, 0])
        #expect(px(image, 0, 1) == [0, 0, 0, 0])
    }

    @Test func grayPNGBecomesOpaqueRGBA() throws {
        let image = try CGImage.decode(contentsOf: Fixtures.url("gray.png"))
        #expect(image.pixels == [0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255])
        #expect(image.isOpaque)
    }

    @Test func sixteenBitPNGIsReducedAsSRGB() throws {
        let image = try CGImage.decode(contentsOf: Fixtures.url("rgba16.png"))
        // 0x8080 / 65535 · 255 = 128.0; alpha 0x8080 is 128.
        #expect(px(image, 0, 0) == [255, 0, 128, 255])
        #expect(px(image, 1, 0) == [0, 128, 0, 128])
    }

    @Test func baselineAndProgressiveJPEG() throws {
        for name in ["baseline.jpg", "progressive.jpg"] {
            let image = try CGImage.decode(contentsOf: Fixtures.url(name))
            #expect(image.width == 32 && image.height == 32)
            #expect(image.isOpaque)
            #expect(near(px(image, 4, 4), [255, 0, 0, 255], 8), "\(name) red")
            #expect(near(px(image, 27, 4), [0, 255, 0, 255], 8), "\(name) green")
            #expect(near(px(image, 4, 27), [0, 0, 255, 255], 8), "\(name) blue")
            #expect(near(px(image, 27, 27), [255, 255, 255, 255], 8), "\(name) white")
        }
    }

    @Test func losslessWebPIsPremultipliedExactly() throws {
        let image = try CGImage.decode(contentsOf: Fixtures.url("rgba-lossless.webp"))
        #expect(image.width == 4 && image.height == 3)
        #expect(image.pixels == Fixtures.rgbaPremultiplied)
        #expect(!image.isOpaque)
    }

    @Test func lossyWebP() throws {
        let image = try CGImage.decode(contentsOf: Fixtures.url("lossy.webp"))
        #expect(image.width == 32 && image.height == 32 && image.isOpaque)
        #expect(near(px(image, 4, 4), [255, 0, 0, 255], 12), "red")
        #expect(near(px(image, 27, 27), [255, 255, 255, 255], 12), "white")
    }

    @Test func grayJPEG() throws {
        let image = try CGImage.decode(contentsOf: Fixtures.url("gray.jpg"))
        let p = px(image, 27, 27)
        #expect(p[0] == p[1] && p[1] == p[2] && p[3] == 255)
        #expect(p[0] > 245)
    }

    @Test func formatIsRecognisedByContentNotExtension() throws {
        let data = try Data(contentsOf: Fixtures.url("baseline.jpg"))
        let image = try CGImage.decode(data: data, name: "misnamed.png")
        #expect(image.width == 32)
    }

    @Test func identitiesAreUnique() throws {
        let data = try Data(contentsOf: Fixtures.url("rgba.png"))
        let a = try CGImage.decode(data: data, name: "a"), b = try CGImage.decode(data: data, name: "b")
        #expect(a.identity != b.identity)
    }
}

@Suite struct ImageDecodeErrorTests {
    /// The error thrown when decoding fixture `name`.
    func error(_ name: String) throws -> CGImageError {
        do {
            _ = try CGImage.decode(contentsOf: Fixtures.url(name))
        } catch let e as CGImageError {
            return e
        }
        Issue.record("\(name) decoded without error")
        throw CancellationError()
    }

    @Test func hugeHeaderIsRefusedBeforeAllocating() throws {
        let e = try error("huge-header.png")
        #expect(e.kind == .tooLarge(width: 100000, height: 100000))
        #expect(
            e.description.hasSuffix(
                "huge-header.png: image is 100000 × 100000 pixels; the limit is 32768 per side and 268435456 pixels"))
    }

    @Test func messageNamesTheGivenPath() throws {
        let data = try Data(contentsOf: Fixtures.url("huge-header.png"))
        #expect(throws: CGImageError(.tooLarge(width: 100000, height: 100000), name: "images/big.png")) {
            try CGImage.decode(data: data, name: "images/big.png")
        }
        let e = CGImageError(.tooLarge(width: 100000, height: 100000), name: "images/big.png")
        #expect(
            e.description
                == "images/big.png: image is 100000 × 100000 pixels; the limit is 32768 per side and 268435456 pixels")
    }

    @Test func truncatedFiles() throws {
        for name in ["truncated.png", "truncated.jpg", "truncated-header.jpg"] {
            let e = try error(name)
            switch e.kind {
            case .truncated, .corrupt: break
            default: Issue.record("\(name): unexpected \(e)")
            }
            #expect(e.description.contains(name))
        }
        guard case .truncated = try error("truncated.png").kind else { Issue.record("png"); return }
        guard case .truncated = try error("truncated.jpg").kind else { Issue.record("jpg"); return }
    }

    @Test func corruptCRC() throws {
        guard case .corrupt = try error("bad-crc.png").kind else { Issue.record("bad-crc.png"); return }
    }

    @Test func notImages() throws {
        #expect(try error("text.png").kind == .notAnImage)
        #expect(try error("empty.png").kind == .empty)
        guard case .unsupported(let d) = try error("tiny.gif").kind else { Issue.record("gif"); return }
        #expect(d.contains("GIF"))
    }

    @Test func animatedAndTruncatedWebPAreRefused() throws {
        guard case .unsupported(let d) = try error("animated.webp").kind else { Issue.record("animated"); return }
        #expect(d.contains("animated WebP"))
        let truncated = try error("truncated.webp").kind
        switch truncated {
        case .truncated, .corrupt: break
        case let other: Issue.record("truncated.webp: \(other)")
        }
    }

    @Test func cmykJPEGIsUnsupported() throws {
        guard case .unsupported(let d) = try error("cmyk.jpg").kind else { Issue.record("cmyk"); return }
        #expect(d.contains("CMYK"))
    }

    @Test func missingFileAndDirectory() throws {
        guard case .unreadable = try error("no-such-file.png").kind else { Issue.record("missing"); return }
        let dir = try Fixtures.url("")
        #expect(throws: CGImageError.self) { try CGImage.decode(contentsOf: dir) }
    }

    @Test func everyPrefixOfAValidFileFailsCleanly() throws {
        // No prefix may crash or decode to garbage. A PNG cut only in its IEND chunk (the last
        // 12 bytes) holds every pixel; it may decode, but then to the full image.
        for name in ["rgba.png", "baseline.jpg"] {
            let data = try Data(contentsOf: Fixtures.url(name))
            let full = try CGImage.decode(data: data, name: name)
            let lenient = name.hasSuffix(".png") ? data.count - 12 : data.count
            for n in 0..<data.count {
                if n < lenient {
                    #expect(throws: CGImageError.self, "\(name) cut at \(n)") {
                        try CGImage.decode(data: data.prefix(n), name: name)
                    }
                } else if let image = try? CGImage.decode(data: data.prefix(n), name: name) {
                    #expect(image.pixels == full.pixels)
                }
            }
        }
    }
}
