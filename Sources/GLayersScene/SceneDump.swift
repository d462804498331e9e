/// `glayers dump`: the presentation tree at a time, as JSON, in the encodings scenes use.
///
/// For every layer, depth first (a layer, its mask, then its sublayers): its `path`
/// (`root.sublayers[1]`), `name`, `class`, the keys of its animations, and the presentation
/// value of every animatable property plus its class's own properties. Colours are
/// `"#RRGGBB"`/`"#RRGGBBAA"` when 8-bit exact and `[r, g, b, a]` otherwise; images are the
/// scene-relative path they were loaded from; paths are SVG path data.
import Foundation
import GLayers
import GLayersJSON

extension Scene {
    /// The presentation tree at media time `time` as JSON text.
    ///
    /// - The animation keys are the model layer's at the moment of the call: flush at `time`
    ///   first (`CATransaction.flush()`) so that finished animations are gone.
    public func dump(at time: CFTimeInterval) -> String {
        var text = ""
        dump(at: time) { text += $0 }
        return text
    }

    /// The same text, handed to `write` in pieces of one layer each: the memory a dump takes
    /// does not grow with the number of layers (`glayers dump` writes them as they come).
    public func dump(at time: CFTimeInterval, write: (String) -> Void) {
        let state = stateNames.map { ($0, JSONOutput.number(Double(stateValues[$0] ?? 0))) }
        // What JSONOutput.object(…).render() writes for the top object, its "layers" array
        // (never empty: the root is in it) written one element at a time.
        write("{\n  \"scene\": \(JSONOutput.quote(name)),\n  \"time\": \(JSONOutput.format(time)),\n")
        write("  \"state\": \(JSONOutput.object(state).render(indent: 1)),\n  \"layers\": [\n")
        var first = true
        var text: [UInt8] = []
        var entries: [ObjectIdentifier: DumpedClass] = [:]
        dumpLayer(rootLayer, path: JSONPath().key("root"), time: time, entries: &entries) { layer in
            text.removeAll(keepingCapacity: true)
            text.append(contentsOf: (first ? "    " : ",\n    ").utf8)
            layer.write(into: &text, indent: 2)
            write(String(decoding: text, as: UTF8.self))
            first = false
        }
        write("\n  ]\n}\n")
    }

    private func dumpLayer(
        _ layer: CALayer, path: JSONPath, time: CFTimeInterval, entries: inout [ObjectIdentifier: DumpedClass],
        emit: (JSONOutput) -> Void
    ) {
        let shown = layer.presentation(atMediaTime: time)
        let cls = type(of: layer)
        let dumped =
            entries[ObjectIdentifier(cls)]
            ?? DumpedClass(name: String(describing: cls), entries: Self.dumpedEntries(of: cls))
        entries[ObjectIdentifier(cls)] = dumped
        let properties = dumped.entries.map { p -> (String, JSONOutput) in
            // The entry's value: what `value(forKey:)` answers for a declared key, without
            // looking the key up again (scene layers are glayers' own classes).
            let value = p.value(of: shown)
            if let typed = encode(value, as: p.kind) { return (p.key, typed) }
            return (
                p.key, value == nil && (p.key == "filters" || p.key == "backgroundFilters") ? .array([]) : encode(value)
            )
        }
        emit(
            .object([
                ("path", .string("\(path)")),
                ("name", layer.name.map { .string($0) } ?? .null),
                ("class", .string(dumped.name)),
                ("animations", .array((layer.animationKeys() ?? []).map { .string($0) })),
                ("properties", .object(properties)),
            ]))
        if let mask = layer.mask { dumpLayer(mask, path: path.key("mask"), time: time, entries: &entries, emit: emit) }
        for (i, sub) in (layer.sublayers ?? []).enumerated() {
            dumpLayer(sub, path: path.key("sublayers").index(i), time: time, entries: &entries, emit: emit)
        }
    }

    /// What a dump writes the same for every layer of a class (made once per class and dump).
    private struct DumpedClass {
        let name: String
        let entries: [LayerProperty]
    }

    /// The entries a dump shows for layers of `cls`, by name: CALayer's animatable presented
    /// properties, then every property of the layer's class (made once per class and dump).
    private static func dumpedEntries(of cls: CALayer.Type) -> [LayerProperty] {
        let base = CALayer.properties
        return cls.properties.all.filter { p in base[p.key] !== p || (p.isAnimatable && p.isPresented) }
            .sorted { $0.key < $1.key }
    }

