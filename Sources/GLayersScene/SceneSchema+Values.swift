/// The schema's definitions of values (numbers, angles, points, colours, transforms, paths,
/// timing, option lists): what `ValueDecoding.swift`, `ColorDecoding.swift`,
/// `TransformDecoding.swift` and `PathDecoding.swift` read.
import Foundation
import GLayers
import GLayersJSON

extension SceneSchema {
    private static let number = JSONOutput.type("number")

    /// Numbers with a least and a most count.
    private static func numbers(_ count: ClosedRange<Int>) -> JSONOutput { .array(of: number, count: count) }

    /// An angle: radians, or degrees or radians with a unit (`DecodeContext.parseAngle`).
    private static let anglePattern = #"^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*(deg|rad)\s*$"#

    /// The option sets written as lists of names, by the name of their definition.
    static let optionDefinitions: [(definition: String, key: String)] = [
        ("autoresizingMask", "autoresizingMask"), ("cornerMask", "maskedCorners"), ("edgeMask", "edgeAntialiasingMask"),
    ]

    /// The blend modes `compositingFilter` takes: Core Image's names, Core Animation's short
    /// names, and null.
    private static var blendModes: JSONOutput {
        let modes = FilterKind.allCases.filter(\.isBlendMode).map(\.rawValue)
        let long = modes.filter { $0.hasPrefix("CI") }
        let short = long.map { $0.dropFirst(2).prefix(1).lowercased() + $0.dropFirst(3) }
        let names = long + short + modes.filter { !$0.hasPrefix("CI") }
        return .object([("enum", .array(names.map(JSONOutput.string) + [.null]))])
    }

    static var valueDefinitions: [(String, JSONOutput)] {
        let unit = JSONOutput.type("number", ("minimum", .number(0)), ("maximum", .number(1)))
        let infinity = JSONOutput.object([("const", .string("infinity"))])
        let atLeastZero = JSONOutput.type("number", ("minimum", .number(0)))
        var defs: [(String, JSONOutput)] = [
            ("number", number),
            ("bool", .type("boolean")),
            ("numbers", .array(of: number)),
            (
                "angle",
                .oneOf([number, .type("string", ("pattern", .string(anglePattern)))])
                    .described("Radians, or a string such as \"90deg\" or \"1.5rad\".")
            ),
            ("point", numbers(2...2).described("[x, y]")),
            ("size", numbers(2...2).described("[width, height]")),
            ("rect", numbers(4...4).described("[x, y, width, height]")),
            (
                "color",
                JSONOutput.oneOf([
                    .type("string", ("pattern", .string("^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"))),
                    .names(ColorNames.table.keys.sorted()), .array(of: unit, count: 3...4),
                ]).described(
                    "\"#RRGGBB\", \"#RRGGBBAA\", \"#RGB\", a colour name, or [r, g, b(, a)] with components 0…1.")
            ),
            ("nullableColor", .oneOf([.type("null"), .ref("color")])),
            (
                "transform",
                JSONOutput.oneOf([
                    .object([("const", .string("identity"))]), numbers(16...16), .array(of: .ref("transformOperation")),
                ]).described("\"identity\", 16 numbers m11…m44, or operations applied in list order.")
            ),
            ("transformOperation", transformOperation),
            (
                "path",
                JSONOutput.oneOf([.type("string"), .array(of: pathOperation)])
                    .described("SVG path data (M L H V C S Q T A Z) or a list of operations.")
            ),
            ("nullablePath", .oneOf([.type("null"), .ref("path")])),
            (
                "timingFunction",
                .oneOf([.names(DecodeContext.timingFunctionNames), numbers(4...4)])
            ),
            ("duration", atLeastZero),
            (
                "progress",
                unit.described("A Lottie progress: 0 is the first frame, 1 the end frame.")
            ),
            (
                "lottieLoopMode",
                JSONOutput.oneOf([
                    .names(DecodeContext.lottieLoopModes.map(\.0)), .type("number", ("exclusiveMinimum", .number(0))),
                ]).described("\"playOnce\", \"loop\", \"autoReverse\", or how many times to play (a number > 0).")
            ),
            ("durationOrInfinity", .oneOf([atLeastZero, infinity])),
            ("repeatCount", .oneOf([atLeastZero, infinity])),
            ("blendMode", blendModes),
        ]
        for (definition, key) in optionDefinitions {
            guard let flags = PropertyTypes.options[key] else { continue }
            let names = flags.sorted { $0.value < $1.value }.map(\.key)
            defs.append((definition, .array(of: .names(names))))
        }
        defs += [
            (
                "constraint",
                JSONOutput.closedObject(
                    [
                        ("attribute", .ref("constraintAttribute")),
                        (
                            "relativeTo",
                            .type("string").described("A sibling's name, or \"superlayer\" (the default).")
                        ),
                        ("sourceAttribute", .ref("constraintAttribute")), ("scale", number), ("offset", number),
                    ], required: ["attribute"]
                ).described("attribute = relativeTo.sourceAttribute × scale + offset")
            ),
            (
                "constraintAttribute",
                .names(DecodeContext.constraintAttributes.sorted { $0.value.rawValue < $1.value.rawValue }.map(\.key))
            ),
        ]
        return defs
    }

    /// One operation of a transform list (`TransformDecoding.swift`).
    private static var transformOperation: JSONOutput {
        let xyz = JSONOutput.array(of: number, count: 2...3)
        return .oneOf([
            .closedObject([("translate", xyz)], required: ["translate"]),
            .closedObject([("scale", .oneOf([number, xyz]))], required: ["scale"]),
            .closedObject([("rotate", .ref("angle")), ("axis", numbers(3...3))], required: ["rotate"]),
            .closedObject(
                [("perspective", .type("number", ("exclusiveMinimum", .number(0))))], required: ["perspective"]),
            .closedObject([("matrix", numbers(16...16))], required: ["matrix"]),
        ])
    }

    /// One operation of a path list (`PathDecoding.swift`).
    private static var pathOperation: JSONOutput {
        let arc = JSONOutput.closedObject(
            [
                ("center", .ref("point")), ("radius", .type("number", ("minimum", .number(0)))),
                ("startAngle", .ref("angle")), ("endAngle", .ref("angle")), ("clockwise", .ref("bool")),
            ], required: ["center", "radius", "startAngle", "endAngle"])
        let operations: [(String, JSONOutput)] = [
            ("moveTo", .ref("point")), ("lineTo", .ref("point")), ("quadCurveTo", numbers(4...4)),
            ("curveTo", numbers(6...6)), ("close", .object([("const", .bool(true))])), ("rect", .ref("rect")),
            ("ellipse", .ref("rect")), ("arc", arc),
        ]
        return .oneOf(operations.map { .closedObject([$0], required: [$0.0]) })
    }
}
