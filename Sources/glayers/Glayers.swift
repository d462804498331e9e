/// The `glayers` command: thin wrappers over the library (docs/architecture.md). Each sub-command
/// parses its options, calls the library, and prints results or errors.
import ArgumentParser
import Foundation

@main
struct Glayers: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glayers",
        abstract: "Core Animation for the Linux desktop: run, render and test layer scenes.",
        discussion: """
            `glayers SCENE.json` opens the scene in a window (the same as `glayers run SCENE.json`).
            Scenes are JSON files described in docs/scene-format.md.

            Examples:
              glayers samples/kiosk.json
              glayers shot samples/kiosk.json --at 1.25 --keys Down@0.5 -o kiosk.png
              glayers check Tests/Goldens/Scenes

            Shell completions: glayers --generate-completion-script bash|zsh|fish
            (`make install` installs them and the manual pages).
            """,
        subcommands: [
            Run.self, Shot.self, Record.self, Dump.self, Filmstrip.self, Diff.self, Check.self, Validate.self,
            Schema.self,
            Bench.self,
        ],
        defaultSubcommand: Run.self)

    /// Parses the arguments and runs the command, as `ParsableCommand.main()` does, with
    /// OpenGL started first for the commands that render headless (`EarlyDriver`).
    static func main() {
        EarlyDriver.start(for: Array(CommandLine.arguments.dropFirst()))
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            EarlyDriver.drop()
            exit(withError: error)
        }
    }
}
