/// `glayers dump`: the presentation tree of a scene at a time, as JSON, or its render list as
/// text.
import ArgumentParser
import Foundation
import GLayers
import GLayersScene

struct Dump: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print the presentation tree of a scene at a time (after timed key presses) as JSON.",
        discussion: """
            Examples:
              glayers dump samples/kiosk.json --at 0.5 --keys Down@0.2 > tree.json
            """)

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(help: "The media time, in seconds (the scene loads at 0).")
    var at: Double = 0

    @Option(help: "Keys pressed at times, e.g. \"Down@0.5,Down@0.9\".")
    var keys: String?

    @Flag(help: "Print the render list (the flattened frame, as stable text) instead of the presentation tree.")
    var renderList = false

    func run() throws {
        guard at.isFinite, at >= 0 else { throw ValidationError("--at must be a time ≥ 0") }
        try reporting {
            let loaded = try loadScene(scene, onTimeline: true)
            let timeline = SceneTimeline(scene: loaded, keys: try TimedKey.parseList(keys), size: nil, scale: nil)
            timeline.advance(to: at)
            if renderList {
                let builder = FrameBuilder()
                builder.memoizes = false  // one frame: no memo of each leaf for later ones
                let list = builder.build(
                    root: loaded.rootLayer, at: at, size: timeline.size, scale: timeline.scale,
                    clearColor: loaded.backgroundColor)
                print(list.dump(), terminator: "")
            } else {
                loaded.dump(at: at) { print($0, terminator: "") }
                print()  // The blank line `glayers dump` has always ended with.
            }
            keepUntilExit(timeline)  // not taken apart before the process ends (see Validate)
        }
    }
}
