import Foundation
import GLayersGraphics
import Testing

/// `CGContext.setShadow`: the blur profile, the graphics state, the base space and every kind
/// of drawing casting (#11).
@Suite struct ContextShadowTests {
    /// The standard normal distribution function.
    func phi(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.0.squareRoot())) }

    /// A half-plane whose edge is at x = 50 casts a shadow blurred by 8 (σ = 4): across the
    /// edge its alpha follows 255 · Φ((50 − x) / σ) at pixel centres within 6 levels (the
    /// three-box approximation stays within about 2 % of a Gaussian). The shape lies wholly
    /// above the bitmap and its shadow is moved 150 pixels down onto it.
    @Test func blurFollowsAGaussianOfHalfTheBlur() throws {
        let c = try context(100, 20)
        c.setShadow(offset: CGSize(width: 0, height: 150), blur: 8, color: CGColor(gray: 0, alpha: 1))
        c.fill(CGRect(x: -200, y: -250, width: 250, height: 150))
        let image = try #require(c.makeImage())
        for x in 38...62 {
            let expected = 255 * phi((50 - (Double(x) + 0.5)) / 4)
            let got = Double(px(image, x, 10)[3])
            #expect(abs(got - expected) <= 6, "x \(x): \(got) against \(expected)")
        }
    }

    /// The shadow is graphics state: restored away by `restoreGState`, turned off by a nil or
    /// transparent colour; the default colour is black at 1/3 (alpha 85 with no blur).
    @Test func shadowIsGraphicsState() throws {
        let c = try context(60, 20)
        c.saveGState()
        c.setShadow(offset: CGSize(width: 5, height: 0), blur: 0)
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        c.restoreGState()
        c.fill(CGRect(x: 20, y: 0, width: 10, height: 10))
        c.setShadow(offset: CGSize(width: 5, height: 0), blur: 0, color: CGColor(gray: 0, alpha: 1))
        c.setShadow(offset: CGSize(width: 5, height: 0), blur: 0, color: nil)
        c.fill(CGRect(x: 40, y: 0, width: 10, height: 10))
        let image = try #require(c.makeImage())
        #expect(px(image, 12, 5) == [0, 0, 0, 85])
        #expect(px(image, 32, 5) == [0, 0, 0, 0] && px(image, 52, 5) == [0, 0, 0, 0])
    }

    /// An offset far beyond the context (1e19, past `Int`'s range) draws the shape and no
    /// shadow, as any offset that moves the shadow off the bitmap: it trapped converting the
    /// shadow plane's origin to `Int` (#24).
    @Test func hugeOffsetsCastNothingAndDoNotTrap() throws {
        for offset in [
            CGSize(width: 1e19, height: 0), CGSize(width: 0, height: -1e300), CGSize(width: 5000, height: 5000),
        ] {
            let c = try context(20, 20)
            c.setShadow(offset: offset, blur: 40, color: CGColor(gray: 0, alpha: 1))
            c.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
            let image = try #require(c.makeImage())
            #expect(px(image, 2, 2)[3] == 255 && px(image, 15, 15) == [0, 0, 0, 0], "\(offset)")
        }
    }

    /// Base space: a context made at scale 2 reads the offset in points (10 points are 20
    /// pixels); a `CGContext(data:…)` context in caller memory reads it in pixels.
    @Test func offsetIsInTheBaseSpace() throws {
        let c = try context(40, 40, scale: 2)
        c.setShadow(offset: CGSize(width: 10, height: 0), blur: 0, color: CGColor(gray: 0, alpha: 1))
        c.fill(CGRect(x: 0, y: 0, width: 5, height: 5))  // pixels 0 … 10
        let image = try #require(c.makeImage())
        #expect(px(image, 25, 5)[3] == 255 && px(image, 15, 5)[3] == 0 && px(image, 31, 5)[3] == 0)

        var memory = [UInt8](repeating: 0, count: 20 * 20 * 4)
        memory.withUnsafeMutableBytes { raw in
            guard
                let m = CGContext(
                    data: raw.baseAddress, width: 20, height: 20, bitsPerComponent: 8,
                    bytesPerRow: 80, space: CGColorSpaceCreateDeviceRGB(),
                    bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
            else { return }
            m.setShadow(
                offset: CGSize(width: 0, height: 10), blur: 0, color: CGColor(red: 0, green: 1, blue: 0, alpha: 1))
            m.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        }
        #expect(Array(memory[(12 * 20 + 2) * 4..<(12 * 20 + 2) * 4 + 4]) == [0, 255, 0, 255], "shadow 10 px down")
        #expect(memory[(16 * 20 + 2) * 4 + 3] == 0)
    }

    /// Strokes, images and the global alpha: a stroked line and a drawn image cast hard red
    /// shadows 6 pixels right; at global alpha 0.5 the shadow's alpha halves too (128 ± 1).
    @Test func strokesImagesAndAlphaCast() throws {
        let c = try context(60, 40)
        c.setShadow(offset: CGSize(width: 6, height: 0), blur: 0, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.setLineWidth(4)
        c.strokeLineSegments(between: [CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 20)])  // x 8 … 12
        let tile = try #require(CGContext.bitmap(width: 4, height: 4))
        tile.setFillColor(CGColor(gray: 0, alpha: 1))
        tile.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        c.draw(try #require(tile.makeImage()), in: CGRect(x: 30, y: 0, width: 4, height: 4))
        c.setAlpha(0.5)
        c.fill(CGRect(x: 0, y: 30, width: 4, height: 4))
        let image = try #require(c.makeImage())
        #expect(px(image, 15, 10) == [255, 0, 0, 255] && px(image, 19, 10)[3] == 0)
        #expect(px(image, 38, 2) == [255, 0, 0, 255] && px(image, 41, 2)[3] == 0)
        #expect(near(px(image, 8, 32), [128, 0, 0, 128], 1), "\(px(image, 8, 32))")
    }

    /// Out-of-range input: a non-finite offset counts as 0 and a negative blur as none (the
    /// hard black shadow right under a half-transparent blue square shows through it: alpha
    /// 0.5 + 0.5 · 0.5); a huge blur is clamped to σ = 64 pixels, so 10.5 pixels beyond the
    /// edge of a large shape its shadow is 255 · Φ(−10.5 / 64) ≈ 111 (within 6), not the 127
    /// of an unclamped blur.
    @Test func badInputIsTamed() throws {
        let c = try context(40, 20)
        c.setShadow(offset: CGSize(width: CGFloat.nan, height: 0), blur: -3, color: CGColor(gray: 0, alpha: 1))
        c.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        let square = try #require(c.makeImage())
        #expect(near(px(square, 5, 5), [0, 0, 128, 191], 1) && px(square, 15, 5)[3] == 0, "\(px(square, 5, 5))")

        let wide = try context(40, 20)
        wide.setShadow(offset: .zero, blur: 1e9, color: CGColor(gray: 0, alpha: 1))
        wide.setFillColor(CGColor(gray: 0, alpha: 1))
        wide.fill(CGRect(x: -500, y: -500, width: 520, height: 1000))
        let image = try #require(wide.makeImage())
        #expect(px(image, 10, 10) == [0, 0, 0, 255])
        #expect(abs(Int(px(image, 30, 10)[3]) - 111) <= 6, "\(px(image, 30, 10))")
    }

    /// A transparency layer casts one shadow for all it holds: the later square's shadow does
    /// not fall on the earlier square (white there, black without the layer); the layer's alpha
    /// applies once to the overlap (128 ± 1, not the 191 of two half-transparent squares).
    @Test func transparencyLayersCastOneShadow() throws {
        func draw(layered: Bool) throws -> CGImage {
            let c = try context(50, 50)
            c.setShadow(offset: CGSize(width: 5, height: 5), blur: 0, color: CGColor(gray: 0, alpha: 1))
            if layered { c.beginTransparencyLayer(auxiliaryInfo: nil) }
            c.setFillColor(CGColor(gray: 1, alpha: 1))
            c.fill(CGRect(x: 10, y: 10, width: 20, height: 20))
            c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
            if layered { c.endTransparencyLayer() }
            return try #require(c.makeImage())
        }
        #expect(px(try draw(layered: true), 22, 22) == [255, 255, 255, 255])
        #expect(px(try draw(layered: false), 22, 22) == [0, 0, 0, 255])
        #expect(px(try draw(layered: true), 33, 33) == [0, 0, 0, 255], "the layer's own shadow")

        let c = try context(40, 20)
        c.setAlpha(0.5)
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.saveGState()  // left open: ending the layer closes it
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        c.fill(CGRect(x: 10, y: 0, width: 20, height: 20))
        c.endTransparencyLayer()
        c.restoreGState()  // unbalanced now: ignored
        c.fill(CGRect(x: 35, y: 0, width: 5, height: 5))
        let image = try #require(c.makeImage())
        #expect(near(px(image, 15, 10), [0, 0, 0, 128], 1) && near(px(image, 5, 10), [0, 0, 0, 128], 1))
        #expect(near(px(image, 37, 2), [0, 0, 0, 128], 1), "alpha 0.5 is back after the layer")
    }
}

/// `CGContext.setFlatness` (#11).
@Suite struct ContextFlatnessTests {
    /// The ink of a filled circle of radius 30 (π · 900 ≈ 2827 pixels).
    func ink(_ c: CGContext) throws -> Int {
        c.clear(CGRect(x: 0, y: 0, width: 80, height: 80))
        c.fillEllipse(in: CGRect(x: 10, y: 10, width: 60, height: 60))
        let image = try #require(c.makeImage())
        return image.pixels.enumerated().filter { $0.offset % 4 == 3 }.reduce(0) { $0 + Int($1.element) } / 255
    }

    /// A flatness of 10 pixels lets the circle's four arcs become a few chords (cairo draws
    /// about an octagon, 90 % of the disc; accepted under 95 %); restoring the state brings back the fine default (within 0.5 % of π r²); bad
    /// values change nothing.
    @Test func flatnessIsGraphicsState() throws {
        let c = try context(80, 80)
        let fine = try ink(c)
        #expect(abs(Double(fine) - Double.pi * 900) < 0.005 * Double.pi * 900, "\(fine)")
        c.saveGState()
        c.setFlatness(10)
        let coarse = try ink(c)
        #expect(coarse * 100 < fine * 95, "\(coarse) against \(fine)")
        c.setFlatness(.nan)
        #expect(try ink(c) == coarse)
        c.restoreGState()
        #expect(try ink(c) == fine)
    }
}
