/// `glayers schema`: the committed schema is its output, and `--docs` rewrites a document's
/// generated tables (and refuses one without them).
import Foundation
import Testing

extension CommandTests {
    @Test func schemaPrintsTheCommittedSchema() throws {
        let result = try glayers(["schema"])
        #expect(result.status == 0, "\(result.stderr)")
        let committed = try String(
            contentsOf: TestEnvironment.packageRoot.appendingPathComponent("schema/scene.schema.json"), encoding: .utf8)
        #expect(result.stdout == committed)
    }

    @Test func schemaDocsRewritesTheGeneratedTables() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glayers-schema-docs-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let doc = TestEnvironment.packageRoot.appendingPathComponent("docs/scene-format.md")
        let original = try String(contentsOf: doc, encoding: .utf8)
        // The document with one table emptied: the command puts it back.
        let start = try #require(original.range(of: "<!-- generated: emitter-cell-keys -->"))
        let end = try #require(
            original.range(of: "<!-- end generated -->", range: start.upperBound..<original.endIndex))
        let emptied = original.replacingCharacters(in: start.upperBound..<end.lowerBound, with: "\n")
        let copy = folder.appendingPathComponent("scene-format.md")
        try Data(emptied.utf8).write(to: copy)
        let result = try glayers(["schema", "--docs", copy.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOf: copy, encoding: .utf8) == original)

        let plain = folder.appendingPathComponent("plain.md")
        try Data("# No tables\n".utf8).write(to: plain)
        let refused = try glayers(["schema", "--docs", plain.path])
        #expect(refused.status == 1 && refused.stderr.contains("<!-- generated: layer-classes -->"))
        #expect(try String(contentsOf: plain, encoding: .utf8) == "# No tables\n")
    }
}
