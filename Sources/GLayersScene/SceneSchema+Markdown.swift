/// The property tables of docs/scene-format.md, made from the same entries and schemas as the
/// JSON Schema: each table lies between `<!-- generated: NAME -->` and `<!-- end generated -->`
/// in the document, and `glayers schema --docs docs/scene-format.md` rewrites them.
import Foundation
import GLayers
import GLayersJSON

/// Why the generated tables of a document cannot be updated.
package struct SchemaDocsProblem: Error {
    /// What is wrong, in a sentence.
    package let message: String
}

extension SceneSchema {
    /// The comment that ends a generated table.
    static let endMarker = "<!-- end generated -->"

    /// The comment that starts the generated table `name`.
    static func startMarker(_ name: String) -> String { "<!-- generated: \(name) -->" }

    /// The generated tables, by name.
    static var tables: [(name: String, text: String)] {
        [
            ("layer-classes", layerClassTable), ("calayer-properties", calayerTable),
            ("layer-class-properties", subclassTable), ("emitter-cell-keys", cellTable),
            ("animation-keys", animationTable), ("lottie-keys", lottieTable),
        ]
    }

    /// `text` with every generated table rewritten from the entries, or what is wrong (a
    /// table's markers are missing).
    package static func updatingTables(in text: String) -> Result<String, SchemaDocsProblem> {
        var out = text
        for (name, table) in tables {
            guard let start = out.range(of: startMarker(name)),
                let end = out.range(of: endMarker, range: start.upperBound..<out.endIndex)
            else {
                return .failure(
                    SchemaDocsProblem(message: "no \(startMarker(name)) … \(endMarker) for the table \"\(name)\""))
            }
            out.replaceSubrange(start.upperBound..<end.lowerBound, with: "\n" + table + "\n")
        }
        return .success(out)
    }

    // MARK: The tables

