import Foundation
import GLayers
import Testing

@testable import GLayersScene

extension SceneSerialTests {
    /// Scenes over the resource limits (docs/reliability.md#limits), #14: each is an error
    /// naming the file, line, column and JSON path of the value over the limit.
    @Suite struct SceneLimitsTests {
        @Test func layerCount() throws {
            // The limit lowered to 1000 for speed (250 000 empty layers take half a minute to
            // decode in a debug build): the root and a flat list of empty layers, then a mask.
            let n = 1000
            func load(_ json: String) throws -> Scene {
                try Scene.load(data: Data(json.utf8), fileName: "test.json", baseURL: nil, maximumLayerCount: n)
            }
            let layers = Array(repeating: "{}", count: n - 1).joined(separator: ",")
            _ = try load("{\"root\": {\"sublayers\": [\n" + layers + "]}}")
            #expect(throws: SceneErrors.self) { try load("{\"root\": {\"sublayers\": [\n" + layers + ",{}]}}") }
            do {
                _ = try load("{\"root\": {\"sublayers\": [\n" + layers + "], \"mask\": {}}}")
                Issue.record("loaded")
            } catch let e as SceneErrors {
                #expect(
                    e.description
                        == "test.json:2:\(3 * (n - 1) + 11): root.mask: the scene has more than \(n) layers (the limit)"
                )
            }
            #expect(Scene.maximumLayerCount == 250_000)
        }

        @Test func pathElements() {
            let n = EngineLimits.maximumPathElements
            let svg = "M0 0" + String(repeating: "L1 1", count: n)
            #expect(
                theError(withLayer(#"{ "class": "CAShapeLayer", "path": "\#(svg)" }"#))
                    == "test.json:3:40: root.sublayers[0].path: the path has \(n + 1) elements; the limit is \(n)")
        }

        @Test func textLength() {
            let n = EngineLimits.maximumTextLength
            let text = String(repeating: "x", count: n + 1)
            #expect(
                theError(withLayer(#"{ "class": "CATextLayer", "string": "\#(text)" }"#))
                    == "test.json:3:41: root.sublayers[0].string: a string of \(n + 1) UTF-16 code units is over the limit (\(n))"
            )
            #expect(sceneErrors(withLayer(#"{ "class": "CATextLayer", "string": "\#(text.dropLast())" }"#)).isEmpty)
        }

        @Test func blurRadii() {
            let limit = EngineLimits.maximumBlurRadius
            #expect(
                theError(withLayer(#"{ "shadowRadius": 1e6 }"#))
                    == "test.json:3:23: root.sublayers[0].shadowRadius: layer CALayer: shadowRadius 1000000.0 is over the limit (\(limit)); drawn as \(limit)"
            )
            #expect(
                theError(withLayer(#"{ "filters": [{ "type": "CIBloom", "inputRadius": 100000 }] }"#))
                    == "test.json:3:55: root.sublayers[0].filters[0].inputRadius: CIFilter CIBloom: inputRadius 100000.0 is over the limit (\(limit)); drawn as \(limit)"
            )
            #expect(
                sceneErrors(
                    withLayer(
                        #"{ "shadowRadius": 256, "filters": [{ "type": "CIGaussianBlur", "inputRadius": 256 }] }"#)
                ).isEmpty)
        }

        @Test func animationsAndKeyframes() {
            let limit = EngineLimits.maximumAnimationsPerLayer
            let animations = (0...limit).map {
                #""a\#($0)": { "class": "CABasicAnimation", "keyPath": "opacity", "toValue": 0 }"#
            }.joined(separator: ", ")
            let errors = sceneErrors(withLayer(#"{ "animations": { \#(animations) } }"#))
            #expect(errors.count == 1)
            #expect(errors.first?.path.description == "root.sublayers[0].animations.a\(limit)")
            #expect(
                errors.first?.message
                    == "layer CALayer, add(_:forKey: \"a\(limit)\"): the layer already runs \(limit) animations (the limit is \(limit)); the animation is ignored"
            )
            let k = EngineLimits.maximumKeyframes
            let values = Array(repeating: "0", count: k + 1).joined(separator: ",")
            let keyframes = sceneErrors(
                withLayer(
                    #"{ "animations": { "blink": { "class": "CAKeyframeAnimation", "keyPath": "opacity", "values": [\#(values)] } } }"#
                ))
            #expect(keyframes.map(\.path.description) == ["root.sublayers[0].animations.blink"])
            #expect(
                keyframes.first?.message
                    == "layer CALayer, animation \"blink\": \(k + 1) keyframes (the limit is \(k)); the animation is ignored"
            )
        }

        /// 445 bytes asking nested replicators for 10 000 × 10 000 copies load (each count is
        /// allowed) and flatten into at most `EngineLimits.maximumReplicaInstances` copies.
        @Test func nestedReplicators() throws {
            let json = """
                { "root": { "sublayers": [{ "class": "CAReplicatorLayer", "instanceCount": 10000,
                  "sublayers": [{ "class": "CAReplicatorLayer", "instanceCount": 10000,
                    "sublayers": [{ "bounds": [0, 0, 1, 1], "backgroundColor": "#fff" }] }] }] } }
                """
            let scene = try loadScene(json)
            let (list, warnings) = Diagnostics.capture {
                FrameBuilder().build(root: scene.rootLayer, at: 0, size: scene.size, scale: 1)
            }
            #expect(list.items.count == EngineLimits.maximumReplicaInstances)
            #expect(warnings.count == 1)
            #expect(!sceneErrors(json.replacingOccurrences(of: "10000", with: "10001")).isEmpty)
        }
    }
}
