/// Typed read/write access to the value at one key path of a presented state, made once per key
/// path when an animation is compiled (no strings on the per-frame path): the whole property
/// comes from its property-table entry; struct fields (`bounds.size.width`), transform
/// components (`transform.rotation.z`), custom keys and filter inputs are derived here. Each
/// access also says how to put what it writes back to its model value (its target), so that
/// between frames a layer's presentation resets only what its animations write.
import Foundation
import GLayersGraphics

/// Puts part of a presented state back to its value in a model state.
typealias StateReset = (inout PresentedState, UnsafePointer<LayerState>) -> Void

/// Reads and writes one value of type `V` in a `PresentedState`.
struct StateAccess<V> {
    let get: (inout PresentedState) -> V
    let set: (inout PresentedState, V) -> Void
    /// Puts everything `set` writes back to its model value: the access's target, resolved
    /// when the access is made.
    let reset: StateReset

    init(
        get: @escaping (inout PresentedState) -> V, set: @escaping (inout PresentedState, V) -> Void,
        reset: @escaping StateReset
    ) {
        self.get = get
        self.set = set
        self.reset = reset
    }

    /// Access to a value of another type stored as this one (converted both ways), with the
    /// same target.
    func map<W>(_ read: @escaping (V) -> W, _ write: @escaping (W) -> V) -> StateAccess<W> {
        let a = self
        return StateAccess<W>(get: { read(a.get(&$0)) }, set: { a.set(&$0, write($1)) }, reset: a.reset)
    }
}

/// Access to a value, by how it interpolates.
enum AnyStateAccess {
    case number(StateAccess<CGFloat>)
    case point(StateAccess<CGPoint>)
    case size(StateAccess<CGSize>)
    case rect(StateAccess<CGRect>)
    case transform(StateAccess<CATransform3D>)
    case color(StateAccess<ColorValue>)
    case image(StateAccess<ImageBlend>)
    /// Values that do not interpolate (switch at the keyframe or half way).
    case discrete(StateAccess<AnimatableValue>)

    /// Access that reads nothing and writes nothing (keys that animate only by transitions).
    static let inert = AnyStateAccess.discrete(
        StateAccess(get: { _ in .object(nil) }, set: { _, _ in }, reset: { _, _ in }))
}

extension LayerKeyPath {
    /// Access to the value at this key path (`valueKind`: the kind of a custom key when the
    /// layer class does not declare it; `model`: the layer's state, where a filter input is
    /// looked up once, when the access is made).
    func stateAccess(valueKind: ValueKind? = nil, model: LayerState? = nil) -> AnyStateAccess {
        switch base {
        case .property(let p):
            switch component {
            case nil: return p.stateAccess() ?? .inert
            case .structField(let field)?: return Self.structField(field, of: p.stateAccess() ?? .inert)
            case .transformField(let field)?:
                if let t = p as? TransformProperty { return t.componentAccess(field) }
                guard case .transform(let whole)? = p.stateAccess() else { return .inert }
                return Self.transformField(field, of: whole)
            }
        case .custom(let key):
            if case .structField(let field)? = component {
                return Self.structField(field, of: Self.customAccess(key, kind: Self.customBaseKind(field)))
            }
            return Self.customAccess(key, kind: valueKind ?? kind)
        case .filterInput(let background, let name, let input):
            let locator = FilterInputLocator(name: name, input: input)
            if let model { _ = locator.locate(background ? model.backgroundFilters : model.filters) }
            return .number(Self.filterInput(background: background, locator))
        case .related:
            return .inert
        case .emitterCell(let cell):
            return cell.stateAccess()
        }
    }

    /// The kind of a custom key whose field a key path names (`spot.y`: a point).
    private static func customBaseKind(_ field: StructComponent) -> ValueKind {
        switch field {
        case .x, .y: return .point
        case .width, .height: return .size
        default: return .rect
        }
    }

    // MARK: Struct fields

