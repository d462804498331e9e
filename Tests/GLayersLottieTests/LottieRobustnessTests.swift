import Foundation
import GLayersJSON
import Testing

@testable import GLayersLottie

/// Files the Lottie fuzz target found (docs/reliability.md, "Findings"; the inputs are in
/// Tests/Fuzz/Crashes/lottie): each is refused with a located error or played, never a trap.
@Suite struct LottieRobustnessTests {
    func decode(_ json: String) throws -> LottieAnimation {
        try LottieAnimation(data: Data(json.utf8), name: "test.json")
    }

    /// Types, modes and indices are integers: a number beyond ±2³¹ (1e308 as a matte parent,
    /// which trapped converting to `Int`) is refused at its path.
    @Test(arguments: [
        (#"{"ty":4,"tp":1e308}"#, "layers[0].tp"), (#"{"ty":4,"ind":-1e19}"#, "layers[0].ind"),
        (#"{"ty":4,"parent":3e9}"#, "layers[0].parent"), (#"{"ty":1e300}"#, "layers[0].ty"),
        (#"{"ty":4,"tt":1e10}"#, "layers[0].tt"), (#"{"ty":4,"bm":-1e100}"#, "layers[0].bm"),
        (#"{"ty":4,"shapes":[{"ty":"st","lc":1e20}]}"#, "layers[0].shapes[0].lc"),
        (#"{"ty":4,"shapes":[{"ty":"gf","g":{"p":1e12,"k":{"a":0,"k":[0,0,0,0]}}}]}"#, "layers[0].shapes[0].g.p"),
    ])
    func hugeIntegersAreRefused(_ layer: String, _ path: String) {
        let json = #"{"fr":30,"ip":0,"op":60,"w":100,"h":80,"layers":["# + layer + "]}"
        #expect {
            try decode(json)
        } throws: { error in
            let e = error as? LottieError
            return e?.path.description == path && e?.message.contains("expected an integer") == true
        }
    }

    /// In range, an integer's whole part is read as before.
    @Test func integersInRangeKeepTheirWholePart() throws {
        let json = #"{"fr":30,"ip":0,"op":60,"w":100,"h":80,"layers":[{"ty":3.0,"ind":7.9,"parent":-2}]}"#
        let layer = try decode(json).model.layers[0]
        #expect(layer.index == 7 && layer.parent == -2)
    }
}
