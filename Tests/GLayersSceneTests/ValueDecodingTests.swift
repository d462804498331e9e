import Foundation
import GLayers
import GLayersJSON
import Testing

@testable import GLayersScene

/// Every value encoding of scenes, decoded directly (no layers involved).
@Suite struct ValueDecodingTests {
    /// Decodes `json` with `body`; returns the result and the error messages.
    func decode<T>(_ json: String, _ body: (DecodeContext, JSONValue, JSONPath) -> T?) -> (T?, [String]) {
        let ctx = DecodeContext(file: "v.json", baseURL: samplesFolder)
        guard let node = try? JSONReader.parse(Data(json.utf8)) else {
            Issue.record("bad test JSON \(json)")
            return (nil, [])
        }
        let v = body(ctx, node, JSONPath().key("v"))
        return (v, ctx.log.errors.map(\.description))
    }

    func color(_ json: String) -> RGBA? { decode(json) { $0.color($1, $2) }.0?.rgba }
    func colorError(_ json: String) -> String? { decode(json) { $0.color($1, $2) }.1.first }

    @Test func numbersAndAngles() {
        #expect(decode("1.5") { $0.number($1, $2) }.0 == 1.5)
        #expect(close(decode("\"90deg\"") { $0.number($1, $2, angle: true) }.0 ?? 0, .pi / 2))
        #expect(close(decode("\"-45 deg\"") { $0.number($1, $2, angle: true) }.0 ?? 0, -.pi / 4))
        #expect(decode("\"1.5rad\"") { $0.number($1, $2, angle: true) }.0 == 1.5)
        #expect(
            decode("\"90deg\"") { $0.number($1, $2) }.1 == [
                "v.json:1:1: v: expected a number, got the string \"90deg\""
            ])
        #expect(
            decode("\"ninety\"") { $0.number($1, $2, angle: true) }.1
                == [
                    "v.json:1:1: v: expected an angle (radians, or a string such as \"90deg\"), got the string \"ninety\""
                ])
        #expect(
            decode("\"NaN\"") { $0.number($1, $2) }.1 == ["v.json:1:1: v: NaN is not allowed; expected a finite number"]
        )
    }

    @Test func geometry() {
        #expect(decode("[3, 4]") { $0.point($1, $2) }.0 == CGPoint(x: 3, y: 4))
        #expect(decode("[3, 4]") { $0.size($1, $2) }.0 == CGSize(width: 3, height: 4))
        #expect(decode("[1, 2, 3, 4]") { $0.rect($1, $2) }.0 == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(decode("[1, 2, 3]") { $0.point($1, $2) }.1 == ["v.json:1:1: v: expected a point [x, y], got an array"])
        #expect(
            decode("[1, \"2\", 3, 4]") { $0.rect($1, $2) }.1
                == ["v.json:1:5: v[1]: expected a number in a rectangle [x, y, width, height], got the string \"2\""])
    }

    @Test func repeatCountsAndDurations() {
        #expect(decode("\"infinity\"") { $0.repeatCount($1, $2) }.0 == .infinity)
        #expect(decode("2.5") { $0.repeatCount($1, $2) }.0 == 2.5)
        #expect(
            decode("-1") { $0.repeatCount($1, $2) }.1 == [
                "v.json:1:1: v: expected a number ≥ 0 or \"infinity\", got -1"
            ])
        #expect(decode("-1") { $0.duration($1, $2) }.1 == ["v.json:1:1: v: expected a number of seconds ≥ 0, got -1"])
    }

    @Test func hexAndNamedColours() {
        #expect(color("\"#FF8000\"") == RGBA(1, 128.0 / 255, 0, 1))
        #expect(color("\"#ff800080\"") == RGBA(1, 128.0 / 255, 0, 128.0 / 255))
        #expect(color("\"#F80\"") == RGBA(1, 136.0 / 255, 0, 1))
        #expect(color("\"white\"") == RGBA(1, 1, 1, 1))
        #expect(color("\"Red\"") == RGBA(1, 0, 0, 1))
        #expect(color("\"clear\"") == RGBA(0, 0, 0, 0))
        #expect(color("[0.5, 0.25, 1, 0.5]") == RGBA(0.5, 0.25, 1, 0.5))
        #expect(color("[0.5, 0.25, 1]") == RGBA(0.5, 0.25, 1, 1))
    }

    @Test func badColours() {
        #expect(
            colorError("\"#12345\"")
                == "v.json:1:1: v: bad colour \"#12345\": expected \"#RGB\", \"#RRGGBB\" or \"#RRGGBBAA\" with hexadecimal digits"
        )
        #expect(
            colorError("\"whit\"")
                == "v.json:1:1: v: unknown colour \"whit\"; did you mean \"white\"? use \"#RRGGBB\", \"#RRGGBBAA\", [r, g, b, a] or a name listed in docs/scene-format.md"
        )
        #expect(colorError("[1, 2, 0, 1]") == "v.json:1:1: v: colour components must be between 0 and 1")
        #expect(
            colorError("[1, 0]")
                == "v.json:1:1: v: expected a colour [r, g, b] or [r, g, b, a] with components 0…1, got an array")
        #expect(
            colorError("7")
                == "v.json:1:1: v: expected a colour (\"#RRGGBB\", \"#RRGGBBAA\", a name such as \"white\", or [r, g, b, a]), got the number 7"
        )
    }

    @Test func transformsAsMatrices() {
        let m = decode("[1,0,0,0, 0,1,0,0, 0,0,1,-0.002, 10,20,30,1]") { $0.transform($1, $2) }.0
        #expect(m?.m34 == -0.002 && m?.m41 == 10 && m?.m43 == 30)
        #expect(decode("\"identity\"") { $0.transform($1, $2) }.0 == .identity)
        #expect(
            decode("[1, 2, 3]") { $0.transform($1, $2) }.1 == [
                "v.json:1:1: v: expected 16 numbers m11…m44, got an array"
            ])
    }

    @Test func transformOperationsApplyInListOrder() throws {
        let json =
            #"[{ "scale": 2 }, { "translate": [10, 0] }, { "rotate": "90deg", "axis": [0, 0, 1] }, { "perspective": 500 }]"#
        let t = try #require(decode(json) { $0.transform($1, $2) }.0)
        var expected = CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(10, 0, 0))
        expected = CATransform3DConcat(expected, CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        var p = CATransform3D.identity
        p.m34 = -1.0 / 500
        expected = CATransform3DConcat(expected, p)
        #expect(zip(t.entries, expected.entries).allSatisfy { close($0, $1, 1e-12) })
        // The first operation is applied to points first: (1, 0) scales to (2, 0), moves to
        // (12, 0) and turns to (0, 12).
        let q = CATransform3DConcat(
            CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(10, 0, 0)),
            CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        ).apply(to: CGPoint(x: 1, y: 0))
        #expect(close(q, CGPoint(x: 0, y: 12), 1e-9))
    }

    @Test func badTransformOperations() {
        #expect(
            decode(#"[{ "spin": 1 }]"#) { $0.transform($1, $2) }.1 == [
                "v.json:1:4: v[0].spin: unknown key \"spin\" for a transform operation",
                "v.json:1:2: v[0]: a transform operation needs exactly one of: translate, scale, rotate, perspective, matrix",
            ])
        #expect(
            decode(#"[{ "rotate": 1, "axis": [0, 0, 0] }]"#) { $0.transform($1, $2) }.1
                == ["v.json:1:25: v[0].axis: the rotation axis must not be [0, 0, 0]"])
        #expect(
            decode(#"[{ "perspective": 0 }]"#) { $0.transform($1, $2) }.1 == [
                "v.json:1:19: v[0].perspective: expected a number > 0, got 0"
            ])
        #expect(
            decode(#"[{ "translate": [1] }]"#) { $0.transform($1, $2) }.1
                == ["v.json:1:17: v[0].translate: expected a translation [x, y] or [x, y, z], got an array"])
    }

    /// Issue #14 (found with the strings fuzz target's invariant): finite numbers whose
    /// transform overflows (`-1/d` for a tiny perspective distance, huge scales composed)
    /// decoded into a matrix of infinities and NaNs.
    @Test func overflowingTransformsAreRefused() {
        #expect(
            decode(#"[{ "perspective": 5e-324 }]"#) { $0.transform($1, $2) }.1
                == ["v.json:1:1: v: the transform is not finite: its numbers overflow"])
        #expect(decode(#"[{ "scale": 1e300 }, { "scale": 1e300 }]"#) { $0.transform($1, $2) }.1.count == 1)
        #expect(decode(#"[{ "perspective": 1e-300 }]"#) { $0.transform($1, $2) }.0?.m34.isFinite == true)
    }

    @Test func svgPaths() throws {
        let p = try #require(decode(#""M 74 74 C 74 500 320 500 320 74 c 0 426 246 426 246 0""#) { $0.path($1, $2) }.0)
        #expect(
            p.elements == [
                .moveTo(CGPoint(x: 74, y: 74)),
                .curveTo(CGPoint(x: 74, y: 500), CGPoint(x: 320, y: 500), CGPoint(x: 320, y: 74)),
                .curveTo(CGPoint(x: 320, y: 500), CGPoint(x: 566, y: 500), CGPoint(x: 566, y: 74)),
            ])
        let q = try #require(decode(#""M0,0 10-5L.5.5H 3 v4 Q 1 1 2 2 T 4 4 Z""#) { $0.path($1, $2) }.0)
        #expect(
            q.elements == [
                .moveTo(.zero), .lineTo(CGPoint(x: 10, y: -5)), .lineTo(CGPoint(x: 0.5, y: 0.5)),
                .lineTo(CGPoint(x: 3, y: 0.5)),
                .lineTo(CGPoint(x: 3, y: 4.5)), .quadCurveTo(CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 2)),
                .quadCurveTo(CGPoint(x: 3, y: 3), CGPoint(x: 4, y: 4)), .closeSubpath,
            ])
    }

    @Test func svgArcsBecomeQuarterCurves() throws {
        let p = try #require(decode(#""M 0 0 A 50 50 0 0 1 100 0""#) { $0.path($1, $2) }.0)
        #expect(p.elements.count == 3)
        #expect(p.elements.last?.endPoint == CGPoint(x: 100, y: 0))
        // The half circle's middle is 50 below the chord (y down, sweep flag 1 turns clockwise on screen).
        if case .curveTo(_, _, let mid) = p.elements[1] { #expect(close(mid, CGPoint(x: 50, y: -50), 1e-9)) }
    }

    /// Issue #14 (found by fuzzing): radii whose squares overflow, or a chord whose square
    /// vanishes, left no centre (NaN) and trapped converting the sweep to a segment count.
    @Test func svgArcsTooLargeOrSmallForTheirCentreAreLines() throws {
        let huge = try #require(decode(#""M 0 0 A 1e308 1e308 0 1 1 1e-308 0""#) { $0.path($1, $2) }.0)
        #expect(huge.elements == [.moveTo(.zero), .lineTo(CGPoint(x: 1e-308, y: 0))])
        let tiny = try #require(decode(#""M 0 0 A 1e-300 1e-300 0 0 1 1e-300 0""#) { $0.path($1, $2) }.0)
        #expect(tiny.elements.last?.endPoint == CGPoint(x: 1e-300, y: 0))
    }

    @Test func badSVGPaths() {
        #expect(
            decode(#""L 1 2""#) { $0.path($1, $2) }.1 == [
                "v.json:1:1: v: bad SVG path data at character 1: a path must start with M (moveto)"
            ])
        #expect(
            decode(#""M 1 2 X""#) { $0.path($1, $2) }.1
                == [
                    "v.json:1:1: v: bad SVG path data at character 7: unknown path command 'X' (expected one of M L H V C S Q T A Z)"
                ])
        #expect(
            decode(#""M 1 2 C 3""#) { $0.path($1, $2) }.1 == [
                "v.json:1:1: v: bad SVG path data at character 10: expected a number, found the end"
            ])
        #expect(
            decode(#""M 0 0 A 1 1 0 2 0 3 3""#) { $0.path($1, $2) }.1 == [
                "v.json:1:1: v: bad SVG path data at character 15: expected an arc flag 0 or 1"
            ])
    }

    @Test func pathOperations() throws {
        let json =
            #"[{ "moveTo": [0, 0] }, { "lineTo": [10, 0] }, { "quadCurveTo": [1, 2, 3, 4] }, { "curveTo": [1, 2, 3, 4, 5, 6] }, { "close": true }, { "rect": [0, 0, 2, 2] }]"#
        let p = try #require(decode(json) { $0.path($1, $2) }.0)
        #expect(
            p.elements.prefix(5) == [
                .moveTo(.zero), .lineTo(CGPoint(x: 10, y: 0)), .quadCurveTo(CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4)),
                .curveTo(CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 4), CGPoint(x: 5, y: 6)), .closeSubpath,
            ])
        let arc = #"[{ "arc": { "center": [0, 0], "radius": 10, "startAngle": 0, "endAngle": "90deg" } }]"#
        #expect(
            decode(arc) { $0.path($1, $2) }.0?.elements.last?.endPoint.map { close($0, CGPoint(x: 0, y: 10), 1e-9) }
                == true)
        #expect(
            decode(#"[{ "moveTo": [0, 0], "lineTo": [1, 1] }]"#) { $0.path($1, $2) }.1
                == [
                    "v.json:1:2: v[0]: a path operation needs exactly one of: moveTo, lineTo, quadCurveTo, curveTo, close, rect, ellipse, arc"
                ])
    }

    @Test func timingFunctions() {
        let f = decode("\"easeInEaseOut\"") { $0.timingFunction($1, $2) }.0
        #expect(
            f.map { close($0.c1, CGPoint(x: 0.42, y: 0), 1e-6) && close($0.c2, CGPoint(x: 0.58, y: 1), 1e-6) } == true)
        let g = decode("[0.25, 0.1, 0.25, 1]") { $0.timingFunction($1, $2) }.0
        #expect(g.map { close($0.c1.x, 0.25, 1e-6) && close($0.c2.y, 1, 1e-6) } == true)
        #expect(
            decode("\"easeInOut\"") { $0.timingFunction($1, $2) }.1
                == [
                    "v.json:1:1: v: unknown timing function \"easeInOut\"; did you mean \"easeOut\"? expected one of: linear, easeIn, easeOut, easeInEaseOut, default"
                ])
        #expect(
            decode("[2, 0, 0.5, 1]") { $0.timingFunction($1, $2) }.1
                == ["v.json:1:1: v: the control points' x values (c1x, c2x) must be between 0 and 1"])
    }
}
