import Foundation
import GLayersHost
import GLayersTestSupport
import PortingClassics
import QuartzCore
import Testing

/// The Core Animation classics of `samples/porting` (#11), started at time 0 in a live tree
/// already committed (a layer changed before its tree's first commit does not animate,
/// docs/semantics.md#live-trees) and rendered headless at several times; goldens in
/// `Tests/Goldens/Porting`.
@Suite(.serialized, .mediaClock) struct PortingClassicsTests {
    /// Text and shapes are anti-aliased by pango and cairo: two steps per channel, a few
    /// pixels more (llvmpipe is deterministic; this is room for another LLVM's, cairo's or a
    /// font's rounding).
    static let tolerance = ImageTolerance(channel: 2, pixels: 40)

    /// The colour at a point (in points) of an image at 2 pixels per point.
    func color(_ image: CGImage, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let p = image.pixel(x: 2 * x, y: 2 * y)
        return (Int(p?.r ?? 0), Int(p?.g ?? 0), Int(p?.b ?? 0))
    }

    /// At 0 s: the bars of the spinner begin to fade in turn, the ring is empty at 0 %, the
    /// card shows its blue front, the first ripple ring is small. At 0.3 s and 0.6 s: the
    /// bright bar has gone round a quarter and a half, the ring's arc grows toward 75 %
    /// (easing in and out over a second), the card turns edge-on, ripples grow and fade. At
    /// 1.2 s: the arc stops at 75 %, the card shows its orange back with a "B" that reads
    /// the right way round.
    @Test func classicsAtSeveralTimes() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let gallery = ClassicsGallery()
        let renderer = try HeadlessRenderer(size: CGSize(width: 320, height: 320), scale: 2)
        renderer.show(gallery.layer)
        CATransaction.flush()  // the tree's first commit: its layers' changes animate from here
        gallery.start()

        let start = try renderer.render(gallery.layer, at: 0)
        #expect(color(start, 80, 300).b > 180, "the card's blue front")
        #expect(color(start, 240, 125).b < 235, "no arc yet at the bottom of the ring")
        GoldenImages.check(start, "classics-0.0s", in: "Porting", tolerance: Self.tolerance)

        let early = try renderer.render(gallery.layer, at: 0.3)
        let shown = gallery.ring.arc.presentation()?.progress ?? -1
        #expect(shown > 0.05 && shown < 0.4, "the ring's custom property animates from 0 toward 0.75")
        GoldenImages.check(early, "classics-0.3s", in: "Porting", tolerance: Self.tolerance)

        let middle = try renderer.render(gallery.layer, at: 0.6)
        GoldenImages.check(middle, "classics-0.6s", in: "Porting", tolerance: Self.tolerance)

