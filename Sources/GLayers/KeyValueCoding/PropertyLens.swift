/// Typed read/write access to one key path of a layer's state during evaluation, made once
/// per key path when an animation is compiled (no strings on the per-frame path).
import Foundation
import GLayersGraphics

/// The state presentation evaluates animations into: the layer's values plus scratch space for
/// transform components, which are composed back into the matrix once at the end.
///
/// - The parts are stored inline with "active" flags (not as optionals) so reading and writing a
///   component never copies them.
/// - A layer keeps one of these as its presentation cache (`PresentationCache.swift`) and
///   evaluates into it in place every frame; `transformParts` then stay the model's between
///   frames, apart from the components animations write and the cache puts back.
struct EvalState {
    // Flags, transform parts and the first lines of `state` (position, transform) first: they
    // are what a frame touches.
    var transformPartsActive = false
    var sublayerTransformPartsActive = false
    var modelPartsKnown = false
    /// Whether `state.transform` is still the model's (no animation wrote the whole matrix):
    /// then activating its parts can reuse `modelParts`.
    var transformIsModel = true
    /// Whether `state.transform` still shows the last evaluation's value (the presentation
    /// cache puts the model's back after its animations ran, unless they composed a new one).
    var transformIsStale = false
    /// Whether `transformParts` hold the model's parts, except for components that fast
    /// animations wrote and the presentation cache puts back before the next evaluation (then
    /// activating them copies nothing).
    var transformPartsAreModel = false
    /// Decomposed `transform` while component key paths (`transform.rotation.x`) write to it.
    var transformParts = TransformParts.identity
    var state: LayerState
    /// The decomposition of the model transform (valid when `modelPartsKnown`).
    var modelParts = TransformParts.identity
    var sublayerTransformParts = TransformParts.identity

    init(_ state: LayerState) {
        self.state = state
    }

    /// Starts over from the model values `model` (the model transform's parts are decomposed
    /// again when next needed).
    mutating func reset(to model: LayerState) {
        state = model
        modelPartsKnown = false
        transformIsModel = true
        transformIsStale = false
        transformPartsAreModel = false
    }

    /// Makes the parts of `transform` (or `sublayerTransform`) current, decomposing on first use.
    @inline(__always)
    mutating func activateParts(sublayer: Bool) {
        if sublayer {
            if !sublayerTransformPartsActive {
                sublayerTransformParts = TransformParts(state.sublayerTransform) ?? .identity
                sublayerTransformPartsActive = true
            }
        } else if !transformPartsActive {
            if transformIsModel {
                if !transformPartsAreModel {
                    if !modelPartsKnown {
                        modelParts = TransformParts(state.transform) ?? .identity
                        modelPartsKnown = true
                    }
                    transformParts = modelParts
                    transformPartsAreModel = true
                }
            } else {
                transformParts = TransformParts(state.transform) ?? .identity
                transformPartsAreModel = false
            }
            transformPartsActive = true
        }
    }

    /// The parts of `transform` (or `sublayerTransform`).
    mutating func parts(sublayer: Bool) -> TransformParts {
        activateParts(sublayer: sublayer)
        return sublayer ? sublayerTransformParts : transformParts
    }

    /// Drops the parts (after the whole matrix was written).
    mutating func dropParts(sublayer: Bool) {
        if sublayer {
            sublayerTransformPartsActive = false
        } else {
            transformPartsActive = false
            transformIsModel = false
        }
    }

    /// Composes pending transform parts back into the matrices. Callers that write
    /// `state.transform` directly call this first (so parts activated later decompose the
    /// written matrix, not the model's).
    mutating func finish() {
        transformIsModel = false
        if transformPartsActive {
            state.transform = transformParts.matrix
            transformPartsActive = false
        }
        if sublayerTransformPartsActive {
            state.sublayerTransform = sublayerTransformParts.matrix
            sublayerTransformPartsActive = false
        }
    }
}

/// Reads and writes one value of type `V` in an `EvalState`.
struct Lens<V> {
    let get: (inout EvalState) -> V
    let set: (inout EvalState, V) -> Void
}

