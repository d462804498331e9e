/// Key-value coding on layers (SPEC L9): every declared property by its Core Animation name,
/// any other key stored as a custom property (A10), and key paths into structs, transforms and
/// filters. Strings are resolved once (`KeyPathResolver`); values are checked against the
/// property's type and refused with a diagnostic when they do not fit.
import Foundation
import GLayersGraphics

/// A key-value coding failure: an unknown key path or a value of the wrong type.
public struct KeyValueCodingError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

extension CALayer {
    /// Sets a declared property or stores a custom key; throws on a type mismatch.
    func setValueChecked(_ value: Any?, forKey key: String) throws {
        guard let k = LayerKey(canonical: key) else {
            try setCustomValue(value, forKey: type(of: self).canonicalCustomKey(key))
            return
        }
        try setDeclared(k, value)
    }

    /// The value of a declared property or a custom key (its default when unset).
    func valueChecked(forKey key: String) -> Any? {
        guard let k = LayerKey(canonical: key) else {
            let key = type(of: self).canonicalCustomKey(key)
            if let v = layerState.custom[key] { return v.object }
            return extraValues[key] ?? type(of: self).defaultValue(forKey: key)
        }
        return declaredValue(k)
    }

    /// Sets the value at `keyPath`, throwing `KeyValueCodingError` for an unknown path or a
    /// value of the wrong type (glayers' checked variant of `setValue(_:forKeyPath:)`).
    public func strictSetValue(_ value: Any?, forKeyPath keyPath: String) throws {
        let path: LayerKeyPath
        do {
            path = try KeyPathResolver.resolve(keyPath, for: type(of: self), storedKinds: storedCustomKinds(keyPath))
        } catch {
            throw KeyValueCodingError(message: "\(diagnosticName): \(error)")
        }
        guard let component = path.component else {
            switch path.base {
            case .property(let k): try setDeclared(k, value)
            case .custom(let key): try setCustomValue(value, forKey: key)
            case .filterInput(let list, let name, let input): try setFilterInput(list, name, input, value, path: keyPath)
            }
            return
        }
        guard let typed = ValueConversion.convert(value, to: path.kind) else {
            throw KeyValueCodingError(message: "\(diagnosticName): \(keyPath) expects \(path.kind.expected), got \(describeValue(value))")
        }
        guard ValueConversion.isFinite(typed) else {
            throw KeyValueCodingError(message: "\(diagnosticName): \(keyPath) must be finite, got \(describeValue(value))")
        }
        // Write the component into a copy of the model, then set the whole property through
        // its setter so the change runs its action under the property's name.
        var s = EvalState(layerState)
        write(typed, through: path.lens(), into: &s)
        s.finish()
        switch path.base {
        case .property(let k):
            try setDeclared(k, LayerKeyPath.propertyLensValue(k, s.state))
        case .custom(let key):
            try setCustomValue(s.state.custom[key]?.object, forKey: key)
        case .filterInput:
            break
        }
        _ = component
    }

    /// The value at `keyPath`, throwing `KeyValueCodingError` for an unknown path.
    public func strictValue(forKeyPath keyPath: String) throws -> Any? {
        let path: LayerKeyPath
        do {
            path = try KeyPathResolver.resolve(keyPath, for: type(of: self), storedKinds: storedCustomKinds(keyPath))
        } catch {
            throw KeyValueCodingError(message: "\(diagnosticName): \(error)")
        }
        if path.component == nil {
            switch path.base {
            case .property(let k): return declaredValue(k)
            case .custom(let key): return valueChecked(forKey: key)
            case .filterInput: break
            }
        }
        var s = EvalState(layerState)
        return read(path.lens(), from: &s)
    }

    /// The kind of the stored custom value a key path starts with, for undeclared keys.
    func storedCustomKinds(_ keyPath: String) -> [String: ValueKind] {
        guard keyPath.contains("."), let head = keyPath.split(separator: ".").first.map(String.init),
            let v = layerState.custom[head]
        else { return [:] }
        return [head: v.kind]
    }

    // MARK: Declared properties

