import Foundation
import GLayers
import GLayersGraphics
import GLayersHost
import GLayersTestSupport
import Testing

/// `samples/pause-resume.json` (QA1673's pause and resume recipe) rendered headless: a paused
/// frame must look unlike the running frame at the same time, and like the running frame at the
/// time the pause stopped the clock. The spinner carries a hand so that its turn is visible
/// (a plain square looks the same every quarter turn, and the pause lasts one).
@Suite(.serialized, .mediaClock) struct PauseResumeSampleTests {
    static let sample = TestEnvironment.packageRoot.appendingPathComponent("samples/pause-resume.json")
    /// Space pauses the stage at 0.5 s and resumes it at 1.0 s.
    static let pauseKeys = "space@0.5,space@1.0"

    /// Frames of the same tree state match within one step per channel: the two clocks reach
    /// the same layer time through different float arithmetic, which may move an edge by a
    /// rounding error, never a visible amount.
    static let same = ImageTolerance(channel: 1, pixels: 0)

    /// The spinner's square (120 points at (180, 180)) with room for its turned corners. The
    /// comparison looks only here: the pulsing disc beside it differs anyway.
    static let spinner = CGRect(x: 95, y: 95, width: 170, height: 170)

    /// A quarter turn of the 12×48 hand alone changes over a thousand pixels; 500 pixels beyond
    /// 8 steps is far above anti-aliasing noise and far below what a visible change makes.
    static let visiblyDifferent = 500

    /// (paused run at t, running at t, running at the paused run's layer time).
    @Test(arguments: [(0.75, 0.75, 0.5), (1.5, 1.5, 1.0)])
    func pausedFrameDiffersFromTheRunningOne(paused t: Double, running: Double, equivalent: Double) throws {
        let renderer = try HeadlessRenderer(size: CGSize(width: 1, height: 1))
        defer { CAMediaClock.useSystemTime() }
        let paused = try SceneFrames.frame(Self.sample, at: t, keys: Self.pauseKeys, renderer: renderer)
        let runningNow = try SceneFrames.frame(Self.sample, at: running, renderer: renderer)
        let runningThen = try SceneFrames.frame(Self.sample, at: equivalent, renderer: renderer)

        let pausedSpinner = try #require(paused.cropping(to: Self.spinner))
        let runningSpinner = try #require(runningNow.cropping(to: Self.spinner))
        let differ = ImageComparison(pausedSpinner, runningSpinner, tolerance: ImageTolerance(channel: 8, pixels: 0))
        let match = ImageComparison(paused, runningThen, tolerance: Self.same)
        let name = "pause-resume-\(t)"
        if differ.differingPixels <= Self.visiblyDifferent {
            let written = SceneFrames.writeFailure(
                [("paused-spinner", pausedSpinner), ("running-spinner", runningSpinner)], name: name,
                tolerance: differ.tolerance)
            Issue.record(
                "the spinner paused at \(t) s looks as it does running at \(running) s: \(differ). Wrote \(written)")
        }
        if !match.matches {
            let written = SceneFrames.writeFailure(
                [("paused", paused), ("running-\(equivalent)", runningThen)], name: name,
                tolerance: Self.same)
            Issue.record("paused at \(t) s is not the running frame at \(equivalent) s: \(match). Wrote \(written)")
        }
    }
}