    private static func structField(_ field: StructComponent, of whole: AnyStateAccess) -> AnyStateAccess {
        // Closures rather than key paths: in this generic function a key path would read and
        // write through the runtime's key-path machinery.
        func part<W, P>(_ a: StateAccess<W>, _ read: @escaping (W) -> P, _ write: @escaping (inout W, P) -> Void)
            -> StateAccess<P>
        {
            StateAccess(
                get: { read(a.get(&$0)) },
                set: { s, v in
                    var w = a.get(&s); write(&w, v); a.set(&s, w)
                }, reset: a.reset)
        }
        switch (whole, field) {
        case (.point(let a), .x): return .number(part(a, { $0.x }, { $0.x = $1 }))
        case (.point(let a), .y): return .number(part(a, { $0.y }, { $0.y = $1 }))
        case (.size(let a), .width): return .number(part(a, { $0.width }, { $0.width = $1 }))
        case (.size(let a), .height): return .number(part(a, { $0.height }, { $0.height = $1 }))
        case (.rect(let a), .origin): return .point(part(a, { $0.origin }, { $0.origin = $1 }))
        case (.rect(let a), .size): return .size(part(a, { $0.size }, { $0.size = $1 }))
        case (.rect(let a), .originX): return .number(part(a, { $0.origin.x }, { $0.origin.x = $1 }))
        case (.rect(let a), .originY): return .number(part(a, { $0.origin.y }, { $0.origin.y = $1 }))
        case (.rect(let a), .sizeWidth): return .number(part(a, { $0.size.width }, { $0.size.width = $1 }))
        case (.rect(let a), .sizeHeight): return .number(part(a, { $0.size.height }, { $0.size.height = $1 }))
        default: return .inert
        }
    }

    // MARK: Transform components

    /// A component of `transform` or `sublayerTransform`, kept in the presented state's parts
    /// while animations write it (composed into the matrix once, at the end).
    static func transformField(_ field: TransformComponent, sublayer: Bool) -> AnyStateAccess {
        let reset: StateReset = { s, model in s.resetTransform(sublayer: sublayer, to: model) }
        if field == .translation {
            return .size(
                StateAccess(
                    get: {
                        let t = $0.parts(sublayer: sublayer).translation
                        return CGSize(width: t.x, height: t.y)
                    },
                    set: { s, v in
                        s.activateParts(sublayer: sublayer)
                        s.withParts(sublayer: sublayer) {
                            $0.translation.x = Double(v.width); $0.translation.y = Double(v.height)
                        }
                    }, reset: reset))
        }
        return .number(
            StateAccess(
                get: { CGFloat($0.parts(sublayer: sublayer).component(field)) },
                set: { s, v in
                    s.activateParts(sublayer: sublayer)
                    s.withParts(sublayer: sublayer) { $0.setComponent(field, Double(v)) }
                }, reset: reset))
    }

    /// A component of another transform-valued property (decomposed and composed each time).
    private static func transformField(_ field: TransformComponent, of whole: StateAccess<CATransform3D>)
        -> AnyStateAccess
    {
        func parts(_ s: inout PresentedState) -> TransformParts { TransformParts(whole.get(&s)) ?? .identity }
        if field == .translation {
            return .size(
                StateAccess(
                    get: {
                        let t = parts(&$0).translation; return CGSize(width: t.x, height: t.y)
                    },
                    set: { s, v in
                        var p = parts(&s)
                        (p.translation.x, p.translation.y) = (Double(v.width), Double(v.height))
                        whole.set(&s, p.matrix)
                    }, reset: whole.reset))
        }
        return .number(
            StateAccess(
                get: { CGFloat(parts(&$0).component(field)) },
                set: { s, v in
                    var p = parts(&s)
                    p.setComponent(field, Double(v))
                    whole.set(&s, p.matrix)
                }, reset: whole.reset))
    }

    // MARK: Custom keys and filter inputs