    private func setDeclared(_ k: LayerKey, _ value: Any?) throws {
        func fail() -> KeyValueCodingError {
            KeyValueCodingError(message: "\(diagnosticName): \(k.rawValue) expects \(k.valueKind.expected), got \(describeValue(value))")
        }
        func typed(_ kind: ValueKind) throws -> AnimatableValue {
            guard let v = ValueConversion.convert(value, to: kind) else { throw fail() }
            guard ValueConversion.isFinite(v) else {
                throw KeyValueCodingError(message: "\(diagnosticName): \(k.rawValue) must be finite, got \(describeValue(value))")
            }
            return v
        }
        func number() throws -> CGFloat { if case .number(let n) = try typed(.number) { return n }; throw fail() }
        // Bit masks from any number: NaN is no bits, out-of-range values saturate.
        func bits() throws -> Int {
            let n = try number()
            return n.isNaN ? 0 : Int(max(-0x1p62, min(0x1p62, n)))
        }
        func bool() throws -> Bool { if case .bool(let b) = try typed(.bool) { return b }; throw fail() }
        func string() throws -> String { guard let s = value as? String else { throw fail() }; return s }
        switch k {
        case .bounds: if case .rect(let r) = try typed(.rect) { bounds = r }
        case .frame: if case .rect(let r) = try typed(.rect) { frame = r }
        case .contentsRect: if case .rect(let r) = try typed(.rect) { contentsRect = r }
        case .contentsCenter: if case .rect(let r) = try typed(.rect) { contentsCenter = r }
        case .position: if case .point(let p) = try typed(.point) { position = p }
        case .anchorPoint: if case .point(let p) = try typed(.point) { anchorPoint = p }
        case .shadowOffset: if case .size(let s) = try typed(.size) { shadowOffset = s }
        case .transform: if case .transform(let t) = try typed(.transform) { transform = t }
        case .sublayerTransform: if case .transform(let t) = try typed(.transform) { sublayerTransform = t }
        case .zPosition: zPosition = try number()
        case .anchorPointZ: anchorPointZ = try number()
        case .opacity: opacity = Float(try number())
        case .cornerRadius: cornerRadius = try number()
        case .borderWidth: borderWidth = try number()
        case .shadowOpacity: shadowOpacity = Float(try number())
        case .shadowRadius: shadowRadius = try number()
        case .contentsScale: contentsScale = try number()
        case .rasterizationScale: rasterizationScale = try number()
        case .minificationFilterBias: minificationFilterBias = Float(try number())
        case .beginTime: beginTime = try number()
        case .duration: duration = try number()
        case .speed: speed = Float(try number())
        case .timeOffset: timeOffset = try number()
        case .repeatCount: repeatCount = Float(try number())
        case .repeatDuration: repeatDuration = try number()
        case .hidden: isHidden = try bool()
        case .masksToBounds: masksToBounds = try bool()
        case .doubleSided: isDoubleSided = try bool()
        case .opaque: isOpaque = try bool()
        case .geometryFlipped: isGeometryFlipped = try bool()
        case .allowsGroupOpacity: allowsGroupOpacity = try bool()
        case .allowsEdgeAntialiasing: allowsEdgeAntialiasing = try bool()
        case .shouldRasterize: shouldRasterize = try bool()
        case .needsDisplayOnBoundsChange: needsDisplayOnBoundsChange = try bool()
        case .drawsAsynchronously: drawsAsynchronously = try bool()
        case .autoreverses: autoreverses = try bool()
        case .backgroundColor: if case .color(let c) = try typed(.color) { backgroundColor = c.cgColor }
        case .borderColor: if case .color(let c) = try typed(.color) { borderColor = c.cgColor }
        case .shadowColor: if case .color(let c) = try typed(.color) { shadowColor = c.cgColor }
        case .shadowPath: if case .path(let p) = try typed(.path) { shadowPath = p }
        case .contents: contents = value
        case .contentsGravity: contentsGravity = CALayerContentsGravity(rawValue: try string())
        case .contentsFormat: contentsFormat = CALayerContentsFormat(rawValue: try string())
        case .minificationFilter: minificationFilter = CALayerContentsFilter(rawValue: try string())
        case .magnificationFilter: magnificationFilter = CALayerContentsFilter(rawValue: try string())
        case .cornerCurve: cornerCurve = CALayerCornerCurve(rawValue: try string())
        case .fillMode: fillMode = CAMediaTimingFillMode(rawValue: try string())
        case .name: name = value as? String
        case .filters:
            guard value == nil || value is [Any] else { throw fail() }
            filters = value as? [Any]
        case .backgroundFilters:
            guard value == nil || value is [Any] else { throw fail() }
            backgroundFilters = value as? [Any]
        case .compositingFilter: compositingFilter = value
        case .mask:
            guard value == nil || value is CALayer else { throw fail() }
            mask = value as? CALayer
        case .sublayers:
            guard value == nil || value is [CALayer] else { throw fail() }
            sublayers = value as? [CALayer]
        case .style: style = value as? [AnyHashable: Any]
        case .actions: actions = value as? [String: CAAction]
        case .delegate: delegate = value as? CALayerDelegate
        case .layoutManager: layoutManager = value as? CALayoutManager
        case .constraints:
            guard value == nil || value is [CAConstraint] else { throw fail() }
            constraints = value as? [CAConstraint]
        case .autoresizingMask: autoresizingMask = CAAutoresizingMask(rawValue: UInt32(clamping: try bits()))
        case .maskedCorners: maskedCorners = CACornerMask(rawValue: UInt(clamping: try bits()))
        case .edgeAntialiasingMask: edgeAntialiasingMask = CAEdgeAntialiasingMask(rawValue: UInt32(clamping: try bits()))
        case .superlayer:
            throw KeyValueCodingError(message: "\(diagnosticName): superlayer is read-only")
        }
    }

