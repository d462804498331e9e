/// Key paths into a layer's properties, resolved once from their strings into typed form:
/// `position.x`, `bounds.size.width`, `frame.origin.y`, `transform.rotation.z`,
/// `filters.pulseFilter.inputIntensity`, custom keys, and key paths of other layers reached
/// through `mask`, `superlayer` or a named sublayer (`sublayers.NAME.KEY`)
/// (docs/semantics.md#key-value-coding-and-key-paths).
import Foundation

/// A component of a struct-valued property (CAPG Appendix C, "Key-Value Coding Extensions").
enum StructComponent: String, CaseIterable {
    case x, y, width, height, origin, size
    case originX = "origin.x", originY = "origin.y", sizeWidth = "size.width", sizeHeight = "size.height"

    /// The components each struct kind has.
    static func components(of kind: ValueKind) -> [StructComponent] {
        switch kind {
        case .point: return [.x, .y]
        case .size: return [.width, .height]
        case .rect: return [.origin, .originX, .originY, .size, .sizeWidth, .sizeHeight]
        default: return []
        }
    }

    var kind: ValueKind {
        switch self {
        case .origin: return .point
        case .size: return .size
        default: return .number
        }
    }
}

/// A component of a transform (CAPG Appendix C, "Transform field value key paths", and
/// `scale.xy`; docs/semantics.md#transform-key-paths).
enum TransformComponent: String, CaseIterable {
    case rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z", rotation
    case scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z", scale
    /// The x and y scales together (z untouched): absent from Apple's table, but Core Animation
    /// takes it and real code animates it (`transform.scale.xy` pulses). Reading gives the mean
    /// of the two scales.
    case scaleXY = "scale.xy"
    case translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z"
    case translation

    var kind: ValueKind { self == .translation ? .size : .number }

    /// Whether writing the component sets several scales from one number, so that reading it
    /// back gives their mean rather than what each held: putting back the model's value means
    /// putting back its whole scale.
    var setsSeveralScales: Bool { self == .scale || self == .scaleXY }
}

/// How a key path reaches another layer: `mask.opacity`, `superlayer.position`,
/// `sublayers.NAME.opacity`.
enum LayerRelationship: Hashable, CustomStringConvertible {
    case mask, superlayer
    /// The first sublayer whose `name` is this one (`sublayers.NAME`).
    case sublayer(named: String)

    var description: String {
        switch self {
        case .mask: return "mask"
        case .superlayer: return "superlayer"
        case .sublayer(let name): return "sublayers.\(name)"
        }
    }
}

/// A key path resolved into typed form.
struct LayerKeyPath: Hashable, CustomStringConvertible {
    enum Base: Hashable {
        /// A declared property of the layer's class (its property-table entry).
        case property(LayerProperty)
        /// A key stored by key-value coding (a custom property).
        case custom(String)
        /// An input of a named filter: `filters.NAME.KEY` or `backgroundFilters.NAME.KEY`.
        case filterInput(background: Bool, name: String, input: String)
        /// The key path `rest` of another layer (nil: that layer itself), resolved on that
        /// layer when it is read or written; animations do not go through relationships.
        case related(LayerRelationship, rest: String?)
        /// A value of an emitter layer's cell: `emitterCells.NAME.KEY`.
        case emitterCell(EmitterCellKeyPath)
    }

    enum Component: Hashable {
        case structField(StructComponent)
        case transformField(TransformComponent)
    }

    let base: Base
    let component: Component?
    /// The kind of value at this key path.
    let kind: ValueKind
    /// The original string.
    let string: String

    var description: String { string }

    /// The key path of a whole declared property.
    init(property p: LayerProperty) {
        self.init(base: .property(p), component: nil, kind: p.kind, string: p.key)
    }

    init(base: Base, component: Component?, kind: ValueKind, string: String) {
        self.base = base
        self.component = component
        self.kind = kind
        self.string = string
    }

