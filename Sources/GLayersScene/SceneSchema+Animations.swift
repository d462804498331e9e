/// The schema's animations (from the animation classes' entries, `AnimationProperty`) and
/// filters (from the filters the renderer draws, `FilterKind`).
import Foundation
import GLayers
import GLayersJSON

extension SceneSchema {
    // MARK: Animations

    static var animationDefinition: JSONOutput {
        let timing = AnimationKeys.entries(for: "CAAnimation")
        func own(_ name: String) -> [(String, JSONOutput)] {
            animationProperties(AnimationKeys.entries(for: name).filter { p in !timing.contains { $0.key == p.key } })
        }
        var branches: [JSONOutput] = [
            .object([
                ("if", .object([("not", .object([("required", .array([.string("class")]))]))])),
                ("then", .object([("properties", .object(own(AnimationKeys.defaultClass)))])),
            ])
        ]
        for name in SceneClasses.animations {
            var then: [(String, JSONOutput)] = [("properties", .object(own(name)))]
            let required = AnimationKeys.required(for: name)
            if !required.isEmpty { then.append(("required", .array(required.map(JSONOutput.string)))) }
            branches.append(when(classIn: [name], then: then))
        }
        return .object([
            ("type", .string("object")),
            ("description", .string("An animation (CABasicAnimation unless class says otherwise).")),
            (
                "properties",
                .object(
                    [("class", JSONOutput.names(SceneClasses.animations).described("The animation class."))]
                        + animationProperties(timing))
            ),
            ("allOf", .array(branches)),
            ("unevaluatedProperties", .bool(false)),
        ])
    }

    /// The members of animation entries, with their aliases.
    static func animationProperties(_ entries: [AnimationProperty]) -> [(String, JSONOutput)] {
        entries.flatMap { p -> [(String, JSONOutput)] in
            guard let type = p.sceneType else { return [] }
            let value = schema(of: type)
            return [(p.key, value.described(p.summary))] + p.aliases.map { ($0, value.described(aliasSummary(p.key))) }
        }
    }

    /// The schema of an animation value scenes write as `type`.
    static func schema(of type: AnimationValueType) -> JSONOutput {
        switch type {
        case .number: return .ref("number")
        case .fraction: return .type("number", ("minimum", .number(0)), ("maximum", .number(1)))
        case .duration: return .ref("duration")
        case .repeatCount: return .ref("repeatCount")
        case .bool: return .ref("bool")
        case .string: return .type("string")
        case .names(let list): return .names(list)
        case .timingFunction: return .ref("timingFunction")
        case .timingFunctions: return .array(of: .ref("timingFunction"))
        // A value of the animated key path's type: the schema cannot know the key path's type.
        case .value: return .object([])
        case .values: return .type("array", ("minItems", .number(1)))
        case .numbers: return .ref("numbers")
        case .path: return .ref("path")
        case .animations: return .array(of: .ref("animation"))
        }
    }

    // MARK: Filters

    static var filterDefinition: JSONOutput {
        let filters = FilterKind.allCases.filter { !$0.isBlendMode }
        let branches = filters.map { kind -> JSONOutput in
            .object([
                ("if", .object([("properties", .object([("type", .object([("const", .string(kind.rawValue))]))]))])),
                ("then", .object([("properties", .object(kind.inputs.map { ($0.key, .ref("number")) }))])),
            ])
        }
        // Core Image's names: `xor` has none (docs/semantics.md#filters-and-blend-modes).
        let names = FilterKind.allCases.map(\.rawValue).filter { $0.hasPrefix("CI") }
        return .object([
            ("type", .string("object")),
            (
                "description",
                .string("A filter: { \"type\": \"CIBloom\", \"name\": \"pulseFilter\", \"inputRadius\": 5 }.")
            ),
            (
                "properties",
                .object([
                    ("type", JSONOutput.names(names).described("The Core Image filter name.")),
                    (
                        "name",
                        JSONOutput.type("string", ("pattern", .string("^[^.]+$")))
                            .described("The name key paths use: filters.NAME.INPUT.")
                    ),
                    ("enabled", .ref("bool")),
                ])
            ),
            ("required", .array([.string("type")])),
            ("allOf", .array(branches)),
            ("unevaluatedProperties", .bool(false)),
        ])
    }
}
