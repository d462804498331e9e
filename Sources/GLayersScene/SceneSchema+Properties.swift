/// The schema's layers, emitter cells, animations and filters, made from the property tables:
/// each entry's names, value (the decoder's type of it) and description.
import Foundation
import GLayers
import GLayersJSON

extension SceneSchema {
    // MARK: Layers

    static var layerDefinition: JSONOutput {
        let base = CALayer.properties.all
        var branches: [JSONOutput] = []
        for c in SceneClasses.layerClasses where c.type != CALayer.self {
            let own = c.type.properties.all.filter { p in !base.contains { $0 === p } }
            let members =
                layerProperties(own, on: c.type) + c.sceneKeys.map { ($0.key, $0.schema.described($0.summary)) }
            guard !members.isEmpty else { continue }
            branches.append(when(classIn: [c.name], then: [("properties", .object(members))]))
        }
        let classNames = JSONOutput.names(SceneClasses.layerClasses.map(\.name))
        return .object([
            ("type", .string("object")),
            (
                "description",
                .string(
                    "A layer: Core Animation's property names, plus class, sublayers, mask, constraints, filters, "
                        + "actions and animations.")
            ),
            (
                "properties",
                .object(
                    [("class", classNames.described("The layer class (default CALayer)."))]
                        + layerProperties(base, on: CALayer.self)
                        + [("animations", animationsSchema.described(animationsSummary))])
            ),
            ("allOf", .array(branches)),
            ("unevaluatedProperties", .bool(false)),
        ])
    }

    /// The schema of a layer object's `animations`.
    static var animationsSchema: JSONOutput { structuralSchema("animations") ?? .object([]) }

    /// What a layer object's `animations` holds (not a property of the layer).
    static let animationsSummary = "Explicit animations added at load, by key."

    /// The members of the entries scenes can set, with their aliases.
    static func layerProperties(_ entries: [LayerProperty], on layerClass: CALayer.Type) -> [(String, JSONOutput)] {
        entries.filter { PropertyTypes.unsettable[$0.key] == nil }.flatMap { p -> [(String, JSONOutput)] in
            let value = valueSchema(p, on: layerClass)
            return [(p.key, value.described(p.summary))] + p.aliases.map { ($0, value.described(aliasSummary(p.key))) }
        }
    }

    /// The description of Swift's spelling of a property.
    static func aliasSummary(_ key: String) -> String { "Swift's spelling of \(key)." }

    /// The schema of the value of a layer property: its structure (sublayers, filters, …), its
    /// range of whole numbers, its option set, or the decoder's type of it.
    static func valueSchema(_ p: LayerProperty, on layerClass: CALayer.Type) -> JSONOutput {
        if let structure = structuralSchema(p.key) { return structure }
        if case .integers(let range)? = p.choices {
            return .type(
                "integer", ("minimum", .number(Double(range.lowerBound))),
                ("maximum", .number(Double(range.upperBound))))
        }
        if let option = optionDefinitions.first(where: { $0.key == p.key }) { return .ref(option.definition) }
        guard case .success(let type) = PropertyTypes.type(of: p.key, on: layerClass) else { return .object([]) }
        return schema(of: type)
    }

    /// The schema of a value the decoder reads as `type`.
    static func schema(of type: PropertyType) -> JSONOutput {
        switch type {
        case .number(let angle): return .ref(angle ? "angle" : "number")
        case .bool: return .ref("bool")
        case .point: return .ref("point")
        case .size: return .ref("size")
        case .rect: return .ref("rect")
        case .transform: return .ref("transform")
        case .color: return .ref("nullableColor")
        case .image: return .type(["string", "null"])
        case .path: return .ref("nullablePath")
        case .numbers: return .ref("numbers")
        case .colors: return .array(of: .ref("color"))
        case .string: return .type("string")
        case .duration: return .ref("durationOrInfinity")
        case .repeatCount: return .ref("repeatCount")
        case .name(let list): return .names(list)
        case .options(let flags): return .array(of: .names(flags.sorted { $0.value < $1.value }.map(\.key)))
        case .blendMode: return .ref("blendMode")
        case .vector3: return .array(of: .ref("number"), count: 3...3)
        case .count:
            return .type(
                "integer", ("minimum", .number(0)), ("maximum", .number(Double(PropertyTypes.maximumCount))))
        }
    }

    /// The schema of a key of a layer object that holds a part the decoder reads by itself
    /// (`DecodeContext.structuralLayerKeys`; nil for other keys).
    static func structuralSchema(_ key: String) -> JSONOutput? {
        switch key {
        case "filters", "backgroundFilters": return .array(of: .ref("filter"))
        case "sublayers": return .array(of: .ref("layer"))
        case "mask": return .ref("layer")
        case "constraints": return .array(of: .ref("constraint"))
        case "layoutManager": return .object([("enum", .array([.string("constraints"), .null]))])
        case "emitterCells": return .array(of: .ref("emitterCell"))
        case "actions":
            return .object([
                ("type", .string("object")), ("additionalProperties", .oneOf([.type("null"), .ref("animation")])),
            ])
        case "animations":
            return .object([("type", .string("object")), ("additionalProperties", .ref("animation"))])
        default: return nil
        }
    }

    /// `{ "if": { class is one of names }, "then": { … } }`.
    static func when(classIn names: [String], then: [(String, JSONOutput)]) -> JSONOutput {
        .object([
            (
                "if",
                .object([
                    ("properties", .object([("class", .names(names))])), ("required", .array([.string("class")])),
                ])
            ),
            ("then", .object(then)),
        ])
    }

    // MARK: Emitter cells

    static var cellDefinition: JSONOutput {
        .object([
            ("type", .string("object")), ("description", .string("An emitter cell: CAEmitterCell's property names.")),
            ("properties", .object(cellProperties)), ("additionalProperties", .bool(false)),
        ])
    }

    /// The members of a cell object: the cell's entries scenes can set, with their aliases.
    static var cellProperties: [(String, JSONOutput)] {
        EmitterCellProperty.all.filter { DecodeContext.cellKeys.contains($0.key) }.flatMap {
            p -> [(String, JSONOutput)] in
            let value = schema(of: CellValueType(p))
            return [(p.key, value.described(p.summary))] + p.aliases.map { ($0, value.described(aliasSummary(p.key))) }
        }
    }

    /// The schema of a cell value the decoder reads as `type`.
    static func schema(of type: CellValueType) -> JSONOutput {
        switch type {
        case .name: return .type("string", ("pattern", .string("^[^.]+$")))
        case .bool: return .ref("bool")
        case .color: return .ref("color")
        case .rect: return .ref("rect")
        case .image: return .type(["string", "null"])
        case .positive: return .type("number", ("exclusiveMinimum", .number(0)))
        case .names(let list): return .names(list)
        case .duration: return .ref("duration")
        case .repeatCount: return .ref("repeatCount")
        case .cells: return .array(of: .ref("emitterCell"))
        case .number(let angle, let nonNegative):
            if angle { return .ref("angle") }
            return nonNegative ? .type("number", ("minimum", .number(0))) : .ref("number")
        }
    }
}
