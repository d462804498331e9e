import Foundation
import GLayers
import Testing

@testable import GLayersScene

extension SceneSerialTests {
    /// State, key and click actions, transactions and bindings, run with a manual clock.
    @Suite struct BehaviourTests {
        /// A live scene at media time 0, flushed once.
        func live(_ json: String) throws -> (Scene, CALayerHost) {
            CAMediaClock.useManualTime(0)
            let scene = try loadScene(json)
            let host = CALayerHost(rootLayer: scene.rootLayer)
            CATransaction.flush()
            return (scene, host)
        }

        func at(_ t: CFTimeInterval) {
            CAMediaClock.setTime(t)
            CATransaction.flush()
        }

        func layer(_ scene: Scene, _ name: String) -> CALayer? {
            func find(_ l: CALayer) -> CALayer? {
                if l.name == name { return l }
                for s in l.sublayers ?? [] { if let f = find(s) { return f } }
                return nil
            }
            return find(scene.rootLayer)
        }

        static let counter = #"""
            { "state": { "n": { "initial": 1, "min": 0, "max": 2 }, "w": { "min": 0, "max": 2, "wrap": true } },
              "root": { "sublayers": [{ "name": "box", "bounds": [0, 0, 10, 10] }] },
              "keys": {
                "Up": [{ "increment": "n" }], "Down": [{ "decrement": "n", "by": 2 }],
                "Right": [{ "increment": "w" }], "Left": [{ "decrement": "w" }],
                "0": [{ "set": "n", "value": 0 }], "c": [{ "set": "w", "value": "$n" }] },
              "bindings": [{ "layer": "box", "keyPath": "opacity", "values": [0, 0.5, 1], "index": "$n" }] }
            """#

        @Test func stateStopsAtItsBoundsOrWraps() throws {
            let scene = try loadScene(Self.counter)
            #expect(scene.stateNames == ["n", "w"] && scene.value(ofState: "n") == 1 && scene.value(ofState: "w") == 0)
            #expect(layer(scene, "box")?.opacity == 0.5)
            scene.handleKey("Up")
            scene.handleKey("Up")
            #expect(scene.value(ofState: "n") == 2 && layer(scene, "box")?.opacity == 1)
            scene.handleKey("Down")
            #expect(scene.value(ofState: "n") == 0)
            scene.handleKey("Down")
            #expect(scene.value(ofState: "n") == 0 && layer(scene, "box")?.opacity == 0)
            scene.handleKey("Left")
            #expect(scene.value(ofState: "w") == 2)
            scene.handleKey("Right")
            #expect(scene.value(ofState: "w") == 0)
            scene.handleKey("Up")
            scene.handleKey("c")
            #expect(scene.value(ofState: "w") == 1)
            #expect(!scene.handleKey("q") && scene.boundKeys == ["0", "Down", "Left", "Right", "Up", "c"])
        }

        @Test func setActionsAnimateImplicitlyWithTheirTransaction() throws {
            let (scene, host) = try live(
                withLayer(
                    #"{ "name": "box", "bounds": [0, 0, 10, 10], "position": [0, 0] }"#,
                    extra: #"""
                        , "transaction": { "animationDuration": 0.5, "timingFunction": "linear" },
                          "keys": { "a": [{ "layer": "box", "set": { "position.x": 100, "opacity": 0.5 } }],
                                    "b": [{ "layer": "box", "set": { "position.x": 0 }, "transaction": { "animationDuration": 2 } }],
                                    "c": [{ "layer": "box", "set": { "opacity": 1 }, "transaction": { "disableActions": true } }] }
                        """#))
            defer { host.detach() }
            let box = try #require(layer(scene, "box"))
            scene.handleKey("a")
            at(0)
            #expect(box.position.x == 100 && box.animation(forKey: "position")?.duration == 0.5)
            at(0.25)
            #expect(close(box.presentation()?.position.x ?? 0, 50, 1e-6))
            scene.handleKey("b")
            #expect(box.animation(forKey: "position")?.duration == 2)
            scene.handleKey("c")
            #expect(box.opacity == 1 && box.animation(forKey: "opacity")?.duration == 0.5)
        }

        @Test func addAndRemoveAnimations() throws {
            let (scene, host) = try live(
                withLayer(
                    #"{ "name": "box" }"#,
                    extra: #"""
                        , "keys": { "a": [{ "layer": "box", "addAnimation": { "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 4 }, "forKey": "fade" }],
                                    "b": [{ "layer": "box", "removeAnimation": "fade" }],
                                    "c": [{ "layer": "box", "removeAllAnimations": true }] }
                        """#))
            defer { host.detach() }
            let box = try #require(layer(scene, "box"))
            scene.handleKey("a")
            at(1)
            #expect(box.animationKeys() == ["fade"] && close(CGFloat(box.presentation()?.opacity ?? 0), 0.25, 1e-6))
            scene.handleKey("b")
            #expect(box.animationKeys() == nil)
            scene.handleKey("a")
            scene.handleKey("c")
            #expect(box.animationKeys() == nil)
        }

        @Test func pauseAndResumeFollowQA1673() throws {
            let (scene, host) = try live(
                #"""
                { "root": { "sublayers": [{ "name": "stage", "sublayers": [{ "name": "box", "animations": {
                    "move": { "keyPath": "position.x", "fromValue": 0, "toValue": 100, "duration": 10 } } }] }] },
                  "keys": { "p": [{ "pause": "stage" }], "r": [{ "resume": "stage" }], "space": [{ "togglePause": "stage" }] } }
                """#)
            defer { host.detach() }
            let box = try #require(layer(scene, "box"))
            at(2)
            #expect(close(box.presentation()?.position.x ?? 0, 20, 1e-6))
            scene.handleKey("p")
            at(5)
            #expect(close(box.presentation()?.position.x ?? 0, 20, 1e-6))
            scene.handleKey("r")
            at(6)
            #expect(close(box.presentation()?.position.x ?? 0, 30, 1e-6))
            scene.handleKey("space")
            at(9)
            #expect(close(box.presentation()?.position.x ?? 0, 30, 1e-6))
            scene.handleKey("space")
            at(10)
            #expect(close(box.presentation()?.position.x ?? 0, 40, 1e-6))
        }

        @Test func transitionsRunWithTheirChange() throws {
            let (scene, host) = try live(
                String(
                    decoding: try Data(contentsOf: samplesFolder.appendingPathComponent("transitions.json")),
                    as: UTF8.self))
            defer { host.detach() }
            let panel = try #require(layer(scene, "panel") as? CATextLayer)
            #expect(panel.string as? String == "One")
            scene.handleKey("3")
            at(0.1)
            #expect(panel.string as? String == "Two" && scene.value(ofState: "page") == 1)
            #expect(panel.animationKeys() == ["transition"])
            #expect((panel.animation(forKey: "transition") as? CATransition)?.type == .push)
            at(1)
            #expect(panel.animationKeys() == nil)
            scene.handleKey("Left")
            scene.handleKey("Left")
            #expect(scene.value(ofState: "page") == 3 && panel.string as? String == "Four")
        }

        @Test func clicksPickTheClickedSublayer() throws {
            let scene = try Scene.load(contentsOf: samplesFolder.appendingPathComponent("kiosk.json"))
            let menu = try #require(layer(scene, "menu"))
            let photos = try #require(menu.sublayers?[3])
            let hit = scene.handleClick(at: photos.position)
            #expect(hit === photos && scene.value(ofState: "selected") == 3)
            #expect(layer(scene, "selection")?.position == photos.position)
            // Between the items the hit is the menu itself: no index, nothing changes.
            #expect(scene.handleClick(at: CGPoint(x: 512, y: 279)) === menu)
            #expect(scene.value(ofState: "selected") == 3)
            #expect(scene.handleClick(at: CGPoint(x: -5, y: -5)) == nil)
        }

        @Test func resizingKeepsTheSelectionOnItsItem() throws {
            let scene = try Scene.load(contentsOf: samplesFolder.appendingPathComponent("kiosk.json"))
            scene.handleKey("Down")
            scene.handleKey("Down")
            scene.layout(size: CGSize(width: 800, height: 600))
            let item = try #require(layer(scene, "menu")?.sublayers?[2])
            #expect(item.position == CGPoint(x: 400, y: 300))
            #expect(layer(scene, "selection")?.position == CGPoint(x: 400, y: 300))
        }

        @Test func followConvertsBetweenCoordinateSpaces() throws {
            let scene = try loadScene(
                #"""
                { "size": [400, 400], "state": { "i": { "min": 0, "max": 1 } },
                  "root": { "sublayers": [
                    { "name": "list", "frame": [100, 50, 200, 200], "sublayerTransform": [{ "scale": 2 }],
                      "sublayers": [{ "position": [10, 10] }, { "position": [20, 30] }] },
                    { "name": "marker", "bounds": [0, 0, 4, 4] } ] },
                  "keys": { "Down": [{ "increment": "i" }] },
                  "bindings": [{ "layer": "marker", "keyPath": "position", "follow": { "layer": "list", "sublayer": "$i" } }] }
                """#)
            let marker = try #require(layer(scene, "marker"))
            let list = try #require(layer(scene, "list"))
            let first = try #require(list.sublayers?.first)
            #expect(marker.position == scene.rootLayer.convert(first.position, from: list))
            #expect(marker.position != first.position)
            scene.handleKey("Down")
            let second = try #require(list.sublayers?[1])
            #expect(marker.position == scene.rootLayer.convert(second.position, from: list))
        }

        @Test func groupedActionsShareOneTransaction() throws {
            let (scene, host) = try live(
                withLayer(
                    #"{ "name": "a" }, { "name": "b" }"#,
                    extra: #"""
                        , "keys": { "x": { "transaction": { "animationDuration": 3 }, "actions": [
                            { "layer": "a", "set": { "opacity": 0 } }, { "actions": [{ "layer": "b", "set": { "opacity": 0 } }] } ] } }
                        """#))
            defer { host.detach() }
            scene.handleKey("x")
            #expect(layer(scene, "a")?.animation(forKey: "opacity")?.duration == 3)
            #expect(layer(scene, "b")?.animation(forKey: "opacity")?.duration == 3)
        }
    }
}
