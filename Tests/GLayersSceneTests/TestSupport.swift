import Foundation
import GLayers
import GLayersTestSupport
import Testing

@testable import GLayersScene

/// The repository's root folder.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
/// The `samples` folder.
let samplesFolder = repositoryRoot.appendingPathComponent("samples")

/// Loads a scene from JSON text (images relative to `samples/`).
func loadScene(_ json: String, file: String = "test.json") throws -> Scene {
    try Scene.load(data: Data(json.utf8), fileName: file, baseURL: samplesFolder)
}

/// The errors of loading `json` (empty when it loads).
func sceneErrors(_ json: String, file: String = "test.json") -> [SceneError] {
    do {
        _ = try loadScene(json, file: file)
        return []
    } catch let e as SceneErrors {
        return e.errors
    } catch {
        Issue.record("unexpected error \(error)")
        return []
    }
}

/// The one error of loading `json`, as text (`file:line:col: path: message`).
func theError(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    let errors = sceneErrors(json)
    #expect(errors.count == 1, "errors: \(errors)", sourceLocation: sourceLocation)
    return errors.first?.description ?? "(no error)"
}

/// A scene whose root holds `layer` (JSON of one layer object).
func withLayer(_ layer: String, extra: String = "") -> String {
    """
    {
      "root": { "sublayers": [
        \(layer)
      ] }\(extra)
    }
    """
}

/// Whether two numbers agree to `tolerance`.
func close(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-9) -> Bool { abs(a - b) <= tolerance }
func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat = 1e-9) -> Bool {
    close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance)
}

/// Root suite of every test that touches the media clock, transactions or layers: that state
/// is process-wide (the clock) or per thread (transactions), so these tests run one at a time,
/// and while no other target's suite holds the clock.
@Suite(.serialized, .mediaClock) struct SceneSerialTests {}
