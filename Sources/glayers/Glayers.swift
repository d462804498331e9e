/// The `glayers` command: thin wrappers over the library (ARCHITECTURE.md).
import ArgumentParser
import Foundation

@main
struct Glayers: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glayers",
        abstract: "Core Animation for the Linux desktop: run, render and test layer scenes.",
        subcommands: [Bench.self])
}
