import Foundation
import GLayers
import Testing

@testable import GLayersLottie

/// Where glayers plays a file as lottie-ios's Core Animation engine does rather than as After
/// Effects would (luma mattes, mask opacity, repeaters; docs/lottie.md), and a precomp's cut.
extension LottieRulesTests {
    /// Luma mattes are not applied, as lottie-ios plays them (it has no luma modes): with `tt` 3
    /// the layer shows whole and its matte is not drawn; with `tt` 4 the layer shows whole and
    /// the matte source is drawn as any layer. Alpha mattes still mask (the source only as the
    /// matte).
    @Test func lumaMattesAreNotAppliedAsInLottieIOS() throws {
        func solid(_ name: String, _ extra: String = "") -> String {
            ##"{"ty":1,"nm":"\##(name)","sc":"#ff0000","sw":10,"sh":10,"ip":0,"op":10,"ks":{}\##(extra)}"##
        }
        /// The layers under `layer`, masks and their layers included.
        func withMasks(_ layer: CALayer) -> [CALayer] {
            [layer] + ((layer.sublayers ?? []) + (layer.mask.map { [$0] } ?? [])).flatMap(withMasks)
        }
        /// The named layers drawn (not as masks), those anywhere, and whether the content is masked.
        func tree(_ tt: Int) throws -> (drawn: [String], anywhere: [String], masked: Bool, animation: LottieAnimation) {
            let json =
                #"{"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":["#
                + [solid("source", #","td":1"#), solid("content", #","tt":\#(tt)"#)].joined(separator: ",") + "]}"
            let animation = try LottieAnimation(data: Data(json.utf8))
            let player = LottieLayer(animation: animation)
            let content = try #require(all(player).first { $0.name == "content" })
            let masked = sequence(first: content, next: \.superlayer).contains { $0.mask != nil }
            func names(_ layers: [CALayer]) -> [String] {
                layers.compactMap(\.name).filter { $0 == "source" || $0 == "content" }.sorted()
            }
            return (names(all(player)), names(withMasks(player)), masked, animation)
        }
        let alpha = try tree(1), luma = try tree(3), inverted = try tree(4)
        #expect(alpha.masked && alpha.drawn == ["content"] && alpha.anywhere == ["content", "source"], "masked")
        #expect(!luma.masked && luma.anywhere == ["content"], "tt 3: whole, and its matte not drawn")
        #expect(!inverted.masked && inverted.drawn == ["content", "source"], "tt 4: both drawn as layers")
        #expect(luma.animation.unsupportedFeatures.map(\.description).contains { $0.contains("luma mattes") })
    }

    /// A mask's opacity is not applied, as lottie-ios's Core Animation engine draws masks (it
    /// animates their paths only): a mask at 0 % still shows the layer inside its path; the
    /// opacity is reported.
    @Test func aMasksOpacityIsNotAppliedAsInLottieIOS() throws {
        let json = """
            {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":1,"nm":"solid","sc":"#ff0000","sw":100,
              "sh":100,"ip":0,"op":10,"ks":{},"hasMask":true,"masksProperties":[{"mode":"a","inv":false,
              "o":{"a":1,"k":[{"t":0,"s":[0],"h":1},{"t":5,"s":[40]}]},
              "pt":{"k":{"c":true,"i":[[0,0],[0,0],[0,0]],"o":[[0,0],[0,0],[0,0]],"v":[[10,10],[90,10],[50,90]]}}}]}]}
            """
        let animation = try LottieAnimation(data: Data(json.utf8))
        let player = LottieLayer(animation: animation)
        let solid = try #require(all(player).first { $0.name == "solid" })
        let masked = try #require(all(solid).first { $0.mask != nil })
        let mask = try #require(masked.mask)
        let maskLayers = [mask] + all(mask)
        #expect(maskLayers.compactMap { $0 as? CAShapeLayer }.count == 1)
        #expect(maskLayers.allSatisfy { $0.opacity == 1 && $0.animationKeys() == nil })
        #expect(animation.unsupportedFeatures.map(\.description).contains { $0.contains("mask opacity") })
    }

    /// Where lottie-ios's layers draw a file otherwise than After Effects, or not at all, the
    /// file says so: an inverted intersecting mask (drawn not inverted), a matted layer's blend
    /// mode (blended inside its matte), a mask's feather and a layer's motion blur.
    @Test func whatLottieIOSDrawsOtherwiseIsReported() throws {
        let mask = #""pt":{"k":{"c":true,"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"v":[[10,10],[90,10]]}}"#
        let json = """
            {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[
              {"ty":1,"nm":"matte","sc":"#ffffff","sw":100,"sh":100,"ip":0,"op":10,"ks":{},"td":1},
              {"ty":1,"nm":"solid","sc":"#ff0000","sw":100,"sh":100,"ip":0,"op":10,"ks":{},"tt":1,"bm":1,"mb":true,
               "masksProperties":[{"mode":"a",\(mask)},{"mode":"i","inv":true,"f":{"k":[4,4]},\(mask)}]}]}
            """
        let features = try LottieAnimation(data: Data(json.utf8)).unsupportedFeatures.map(\.feature)
        #expect(features.contains("inverted intersecting masks (drawn not inverted, as lottie-ios)"))
        #expect(features.contains("blend modes of layers with a track matte (blended inside the matte, as lottie-ios)"))
        #expect(features.contains("mask feather") && features.contains("motion blur"))
        #expect(!features.contains("layer blend modes add and hard mix"))
    }

    /// The layer above a matted layer that names no source is its matte, and drawn only as
    /// that, whether it is marked as a matte source (`td`) or not, as lottie-ios pairs them.
    @Test func theLayerAboveAMattedLayerIsItsMatteMarkedOrNot() throws {
        func layers(td: String) throws -> [CALayer] {
            let json = """
                {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[
                  {"ty":1,"nm":"source","sc":"#ff0000","sw":50,"sh":100,"ip":0,"op":10,"ks":{}\(td)},
                  {"ty":1,"nm":"shown","sc":"#0000ff","sw":100,"sh":100,"ip":0,"op":10,"ks":{},"tt":1}]}
                """
            return all(LottieLayer(animation: try LottieAnimation(data: Data(json.utf8))))
        }
        for td in ["", #","td":1"#] {
            let drawn = try layers(td: td)
            let inMasks = drawn.compactMap(\.mask).flatMap { [$0] + all($0) }
            #expect(!drawn.contains { $0.name == "source" }, "not drawn as a layer: \(td)")
            #expect(inMasks.filter { $0.name == "source" }.count == 1, "drawn as the matte: \(td)")
        }
    }

    /// A trim listed below a group that trims its own paths cuts paths trimmed already: only
    /// the nearest trim applies (as lottie-ios's layers take it), which the file reports; a
    /// trim keeping the whole path is no trim.
    @Test func aTrimOfTrimmedPathsIsReported() throws {
        func features(outer: String) throws -> [String] {
            let json = """
                {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":10,"ks":{},"shapes":[
                  {"ty":"gr","it":[{"ty":"rc","p":{"k":[50,50]},"s":{"k":[60,60]},"r":{"k":0}},
                    {"ty":"tm","s":{"k":0},"e":{"k":50},"o":{"k":0},"m":1}]},
                  {"ty":"tm","s":{"k":0},"e":{"k":\(outer)},"o":{"k":0},"m":1},
                  {"ty":"st","c":{"k":[1,0,0,1]},"o":{"k":100},"w":{"k":4}}]}]}
                """
            return try LottieAnimation(data: Data(json.utf8)).unsupportedFeatures.map(\.description)
        }
        let nested = try features(outer: "50")
        #expect(nested.contains { $0.contains("layers[0].shapes[1]: trims of trimmed paths") }, "\(nested)")
        #expect(try !features(outer: "100").contains { $0.contains("trims of trimmed paths") })
    }

    /// A precomp starting at frame 10 shows its frame 0 at frame 10 exactly, and the one it
    /// follows no longer: at a cut between two sequential precomps one of them shows (both
    /// were hidden, the inner layer's visibility beginning a hair after its precomp's time 0).
    @Test func aPrecompShowsItsFirstFrameAtItsStartExactly() throws {
        let json = """
            {"fr":10,"ip":0,"op":20,"w":40,"h":40,"assets":[{"id":"c","layers":[
              {"ty":1,"nm":"S","sc":"#00ff00","sw":40,"sh":40,"ip":0,"op":100,"st":0,"ks":{}}]}],"layers":[
              {"ty":0,"nm":"P1","refId":"c","w":40,"h":40,"ip":0,"op":10,"st":0,"ks":{}},
              {"ty":0,"nm":"P2","refId":"c","w":40,"h":40,"ip":10,"op":20,"st":10,"ks":{}}]}
            """
        let player = LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))
        player.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        // Whether the precomp's solid and every layer above it up to the player show.
        func shown(_ name: String) throws -> Bool {
            let precomp = try #require(all(player).first { $0.name == name })
            var layer: CALayer? = try #require(all(precomp).first { $0.name == "S" })
            while let l = layer, l !== player {
                if try #require(l.presentation()).isHidden { return false }
                layer = l.superlayer
            }
            return true
        }
        for (frame, first, second) in [(9.99, true, false), (10.0, false, true), (10.01, false, true)] {
            player.currentFrame = frame
            CATransaction.flush()
            #expect(try shown("P1") == first && shown("P2") == second, "frame \(frame)")
        }
    }

