import Foundation
import GLayers
import GLayersJSON
import Testing

@testable import GLayersScene

extension SceneSerialTests {
    /// Every kind of scene error, with its exact message, line, column and JSON path.
    @Suite struct SceneErrorTests {
        @Test func syntaxErrorsNameFileLineColumnAndPath() {
            #expect(
                theError("{\n  \"root\": {\n    \"opacity\": 1\n    \"name\": \"x\"\n  }\n}")
                    == "test.json:4:5: root: expected ',' or '}' after object member")
            #expect(theError("[1, 2]") == "test.json:1:1: expected a scene object { \"root\": { … } }, got an array")
        }

        @Test func topLevelKeys() {
            #expect(
                theError(#"{ "root": {}, "sise": [1, 2] }"#)
                    == "test.json:1:15: sise: unknown key \"sise\" for a scene; did you mean \"size\"?")
            #expect(theError(#"{ "name": "x" }"#) == "test.json:1:1: a scene needs a \"root\" layer")
            #expect(theError(#"{ "root": {}, "size": [0, 10] }"#) == "test.json:1:23: size: the size must be positive")
            #expect(theError(#"{ "root": {}, "scale": -2 }"#) == "test.json:1:24: scale: expected a number > 0, got -2")
        }

        @Test func wrongTypes() {
            #expect(
                theError(withLayer(#"{ "opacity": "high" }"#))
                    == "test.json:3:18: root.sublayers[0].opacity: expected a number, got the string \"high\"")
            #expect(
                theError(withLayer(#"{ "masksToBounds": 1 }"#))
                    == "test.json:3:24: root.sublayers[0].masksToBounds: expected true or false, got the number 1")
            #expect(
                theError(withLayer(#"{ "position": [1, 2, 3] }"#))
                    == "test.json:3:19: root.sublayers[0].position: expected a point [x, y], got an array")
            #expect(
                theError(withLayer(#"{ "sublayers": {} }"#))
                    == "test.json:3:20: root.sublayers[0].sublayers: expected a list of layers, got an object")
        }

        @Test func unknownKeysSuggestTheClosest() {
            #expect(
                theError(withLayer(#"{ "opacty": 1 }"#))
                    == "test.json:3:7: root.sublayers[0].opacty: unknown key \"opacty\" for CALayer; did you mean \"opacity\"?"
            )
            #expect(
                theError(withLayer(#"{ "string": "hi" }"#))
                    == "test.json:3:7: root.sublayers[0].string: unknown key \"string\" for CALayer; it is a CATextLayer property (set \"class\": \"CATextLayer\")"
            )
            #expect(
                theError(withLayer(#"{ "delegate": 1 }"#))
                    == "test.json:3:19: root.sublayers[0].delegate: a delegate is code; scenes cannot set it")
        }

        @Test func aliasesAndSchemaKey() {
            #expect(
                theError(withLayer(#"{ "hidden": true, "isHidden": false }"#))
                    == "test.json:3:23: root.sublayers[0].isHidden: \"hidden\" and \"isHidden\" are the same property; give only one"
            )
            #expect(sceneErrors(#"{ "$schema": "../schema/scene.schema.json", "root": { "isHidden": true } }"#).isEmpty)
            #expect(
                theError(withLayer(#"{ "style": {} }"#))
                    == "test.json:3:16: root.sublayers[0].style: set the properties directly instead of through style")
        }

        /// The decoder looks for key problems, aliases and parts only in objects that have them
        /// (found in one pass over the members): an object with all of them reports each, at its
        /// place.
        @Test func problemsOfEveryKindInOneObject() {
            let json = withLayer(
                #"{ "sublayers": {}, "opacity": "high", "isHidden": false, "opacty": 1, "hidden": true }"#)
            #expect(
                sceneErrors(json).map(\.description) == [
                    "test.json:3:20: root.sublayers[0].sublayers: expected a list of layers, got an object",
                    "test.json:3:35: root.sublayers[0].opacity: expected a number, got the string \"high\"",
                    "test.json:3:43: root.sublayers[0].isHidden: \"hidden\" and \"isHidden\" are the same property; give only one",
                    "test.json:3:62: root.sublayers[0].opacty: unknown key \"opacty\" for CALayer; did you mean \"opacity\"?",
                ])
        }

        @Test func unknownClasses() {
            #expect(
                theError(withLayer(#"{ "class": "CATextlayer" }"#))
                    == "test.json:3:16: root.sublayers[0].class: unknown layer class \"CATextlayer\"; did you mean \"CATextLayer\"? expected one of: CALayer, CATextLayer, CAShapeLayer, CAGradientLayer, CAReplicatorLayer, CATransformLayer, CAScrollLayer, CATiledLayer, CAEmitterLayer, LottieLayer"
            )
            let anim = withLayer(
                #"{ "animations": { "a": { "class": "CABasicAnimaton", "keyPath": "opacity", "toValue": 1 } } }"#)
            #expect(
                theError(anim).hasPrefix(
                    "test.json:3:39: root.sublayers[0].animations.a.class: unknown animation class \"CABasicAnimaton\"; did you mean \"CABasicAnimation\"?"
                ))
        }

        @Test func badNamesColoursAndTransforms() {
            #expect(
                theError(withLayer(#"{ "contentsGravity": "centre" }"#)).hasPrefix(
                    "test.json:3:26: root.sublayers[0].contentsGravity: unknown value \"centre\"; did you mean \"center\"? expected one of: center, top,"
                ))
            #expect(
                theError(withLayer(##"{ "backgroundColor": "#GG0000" }"##))
                    == "test.json:3:26: root.sublayers[0].backgroundColor: bad colour \"#GG0000\": expected \"#RGB\", \"#RRGGBB\" or \"#RRGGBBAA\" with hexadecimal digits"
            )
            #expect(
                theError(withLayer(#"{ "transform": [{ "rotate": "90 degrees" }] }"#))
                    == "test.json:3:33: root.sublayers[0].transform[0].rotate: expected an angle (radians, or a string such as \"90deg\"), got the string \"90 degrees\""
            )
            #expect(
                theError(withLayer(#"{ "autoresizingMask": ["layerWidthSizeable"] }"#)).hasPrefix(
                    "test.json:3:28: root.sublayers[0].autoresizingMask[0]: unknown option \"layerWidthSizeable\"; did you mean \"layerWidthSizable\"?"
                ))
            #expect(
                theError(withLayer(#"{ "compositingFilter": "multiply" }"#)).hasPrefix(
                    "test.json:3:28: root.sublayers[0].compositingFilter: unknown blend mode \"multiply\"; expected one of: CIMultiplyBlendMode,"
                ))
        }

        @Test func negativeDurationsAndBothRepeats() {
            let a = withLayer(#"{ "animations": { "pulse": { "keyPath": "opacity", "toValue": 0, "duration": -1 } } }"#)
            #expect(
                theError(a)
                    == "test.json:3:82: root.sublayers[0].animations.pulse.duration: expected a number of seconds ≥ 0, got -1"
            )
            let b = withLayer(
                #"{ "animations": { "p": { "keyPath": "opacity", "toValue": 0, "repeatCount": 2, "repeatDuration": 3 } } }"#
            )
            #expect(
                theError(b)
                    == "test.json:3:102: root.sublayers[0].animations.p.repeatDuration: give repeatCount or repeatDuration, not both (Core Animation leaves the pair undefined)"
            )
        }

        @Test func nanIsRefused() {
            #expect(
                theError(withLayer(#"{ "opacity": NaN }"#))
                    == "test.json:3:18: root.sublayers[0].opacity: NaN is not a JSON number")
            #expect(
                theError(withLayer(#"{ "opacity": "NaN" }"#))
                    == "test.json:3:18: root.sublayers[0].opacity: NaN is not allowed; expected a finite number")
        }

        @Test func badKeyPaths() {
            let a = withLayer(#"{ "animations": { "a": { "keyPath": "position.z", "toValue": 1 } } }"#)
            #expect(
                theError(a)
                    == "test.json:3:41: root.sublayers[0].animations.a.keyPath: key path \"position.z\": \"position\" has no field \"z\" (valid: x, y)"
            )
            let b = withLayer(#"{ "animations": { "a": { "keyPath": "opacityy", "toValue": 1 } } }"#)
            #expect(
                theError(b)
                    == "test.json:3:41: root.sublayers[0].animations.a.keyPath: unknown key \"opacityy\" for CALayer; did you mean \"opacity\"?"
            )
            let c = withLayer(#"{ "animations": { "opacty": { "toValue": 1 } } }"#)
            #expect(
                theError(c)
                    == "test.json:3:33: root.sublayers[0].animations.opacty: the animation has no keyPath, so it animates its key \"opacty\": unknown key \"opacty\" for CALayer; did you mean \"opacity\"?"
            )
            let d = withLayer(
                #"{ "filters": [{ "type": "CIBloom", "name": "glow" }], "animations": { "a": { "keyPath": "filters.pulse.inputIntensity", "toValue": 1 } } }"#
            )
            #expect(
                theError(d)
                    == "test.json:3:93: root.sublayers[0].animations.a.keyPath: the layer has no filter named \"pulse\" (its filters: glow)"
            )
            let e = withLayer(
                #"{ "filters": [{ "type": "CIBloom", "name": "glow" }], "animations": { "a": { "keyPath": "filters.glow.inputIntensty", "toValue": 1 } } }"#
            )
            #expect(
                theError(e)
                    == "test.json:3:93: root.sublayers[0].animations.a.keyPath: CIBloom has no input \"inputIntensty\"; did you mean \"inputIntensity\"? inputs: inputRadius, inputIntensity"
            )
        }

        /// An animation of a key that does not animate would change nothing: reported at every
        /// load (docs/semantics.md#animations-of-keys-that-do-not-animate).
        @Test func keysThatDoNotAnimate() {
            let frame = withLayer(#"{ "animations": { "a": { "keyPath": "frame.origin.y", "toValue": 1 } } }"#)
            let expected =
                "test.json:3:41: root.sublayers[0].animations.a.keyPath: \"frame.origin.y\" does not animate: frame is not animatable (an animation of it would change nothing)"
            #expect(theError(frame) == expected)
            #expect(theError(frame) == expected, "again: not a warning given once")
            let name = withLayer(#"{ "animations": { "name": { "toValue": "other" } } }"#)
            let error = theError(name)
            #expect(error.contains("\"name\" does not animate"), "\(error)")
        }

        @Test func animationKeysOfOtherClasses() {
            let a = withLayer(#"{ "animations": { "a": { "keyPath": "opacity", "values": [0, 1] } } }"#)
            let errors = sceneErrors(a).map(\.description)
            #expect(
                errors == [
                    "test.json:3:28: root.sublayers[0].animations.a: a CABasicAnimation needs fromValue, toValue or byValue",
                    "test.json:3:52: root.sublayers[0].animations.a.values: unknown key \"values\" for CABasicAnimation; it is a CAKeyframeAnimation property (set \"class\": \"CAKeyframeAnimation\")",
                ])
        }

        @Test func keyframeChecks() {
            let a = withLayer(
                #"{ "animations": { "a": { "class": "CAKeyframeAnimation", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 1] } } }"#
            )
            #expect(
                theError(a)
                    == "test.json:3:117: root.sublayers[0].animations.a.keyTimes: expected 3 key times (one per value), got 2"
            )
            let c = withLayer(
                #"{ "animations": { "a": { "class": "CAKeyframeAnimation", "keyPath": "opacity", "path": "M 0 0 L 1 1" } } }"#
            )
            #expect(
                theError(c)
                    == "test.json:3:92: root.sublayers[0].animations.a.path: a keyframe path animates a point property (position, anchorPoint), not \"opacity\""
            )
        }

        @Test func imagesThatFailToLoadNameTheFile() {
            let e = theError(withLayer(#"{ "contents": "images/missing.png" }"#))
            #expect(
                e.hasPrefix("test.json:3:19: root.sublayers[0].contents: cannot load image \"images/missing.png\": "))
            #expect(e.contains("samples/images/missing.png"))
            let notImage = theError(withLayer(#"{ "contents": "kiosk.json" }"#))
            #expect(notImage.contains("not a PNG, JPEG or WebP image"))
        }

        @Test func behaviourReferences() {
            let keys = #", "keys": { "down": [{ "increment": "selected" }] }"#
            #expect(
                theError(withLayer("{}", extra: keys))
                    == "test.json:4:18: keys.down: \"down\" is not an X11 keysym name; did you mean \"Down\"? (names are case-sensitive: \"Down\", \"Return\", \"space\", \"a\")"
            )
            let state = #", "keys": { "Down": [{ "increment": "selectd" }] }"#
            #expect(
                theError(withLayer("{}", extra: state))
                    == "test.json:4:42: keys.Down[0].increment: unknown state variable \"selectd\" (the scene declares no \"state\")"
            )
            let binding =
                #", "state": { "selected": { "min": 0, "max": 2 } }, "bindings": [{ "layer": "a", "keyPath": "opacity", "values": [1, 0.5, 0], "index": "$selectd" }]"#
            #expect(
                theError(withLayer(#"{ "name": "a" }"#, extra: binding))
                    == "test.json:4:140: bindings[0].index: unknown state variable \"selectd\"; did you mean \"selected\"?"
            )
            let layer = #", "keys": { "a": [{ "layer": "bx", "set": { "opacity": 0 } }] }"#
            #expect(
                theError(withLayer(#"{ "name": "box" }"#, extra: layer))
                    == "test.json:4:35: keys.a[0].layer: no layer is named \"bx\"; did you mean \"box\"?")
        }

        @Test func ambiguousNamesAndRanges() {
            let twice = withLayer(
                #"{ "name": "a" }, { "name": "a" }"#, extra: #", "keys": { "a": [{ "pause": "a" }] }"#)
            #expect(
                theError(twice)
                    == "test.json:4:35: keys.a[0].pause: 2 layers are named \"a\" (root.sublayers[0], root.sublayers[1]); give the one you mean a unique name"
            )
            let range =
                #", "state": { "s": { "min": 0, "max": 3 } }, "bindings": [{ "layer": "a", "keyPath": "opacity", "values": [1, 0.5, 0], "index": "$s" }]"#
            #expect(
                theError(withLayer(#"{ "name": "a" }"#, extra: range))
                    == "test.json:4:133: bindings[0].index: state \"s\" ranges over 0…3 but there are 3 values (indices 0…2)"
            )
        }

        @Test func constraintSources() {
            let c = withLayer(#"{ "name": "a", "constraints": [{ "attribute": "midX", "relativeTo": "layerB" }] }"#)
            #expect(
                theError(c)
                    == "test.json:3:73: root.sublayers[0].constraints[0].relativeTo: no sibling layer is named \"layerB\"; constraints refer to sibling layers by name or to \"superlayer\""
            )
            let cycle = withLayer(
                #"{ "name": "a", "constraints": [{ "attribute": "midX", "relativeTo": "b" }] }, { "name": "b", "constraints": [{ "attribute": "midX", "relativeTo": "a" }] }"#
            )
            #expect(
                theError(cycle).hasPrefix(
                    "test.json:2:11: root: layout: CAConstraintLayoutManager: constraint cycle through"))
        }

        /// The decoder frees each layer object once decoded and keeps those with constraints for
        /// this check: a constrained layer after others, and between layers with sublayers, is
        /// still checked at its own index.
        @Test func constraintSourcesAfterOtherLayers() {
            let c = withLayer(
                #"{ "name": "x", "sublayers": [{}] }, { "name": "y" }, { "constraints": [{ "attribute": "midX", "relativeTo": "z" }] }, { "sublayers": [{ "name": "z" }] }"#
            )
            #expect(
                theError(c)
                    == "test.json:3:113: root.sublayers[2].constraints[0].relativeTo: no sibling layer is named \"z\"; did you mean \"x\"? constraints refer to sibling layers by name or to \"superlayer\""
            )
        }

        @Test func rootGeometryFollowsTheWindow() {
            #expect(
                theError(#"{ "root": { "frame": [0, 0, 10, 10] } }"#)
                    == "test.json:1:13: root.frame: the root layer follows the window; set the scene's \"size\" instead of \"frame\""
            )
        }

        @Test func severalErrorsAreCollectedInFileOrder() {
            let json = withLayer(#"{ "opacity": "x", "cornerRadius": true }, { "bogus": 1 }"#)
            let errors = sceneErrors(json)
            #expect(errors.map { "\($0.line):\($0.column)" } == ["3:18", "3:39", "3:49"])
            #expect(
                errors.map(\.path.description) == [
                    "root.sublayers[0].opacity", "root.sublayers[0].cornerRadius", "root.sublayers[1].bogus",
                ])
        }

        @Test func unreadableAndOversizedFiles() throws {
            do {
                _ = try Scene.load(contentsOf: URL(fileURLWithPath: "/nonexistent/scene.json"))
                Issue.record("loaded")
            } catch let e as SceneErrors {
                #expect(e.description.hasPrefix("/nonexistent/scene.json:1:1: cannot read the file: "))
            }
            let big = FileManager.default.temporaryDirectory.appendingPathComponent("glayers-big-\(getpid()).json")
            try Data(count: JSONReader.maximumSize + 10).write(to: big)
            defer { try? FileManager.default.removeItem(at: big) }
            do {
                _ = try Scene.load(contentsOf: big)
                Issue.record("loaded")
            } catch let e as SceneErrors {
                #expect(
                    e.errors.first?.message
                        == "the file is 16777226 bytes; scenes are limited to 16777216 bytes (16 MiB)")
            }
        }
    }
}

/// Megabytes where a name is expected give a short error, quickly (issue #14).
@Suite struct HugeNameTests {
    @Test func hugeUnknownKeysGiveShortErrors() throws {
        let key = String(repeating: "k", count: 4 << 20)
        let json = "{\"root\": {\"\(key)\": 1}, \"background\": \"\(key)\"}"
        do {
            _ = try Scene.load(data: Data(json.utf8), fileName: "huge.json")
            Issue.record("the scene loaded")
        } catch let errors as SceneErrors {
            #expect(errors.errors.count == 2)
            for e in errors.errors { #expect(e.description.utf8.count < 600, "\(e.description.prefix(200))") }
        }
    }
}
