import Foundation
import GLayers
import GLayersHost
import GLayersTestSupport
import Testing

/// CADisplayLink driven by the headless renderer's frames on the manual clock
/// (docs/semantics.md#display-links).
@Suite(.serialized, .mediaClock) struct DisplayLinkTests {
    /// One callback's times.
    struct Tick: Equatable {
        var timestamp: CFTimeInterval, target: CFTimeInterval, duration: CFTimeInterval
    }

    /// Renders `root` at `times` with a link configured by `configure`, added to this thread's
    /// run loop, and returns the times of its callbacks.
    func ticks(
        at times: [CFTimeInterval], refreshRate: Double = 60, _ configure: (CADisplayLink) -> Void = { _ in }
    ) throws -> [Tick] {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        var out: [Tick] = []
        let link = CADisplayLink {
            out.append(Tick(timestamp: $0.timestamp, target: $0.targetTimestamp, duration: $0.duration))
        }
        configure(link)
        link.add(to: .current, forMode: .default)
        defer { link.invalidate() }
        let renderer = try HeadlessRenderer(size: CGSize(width: 8, height: 8))
        renderer.refreshRate = refreshRate
        let root = CALayer()
        for t in times { _ = try renderer.render(root, at: t) }
        return out
    }

    func close(_ a: [Tick], _ b: [Tick]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy {
                abs($0.timestamp - $1.timestamp) < 1e-12 && abs($0.target - $1.target) < 1e-12
                    && abs($0.duration - $1.duration) < 1e-12
            }
    }

    /// Frames at 1/60 s: `targetTimestamp` is the frame's media time, `timestamp` one frame
    /// earlier, `duration` the refresh interval (Apple: targetTimestamp − timestamp is the
    /// time to render each frame).
    @Test func everyFrameAtSixtyHertz() throws {
        let times = (0..<4).map { 10 + Double($0) / 60 }
        let got = try ticks(at: times)
        let expected = times.map { Tick(timestamp: $0 - 1.0 / 60, target: $0, duration: 1.0 / 60) }
        #expect(close(got, expected))
    }

    /// At 30 frames per second on a 60 Hz display the link fires every other frame and
    /// `timestamp` is two refreshes back; `duration` stays the refresh interval.
    @Test func everyOtherFrameAtThirtyFramesPerSecond() throws {
        let times = (0..<5).map { 1 + Double($0) / 60 }
        let got = try ticks(at: times) { $0.preferredFramesPerSecond = 30 }
        let expected = [times[0], times[2], times[4]].map {
            Tick(timestamp: $0 - 2.0 / 60, target: $0, duration: 1.0 / 60)
        }
        #expect(close(got, expected))
    }

    /// A preferred range of 20 (10…20) on a 120 Hz display: every sixth refresh.
    @Test func aPreferredFrameRateRange() throws {
        let times = (0..<13).map { Double($0) / 120 }
        let got = try ticks(at: times, refreshRate: 120) {
            $0.preferredFrameRateRange = CAFrameRateRange(minimum: 10, maximum: 20, preferred: 20)
        }
        #expect(got.map(\.target) == [times[0], times[6], times[12]])
        #expect(got.allSatisfy { abs($0.target - $0.timestamp - 6.0 / 120) < 1e-12 })
        #expect(CAFrameRateRange.default == CAFrameRateRange(minimum: 0, maximum: 0, preferred: nil))
    }

    /// The same frame time twice fires once; a clock set back starts again.
    @Test func repeatedAndEarlierFrames() throws {
        let got = try ticks(at: [1, 1, 0.5])
        #expect(got.map(\.target) == [1, 0.5])
    }

