import Foundation
import GLayers
import GLayersHost
import GLayersScene
import GLayersTestSupport
import Testing

@testable import GLayersLottie

/// Lottie files played by the engine: the values the layers present at frames, the player's
/// progress and loops, and the sample's pictures (goldens in `Tests/Goldens/Lottie`).
@Suite(.serialized, .mediaClock) struct LottiePlaybackTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../samples/lottie").standardized

    /// A null layer moving from x 0 to 100 over frames 0–10 (linear) at 10 frames a second.
    static let moving = """
        {"fr":10,"ip":0,"op":20,"w":200,"h":100,"layers":[{"ty":1,"nm":"box","sc":"#ff0000","sw":10,"sh":10,
         "ip":0,"op":20,"ks":{"p":{"a":1,"k":[{"t":0,"s":[0,50],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},
         {"t":10,"s":[100,50]}]}}}]}
        """

    /// The arc, the dot and the panel's cut corners are paths tessellated by cairo and drawn
    /// anti-aliased: two steps per channel and a few pixels more leave room for another
    /// cairo's or LLVM's rounding (llvmpipe itself is deterministic).
    static let tolerance = ImageTolerance(channel: 2, pixels: 40)

    func presentedX(_ player: LottieLayer) -> CGFloat {
        CATransaction.flush()
        // The player's fit layer, its clock, the composition, whose first layer is the box's
        // transform.
        let comp = player.sublayers?.first?.sublayers?.first?.sublayers?.first
        let box = comp?.sublayers?.first
        return box?.presentation()?.position.x ?? -1
    }

    @Test func aPausedPlayerShowsTheFrameOfItsProgress() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let animation = try LottieAnimation(data: Data(Self.moving.utf8))
        let player = LottieLayer(animation: animation)
        player.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        player.currentProgress = 0.25  // frame 5
        #expect(abs(presentedX(player) - 50) < 1e-6)
        player.currentFrame = 2.5
        #expect(abs(presentedX(player) - 25) < 1e-6)
        #expect(abs(player.currentProgress - 0.125) < 1e-9)
        CAMediaClock.useManualTime(5)
        #expect(abs(presentedX(player) - 25) < 1e-6, "paused: time passing changes nothing")
    }

    /// An aspect fit's bars are whole points, rounded down: a composition a fraction short of
    /// the bounds sits at the corner, and one a rounding error longer has no bar (1 080 × 1 920
    /// fitted into 282 × 500 is 500.00000000000006 high; it was drawn a point high, its last
    /// row empty).
    @Test func anAspectFitsBarsAreWholePoints() throws {
        func origin(_ w: Int, _ h: Int, in bounds: CGSize) throws -> CGPoint {
            let json = #"{"fr":10,"ip":0,"op":10,"w":\#(w),"h":\#(h),"layers":[]}"#
            let player = LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))
            player.frame = CGRect(origin: .zero, size: bounds)
            player.layoutIfNeeded()
            return try #require(player.sublayers?.first).position
        }
        #expect(try origin(1080, 1920, in: CGSize(width: 282, height: 500)) == CGPoint(x: 0, y: 0))
        #expect(try origin(1920, 1080, in: CGSize(width: 500, height: 282)) == CGPoint(x: 0, y: 0))
        #expect(try origin(100, 100, in: CGSize(width: 201, height: 100)) == CGPoint(x: 50, y: 0))
        #expect(try origin(100, 100, in: CGSize(width: 100, height: 103)) == CGPoint(x: 0, y: 1))
    }

    /// Looping replays frames 0…20 (2 s); auto-reverse plays them back.
    @Test func loopsRepeatAndReverse() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let animation = try LottieAnimation(data: Data(Self.moving.utf8))
        let player = LottieLayer(animation: animation)
        player.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        player.play(fromProgress: 0, toProgress: 1, loopMode: .loop)
        #expect(player.isAnimationPlaying)
        CAMediaClock.useManualTime(2.25)  // frame 2.5 of the second play
        #expect(abs(presentedX(player) - 25) < 1e-6)
        player.play(fromProgress: 0, toProgress: 0.5, loopMode: .autoReverse)
        CAMediaClock.useManualTime(2.25 + 1.5)  // half way back: frame 5
        #expect(abs(presentedX(player) - 50) < 1e-6)
    }

    /// Playing once ends at the last frame and calls the completion with true.
    @Test func playingOnceEndsAndCompletes() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let animation = try LottieAnimation(data: Data(Self.moving.utf8))
        let player = LottieLayer(animation: animation)
        player.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let host = CALayerHost(rootLayer: player)
        var finished: Bool?
        player.play(fromProgress: 0, toProgress: 0.5, loopMode: .playOnce) { finished = $0 }
        CATransaction.flush()
        CAMediaClock.useManualTime(3)
        CATransaction.flush()
        #expect(abs(presentedX(player) - 100) < 1e-6)
        #expect(finished == true)
        #expect(!player.isAnimationPlaying)
        _ = host
    }

    /// The loader sample, as `glayers shot --progress` shows it: a trimmed arc turning, a
    /// glowing dot, a panel cut to an octagon by a mask.
    @Test func theLoaderSample() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let scene = try Scene.load(contentsOf: Self.samples.appendingPathComponent("loader.json"))
        let player = try #require(scene.lottieLayer)
        #expect(scene.size == CGSize(width: 200, height: 200))
        #expect(scene.warnings.isEmpty)
        let renderer = try HeadlessRenderer(size: scene.size, scale: 1, background: scene.backgroundColor)
        renderer.show(scene.rootLayer)
        for progress in [0.25, 0.75] {
            player.currentProgress = progress
            let image = try renderer.render(scene.rootLayer, at: 0)
            #expect(image.pixel(x: 1, y: 1)?.a == 0, "the mask cuts the panel's corner")
            #expect((image.pixel(x: 100, y: 190)?.a ?? 0) == 255, "the panel")
            GoldenImages.check(image, "loader-\(Int(progress * 100))", in: "Lottie", tolerance: Self.tolerance)
        }
    }
}