    /// A repeater as lottie-ios's Core Animation engine builds it: copy k moved and turned k
    /// times and scaled once, copy 0 at the bottom, every copy opaque; its offset, start and
    /// end opacities and composite order are not read, and each is reported.
    @Test func aRepeaterIsBuiltAsInLottieIOS() throws {
        let json = """
            {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":10,"ks":{},"shapes":[
              {"ty":"gr","it":[{"ty":"rc","p":{"k":[0,0]},"s":{"k":[10,10]},"r":{"k":0}},
                {"ty":"rp","c":{"k":3},"o":{"k":1},"m":2,"tr":{"p":{"k":[10,0]},"a":{"k":[0,0]},"s":{"k":[50,50]},
                  "r":{"k":30},"so":{"k":100},"eo":{"k":0}}},
                {"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}},
                {"ty":"tr","p":{"k":[0,0]},"a":{"k":[0,0]},"s":{"k":[100,100]},"r":{"k":0},"o":{"k":100}}]}]}]}
            """
        let animation = try LottieAnimation(data: Data(json.utf8))
        let player = LottieLayer(animation: animation)
        let copies = all(player).filter { !CATransform3DIsIdentity($0.transform) }
        try #require(copies.count == 3)
        #expect(copies.allSatisfy { $0.superlayer === copies[0].superlayer })
        for (k, copy) in copies.enumerated() {
            let angle = 30 * CGFloat(k) * .pi / 180
            let t = copy.transform
            #expect(abs(t.m11 - 0.5 * cos(angle)) < 1e-9 && abs(t.m12 - 0.5 * sin(angle)) < 1e-9, "copy \(k): \(t)")
            #expect(abs(t.m41 - 10 * CGFloat(k)) < 1e-9 && abs(t.m42) < 1e-9, "copy \(k): \(t)")
            #expect(copy.opacity == 1 && copy.animationKeys() == nil, "copy \(k)")
        }
        // Copy 0 is under the others, as its index says.
        let siblings = try #require(copies[0].superlayer?.sublayers)
        #expect(
            copies.compactMap { c in siblings.firstIndex { $0 === c } } == [0, 1, 2].map { $0 + siblings.count - 3 })
        let reported = animation.unsupportedFeatures.map(\.description)
        for what in [
            "repeater offsets", "repeater start and end opacities", "repeater scales", "repeater copies below",
        ] {
            #expect(reported.contains { $0.contains(what) }, "\(what): \(reported)")
        }
    }

    /// Values made of several animated properties whose keyframes share their timing keep those
    /// keyframes, as lottie-ios combines them (its `Keyframes.combined`): a rectangle whose
    /// position and size both ease over frames 0–10 is a path animation of two keyframes with
    /// the easing, not eleven samples; with other timings it is sampled at every frame.
    @Test func propertiesOfOneTimingKeepTheirKeyframes() throws {
        func pathKeyframes(sizeEnd: Int) throws -> (values: Int, functions: Int) {
            let ease = #""o":{"x":[0.5],"y":[0]},"i":{"x":[0.5],"y":[1]}"#
            let json = """
                {"fr":10,"ip":0,"op":10,"w":100,"h":100,"layers":[{"ty":4,"ip":0,"op":10,"ks":{},"shapes":[
                  {"ty":"rc","r":{"k":0},"p":{"a":1,"k":[{"t":0,"s":[20,20],\(ease)},{"t":10,"s":[80,60]}]},
                   "s":{"a":1,"k":[{"t":0,"s":[10,10],\(ease)},{"t":\(sizeEnd),"s":[30,20]}]}},
                  {"ty":"fl","c":{"k":[1,0,0,1]},"o":{"k":100}}]}]}
                """
            let player = LottieLayer(animation: try LottieAnimation(data: Data(json.utf8)))
            let shape = try #require(all(player).compactMap { $0 as? CAShapeLayer }.first)
            let path = try #require(shape.animation(forKey: "path") as? CAKeyframeAnimation)
            return (path.values?.count ?? 0, path.timingFunctions?.count ?? 0)
        }
        let shared = try pathKeyframes(sizeEnd: 10)
        #expect(shared.values == 2 && shared.functions == 1)
        #expect(try pathKeyframes(sizeEnd: 5).values == 11, "other timings: every frame")
    }
}