    /// A change made in the callback is committed with the frame and shows in it: the
    /// presentation shows committed values only.
    @Test func changesInTheCallbackShowInThatFrame() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let root = CALayer(), box = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        box.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
        box.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(box)
        let renderer = try HeadlessRenderer(size: CGSize(width: 40, height: 20))
        _ = try renderer.render(root, at: 0)
        let link = CADisplayLink { link in
            CATransaction.setDisableActions(true)
            box.position.x = 5 + CGFloat(link.targetTimestamp) * 60
        }
        link.add(to: .current, forMode: .common)
        defer { link.invalidate() }
        let image = try renderer.render(root, at: 0.5)
        #expect(pixel(image, 35, 10) == [255, 0, 0, 255])
        #expect(pixel(image, 5, 10) == [0, 0, 0, 255])
    }

    /// Pausing, removing and invalidating; the run loop keeps a link it was given.
    @Test func pauseRemoveAndInvalidate() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let renderer = try HeadlessRenderer(size: CGSize(width: 8, height: 8))
        let root = CALayer()
        var count = 0
        weak var weakLink: CADisplayLink?
        do {
            let link = CADisplayLink { _ in count += 1 }
            weakLink = link
            link.add(to: .current, forMode: .default)
            link.add(to: .current, forMode: .common)
        }
        #expect(weakLink != nil)
        #expect(CALayerHost.hasActiveDisplayLinks && CALayerHost.hasPendingWork)
        _ = try renderer.render(root, at: 1)
        #expect(count == 1)
        weakLink?.isPaused = true
        #expect(!CALayerHost.hasActiveDisplayLinks)
        _ = try renderer.render(root, at: 2)
        #expect(count == 1)
        weakLink?.isPaused = false
        _ = try renderer.render(root, at: 3)
        #expect(count == 2)
        weakLink?.remove(from: .current, forMode: .default)
        _ = try renderer.render(root, at: 4)
        #expect(count == 3)
        weakLink?.remove(from: .current, forMode: .common)
        #expect(weakLink == nil)
        _ = try renderer.render(root, at: 5)
        #expect(count == 3)

        let again = CADisplayLink { _ in count += 1 }
        again.add(to: .current, forMode: .default)
        again.invalidate()
        again.add(to: .current, forMode: .default)
        _ = try renderer.render(root, at: 6)
        #expect(count == 3 && !CALayerHost.hasActiveDisplayLinks)
    }

    /// `CADisplayLink(target: self, action: Self.step)` stands for Apple's target and selector.
    @Test func targetAndAction() throws {
        final class Stepper {
            var steps: [CFTimeInterval] = []
            func step(_ link: CADisplayLink) { steps.append(link.targetTimestamp) }
        }
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        let stepper = Stepper()
        let link = CADisplayLink(target: stepper, action: Stepper.step)
        link.add(to: .current, forMode: .default)
        let renderer = try HeadlessRenderer(size: CGSize(width: 8, height: 8))
        _ = try renderer.render(CALayer(), at: 2)
        link.invalidate()
        _ = try renderer.render(CALayer(), at: 3)
        #expect(stepper.steps == [2])
    }

    /// A link fires on the frames of its own run loop's thread only.
    @Test func linksOfAnotherRunLoopDoNotFire() throws {
        CAMediaClock.useManualTime(0)
        defer { CAMediaClock.useSystemTime() }
        final class Found: @unchecked Sendable { var runLoop: RunLoop? }
        let other = Found()
        let started = DispatchSemaphore(value: 0)
        Thread {
            other.runLoop = RunLoop.current
            started.signal()
        }.start()
        started.wait()
        var count = 0
        let link = CADisplayLink { _ in count += 1 }
        link.add(to: try #require(other.runLoop), forMode: .default)
        defer { link.invalidate() }
        let renderer = try HeadlessRenderer(size: CGSize(width: 8, height: 8))
        _ = try renderer.render(CALayer(), at: 1)
        #expect(count == 0 && !CALayerHost.hasActiveDisplayLinks)
    }

    private func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        image.withUnsafeBytes { bytes in
            let i = y * image.bytesPerRow + x * 4
            return [bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]
        }
    }
}