/// A lens of whichever type the key path has.
enum AnyLens {
    case number(Lens<CGFloat>)
    case point(Lens<CGPoint>)
    case size(Lens<CGSize>)
    case rect(Lens<CGRect>)
    case transform(Lens<CATransform3D>)
    case color(Lens<ColorValue>)
    case image(Lens<ImageBlend>)
    /// Values that do not interpolate (switch at the keyframe or half way).
    case discrete(Lens<AnimatableValue>)
}

extension LayerKeyPath {
    /// The lens for this key path (the kind of `custom` keys is taken from `valueKind` when the
    /// class does not declare it).
    func lens(valueKind: ValueKind? = nil) -> AnyLens {
        switch base {
        case .property(let key):
            if let component { return componentLens(of: key, component) }
            return Self.propertyLens(key)
        case .custom(let key):
            let kind = valueKind ?? self.kind
            if let component, case .structField(let field) = component {
                return Self.structFieldLens(field, kind: Self.customBaseKind(field), whole: Self.customLens(key, kind: Self.customBaseKind(field)))
            }
            return Self.customLens(key, kind: kind)
        case .filterInput(let list, let name, let input):
            return .number(Self.filterInputLens(list: list, name: name, input: input))
        }
    }

    private static func customBaseKind(_ field: StructComponent) -> ValueKind {
        switch field {
        case .x, .y: return .point
        case .width, .height: return .size
        default: return .rect
        }
    }

    private func componentLens(of key: LayerKey, _ component: Component) -> AnyLens {
        switch component {
        case .transformField(let field):
            return Self.transformFieldLens(field, sublayer: key == .sublayerTransform)
        case .structField(let field):
            return Self.structFieldLens(field, kind: key.valueKind, whole: Self.propertyLens(key))
        }
    }

    // MARK: Whole properties

    static func propertyLens(_ key: LayerKey) -> AnyLens {
        switch key {
        case .bounds: return .rect(Lens(get: { $0.state.bounds }, set: { $0.state.bounds = $1 }))
        case .frame: return .rect(Lens(get: { $0.state.frame }, set: { $0.state.frame = $1 }))
        case .contentsRect: return .rect(Lens(get: { $0.state.contentsRect }, set: { $0.state.contentsRect = $1 }))
        case .contentsCenter: return .rect(Lens(get: { $0.state.contentsCenter }, set: { $0.state.contentsCenter = $1 }))
        case .position: return .point(Lens(get: { $0.state.position }, set: { $0.state.position = $1 }))
        case .anchorPoint: return .point(Lens(get: { $0.state.anchorPoint }, set: { $0.state.anchorPoint = $1 }))
        case .shadowOffset: return .size(Lens(get: { $0.state.shadowOffset }, set: { $0.state.shadowOffset = $1 }))
        case .zPosition: return .number(Lens(get: { $0.state.zPosition }, set: { $0.state.zPosition = $1 }))
        case .anchorPointZ: return .number(Lens(get: { $0.state.anchorPointZ }, set: { $0.state.anchorPointZ = $1 }))
        case .opacity: return .number(Lens(get: { CGFloat($0.state.opacity) }, set: { $0.state.opacity = Float($1) }))
        case .cornerRadius: return .number(Lens(get: { $0.state.cornerRadius }, set: { $0.state.cornerRadius = $1 }))
        case .borderWidth: return .number(Lens(get: { $0.state.borderWidth }, set: { $0.state.borderWidth = $1 }))
        case .shadowOpacity:
            return .number(Lens(get: { CGFloat($0.state.shadowOpacity) }, set: { $0.state.shadowOpacity = Float($1) }))
        case .shadowRadius: return .number(Lens(get: { $0.state.shadowRadius }, set: { $0.state.shadowRadius = $1 }))
        case .contentsScale: return .number(Lens(get: { $0.state.contentsScale }, set: { $0.state.contentsScale = $1 }))
        case .rasterizationScale:
            return .number(Lens(get: { $0.state.rasterizationScale }, set: { $0.state.rasterizationScale = $1 }))
        case .transform:
            return .transform(
                Lens(
                    get: { $0.finish(); return $0.state.transform },
                    set: { $0.dropParts(sublayer: false); $0.state.transform = $1 }))
        case .sublayerTransform:
            return .transform(
                Lens(
                    get: { $0.finish(); return $0.state.sublayerTransform },
                    set: { $0.dropParts(sublayer: true); $0.state.sublayerTransform = $1 }))
        case .backgroundColor:
            return .color(Lens(get: { $0.state.backgroundColor }, set: { $0.state.backgroundColor = $1 }))
        case .borderColor: return .color(Lens(get: { $0.state.borderColor }, set: { $0.state.borderColor = $1 }))
        case .shadowColor: return .color(Lens(get: { $0.state.shadowColor }, set: { $0.state.shadowColor = $1 }))
        case .contents:
            return .image(
                Lens(
                    get: { ImageBlend($0.state.contents.image) },
                    set: { s, blend in
                        s.state.contents = blend.shown.map { .image($0) } ?? .none
                        s.state.contentsBlend = blend.progress < 1 && blend.from !== blend.to ? blend : nil
                    }))
        case .hidden: return boolLens(\.isHidden)
        case .masksToBounds: return boolLens(\.masksToBounds)
        case .doubleSided: return boolLens(\.isDoubleSided)
        case .opaque: return boolLens(\.isOpaque)
        case .shouldRasterize: return boolLens(\.shouldRasterize)
        case .shadowPath:
            return .discrete(
                Lens(
                    get: { .path($0.state.shadowPath) },
                    set: { if case .path(let p) = $1 { $0.state.shadowPath = p } }))
        default:
            // Properties that animate only by switching value (filters arrays, mask, …) are
            // handled as whole-layer transitions; a lens that writes nothing keeps them inert.
            return .discrete(Lens(get: { _ in .object(nil) }, set: { _, _ in }))
        }
    }

