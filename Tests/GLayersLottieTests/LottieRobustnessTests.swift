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

    /// The layers of the tree built from `json`, and the build's warnings.
    func build(_ json: String) throws -> (layers: [CALayer], warnings: [String]) {
        var warnings: [String] = []
        let root = try decode(json).makeLayerTree { warnings.append($0) }
        var layers: [CALayer] = []
        var stack = [root]
        while let layer = stack.popLast() {
            layers.append(layer)
            if let mask = layer.mask { stack.append(mask) }
            stack.append(contentsOf: layer.sublayers ?? [])
        }
        return (layers, warnings)
    }

    /// Three repeaters of 100 copies nested would make 10⁶ copies (1 000³ hung): the file's
    /// copies stop at 10 000, warned once (#24).
    @Test func nestedRepeatersShareTheFilesBudget() throws {
        let repeater = #"{"ty":"rp","c":{"a":0,"k":100},"o":{"a":0,"k":0},"tr":{"p":{"a":0,"k":[1,0]}}}"#
        let rect = #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[2,2]},"r":{"a":0,"k":0}}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let inner = #"{"ty":"gr","it":[\#(rect),\#(fill),\#(repeater)]}"#
        let middle = #"{"ty":"gr","it":[\#(inner),\#(repeater)]}"#
        let json = #"{"fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"shapes":[\#(middle),\#(repeater)]}]}"#
        let (layers, warnings) = try build(json)
        let fills = layers.filter { $0 is CAShapeLayer }.count
        #expect(fills <= 10_000 && fills > 5_000, "\(fills) fills")
        #expect(warnings.filter { $0.contains("repeaters make more than 10000 copies") }.count == 1, "\(warnings)")
    }

    /// Sixty fills each drawing one path of 100 000 vertices are 6 · 10⁶ vertices, over the
    /// file's 5 · 10⁶: the fills past it draw nothing, warned once (#24: the styles of a group
    /// times its paths times their keyframes built billions of path elements).
    @Test func builtPathVerticesShareTheFilesBudget() throws {
        let points = (0..<100_000).map { "[\($0 % 100),\($0 / 1000)]" }.joined(separator: ",")
        let zeros = [String](repeating: "[0,0]", count: 100_000).joined(separator: ",")
        let path = #"{"ty":"sh","ks":{"a":0,"k":{"v":[\#(points)],"i":[\#(zeros)],"o":[\#(zeros)],"c":true}}}"#
        let fill = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}"#
        let items = ([path] + [String](repeating: fill, count: 60)).joined(separator: ",")
        let json = #"{"fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"shapes":[\#(items)]}]}"#
        let (layers, warnings) = try build(json)
        let drawn = layers.compactMap { ($0 as? CAShapeLayer)?.path }.filter { !$0.isEmpty }.count
        #expect(drawn == 50, "\(drawn) fills drawn")
        #expect(warnings.filter { $0.contains("more than 5000000 path vertices") }.count == 1, "\(warnings)")
    }

    /// A file of more than 200 000 shape items is refused at the first one over.
    @Test func tooManyShapeItemsAreRefused() {
        let items = [String](repeating: #"{"ty":"mm"}"#, count: 200_001).joined(separator: ",")
        let json = #"{"fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"shapes":[\#(items)]}]}"#
        #expect {
            try decode(json)
        } throws: { error in
            let e = error as? LottieError
            return e?.path.description == "layers[0].shapes[200000]"
                && e?.message.contains("200000 shape items") == true
        }
    }
}
