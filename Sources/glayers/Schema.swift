/// `glayers schema`: prints the JSON Schema of scene files, or the property tables of
/// docs/scene-format.md, both made from the property tables (`SceneSchema`).
import ArgumentParser
import Foundation
import GLayersScene

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of scene files, made from the engine's property tables.",
        discussion: """
            schema/scene.schema.json is this command's output; editors validate and complete scenes with it.
            With --docs FILE, rewrites the generated tables of a copy of docs/scene-format.md (between its
            <!-- generated: NAME --> and <!-- end generated --> comments) in place.

            Examples:
              glayers schema > schema/scene.schema.json
              glayers schema --docs docs/scene-format.md
            """)

    @Option(name: .customLong("docs"), help: "Rewrite the generated property tables of this Markdown file in place.")
    var docs: String?

    func run() throws {
        guard let docs else {
            FileHandle.standardOutput.write(Data(SceneSchema.text.utf8))
            return
        }
        let url = URL(fileURLWithPath: docs)
        let text = try String(contentsOf: url, encoding: .utf8)
        switch SceneSchema.updatingTables(in: text) {
        case .success(let updated): try Data(updated.utf8).write(to: url)
        case .failure(let problem):
            FileHandle.standardError.write(Data("glayers schema: \(docs): \(problem.message)\n".utf8))
            throw ExitCode(1)
        }
    }
}
