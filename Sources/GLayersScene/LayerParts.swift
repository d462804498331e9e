/// Layer parts that are lists of objects: filters (`{ "type": "CIBloom", "name": "pulseFilter",
/// "inputRadius": 5 }`) and constraints (`{ "attribute": "midX", "relativeTo": "superlayer",
/// "sourceAttribute": "midX", "scale": 1, "offset": 0 }`).
import Foundation
import GLayers
import GLayersJSON

extension DecodeContext {
    // MARK: Filters

    /// A list of filter objects.
    func filters(_ node: JSONValue, _ path: JSONPath) -> [CIFilter]? {
        guard let items = node.array else {
            expected("a list of filters such as { \"type\": \"CIGaussianBlur\", \"inputRadius\": 4 }", node, path)
            return nil
        }
        var out: [CIFilter] = []
        var names: [String: JSONPath] = [:]
        for (i, item) in items.enumerated() {
            guard let f = filter(item, path.index(i)) else { continue }
            if let first = names[f.name] {
                fail(
                    "two filters are named \"\(f.name)\" (the other is \(first)); key paths need unique names", item,
                    path.index(i))
            }
            names[f.name] = path.index(i)
            out.append(f)
        }
        return out.count == items.count ? out : nil
    }

    private func filter(_ node: JSONValue, _ path: JSONPath) -> CIFilter? {
        guard let obj = object(node, path, "a filter object") else { return nil }
        guard let (t, tp) = obj.member("type") else {
            fail("a filter needs a \"type\" (a Core Image name such as \"CIBloom\")", node, path)
            return nil
        }
        let known = FilterKind.allCases.map(\.rawValue)
        guard let typeName = string(t, tp) else { return nil }
        guard let kind = FilterKind(filterName: typeName), let filter = CIFilter(name: kind.rawValue) else {
            let hint = Suggestions.closest(to: typeName, among: known).map { "did you mean \"\($0)\"? " } ?? ""
            fail("unknown filter \"\(typeName)\"; \(hint)glayers draws: \(known.joined(separator: ", "))", t, tp)
            return nil
        }
        let inputs = kind.inputs.map(\.key)
        checkKeys(obj, allowed: Set(["type", "name", "enabled"] + inputs), in: "filter \(kind.rawValue)")
        if let (v, p) = obj.member("name"), let s = string(v, p) {
            if s.isEmpty || s.contains(".") {
                fail("a filter name must be non-empty and contain no '.' (it is used in key paths)", v, p)
            } else {
                filter.name = s
            }
        }
        if let (v, p) = obj.member("enabled"), let b = bool(v, p) { filter.isEnabled = b }
        for input in inputs {
            if let (v, p) = obj.member(input), let n = number(v, p) {
                let warnings = Diagnostics.capture { filter.setValue(Double(n), forKey: input) }.warnings
                for w in warnings { fail(w, v, p) }
            }
        }
        return filter
    }

    // MARK: Constraints

    static let constraintAttributes: [String: CAConstraintAttribute] = [
        "minX": .minX, "midX": .midX, "maxX": .maxX, "width": .width,
        "minY": .minY, "midY": .midY, "maxY": .maxY, "height": .height,
    ]

    /// A list of constraint objects.
    func constraints(_ node: JSONValue, _ path: JSONPath) -> [CAConstraint]? {
        guard let items = node.array else {
            expected(
                "a list of constraints such as { \"attribute\": \"midX\", \"relativeTo\": \"superlayer\" }", node, path)
            return nil
        }
        let out = items.enumerated().compactMap { constraint($0.element, path.index($0.offset)) }
        return out.count == items.count ? out : nil
    }

    private func constraint(_ node: JSONValue, _ path: JSONPath) -> CAConstraint? {
        guard let obj = object(node, path, "a constraint object") else { return nil }
        checkKeys(obj, allowed: ["attribute", "relativeTo", "sourceAttribute", "scale", "offset"], in: "a constraint")
        let names = Self.constraintAttributes.sorted { $0.value.rawValue < $1.value.rawValue }.map(\.key)
        func attribute(_ key: String) -> CAConstraintAttribute? {
            guard let (v, p) = obj.member(key), let n = name(v, p, among: names, what: "constraint attribute") else {
                return nil
            }
            return Self.constraintAttributes[n]
        }
        guard obj.has("attribute") else {
            fail("a constraint needs an \"attribute\" (\(names.joined(separator: ", ")))", node, path)
            return nil
        }
        guard let attr = attribute("attribute") else { return nil }
        let source = obj.has("sourceAttribute") ? attribute("sourceAttribute") : attr
        var relativeTo = "superlayer"
        if let (v, p) = obj.member("relativeTo") {
            guard let s = string(v, p) else { return nil }
            relativeTo = s
        }
        var scale: CGFloat = 1, offset: CGFloat = 0
        if let (v, p) = obj.member("scale") {
            guard let n = number(v, p) else { return nil }
            scale = n
        }
        if let (v, p) = obj.member("offset") {
            guard let n = number(v, p) else { return nil }
            offset = n
        }
        guard let source else { return nil }
        return CAConstraint(attribute: attr, relativeTo: relativeTo, attribute: source, scale: scale, offset: offset)
    }

    /// Reports constraints of `items` (sibling layer objects, each with its index in the list at
    /// `path`; those without constraints may be left out) whose `relativeTo` names no sibling
    /// (nor "superlayer").
    func checkConstraintSources(_ items: [(index: Int, item: JSONValue)], _ path: JSONPath, siblings: Set<String>) {
        for (i, item) in items {
            guard let list = item["constraints"]?.array else { continue }
            let own = item["name"]?.string
            for (j, c) in list.enumerated() {
                guard let rel = c["relativeTo"], let name = rel.string, name != "superlayer" else { continue }
                let p = path.index(i).key("constraints").index(j).key("relativeTo")
                if name == own {
                    fail("a layer cannot be constrained relative to itself", rel, p)
                } else if !siblings.contains(name) {
                    let hint =
                        Suggestions.closest(to: name, among: siblings.union(["superlayer"])).map {
                            "did you mean \"\($0)\"? "
                        } ?? ""
                    fail(
                        "no sibling layer is named \"\(name)\"; \(hint)constraints refer to sibling layers by name or to \"superlayer\"",
                        rel, p)
                }
            }
        }
    }
}