    private static func row(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |" }

    private static func table(_ header: [String], _ rows: [[String]]) -> String {
        ([row(header), row(header.map { _ in "---" })] + rows.map(row)).joined(separator: "\n")
    }

    /// `key` and its aliases, as code.
    private static func names(_ key: String, _ aliases: [String]) -> String {
        ([key] + aliases).map { "`\($0)`" }.joined(separator: " / ")
    }

    /// The rows of layer entries: key, value, description.
    private static func layerRows(_ entries: [LayerProperty], on layerClass: CALayer.Type) -> [[String]] {
        entries.filter { PropertyTypes.unsettable[$0.key] == nil }.map { p in
            [names(p.key, p.aliases), valueText(valueSchema(p, on: layerClass)), p.summary]
        }
    }

    private static var layerClassTable: String {
        let base = CALayer.properties.all
        let rows = SceneClasses.layerClasses.map { c -> [String] in
            let own = c.type == CALayer.self ? [] : c.type.properties.all.filter { p in !base.contains { $0 === p } }
            let keys = own.map { names($0.key, $0.aliases) } + c.sceneKeys.map { "`\($0.key)`" }
            return ["`\(c.name)`", keys.isEmpty ? "—" : keys.joined(separator: ", ")]
        }
        return table(["class", "its own properties (besides CALayer's)"], rows)
    }

    private static var calayerTable: String {
        let rows =
            layerRows(CALayer.properties.all, on: CALayer.self) + [
                ["`animations`", valueText(animationsSchema), animationsSummary]
            ]
        return table(["key", "value", "meaning"], rows)
    }

    private static var subclassTable: String {
        let base = CALayer.properties.all
        var rows: [[String]] = []
        for c in SceneClasses.layerClasses where c.type != CALayer.self {
            let own = c.type.properties.all.filter { p in !base.contains { $0 === p } }
            let entries =
                layerRows(own, on: c.type) + c.sceneKeys.map { ["`\($0.key)`", valueText($0.schema), $0.summary] }
            rows += entries.map { ["`\(c.name)`"] + $0 }
        }
        return table(["class", "key", "value", "meaning"], rows)
    }

    private static var lottieTable: String {
        table(
            ["key", "value", "meaning"],
            DecodeContext.lottieKeys.map { ["`\($0.key)`", valueText($0.schema), $0.summary] })
    }

    private static var cellTable: String {
        let rows = EmitterCellProperty.all.filter { DecodeContext.cellKeys.contains($0.key) }.map { p in
            [names(p.key, p.aliases), valueText(schema(of: CellValueType(p))), p.summary]
        }
        return table(["key of a cell", "value", "meaning"], rows)
    }

    private static var animationTable: String {
        let classes = SceneClasses.animations
        let rows = AnimationProperty.all.filter { $0.sceneType != nil }.map { p -> [String] in
            let users = classes.filter { AnimationKeys.entries(for: $0).contains { $0.key == p.key } }
            let who = users.count == classes.count ? "all" : users.map { "`\($0)`" }.joined(separator: ", ")
            return [names(p.key, p.aliases), who, p.sceneType.map { valueText(schema(of: $0)) } ?? "", p.summary]
        }
        return table(["key", "classes", "value", "meaning"], rows)
    }

    // MARK: Values in words

    /// The values of the definitions properties refer to, in words.
    private static let definitionWords: [String: String] = [
        "number": "number", "bool": "true/false", "numbers": "list of numbers", "angle": "angle",
        "point": "point", "size": "size", "rect": "rectangle", "color": "colour", "nullableColor": "colour or null",
        "transform": "transform", "path": "path", "nullablePath": "path or null",
        "timingFunction": "timing function", "duration": "seconds ≥ 0",
        "durationOrInfinity": "seconds ≥ 0 or `\"infinity\"`", "repeatCount": "number ≥ 0 or `\"infinity\"`",
        "blendMode": "blend mode or null", "layer": "layer", "filter": "filter", "constraint": "constraint",
        "emitterCell": "emitter cell", "animation": "animation", "progress": "progress 0…1",
        "lottieLoopMode": "`playOnce` `loop` `autoReverse` or a number > 0",
    ]

    /// A schema in words ("number ≥ 0", "list of colours", "`circular` `continuous`").
    static func valueText(_ s: JSONOutput) -> String {
        if case .string(let ref)? = s[member: "$ref"] {
            let name = String(ref.dropFirst("#/$defs/".count))
            if let words = definitionWords[name] { return words }
            return valueDefinitions.first { $0.0 == name }.map { valueText($0.1) } ?? name
        }
        if case .array(let values)? = s[member: "enum"] {
            return values.map { v in
                if case .string(let n) = v { return "`\(n)`" }
                return "null"
            }.joined(separator: " ")
        }
        if case .array(let choices)? = s[member: "oneOf"] {
            return choices.map(valueText).joined(separator: " or ")
        }
        switch s[member: "type"] {
        case .string("integer")?: return "integer" + bounds(s)
        case .string("number")?: return "number" + bounds(s)
        case .string("string")?: return "string"
        case .string("null")?: return "null"
        case .array?: return "image path or null"
        case .string("array")?:
            guard let items = s[member: "items"] else { return "list of values" }
            let words = valueText(items)
            // One of the definitions' words ("colour"): its plural.
            let plural = items[member: "$ref"] != nil && !words.hasSuffix("s")
            return "list of " + words + (plural ? "s" : "")
        case .string("object")?:
            guard let values = s[member: "additionalProperties"] else { return "object" }
            return "map: key → " + valueText(values)
        default: return "value of the key path's type"
        }
    }

    /// A number's bounds in words (" ≥ 0", " 0…1", " > 0").
    private static func bounds(_ s: JSONOutput) -> String {
        func number(_ key: String) -> String? {
            guard case .number(let n)? = s[member: key] else { return nil }
            return JSONOutput.format(n)
        }
        switch (number("minimum"), number("maximum"), number("exclusiveMinimum")) {
        case (let lo?, let hi?, _): return " \(lo)…\(hi)"
        case (let lo?, nil, _): return " ≥ \(lo)"
        case (nil, nil, let lo?): return " > \(lo)"
        default: return ""
        }
    }
}
