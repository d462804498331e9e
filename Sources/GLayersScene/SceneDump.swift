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
        var dumper = LayerDumper(time: time)
        dumpLayer(rootLayer, into: &dumper) { write(String(decoding: $0, as: UTF8.self)) }
        write("\n  ]\n}\n")
    }

    /// What a dump carries from layer to layer: the path of the layer, the text of the one being
    /// written (its storage kept), and what it made once per class.
    private struct LayerDumper {
        let time: CFTimeInterval
        /// The layer's path as text (`root.sublayers[1].mask`), grown and cut back as the dump
        /// goes down and up the tree.
        var path: [UInt8] = Array("root".utf8)
        var text: [UInt8] = []
        var classes: [ObjectIdentifier: DumpedClass] = [:]
        var isFirst = true
    }

    /// Writes `layer`'s element of the "layers" array, then its mask's and its sublayers'.
    ///
    /// The text is what `JSONOutput.object(…).write(into:indent: 2)` writes for the layer's
    /// object, written straight into bytes: building the values first and writing them after
    /// made and freed an array or a string for every value (half of a dump).
    private func dumpLayer(_ layer: CALayer, into d: inout LayerDumper, emit: ([UInt8]) -> Void) {
        let shown = layer.presentedLayer(atMediaTime: d.time)
        let cls = type(of: layer)
        let dumped = d.classes[ObjectIdentifier(cls)] ?? DumpedClass(cls)
        d.classes[ObjectIdentifier(cls)] = dumped
        d.text.removeAll(keepingCapacity: true)
        d.text.appendASCII(d.isFirst ? "    {\n      \"path\": " : ",\n    {\n      \"path\": ")
        d.isFirst = false
        JSONOutput.write(quoting: String(decoding: d.path, as: UTF8.self), into: &d.text)
        d.text.appendASCII(",\n      \"name\": ")
        if let name = layer.name { JSONOutput.write(quoting: name, into: &d.text) } else { d.text.appendASCII("null") }
        d.text.append(contentsOf: dumped.classMember)
        d.text.appendASCII(",\n      \"animations\": ")
        JSONOutput.array((layer.animationKeys() ?? []).map { .string($0) }).write(into: &d.text, indent: 3)
        d.text.appendASCII(",\n      \"properties\": ")
        if dumped.entries.isEmpty {
            d.text.appendASCII("{}")
        } else {
            d.text.appendASCII("{")
            for (p, prefix) in zip(dumped.entries, dumped.memberPrefixes) {
                d.text.append(contentsOf: prefix)
                // The entry's value: what `value(forKey:)` answers for a declared key, without
                // looking the key up again (scene layers are glayers' own classes).
                if let stored = p.storedValue(of: shown), Self.write(stored, into: &d.text) { continue }
                let value = p.value(of: shown)
                guard !write(value, as: p.kind, into: &d.text) else { continue }
                let shownValue =
                    value == nil && (p.key == "filters" || p.key == "backgroundFilters") ? .array([]) : encode(value)
                shownValue.write(into: &d.text, indent: 4)
            }
            d.text.appendASCII("\n      }")
        }
        d.text.appendASCII("\n    }")
        emit(d.text)
        let depth = d.path.count
        if let mask = layer.mask {
            d.path.appendASCII(".mask")
            dumpLayer(mask, into: &d, emit: emit)
            d.path.removeSubrange(depth...)
        }
        for (i, sub) in (layer.sublayers ?? []).enumerated() {
            d.path.appendASCII(".sublayers[")
            d.path.append(contentsOf: String(i).utf8)
            d.path.append(UInt8(ascii: "]"))
            dumpLayer(sub, into: &d, emit: emit)
            d.path.removeSubrange(depth...)
        }
    }

    /// What a dump writes the same for every layer of a class (made once per class and dump).
    private struct DumpedClass {
        /// `,\n      "class": "CALayer"`.
        let classMember: [UInt8]
        /// CALayer's animatable presented properties, then every property of the layer's class,
        /// by name.
        let entries: [LayerProperty]
        /// What comes before each entry's value: `\n        "anchorPoint": `, with a comma
        /// before every one but the first.
        let memberPrefixes: [[UInt8]]

        init(_ cls: CALayer.Type) {
            var member = Array(",\n      \"class\": ".utf8)
            JSONOutput.write(quoting: String(describing: cls), into: &member)
            classMember = member
            let base = CALayer.properties
            entries = cls.properties.all.filter { p in base[p.key] !== p || (p.isAnimatable && p.isPresented) }
                .sorted { $0.key < $1.key }
            memberPrefixes = entries.enumerated().map { i, p in
                var prefix = Array((i == 0 ? "\n        " : ",\n        ").utf8)
                JSONOutput.write(quoting: p.key, into: &prefix)
                prefix.appendASCII(": ")
                return prefix
            }
        }
    }

    /// Writes a value of the type properties of `kind` hold, as `encode(_:)` would encode and
    /// `JSONOutput` write it, with one cast (the chain of casts in `encode(_:)` tries each type,
    /// bridging included); false, writing nothing, for another type.
    private func write(_ value: Any?, as kind: ValueKind, into out: inout [UInt8]) -> Bool {
        switch kind {
        case .number:
            if let n = value as? CGFloat {
                JSONOutput.write(Double(n), into: &out)
                return true
            }
            if let n = value as? Float {
                JSONOutput.write(Double(n), into: &out)
                return true
            }
        case .point:
            if let p = value as? CGPoint { return Self.write(numbersOf: (p.x, p.y), into: &out) }
        case .size:
            if let s = value as? CGSize { return Self.write(numbersOf: (s.width, s.height), into: &out) }
        case .rect:
            if let r = value as? CGRect {
                return Self.write(numbersOf: (r.origin.x, r.origin.y, r.width, r.height), into: &out)
            }
        case .transform:
            if let t = value as? CATransform3D {
                return Self.write(numbersOf: t, into: &out)
            }
        case .color:
            if let c = value as? CGColor {
                Self.encode(c).write(into: &out)
                return true
            }
        case .bool:
            if let b = value as? Bool {
                out.appendASCII(b ? "true" : "false")
                return true
            }
        default: break
        }
        return false
    }

    /// Writes a value a property keeps in the layer's state, as `write(_:as:into:)` writes the
    /// same value from `Any`: numbers, geometry, colours and booleans; false, writing nothing,
    /// for the others.
    private static func write(_ value: AnimatableValue, into out: inout [UInt8]) -> Bool {
        switch value {
        case .number(let n): JSONOutput.write(Double(n), into: &out)
        case .point(let p): return write(numbersOf: (p.x, p.y), into: &out)
        case .size(let s): return write(numbersOf: (s.width, s.height), into: &out)
        case .rect(let r): return write(numbersOf: (r.origin.x, r.origin.y, r.width, r.height), into: &out)
        case .transform(let t): return write(numbersOf: t, into: &out)
        case .color(let c):
            guard let rgba = c.rgba else { return false }
            write(color: rgba, into: &out)
        case .bool(let b): out.appendASCII(b ? "true" : "false")
        default: return false
        }
        return true
    }

    /// What `encode(_:)` gives for a colour, written straight into bytes.
    private static func write(color c: RGBA, into out: inout [UInt8]) {
        guard let hex = hexText(of: c) else {
            _ = write(numbersOf: (c.r, c.g, c.b, c.a), into: &out)
            return
        }
        out.append(UInt8(ascii: "\""))
        out += hex
        out.append(UInt8(ascii: "\""))
    }

    /// `[a, b, …]` for the `CGFloat`s `value` is made of (a tuple of them, or a transform's
    /// sixteen entries row by row), as `JSONOutput.array` of numbers writes them.
    private static func write<T>(numbersOf value: T, into out: inout [UInt8]) -> Bool {
        withUnsafeBytes(of: value) { raw in
            out.append(UInt8(ascii: "["))
            for i in 0..<raw.count / MemoryLayout<CGFloat>.stride {
                if i > 0 { out.appendASCII(", ") }
                JSONOutput.write(
                    Double(raw.load(fromByteOffset: i * MemoryLayout<CGFloat>.stride, as: CGFloat.self)), into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        return true
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

    static func encode(_ c: CGColor) -> JSONOutput {
        if let hex = hexText(of: c.rgba) { return .string(String(decoding: hex, as: UTF8.self)) }
        return .array([c.rgba.r, c.rgba.g, c.rgba.b, c.rgba.a].map { .number(Double($0)) })
    }

    /// A colour's scene encoding as hex text, `#RRGGBB` (with `AA` unless opaque), when every
    /// component is a whole eighth bit; nil otherwise (the colour is then its components).
    static func hexText(of c: RGBA) -> [UInt8]? {
        let v = [Double(c.r), Double(c.g), Double(c.b), Double(c.a)]
        var hex: [UInt8] = [UInt8(ascii: "#")]
        func digit(_ nibble: Int) -> UInt8 { UInt8(nibble < 10 ? 48 + nibble : 55 + nibble) }  // 0-9, A-F
        for (i, x) in v.enumerated() {
            let b = (x * 255).rounded()
            guard abs(x * 255 - b) < 1e-6, (0...255).contains(b) else { return nil }
            if i < 3 || b != 255 { hex += [digit(Int(b) >> 4), digit(Int(b) & 15)] }
        }
        return hex
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
