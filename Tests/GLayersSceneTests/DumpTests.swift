import Foundation
import GLayers
import GLayersJSON
import GLayersTestSupport
import Testing

@testable import GLayersScene

extension SceneSerialTests {
    /// `Scene.dump(at:)`: the presentation tree as JSON in scene encodings.
    @Suite struct DumpTests {
        /// The dump parsed back, and its layers by path.
        func parsedDump(_ scene: Scene, at t: CFTimeInterval) throws -> (JSONValue, [String: JSONValue]) {
            let text = scene.dump(at: t)
            let v = try JSONReader.parse(Data(text.utf8))
            var byPath: [String: JSONValue] = [:]
            for l in v["layers"]?.array ?? [] {
                if let p = l["path"]?.string { byPath[p] = l }
            }
            return (v, byPath)
        }

        func numbers(_ v: JSONValue?) -> [Double]? { v?.array?.compactMap(\.number) }

        @Test func kioskAfterDownDownUpShowsTheSecondItem() throws {
            CAMediaClock.useManualTime(0)
            let scene = try Scene.load(contentsOf: samplesFolder.appendingPathComponent("kiosk.json"))
            let host = CALayerHost(rootLayer: scene.rootLayer)
            defer { host.detach() }
            CATransaction.flush()
            for (t, key) in [(0.5, "Down"), (0.9, "Down"), (1.3, "Up")] {
                CAMediaClock.setTime(t)
                CATransaction.flush()
                scene.handleKey(key)
            }
            CAMediaClock.setTime(2)
            CATransaction.flush()
            let (dump, layers) = try parsedDump(scene, at: 2)
            #expect(dump["scene"]?.string == "Core Animation Kiosk Menu" && dump["time"]?.number == 2)
            #expect(dump["state"]?["selected"]?.number == 1)
            let selection = try #require(layers["root.sublayers[1]"])
            let music = try #require(layers["root.sublayers[0].sublayers[1]"])
            #expect(selection["name"]?.string == "selection" && selection["class"]?.string == "CALayer")
            #expect(music["class"]?.string == "CATextLayer" && music["properties"]?["string"]?.string == "Music")
            #expect(numbers(selection["properties"]?["position"]) == numbers(music["properties"]?["position"]))
            #expect(numbers(selection["properties"]?["position"]) == [512, 314])
            #expect(selection["animations"]?.array?.compactMap(\.string) == ["pulseAnimation"])
            // The pulse at t = 2 has run two cycles (0 → 2 → 0): its intensity is back at 0.
            let filters = try #require(selection["properties"]?["filters"]?.array)
            #expect(filters.first?["name"]?.string == "pulseFilter" && filters.first?["inputIntensity"]?.number == 0)
            #expect(selection["properties"]?["borderColor"]?.string == "#FFFFFF")
        }