    /// A value of the type properties of `kind` hold, encoded with one cast (the chain of casts
    /// in `encode(_:)` tries each type, bridging included, and was a sixth of a dump); nil for
    /// another type.
    private func encode(_ value: Any?, as kind: ValueKind) -> JSONOutput? {
        switch kind {
        case .number:
            if let n = value as? CGFloat { return .number(Double(n)) }
            if let n = value as? Float { return .number(Double(n)) }
        case .point: if let p = value as? CGPoint { return .array([.number(Double(p.x)), .number(Double(p.y))]) }
        case .size:
            if let s = value as? CGSize { return .array([.number(Double(s.width)), .number(Double(s.height))]) }
        case .rect:
            if let r = value as? CGRect {
                return .array([r.origin.x, r.origin.y, r.width, r.height].map { .number(Double($0)) })
            }
        case .transform: if let t = value as? CATransform3D { return .array(t.entries.map { .number(Double($0)) }) }
        case .color: if let c = value as? CGColor { return Self.encode(c) }
        case .bool: if let b = value as? Bool { return .bool(b) }
        default: break
        }
        return nil
    }

    /// A property value in the encoding scenes use.
    func encode(_ value: Any?) -> JSONOutput {
        switch value {
        case nil: return .null
        case let b as Bool: return .bool(b)
        case let n as CGFloat: return .number(Double(n))
        case let n as Double: return .number(n)
        case let n as Float: return .number(Double(n))
        case let n as Int: return .number(Double(n))
        case let s as String: return .string(s)
        case let p as CGPoint: return .array([.number(Double(p.x)), .number(Double(p.y))])
        case let s as CGSize: return .array([.number(Double(s.width)), .number(Double(s.height))])
        case let r as CGRect: return .array([r.origin.x, r.origin.y, r.width, r.height].map { .number(Double($0)) })
        case let t as CATransform3D: return .array(t.entries.map { .number(Double($0)) })
        case let c as CGColor: return Self.encode(c)
        case let i as CGImage: return .string(imagePaths[i.identity] ?? "image \(i.width)x\(i.height)")
        case let p as CGPath: return .string(Self.svg(p))
        case let f as CIFilter: return .string(f.kind.rawValue)
        case let c as CAEmitterCell: return encode(cell: c)
        case let a as [NSNumber]: return .array(a.map { .number($0.doubleValue) })
        case let a as [Any]: return .array(a.map { ($0 as? CIFilter).map(Self.encode) ?? encode($0) })
        default: return .string(String(describing: value))
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF")

    static func encode(_ c: CGColor) -> JSONOutput {
        let v = [c.rgba.r, c.rgba.g, c.rgba.b, c.rgba.a].map(Double.init)
        let bytes = v.map { ($0 * 255).rounded() }
        if zip(v, bytes).allSatisfy({ abs($0 * 255 - $1) < 1e-6 }) && bytes.allSatisfy({ (0...255).contains($0) }) {
            let digits = hexDigits
            var hex = "#"
            for (i, b) in bytes.enumerated() where i < 3 || b != 255 {
                hex.append(digits[Int(b) >> 4])
                hex.append(digits[Int(b) & 15])
            }
            return .string(hex)
        }
        return .array(v.map { .number($0) })
    }

    static func encode(_ f: CIFilter) -> JSONOutput {
        var members: [(String, JSONOutput)] = [("type", .string(f.kind.rawValue)), ("name", .string(f.name))]
        if !f.isEnabled { members.append(("enabled", .bool(false))) }
        for key in f.inputKeys {
            if let v = f.value(forKey: key) as? Double { members.append((key, .number(v))) }
        }
        return .object(members)
    }

    /// SVG path data for `path`.
    static func svg(_ path: CGPath) -> String {
        func n(_ v: CGFloat) -> String { JSONOutput.format(Double(v)) }
        func p(_ q: CGPoint) -> String { "\(n(q.x)) \(n(q.y))" }
        return path.elements.map { e -> String in
            switch e {
            case .moveTo(let a): return "M " + p(a)
            case .lineTo(let a): return "L " + p(a)
            case .quadCurveTo(let c, let a): return "Q " + p(c) + " " + p(a)
            case .curveTo(let c1, let c2, let a): return "C " + p(c1) + " " + p(c2) + " " + p(a)
            case .closeSubpath: return "Z"
            }
        }.joined(separator: " ")
    }
}
