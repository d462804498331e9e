/// What each layer property (or key path) holds, as scenes write it. The engine's property
/// tables drive this (kinds, aliases, names from a fixed set such as `contentsGravity`, option
/// sets written as lists of names such as `autoresizingMask`); this file adds what scenes
/// decide themselves: plain strings, durations, counts and the keys a scene cannot set.
import Foundation
import GLayers
import GLayersJSON

/// The type of a value in a scene, resolved once from a layer class and a key path.
enum PropertyType: Equatable {
    /// A number; `angle` accepts `"90deg"` too.
    case number(angle: Bool)
    case bool, point, size, rect, transform, color, image, path, numbers, colors, string
    /// A number of seconds ≥ 0 (or `"infinity"`).
    case duration
    /// A repeat count ≥ 0 or `"infinity"`.
    case repeatCount
    /// One name from a fixed list.
    case name([String])
    /// A list of names from an option set, stored as its raw value.
    case options([String: UInt32])
    /// A compositing (blend mode) filter name.
    case blendMode
    /// Three numbers `[x, y, z]` (values of the `scale` and `translate` value functions).
    case vector3
    /// An integer from 0 to `PropertyTypes.maximumCount` (`instanceCount`).
    case count

    /// Whether JSON `null` is a valid value (no colour, no image, no path).
    var allowsNull: Bool {
        switch self {
        case .color, .image, .path, .blendMode: return true
        default: return false
        }
    }
}

/// Why a key or key path has no type.
struct KeyProblem: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// The tables behind `PropertyType`.
enum PropertyTypes {
    /// The entries of the engine's property tables of every layer class a scene may name.
    private static let entries: [LayerProperty] = {
        var seen = Set<ObjectIdentifier>()
        return SceneClasses.layers.flatMap { $0.1.properties.all }.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }()

    /// Swift's `is…` spellings and Apple's KVC names that differ from the engine's keys
    /// (`isHidden` → `hidden`), from the property tables.
    static let aliases: [String: String] = Dictionary(
        entries.flatMap { p in p.aliases.map { ($0, p.key) } }, uniquingKeysWith: { a, _ in a })

    /// Properties whose value is one name from a fixed list, from the property tables.
    static let names: [String: [String]] = Dictionary(
        entries.compactMap { p -> (String, [String])? in
            guard case .names(let list)? = p.choices else { return nil }
            return (p.key, list)
        }, uniquingKeysWith: { a, _ in a })

    /// Option sets written as lists of names, from the property tables.
    static let options: [String: [String: UInt32]] = Dictionary(
        entries.compactMap { p -> (String, [String: UInt32])? in
            guard case .flags(let bits)? = p.choices else { return nil }
            return (p.key, Dictionary(bits.map { ($0.name, $0.bit) }, uniquingKeysWith: { a, _ in a }))
        }, uniquingKeysWith: { a, _ in a })

    /// The largest `instanceCount` a scene may ask for (each copy is drawn every frame).
    static let maximumCount = EngineLimits.maximumInstanceCount

    /// Properties holding plain strings.
    static let strings: Set<String> = ["string", "font", "name"]

    /// Declared properties a scene cannot set, with the reason.
    static let unsettable: [String: String] = [
        "delegate": "a delegate is code; scenes cannot set it",
        "style": "set the properties directly instead of through style",
        "superlayer": "superlayer is read-only; nest the layer in \"sublayers\"",
    ]

    /// The engine's name for `key` (aliases resolved).
    static func canonical(_ key: String) -> String { aliases[key] ?? key }

    /// The type of `keyPath` on layers of `layerClass`, or a message saying why there is none.
    static func type(of keyPath: String, on layerClass: CALayer.Type) -> Result<PropertyType, KeyProblem> {
        let parts = keyPath.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let head = canonical(parts[0])
        let path = parts.count > 1 ? head + "." + parts[1] : head
        guard layerClass.declares(head) else {
            return .failure(KeyProblem(unknownKeyMessage(parts[0], layerClass: layerClass)))
        }
        if let reason = unsettable[head] { return .failure(KeyProblem(reason)) }
        if parts.count == 1 {
            if let list = names[head] { return .success(.name(list)) }
            if let table = options[head] { return .success(.options(table)) }
            if strings.contains(head) { return .success(.string) }
            if head == "compositingFilter" { return .success(.blendMode) }
            if head == "duration" || head == "repeatDuration" { return .success(.duration) }
            if head == "repeatCount" { return .success(.repeatCount) }
            if head == "instanceCount" { return .success(.count) }
        }
        guard let kind = layerClass.valueKind(forKeyPath: path) else {
            return .failure(KeyProblem(keyPathProblem(path, layerClass: layerClass)))
        }
        switch kind {
        case .number: return .success(.number(angle: path.contains("rotation") || isAngle(path)))
        case .bool: return .success(.bool)
        case .point: return .success(.point)
        case .size: return .success(.size)
        case .rect: return .success(.rect)
        case .transform: return .success(.transform)
        case .color: return .success(.color)
        case .image: return .success(.image)
        case .path: return .success(.path)
        case .numbers: return .success(.numbers)
        case .colors: return .success(.colors)
        case .object: return .failure(KeyProblem("\"\(keyPath)\" cannot be given a value here"))
        }
    }

    /// Whether the number at `keyPath` is an angle (an emitter cell's emission angles and spin).
    private static func isAngle(_ keyPath: String) -> Bool {
        let last = keyPath.split(separator: ".").last.map(String.init) ?? keyPath
        return keyPath.hasPrefix("emitterCells.") && EmitterCellProperty.named(last)?.isAngle == true
    }

    /// "unknown key" with a suggestion, or a note that another class declares the key.
    static func unknownKeyMessage(_ key: String, layerClass: CALayer.Type, extra: [String] = []) -> String {
        var message = "unknown key \"\(JSONPath.shortened(key))\" for \(layerClass)"
        if let owner = SceneClasses.layerClassDeclaring(key), owner != layerClass {
            message += "; it is a \(owner) property (set \"class\": \"\(owner)\")"
        } else if let s = Suggestions.closest(to: key, among: layerClass.declaredKeys + Array(aliases.keys) + extra) {
            message += "; did you mean \"\(s)\"?"
        }
        return message
    }

    /// Why the engine refuses `keyPath` (its own words, without the layer prefix).
    private static func keyPathProblem(_ keyPath: String, layerClass: CALayer.Type) -> String {
        let probe = CALayer.make(layerClass, initLayer: CALayer())
        do {
            _ = try probe.strictValue(forKeyPath: keyPath)
        } catch {
            let text = "\(error)"
            if let range = text.range(of: ": ") { return String(text[range.upperBound...]) }
            return text
        }
        return "bad key path \"\(keyPath)\""
    }
}
