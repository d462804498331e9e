import Foundation
import GLayers
import GLayersJSON
import Testing

@testable import GLayersScene

extension SceneSerialTests {
    /// The promise every shot and golden rests on: the same scene at the same times gives the
    /// same tree, whatever the machine's clock said when it was loaded (issue #14). A
    /// `beginTime` in a scene counts from the load, and a played scene loads at time 0.
    @Suite struct DeterminismTests {
        static let scene = #"""
            {"size": [200, 100], "root": {"sublayers": [{
              "name": "box", "bounds": [0, 0, 10, 10], "position": [0, 50], "backgroundColor": "#FF0000",
              "animations": {"slide": {"keyPath": "position.x", "fromValue": 0, "toValue": 100,
                "beginTime": 0.5, "duration": 1, "timingFunction": "linear", "fillMode": "both"}}
            }]}}
            """#

        /// The dump of the scene at `t`, loaded while the clock was `before` (nil: system time).
        func dump(at t: Double, clockBefore before: Double?) throws -> String {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("determinism-\(getpid()).json")
            try Data(Self.scene.utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            if let before { CAMediaClock.useManualTime(before) } else { CAMediaClock.useSystemTime() }
            let playback = try ScenePlayback(contentsOf: url, keys: [])
            defer {
                playback.detach()
                CAMediaClock.useSystemTime()
            }
            playback.advance(to: t)
            return playback.scene.dump(at: t)
        }

        @Test func sameTimesGiveTheSameTreeOnAnyClock() throws {
            let system = try dump(at: 1, clockBefore: nil)
            let uptime = try dump(at: 1, clockBefore: 4460.25)
            let zero = try dump(at: 1, clockBefore: 0)
            #expect(system == uptime && uptime == zero)
            // Half way: the animation began at 0.5 s on the timeline.
            let box = try JSONReader.parse(Data(system.utf8))["layers"]?.array?.first { $0["name"]?.string == "box" }
            #expect(box?["properties"]?["position"]?.array?.first?.number == 50)
        }
    }
}
