/// `glayers validate`: checks a scene file and reports every error with its position.
import ArgumentParser
import Foundation

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scene files; print each error with file, line, column and JSON path (exit 1 on any).",
        discussion: """
            Examples:
              glayers validate samples/*.json
            """)

    @Argument(help: "Scene files (JSON).")
    var scenes: [String]

    func run() throws {
        var failed = false
        for path in scenes {
            do {
                _ = try loadScene(path)
                print("\(path): ok")
            } catch let failure as CommandFailure {
                FileHandle.standardError.write(Data("\(failure.message)\n".utf8))
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }
}