    private static func boolLens(_ path: WritableKeyPath<LayerState, Bool>) -> AnyLens {
        .discrete(Lens(get: { .bool($0.state[keyPath: path]) }, set: { if case .bool(let b) = $1 { $0.state[keyPath: path] = b } }))
    }

    // MARK: Components

    private static func structFieldLens(_ field: StructComponent, kind: ValueKind, whole: AnyLens) -> AnyLens {
        switch (whole, field) {
        case (.point(let l), .x): return .number(Lens(get: { l.get(&$0).x }, set: { s, v in var p = l.get(&s); p.x = v; l.set(&s, p) }))
        case (.point(let l), .y): return .number(Lens(get: { l.get(&$0).y }, set: { s, v in var p = l.get(&s); p.y = v; l.set(&s, p) }))
        case (.size(let l), .width):
            return .number(Lens(get: { l.get(&$0).width }, set: { s, v in var p = l.get(&s); p.width = v; l.set(&s, p) }))
        case (.size(let l), .height):
            return .number(Lens(get: { l.get(&$0).height }, set: { s, v in var p = l.get(&s); p.height = v; l.set(&s, p) }))
        case (.rect(let l), .origin):
            return .point(Lens(get: { l.get(&$0).origin }, set: { s, v in var r = l.get(&s); r.origin = v; l.set(&s, r) }))
        case (.rect(let l), .size):
            return .size(Lens(get: { l.get(&$0).size }, set: { s, v in var r = l.get(&s); r.size = v; l.set(&s, r) }))
        case (.rect(let l), .originX):
            return .number(Lens(get: { l.get(&$0).origin.x }, set: { s, v in var r = l.get(&s); r.origin.x = v; l.set(&s, r) }))
        case (.rect(let l), .originY):
            return .number(Lens(get: { l.get(&$0).origin.y }, set: { s, v in var r = l.get(&s); r.origin.y = v; l.set(&s, r) }))
        case (.rect(let l), .sizeWidth):
            return .number(Lens(get: { l.get(&$0).size.width }, set: { s, v in var r = l.get(&s); r.size.width = v; l.set(&s, r) }))
        case (.rect(let l), .sizeHeight):
            return .number(Lens(get: { l.get(&$0).size.height }, set: { s, v in var r = l.get(&s); r.size.height = v; l.set(&s, r) }))
        default:
            return .discrete(Lens(get: { _ in .object(nil) }, set: { _, _ in }))
        }
    }

