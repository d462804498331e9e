/// Decoding a shape layer's items (`shapes`, and `it` inside groups): paths, rectangles,
/// ellipses, stars, fills, strokes, gradients, trims, repeaters, rounded corners and group
/// transforms.
import Foundation
import GLayersJSON

extension LottieDecoder {
    func shapeItems(_ node: Node?) throws -> [ShapeItem] {
        guard let node else { return [] }
        guard let list = node.elements else {
            throw fail("expected an array of shape items, found \(node.value.typeDescription)", node)
        }
        let items = try list.map(shapeItem)
        // A trim cuts every path listed above it, in groups above it too, after any trim they
        // had: lottie-ios's layers take the nearest trim only (glayers too), so a trim over
        // trimmed paths is reported where it is listed.
        var trimmedAbove = false
        for (i, item) in items.enumerated() {
            if case .trim(let start, let end, _, _) = item, !TrimSource.keepsEverything(start, end) {
                if trimmedAbove {
                    report.note(
                        "trims of trimmed paths (only the nearest trim is applied, as lottie-ios)",
                        at: list[i].value, list[i].path)
                }
                trimmedAbove = true
            } else if case .group(let inner, _, _) = item, Self.trims(inner) {
                trimmedAbove = true
            }
        }
        return items
    }

    /// Whether `items` (or a group among them) hold a trim that cuts.
    private static func trims(_ items: [ShapeItem]) -> Bool {
        items.contains { item in
            switch item {
            case .trim(let start, let end, _, _): return !TrimSource.keepsEverything(start, end)
            case .group(let inner, _, _): return trims(inner)
            default: return false
            }
        }
    }

    private func shapeItem(_ node: Node) throws -> ShapeItem {
        guard node.value.isObject else {
            throw fail("expected a shape item object, found \(node.value.typeDescription)", node)
        }
        shapeItemCount += 1
        if shapeItemCount > Limits.shapeItems {
            throw fail("more than \(Limits.shapeItems) shape items in the file", node)
        }
        if node["hd"]?.value.bool == true { return .ignored }
        let type = node["ty"]?.value.string ?? ""
        // `d` is the direction of a path (3: reversed), and the dashes of a stroke.
        let reversed = node["d"]?.value.number == 3
        switch type {
        case "gr":
            let items = try shapeItems(node["it"])
            var transform = TransformModel()
            var rest: [ShapeItem] = []
            for item in items {
                if case .transform(let t) = item { transform = t } else { rest.append(item) }
            }
            return .group(items: rest, transform: transform, name: node["nm"]?.value.string ?? "")
        case "tr":
            return .transform(try self.transform(node))
        case "sh":
            guard let ks = node["ks"] else { throw fail("a path without \"ks\"", node) }
            return .path(try animated(ks, shape), reversed: reversed)
        case "rc":
            return .rect(
                position: try vectorProperty(node, "p", default: [0, 0]),
                size: try vectorProperty(node, "s", default: [0, 0]),
                roundness: try scalarProperty(node, "r", default: 0), reversed: reversed)
        case "el":
            return .ellipse(
                position: try vectorProperty(node, "p", default: [0, 0]),
                size: try vectorProperty(node, "s", default: [0, 0]),
                reversed: reversed)
        case "sr":
            return .star(
                StarModel(
                    isPolygon: (try number(node, "sy", default: 1)) == 2,
                    position: try vectorProperty(node, "p", default: [0, 0]),
                    points: try scalarProperty(node, "pt", default: 5),
                    rotation: try scalarProperty(node, "r", default: 0),
                    outerRadius: try scalarProperty(node, "or", default: 0),
                    innerRadius: try scalarProperty(node, "ir", default: 0),
                    outerRoundness: try scalarProperty(node, "os", default: 0),
                    innerRoundness: try scalarProperty(node, "is", default: 0), reversed: reversed))
        case "fl":
            return .fill(
                color: try colorProperty(node, "c"), opacity: try scalarProperty(node, "o", default: 100),
                evenOdd: (try number(node, "r", default: 1)) == 2)
        case "st":
            return .stroke(try stroke(node))
        case "gf":
            return .gradientFill(try gradient(node))
        case "gs":
            return .gradientStroke(try gradient(node), try stroke(node))
        case "tm":
            return .trim(
                start: try scalarProperty(node, "s", default: 0), end: try scalarProperty(node, "e", default: 100),
                offset: try scalarProperty(node, "o", default: 0),
                individually: (try number(node, "m", default: 1)) == 2)
        case "rp":
            return .repeater(try repeater(node))
        case "rd":
            return .roundedCorners(radius: try scalarProperty(node, "r", default: 0))
        case "mm":
            report.note("merge paths", at: node.value, node.path)
            return .ignored
        case "op":
            report.note("offset paths", at: node.value, node.path)
            return .ignored
        case "pb":
            report.note("pucker and bloat", at: node.value, node.path)
            return .ignored
        case "tw":
            report.note("twist", at: node.value, node.path)
            return .ignored
        case "zz":
            report.note("zig zag", at: node.value, node.path)
            return .ignored
        default:
            report.note("shape items of type \"\(type)\"", at: node.value, node.path)
            return .ignored
        }
    }

