import Foundation
import GLayersGraphics
import Testing

@Suite struct GradientTests {
    let blackToWhite = CGGradient(
        colorsSpace: nil, colors: [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)],
        locations: nil)

    func linear(_ options: CGGradientDrawingOptions) throws -> CGImage {
        let c = try context(10, 1)
        let g = try #require(blackToWhite)
        c.drawLinearGradient(g, start: CGPoint(x: 2, y: 0), end: CGPoint(x: 8, y: 0), options: options)
        return try #require(c.makeImage())
    }

    @Test func locationsDefaultToEvenSpacing() throws {
        let g = try #require(CGGradient(colorsSpace: nil, colors: [.black, .white, .black], locations: nil))
        #expect(g.locations == [0, 0.5, 1])
        #expect(CGGradient(colorsSpace: nil, colors: [], locations: nil) == nil)
        #expect(CGGradient(colorsSpace: nil, colors: [.black], locations: [0, 1]) == nil)
        let flat = try #require(
            CGGradient(
                colorSpace: CGColorSpaceCreateDeviceRGB(),
                colorComponents: [1, 0, 0, 1, 0, 0, 1, 1], locations: [0, 1], count: 2))
        #expect(flat.colors == [RGBA(1, 0, 0, 1), RGBA(0, 0, 1, 1)])
    }

    @Test func linearWithoutOptionsPaintsOnlyTheBand() throws {
        let image = try linear([])
        #expect(px(image, 0, 0) == [0, 0, 0, 0] && px(image, 9, 0) == [0, 0, 0, 0])
        #expect(px(image, 2, 0)[3] == 255 && px(image, 7, 0)[3] == 255)
        let reds = (2...7).map { px(image, $0, 0)[0] }
        #expect(reds == reds.sorted() && (reds.first ?? 255) < 40 && (reds.last ?? 0) > 215)
    }

    @Test func linearOptionsExtendEachSide() throws {
        let both = try linear([.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(px(both, 0, 0) == [0, 0, 0, 255] && px(both, 9, 0) == [255, 255, 255, 255])
        let before = try linear(.drawsBeforeStartLocation)
        #expect(px(before, 0, 0) == [0, 0, 0, 255] && px(before, 9, 0)[3] == 0)
        let after = try linear(.drawsAfterEndLocation)
        #expect(px(after, 0, 0)[3] == 0 && px(after, 9, 0) == [255, 255, 255, 255])
    }

    @Test func radialNestedCircles() throws {
        let g = try #require(blackToWhite)
        func draw(_ options: CGGradientDrawingOptions) throws -> CGImage {
            let c = try context(20, 20)
            c.drawRadialGradient(
                g, startCenter: CGPoint(x: 10, y: 10), startRadius: 3,
                endCenter: CGPoint(x: 10, y: 10), endRadius: 8, options: options)
            return try #require(c.makeImage())
        }
        let none = try draw([])
        #expect(px(none, 10, 10)[3] == 0 && px(none, 0, 0)[3] == 0)
        #expect(px(none, 15, 10)[3] == 255)
        let both = try draw([.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(px(both, 10, 10) == [0, 0, 0, 255] && px(both, 0, 0) == [255, 255, 255, 255])
        let after = try draw(.drawsAfterEndLocation)
        #expect(px(after, 10, 10)[3] == 0 && px(after, 0, 0) == [255, 255, 255, 255])
    }

    @Test func gradientRespectsClipAndKeepsPath() throws {
        let c = try context(10, 10)
        c.clip(to: CGRect(x: 0, y: 0, width: 5, height: 10))
        c.move(to: CGPoint(x: 1, y: 1))
        c.drawLinearGradient(
            try #require(blackToWhite), start: .zero, end: CGPoint(x: 10, y: 0),
            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        let image = try #require(c.makeImage())
        #expect(px(image, 4, 4)[3] == 255 && px(image, 5, 4)[3] == 0)
        #expect(!c.isPathEmpty)
    }
}
