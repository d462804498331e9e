/// Typed read/write access to the value at one key path of a presented state, made once per key
/// path when an animation is compiled (no strings on the per-frame path): the whole property
/// comes from its property-table entry; struct fields (`bounds.size.width`), transform
/// components (`transform.rotation.z`), custom keys and filter inputs are derived here.
import Foundation
import GLayersGraphics

/// Reads and writes one value of type `V` in a `PresentedState`.
struct StateAccess<V> {
    let get: (inout PresentedState) -> V
    let set: (inout PresentedState, V) -> Void
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
    static let inert = AnyStateAccess.discrete(StateAccess(get: { _ in .object(nil) }, set: { _, _ in }))
}

extension LayerKeyPath {
    /// Access to the value at this key path (`valueKind`: the kind of a custom key when the
    /// layer class does not declare it).
    func stateAccess(valueKind: ValueKind? = nil) -> AnyStateAccess {
        switch base {
        case .property(let p):
            switch component {
            case nil: return p.stateAccess() ?? .inert
            case .structField(let field)?: return Self.structField(field, of: p.stateAccess() ?? .inert)
            case .transformField(let field)?:
                if let t = p as? TransformProperty {
                    return Self.transformField(field, sublayer: t.isSublayerTransform)
                }
                guard case .transform(let whole)? = p.stateAccess() else { return .inert }
                return Self.transformField(field, of: whole)
            }
        case .custom(let key):
            if case .structField(let field)? = component {
                return Self.structField(field, of: Self.customAccess(key, kind: Self.customBaseKind(field)))
            }
            return Self.customAccess(key, kind: valueKind ?? kind)
        case .filterInput(let background, let name, let input):
            return .number(Self.filterInput(background: background, name: name, input: input))
        case .related:
            return .inert
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
        func part<W, P>(_ a: StateAccess<W>, _ path: WritableKeyPath<W, P>) -> StateAccess<P> {
            StateAccess(
                get: { a.get(&$0)[keyPath: path] },
                set: { s, v in
                    var w = a.get(&s); w[keyPath: path] = v; a.set(&s, w)
                })
        }
        switch (whole, field) {
        case (.point(let a), .x): return .number(part(a, \.x))
        case (.point(let a), .y): return .number(part(a, \.y))
        case (.size(let a), .width): return .number(part(a, \.width))
        case (.size(let a), .height): return .number(part(a, \.height))
        case (.rect(let a), .origin): return .point(part(a, \.origin))
        case (.rect(let a), .size): return .size(part(a, \.size))
        case (.rect(let a), .originX): return .number(part(a, \.origin.x))
        case (.rect(let a), .originY): return .number(part(a, \.origin.y))
        case (.rect(let a), .sizeWidth): return .number(part(a, \.size.width))
        case (.rect(let a), .sizeHeight): return .number(part(a, \.size.height))
        default: return .inert
        }
    }

    // MARK: Transform components

    /// A component of `transform` or `sublayerTransform`, kept in the presented state's parts
    /// while animations write it (composed into the matrix once, at the end).
    private static func transformField(_ field: TransformComponent, sublayer: Bool) -> AnyStateAccess {
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
                    }))
        }
        return .number(
            StateAccess(
                get: { CGFloat($0.parts(sublayer: sublayer).component(field)) },
                set: { s, v in
                    s.activateParts(sublayer: sublayer)
                    s.withParts(sublayer: sublayer) { $0.setComponent(field, Double(v)) }
                }))
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
                    }))
        }
        return .number(
            StateAccess(
                get: { CGFloat(parts(&$0).component(field)) },
                set: { s, v in
                    var p = parts(&s)
                    p.setComponent(field, Double(v))
                    whole.set(&s, p.matrix)
                }))
    }

    // MARK: Custom keys and filter inputs

    /// A key the layer stores by key-value coding, typed by `kind`.
    private static func customAccess(_ key: String, kind: ValueKind) -> AnyStateAccess {
        func typed<V: PropertyValue>(_ fallback: V) -> AnyStateAccess {
            V.stateAccess(
                StateAccess(
                    get: { s in s.state.custom[key].flatMap { V(storedValue: $0) } ?? fallback },
                    set: { s, v in s.state.custom[key] = v.storedValue })) ?? .inert
        }
        switch kind {
        case .number: return typed(CGFloat(0))
        case .point: return typed(CGPoint.zero)
        case .size: return typed(CGSize.zero)
        case .rect: return typed(CGRect.zero)
        case .transform: return typed(CATransform3D.identity)
        case .color: return typed(ColorValue.none)
        case .image: return typed(ContentsValue.none)
        default:
            return .discrete(
                StateAccess(get: { $0.state.custom[key] ?? .object(nil) }, set: { $0.state.custom[key] = $1 }))
        }
    }

    private static func filterInput(background: Bool, name: String, input: String) -> StateAccess<CGFloat> {
        StateAccess(
            get: { s in
                let filters = background ? s.state.backgroundFilters : s.state.filters
                guard let f = filters.first(where: { $0.name == name }) else { return 0 }
                return CGFloat(f.input(input) ?? 0)
            },
            set: { s, v in
                if background {
                    if let i = s.state.backgroundFilters.firstIndex(where: { $0.name == name }) {
                        s.state.backgroundFilters[i].setInput(input, Double(v))
                    }
                } else if let i = s.state.filters.firstIndex(where: { $0.name == name }) {
                    s.state.filters[i].setInput(input, Double(v))
                }
            })
    }
}

extension PresentedState {
    /// Runs `body` on the parts of `transform` (or `sublayerTransform`), which must be active.
    @inline(__always)
    mutating func withParts(sublayer: Bool, _ body: (inout TransformParts) -> Void) {
        if sublayer { body(&sublayerTransformParts) } else { body(&transformParts) }
    }
}