    /// A repeater as lottie-ios's Core Animation engine builds it (docs/lottie.md, "Shapes"):
    /// copy k moved and turned k times by its transform and scaled once by it, copy 0 at the
    /// bottom, every copy opaque; what it leaves out is reported where the file sets it.
    private func repeater(_ node: Node) throws -> RepeaterModel {
        let transform = try node["tr"].map { try self.transform($0) } ?? TransformModel()
        let offset = try scalarProperty(node, "o", default: 0)
        if offset.isAnimated || offset.initial != 0 {
            report.note("repeater offsets (not applied, as lottie-ios)", at: node.value, node.path.key("o"))
        }
        if let tr = node["tr"] {
            for key in ["so", "eo"] {
                let opacity = try scalarProperty(tr, key, default: 100)
                if opacity.isAnimated || opacity.initial != 100 {
                    report.note(
                        "repeater start and end opacities (not applied, as lottie-ios)", at: tr.value, tr.path.key(key))
                    break
                }
            }
            if transform.scale.isAnimated || transform.scale.initial.contains(where: { $0 != 100 }) {
                report.note(
                    "repeater scales (each copy scaled once, as lottie-ios)", at: tr.value, tr.path.key("s"))
            }
        }
        if try number(node, "m", default: 1) == 2 {
            report.note(
                "repeater copies below the original (stacked above it, as lottie-ios)", at: node.value,
                node.path.key("m"))
        }
        return RepeaterModel(copies: try scalarProperty(node, "c", default: 1), transform: transform)
    }

    private func stroke(_ node: Node) throws -> StrokeModel {
        var s = StrokeModel()
        if node["c"] != nil { s.color = try colorProperty(node, "c") }
        s.opacity = try scalarProperty(node, "o", default: 100)
        s.width = try scalarProperty(node, "w", default: 1)
        s.cap = StrokeModel.Cap(rawValue: try integer(node, "lc", default: 2)) ?? .round
        s.join = StrokeModel.Join(rawValue: try integer(node, "lj", default: 2)) ?? .round
        s.miterLimit = try number(node, "ml", default: 4)
        if let ml2 = node["ml2"] { s.miterLimit = try animated(ml2, scalar).initial }
        for dash in node["d"]?.elements ?? [] {
            guard let v = dash["v"] else { continue }
            let value = try animated(v, scalar)
            switch dash["n"]?.value.string {
            case "o": s.dashOffset = value
            case "d", "g": s.dashes.append(value)
            default: break
            }
        }
        return s
    }

    private func gradient(_ node: Node) throws -> GradientModel {
        guard let g = node["g"], let k = g["k"] else { throw fail("a gradient without stops (\"g\")", node) }
        let count = try integer(g, "p", default: 0)
        let values = try animated(k) { try numbers($0) }
        if count < 0 || count * 4 > values.initial.count {
            throw fail("\(count) colour stops, but only \(values.initial.count) numbers", g)
        }
        if node["h"] != nil || node["a"] != nil {
            let h = try scalarProperty(node, "h", default: 0)
            if h.isAnimated || h.initial != 0 {
                report.note("radial gradient highlights", at: node.value, node.path.key("h"))
            }
        }
        return GradientModel(
            radial: (try number(node, "t", default: 1)) == 2, start: try vectorProperty(node, "s", default: [0, 0]),
            end: try vectorProperty(node, "e", default: [0, 0]),
            stops: GradientStops(colorCount: count, values: values),
            opacity: try scalarProperty(node, "o", default: 100), evenOdd: (try number(node, "r", default: 1)) == 2)
    }
}