    /// A key the layer stores by key-value coding, typed by `kind`.
    private static func customAccess(_ name: String, kind: ValueKind) -> AnyStateAccess {
        let key = StoredKey(name)
        func typed<V: PropertyValue>(_ fallback: V) -> AnyStateAccess {
            V.stateAccess(.stored(key, fallback)) ?? .inert
        }
        switch kind {
        case .number: return typed(CGFloat(0))
        case .point: return typed(CGPoint.zero)
        case .size: return typed(CGSize.zero)
        case .rect: return typed(CGRect.zero)
        case .transform: return typed(CATransform3D.identity)
        case .color: return typed(ColorValue.none)
        case .image: return typed(ContentsValue.none)
        default: return .discrete(StateAccess<AnimatableValue?>.stored(key).map({ $0 ?? .object(nil) }, { $0 }))
        }
    }

    /// An input of a named filter, found through `locator`.
    private static func filterInput(background: Bool, _ locator: FilterInputLocator) -> StateAccess<CGFloat> {
        StateAccess(
            get: { s in
                let filters = background ? s.state.backgroundFilters : s.state.filters
                guard let (i, k) = locator.locate(filters) else { return 0 }
                return CGFloat(filters[i].slot(k))
            },
            set: { s, v in
                if background {
                    locator.write(Double(v), into: &s.state.backgroundFilters)
                } else {
                    locator.write(Double(v), into: &s.state.filters)
                }
            },
            reset: { s, model in
                let filters = background ? model.pointee.backgroundFilters : model.pointee.filters
                guard let (i, k) = locator.locate(filters) else { return }
                let v = filters[i].slot(k)
                if background {
                    locator.write(v, into: &s.state.backgroundFilters)
                } else {
                    locator.write(v, into: &s.state.filters)
                }
            })
    }
}

extension StateAccess where V == AnimatableValue? {
    /// The value the layer stores under `key` (nil: none).
    static func stored(_ name: String) -> StateAccess<AnimatableValue?> {
        stored(StoredKey(name))
    }

    /// The value the layer stores under `key` (nil: none).
    static func stored(_ key: StoredKey) -> StateAccess<AnimatableValue?> {
        StateAccess(
            get: { $0.state.custom[key] }, set: { $0.state.custom[key] = $1 },
            reset: { s, model in s.state.custom[key] = model.pointee.custom[key] })
    }
}

extension StateAccess where V: PropertyValue {
    /// The value of type `V` the layer stores under `key` (`fallback` when it stores none).
    static func stored(_ key: StoredKey, _ fallback: V) -> StateAccess<V> {
        StateAccess<AnimatableValue?>.stored(key).map(
            { $0.flatMap { V(storedValue: $0) } ?? fallback }, { $0.storedValue })
    }
}

/// Finds the input of a named filter in a layer's filters: once when an animation of it is
/// compiled, then by checking that the filter found last is still there (its kind and name),
/// so the per-frame path searches again only after the filters changed.
final class FilterInputLocator {
    let name: String
    let input: String
    private var index = -1
    private var kind = FilterKind.gaussianBlur
    private var slot = 0

    init(name: String, input: String) {
        self.name = name
        self.input = input
    }

    /// The index of the filter in `filters` and of its input, or nil when no filter of that
    /// name has the input.
    func locate(_ filters: [FilterValue]) -> (filter: Int, input: Int)? {
        if index >= 0, index < filters.count, filters[index].kind == kind, filters[index].name == name {
            return (index, slot)
        }
        guard let i = filters.firstIndex(where: { $0.name == name }), let k = filters[i].kind.inputIndex(input)
        else { return nil }
        (index, kind, slot) = (i, filters[i].kind, k)
        return (i, k)
    }

    /// Writes the input in `filters` (in place when the list is the state's own).
    func write(_ v: Double, into filters: inout [FilterValue]) {
        guard let (i, k) = locate(filters) else { return }
        filters[i].setSlot(k, v)
    }
}

extension PresentedState {
    /// Runs `body` on the parts of `transform` (or `sublayerTransform`), which must be active.
    @inline(__always)
    mutating func withParts(sublayer: Bool, _ body: (inout TransformParts) -> Void) {
        if sublayer { body(&sublayerTransformParts) } else { body(&transformParts) }
    }
}
