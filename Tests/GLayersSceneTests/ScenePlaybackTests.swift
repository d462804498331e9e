import Foundation
import GLayers
import Testing

@testable import GLayersScene

/// Key scripts and `ScenePlayback`: keys pressed at their own times on the manual clock.
@Suite struct KeyScriptTests {
    @Test func parsesKeysAtTimes() throws {
        #expect(try TimedKey.list(parsing: "") == [])
        #expect(
            try TimedKey.list(parsing: "Down@0.5, Up @ 1") == [
                TimedKey(key: "Down", time: 0.5), TimedKey(key: "Up", time: 1),
            ])
    }

    @Test func namesTheWrongPart() {
        #expect(throws: KeyScriptError(message: "\"Down@soon\" is not KEY@SECONDS (for example Down@0.5)")) {
            try TimedKey.list(parsing: "Down@soon")
        }
        #expect(throws: KeyScriptError(message: "times must not decrease (Down@1.0 then Up@0.5)")) {
            try TimedKey.list(parsing: "Down@1,Up@0.5")
        }
    }
}

extension SceneSerialTests {
    @Suite struct ScenePlaybackTests {
        /// Down at 0.2 s starts the selection's 0.25 s glide at 0.2 s, not at the time asked for.
        @Test func pressesEachKeyAtItsOwnTime() throws {
            let scene = try Scene.load(contentsOf: samplesFolder.appendingPathComponent("kiosk.json"))
            let playback = ScenePlayback(scene: scene, keys: [TimedKey(key: "Down", time: 0.2)])
            let selection = try #require(scene.rootLayer.sublayers?.first { $0.name == "selection" })
            playback.advance(to: 0.45)
            #expect(playback.now == 0.45)
            #expect(selection.position == CGPoint(x: 512, y: 314))
            #expect(selection.presentation()?.position == CGPoint(x: 512, y: 314))
            playback.advance(to: 0.3)
            #expect(playback.now == 0.45)
        }
    }
}
