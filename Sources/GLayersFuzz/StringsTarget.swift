/// The `strings` fuzz target: the small languages inside scenes and the API, one per input.
/// The first byte picks the parser (and a layer class), the rest is its text:
///
/// - SVG path data, measured, trimmed and hit-tested when it parses;
/// - a JSON value decoded as the property named on the text's first line (`transform`,
///   `backgroundColor`, `path`, `contentsGravity`, …), or as a timing function;
/// - an angle (`"90deg"`), a colour string, a key script (`Down@0.5,space@1`), a keysym;
/// - a key path read, written and animated on a layer (`transform.rotation.z`,
///   `filters.blur.inputRadius`, `sublayerTransform.scale`).
///
/// Every parser must answer a value or an error; values decoded from finite text are finite.
import Foundation
import GLayers
import GLayersJSON
import GLayersScene

extension FuzzTarget {
    /// The parsers, in the order the first byte picks them; each takes a layer class name
    /// (picked by the second byte) and the text.
    private static let parsers: [(String, String) -> Void] = [
        { _, text in svgPath(text) },
        { className, text in propertyValue(text, className: className) },
        { _, text in colorString(text) },
        { _, text in angle(text) },
        { _, text in timingFunction(text) },
        { _, text in keyScript(text) },
        { className, text in keyPath(text, className: className) },
    ]

    static func runStrings(_ bytes: UnsafeRawBufferPointer) {
        var input = FuzzInput(bytes)
        let parser = parsers[input.below(parsers.count)]
        let className = input.pick(SceneValueParsing.layerClassNames)
        let text = input.rest()
        Diagnostics.capture { parser(className, text) }
    }

    // MARK: The parsers

    private static func svgPath(_ text: String) {
        guard case .success(let path) = SceneValueParsing.svgPath(text) else { return }
        // Each command adds at most a few elements (an arc at most four curves, five with a
        // start); implicit repetition needs at least a byte per number.
        let elements = path.elements.count
        Invariants.require(
            elements <= 6 * text.utf8.count + 8, "\(elements) path elements from \(text.utf8.count) bytes")
        let box = path.boundingBox
        let length = path.length
        _ = path.point(atDistance: length / 2)
        _ = path.tangent(atDistance: length / 3)
        _ = path.trimmed(from: 0.25, to: 0.75)
        if box.minX.isFinite, box.minY.isFinite, box.width.isFinite, box.height.isFinite {
            _ = path.contains(CGPoint(x: box.midX, y: box.midY))
        }
    }

    /// The text's first line names the key path; the rest is the JSON value.
    private static func propertyValue(_ text: String, className: String) {
        let (keyPath, json) = splitFirstLine(text)
        guard let value = try? JSONReader.parse(Data(json.utf8)) else { return }
        switch SceneValueParsing.decode(value, keyPath: keyPath, className: className) {
        case .success(let decoded): requireFinite(decoded, "\(className).\(keyPath) decoded from \(json.prefix(200))")
        case .failure(let errors): checkValueErrors(errors)
        }
    }

    private static func colorString(_ text: String) {
        let value = JSONValue(.string(text), at: SourcePosition(line: 1, column: 1))
        switch SceneValueParsing.decode(value, keyPath: "backgroundColor", className: "CALayer") {
        case .success(let decoded): requireFinite(decoded, "the colour \(text.prefix(200))")
        case .failure(let errors): checkValueErrors(errors)
        }
    }

    private static func angle(_ text: String) {
        guard let radians = SceneValueParsing.angle(text) else { return }
        Invariants.require(radians.isFinite, "the angle \(text.prefix(200)) is \(radians)")
    }

    private static func timingFunction(_ text: String) {
        guard let value = try? JSONReader.parse(Data(text.utf8)) else { return }
        guard case .success(let f) = SceneValueParsing.timingFunction(value) else { return }
        for x in [0, 0.25, 0.5, 0.999, 1] {
            let y = f.evaluate(x)
            Invariants.require(y.isFinite, "timing function \(f) at \(x) is \(y)")
        }
    }

    private static func keyScript(_ text: String) {
        _ = SceneValueParsing.isKnownKeysym(text)
        guard let keys = try? TimedKey.list(parsing: text) else { return }
        var last = 0.0
        for k in keys {
            Invariants.require(!k.key.isEmpty, "a key script with an empty key: \(text.prefix(200))")
            Invariants.require(k.time.isFinite && k.time >= last, "key times out of order in \(text.prefix(200))")
            last = k.time
        }
    }

    /// Reads, writes and animates `text` as a key path on a fresh layer (with a filter named
    /// `blur`, so filter key paths resolve).
    private static func keyPath(_ text: String, className: String) {
        let layer = SceneValueParsing.makeLayer(named: className) ?? CALayer()
        layer.filters = [
            CIFilter(name: "CIGaussianBlur").map { f in
                f.name = "blur"; return f
            } as Any
        ]
        let value = try? layer.strictValue(forKeyPath: text)
        for candidate: Any? in [value, 2.5, CGPoint(x: 1, y: 2), CATransform3DMakeScale(2, 2, 1), "text", nil] {
            try? layer.strictSetValue(candidate, forKeyPath: text)
        }
        _ = layer.value(forKeyPath: text)
        let animation = CABasicAnimation(keyPath: text)
        animation.fromValue = value
        animation.duration = 1
        layer.add(animation, forKey: "fuzz")
        _ = layer.presentation(atMediaTime: CACurrentMediaTime() + 0.5)
        CATransaction.flush()
    }

    // MARK: Helpers

    private static func splitFirstLine(_ text: String) -> (String, String) {
        guard let newline = text.firstIndex(of: "\n") else { return (text, "null") }
        return (String(text[..<newline]), String(text[text.index(after: newline)...]))
    }

    private static func checkValueErrors(_ errors: SceneErrors) {
        Invariants.require(!errors.errors.isEmpty, "a refused value with no error")
        for e in errors.errors {
            Invariants.require(e.line >= 1 && e.column >= 1, "an error at \(e.line):\(e.column)")
            Invariants.require(e.message.utf8.count <= 2_000, "an error message of \(e.message.utf8.count) bytes")
        }
    }

    /// Numbers, points, sizes, rects, transforms and colours in `value` are finite.
    static func requireFinite(_ value: Any?, _ what: @autoclosure () -> String) {
        Invariants.require(isFinite(value), "\(what()) is not finite: \(String(describing: value).prefix(300))")
    }

    static func isFinite(_ value: Any?) -> Bool {
        switch value {
        case let v as CGFloat: return v.isFinite
        case let v as Double: return v.isFinite
        case let v as Float: return v.isFinite
        case let p as CGPoint: return p.x.isFinite && p.y.isFinite
        case let s as CGSize: return s.width.isFinite && s.height.isFinite
        case let r as CGRect: return isFinite(r.origin) && isFinite(r.size)
        case let t as CATransform3D: return t.isFinite
        case let c as CGColor: return c.components?.allSatisfy(\.isFinite) ?? true
        case let a as [Any]: return a.allSatisfy { isFinite($0) }
        default: return true
        }
    }
}
