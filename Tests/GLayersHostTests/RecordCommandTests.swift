/// `glayers record` (issue #25): an animated WebP decoded back, every frame equals `glayers
/// shot` at its time, keys included; the same scene gives the same bytes; video needs
/// ffmpeg and says how to get it.
import Foundation
import GLayersGraphics
import GLayersRecording
import Testing

extension CommandTests {
    /// 1 s of the kiosk at 10 fps, a quarter of its size, Down pressed at 0.3 s.
    static let recording = ["samples/kiosk.json", "--to", "1", "--fps", "10", "--scale", "0.25", "--keys", "Down@0.3"]

    @Test func recordedFramesAreTheShotsAtTheirTimes() throws {
        let webp = temporaryFile("kiosk.webp")
        let result = try glayers(["record"] + Self.recording + ["-o", webp.path])
        #expect(result.status == 0, "\(result.stderr)")
        let film = try AnimatedWebP(Data(contentsOf: webp))
        // libwebp merges a frame identical to the one before into it (its end moves on); the
        // kiosk's pulse changes every frame.
        #expect(film.frames.count == 10 && film.loopCount == 0)
        #expect(film.frames.map(\.end) == Array(stride(from: 100, through: 1000, by: 100)))
        for i in 0..<10 {
            let t = Double(i) / 10
            let png = temporaryFile("kiosk-\(i).png")
            let shot = try glayers(
                [
                    "shot", "samples/kiosk.json", "--at", String(t), "--scale", "0.25", "--keys", "Down@0.3", "-o",
                    png.path,
                ])
            #expect(shot.status == 0, "\(shot.stderr)")
            let expected = try CGImage.decode(contentsOf: png)
            #expect(film.width == expected.width && film.height == expected.height)
            // The frame shown at t.
            let frame = try #require(film.frames.first { $0.end > i * 100 })
            let comparison = ImageComparison(frame.image, expected, tolerance: .exact)
            #expect(comparison.matches, "frame \(i) at \(t) s: \(comparison)")
        }
        // The selection glides after Down: the frames are not all alike.
        #expect(!ImageComparison(film.frames[0].image, film.frames[9].image, tolerance: .exact).matches)
    }

    @Test func recordingIsDeterministicAndQualityMakesItLossy() throws {
        let a = temporaryFile("a.webp"), b = temporaryFile("b.webp"), lossy = temporaryFile("lossy.webp")
        for url in [a, b] {
            #expect(try glayers(["record"] + Self.recording + ["-o", url.path]).status == 0)
        }
        #expect(try Data(contentsOf: a) == Data(contentsOf: b))
        #expect(try glayers(["record"] + Self.recording + ["--quality", "40", "-o", lossy.path]).status == 0)
        let film = try AnimatedWebP(Data(contentsOf: lossy))
        // Lossy frames that come out the same as the one before are merged into it.
        #expect(film.frames.count >= 2 && film.frames.count <= 10 && film.frames.last?.end == 1000)
        #expect(try Data(contentsOf: lossy).count != Data(contentsOf: a).count)
    }

    /// A video goes through ffmpeg: without it (a PATH without it), the error says how to
    /// install it; with it (when it is installed), the video has the frames at their rate.
    @Test func videoGoesThroughFFmpeg() throws {
        let mp4 = temporaryFile("kiosk.mp4")
        try? FileManager.default.removeItem(at: mp4)
        let without = try glayers(
            ["record"] + Self.recording + ["-o", mp4.path], environment: ["PATH": "/nonexistent"])
        #expect(without.status == 1 && without.stderr.contains("apt-get install ffmpeg"), "\(without.stderr)")
        #expect(!FileManager.default.fileExists(atPath: mp4.path))
        guard VideoPipe.ffmpeg() != nil else { return }
        let result = try glayers(["record"] + Self.recording + ["-o", mp4.path])
        #expect(result.status == 0, "\(result.stderr)")
        let probe = try Subprocess(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c",
                "ffprobe -v error -count_frames -show_entries stream=codec_name,nb_read_frames,r_frame_rate -of compact '\(mp4.path)'",
            ],
            environment: ProcessInfo.processInfo.environment, directory: TestEnvironment.packageRoot)
        #expect(probe.wait())
        #expect(
            probe.stdout.contains("codec_name=h264") && probe.stdout.contains("r_frame_rate=10/1")
                && probe.stdout.contains("nb_read_frames=10"), "\(probe.stdout)\(probe.stderr)")
    }

    @Test(arguments: [["--fps", "0"], ["--to", "0"], ["--quality", "101"], ["--fps", "120", "--to", "1000"]])
    func recordRefusesBadOptions(_ options: [String]) throws {
        let result = try glayers(["record", "samples/kiosk.json", "-o", temporaryFile("x.webp").path] + options)
        #expect(result.status == 64, "\(options): \(result.stderr)")
    }
}
