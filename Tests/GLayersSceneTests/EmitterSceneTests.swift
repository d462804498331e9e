import Foundation
import GLayers
import GLayersRenderList
import Testing

@testable import GLayersScene

extension SceneSerialTests {
    /// Emitter layers in scenes (#12): `"class": "CAEmitterLayer"` with `emitterCells`, cell
    /// values checked where they are, key paths into cells in animations, emitters starting at
    /// the load, and the emitter samples.
    @Suite struct EmitterSceneTests {
        let spark = #"{ "name": "spark", "birthRate": 50, "lifetime": 2, "contents": "images/spark.png" }"#

        func emitter(_ cells: String, _ extra: String = "") -> String {
            withLayer(
                #"{ "name": "e", "class": "CAEmitterLayer", "emitterPosition": [10, 20] \#(extra), "emitterCells": [\#(cells)] }"#
            )
        }

        func layer(_ scene: Scene) -> CAEmitterLayer? { scene.rootLayer.sublayers?.first as? CAEmitterLayer }

        @Test func cellsDecodeWithTheirImagesAndSubCells() throws {
            CAMediaClock.useManualTime(0)
            defer { CAMediaClock.useSystemTime() }
            let json = emitter(
                #"""
                { "name": "rocket", "birthRate": 2, "emissionLongitude": "-90deg", "emissionRange": 0.5,
                  "color": "#FF8000", "contentsRect": [0, 0, 0.5, 1], "enabled": false, "duration": 1,
                  "emitterCells": [\#(spark)] }
                """#, #", "emitterShape": "circle", "renderMode": "additive", "seed": 9"#)
            let scene = try loadScene(json)
            let e = try #require(layer(scene))
            #expect(e.emitterShape == .circle && e.renderMode == .additive && e.seed == 9)
            let rocket = try #require(e.emitterCells?.first)
            #expect(rocket.name == "rocket" && rocket.birthRate == 2 && !rocket.isEnabled && rocket.duration == 1)
            #expect(abs(rocket.emissionLongitude + .pi / 2) < 1e-9 && rocket.emissionRange == 0.5)
            #expect(rocket.color?.rgba == RGBA(1, 128 / 255, 0, 1))
            #expect(rocket.contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 1))
            let sub = try #require(rocket.emitterCells?.first)
            #expect(sub.name == "spark" && (sub.contents as? CGImage)?.width == 32)
            #expect(e.value(forKeyPath: "emitterCells.rocket.emitterCells.spark.birthRate") as? Float == 50)
        }

        @Test func badCellValuesAreErrorsWhereTheyAre() {
            #expect(theError(emitter(#"{ "birthRate": -5 }"#)).contains("birthRate -5.0 is negative"))
            #expect(theError(emitter(#"{ "velocityRange": -1 }"#)).contains("velocityRange -1.0 is negative"))
            #expect(theError(emitter(#"{ "birthrate": 5 }"#)).contains("did you mean \"birthRate\"?"))
            #expect(theError(emitter(#"{ "lifetime": "long" }"#)).contains("expected a number"))
            #expect(theError(emitter(#"{ "name": "a.b" }"#)).contains("contain no '.'"))
            #expect(theError(emitter(#"{ "name": "x" }, { "name": "x" }"#)).contains("two cells here are named \"x\""))
            #expect(theError(emitter(#"{ "contents": "images/missing.png" }"#)).contains("cannot load image"))
            #expect(theError(emitter(#"{ "magnificationFilter": "cubic" }"#)).contains("unknown filter \"cubic\""))
            #expect(
                theError(withLayer(#"{ "emitterCells": [] }"#)).contains(
                    "emitterCells is a CAEmitterLayer property (set \"class\": \"CAEmitterLayer\")"))
            #expect(theError(emitter("", #", "emitterShape": "cone""#)).contains("unknown value \"cone\""))
        }

        /// Bad input the issue lists, each an error at its file position and JSON path.
        @Test func badLayerValuesNestingAndBudgetAreErrorsWhereTheyAre() {
            #expect(
                theError(emitter(spark, #", "birthRate": -1"#)).hasPrefix(
                    "test.json:3:90: root.sublayers[0].birthRate: layer \"e\": birthRate must be a finite number ≥ 0"))
            #expect(theError(emitter(spark, #", "lifetime": -0.5"#)).contains("lifetime must be a finite number ≥ 0"))
            // Cells nested 100 deep: refused at the 17th level.
            var nested = #"{ "name": "c100" }"#
            for level in stride(from: 99, through: 1, by: -1) {
                nested = #"{ "name": "c\#(level)", "emitterCells": [\#(nested)] }"#
            }
            let deep = theError(emitter(nested))
            #expect(deep.contains("emitter cells are nested more than 16 deep"))
            #expect(deep.contains(String(repeating: ".emitterCells[0]", count: 16) + ".emitterCells: "))
            // 10⁷ births a second are clamped to 10⁶ (an error in a scene); 10⁶ a second for 2 s
            // would keep 2 000 000 alive: over the budget.
            #expect(theError(emitter(#"{ "birthRate": 1e7, "lifetime": 0 }"#)).contains("above 1000000 a second"))
            let budget = theError(emitter(#"{ "birthRate": 1000000, "lifetime": 2 }"#))
            #expect(budget.hasPrefix("test.json:3:"))
            #expect(budget.contains("root.sublayers[0].emitterCells: 2000000 particles would live at once"))
            #expect(budget.contains("over the budget of 100000 of an emitter layer; lower birthRate or lifetime"))
            // Sub-cells multiply: 1 000 rockets, each keeping 200 sparks alive.
            let rockets = theError(
                emitter(#"{ "birthRate": 500, "lifetime": 2, "emitterCells": [{ "birthRate": 100, "lifetime": 2 }] }"#))
            #expect(rockets.contains("201000 particles would live at once"))
            #expect(sceneErrors(emitter(#"{ "birthRate": 25000, "lifetime": 4 }"#)).isEmpty)
        }

        @Test func cellKeyPathsAnimateInScenes() throws {
            CAMediaClock.useManualTime(0)
            defer { CAMediaClock.useSystemTime() }
            let json = emitter(
                spark,
                #"""
                , "animations": { "fade": { "keyPath": "emitterCells.spark.emissionLongitude", "fromValue": "0deg",
                  "toValue": "90deg", "duration": 2, "timingFunction": "linear" } }
                """#)
            let playback = ScenePlayback(scene: try loadScene(json), keys: [])
            playback.advance(to: 1)
            let e = try #require(layer(playback.scene))
            let shown = e.presentation()?.value(forKeyPath: "emitterCells.spark.emissionLongitude") as? CGFloat
            #expect(shown.map { abs($0 - .pi / 4) < 1e-9 } == true)
        }

        @Test func emittersStartWhenTheSceneLoads() throws {
            CAMediaClock.useManualTime(5)
            defer { CAMediaClock.useSystemTime() }
            let e = try #require(layer(try loadScene(emitter(spark, #", "beginTime": -2"#))))
            #expect(e.beginTime == 3)
        }

        @Test func theConfettiBurstsOnSpace() throws {
            let url = samplesFolder.appendingPathComponent("confetti.json")
            func paper(at t: Double, keys: String) throws -> Int {
                let playback = try ScenePlayback(contentsOf: url, keys: try TimedKey.list(parsing: keys))
                defer { CAMediaClock.useSystemTime() }
                playback.advance(to: t)
                let list = FrameBuilder().build(root: playback.scene.rootLayer, at: t, size: playback.size, scale: 1)
                return list.items.filter { $0.contentTint != nil }.count
            }
            #expect(try paper(at: 2, keys: "") == 0)
            let burst = try paper(at: 1.2, keys: "space@0.5")
            #expect(burst > 150 && burst < 320)  // 1 200 a second for about 0.2 s
            #expect(try paper(at: 1.2, keys: "space@0.5") == burst)
        }

        @Test func samplesRenderTheSameOnEveryLoad() throws {
            for name in ["fireworks", "snow-emitter"] {
                func text() throws -> String {
                    let playback = try ScenePlayback(
                        contentsOf: samplesFolder.appendingPathComponent(name + ".json"), keys: [])
                    defer { CAMediaClock.useSystemTime() }
                    playback.advance(to: 3.2)
                    return FrameBuilder().build(root: playback.scene.rootLayer, at: 3.2, size: playback.size, scale: 1)
                        .dump()
                }
                let first = try text(), second = try text()
                #expect(first.contains("tint") && first == second, "\(name)")
            }
        }
    }
}
