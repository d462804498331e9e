import CoreGraphics
import CoreText
import Foundation
import Testing

// Apple code imports CoreGraphics and CoreText by name, often without QuartzCore; both
// modules exist and bring the CoreFoundation names that code passes (docs/porting.md).

@Suite struct AppleModules {
    @Test func coreGraphicsAndCoreTextWithoutQuartzCore() throws {
        let ctx = try #require(
            CGContext(
                data: nil, width: 40, height: 20, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        let colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 0, alpha: 1)] as CFArray
        let gradient = try #require(
            CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors, locations: nil))
        ctx.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 0, y: 20), options: [])
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 12, nil)
        let text = NSAttributedString(
            string: "A", attributes: [NSAttributedString.Key(kCTFontAttributeName as String): font])
        let line = CTLineCreateWithAttributedString(text as CFAttributedString)
        #expect(CTLineGetGlyphCount(line) == 1)
        let image = try #require(ctx.makeImage())
        let pixelData = try #require(image.dataProvider?.data)
        #expect(CFDataGetBytePtr(pixelData)[3] == 255)
    }
}
