import Foundation
import GLayers
import Testing

@testable import GLayersLottie

/// Rules of the format that the layer tree must follow: where a stroke's width is measured,
/// and time remapping inside time remapping.
@Suite(.serialized, .mediaClock) struct LottieRulesTests {
    /// Every layer of the tree under `layer`, depth first.
    func all(_ layer: CALayer) -> [CALayer] {
        [layer] + (layer.sublayers ?? []).flatMap(all)
    }

    /// A stroke listed below a group draws the group's path with the width of the group that
    /// lists it: a group scaled 300 % does not widen it (lottie-web and lottie-ios alike).
    @Test func aStyleKeepsTheWidthOfTheGroupThatListsIt() throws {
        let json = """
            {"fr":10,"ip":0,"op":10,"w":200,"h":200,"layers":[{"ty":4,"ip":0,"op":10,"ks":{},"shapes":[
              {"ty":"gr","it":[
                {"ty":"el","p":{"k":[0,0]},"s":{"k":[20,20]}},
                {"ty":"st","c":{"k":[0,0,1,1]},"o":{"k":100},"w":{"k":12},"lc":1,"lj":1,"d":[
                  {"n":"d","v":{"k":6}},{"n":"g","v":{"k":3}}]},
                {"ty":"tr","p":{"k":[100,100]},"a":{"k":[0,0]},"s":{"k":[300,300]},"r":{"k":0},"o":{"k":100}}]},
              {"ty":"st","c":{"k":[1,0,0,1]},"o":{"k":100},"w":{"k":12},"lc":1,"lj":1}]}]}
            """
        let player = LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))
        let strokes = all(player).compactMap { $0 as? CAShapeLayer }.filter { $0.strokeColor != nil }
        let red = try #require(strokes.first { $0.strokeColor?.components?.first == 1 })
        let blue = try #require(strokes.first { $0.strokeColor?.components?.first == 0 })
        #expect(abs(red.lineWidth - 4) < 1e-9, "12 in the layer's space is 4 in the group's: \(red.lineWidth)")
        #expect(abs(blue.lineWidth - 12) < 1e-9, "the group's own stroke is in its own space")
        #expect(blue.lineDashPattern?.map(\.doubleValue) == [6, 3])
    }

    /// Rotations about x and y (`rx`, `ry`) turn the layer by `transform.rotation.x` and `.y`, as
    /// lottie-ios gives them, drawn without perspective: turned 60° about x, a layer is half as
    /// tall. An orientation (`or`) is reported, not drawn.
    @Test func rotationsAboutXAndYTurnTheLayer() throws {
        let json = """
            {"fr":10,"ip":0,"op":10,"w":200,"h":200,"layers":[
              {"ty":1,"ip":0,"op":10,"sw":100,"sh":40,"sc":"#ff0000","ks":{
                "p":{"k":[100,100]},"a":{"k":[50,20]},"rx":{"k":60},
                "ry":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[90]}]}}},
              {"ty":1,"ip":0,"op":10,"sw":10,"sh":10,"sc":"#00ff00","ks":{"or":{"k":[0,0,45]}}}]}
            """
        let animation = try LottieAnimation(data: Data(json.utf8))
        #expect(animation.unsupportedFeatures.map(\.feature) == ["3D orientation"])
        let player = LottieLayer(animation: animation)
        let turned = try #require(all(player).first { $0.animation(forKey: "transform.rotation.y") != nil })
        let value = turned.value(forKeyPath: "transform.rotation.x")
        let x = try #require((value as? CGFloat).map(Double.init) ?? (value as? NSNumber)?.doubleValue)
        #expect(abs(x - Double.pi / 3) < 1e-9)
        #expect(abs(turned.transform.m22 - 0.5) < 1e-9, "cos 60°: half as tall")
        #expect(abs(turned.transform.m11 - 1) < 1e-9)
    }

    /// A fill's colour `[r, g, b, 0]` is opaque: the fourth number is not the fill's opacity
    /// (its `o` is), and After Effects exports 0 there for fills that show.
    @Test func aColoursFourthNumberIsNotItsOpacity() throws {
        let json = """
            {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":10,"ks":{},"shapes":[
              {"ty":"gr","it":[{"ty":"el","p":{"k":[50,50]},"s":{"k":[80,80]}},
                {"ty":"fl","c":{"k":[0.2,0.4,0.6,0]},"o":{"k":50},"r":1},
                {"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}]}]}
            """
        let player = LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))
        let fill = try #require(all(player).compactMap { $0 as? CAShapeLayer }.first { $0.fillColor != nil })
        #expect(fill.fillColor?.alpha == 1 && fill.fillColor?.components?.first == 0.2)
        #expect(fill.opacity == 0.5, "the fill's o")
    }

    /// A layer's blend mode is its compositing filter, as lottie-ios sets it (1 multiply … 15
    /// luminosity); add (16) has no Core Image filter and is reported.
    @Test func blendModesAreCompositingFilters() throws {
        func layer(_ bm: Int, _ name: String) -> String {
            ##"{"ty":1,"nm":"\##(name)","sc":"#ff0000","sw":10,"sh":10,"ip":0,"op":10,"ks":{},"bm":\##(bm)}"##
        }
        let json =
            #"{"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":["#
            + [layer(1, "multiply"), layer(15, "luminosity"), layer(16, "add"), layer(0, "normal")]
            .joined(separator: ",") + "]}"
        let animation = try LottieAnimation(data: Data(json.utf8))
        let player = LottieLayer(animation: animation)
        func filter(_ name: String) -> String? {
            (all(player).first { $0.name == name }?.compositingFilter as? CIFilter)?.name
        }
        #expect(filter("multiply") == "CIMultiplyBlendMode" && filter("luminosity") == "CILuminosityBlendMode")
        #expect(filter("add") == nil && filter("normal") == nil)
        #expect(animation.unsupportedFeatures.map(\.description).contains { $0.contains("add and hard mix") })
    }

    /// A trim whose start runs from 0 to 100 % with its end at 100 % erases the path from its
    /// start on: half way, the second half is left (once the last keyframe's range wrapped to
    /// (0, 0) and the frames between showed the first half).
    @Test func aTrimStartRunningToTheEndErasesFromTheStart() throws {
        let json = """
            {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":10,"ks":{},"shapes":[
              {"ty":"gr","it":[{"ty":"el","p":{"k":[50,50]},"s":{"k":[80,80]}},
                {"ty":"st","c":{"k":[1,0,0,1]},"o":{"k":100},"w":{"k":8},"lc":1,"lj":1},
                {"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]},
              {"ty":"tm","s":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100]}]},
               "e":{"k":100},"o":{"k":0},"m":1}]}]}
            """
        let player = LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))
        player.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let stroke = try #require(all(player).compactMap { $0 as? CAShapeLayer }.first { $0.strokeColor != nil })
        for (frame, start) in [(0.0, 0.0), (5, 0.5), (10, 1)] {
            player.currentFrame = frame
            CATransaction.flush()
            let shown = try #require(stroke.presentation())
            #expect(abs(shown.strokeStart - start) < 1e-6 && shown.strokeEnd == 1, "frame \(frame)")
        }
    }

    /// A player of a stroked circle trimmed by a trim whose start and end have the keyframes
    /// `start` and `end` (Bodymovin JSON), 100 × 100, and the stroke's layer.
    func trimmedCircle(start: String, end: String) throws -> (LottieLayer, CAShapeLayer) {
        let json = """
            {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":10,"ks":{},"shapes":[
              {"ty":"el","p":{"k":[50,50]},"s":{"k":[80,80]}},
              {"ty":"st","c":{"k":[1,0,0,1]},"o":{"k":100},"w":{"k":8},"lc":1,"lj":1},
              {"ty":"tm","s":{"a":1,"k":\(start)},"e":{"a":1,"k":\(end)},"o":{"k":0},"m":1}]}]}
            """
        let player = LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))
        player.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let stroke = try #require(all(player).compactMap { $0 as? CAShapeLayer }.first { $0.strokeColor != nil })
        return (player, stroke)
    }

    /// A trim whose start and end each run on their own keyframes, in order and within the
    /// path, reaches the engine as those keyframes with their easing (nothing sampled): half
    /// way through a symmetric ease from 0 to 40 % the start is at 20 %, the linear end at 75 %.
    @Test func aTrimKeepsItsKeyframesAndTheirEasing() throws {
        let (player, stroke) = try trimmedCircle(
            start: #"[{"t":0,"s":[0],"o":{"x":[0.5],"y":[0]},"i":{"x":[0.5],"y":[1]}},{"t":10,"s":[40]}]"#,
            end: #"[{"t":0,"s":[50],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100]}]"#)
        let start = try #require(stroke.animation(forKey: "strokeStart") as? CAKeyframeAnimation)
        let end = try #require(stroke.animation(forKey: "strokeEnd") as? CAKeyframeAnimation)
        #expect(start.values?.count == 2 && end.values?.count == 2, "the file's two keyframes, not samples")
        var control = [Float](repeating: 0, count: 2)
        try #require(start.timingFunctions?.count == 1)
        start.timingFunctions?[0].getControlPoint(at: 1, values: &control)
        #expect(control == [0.5, 0], "the start's easing")
        player.currentFrame = 5
        CATransaction.flush()
        let shown = try #require(stroke.presentation())
        #expect(abs(shown.strokeStart - 0.2) < 1e-6 && abs(shown.strokeEnd - 0.75) < 1e-6)
    }

    /// Inside a time-remapped precomp, values sampled through the map (a trim, a shadow's offset
    /// from its angle and distance) are mapped once: the precomp plays its children four times
    /// as fast, so the composition's frame 2 shows their frame 8.
    @Test func valuesInARemappedPrecompAreMappedOnce() throws {
        let json = """
            {"fr":10,"ip":0,"op":10,"w":100,"h":100,"assets":[{"id":"p","layers":[
              {"ty":4,"ip":0,"op":40,"ks":{},"sy":[{"ty":1,"a":{"k":90},"s":{"k":0},
                "d":{"a":1,"k":[{"t":0,"s":[0]},{"t":20,"s":[20]}]}}],"shapes":[
                {"ty":"el","p":{"k":[50,50]},"s":{"k":[80,80]}},
                {"ty":"st","c":{"k":[1,0,0,1]},"o":{"k":100},"w":{"k":8},"lc":1,"lj":1},
                {"ty":"tm","s":{"k":0},"e":{"a":1,"k":[{"t":0,"s":[0]},{"t":20,"s":[100]}]},"o":{"k":0},"m":1}]}]}],
             "layers":[{"ty":0,"refId":"p","ip":0,"op":10,"w":100,"h":100,"ks":{},
               "tm":{"a":1,"k":[{"t":0,"s":[0]},{"t":5,"s":[2]}]}}]}
            """
        let player = LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))
        player.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let layers = all(player)
        let stroke = try #require(layers.compactMap { $0 as? CAShapeLayer }.first { $0.strokeColor != nil })
        let shadowed = try #require(layers.first { $0.animation(forKey: "shadowOffset") != nil })
        player.currentFrame = 2
        CATransaction.flush()
        let trim = try #require(stroke.presentation()), shadow = try #require(shadowed.presentation())
        #expect(abs(trim.strokeEnd - 0.4) < 1e-6, "the trim at frame 8 of 20")
        #expect(abs(shadow.shadowOffset.height - 8) < 1e-6 && abs(shadow.shadowOffset.width) < 1e-6)
    }

    /// A trim growing to the whole path keeps its place from the offset: between its last
    /// frames the gap shrinks where it is, and does not sweep round from the path's start (the
    /// whole range read (0, 1), dropping the offset of the frames before).
    @Test func aTrimGrowingToTheWholePathKeepsItsOffset() throws {
        let json = """
            {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":10,"ks":{},"shapes":[
              {"ty":"el","p":{"k":[50,50]},"s":{"k":[80,80]}},
              {"ty":"st","c":{"k":[1,0,0,1]},"o":{"k":100},"w":{"k":8},"lc":1,"lj":1},
              {"ty":"tm","s":{"k":0},"e":{"a":1,"k":[{"t":0,"s":[50],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},
                {"t":5,"s":[100]}]},"o":{"k":241},"m":1}]}]}
            """
        let player = LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))
        player.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let stroke = try #require(all(player).compactMap { $0 as? CAShapeLayer }.first { $0.strokeColor != nil })
        // The range wraps past the end: the path is drawn twice over and the range halved.
        let offset = 241.0 / 360
        for frame in [4.0, 4.5, 4.75, 5] {
            player.currentFrame = frame
            CATransaction.flush()
            let shown = try #require(stroke.presentation())
            let end = 0.5 + 0.5 * min(frame, 5) / 5
            #expect(abs(shown.strokeStart - offset / 2) < 1e-6, "frame \(frame)")
            #expect(abs(shown.strokeEnd - (offset + end) / 2) < 1e-6, "frame \(frame)")
        }
    }

    /// Ends that cross (the start overtakes the end half way) are not one keyframed value
    /// each: the trim is sampled at every frame, and shows the ordered range there.
    @Test func aTrimWhoseEndsCrossIsSampled() throws {
        let (player, stroke) = try trimmedCircle(
            start: #"[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100]}]"#,
            end: #"[{"t":0,"s":[100],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[0]}]"#)
        let start = try #require(stroke.animation(forKey: "strokeStart") as? CAKeyframeAnimation)
        #expect(start.values?.count == 11, "a value at every frame")
        for frame in [3.0, 7.0] {
            player.currentFrame = frame
            CATransaction.flush()
            let shown = try #require(stroke.presentation())
            #expect(abs(shown.strokeStart - 0.3) < 1e-6 && abs(shown.strokeEnd - 0.7) < 1e-6, "frame \(frame)")
        }
    }

    /// A trim that cuts several paths "simultaneously" makes a stroke layer per path; the fill
    /// takes no trim, so it draws both paths in one layer, as it does with no trim (an
    /// overlap is filled once, as After Effects fills a group's paths).
    @Test func aFillUnderASimultaneousTrimIsOneLayer() throws {
        func shapes(trim: String) throws -> [CAShapeLayer] {
            let json = """
                {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":10,"ks":{},"shapes":[
                  {"ty":"el","p":{"k":[40,50]},"s":{"k":[60,60]}},
                  {"ty":"rc","p":{"k":[60,50]},"s":{"k":[40,40]},"r":{"k":0}},
                  {"ty":"fl","c":{"k":[0,0,1,1]},"o":{"k":50},"r":1},
                  {"ty":"st","c":{"k":[1,0,0,1]},"o":{"k":100},"w":{"k":4},"lc":1,"lj":1}\(trim)]}]}
                """
            return all(LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))).compactMap {
                $0 as? CAShapeLayer
            }
        }
        let trimmed = try shapes(trim: #",{"ty":"tm","s":{"k":10},"e":{"k":60},"o":{"k":0},"m":1}"#)
        let untrimmed = try shapes(trim: "")
        #expect(trimmed.filter { $0.strokeColor != nil }.count == 2, "a stroke per path")
        let fills = trimmed.filter { $0.fillColor != nil }
        #expect(fills.count == 1 && untrimmed.filter { $0.fillColor != nil }.count == 1)
        #expect(fills.first?.path?.boundingBox == CGRect(x: 10, y: 20, width: 70, height: 60), "both paths")
    }

    /// A layer's position along a curve is one keyframe animation along a path, as lottie-ios
    /// makes it: a cubic per curved segment and a line per straight one, the keyframes' times
    /// and easing, the linear mode, and `rotationMode` auto for an auto-oriented layer; a
    /// position that holds is sampled. Other values ignore spatial tangents (an ellipse's
    /// centre moves straight).
    @Test func aPositionAlongACurveIsAPathAnimation() throws {
        func layers(ao: Int = 0, hold: Bool = false) throws -> [CALayer] {
            let h = hold ? #","h":1"# : ""
            let json = """
                {"fr":10,"ip":0,"op":20,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":20,"ao":\(ao),"ks":{
                  "p":{"a":1,"k":[
                    {"t":0,"s":[10,10,0],"to":[5,0,0],"ti":[0,-5,0],"o":{"x":0.3,"y":0},"i":{"x":0.7,"y":1}},
                    {"t":10,"s":[50,50,0],"to":[0,0,0],"ti":[0,0,0]\(h)},{"t":20,"s":[90,50,0]}]}},
                  "shapes":[{"ty":"el","s":{"k":[10,10]},"p":{"a":1,"k":[
                    {"t":0,"s":[0,0],"to":[30,0],"ti":[0,30]},{"t":20,"s":[20,20]}]}},
                  {"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100},"r":1}]}]}
                """
            return all(LottieLayer(animation: try LottieAnimation(data: Data(json.utf8))))
        }
        let built = try layers()
        func position(_ layers: [CALayer]) -> CAKeyframeAnimation? {
            layers.lazy.compactMap { $0.animation(forKey: "position") as? CAKeyframeAnimation }.first
        }
        let moving = try #require(position(built))
        let path = try #require(moving.path)
        #expect(path.elements.count == 3 && path.segments().count == 2)
        #expect(moving.keyTimes == [0, 0.5, 1] && moving.duration == 2 && moving.values == nil)
        #expect(moving.timingFunctions?.first == CAMediaTimingFunction(controlPoints: 0.3, 0, 0.7, 1))
        #expect(moving.calculationMode == .linear && moving.rotationMode == nil)
        let turning = try #require(position(try layers(ao: 1)))
        #expect(turning.rotationMode == .rotateAuto && turning.path != nil)
        let held = try #require(position(try layers(hold: true)))
        #expect(held.path == nil && (held.values?.count ?? 0) > 3, "sampled")
        // The ellipse's centre: straight, so its path animates by its two keyframes.
        let ellipse = try #require(built.lazy.compactMap { $0 as? CAShapeLayer }.first)
        let shape = try #require(ellipse.animation(forKey: "path") as? CAKeyframeAnimation)
        #expect(shape.values?.count == 2)
    }

    /// A linear gradient's start and end points are independent values: when both move, each
    /// keeps its own keyframes and easing (a radial gradient's end follows both points and is
    /// sampled at every frame).
    @Test func aLinearGradientsPointsKeepTheirKeyframes() throws {
        func gradient(type: Int) throws -> CAGradientLayer? {
            let json = """
                {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":10,"ks":{},"shapes":[
                  {"ty":"rc","p":{"k":[50,50]},"s":{"k":[80,80]},"r":{"k":0}},
                  {"ty":"gf","o":{"k":100},"r":1,"t":\(type),"g":{"p":2,"k":{"k":[0,1,0,0,1,0,0,1]}},
                   "s":{"a":1,"k":[{"t":0,"s":[10,50],"o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}},{"t":10,"s":[30,50]}]},
                   "e":{"a":1,"k":[{"t":2,"s":[90,50]},{"t":8,"s":[70,60]}]}}]}]}
                """
            return all(LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))).lazy
                .compactMap { $0 as? CAGradientLayer }.first
        }
        let linear = try #require(try gradient(type: 1))
        let start = try #require(linear.animation(forKey: "startPoint") as? CAKeyframeAnimation)
        let end = try #require(linear.animation(forKey: "endPoint") as? CAKeyframeAnimation)
        #expect(start.values?.count == 2 && start.duration == 1)
        #expect(start.timingFunctions == [CAMediaTimingFunction(controlPoints: 0.3, 0, 0.7, 1)])
        #expect(end.values?.count == 2 && end.duration == 0.6)
        #expect(end.timingFunctions == [CAMediaTimingFunction(name: .linear)])
        let radial = try #require(try gradient(type: 2))
        let radialEnd = try #require(radial.animation(forKey: "endPoint") as? CAKeyframeAnimation)
        #expect(radialEnd.values?.count == 11, "every frame from 0 to 10")
    }

    /// A gradient stroke's gradient covers what the stroke reaches past the path: half its
    /// widest width, times its longest miter where joins are mitred (the rectangle's corners:
    /// √2, within the limit of 3), or √2 for square caps.
    @Test func aGradientStrokeCoversItsWidth() throws {
        func frame(cap: Int, join: Int) throws -> CGRect? {
            let json = """
                {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":10,"ks":{},"shapes":[
                  {"ty":"rc","p":{"k":[50,50]},"s":{"k":[60,60]},"r":{"k":0}},
                  {"ty":"gs","o":{"k":100},"t":1,"g":{"p":2,"k":{"k":[0,1,0,0,1,0,0,1]}},
                   "s":{"k":[20,50]},"e":{"k":[80,50]},"lc":\(cap),"lj":\(join),"ml":3,
                   "w":{"a":1,"k":[{"t":0,"s":[10]},{"t":10,"s":[20]}]}}]}]}
                """
            return all(LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))).lazy
                .compactMap { $0 as? CAGradientLayer }.first?.frame
        }
        // The path spans 20…80; the widest width is 20.
        #expect(try frame(cap: 1, join: 2) == CGRect(x: 10, y: 10, width: 80, height: 80))
        for (cap, join) in [(1, 1), (3, 3)] {
            let box = try #require(try frame(cap: cap, join: join))
            #expect(abs(box.minX - (20 - 10 * 2.0.squareRoot())) < 1e-9 && abs(box.width - box.height) < 1e-9)
        }
    }

    /// A shape group whose transform moves nothing (the position on the anchor, no scale,
    /// rotation or skew, full opacity, nothing animated) is no layer: its items are drawn
    /// where it would be. One that moves is a layer.
    @Test func aGroupThatMovesNothingIsNoLayer() throws {
        func layers(_ transform: String) throws -> [CALayer] {
            let json = """
                {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":10,"ks":{},"shapes":[
                  {"ty":"gr","nm":"g","it":[{"ty":"el","p":{"k":[50,50]},"s":{"k":[80,80]}},
                    {"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100},"r":1},
                    {"ty":"tr",\(transform)}]}]}]}
                """
            return all(LottieLayer(animation: try LottieAnimation(data: Data(json.utf8))))
        }
        let still = try layers(#""p":{"k":[20,30]},"a":{"k":[20,30]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}"#)
        let moved = try layers(#""p":{"k":[20,31]},"a":{"k":[20,30]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}"#)
        let faded = try layers(#""p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":50}"#)
        #expect(!still.contains { $0.name == "g" } && still.contains { $0 is CAShapeLayer })
        #expect(moved.contains { $0.name == "g" } && faded.contains { $0.name == "g" })
        #expect(moved.count == still.count + 1)
    }

    /// A remapped precomp inside a remapped precomp: the inner layer's in and out points are
    /// times of the outer precomp, which its remap maps the composition's frames to. Frames
    /// 0–10 of the composition show frames 50–60 of `a1`, whose precomp shows the same frames
    /// of `a2`, where a spot is visible in frames 50–55.
    @Test func aRemapInsideARemapSamplesTheWholeRange() throws {
        let json = """
            {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[
              {"ty":0,"refId":"a1","w":100,"h":100,"ip":0,"op":10,"st":0,"ks":{},
               "tm":{"a":1,"k":[{"t":0,"s":[5],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[6]}]}}],
             "assets":[
              {"id":"a1","layers":[{"ty":0,"refId":"a2","w":100,"h":100,"ip":50,"op":200,"st":0,"ks":{},
               "tm":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":100,"s":[10]}]}}]},
              {"id":"a2","layers":[{"ty":1,"nm":"spot","sc":"#ff0000","sw":10,"sh":10,"ip":50,"op":55,"st":0,"ks":{}}]}]}
            """
        let player = LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))
        player.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let spot = try #require(all(player).first { $0.name == "spot" })
        func hidden(atFrame f: Double) -> Bool {
            player.currentFrame = f
            CATransaction.flush()
            var layer: CALayer? = spot
            while let l = layer {
                if l.presentation()?.isHidden ?? l.isHidden { return true }
                layer = l.sublayers?.first
            }
            return false
        }
        #expect(!hidden(atFrame: 2), "a2's frame 52")
        #expect(hidden(atFrame: 8), "a2's frame 58, past the spot's out point")
    }
}
