import Foundation
import GLayersGraphics
import Testing

/// `CGContext.clip(to:mask:)`: gray values as coverage, the rectangle, the graphics state,
/// masks multiplying, clearing and shadows through a mask (#11); alpha as coverage for images
/// with alpha (#23).
@Suite struct ContextClipMaskTests {
    /// A 4 × 1 DeviceGray image without alpha (what Core Graphics' reference asks a mask to
    /// be): white, white, half gray, black.
    func stripe() throws -> CGImage {
        let provider = try #require(CGDataProvider(data: Data([255, 255, 128, 0]) as NSData))
        return try #require(
            CGImage(
                width: 4, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 4,
                space: CGColorSpaceCreateDeviceGray(),
                bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.none.rawValue),
                provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent))
    }

    /// A 4 × 1 RGBA image drawn in a bitmap context: opaque black, transparent, opaque white,
    /// half-transparent black.
    func alphaStripe() throws -> CGImage {
        let c = try context(4, 1)
        for (x, color) in [
            (0, CGColor(gray: 0, alpha: 1)), (2, CGColor(gray: 1, alpha: 1)), (3, CGColor(gray: 0, alpha: 0.5)),
        ] {
            c.setFillColor(color)
            c.fill(CGRect(x: x, y: 0, width: 1, height: 1))
        }
        return try #require(c.makeImage())
    }

    /// An image with alpha masks by its alpha, as Quartz does: the opaque black pixel is a
    /// visible clip, the transparent one hides, the half-transparent one lets half (128 ± 1)
    /// through; a gray image without alpha keeps masking by its gray value; the images say
    /// which they are (`alphaInfo`).
    @Test func imagesWithAlphaMaskByTheirAlpha() throws {
        let mask = try alphaStripe(), gray = try stripe()
        #expect(mask.alphaInfo == .premultipliedLast && gray.alphaInfo == .noneSkipLast)
        let c = try context(4, 1)
        c.interpolationQuality = .none
        c.clip(to: CGRect(x: 0, y: 0, width: 4, height: 1), mask: mask)
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
        let image = try #require(c.makeImage())
        #expect(px(image, 0, 0) == [255, 0, 0, 255], "opaque black: \(px(image, 0, 0))")
        #expect(px(image, 1, 0) == [0, 0, 0, 0] && px(image, 2, 0) == [255, 0, 0, 255])
        #expect(near(px(image, 3, 0), [128, 0, 0, 128], 1), "\(px(image, 3, 0))")
    }

    /// A context that skips alpha makes images without it: they mask by luminance.
    @Test func imagesOfContextsWithoutAlphaMaskByLuminance() throws {
        let opaque = try #require(
            CGContext(
                data: nil, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue))
        opaque.setFillColor(CGColor(gray: 1, alpha: 1))
        opaque.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        let mask = try #require(opaque.makeImage())
        #expect(mask.alphaInfo == .noneSkipLast)
        let c = try context(2, 1)
        c.interpolationQuality = .none
        c.clip(to: CGRect(x: 0, y: 0, width: 2, height: 1), mask: mask)
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        let image = try #require(c.makeImage())
        #expect(px(image, 0, 0)[3] == 0 && px(image, 1, 0)[3] == 255)
    }

    /// Filling red through the stripe mapped 1:1 onto x 0…4 (nearest sampling): opaque over
    /// the white pixels, half (128 ± 1) over the gray, nothing over the black or outside the
    /// rectangle; `restoreGState` and `resetClip` remove the mask.
    @Test func grayValuesAreCoverage() throws {
        let c = try context(8, 2)
        c.interpolationQuality = .none
        c.saveGState()
        c.clip(to: CGRect(x: 0, y: 0, width: 4, height: 1), mask: try stripe())
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.fill(CGRect(x: 0, y: 0, width: 8, height: 2))
        c.restoreGState()
        let image = try #require(c.makeImage())
        #expect(px(image, 0, 0) == [255, 0, 0, 255] && px(image, 1, 0) == [255, 0, 0, 255])
        #expect(near(px(image, 2, 0), [128, 0, 0, 128], 1), "\(px(image, 2, 0))")
        #expect(
            px(image, 3, 0) == [0, 0, 0, 0] && px(image, 5, 0) == [0, 0, 0, 0] && px(image, 0, 1) == [0, 0, 0, 0])
        c.fill(CGRect(x: 6, y: 1, width: 1, height: 1))
        c.clip(to: CGRect(x: 0, y: 0, width: 4, height: 1), mask: try stripe())
        c.resetClip()
        c.fill(CGRect(x: 7, y: 1, width: 1, height: 1))
        let after = try #require(c.makeImage())
        #expect(px(after, 6, 1)[3] == 255 && px(after, 7, 1)[3] == 255, "no mask after restore and reset")
    }

    /// A second mask multiplies the first (the stripe twice: a quarter, 64 ± 1, over the gray);
    /// `clear` clears through the mask (the half-gray pixel keeps half its blue); a shadow is
    /// masked with its shape (half over the gray pixel, none over the black one).
    @Test func masksMultiplyAndClearAndShadowsFollowThem() throws {
        let c = try context(4, 1)
        c.interpolationQuality = .none
        c.clip(to: CGRect(x: 0, y: 0, width: 4, height: 1), mask: try stripe())
        c.clip(to: CGRect(x: 0, y: 0, width: 4, height: 1), mask: try stripe())
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
        let twice = try #require(c.makeImage())
        #expect(near(px(twice, 2, 0), [0, 0, 0, 64], 1) && px(twice, 0, 0)[3] == 255, "\(px(twice, 2, 0))")

        let d = try context(4, 1)
        d.interpolationQuality = .none
        d.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        d.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
        d.clip(to: CGRect(x: 0, y: 0, width: 4, height: 1), mask: try stripe())
        d.clear(CGRect(x: 0, y: 0, width: 4, height: 1))
        let cleared = try #require(d.makeImage())
        #expect(px(cleared, 0, 0) == [0, 0, 0, 0] && px(cleared, 3, 0) == [0, 0, 255, 255])
        #expect(near(px(cleared, 2, 0), [0, 0, 128, 128], 1), "\(px(cleared, 2, 0))")

        let e = try context(4, 1)
        e.interpolationQuality = .none
        e.clip(to: CGRect(x: 0, y: 0, width: 4, height: 1), mask: try stripe())
        e.setShadow(offset: CGSize(width: 2, height: 0), blur: 0, color: CGColor(gray: 0, alpha: 1))
        e.fill(CGRect(x: 0, y: 0, width: 2, height: 1))  // its shadow lands on pixels 2 and 3
        let shadowed = try #require(e.makeImage())
        #expect(px(shadowed, 0, 0)[3] == 255 && px(shadowed, 1, 0)[3] == 255)
        #expect(near(px(shadowed, 2, 0), [0, 0, 0, 128], 1) && px(shadowed, 3, 0)[3] == 0, "\(px(shadowed, 2, 0))")
    }

    /// A mask set before a transparency layer applies once, to the layer's composite (128 ± 1
    /// over the gray pixel, not the 64 of applying it twice).
    @Test func transparencyLayersApplyTheMaskOnce() throws {
        let c = try context(4, 1)
        c.interpolationQuality = .none
        c.clip(to: CGRect(x: 0, y: 0, width: 4, height: 1), mask: try stripe())
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
        c.endTransparencyLayer()
        let image = try #require(c.makeImage())
        #expect(near(px(image, 2, 0), [0, 0, 0, 128], 1) && px(image, 3, 0)[3] == 0, "\(px(image, 2, 0))")
    }
}
