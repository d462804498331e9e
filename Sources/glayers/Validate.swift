/// `glayers validate`: checks a scene file and reports every error with its position.
import ArgumentParser
import Foundation

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract:
            "Check scene and Lottie files; print each error and warning with file, line, column and JSON path (exit 1 on any error).",
        discussion: """
            Warnings (what a Lottie file uses that glayers does not play) do not fail a file.

            Examples:
              glayers validate samples/*.json
              glayers validate samples/lottie/loader.json
            """)

    @Argument(help: "Scene or Lottie files (JSON).")
    var scenes: [String]

    func run() throws {
        var failed = false
        for path in scenes {
            do {
                let scene = try loadScene(path)
                // The last file's scene is not taken apart before the process ends: a scene of
                // 100 000 layers takes a tenth of its load to release.
                if path == scenes.last { keepUntilExit(scene) }
                let count = scene.warnings.count
                print("\(path): ok" + (count == 0 ? "" : " (\(count) warning\(count == 1 ? "" : "s"))"))
            } catch let failure as CommandFailure {
                FileHandle.standardError.write(Data("\(failure.message)\n".utf8))
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }
}