    private static func transformFieldLens(_ field: TransformComponent, sublayer: Bool) -> AnyLens {
        func number(_ get: @escaping (TransformParts) -> Double, _ set: @escaping (inout TransformParts, Double) -> Void) -> AnyLens {
            .number(
                Lens(
                    get: { CGFloat(get($0.parts(sublayer: sublayer))) },
                    set: { state, v in
                        state.activateParts(sublayer: sublayer)
                        if sublayer { set(&state.sublayerTransformParts, Double(v)) } else { set(&state.transformParts, Double(v)) }
                    }))
        }
        switch field {
        case .rotationX: return number({ $0.rotation.x }, { $0.rotation.x = $1 })
        case .rotationY: return number({ $0.rotation.y }, { $0.rotation.y = $1 })
        case .rotationZ, .rotation: return number({ $0.rotation.z }, { $0.rotation.z = $1 })
        case .scaleX: return number({ $0.scale.x }, { $0.scale.x = $1 })
        case .scaleY: return number({ $0.scale.y }, { $0.scale.y = $1 })
        case .scaleZ: return number({ $0.scale.z }, { $0.scale.z = $1 })
        case .scale: return number({ ($0.scale.x + $0.scale.y + $0.scale.z) / 3 }, { $0.scale = SIMD3($1, $1, $1) })
        case .translationX: return number({ $0.translation.x }, { $0.translation.x = $1 })
        case .translationY: return number({ $0.translation.y }, { $0.translation.y = $1 })
        case .translationZ: return number({ $0.translation.z }, { $0.translation.z = $1 })
        case .translation:
            return .size(
                Lens(
                    get: { let p = $0.parts(sublayer: sublayer); return CGSize(width: p.translation.x, height: p.translation.y) },
                    set: { state, v in
                        state.activateParts(sublayer: sublayer)
                        if sublayer {
                            state.sublayerTransformParts.translation.x = Double(v.width)
                            state.sublayerTransformParts.translation.y = Double(v.height)
                        } else {
                            state.transformParts.translation.x = Double(v.width)
                            state.transformParts.translation.y = Double(v.height)
                        }
                    }))
        }
    }

    // MARK: Custom keys and filters

    private static func customLens(_ key: String, kind: ValueKind) -> AnyLens {
        func read(_ s: inout EvalState) -> AnimatableValue? { s.state.custom[key] }
        switch kind {
        case .number:
            return .number(
                Lens(
                    get: { if case .number(let v)? = read(&$0) { return v }; return 0 },
                    set: { $0.state.custom[key] = .number($1) }))
        case .point:
            return .point(
                Lens(get: { if case .point(let v)? = read(&$0) { return v }; return .zero }, set: { $0.state.custom[key] = .point($1) }))
        case .size:
            return .size(
                Lens(get: { if case .size(let v)? = read(&$0) { return v }; return .zero }, set: { $0.state.custom[key] = .size($1) }))
        case .rect:
            return .rect(
                Lens(get: { if case .rect(let v)? = read(&$0) { return v }; return .zero }, set: { $0.state.custom[key] = .rect($1) }))
        case .transform:
            return .transform(
                Lens(
                    get: { if case .transform(let v)? = read(&$0) { return v }; return .identity },
                    set: { $0.state.custom[key] = .transform($1) }))
        case .color:
            return .color(
                Lens(get: { if case .color(let v)? = read(&$0) { return v }; return .none }, set: { $0.state.custom[key] = .color($1) }))
        case .image:
            return .image(
                Lens(
                    get: { if case .image(let v)? = read(&$0) { return ImageBlend(v) }; return ImageBlend(nil) },
                    set: { $0.state.custom[key] = .image($1.shown) }))
        default:
            return .discrete(Lens(get: { read(&$0) ?? .object(nil) }, set: { $0.state.custom[key] = $1 }))
        }
    }

    private static func filterInputLens(list: LayerKey, name: String, input: String) -> Lens<CGFloat> {
        let background = list == .backgroundFilters
        return Lens(
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