    private func declaredValue(_ k: LayerKey) -> Any? {
        switch k {
        case .bounds: return bounds
        case .frame: return frame
        case .contentsRect: return contentsRect
        case .contentsCenter: return contentsCenter
        case .position: return position
        case .anchorPoint: return anchorPoint
        case .shadowOffset: return shadowOffset
        case .transform: return transform
        case .sublayerTransform: return sublayerTransform
        case .zPosition: return zPosition
        case .anchorPointZ: return anchorPointZ
        case .opacity: return opacity
        case .cornerRadius: return cornerRadius
        case .borderWidth: return borderWidth
        case .shadowOpacity: return shadowOpacity
        case .shadowRadius: return shadowRadius
        case .contentsScale: return contentsScale
        case .rasterizationScale: return rasterizationScale
        case .minificationFilterBias: return minificationFilterBias
        case .beginTime: return beginTime
        case .duration: return duration
        case .speed: return speed
        case .timeOffset: return timeOffset
        case .repeatCount: return repeatCount
        case .repeatDuration: return repeatDuration
        case .hidden: return isHidden
        case .masksToBounds: return masksToBounds
        case .doubleSided: return isDoubleSided
        case .opaque: return isOpaque
        case .geometryFlipped: return isGeometryFlipped
        case .allowsGroupOpacity: return allowsGroupOpacity
        case .allowsEdgeAntialiasing: return allowsEdgeAntialiasing
        case .shouldRasterize: return shouldRasterize
        case .needsDisplayOnBoundsChange: return needsDisplayOnBoundsChange
        case .drawsAsynchronously: return drawsAsynchronously
        case .autoreverses: return autoreverses
        case .backgroundColor: return backgroundColor
        case .borderColor: return borderColor
        case .shadowColor: return shadowColor
        case .shadowPath: return shadowPath
        case .contents: return contents
        case .contentsGravity: return contentsGravity.rawValue
        case .contentsFormat: return contentsFormat.rawValue
        case .minificationFilter: return minificationFilter.rawValue
        case .magnificationFilter: return magnificationFilter.rawValue
        case .cornerCurve: return cornerCurve.rawValue
        case .fillMode: return fillMode.rawValue
        case .name: return name
        case .filters: return filters
        case .backgroundFilters: return backgroundFilters
        case .compositingFilter: return compositingFilter
        case .mask: return mask
        case .sublayers: return sublayers
        case .superlayer: return superlayer
        case .style: return style
        case .actions: return actions
        case .delegate: return delegate
        case .layoutManager: return layoutManager
        case .constraints: return constraints
        case .autoresizingMask: return autoresizingMask.rawValue
        case .maskedCorners: return maskedCorners.rawValue
        case .edgeAntialiasingMask: return edgeAntialiasingMask.rawValue
        }
    }

