/// The JSON Schema (draft 2020-12) of scene files, built from the property tables: the layer
/// classes' entries (`LayerProperty`), the emitter cell's (`EmitterCellProperty`) and the
/// animation classes' (`AnimationProperty`) give every property's name, spellings, value and
/// description; the parts that are not properties (the top level, values such as points and
/// colours, filters, behaviours and actions) are the tables of this file's extensions, next to
/// the decoders that read them. `glayers schema` prints it; `schema/scene.schema.json` is its
/// output, which a test keeps in step.
import Foundation
import GLayers
import GLayersJSON

/// The scene format's JSON Schema and the property tables of docs/scene-format.md.
package enum SceneSchema {
    /// The schema, as `glayers schema` prints it (ends with a newline).
    package static var text: String { document.render() + "\n" }

    /// The schema.
    static var document: JSONOutput {
        .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("https://github.com/glayers/glayers/schema/scene.schema.json")),
            ("title", .string("glayers scene")),
            (
                "description",
                .string(
                    "A layer tree with animations and behaviours, run by the glayers command. See docs/scene-format.md."
                )
            ),
            ("type", .string("object")),
            ("required", .array([.string("root")])),
            ("additionalProperties", .bool(false)),
            ("properties", .object(topLevel)),
            ("$defs", .object(definitions)),
        ])
    }

    /// The members of a scene file.
    private static var topLevel: [(String, JSONOutput)] {
        [
            ("$schema", .type("string")),
            ("name", .type("string").described("The window title.")),
            ("size", .ref("size").described("The window size in points (default [800, 600]).")),
            (
                "scale",
                .type("number", ("exclusiveMinimum", .number(0))).described("Pixels per point (default 1).")
            ),
            ("background", .ref("color").described("The window's background colour (default black).")),
            ("root", .ref("layer").described("The root layer; it follows the window's size.")),
            (
                "state",
                .object([
                    ("type", .string("object")), ("additionalProperties", .ref("stateVariable")),
                    ("propertyNames", .object([("pattern", .string("^[A-Za-z_][A-Za-z0-9_]*$"))])),
                ]).described("Named integers that keys change and bindings follow.")
            ),
            ("transaction", .ref("transaction").described("Settings of the transaction around key and click actions.")),
            (
                "keys",
                .object([
                    ("type", .string("object")), ("propertyNames", .ref("keysym")),
                    ("additionalProperties", .ref("actionList")),
                ]).described("Actions by X11 keysym name.")
            ),
            (
                "clicks",
                .object([("type", .string("object")), ("additionalProperties", .ref("actionList"))])
                    .described("Actions by layer name, run when the layer or one of its sublayers is clicked.")
            ),
            (
                "bindings",
                .array(of: .ref("binding")).described("Layer properties kept in step with the state.")
            ),
        ]
    }

    /// The schema's `$defs`.
    private static var definitions: [(String, JSONOutput)] {
        valueDefinitions + [
            ("layer", layerDefinition), ("emitterCell", cellDefinition), ("animation", animationDefinition),
            ("filter", filterDefinition),
        ] + behaviourDefinitions
    }
}

// MARK: Building schemas

extension JSONOutput {
    /// `{ "$ref": "#/$defs/NAME" }`.
    static func ref(_ name: String) -> JSONOutput { .object([("$ref", .string("#/$defs/" + name))]) }

    /// `{ "type": TYPE, … }`.
    static func type(_ type: String, _ more: (String, JSONOutput)...) -> JSONOutput {
        .object([("type", .string(type))] + more)
    }

    /// `{ "type": [TYPES] }`.
    static func type(_ types: [String]) -> JSONOutput {
        .object([("type", .array(types.map(JSONOutput.string)))])
    }

    /// `{ "enum": [names] }`.
    static func names(_ names: [String]) -> JSONOutput { .object([("enum", .array(names.map(JSONOutput.string)))]) }

    /// `{ "type": "array", "items": ITEMS }`, with a least and a most count when given.
    static func array(of items: JSONOutput, count: ClosedRange<Int>? = nil) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("type", .string("array")), ("items", items)]
        if let count {
            members += [
                ("minItems", .number(Double(count.lowerBound))), ("maxItems", .number(Double(count.upperBound))),
            ]
        }
        return .object(members)
    }

    /// `{ "oneOf": [choices] }`.
    static func oneOf(_ choices: [JSONOutput]) -> JSONOutput { .object([("oneOf", .array(choices))]) }

    /// A closed object (`additionalProperties: false`) with these properties.
    static func closedObject(_ properties: [(String, JSONOutput)], required: [String] = []) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("type", .string("object"))]
        if !required.isEmpty { members.append(("required", .array(required.map(JSONOutput.string)))) }
        members += [("additionalProperties", .bool(false)), ("properties", .object(properties))]
        return .object(members)
    }

    /// The schema with a description (appended to an object's members; a schema that is not an
    /// object becomes `{ "description": … }`).
    func described(_ text: String) -> JSONOutput {
        guard case .object(let members) = self else { return .object([("description", .string(text))]) }
        return .object(members.filter { $0.0 != "description" } + [("description", .string(text))])
    }

    /// The member `key` of an object.
    subscript(member key: String) -> JSONOutput? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }
}
