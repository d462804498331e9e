import Foundation
import GLayers
import Testing

@testable import GLayersScene

/// The sample scenes in `samples/`.
let sampleNames = [
    "kiosk", "snowfall", "bounce", "border-group", "transitions", "pause-resume", "constraints", "coverflow",
    "confetti", "snow-emitter", "fireworks", "lottie-kiosk",
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

        /// The benchmarks' scenes (`samples/bench/`, written by `samples/generators/`) decode
        /// without errors and without engine warnings, as the samples do.
        @Test(arguments: ["moving-layer", "rounded-tiles"]) func benchmarkSceneDecodes(_ name: String) throws {
            let url = samplesFolder.appendingPathComponent("bench").appendingPathComponent(name + ".json")
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

extension SceneSerialTests.SampleTests {
    func load(_ name: String) throws -> Scene {
        try Scene.load(contentsOf: samplesFolder.appendingPathComponent(name + ".json"))
    }

    func named(_ scene: Scene, _ name: String) -> CALayer? {
        func find(_ l: CALayer) -> CALayer? {
            if l.name == name { return l }
            for s in l.sublayers ?? [] { if let f = find(s) { return f } }
            return nil
        }
        return find(scene.rootLayer)
    }

    @Test func constraintsSampleIsTheGuidesLayout() throws {
        let scene = try load("constraints")
        #expect(named(scene, "layerA")?.frame == CGRect(x: 190, y: 147.5, width: 100, height: 25))
        #expect(named(scene, "layerB")?.frame == CGRect(x: 190, y: 10, width: 100, height: 127.5))
        scene.handleKey("w")
        scene.applyBindings(animated: false)
        #expect(named(scene, "layerB")?.frame.width == 200)
    }

    @Test func coverFlowMovesWithTheArrows() throws {
        let scene = try load("coverflow")
        #expect(scene.value(ofState: "selected") == 3)
        #expect(named(scene, "cover3")?.zPosition == 0 && named(scene, "cover3")?.transform.m43 == 60)
        #expect(named(scene, "cover4")?.zPosition == -1)
        scene.handleKey("Right")
        #expect(named(scene, "cover4")?.zPosition == 0 && named(scene, "cover4")?.position == CGPoint(x: 500, y: 160))
        #expect(named(scene, "cover3")?.zPosition == -1 && named(scene, "cover3")?.position == CGPoint(x: 330, y: 160))
    }

    @Test func snowfallFlakesAreRasterizedDoubleSidedWithPerspective() throws {
        let scene = try load("snowfall")
        let flakes = try #require(named(scene, "snow")?.sublayers)
        #expect(flakes.count == 80)
        for flake in flakes {
            #expect(flake.shouldRasterize && flake.isDoubleSided && flake.contents is CGImage)
            #expect(flake.transform.m34 == -1.0 / 300)
            #expect(Set(flake.animationKeys() ?? []) == ["fall", "rotate x", "rotate y", "rotate z"])
        }
    }
}
