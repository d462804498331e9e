import Foundation
import GLayers
import GLayersLottie
import Testing

@testable import GLayersScene

extension SceneSerialTests {
    /// `LottieLayer`s in scenes: the layer's keys, its errors and warnings, and the actions that
    /// play, pause and scrub it (docs/scene-format.md#lottie-layers). `samples/lottie/icons.json`
    /// is 2 s long (60 frames at 30 fps).
    @Suite struct LottieSceneTests {
        func player(_ scene: Scene, _ name: String) -> LottieLayer? {
            func find(_ l: CALayer) -> LottieLayer? {
                if l.name == name, let p = l as? LottieLayer { return p }
                for s in l.sublayers ?? [] { if let f = find(s) { return f } }
                return nil
            }
            return find(scene.rootLayer)
        }

        func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-6 } ?? false }

        @Test func aLottieLayerLoadsItsFileWithItsSettings() throws {
            CAMediaClock.useManualTime(0)
            defer { CAMediaClock.useSystemTime() }
            let scene = try loadScene(
                withLayer(
                    #"""
                    { "class": "LottieLayer", "name": "icons", "file": "lottie/icons.json", "frame": [0, 0, 200, 100],
                      "contentMode": "scaleToFill", "loopMode": 3, "animationSpeed": 2, "autoplay": false,
                      "currentProgress": 0.25 }
                    """#))
            let p = try #require(player(scene, "icons"))
            #expect(p.animation?.size == CGSize(width: 400, height: 100))
            #expect(p.contentMode == .scaleToFill && p.loopMode == .repeat(3) && p.animationSpeed == 2)
            #expect(!p.isAnimationPlaying && close(p.currentProgress, 0.25))
            CAMediaClock.setTime(1)
            #expect(close(p.currentProgress, 0.25), "paused: time passing changes nothing")
            #expect(scene.warnings.isEmpty)
        }

        @Test func loopModesAndContentModesByName() throws {
            for (name, mode) in DecodeContext.lottieLoopModes {
                let scene = try loadScene(
                    withLayer(
                        #"{ "class": "LottieLayer", "name": "a", "file": "lottie/icons.json", "loopMode": "\#(name)" }"#
                    ))
                #expect(player(scene, "a")?.loopMode == mode)
            }
            for (name, mode) in DecodeContext.lottieContentModes {
                let scene = try loadScene(
                    withLayer(
                        #"{ "class": "LottieLayer", "name": "a", "file": "lottie/icons.json", "contentMode": "\#(name)" }"#
                    ))
                #expect(player(scene, "a")?.contentMode == mode)
            }
        }

        /// Autoplay starts once the tree is built, in the layer's own time: under a superlayer
        /// whose time runs twice as fast, 0.25 s after the load shows 0.5 s of the animation.
        @Test func autoplayStartsInTheLayersPlaceInTheTree() throws {
            CAMediaClock.useManualTime(5)
            defer { CAMediaClock.useSystemTime() }
            let scene = try loadScene(
                withLayer(
                    #"""
                    { "speed": 2, "sublayers": [
                      { "class": "LottieLayer", "name": "icons", "file": "lottie/icons.json" } ] }
                    """#))
            let p = try #require(player(scene, "icons"))
            #expect(p.isAnimationPlaying)
            CAMediaClock.setTime(5.25)
            #expect(close(p.currentProgress, 0.25), "\(p.currentProgress)")
        }

        // MARK: Errors and warnings

        @Test func badLottieLayersAreLocatedErrors() {
            let cases: [(String, String)] = [
                (#"{ "class": "LottieLayer" }"#, #"root.sublayers[0]: a LottieLayer needs "file""#),
                (
                    #"{ "class": "LottieLayer", "file": "lottie/missing.json" }"#,
                    #"root.sublayers[0].file: cannot load the Lottie file "lottie/missing.json": lottie/missing.json:1:1: cannot read the file"#
                ),
                (
                    #"{ "class": "LottieLayer", "file": "/dev/zero" }"#,
                    #"root.sublayers[0].file: cannot load the Lottie file "/dev/zero": /dev/zero:1:1: not a regular file"#
                ),
                (
                    #"{ "class": "LottieLayer", "file": "lottie" }"#,
                    #"root.sublayers[0].file: cannot load the Lottie file "lottie": lottie:1:1: cannot read the file"#
                ),
                (
                    #"{ "class": "LottieLayer", "file": "kiosk.json" }"#,
                    #"root.sublayers[0].file: cannot load the Lottie file "kiosk.json": kiosk.json:"#
                ),
                (
                    #"{ "class": "LottieLayer", "file": "lottie/icons.json", "loopMode": "forever" }"#,
                    #"root.sublayers[0].loopMode: unknown loop mode "forever""#
                ),
                (
                    #"{ "class": "LottieLayer", "file": "lottie/icons.json", "loopMode": 0 }"#,
                    "root.sublayers[0].loopMode: a repeat count must be > 0, got 0"
                ),
                (
                    #"{ "class": "LottieLayer", "file": "lottie/icons.json", "loopMode": true }"#,
                    #"root.sublayers[0].loopMode: expected "playOnce", "loop", "autoReverse" or a repeat count"#
                ),
                (
                    #"{ "class": "LottieLayer", "file": "lottie/icons.json", "currentProgress": 1.5 }"#,
                    "root.sublayers[0].currentProgress: a progress is from 0 to 1, got 1.5"
                ),
                (
                    #"{ "class": "LottieLayer", "file": "lottie/icons.json", "contentMode": "scaleAspectFil" }"#,
                    #"unknown content mode "scaleAspectFil"; did you mean "scaleAspectFill"?"#
                ),
                (
                    #"{ "class": "LottieLayer", "file": "lottie/icons.json", "autoplay": "yes" }"#,
                    "root.sublayers[0].autoplay: expected true or false"
                ),
                (
                    #"{ "file": "lottie/icons.json" }"#,
                    #"unknown key "file" for CALayer; it is a LottieLayer key (set "class": "LottieLayer")"#
                ),
                (
                    #"{ "class": "CATiledLayer", "file": "lottie/icons.json" }"#,
                    #"unknown key "file" for CATiledLayer; it is a LottieLayer key"#
                ),
                (
                    #"{ "class": "LottieLayer", "file": "lottie/icons.json", "tiledImage": null }"#,
                    #"unknown key "tiledImage" for LottieLayer; it is a CATiledLayer key"#
                ),
            ]
            for (layer, message) in cases {
                let error = theError(withLayer(layer))
                #expect(error.hasPrefix("test.json:3:") && error.contains(message), "\(error)")
            }
        }

        /// A Lottie file's unsupported features are the scene's warnings, located at the `file`
        /// that names it and inside the Lottie file; a file used twice is read and warned about
        /// once.
        @Test func unsupportedFeaturesAreSceneWarnings() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glayers-lottie-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let anim = #"""
                {"fr":30,"ip":0,"op":30,"w":10,"h":10,"layers":[
                 {"ty":4,"ks":{"o":{"a":0,"k":100,"x":"wiggle(2, 10)"}},"shapes":[]}]}
                """#
            try Data(anim.utf8).write(to: folder.appendingPathComponent("anim.json"))
            let json = withLayer(
                #"""
                { "class": "LottieLayer", "file": "anim.json" },
                    { "class": "LottieLayer", "file": "anim.json" }
                """#)
            let scene = try Scene.load(data: Data(json.utf8), fileName: "scene.json", baseURL: folder)
            #expect(
                scene.warnings == [
                    "scene.json:3:39: root.sublayers[0].file: anim.json:2:20: layers[0].ks.o: expressions not supported"
                ])
        }

        // MARK: Actions

        static let pair = #"""
            { "state": { "sel": { "min": 0, "max": 1 } },
              "root": { "sublayers": [
                { "name": "box" },
                { "name": "icons", "sublayers": [
                  { "class": "LottieLayer", "name": "a", "file": "lottie/icons.json", "autoplay": false },
                  { "class": "LottieLayer", "name": "b", "file": "lottie/icons.json", "autoplay": false } ] } ] },
              "keys": {
                "p": [{ "play": "icons", "sublayer": "$sel", "fromProgress": 0, "toProgress": 0.5, "loopMode": "playOnce" }],
                "q": [{ "play": "b" }],
                "Right": [{ "scrub": "icons", "sublayer": "$sel", "by": 0.25 }],
                "x": [{ "scrub": "a", "progress": 0.75 }],
                "space": [{ "togglePause": "icons", "sublayer": "$sel" }],
                "s": [{ "pause": "b" }], "r": [{ "resume": "b" }],
                "Down": [{ "increment": "sel" }] } }
            """#

        @Test func playPauseAndScrubActLayersPickedByTheState() throws {
            CAMediaClock.useManualTime(0)
            defer { CAMediaClock.useSystemTime() }
            let scene = try loadScene(Self.pair)
            let a = try #require(player(scene, "a")), b = try #require(player(scene, "b"))
            #expect(!a.isAnimationPlaying && !b.isAnimationPlaying)
            scene.handleKey("p")  // a: 0 → 0.5 over 1 s
            CAMediaClock.setTime(0.5)
            #expect(a.isAnimationPlaying && close(a.currentProgress, 0.25) && close(b.currentProgress, 0))
            scene.handleKey("space")  // a pauses at 0.25
            CAMediaClock.setTime(0.8)
            #expect(!a.isAnimationPlaying && close(a.currentProgress, 0.25))
            scene.handleKey("Right")
            #expect(close(a.currentProgress, 0.5))
            scene.handleKey("x")
            #expect(close(a.currentProgress, 0.75))
            scene.handleKey("space")  // resumes: plays on to the end with the layer's loop mode
            CAMediaClock.setTime(1.0)
            #expect(a.isAnimationPlaying && close(a.currentProgress, 0.85))
            scene.handleKey("Down")
            scene.handleKey("Right")
            scene.handleKey("Right")
            scene.handleKey("Right")
            scene.handleKey("Right")
            scene.handleKey("Right")
            #expect(close(b.currentProgress, 1), "scrubbing stops at the end")
            scene.handleKey("q")  // at the end, play starts over from the start
            CAMediaClock.setTime(1.5)
            #expect(b.isAnimationPlaying && close(b.currentProgress, 0.25))
            scene.handleKey("s")
            CAMediaClock.setTime(1.7)
            #expect(!b.isAnimationPlaying && close(b.currentProgress, 0.25))
            scene.handleKey("r")
            CAMediaClock.setTime(1.9)
            #expect(b.isAnimationPlaying && close(b.currentProgress, 0.35))
        }

        @Test func badPlaybackActionsAreLocatedErrors() {
            func scene(_ keys: String, max: Int = 1) -> String {
                Self.pair.replacingOccurrences(of: #""max": 1"#, with: "\"max\": \(max)")
                    .replacingOccurrences(of: #""Down": [{ "increment": "sel" }]"#, with: keys)
            }
            let cases: [(String, String)] = [
                (
                    #""z": [{ "play": "box" }]"#,
                    #"keys.z[0].play: "box" is a CALayer; a "play" action needs a LottieLayer"#
                ),
                (
                    #""z": [{ "scrub": "root", "sublayer": 0, "progress": 0 }]"#,
                    #"keys.z[0].scrub: no layer is named "root""#
                ),
                (#""z": [{ "scrub": "a" }]"#, #"a "scrub" action needs one of "progress" (0…1) and "by""#),
                (#""z": [{ "scrub": "a", "progress": -1 }]"#, "keys.z[0].progress: a progress is from 0 to 1, got -1"),
                (
                    #""z": [{ "play": "a", "fromProgress": 0.5, "toProgress": 0.5 }]"#,
                    "keys.z[0].toProgress: toProgress equals fromProgress: nothing would play"
                ),
                (#""z": [{ "play": "a", "loopMode": "twice" }]"#, #"keys.z[0].loopMode: unknown loop mode "twice""#),
                (#""z": [{ "play": "a", "by": 1 }]"#, #"keys.z[0].by: unknown key "by" for a "play" action"#),
                (
                    #""z": [{ "play": "icons", "sublayer": 2 }]"#,
                    #"keys.z[0].sublayer: index 2 is out of range: there are 2 sublayers of "icons""#
                ),
            ]
            for (keys, message) in cases {
                let errors = sceneErrors(scene(keys)).map(\.description)
                #expect(errors.count == 1 && errors.first?.contains(message) == true, "\(errors)")
            }
            let range = sceneErrors(scene(#""z": [{ "togglePause": "icons", "sublayer": "$sel" }]"#, max: 2))
            #expect(range.map(\.description).first?.contains("state \"sel\" ranges over 0…2 but there are 2") == true)
        }

        /// samples/lottie-kiosk.json: the selected item's icon loops; Down rewinds it and plays
        /// the next one from its start; space pauses it; Left and Right scrub it.
        @Test func theLottieKioskPlaysTheSelectedIcon() throws {
            CAMediaClock.useManualTime(0)
            defer { CAMediaClock.useSystemTime() }
            let scene = try Scene.load(contentsOf: samplesFolder.appendingPathComponent("lottie-kiosk.json"))
            #expect(scene.warnings.isEmpty)
            let icons = ["bell", "heart", "check", "gear"].compactMap { player(scene, $0) }
            #expect(icons.count == 4)
            #expect(icons.map(\.isAnimationPlaying) == [true, false, false, false])
            CAMediaClock.setTime(0.5)
            #expect(close(icons[0].currentProgress, 0.25))
            scene.handleKey("Down")
            #expect(icons.map(\.isAnimationPlaying) == [false, true, false, false])
            #expect(close(icons[0].currentProgress, 0))
            CAMediaClock.setTime(2.9)  // looping: 2.4 s into the heart's 2 s
            #expect(close(icons[1].currentProgress, 0.2))
            scene.handleKey("space")
            scene.handleKey("Right")
            #expect(!icons[1].isAnimationPlaying && close(icons[1].currentProgress, 0.3))
            scene.handleKey("Up")
            #expect(scene.value(ofState: "selected") == 0 && icons[0].isAnimationPlaying)
            #expect(close(icons[1].currentProgress, 0))
        }
    }
}
