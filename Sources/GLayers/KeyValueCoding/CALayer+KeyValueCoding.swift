/// Key-value coding on layers (docs/semantics.md#key-value-coding-and-key-paths): every declared property by
/// its Core Animation name (its property-table entry does the reading and writing), any other
/// key stored as a custom property, key paths into structs, transforms and filters, and key
/// paths that go on into the mask, the superlayer or a sublayer by name.
/// Strings are resolved once (`KeyPathResolver`); values are checked against the property's
/// type and refused with a diagnostic when they do not fit.
import Foundation
import GLayersGraphics

/// A key-value coding failure: an unknown key path or a value of the wrong type.
public struct KeyValueCodingError: Error, CustomStringConvertible {
    /// What went wrong, naming the layer and the key path.
    public let message: String
    /// The message.
    public var description: String { message }
}

extension CALayer {
    /// Sets a declared property or stores a custom key; throws on a type mismatch.
    func setValueChecked(_ value: Any?, forKey key: String) throws {
        if let p = type(of: self).properties[key] {
            try p.setValue(value, on: self)
        } else {
            setCustom(key, AnimatableValue.inferring(value))
        }
    }

    /// The value of a declared property or a custom key (when unset: the style's value, else
    /// the class's default).
    func valueChecked(forKey key: String) -> Any? {
        if let p = type(of: self).properties[key] { return p.value(of: self) }
        if let v = layerState.custom[key] { return v.object }
        return styleValue(forKey: key) ?? type(of: self).defaultValue(forKey: key)
    }

    /// Whether `keyPath` has more than one key (a byte search: `utf8.contains` was a third of
    /// the fast path below).
    private static func hasDot(_ keyPath: String) -> Bool {
        var keyPath = keyPath
        return keyPath.withUTF8 { $0.contains(UInt8(ascii: ".")) }
    }

    /// Sets the value at `keyPath`, throwing `KeyValueCodingError` for an unknown path or a
    /// value of the wrong type (glayers' checked variant of `setValue(_:forKeyPath:)`).
    public func strictSetValue(_ value: Any?, forKeyPath keyPath: String) throws {
        // A declared key alone is its entry: what resolving the path would give, without the
        // resolver's cache (a scene decoder sets 300 000 plain keys for 100 000 layers).
        if !CALayer.hasDot(keyPath), let p = type(of: self).properties[keyPath] {
            return try p.setValue(value, on: self)
        }
        let path = try resolvedKeyPath(keyPath)
        guard path.component != nil else {
            switch path.base {
            case .property(let p): try p.setValue(value, on: self)
            case .custom(let key): setCustom(key, AnimatableValue.inferring(value))
            case .filterInput(let background, let name, let input):
                try setFilterInput(background: background, name, input, value, path: keyPath)
            case .related(let relationship, let rest):
                guard let rest else {
                    throw KeyValueCodingError(
                        message:
                            "\(diagnosticName): \(keyPath): a sublayer is not set by name; use replaceSublayer(_:with:)"
                    )
                }
                guard let other = try relatedLayer(relationship, keyPath: keyPath) else {
                    throw KeyValueCodingError(
                        message: "\(diagnosticName): \(keyPath): the layer has no \(relationship); nothing set")
                }
                // The other layer sets its own value: its change runs its own action.
                try other.strictSetValue(value, forKeyPath: rest)
            case .emitterCell(let cell):
                try setEmitterCellValue(value, cell, keyPath: keyPath)
            }
            return
        }
        guard let typed = ValueConversion.convert(value, to: path.kind) else {
            throw KeyValueCodingError(
                message: "\(diagnosticName): \(keyPath) expects \(path.kind.expected), got \(describeValue(value))")
        }
        guard ValueConversion.isFinite(typed) else {
            throw KeyValueCodingError(
                message: "\(diagnosticName): \(keyPath) must be finite, got \(describeValue(value))")
        }
        // Write the component into a copy of the model, then set the whole property through
        // its entry so the change runs its action under the property's name.
        var s = PresentedState(layerState)
        write(typed, through: path.stateAccess(), into: &s)
        s.finish()
        switch path.base {
        case .property(let p):
            let whole = LayerKeyPath(property: p)
            try p.setValue(read(whole.stateAccess(), from: &s), on: self)
        case .custom(let key):
            setCustom(key, s.state.custom[key] ?? .object(nil))
        case .filterInput, .related, .emitterCell:
            break
        }
    }

    /// The value at `keyPath`, throwing `KeyValueCodingError` for an unknown path.
    public func strictValue(forKeyPath keyPath: String) throws -> Any? {
        let path = try resolvedKeyPath(keyPath)
        if path.component == nil {
            switch path.base {
            case .property(let p): return p.value(of: self)
            case .custom(let key): return valueChecked(forKey: key)
            case .filterInput: break
            case .related(let relationship, let rest):
                // A missing mask or superlayer reads as nil, as a key-value coding path through
                // a nil relationship does.
                guard let other = try relatedLayer(relationship, keyPath: keyPath) else { return nil }
                return try rest.map { try other.strictValue(forKeyPath: $0) } ?? other
            case .emitterCell(let cell):
                return try emitterCellValue(cell, keyPath: keyPath)
            }
        }
        var s = PresentedState(layerState)
        return read(path.stateAccess(), from: &s)
    }

