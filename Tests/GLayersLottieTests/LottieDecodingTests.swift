import Foundation
import GLayersJSON
import Testing

@testable import GLayersLottie

/// Decoding Bodymovin files: located errors, the compatibility report, keyframe values with
/// Lottie's easing and holds, and the shapes' geometry (docs/lottie.md).
@Suite struct LottieDecodingTests {
    static let minimal = #"{"v":"5.7.0","fr":30,"ip":0,"op":60,"w":100,"h":80,"layers":[]}"#

    func animation(_ json: String) throws -> LottieAnimation {
        try LottieAnimation(data: Data(json.utf8), name: "test.json")
    }

    @Test func aCompositionsNumbers() throws {
        let a = try animation(Self.minimal)
        #expect(a.size == CGSize(width: 100, height: 80))
        #expect(a.frameRate == 30 && a.startFrame == 0 && a.endFrame == 60)
        #expect(a.duration == 2)
        #expect(a.unsupportedFeatures.isEmpty)
    }

    @Test func errorsNameTheFileLineColumnAndPath() {
        let json = """
            {"v":"5.7.0","fr":30,"ip":0,"op":60,"w":100,"h":80,
             "layers":[{"ty":4,"ks":{"p":{"a":0,"k":"left"}},"shapes":[]}]}
            """
        #expect {
            try animation(json)
        } throws: { error in
            let e = error as? LottieError
            return e?.file == "test.json" && e?.path.description == "layers[0].ks.p.k" && e?.position.line == 2
                && e?.message.contains("expected a number") == true
        }
    }

    @Test func keyframesGoingBackwardsAreRefused() {
        let json = """
            {"fr":30,"ip":0,"op":60,"w":100,"h":80,"layers":[{"ty":3,"ks":{"o":{"a":1,"k":[
            {"t":10,"s":[0]},{"t":5,"s":[100]}]}}}]}
            """
        #expect {
            try animation(json)
        } throws: { error in
            (error as? LottieError)?.path.description == "layers[0].ks.o.k[1].t"
        }
    }

    /// An easing's `x` and `y` are each a number or an array of numbers, of which the first
    /// counts (as lottie-ios reads them); an empty array is an error named by its path.
    @Test func easingsAreNumbersOrTheFirstOfAnArray() throws {
        func opacity(_ easing: String) throws -> Keyframe<Double> {
            let json = """
                {"fr":30,"ip":0,"op":60,"w":100,"h":80,"layers":[{"ty":3,"ks":{"o":{"a":1,"k":[
                {"t":0,"s":[0],\(easing)},{"t":10,"s":[100]}]}}}]}
                """
            return try animation(json).model.layers[0].transform.opacity.keyframes[0]
        }
        let plain = try opacity(#""o":{"x":0.25,"y":0.1},"i":{"x":0.75,"y":0.9}"#)
        let arrays = try opacity(#""o":{"x":[0.25,0.5],"y":[0.1]},"i":{"x":[0.75],"y":[0.9,0.2,0.3]}"#)
        for k in [plain, arrays] {
            #expect(k.easeOut == CGPoint(x: 0.25, y: 0.1) && k.easeIn == CGPoint(x: 0.75, y: 0.9))
        }
        #expect {
            try opacity(#""o":{"x":[],"y":0}"#)
        } throws: { error in
            (error as? LottieError)?.path.description == "layers[0].ks.o.k[0].o.x"
        }
    }

    /// A shape's points are read in place when they are numbers; one that is not is named by
    /// its path, in a static shape and in a keyframe's.
    @Test func badShapePointsAreNamed() {
        func error(_ ks: String) -> LottieError? {
            let json = """
                {"fr":30,"ip":0,"op":60,"w":100,"h":80,"layers":[{"ty":4,"ks":{},"shapes":[
                {"ty":"sh","ks":\(ks)}]}]}
                """
            do {
                _ = try animation(json)
                return nil
            } catch {
                return error as? LottieError
            }
        }
        let still = error(#"{"k":{"c":true,"v":[[0,0],[10,"x"]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}"#)
        #expect(still?.path.description == "layers[0].shapes[0].ks.k.v[1][1]")
        #expect(still?.message.contains("number") == true)
        let short = error(#"{"k":{"c":true,"v":[[0,0],[10]],"i":[],"o":[]}}"#)
        #expect(short?.path.description == "layers[0].shapes[0].ks.k.v[1]")
        #expect(short?.message.contains("[x, y]") == true)
        let keyed = error(
            #"{"a":1,"k":[{"t":0,"s":[{"c":false,"v":[[0,0],[1,2,"z"]],"i":[],"o":[]}]},{"t":9,"s":[{"v":[]}]}]}"#)
        #expect(keyed?.path.description == "layers[0].shapes[0].ks.k[0].s[0].v[1][2]")
        #expect(error(#"{"k":{"c":true,"v":[[0,0],[10,5,7]],"i":[],"o":[]}}"#) == nil, "extra numbers are ignored")
    }

    @Test func missingCompositionNumbersAreErrors() {
        #expect(throws: LottieError.self) { try animation(#"{"fr":30,"ip":0,"op":60,"w":100,"layers":[]}"#) }
        #expect(throws: LottieError.self) { try animation(#"{"fr":30,"ip":10,"op":5,"w":1,"h":1,"layers":[]}"#) }
        #expect(throws: LottieError.self) { try animation("[1, 2]") }
    }

    /// An out point of 29 million frames (a loader exported so) is a long timeline, not an
    /// error; a billion frames and more are refused with what is wrong.
    @Test func aLongTimelinePlaysAndAnEndlessOneIsRefused() throws {
        let long = try animation(#"{"fr":23.97547,"ip":0,"op":29140721,"w":30,"h":30,"layers":[]}"#)
        #expect(long.endFrame == 29_140_721)
        do {
            _ = try animation(#"{"fr":30,"ip":0,"op":2e9,"w":1,"h":1,"layers":[]}"#)
            Issue.record("a timeline of 2e9 frames was accepted")
        } catch let error as LottieError {
            #expect(error.message.contains("frames long"))
            #expect(error.path.description == "op")
        }
    }

    @Test func unsupportedFeaturesAreListedOnceWithTheirFirstPath() throws {
        let json = """
            {"fr":30,"ip":0,"op":60,"w":100,"h":80,"layers":[
             {"ty":5,"nm":"title"},
             {"ty":4,"ks":{"o":{"a":0,"k":100,"x":"wiggle(2, 10)"}},"shapes":[{"ty":"mm"},{"ty":"mm"}]}]}
            """
        let a = try animation(json)
        let features = Dictionary(uniqueKeysWithValues: a.unsupportedFeatures.map { ($0.feature, $0) })
        #expect(features["text layers without a document"]?.path.description == "layers[0]")
        #expect(features["expressions"]?.path.description == "layers[1].ks.o")
        #expect(features["merge paths"]?.path.description == "layers[1].shapes[0]")
        #expect(features["merge paths"]?.count == 2)
        // Located as errors are: file, line and column of the first use, its path.
        #expect(features["expressions"]?.description == "test.json:3:20: layers[1].ks.o: expressions not supported")
        #expect(
            features["merge paths"]?.description
                == "test.json:3:67: layers[1].shapes[0]: merge paths not supported (2 uses)")
        // Slots (LottieFiles' values by `sid`) are reported; the property's own value plays.
        let slotted = try animation(
            #"{"fr":30,"ip":0,"op":60,"w":100,"h":80,"slots":{"c1":{"p":{"a":0,"k":[1,0,0]}}},"layers":[]}"#)
        #expect(slotted.unsupportedFeatures.map(\.path.description) == ["slots"])
    }

    /// Bodymovin's easing: the segment's `o` and `i` are a CSS cubic-bezier from (0, 0) to
    /// (1, 1); `h` holds; before the first keyframe the first value, after the last the last.
    @Test func keyframeValuesFollowLottiesEasing() {
        var linear = Keyframe(time: 0, value: 0.0)
        linear.easeOut = CGPoint(x: 0, y: 0)
        linear.easeIn = CGPoint(x: 1, y: 1)
        let ramp = Animated([linear, Keyframe(time: 10, value: 100.0)])
        #expect(ramp.value(at: -5) == 0)
        #expect(abs(ramp.value(at: 2.5) - 25) < 1e-9)
        #expect(ramp.value(at: 12) == 100)

        var eased = Keyframe(time: 0, value: 0.0)
        eased.easeOut = CGPoint(x: 0.42, y: 0)
        eased.easeIn = CGPoint(x: 0.58, y: 1)
        let easeInOut = Animated([eased, Keyframe(time: 10, value: 100.0)])
        // ease-in-out is symmetric: half way in time is half way in value; a quarter is less.
        #expect(abs(easeInOut.value(at: 5) - 50) < 1e-4)
        #expect(abs(easeInOut.value(at: 2.5) - 12.9161) < 1e-3)

        let held = Animated([Keyframe(time: 0, value: 1.0, hold: true), Keyframe(time: 10, value: 2.0)])
        #expect(held.value(at: 9.99) == 1)
        #expect(held.value(at: 10) == 2)
    }

    /// Sampling eases a segment without making its timing function, and exactly as that
    /// function does: out-of-range x clamped before it becomes a Float, a non-finite easing linear.
    @Test func sampledEasingIsTheTimingFunctions() {
        let easings: [(CGPoint, CGPoint)] = [
            (CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1)), (CGPoint(x: 0.2, y: -0.8), CGPoint(x: 0.3, y: 1.9)),
            (CGPoint(x: -3, y: 0.5), CGPoint(x: 1e300, y: 0.5)), (CGPoint(x: 0.5, y: 1e300), CGPoint(x: 0.5, y: 0)),
        ]
        for (out, into) in easings {
            var k = Keyframe(time: 0, value: 0.0)
            k.easeOut = out
            k.easeIn = into
            let function = k.timingFunction
            for t in stride(from: 0.0, through: 1.0, by: 0.125) {
                #expect(k.eased(t) == function.evaluate(t), "\(out), \(into) at \(t)")
            }
        }
    }

    /// A motion path sampled frame by frame (a repeater's position, or one that holds) follows
    /// its curve by the curve's parameter, as the engine follows a keyframe path in the linear
    /// mode: a quarter of the way in time is B(0.25), not a quarter of the arc; a third
    /// dimension moves linearly; a held segment and the ends keep their values.
    @Test func sampledMotionPathsFollowTheCurvesParameter() {
        // A quarter circle of radius 100 from (100, 0) to (0, 100) around the origin, then a hold.
        let k = 100 * circleControl
        var first = Keyframe(time: 0, value: [100.0, 0, 10])
        first.spatialOut = CGPoint(x: 0, y: k)
        first.spatialIn = CGPoint(x: k, y: 0)
        var second = Keyframe(time: 10, value: [0.0, 100, 20])
        second.hold = true
        let motion = Animated([first, second, Keyframe(time: 20, value: [50.0, 50, 30])])
        let p = motion.value(at: 2.5)
        // B(0.25) = (27 p0 + 27 c1 + 9 c2 + p3) / 64.
        let x = (27 * 100 + 27 * 100 + 9 * k) / 64, y = (27 * k + 9 * 100 + 100) / 64
        #expect(abs(p[0] - x) < 1e-9 && abs(p[1] - y) < 1e-9 && abs(p[2] - 12.5) < 1e-9)
        #expect(abs(p[0] - 100 * cos(Double.pi / 8)) > 0.2, "not a quarter of the arc")
        #expect(motion.value(at: 15) == [0, 100, 20] && motion.value(at: 25) == [50, 50, 30])
    }

    /// Values are sampled at every whole frame of their span, its ends, and the keyframes'
    /// frames inside it, in order and once each; a span longer than the sampling limit takes
    /// every few frames.
    @Test func sampledFramesAreWholeFramesEndsAndKeyframes() {
        #expect(Timeline.sampleFrames(from: 0.5, to: 3) == [0.5, 1, 2, 3])
        #expect(
            Timeline.sampleFrames(from: 0, to: 3, including: [2.5, 1, 1, 2.5, 5, -1, 0, 3]) == [0, 1, 2, 2.5, 3])
        #expect(Timeline.sampleFrames(from: 2, to: 2, including: [2]) == [2])
        let long = Timeline.sampleFrames(from: 0, to: Double(Limits.sampledFrames) * 3, including: [1, 4])
        #expect(long.count == Limits.sampledFrames + 3 && long[0...3] == [0, 1, 3, 4])
    }

    /// Ellipses start at the top and run clockwise; rectangles start at the top of the right
    /// edge; `d: 3` reverses the direction but keeps the first vertex.
    @Test func shapesStartWhereAfterEffectsStartsThem() {
        let e = BezierShape.ellipse(center: CGPoint(x: 10, y: 10), size: CGSize(width: 20, height: 10), reversed: false)
        #expect(
            e.vertices == [CGPoint(x: 10, y: 5), CGPoint(x: 20, y: 10), CGPoint(x: 10, y: 15), CGPoint(x: 0, y: 10)])
        let r = BezierShape.rect(center: .zero, size: CGSize(width: 4, height: 2), roundness: 0, reversed: false)
        #expect(r.vertices.first == CGPoint(x: 2, y: -1) && r.vertices[1] == CGPoint(x: 2, y: 1))
        let back = BezierShape.ellipse(center: .zero, size: CGSize(width: 2, height: 2), reversed: true)
        #expect(back.vertices[0] == CGPoint(x: 0, y: -1) && back.vertices[1] == CGPoint(x: -1, y: 0))
        let star = BezierShape.star(
            center: .zero, points: 5, rotation: 0, outerRadius: 10, innerRadius: 5, outerRoundness: 0,
            innerRoundness: 0, polygon: false, reversed: false)
        #expect(star.vertices.count == 10)
        #expect(abs(star.vertices[0].x) < 1e-9 && abs(star.vertices[0].y + 10) < 1e-9)
    }

    /// A fractional number of points draws the last point part-way, as lottie-ios does: a star
    /// of 2.5 points starts at a radius half-way between the inner and the outer, a quarter of a
    /// point's angle clockwise from the top, and has three tips; rounded arms are the radius ×
    /// the roundness × π / (2 × points).
    @Test func aStarOfAFractionalNumberOfPointsDrawsAPartPoint() {
        func near(_ a: CGPoint, _ b: CGPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }
        func polar(_ r: Double, _ degrees: Double) -> CGPoint {
            CGPoint(x: r * cos(degrees * .pi / 180), y: r * sin(degrees * .pi / 180))
        }
        let star = BezierShape.star(
            center: .zero, points: 2.5, rotation: 0, outerRadius: 10, innerRadius: 4, outerRoundness: 0,
            innerRoundness: 0, polygon: false, reversed: false)
        // 144° a point; the part point's tip 36° after the top, at radius 7; inner vertices
        // half-way between the tips.
        #expect(star.vertices.count == 6)
        #expect(near(star.vertices[0], polar(7, -90 + 36)))
        #expect(near(star.vertices[1], polar(4, -90 + 72)))
        #expect(near(star.vertices[2], polar(10, -90 + 144)))
        #expect(near(star.vertices[5], polar(4, -90 + 360)))
        let whole = BezierShape.star(
            center: .zero, points: 4, rotation: 0, outerRadius: 10, innerRadius: 4, outerRoundness: 50,
            innerRoundness: 0, polygon: false, reversed: false)
        #expect(whole.vertices.count == 8)
        let arm = 10 * 0.5 * Double.pi / 8
        #expect(near(whole.outTangents[0], CGPoint(x: arm, y: 0)) && near(whole.inTangents[0], CGPoint(x: -arm, y: 0)))
        #expect(near(whole.outTangents[1], .zero))
        let polygon = BezierShape.star(
            center: .zero, points: 3.5, rotation: 0, outerRadius: 10, innerRadius: 0, outerRoundness: 0,
            innerRoundness: 0, polygon: true, reversed: false)
        // Vertices every 360 / 3.5 degrees, the last past the first.
        #expect(polygon.vertices.count == 5)
        #expect(near(polygon.vertices[4], polar(10, -90 + 4 * 360 / 3.5)))
    }

    /// Rounded corners cut each sharp corner back by the radius (at most half an edge).
    @Test func roundedCornersCutSharpCorners() {
        let square = BezierShape.rect(center: .zero, size: CGSize(width: 20, height: 20), roundness: 0, reversed: false)
        let round = square.roundingCorners(radius: 4)
        #expect(round.vertices.count == 8)
        #expect(round.vertices[0] == CGPoint(x: 6, y: -10))
        #expect(round.vertices[1] == CGPoint(x: 10, y: -6))
    }

    /// An animated radius splits the corners at 0 too, so that its keyframes' shapes have the
    /// same vertices and interpolate (a radius growing from 0 rounds them gradually).
    @Test func roundedCornersAtZeroKeepTheirVertices() {
        let square = BezierShape.rect(center: .zero, size: CGSize(width: 20, height: 20), roundness: 0, reversed: false)
        #expect(square.roundingCorners(radius: 0).vertices.count == 4)
        let split = square.roundingCorners(radius: 0, evenAtZero: true)
        #expect(split.vertices.count == 8)
        #expect(split.vertices[0] == split.vertices[1])
        #expect(split.outTangents[0] == .zero && split.inTangents[1] == .zero)
        let rounded = square.roundingCorners(radius: 4)
        #expect(square.roundingCorners(radius: 4, evenAtZero: true).vertices == rounded.vertices)
        // Curves at every radius: the paths of two keyframes have the same elements.
        let kinds = { (r: Double) in
            makePath([square.roundingCorners(radius: r, evenAtZero: true)]).elements.map { "\($0)".prefix(5) }
        }
        #expect(kinds(0) == kinds(4))
    }

    /// Gradient stops: colour stops and opacity stops merged at every offset either has.
    @Test func gradientStopsMergeColourAndOpacity() {
        let values = [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0.5, 0.5]
        let offsets = GradientRamp.offsets(2, values)
        #expect(offsets.map(\.offset) == [0, 0.5, 1])
        let ramp = GradientRamp(count: 2, values: values, offsets: offsets)
        #expect(ramp.colors.count == 3)
        #expect(abs((ramp.colors[1].components?[3] ?? 0) - 0.5) < 1e-9)
        #expect(abs((ramp.colors[1].components?[0] ?? 0) - 0.5) < 1e-9)
    }

    /// Two stops of one list at one offset are a hard edge: the offset twice, the first
    /// stop's value on its left and the second's on its right (colours and opacities alike).
    @Test func coincidentGradientStopsMakeAHardEdge() {
        // Green to green at 0.5, red from 0.5 to 1; opaque to 0.5, then 0.35 to the end.
        let values = [0, 0, 1, 0, 0.5, 0, 1, 0, 0.5, 1, 0, 0, 1, 1, 0, 0, 0, 1, 0.5, 1, 0.5, 0.35, 1, 0.35]
        let offsets = GradientRamp.offsets(4, values)
        #expect(offsets.map(\.offset) == [0, 0.5, 0.5, 1])
        let ramp = GradientRamp(count: 4, values: values, offsets: offsets)
        let rgba = ramp.colors.map { $0.components ?? [] }
        #expect(rgba[1] == [0, 1, 0, 1])
        #expect(rgba[2].map { ($0 * 100).rounded() / 100 } == [1, 0, 0, 0.35])
        #expect(rgba[3].map { ($0 * 100).rounded() / 100 } == [1, 0, 0, 0.35])
    }
}
