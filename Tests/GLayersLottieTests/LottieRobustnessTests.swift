import Foundation
import GLayers
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

    /// A subtracting mask is a layer covering everything with the path taken out by XOR, not a
    /// path holding a rectangle of 2 × 10⁵ points, which was rasterized at 69 points a pixel
    /// (blurred) and timed the fuzz target out redrawing 32 MiB a frame.
    @Test func subtractingMasksDrawOnlyTheirPath() throws {
        let json = """
            {"fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":1,"sw":100,"sh":100,"sc":"#0000ff",
             "masksProperties":[{"mode":"a","pt":{"a":0,"k":{"v":[[0,0],[90,0],[90,90]],"i":[[0,0],[0,0],[0,0]],
               "o":[[0,0],[0,0],[0,0]],"c":true}}},{"mode":"s","pt":{"a":1,"k":[
               {"t":0,"s":[{"v":[[20,20],[80,20],[50,80]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"c":true}]},
               {"t":30,"s":[{"v":[[30,30],[70,30],[50,60]],"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"c":true}]}]}}]}]}
            """
        let player = LottieLayer(animation: try decode(json))
        var shapes: [CAShapeLayer] = []
        var stack: [CALayer] = [player]
        while let layer = stack.popLast() {
            if let shape = layer as? CAShapeLayer { shapes.append(shape) }
            if let mask = layer.mask { stack.append(mask) }
            stack.append(contentsOf: layer.sublayers ?? [])
        }
        #expect(shapes.count == 2)
        for shape in shapes {
            let box = shape.path?.boundingBoxOfPath ?? .null
            #expect(box.width <= 100 && box.height <= 100, "a mask path of \(box)")
        }
        #expect(shapes.filter { ($0.compositingFilter as? CIFilter)?.name == "xor" }.count == 1)
    }
}