    /// The layer `relationship` reaches (on a presentation copy, its presentation copy): nil
    /// for a missing mask or superlayer.
    ///
    /// - Throws `KeyValueCodingError` when no sublayer has the name.
    private func relatedLayer(_ relationship: LayerRelationship, keyPath: String) throws -> CALayer? {
        switch relationship {
        case .mask: return mask
        case .superlayer: return superlayer
        case .sublayer(let name):
            let source = presentationSource ?? self
            guard let found = source.sublayerStorage.first(where: { $0.name == name }) else {
                let names = source.sublayerStorage.compactMap(\.name).map { "\"\($0)\"" }
                throw KeyValueCodingError(
                    message: "\(diagnosticName): \(keyPath): no sublayer named \"\(name)\""
                        + (names.isEmpty
                            ? " (no sublayer has a name)" : " (sublayers: \(names.joined(separator: ", ")))"))
            }
            return isPresentationCopy ? found.presentation(atMediaTime: presentationTime) : found
        }
    }

    /// `keyPath` resolved for this layer, or the key-value coding error that says why not.
    private func resolvedKeyPath(_ keyPath: String) throws -> LayerKeyPath {
        do {
            return try KeyPathResolver.resolve(keyPath, for: type(of: self), storedKinds: storedCustomKinds(keyPath))
        } catch {
            throw KeyValueCodingError(message: "\(diagnosticName): \(error)")
        }
    }

    /// The kind of the stored custom value a key path starts with, for undeclared keys.
    func storedCustomKinds(_ keyPath: String) -> [String: ValueKind] {
        // Most layers have no custom keys: nothing to split (a key path of a dot was split at
        // every animation added, a fortieth of building a large Lottie file). The UTF-8 view:
        // `String.contains(_:)` with a string is Foundation's, a CFString search (8 % of
        // decoding a scene of 100 000 layers).
        guard !layerState.custom.isEmpty, keyPath.utf8.contains(UInt8(ascii: ".")),
            let head = keyPath.split(separator: ".").first.map(String.init),
            let v = layerState.custom[head]
        else { return [:] }
        return [head: v.kind]
    }

    // MARK: Custom keys

    /// Sets a custom value through the change pipeline (actions run under `key`).
    func setCustom(_ key: String, _ value: AnimatableValue) {
        if isPresentationCopy {
            layerState.custom[key] = value
            return
        }
        let change = willChangeModel(key)
        layerState.custom[key] = value
        if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
        runAction(forChange: change)
    }

    // MARK: Filters

    private func setFilterInput(background: Bool, _ name: String, _ input: String, _ value: Any?, path: String) throws {
        var filters = background ? layerState.backgroundFilters : layerState.filters
        guard let i = filters.firstIndex(where: { $0.name == name }) else {
            throw KeyValueCodingError(message: "\(diagnosticName): \(path): no filter named \"\(name)\"")
        }
        guard let d = NumberCoercion.double(value), d.isFinite else {
            throw KeyValueCodingError(
                message: "\(diagnosticName): \(path) expects a finite number, got \(describeValue(value))")
        }
        guard filters[i].setInput(input, d) else {
            throw KeyValueCodingError(
                message: "\(diagnosticName): \(path): \(filters[i].kind.rawValue) has no input \"\(input)\"")
        }
        let change = willChangeModel(path)
        modifyModel { if background { $0.backgroundFilters = filters } else { $0.filters = filters } }
        runAction(forChange: change)
    }

    // MARK: Typed reads and writes

    private func write(_ value: AnimatableValue, through access: AnyStateAccess, into s: inout PresentedState) {
        switch (access, value) {
        case (.number(let a), .number(let v)): a.set(&s, v)
        case (.point(let a), .point(let v)): a.set(&s, v)
        case (.size(let a), .size(let v)): a.set(&s, v)
        case (.rect(let a), .rect(let v)): a.set(&s, v)
        case (.transform(let a), .transform(let v)): a.set(&s, v)
        case (.color(let a), .color(let v)): a.set(&s, v)
        case (.discrete(let a), _): a.set(&s, value)
        default: break
        }
    }

    func read(_ access: AnyStateAccess, from s: inout PresentedState) -> Any? {
        switch access {
        case .number(let a): return a.get(&s)
        case .point(let a): return a.get(&s)
        case .size(let a): return a.get(&s)
        case .rect(let a): return a.get(&s)
        case .transform(let a): return a.get(&s)
        case .color(let a): return a.get(&s).cgColor
        case .image(let a): return a.get(&s).shown
        case .discrete(let a): return a.get(&s).object
        }
    }
}

func describeValue(_ value: Any?) -> String {
    guard let value else { return "nil" }
    return "\(value) (\(type(of: value)))"
}

extension CALayer {
    /// The kind of value at `keyPath` on layers of this class, or nil for an unknown path
    /// (a custom key is `.object`).
    package class func valueKind(forKeyPath keyPath: String) -> ValueKind? {
        (try? KeyPathResolver.resolve(keyPath, for: self))?.kind
    }
}
