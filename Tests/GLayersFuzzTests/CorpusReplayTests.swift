import Foundation
import GLayersFuzz
import GLayersTestSupport
import Testing

/// `Tests/Fuzz`: the seed corpora (`Corpus/TARGET`) and the inputs that once crashed a target
/// (`Crashes/TARGET`, kept as regression inputs).
let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fuzz")

/// Every kept fuzz input runs through its target's entry without crashing (a broken
/// invariant stops the test process, as it stops the fuzzer). See docs/reliability.md.
@Suite(.mediaClock, .serialized)
struct CorpusReplayTests {
    /// The files of `Tests/Fuzz/KIND/TARGET`.
    static func inputs(_ kind: String, _ target: FuzzTarget) -> [URL] {
        FuzzDriver.inputFiles(at: fuzzFolder.appendingPathComponent(kind).appendingPathComponent(target.rawValue))
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func corpus(_ target: FuzzTarget) throws {
        let files = Self.inputs("Corpus", target)
        #expect(files.count >= 5, "a seed corpus of \(files.count) files for \(target)")
        for file in files { target.run(try Data(contentsOf: file)) }
    }

    @Test(arguments: FuzzTarget.allCases)
    func crashes(_ target: FuzzTarget) throws {
        for file in Self.inputs("Crashes", target) { target.run(try Data(contentsOf: file)) }
    }

    /// The folders are named after targets, so no input is silently skipped.
    @Test func foldersNameTargets() throws {
        for kind in ["Corpus", "Crashes"] {
            let folder = fuzzFolder.appendingPathComponent(kind)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names where !name.hasPrefix(".") {
                #expect(FuzzTarget(rawValue: name) != nil, "Tests/Fuzz/\(kind)/\(name) is not a fuzz target")
            }
        }
    }
}
