import CoreGraphics
import CoreText
import Foundation
import ImageIO
import QuartzCore
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

    /// A layer drawn with `render(in:)`, saved with ImageIO and read back, as screenshot code does.
    @Test func renderSaveAndLoadThroughImageIO() throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 8, height: 4)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let ctx = try #require(CGContext.bitmap(width: 8, height: 4))
        layer.render(in: ctx)
        let image = try #require(ctx.makeImage())
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("glayers-imageio-\(getpid()).png")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(CGImageDestinationCreateWithURL(url as CFURL, kUTTypeJPEG, 1, nil) == nil)  // PNG only
        let destination = try #require(CGImageDestinationCreateWithURL(url as CFURL, kUTTypePNG, 1, nil))
        CGImageDestinationAddImage(destination, image, nil)
        #expect(CGImageDestinationFinalize(destination))
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        #expect(CGImageSourceGetCount(source) == 1 && CGImageSourceGetType(source) == "public.png")
        let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any])
        #expect(properties[kCGImagePropertyPixelWidth] as? Int == 8)
        let loaded = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(loaded.width == 8 && loaded.height == 4)
        #expect(CFDataGetBytePtr(loaded.dataProvider?.data)[0] == 255)
        let garbage = try #require(CGImageSourceCreateWithData(Data([1, 2, 3]) as CFData, nil))
        #expect(CGImageSourceGetCount(garbage) == 0 && CGImageSourceCreateImageAtIndex(garbage, 0, nil) == nil)
    }
}
