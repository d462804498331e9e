import Foundation
import GLayersHost
import GLayersTestSupport
import PortingClassics
import QuartzCore
import Testing

/// The Core Animation classics of `samples/porting` (#11), started in a live tree at time 0
/// and rendered headless at several times; goldens in `Tests/Goldens/Porting`.
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
}