        @Test func dumpIsStableAndUsesSceneEncodings() throws {
            let scene = try loadScene(
                #"""
                { "name": "d", "root": { "sublayers": [{ "name": "a", "backgroundColor": [0.1, 0.2, 0.3, 0.5],
                  "shadowPath": "M 0 0 L 1.5 2 Z", "transform": [{ "translate": [1, 2, 3] }], "contents": "images/flake0.png",
                  "mask": { "name": "m" } }] } }
                """#)
            let text = scene.dump(at: 0)
            #expect(text == scene.dump(at: 0))
            let (_, layers) = try parsedDump(scene, at: 0)
            let a = try #require(layers["root.sublayers[0]"]?["properties"])
            #expect(numbers(a["backgroundColor"]) == [0.1, 0.2, 0.3, 0.5])
            #expect(a["shadowPath"]?.string == "M 0 0 L 1.5 2 Z")
            #expect(numbers(a["transform"]) == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1])
            #expect(a["contents"]?.string == "images/flake0.png")
            #expect(layers["root.sublayers[0].mask"]?["name"]?.string == "m")
            #expect(a["sublayers"] == nil && a["opacity"]?.number == 1 && a["hidden"]?.bool == false)
            #expect(a["filters"]?.array?.isEmpty == true)
        }

        /// Values a layer keeps in its state are written typed (`LayerProperty.storedValue(of:)`),
        /// without the box in `Any` the other values take: numbers, booleans, geometry and
        /// colours of each encoding come out as before.
        @Test func valuesKeptInTheStateAreWrittenInSceneEncodings() throws {
            let scene = try loadScene(
                #"""
                { "name": "c", "root": { "sublayers": [{ "name": "a", "backgroundColor": "#336699",
                  "borderColor": "#33669980", "shadowColor": [0.1, 0.2, 0.3, 1], "opacity": 0.25, "hidden": true,
                  "position": [1.5, 2], "bounds": [0, 0, 3, 4.25], "transform": [{ "scale": [2, 3, 1] }] }] } }
                """#)
            let (_, layers) = try parsedDump(scene, at: 0)
            let a = try #require(layers["root.sublayers[0]"]?["properties"])
            #expect(a["backgroundColor"]?.string == "#336699" && a["borderColor"]?.string == "#33669980")
            #expect(numbers(a["shadowColor"]) == [0.1, 0.2, 0.3, 1])
            #expect(a["opacity"]?.number == 0.25 && a["hidden"]?.bool == true)
            #expect(numbers(a["position"]) == [1.5, 2] && numbers(a["bounds"]) == [0, 0, 3, 4.25])
            #expect(numbers(a["transform"]) == [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
            #expect(a["contents"]?.isNull == true && a["cornerRadius"]?.number == 0)
        }

        /// The dump comes in pieces of one layer each (with the head first and the tail last), so
        /// `glayers dump` of a large tree writes as it goes: 100 000 layers peaked at 291 MiB
        /// instead of 910 MiB (docs/reliability.md, "A scene of 100 000 layers"). The pieces are
        /// the whole text.
        @Test func dumpIsWrittenOneLayerAtATime() throws {
            let scene = try loadScene(
                #"{ "name": "p", "root": { "sublayers": [{ "name": "a", "mask": { "name": "m" } }, { "name": "b" }] } }"#
            )
            var pieces: [String] = []
            scene.dump(at: 0) { pieces.append($0) }
            #expect(pieces.count == 2 + 4 + 1)  // Head (two pieces), root, a, its mask, b; tail.
            #expect(pieces.joined() == scene.dump(at: 0))
            _ = try JSONReader.parse(Data(pieces.joined().utf8))
        }

        @Test func numberFormatting() {
            #expect(
                JSONOutput.format(1) == "1" && JSONOutput.format(-0.0) == "0" && JSONOutput.format(0.1 + 0.2) == "0.3")
            #expect(JSONOutput.format(1.0 / 3) == "0.333333" && JSONOutput.format(.infinity) == "\"infinity\"")
            // Huge numbers stay numbers (rounding to millionths overflowed to "inf" above 1.8e302).
            #expect(JSONOutput.format(1e308) == "1e+308" && JSONOutput.format(-3e305) == "-3e+305")
            #expect(JSONOutput.format(1e15) == "1000000000000000")
            #expect(JSONOutput.quote("a\"\n\u{1}") == "\"a\\\"\\n\\u0001\"")
            #expect(JSONOutput.quote("plain é") == "\"plain é\"")
        }

        /// Numbers under 10⁹ are written from their millionths without Foundation's formatter:
        /// the same text as "%.6f" with its trailing zeros taken off, for 200 000 numbers of every
        /// magnitude and sign, and for the halves where rounding could differ.
        @Test func numbersAreWrittenAsPrintfWouldRoundThem() {
            func reference(_ n: Double) -> String {
                let rounded = (n * 1e6).rounded() / 1e6
                if rounded == 0 { return "0" }
                if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
                var s = String(format: "%.6f", rounded)
                while s.hasSuffix("0") { s.removeLast() }
                if s.hasSuffix(".") { s.removeLast() }
                return s
            }
            var random = SplitMix(seed: 24)
            var mismatches: [String] = []
            for i in 0..<200_000 {
                let magnitude = pow(10, Double(i % 20) - 8)
                let n = random.double(in: -1...1) * magnitude
                if JSONOutput.format(n) != reference(n) { mismatches.append("\(n)") }
            }
            for n in [0.0000005, -0.0000005, 0.0000015, 999_999_999.9999995, -123.4567895, 0.1, 1e-7, 5e-7] {
                if JSONOutput.format(n) != reference(n) { mismatches.append("\(n)") }
            }
            // Three decimals, as render-list dumps write them.
            for i in 0..<50_000 {
                let n = random.double(in: -1...1) * pow(10, Double(i % 14) - 5)
                var bytes: [UInt8] = []
                DecimalText.append(n, decimals: 3, into: &bytes)
                let text = String(decoding: bytes, as: UTF8.self)
                var expected = String(format: "%.3f", (n * 1e3).rounded() / 1e3)
                while expected.hasSuffix("0") && expected.contains(".") { expected.removeLast() }
                if expected.hasSuffix(".") { expected.removeLast() }
                if expected == "-0" { expected = "0" }
                if text != expected { mismatches.append("\(n) (3 decimals): \(text) against \(expected)") }
            }
            #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        }
    }
}
