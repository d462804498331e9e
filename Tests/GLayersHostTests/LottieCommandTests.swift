/// The `glayers` command on Lottie files, and on scenes that play them, as users run it
/// (docs/lottie.md): `validate` lists what is not played and passes, `dump` and `filmstrip`
/// show the file at times, and `check` (`checkMatchesTheSceneGoldens`) compares its frames.
import Foundation
import GLayersGraphics
import Testing

extension CommandTests {
    /// A folder of its own for a test's files.
    func temporaryFolder(_ name: String) throws -> URL {
        let url = temporaryFile(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A Lottie file using three features glayers does not play.
    static let unsupported = #"""
        {"fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[
         {"ty":5,"nm":"title","ks":{}},
         {"ty":4,"ks":{"o":{"a":0,"k":100,"x":"wiggle(2, 10)"}},"shapes":[{"ty":"mm"}]}]}
        """#

    @Test func validateListsALottieFilesUnsupportedFeaturesAndPasses() throws {
        let folder = try temporaryFolder("lottie-validate")
        defer { try? FileManager.default.removeItem(at: folder) }
        let anim = folder.appendingPathComponent("anim.json")
        try Data(Self.unsupported.utf8).write(to: anim)
        let result = try glayers(["validate", anim.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(anim.path): ok (3 warnings)\n")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "glayers: warning: \(anim.path):2:2: layers[0]: text layers without a document not supported",
                "glayers: warning: \(anim.path):3:67: layers[1].shapes[0]: merge paths not supported",
                "glayers: warning: \(anim.path):3:20: layers[1].ks.o: expressions not supported",
            ], "\(result.stderr)")
    }

    /// A scene playing that file passes too, with the same warnings located at its `file`.
    @Test func validateListsTheFeaturesOfAScenesLottieFiles() throws {
        let folder = try temporaryFolder("lottie-scene")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.unsupported.utf8).write(to: folder.appendingPathComponent("anim.json"))
        let scene = folder.appendingPathComponent("scene.json")
        try Data(#"{ "root": { "sublayers": [{ "class": "LottieLayer", "file": "anim.json" }] } }"#.utf8).write(
            to: scene)
        let result = try glayers(["validate", scene.path])
        #expect(result.status == 0 && result.stdout.hasSuffix("ok (3 warnings)\n"), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "glayers: warning: \(scene.path):1:61: root.sublayers[0].file: anim.json:3:20: layers[1].ks.o: expressions not supported"
            ), "\(result.stderr)")
        try Data(#"{ "root": { "class": "LottieLayer", "file": "none.json" } }"#.utf8).write(to: scene)
        let missing = try glayers(["validate", scene.path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("\(scene.path):1:45: root.file: cannot load the Lottie file \"none.json\""))
    }

    /// `shot --progress` and `--frame` say which frame they wrote (the media time stays 0: the
    /// player is scrubbed to the frame).
    @Test func aShotOfALottieFrameSaysWhichFrame() throws {
        let url = temporaryFile("loader-frame.png")
        defer { try? FileManager.default.removeItem(at: url) }
        let byProgress = try glayers(["shot", "samples/lottie/loader.json", "--progress", "0.5", "-o", url.path])
        #expect(byProgress.status == 0, "\(byProgress.stderr)")
        #expect(byProgress.stdout == "wrote \(url.path) (200×200 at frame 30, progress 0.5)\n")
        let byFrame = try glayers(["shot", "samples/lottie/loader.json", "--frame", "45", "-o", url.path])
        #expect(byFrame.stdout == "wrote \(url.path) (200×200 at frame 45, progress 0.75)\n")
    }

    @Test func validateLocatesALottieFilesErrors() throws {
        let anim = temporaryFile("broken-lottie.json")
        defer { try? FileManager.default.removeItem(at: anim) }
        try Data(#"{"fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":4,"ks":{"p":{"a":0,"k":"x"}}}]}"#.utf8)
            .write(to: anim)
        let result = try glayers(["validate", anim.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(anim.path):1:"), "\(result.stderr)")
        #expect(result.stderr.contains("layers[0].ks.p"), "\(result.stderr)")
    }

    /// `dump --at` shows a Lottie file's tree at that time: the bell of the icons sample is
    /// upright at 0 and turned 0.3 s in (frame 9: 24°).
    @Test func dumpShowsALottieFileAtATime() throws {
        func bellTransform(_ at: String) throws -> [Double]? {
            let result = try glayers(["dump", "samples/lottie/icons.json", "--at", at])
            #expect(result.status == 0, "\(result.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect(json?["scene"] as? String == "glayers icons")
            let layers = json?["layers"] as? [[String: Any]] ?? []
            #expect(layers.first?["class"] as? String == "LottieLayer")
            let bell = layers.first { ($0["name"] as? String) == "bell" }
            return (bell?["properties"] as? [String: Any])?["transform"] as? [Double]
        }
        let rest = try #require(try bellTransform("0"))
        let swung = try #require(try bellTransform("0.3"))
        #expect(rest[0] == 1 && rest[1] == 0)
        let angle = atan2(swung[1], swung[0]) * 180 / .pi
        #expect(abs(angle - 24) < 0.01, "\(angle)°")
    }

    @Test func filmstripShowsALottieFile() throws {
        let url = temporaryFile("lottie-strip.png")
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try glayers([
            "filmstrip", "samples/lottie/icons.json", "--to", "2", "--frames", "5", "--scale", "1", "-o", url.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // Five 400×100 frames in a row with 8-pixel gaps, each with its label under it.
        let sheet = try CGImage.decode(contentsOf: url)
        #expect(sheet.width == 8 + 5 * 408 && sheet.height == 8 + 100 + 22 + 8, "\(sheet.width)×\(sheet.height)")
    }
}
