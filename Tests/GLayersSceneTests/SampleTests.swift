import Foundation
import GLayers
import Testing

@testable import GLayersScene

/// The sample scenes in `samples/`.
let sampleNames = [
    "kiosk", "snowfall", "bounce", "border-group", "transitions", "pause-resume", "constraints", "coverflow",
]

extension SceneSerialTests {
    /// Every sample decodes without errors and without engine warnings.
    @Suite struct SampleTests {
        @Test(arguments: sampleNames) func sampleDecodes(_ name: String) throws {
            let url = samplesFolder.appendingPathComponent(name + ".json")
            let (scene, warnings) = try Diagnostics.capture { try Scene.load(contentsOf: url) }
            #expect(warnings == [])
            #expect(scene.rootLayer.bounds.size == scene.size)
        }

        @Test func everySampleFileIsListed() throws {
            let files = try FileManager.default.contentsOfDirectory(atPath: samplesFolder.path)
                .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
            #expect(Set(files) == Set(sampleNames))
        }
    }
}
