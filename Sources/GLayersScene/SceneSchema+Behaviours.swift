/// The schema's definitions of behaviours: state variables, transactions, actions, bindings
/// and keysyms (what `BehaviourDecoder.swift`, `ActionDecoder.swift` and
/// `BindingDecoder.swift` read).
import Foundation
import GLayers
import GLayersJSON

extension SceneSchema {
    static var behaviourDefinitions: [(String, JSONOutput)] {
        let integer = JSONOutput.type("integer")
        let string = JSONOutput.type("string")
        return [
            (
                "intSource",
                JSONOutput.oneOf([integer, .type("string", ("pattern", .string(#"^\$[A-Za-z_][A-Za-z0-9_]*$"#)))])
                    .described("An integer, \"$stateName\", or \"$clickedIndex\" in click actions.")
            ),
            (
                "transaction",
                .closedObject([
                    ("animationDuration", .ref("duration")), ("disableActions", .ref("bool")),
                    ("timingFunction", .ref("timingFunction")), ("animationTimingFunction", .ref("timingFunction")),
                ])
            ),
            ("action", action),
            (
                "actionList",
                JSONOutput.oneOf([.array(of: .ref("action")), .ref("action")])
                    .described("A list of actions, or one action such as { \"transaction\": {…}, \"actions\": […] }.")
            ),
            ("keysym", JSONOutput.names(KeySyms.all.sorted()).described("An X11 keysym name (case-sensitive).")),
            (
                "stateVariable",
                .oneOf([
                    integer,
                    .closedObject([("initial", integer), ("min", integer), ("max", integer), ("wrap", .ref("bool"))]),
                ])
            ),
            (
                "binding",
                .oneOf([
                    .closedObject(
                        [
                            ("layer", string), ("keyPath", string),
                            (
                                "follow",
                                .closedObject(
                                    [("layer", string), ("sublayer", .ref("intSource")), ("keyPath", string)],
                                    required: ["layer"])
                            ),
                        ], required: ["layer", "keyPath", "follow"]),
                    .closedObject(
                        [
                            ("layer", string), ("keyPath", string), ("values", .type("array")),
                            ("index", .ref("intSource")),
                        ], required: ["layer", "keyPath", "values", "index"]),
                ])
            ),
        ]
    }

    /// One action: a branch per kind (`DecodeContext.actionKinds`).
    private static var action: JSONOutput {
        let layerName = JSONOutput.type("string").described("A layer name.")
        let stateName = JSONOutput.type("string").described("A state variable.")
        let lottieName = JSONOutput.type("string").described(
            "A LottieLayer's name (or, with sublayer, the name of a layer whose sublayers are LottieLayers).")
        let sublayer = JSONOutput.ref("intSource")
            .described("Acts on this sublayer of the layer named, picked when the action runs.")
        func branch(_ required: [String], _ properties: [(String, JSONOutput)]) -> JSONOutput {
            .closedObject(properties + [("transaction", .ref("transaction"))], required: required)
        }
        return .oneOf([
            branch(["increment"], [("increment", stateName), ("by", .type("integer"))]),
            branch(["decrement"], [("decrement", stateName), ("by", .type("integer"))]),
            branch(["set", "value"], [("set", stateName), ("value", .ref("intSource"))]),
            branch(
                ["layer", "set"],
                [("layer", layerName), ("set", JSONOutput.type("object").described("Key paths and their new values."))]),
            branch(
                ["layer", "addAnimation"],
                [("layer", layerName), ("addAnimation", .ref("animation")), ("forKey", .type("string"))]),
            branch(["layer", "removeAnimation"], [("layer", layerName), ("removeAnimation", .type("string"))]),
            branch(
                ["layer", "removeAllAnimations"],
                [("layer", layerName), ("removeAllAnimations", .object([("const", .bool(true))]))]),
            branch(["pause"], [("pause", layerName), ("sublayer", sublayer)]),
            branch(["resume"], [("resume", layerName), ("sublayer", sublayer)]),
            branch(["togglePause"], [("togglePause", layerName), ("sublayer", sublayer)]),
            branch(
                ["play"],
                [
                    ("play", lottieName), ("sublayer", sublayer), ("fromProgress", .ref("progress")),
                    ("toProgress", .ref("progress")), ("loopMode", .ref("lottieLoopMode")),
                ]),
            branch(
                ["scrub", "progress"], [("scrub", lottieName), ("sublayer", sublayer), ("progress", .ref("progress"))]),
            branch(["scrub", "by"], [("scrub", lottieName), ("sublayer", sublayer), ("by", .ref("number"))]),
            branch(["actions"], [("actions", .array(of: .ref("action")))]),
        ])
    }
}
