import Foundation
import GLayers
import GLayersJSON
import Testing

@testable import GLayersScene

/// The path of `python3` on PATH (as a shell would find it), when it is installed.
let python3Path: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

/// Runs python3 with `arguments`; returns its exit status and output.
func runPython(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python3Path ?? "python3")
    process.arguments = arguments
    // Output goes to a file, read after the exit: Foundation's FileHandle reads of a pipe trap
    // when a signal interrupts them (EINTR), which other tests' child processes cause.
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("glayers-python-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: output) }
    let handle = try FileHandle(forWritingTo: output)
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    try? handle.close()
    let data = (try? Data(contentsOf: output)) ?? Data()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// A python program that validates JSON files (argv[2…]) against the schema (argv[1]); prints
/// one line per file: "ok NAME" or "invalid NAME: message".
let validator = """
    import json, sys
    import jsonschema
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft202012Validator.check_schema(schema)
    v = jsonschema.Draft202012Validator(schema)
    for path in sys.argv[2:]:
        errors = sorted(v.iter_errors(json.load(open(path))), key=lambda e: list(e.absolute_path))
        print(("ok " + path) if not errors else ("invalid " + path + ": " + errors[0].message[:200]))
    """

/// `schema/scene.schema.json`: editors validate and complete scenes with it.
@Suite struct SchemaTests {
    let schemaURL = repositoryRoot.appendingPathComponent("schema/scene.schema.json")

    func validate(_ files: [URL]) throws -> [String] {
        let (status, output) = try runPython(["-c", validator, schemaURL.path] + files.map(\.path))
        #expect(status == 0, "python3 failed: \(output)")
        return output.split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: python3Path != nil, "python3 is not installed: the schema cannot be checked"))
    func everySampleValidates() throws {
        let files = sampleNames.map { samplesFolder.appendingPathComponent($0 + ".json") }
        let lines = try validate(files)
        #expect(lines == files.map { "ok " + $0.path })
    }

    @Test(.enabled(if: python3Path != nil, "python3 is not installed: the schema cannot be checked"))
    func brokenScenesDoNotValidate() throws {
        let broken = [
            #"{ "root": { "opacty": 1 } }"#,
            #"{ "root": { "string": "only text layers have strings" } }"#,
            #"{ "root": { "animations": { "a": { "keyPath": "opacity", "values": [0, 1] } } } }"#,
            #"{ "root": {}, "keys": { "down": [{ "increment": "s" }] } }"#,
            #"{ "root": { "transform": [{ "rotate": "90 degrees" }] } }"#,
            #"{ "root": { "filters": [{ "type": "CIGaussianBlur", "inputIntensity": 1 }] } }"#,
            #"{ "root": { "file": "lottie/icons.json" } }"#,
            #"{ "root": { "class": "LottieLayer", "file": "a.json", "loopMode": "forever" } }"#,
            #"{ "root": {}, "keys": { "a": [{ "scrub": "icon", "progress": 2 }] } }"#,
            #"{ "root": {}, "keys": { "a": [{ "play": "icon", "by": 1 }] } }"#,
        ]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glayers-schema-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [URL] = []
        for (i, text) in broken.enumerated() {
            let url = folder.appendingPathComponent("broken\(i).json")
            try Data(text.utf8).write(to: url)
            files.append(url)
        }
        let lines = try validate(files)
        #expect(lines.count == broken.count && lines.allSatisfy { $0.hasPrefix("invalid ") })
    }

    @Test func committedSchemaIsTheGeneratedOne() throws {
        let committed = try String(contentsOf: schemaURL, encoding: .utf8)
        #expect(
            committed == SceneSchema.text,
            "schema/scene.schema.json is out of step with the property tables; run: swift run glayers schema > schema/scene.schema.json"
        )
    }

    @Test func docsTablesAreTheGeneratedOnes() throws {
        let url = repositoryRoot.appendingPathComponent("docs/scene-format.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let updated = try SceneSchema.updatingTables(in: text).get()
        #expect(
            updated == text,
            "the property tables of docs/scene-format.md are out of step; run: swift run glayers schema --docs docs/scene-format.md"
        )
    }

    @Test func missingTableMarkersAreReported() {
        guard case .failure(let problem) = SceneSchema.updatingTables(in: "# No tables here\n") else {
            Issue.record("a document without markers was accepted")
            return
        }
        #expect(problem.message.contains("<!-- generated: layer-classes -->"))
    }

    @Test func everyStructuralKeyHasASchema() {
        for key in DecodeContext.structuralLayerKeys where key != "class" {
            #expect(SceneSchema.structuralSchema(key) != nil, "\(key) has no schema")
        }
    }

    // MARK: The schema and the decoder agree

    func schema() throws -> JSONValue { try JSONReader.parse(Data(contentsOf: schemaURL)) }

    func keys(_ v: JSONValue?) -> Set<String> { Set(v?["properties"]?.members?.map(\.key) ?? []) }

    /// The properties of the `then` branches that apply to `className`.
    func branchKeys(_ def: JSONValue?, _ className: String?) -> Set<String> {
        var out: Set<String> = []
        for branch in def?["allOf"]?.array ?? [] {
            guard let cond = branch["if"] else { continue }
            let names = cond["properties"]?["class"]?["enum"]?.array?.compactMap(\.string)
            let applies = names.map { className.map($0.contains) ?? false } ?? (className == nil)
            if applies { out.formUnion(keys(branch["then"])) }
        }
        return out
    }

    @Test func schemaCoversEveryDeclaredKey() throws {
        let s = try schema()
        let layer = s["$defs"]?["layer"]
        let structural: Set<String> = ["class", "animations"]
        for (name, cls) in SceneClasses.layers {
            // Scene keys (a CATiledLayer's tiledImage, a LottieLayer's file and playback) are
            // not properties, and the schema has them too (docs/scene-format.md).
            let declared = Set(cls.declaredKeys + SceneClasses.sceneKeys(of: cls))
                .subtracting(PropertyTypes.unsettable.keys)
            let aliases = Set(PropertyTypes.aliases.filter { declared.contains($0.value) }.keys)
            let inSchema = keys(layer).union(branchKeys(layer, name)).subtracting(structural)
            #expect(
                inSchema == declared.union(aliases),
                "\(name): schema \(inSchema.symmetricDifference(declared.union(aliases)))")
        }
    }

    @Test func schemaAnimationKeysMatchTheDecoder() throws {
        let animation = try schema()["$defs"]?["animation"]
        for name in SceneClasses.animations {
            let inSchema = keys(animation).union(branchKeys(animation, name))
            #expect(inSchema == AnimationKeys.allowed(for: name), "\(name)")
        }
        #expect(keys(animation).union(branchKeys(animation, nil)) == AnimationKeys.allowed(for: "CABasicAnimation"))
    }

    @Test func schemaCellKeysMatchTheDecoder() throws {
        let cell = try schema()["$defs"]?["emitterCell"]
        #expect(keys(cell) == Set(DecodeContext.cellKeys))
    }

    @Test func schemaKeysymsAndColoursMatchTheDecoder() throws {
        let defs = try schema()["$defs"]
        #expect(Set(defs?["keysym"]?["enum"]?.array?.compactMap(\.string) ?? []) == KeySyms.all)
        let names = defs?["color"]?["oneOf"]?.array?.compactMap { $0["enum"]?.array?.compactMap(\.string) }.first
        #expect(Set(names ?? []) == Set(ColorNames.table.keys))
    }
}
