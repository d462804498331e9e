import Foundation
import GLayers
import GLayersJSON
import Testing

@testable import GLayersScene

extension SceneSerialTests {
    /// Every entry of the engine's property tables reaches scenes: the decoder gives it a type
    /// (or builds it from its own part of the layer object), and `glayers dump` shows the
    /// presented value of every animatable property and of every property of a layer class.
    /// (`SchemaTests.schemaCoversEveryDeclaredKey` checks the schema lists them.)
    @Suite struct PropertyTableSceneTests {
        @Test func theDecoderKnowsEveryProperty() {
            let structural = Set(DecodeContext.structuralLayerKeys)
            for (name, cls) in SceneClasses.layers {
                for key in cls.declaredKeys where PropertyTypes.unsettable[key] == nil && !structural.contains(key) {
                    if case .failure(let problem) = PropertyTypes.type(of: key, on: cls) {
                        Issue.record("\(name).\(key): \(problem.message)")
                    }
                }
            }
        }

        @Test func theDumpShowsEveryAnimatableProperty() throws {
            CAMediaClock.useManualTime(0)
            defer { CAMediaClock.useSystemTime() }
            // What a class needs to load (a Lottie layer plays a file).
            let required = ["LottieLayer": #", "file": "lottie/loader.json""#]
            for (name, cls) in SceneClasses.layers {
                let object = #"{"class": "\#(name)"\#(required[name] ?? "")}"#
                let json = #"{"size": [100, 100], "root": {"sublayers": [\#(object)]}}"#
                let scene = try Scene.load(data: Data(json.utf8), fileName: "\(name).json", baseURL: samplesFolder)
                let dump = try JSONReader.parse(Data(scene.dump(at: 0).utf8))
                let layer = dump["layers"]?.array?.first { $0["path"]?.string == "root.sublayers[0]" }
                guard case .object(let members)? = layer?["properties"]?.kind else {
                    Issue.record("\(name): no properties in the dump")
                    continue
                }
                let shown = Set(members.map { (m: JSONMember) in m.key })
                let base = CALayer.properties
                for p in cls.properties.all where base[p.key] !== p || (p.isAnimatable && p.isPresented) {
                    #expect(shown.contains(p.key), "\(name): the dump shows \(p.key)")
                }
            }
        }
    }
}
