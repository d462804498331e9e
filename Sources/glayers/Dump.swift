/// `glayers dump`: the presentation tree of a scene at a time, as JSON.
import ArgumentParser
import Foundation
import GLayers

struct Dump: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the presentation tree of a scene at a time (after timed key presses) as JSON.")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(help: "The media time, in seconds (the scene loads at 0).")
    var at: Double = 0

    @Option(help: "Keys pressed at times, e.g. \"Down@0.5,Down@0.9\".")
    var keys: String?

    func run() throws {
        guard at.isFinite, at >= 0 else { throw ValidationError("--at must be a time ≥ 0") }
        try reporting {
            let loaded = try loadScene(scene)
            let keyList = try TimedKey.parseList(keys)
            CAMediaClock.useManualTime(0)
            let host = CALayerHost(rootLayer: loaded.rootLayer)
            defer { host.detach() }
            loaded.layout(size: loaded.size)
            CATransaction.flush()
            var pending = keyList
            func step(_ t: Double) {
                CAMediaClock.setTime(t)
                CATransaction.flush()
            }
            while let next = pending.first, next.time <= at {
                pending.removeFirst()
                step(next.time)
                _ = loaded.handleKey(next.key)
            }
            step(at)
            print(loaded.dump(at: at))
        }
    }
}