    /// The top-level key (the action key of a change to this path).
    var rootKey: String {
        switch base {
        case .property(let p): return p.key
        case .custom(let k): return k
        case .filterInput(let background, _, _): return background ? "backgroundFilters" : "filters"
        case .related(.sublayer, _): return "sublayers"
        case .related(let relationship, _): return relationship.description
        case .emitterCell: return "emitterCells"
        }
    }

    /// The property-table entry the key path starts with, if it is a declared property.
    var property: LayerProperty? {
        if case .property(let p) = base { return p }
        return nil
    }

    /// Whether an animation of the key path can change anything: false when its property is
    /// one the property table marks not animatable
    /// (docs/semantics.md#animations-of-keys-that-do-not-animate).
    var isAnimatable: Bool { property?.isAnimatable ?? true }
}

extension CALayer {
    /// Whether an animation of `keyPath` on layers of this class can change anything (see
    /// `LayerKeyPath.isAnimatable`; true for a key path that does not resolve, whose animation
    /// is refused for that).
    package class func animatesKeyPath(_ keyPath: String) -> Bool {
        (try? KeyPathResolver.resolve(keyPath, for: self))?.isAnimatable ?? true
    }
}

/// Why a key path could not be resolved.
struct KeyPathError: Error, CustomStringConvertible {
    let keyPath: String
    let reason: String
    var description: String { "key path \"\(keyPath)\": \(reason)" }
}

/// Parses key path strings for a layer class and caches the results.
enum KeyPathResolver {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var cache: [CacheKey: LayerKeyPath] = [:]

    private struct CacheKey: Hashable {
        let path: String
        let layerClass: ObjectIdentifier
    }

    /// The most key paths kept: custom keys can be any string (`"item\(n)"`), and a cache of
    /// every one ever used grew without bound (#14). A full cache starts again empty.
    static let cacheLimit = 4096

