import Foundation
import GLayers
import GLayersGraphics
import GLayersHost
import GLayersTestSupport
import Testing

/// One pair of `Tests/Goldens/Reftests/manifest.json`: scene `test` must render like the
/// simpler scene `reference` (or, with `"relation": "differs"`, must not).
struct Reftest: Decodable, CustomTestStringConvertible {
    var name: String
    /// Scene files, relative to the manifest.
    var test: String
    var reference: String
    /// The frame's media time (0 by default).
    var at: Double?
    /// [largest channel difference that counts as equal, pixels allowed beyond it].
    var tolerance: [Int]
    /// `"matches"` (the default) or `"differs"`: the images must not match under `tolerance`.
    var relation: String?
    /// Why the pair should agree, and why its tolerance is what it is (not read).
    var note: String

    var testDescription: String { name }
    var imageTolerance: ImageTolerance {
        ImageTolerance(channel: tolerance.first ?? 0, pixels: tolerance.count > 1 ? tolerance[1] : 0)
    }
}

/// Reference tests: pairs of scenes that must render alike, rendered headless. Unlike
/// goldens, nothing is recorded: the reference is another scene, simpler than the test, that
/// reaches the same picture by other means (operations vs a matrix, a pass vs none, a mask vs
/// a clip). On failure both images and their diff go to `Tests/Goldens/Failures/`.
@Suite(.serialized, .mediaClock) struct ReftestTests {
    static let folder = TestEnvironment.packageRoot.appendingPathComponent("Tests/Goldens/Reftests")

    static func manifest() throws -> [Reftest] {
        struct Manifest: Decodable { var entries: [Reftest] }
        let data = try Data(contentsOf: folder.appendingPathComponent("manifest.json"))
        return try JSONDecoder().decode(Manifest.self, from: data).entries
    }

    /// The pairs; empty when the manifest cannot be read (then `manifestReads` fails).
    static let pairs: [Reftest] = (try? manifest()) ?? []

    @Test func manifestReads() throws {
        let pairs = try Self.manifest()
        #expect(pairs.count >= 5)
        for pair in pairs { #expect(pair.relation == nil || ["matches", "differs"].contains(pair.relation)) }
    }

    @Test(arguments: pairs) func renderedPairHoldsItsRelation(_ pair: Reftest) throws {
        let renderer = try HeadlessRenderer(size: CGSize(width: 1, height: 1))
        defer { CAMediaClock.useSystemTime() }
        let t = pair.at ?? 0
        let test = try SceneFrames.frame(Self.folder.appendingPathComponent(pair.test), at: t, renderer: renderer)
        let reference = try SceneFrames.frame(
            Self.folder.appendingPathComponent(pair.reference), at: t, renderer: renderer)
        let result = ImageComparison(reference, test, tolerance: pair.imageTolerance)
        let differs = pair.relation == "differs"
        guard result.matches != differs else {
            let written = SceneFrames.writeFailure(
                [("reference", reference), ("test", test)], name: "reftest-\(pair.name)", tolerance: pair.imageTolerance
            )
            let expected = differs ? "to differ from" : "to render like"
            Issue.record("\(pair.test) was expected \(expected) \(pair.reference): \(result). Wrote \(written)")
            return
        }
    }
}
