/// The state presentation evaluates animations into: a layer's values plus the decomposed
/// transform that component key paths (`transform.rotation.z`) write, composed back into the
/// matrix once at the end of an evaluation.
import Foundation
import GLayersGraphics

/// Where the presented `transform` is while animations are evaluated, and what the parts hold.
///
/// A layer's presentation cache keeps its `PresentedState` between frames
/// (`AnimationStack.swift`); for a layer whose animations are all fast, the parts then stay
/// the model's from frame to frame, apart from the components the animations write and the cache
/// puts back, so the model matrix is decomposed once, not every frame.
enum TransformSource: UInt8 {
    /// `state.transform` is the model's; the parts hold nothing of use.
    case model
    /// `state.transform` is the model's and the parts are its decomposition (`modelParts`).
    case modelWithParts
    /// `state.transform` still shows the last frame; the parts are the model's decomposition
    /// (the fast animations' components were put back). If no animation writes the transform,
    /// the model's matrix is put back at the end.
    case staleWithModelParts
    /// The parts are the presented transform (animations are writing components).
    case parts
    /// `state.transform` is the presented transform (an animation wrote the matrix, or the
    /// parts were composed into it).
    case matrix
}

/// The state presentation evaluates animations into.
///
/// - The parts are stored inline (not as optionals) so reading and writing a component never
///   copies them.
struct PresentedState {
    // The source, the evaluation count, the parts and the first lines of `state` (position,
    // transform) first: they are what a frame touches.
    var transformSource = TransformSource.model
    /// Whether `sublayerTransformParts` are the presented sublayer transform.
    var sublayerTransformPartsActive = false
    /// Counts the evaluations of animations into this state (`AnimationStack.evaluate`), so
    /// that what was drawn from it knows whether it still shows it. In the first line, beside
    /// the source every evaluation writes (the parts' alignment leaves room): at the end of the
    /// state it was one more cache line to wait for per layer and frame.
    var evaluation: UInt64 = 0
    /// Decomposed `transform` while component key paths write to it.
    var transformParts = TransformParts.identity
    var state: LayerState
    /// The decomposition of the model transform (while the source is `.modelWithParts` or
    /// `.staleWithModelParts`, or the parts are active after one of them).
    var modelParts = TransformParts.identity
    var sublayerTransformParts = TransformParts.identity
    /// The state with contents drawn from its presented values, for a layer whose animations
    /// change a key its class redraws for (`CALayer.drawnPresentation`).
    var drawn: DrawnPresentation?

    init(_ state: LayerState) {
        self.state = state
    }

    /// Starts over from the model values `model`.
    ///
    /// - The state keeps its own reference box when it holds the only reference to it (the
    ///   box's fields take the model's values), so that writing a colour, a filter input or a
    ///   stored value afterwards does not copy the box (docs/architecture.md, "The presentation
    ///   cache").
    mutating func reset(to model: LayerState) {
        var own = state.references
        state = model
        transformSource = .model
        if own !== model.references && isKnownUniquelyReferenced(&own) {
            own.assign(from: model.references)
            state.references = own
        }
    }

    /// Puts `transform` (or `sublayerTransform`) back to the model's, with no parts active.
    mutating func resetTransform(sublayer: Bool, to model: UnsafePointer<LayerState>) {
        if sublayer {
            state.sublayerTransform = model.pointee.sublayerTransform
            sublayerTransformPartsActive = false
        } else {
            state.transform = model.pointee.transform
            transformSource = .model
        }
    }

    /// Makes the parts of `transform` (or `sublayerTransform`) the presented value, decomposing
    /// the matrix when the parts do not hold it already.
    @inline(__always)
    mutating func activateParts(sublayer: Bool) {
        if sublayer {
            if !sublayerTransformPartsActive {
                sublayerTransformParts = TransformParts(state.sublayerTransform) ?? .identity
                sublayerTransformPartsActive = true
            }
            return
        }
        switch transformSource {
        case .parts, .modelWithParts, .staleWithModelParts: break
        case .model, .matrix: transformParts = TransformParts(state.transform) ?? .identity
        }
        transformSource = .parts
    }

    /// The parts of `transform` (or `sublayerTransform`).
    mutating func parts(sublayer: Bool) -> TransformParts {
        activateParts(sublayer: sublayer)
        return sublayer ? sublayerTransformParts : transformParts
    }

    /// Drops the parts (the whole matrix is about to be written).
    mutating func dropParts(sublayer: Bool) {
        if sublayer {
            sublayerTransformPartsActive = false
        } else {
            transformSource = .matrix
        }
    }

    /// Composes active parts into the matrices, so `state` holds the presented values. Callers
    /// that read or write `state.transform` directly call this first (parts activated later
    /// then decompose the written matrix).
    mutating func finish() {
        switch transformSource {
        case .parts, .staleWithModelParts:
            state.transform = transformParts.matrix
            transformSource = .matrix
        case .model, .modelWithParts, .matrix:
            break
        }
        if sublayerTransformPartsActive {
            state.sublayerTransform = sublayerTransformParts.matrix
            sublayerTransformPartsActive = false
        }
    }
}

/// A presented state whose contents were drawn with its presented values, and the evaluation
/// it was drawn from: as long as the presentation is not evaluated again (a paused layer, a
/// layer asked twice in one frame), it is shown without drawing again.
final class DrawnPresentation {
    var evaluation: UInt64
    var state: LayerState

    init(evaluation: UInt64, state: LayerState) {
        self.evaluation = evaluation
        self.state = state
    }
}