    // MARK: Custom keys

    /// Stores a custom (or subclass) key, typed by its declared kind when the class declares one.
    func setCustomValue(_ value: Any?, forKey key: String) throws {
        let stored: AnimatableValue
        if let kind = type(of: self).declaredKind(forKey: key), kind != .object {
            guard let v = ValueConversion.convert(value, to: kind) else {
                throw KeyValueCodingError(message: "\(diagnosticName): \(key) expects \(kind.expected), got \(describeValue(value))")
            }
            stored = v
        } else {
            stored = AnimatableValue.inferring(value)
        }
        setCustom(key, stored)
    }

    /// Sets a custom value through the change pipeline (actions run under `key`).
    func setCustom(_ key: String, _ value: AnimatableValue) {
        if isPresentationCopy {
            layerState.custom[key] = value
            return
        }
        let change = willChangeModel(key, animatable: true)
        layerState.custom[key] = value
        if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
        runAction(forChange: change)
    }

    /// A stored custom value, or the class default.
    func customValue(_ key: String) -> AnimatableValue? {
        if let v = layerState.custom[key] { return v }
        return type(of: self).defaultValue(forKey: key).map { AnimatableValue.inferring($0) }
    }

    // MARK: Filters

    private func setFilterInput(_ list: LayerKey, _ name: String, _ input: String, _ value: Any?, path: String) throws {
        var filters = list == .backgroundFilters ? layerState.backgroundFilters : layerState.filters
        guard let i = filters.firstIndex(where: { $0.name == name }) else {
            throw KeyValueCodingError(message: "\(diagnosticName): \(path): no filter named \"\(name)\"")
        }
        guard let d = NumberCoercion.double(value), d.isFinite else {
            throw KeyValueCodingError(message: "\(diagnosticName): \(path) expects a finite number, got \(describeValue(value))")
        }
        guard filters[i].setInput(input, d) else {
            throw KeyValueCodingError(message: "\(diagnosticName): \(path): \(filters[i].kind.rawValue) has no input \"\(input)\"")
        }
        let change = willChangeModel(path, animatable: true)
        if list == .backgroundFilters { layerState.backgroundFilters = filters } else { layerState.filters = filters }
        runAction(forChange: change)
    }

    // MARK: Typed reads and writes through lenses

    private func write(_ value: AnimatableValue, through lens: AnyLens, into s: inout EvalState) {
        switch (lens, value) {
        case (.number(let l), .number(let v)): l.set(&s, v)
        case (.point(let l), .point(let v)): l.set(&s, v)
        case (.size(let l), .size(let v)): l.set(&s, v)
        case (.rect(let l), .rect(let v)): l.set(&s, v)
        case (.transform(let l), .transform(let v)): l.set(&s, v)
        case (.color(let l), .color(let v)): l.set(&s, v)
        case (.discrete(let l), _): l.set(&s, value)
        default: break
        }
    }

    func read(_ lens: AnyLens, from s: inout EvalState) -> Any? {
        switch lens {
        case .number(let l): return l.get(&s)
        case .point(let l): return l.get(&s)
        case .size(let l): return l.get(&s)
        case .rect(let l): return l.get(&s)
        case .transform(let l): return l.get(&s)
        case .color(let l): return l.get(&s).cgColor
        case .image(let l): return l.get(&s).shown
        case .discrete(let l): return l.get(&s).object
        }
    }
}

extension LayerKeyPath {
    /// The whole value of property `k` in `state`, as the API takes it.
    static func propertyLensValue(_ k: LayerKey, _ state: LayerState) -> Any? {
        switch k {
        case .bounds: return state.bounds
        case .frame: return state.frame
        case .contentsRect: return state.contentsRect
        case .contentsCenter: return state.contentsCenter
        case .position: return state.position
        case .anchorPoint: return state.anchorPoint
        case .shadowOffset: return state.shadowOffset
        case .transform: return state.transform
        case .sublayerTransform: return state.sublayerTransform
        default: return nil
        }
    }
}

func describeValue(_ value: Any?) -> String {
    guard let value else { return "nil" }
    return "\(value) (\(type(of: value)))"
}
