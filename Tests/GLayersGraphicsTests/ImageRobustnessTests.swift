import Foundation
import GLayersGraphics
import Testing

@Suite struct ImageRobustnessTests {
    /// `baseline.jpg` with the frame size in its SOF0 header replaced.
    func jpeg(width: Int, height: Int) throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: Fixtures.url("baseline.jpg")))
        let sof = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes[sof + 5] = UInt8(height >> 8); bytes[sof + 6] = UInt8(height & 0xFF)
        bytes[sof + 7] = UInt8(width >> 8); bytes[sof + 8] = UInt8(width & 0xFF)
        return Data(bytes)
    }

    @Test func hugeJPEGHeadersAreRefusedBeforeAllocating() throws {
        #expect(throws: CGImageError(.tooLarge(width: 60000, height: 100), name: "wide.jpg")) {
            try CGImage.decode(data: jpeg(width: 60000, height: 100), name: "wide.jpg")
        }
        // Each side under 32768, but 30000 × 30000 exceeds 2^28 pixels.
        #expect(throws: CGImageError(.tooLarge(width: 30000, height: 30000), name: "square.jpg")) {
            try CGImage.decode(data: jpeg(width: 30000, height: 30000), name: "square.jpg")
        }
    }

    /// Issue #14 (found by fuzzing): a file of a few hundred bytes whose header claims
    /// 16000 × 16000 pixels (within the limits) made the decoders allocate 1 GiB before they
    /// found the stream short. PNG: deflate expands at most 1032:1, so 84 bytes cannot hold
    /// 32 MB of 1-bit pixels; JPEG: the stream is decoded at 1/8 scale first.
    @Test func shortFilesClaimingHugeImagesAreRefusedBeforeAllocating() throws {
        let png = try Data(contentsOf: Fixtures.url("claims-16000-truncated.png"))
        #expect(
            throws: CGImageError(
                .truncated("84 bytes cannot hold 16000 × 16000 pixels (at least 31007 needed)"), name: "bomb.png")
        ) {
            try CGImage.decode(data: png, name: "bomb.png")
        }
        do {
            _ = try CGImage.decode(data: try jpeg(width: 16000, height: 16000), name: "bomb.jpg")
            Issue.record("a truncated 16000 × 16000 JPEG decoded")
        } catch let error as CGImageError {
            guard case .truncated(let message) = error.kind else { throw error }
            #expect(message.hasSuffix("found at 1/8 scale, before allocating 16000 × 16000 pixels"))
        }
    }

    /// Issue #14 (found by fuzzing): a 309-byte JPEG claiming 16000 × 16000 pixels whose
    /// stream libjpeg repairs with warnings (it fills what it cannot read) passed the 1/8-scale
    /// check and was decoded into 1 GiB; such a file is now refused on any warning.
    @Test func aCorruptShortFileClaimingAHugeImageIsRefusedOnAWarning() throws {
        let bytes = try Data(contentsOf: Fixtures.url("claims-16000-corrupt.jpg"))
        do {
            _ = try CGImage.decode(data: bytes, name: "c.jpg")
            Issue.record("a corrupt 16000 × 16000 JPEG of 309 bytes decoded")
        } catch let error as CGImageError {
            #expect(
                "\(error)"
                    == "c.jpg: unsupported image: Unsupported marker type 0x82; found at 1/8 scale, before allocating 16000 × 16000 pixels"
            )
        }
    }

    /// Issue #14 (found by fuzzing): TurboJPEG reported an undefined Huffman table met after a
    /// warning as a warning, and stopped decoding; the image was accepted, transparent where
    /// nothing was written, yet flagged opaque.
    @Test func anErrorAfterAWarningIsAnError() throws {
        let bytes = try Data(contentsOf: Fixtures.url("error-after-warning.jpg"))
        #expect(throws: CGImageError(.corrupt("Huffman table 0x09 was not defined"), name: "e.jpg")) {
            try CGImage.decode(data: bytes, name: "e.jpg")
        }
    }

    @Test func mutatedFilesNeverCrash() throws {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        for name in ["noise.png", "rgba-interlaced.png", "palette.png", "baseline.jpg", "progressive.jpg"] {
            let original = [UInt8](try Data(contentsOf: Fixtures.url(name)))
            var decoded = 0
            for _ in 0..<150 {
                var bytes = original
                for _ in 0..<(1 + next() % 4) {
                    let i = 8 + next() % (bytes.count - 8)  // Keep the signature.
                    bytes[i] = UInt8(truncatingIfNeeded: next())
                }
                do {
                    let image = try CGImage.decode(data: Data(bytes), name: name)
                    #expect(image.pixels.count == image.width * image.height * 4)
                    decoded += 1
                } catch is CGImageError {
                    // Refused cleanly.
                }
            }
            #expect(decoded < 150, "\(name): some mutations must be detected")
        }
    }

    /// The file size limit (docs/reliability.md#limits) is checked before the bytes are read
    /// as an image (the zeros are never touched: calloc'd pages).
    @Test func filesOverTheSizeLimitAreRefused() {
        #expect(CGImage.maximumFileSize == 512 << 20)
        let big = Data(count: CGImage.maximumFileSize + 1)
        #expect(throws: CGImageError(.fileTooLarge(bytes: CGImage.maximumFileSize + 1), name: "big.png")) {
            try CGImage.decode(data: big, name: "big.png")
        }
        #expect(
            CGImageError(.fileTooLarge(bytes: 1 << 30), name: "big.png").description
                == "big.png: file is 1073741824 bytes; the limit is 536870912 bytes")
    }
}