    /// How many resolved key paths are cached (for tests).
    static var cacheCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return cache.count
    }

    /// The typed form of `path` on layers of `layerClass`.
    ///
    /// - Throws `KeyPathError` for an unknown component of a struct or transform property, or a
    ///   malformed filter path. A single unknown key is a custom property (not an error).
    static func resolve(_ path: String, for layerClass: CALayer.Type, storedKinds: [String: ValueKind] = [:]) throws
        -> LayerKeyPath
    {
        let table = layerClass.properties
        if !storedKinds.isEmpty, let head = path.split(separator: ".").first.map(String.init), table[head] == nil,
            let kind = storedKinds[head]
        {
            // An undeclared custom key: its kind comes from the value the layer holds.
            return try parse(path, table: table, customKind: kind)
        }
        let key = CacheKey(path: path, layerClass: ObjectIdentifier(layerClass))
        lock.lock()
        if let hit = cache[key] {
            lock.unlock()
            return hit
        }
        lock.unlock()
        let resolved = try parse(path, table: table)
        lock.lock()
        if cache.count >= cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[key] = resolved
        lock.unlock()
        return resolved
    }

    private static func parse(_ path: String, table: PropertyTable, customKind: ValueKind? = nil) throws -> LayerKeyPath
    {
        guard !path.isEmpty else { throw KeyPathError(keyPath: path, reason: "empty key path") }
        let parts = path.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let head = parts[0]
        let rest = parts.count > 1 ? parts[1] : nil
        guard !head.isEmpty else { throw KeyPathError(keyPath: path, reason: "empty key") }

        if let p = table[head] {
            if p === LayerProperty.filters || p === LayerProperty.backgroundFilters, let rest {
                let f = rest.split(separator: ".", maxSplits: 1).map(String.init)
                guard f.count == 2, !f[0].isEmpty, !f[1].isEmpty else {
                    throw KeyPathError(keyPath: path, reason: "expected \(head).FILTERNAME.INPUTKEY")
                }
                let background = p === LayerProperty.backgroundFilters
                return LayerKeyPath(
                    base: .filterInput(background: background, name: f[0], input: f[1]), component: nil, kind: .number,
                    string: path)
            }
            guard let rest else { return LayerKeyPath(base: .property(p), component: nil, kind: p.kind, string: path) }
            if p is EmitterCellsProperty {
                let cell = try EmitterCellKeyPath.parse(rest, path: path)
                return LayerKeyPath(base: .emitterCell(cell), component: nil, kind: cell.kind, string: path)
            }
            if let relationship = try relationship(p, rest, path: path) {
                return LayerKeyPath(base: relationship, component: nil, kind: .object, string: path)
            }
            let component = try parseComponent(rest, of: p.kind, path: path, owner: head)
            return LayerKeyPath(base: .property(p), component: component.0, kind: component.1, string: path)
        }

        guard let rest else {
            return LayerKeyPath(base: .custom(head), component: nil, kind: customKind ?? .object, string: path)
        }
        guard let kind = customKind, kind != .object else {
            throw KeyPathError(
                keyPath: path,
                reason: "\"\(head)\" is not a property with components; \(suggestion(for: head, in: table))")
        }
        let component = try parseComponent(rest, of: kind, path: path, owner: head)
        return LayerKeyPath(base: .custom(head), component: component.0, kind: component.1, string: path)
    }

    /// The layer and key path that `HEAD.rest` reaches when `p` is a relationship to other
    /// layers (`mask`, `superlayer`, `sublayers`), or nil when it is not one.
    private static func relationship(_ p: LayerProperty, _ rest: String, path: String) throws -> LayerKeyPath.Base? {
        if p === LayerProperty.mask || p === LayerProperty.superlayer {
            guard !rest.isEmpty else { throw KeyPathError(keyPath: path, reason: "empty key after \"\(p.key)\"") }
            return .related(p === LayerProperty.mask ? .mask : .superlayer, rest: rest)
        }
        guard p === LayerProperty.sublayers else { return nil }
        let f = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard !f[0].isEmpty, f.count == 1 || !f[1].isEmpty else {
            throw KeyPathError(keyPath: path, reason: "expected sublayers.NAME or sublayers.NAME.KEYPATH")
        }
        return .related(.sublayer(named: f[0]), rest: f.count > 1 ? f[1] : nil)
    }

    private static func parseComponent(
        _ rest: String, of kind: ValueKind, path: String, owner: String
    ) throws -> (LayerKeyPath.Component, ValueKind) {
        if kind == .transform {
            guard let c = TransformComponent(rawValue: rest) else {
                let valid = TransformComponent.allCases.map(\.rawValue).joined(separator: ", ")
                throw KeyPathError(keyPath: path, reason: "\"\(owner)\" has no field \"\(rest)\" (valid: \(valid))")
            }
            return (.transformField(c), c.kind)
        }
        let valid = StructComponent.components(of: kind)
        guard let c = StructComponent(rawValue: rest), valid.contains(c) else {
            let reason =
                valid.isEmpty
                ? "\"\(owner)\" is \(kind.expected), which has no fields"
                : "\"\(owner)\" has no field \"\(rest)\" (valid: \(valid.map(\.rawValue).joined(separator: ", ")))"
            throw KeyPathError(keyPath: path, reason: reason)
        }
        return (.structField(c), c.kind)
    }

    /// "did you mean …" for a key that is close to a declared property.
    static func suggestion(for key: String, in table: PropertyTable) -> String {
        // No property name is this long; comparing a huge key with every name would take minutes.
        guard key.utf8.count <= 64 else { return "it is not a declared property" }
        let distance = { (name: String) in EditDistance.between(name.lowercased(), key.lowercased()) }
        let best = table.all.map(\.key).min { distance($0) < distance($1) }
        if let best, distance(best) <= max(2, key.count / 3) { return "did you mean \"\(best)\"?" }
        return "it is not a declared property"
    }
}

/// The edit distance behind "did you mean …" suggestions (key paths here, scene keys in
/// GLayersScene).
package enum EditDistance {
    /// The Levenshtein distance: insertions, deletions and substitutions of characters.
    package static func between(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var prev = Array(0...y.count), cur = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            cur[0] = i
            for j in 1...y.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[y.count]
    }
}
