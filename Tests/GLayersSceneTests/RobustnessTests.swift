import Foundation
import GLayers
import Testing

@testable import GLayersScene

extension SceneSerialTests {
    /// Mutated and truncated scenes load or fail with errors; they never crash or hang.
    @Suite struct RobustnessTests {
        /// A small deterministic generator (xorshift64*).
        struct Random {
            var state: UInt64
            mutating func next() -> UInt64 {
                state ^= state >> 12
                state ^= state << 25
                state ^= state >> 27
                return state &* 2_685_821_657_736_338_717
            }
            mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        }

        /// Loads `data`; true when it loaded, false when it failed with `SceneErrors`.
        @discardableResult
        func survive(_ data: Data) -> Bool {
            do {
                _ = try Diagnostics.capture {
                    try Scene.load(data: data, fileName: "fuzz.json", baseURL: samplesFolder)
                }
                return true
            } catch is SceneErrors {
                return false
            } catch {
                Issue.record("unexpected error type: \(error)")
                return false
            }
        }

        @Test func everyTruncationOfTheKiosk() throws {
            let bytes = [UInt8](try Data(contentsOf: samplesFolder.appendingPathComponent("kiosk.json")))
            for n in stride(from: 0, to: bytes.count, by: 7) { survive(Data(bytes.prefix(n))) }
        }

        @Test func mutatedSamples() throws {
            let tokens = [
                "-1", "1e300", "-1e300", "0", "\"\"", "null", "[]", "{}", "true", "\"infinity\"", "\"#FFF\"",
                "[1e300, -1e300]", "\"90deg\"", "[[[]]]", "\"$selected\"", "1.5", "-0",
            ]
            var random = Random(state: 0x5EED)
            for name in sampleNames where name != "snowfall" {
                let text = try String(contentsOf: samplesFolder.appendingPathComponent(name + ".json"), encoding: .utf8)
                let scalars = Array(text.unicodeScalars)
                // Replace a number, string or literal near a random place with a hostile token.
                for _ in 0..<60 {
                    var s = scalars
                    let i = random.below(s.count)
                    var j = i
                    while j < s.count, !",}]\n".unicodeScalars.contains(s[j]) { j += 1 }
                    let colon = s[..<i].lastIndex(of: ":").map { $0 + 1 } ?? i
                    let start = max(colon, i - 40)
                    s.replaceSubrange(start..<j, with: tokens[random.below(tokens.count)].unicodeScalars)
                    var mutated = ""
                    mutated.unicodeScalars.append(contentsOf: s)
                    survive(Data(mutated.utf8))
                }
            }
        }

        @Test func hostileValues() {
            let layers = [
                #"{ "class": "CAReplicatorLayer", "instanceCount": 1e300 }"#,
                #"{ "class": "CAReplicatorLayer", "instanceCount": -5 }"#,
                #"{ "class": "CATextLayer", "fontSize": -3 }"#,
                #"{ "bounds": [0, 0, -10, 1e308], "position": [1e308, -1e308] }"#,
                #"{ "transform": [1e308,0,0,0, 0,1e308,0,0, 0,0,1e308,0, 0,0,0,0] }"#,
                #"{ "opacity": 1e308, "cornerRadius": -1, "borderWidth": 1e308 }"#,
                #"{ "speed": 1e308, "timeOffset": -1e308 }"#,
                #"{ "animations": { "a": { "keyPath": "opacity", "toValue": 1, "speed": 0, "duration": 1e308 } } }"#,
                #"{ "animations": { "a": { "class": "CAKeyframeAnimation", "keyPath": "position", "path": "M 0 0 A 0 0 0 1 1 0 0 Z" } } }"#,
            ]
            for layer in layers { survive(Data(withLayer(layer).utf8)) }
            #expect(
                theError(withLayer(#"{ "class": "CAReplicatorLayer", "instanceCount": 1e300 }"#))
                    == "test.json:3:54: root.sublayers[0].instanceCount: expected an integer, got the number 1e+300")
        }
    }
}