        let end = try renderer.render(gallery.layer, at: 1.2)
        let back = color(end, 80, 300)
        #expect(back.r > 200 && back.b < 80, "the card's orange back")
        let bottom = color(end, 240, 125), pastTheEnd = color(end, 197, 66)
        #expect(bottom.b > 200 && bottom.r < 100, "the arc passes the bottom of the ring (50 %)")
        #expect(pastTheEnd.b < 235 || pastTheEnd.r > 150, "and stops before 80 %")
        #expect(gallery.ring.label.string as? String == "75%")
        GoldenImages.check(end, "classics-1.2s", in: "Porting", tolerance: Self.tolerance)
    }

    /// The classics started in a live tree at time 0, shown by a renderer at 1 pixel a point.
    func startedGallery() throws -> (ClassicsGallery, HeadlessRenderer) {
        let gallery = ClassicsGallery()
        let renderer = try HeadlessRenderer(size: CGSize(width: 320, height: 320), scale: 1)
        renderer.show(gallery.layer)
        CATransaction.flush()  // the tree's first commit: its layers' changes animate from here
        gallery.start()
        return (gallery, renderer)
    }

    /// `layer` drawn with `render(in:)` over the opaque background of `composited` (its top-left
    /// pixel), for comparing with that crop of the compositor's frame.
    func drawn(_ layer: CALayer, over composited: CGImage) throws -> CGImage {
        let corner = try #require(composited.pixel(x: 0, y: 0))
        let ctx = try #require(CGContext.bitmap(width: composited.width, height: composited.height))
        ctx.setFillColor(
            CGColor(
                red: CGFloat(corner.r) / 255, green: CGFloat(corner.g) / 255, blue: CGFloat(corner.b) / 255, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: composited.width, height: composited.height))
        layer.render(in: ctx)
        return try #require(ctx.makeImage())
    }

    /// Text and arcs are anti-aliased apart by the two renderers.
    static let agreement = ImageTolerance(channel: 40, pixels: 16)

    /// `presentation()?.render(in:)` of the progress ring mid-animation draws its custom
    /// property's presented value, as the compositor does: the same pixels as the compositor's
    /// frame there, and not the model's 75 %.
    @Test func presentedRingRendersAsComposited() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let (gallery, renderer) = try startedGallery()
        let frame = try renderer.render(gallery.layer, at: 0.3)
        let ring = try #require(frame.cropping(to: gallery.ring.frame))
        let presented = try drawn(try #require(gallery.ring.presentation()), over: ring)
        let model = try drawn(gallery.ring, over: ring)
        #expect(ImageComparison(ring, presented, tolerance: Self.agreement).matches)
        #expect(!ImageComparison(ring, model, tolerance: Self.agreement).matches)
    }

    /// `presentation()?.render(in:)` of the activity indicator (a replicator whose copies'
    /// fades lag by `instanceDelay`) draws each copy at its own lagged time, as the compositor.
    @Test func presentedSpinnerRendersAsComposited() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let (gallery, renderer) = try startedGallery()
        for t in [0.3, 0.7] {
            let frame = try renderer.render(gallery.layer, at: t)
            let spinner = try #require(frame.cropping(to: gallery.indicator.frame))
            let presented = try drawn(try #require(gallery.indicator.presentation()), over: spinner)
            let result = ImageComparison(spinner, presented, tolerance: Self.agreement)
            #expect(result.matches, "at \(t) s: \(result)")
        }
    }

    /// The pixels of the stroke's blue (blue over red by 60) above the caption, at 2 pixels per point.
    func strokePixels(_ image: CGImage) -> Int {
        var count = 0
        for y in 0..<(2 * 90) {
            for x in 0..<image.width {
                guard let p = image.pixel(x: x, y: y) else { continue }
                if Int(p.b) > Int(p.r) + 60 { count += 1 }
            }
        }
        return count
    }

    /// The animated text stroke (#11): nothing of the word is drawn at 0 s; at 1.5 s of 3 the
    /// stroke has drawn between a quarter and three quarters of its final pixels (its length
    /// is shared unevenly among the letters); at 3.1 s the whole word. The caption, drawn with
    /// `CTLineDraw` after the flip, is grey ink in its band throughout.
    @Test func textStrokeAtSeveralTimes() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let demo = TextStrokeDemo()
        let renderer = try HeadlessRenderer(size: CGSize(width: 320, height: 120), scale: 2)
        renderer.show(demo.layer)
        demo.start()

        let start = try renderer.render(demo.layer, at: 0)
        let half = try renderer.render(demo.layer, at: 1.5)
        let end = try renderer.render(demo.layer, at: 3.1)
        let drawn = (strokePixels(start), strokePixels(half), strokePixels(end))
        #expect(drawn.0 < 20 && drawn.2 > 1000, "\(drawn)")
        #expect(drawn.1 > drawn.2 / 4 && drawn.1 < drawn.2 * 3 / 4, "\(drawn)")
        var grey = 0
        for y in (2 * 92)..<(2 * 116) {
            for x in 0..<end.width {
                if let p = end.pixel(x: x, y: y), p.r < 160, abs(Int(p.r) - Int(p.b)) < 8 { grey += 1 }
            }
        }
        #expect(grey > 300, "caption ink: \(grey)")
        GoldenImages.check(half, "textstroke-1.5s", in: "Porting", tolerance: Self.tolerance)
        GoldenImages.check(end, "textstroke-3.1s", in: "Porting", tolerance: Self.tolerance)
    }

    /// The masked effects (#23). The shimmer's mask is a gradient layer with a delegate: the
    /// bars show through it, dim (30 %) away from its bright band, which sweeps from left to
    /// right (at 0 s it has not reached the bars; at 0.6 s it is at the middle, x = 95). The
    /// ring, clipped by an image mask with alpha, shows its grey track and, from 0.6 s, a
    /// coloured sweep that stops at 60 % (past 3 o'clock, short of 9 o'clock); its middle is
    /// background.
    @Test func maskedEffectsAtSeveralTimes() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let demo = MaskedEffectsDemo()
        let renderer = try HeadlessRenderer(size: CGSize(width: 320, height: 160), scale: 2)
        renderer.show(demo.layer)
        CATransaction.flush()
        demo.start()

        let start = try renderer.render(demo.layer, at: 0)
        #expect(abs(color(start, 95, 42).g - 213) <= 6, "dim bar before the band: \(color(start, 95, 42))")
        #expect(abs(color(start, 300, 80).g - 217) <= 6, "the track, no progress yet: \(color(start, 300, 80))")
        GoldenImages.check(start, "masked-0.0s", in: "Porting", tolerance: Self.tolerance)

        let middle = try renderer.render(demo.layer, at: 0.6)
        #expect(abs(color(middle, 95, 42).g - 140) <= 6, "the band on the bar: \(color(middle, 95, 42))")
        #expect(abs(color(middle, 25, 42).g - 213) <= 6, "dim away from it: \(color(middle, 25, 42))")
        GoldenImages.check(middle, "masked-0.6s", in: "Porting", tolerance: Self.tolerance)

        let end = try renderer.render(demo.layer, at: 1.2)
        let east = color(end, 300, 80), west = color(end, 200, 80)
        #expect(east.b > 180 && east.g < 120, "coloured past 3 o'clock: \(east)")
        #expect(abs(west.g - 217) <= 6 && abs(west.r - 217) <= 6, "the track at 9 o'clock: \(west)")
        #expect(abs(color(end, 250, 80).g - 245) <= 3, "the middle is background")
        GoldenImages.check(end, "masked-1.2s", in: "Porting", tolerance: Self.tolerance)
    }
}
