/// The behaviour model of scenes: a few named integer state variables, actions that change
/// them or the layers (run by key presses and clicks), and bindings that keep layer properties
/// in step with the state. This is the whole mechanism: the kiosk menu is a `selected` index
/// moved by Up and Down, and the selection's `position` bound to the selected item's.
import Foundation
import GLayers

/// A named integer with optional bounds.
struct StateVariable {
    let name: String
    let initial: Int
    let min: Int?
    let max: Int?
    /// Whether going past a bound wraps to the other (needs both bounds); otherwise it stops.
    let wrap: Bool

    /// `value` brought within the bounds (wrapped or clamped).
    func bounded(_ value: Int) -> Int {
        if wrap, let lo = min, let hi = max, hi >= lo {
            let span = hi - lo + 1
            return lo + ((value - lo) % span + span) % span
        }
        var v = value
        if let lo = min { v = Swift.max(v, lo) }
        if let hi = max { v = Swift.min(v, hi) }
        return v
    }
}

/// An integer in an action or binding: a number, a state variable (`"$selected"`), or the
/// index of the clicked sublayer (`"$clickedIndex"`, in click actions).
enum IntSource: Equatable {
    case literal(Int)
    case state(String)
    case clickedIndex
}

/// Transaction settings around actions (nil: inherited).
struct TransactionSpec {
    var animationDuration: CFTimeInterval?
    var disableActions: Bool?
    var timingFunction: CAMediaTimingFunction?

    /// Applies the settings to the current transaction.
    func apply() {
        if let d = animationDuration { CATransaction.setAnimationDuration(d) }
        if let b = disableActions { CATransaction.setDisableActions(b) }
        if let f = timingFunction { CATransaction.setAnimationTimingFunction(f) }
    }
}

/// The layer an action acts on: a named layer, or one of its sublayers picked when the action
/// runs (`"sublayer": "$selected"`).
struct LayerTarget {
    let layer: CALayer
    let sublayer: IntSource?
}

/// Something a key press or click does.
indirect enum SceneAction {
    /// Adds `by` (negative to decrement) to a state variable, within its bounds.
    case add(state: String, by: Int)
    /// Sets a state variable (within its bounds).
    case setState(String, IntSource)
    /// Sets layer properties by key path (changes run their actions: implicit animations).
    case setProperties(CALayer, [(keyPath: String, value: Any?)])
    /// Adds an animation under a key.
    case addAnimation(CALayer, CAAnimation, key: String?)
    /// Removes the animation under a key.
    case removeAnimation(CALayer, key: String)
    /// Removes every animation of a layer.
    case removeAllAnimations(CALayer)
    /// Pauses a layer's time (QA1673: speed 0, timeOffset = the paused time); a Lottie
    /// layer's playback at the frame shown.
    case pause(LayerTarget)
    /// Resumes a paused layer's time where it stopped (QA1673); plays a Lottie layer on from
    /// the frame shown.
    case resume(LayerTarget)
    /// Pauses a running layer or resumes a paused one.
    case togglePause(LayerTarget)
    /// Plays a Lottie layer.
    case play(LayerTarget, LottiePlayRequest)
    /// Shows a progress of a Lottie layer, paused.
    case scrub(LayerTarget, LottieScrub)
    /// Runs actions in order inside a transaction with these settings.
    case group(TransactionSpec?, [SceneAction])
}

/// A layer property kept in step with the state.
struct SceneBinding {
    enum Source {
        /// The value of another layer's property (`sublayer` picks one of its sublayers);
        /// `position` and `frame` are converted between the two layers' superlayers.
        case follow(layer: CALayer, sublayer: IntSource?, keyPath: String)
        /// One of a list of values, picked by an index.
        case values([Any?], index: IntSource)
    }

    let layer: CALayer
    let keyPath: String
    let source: Source
}

/// Everything a scene does besides drawing.
struct Behaviours {
    var states: [StateVariable] = []
    /// Actions by X11 keysym name.
    var keys: [String: SceneAction] = [:]
    /// Actions run when a layer (or one of its sublayers) is clicked, by the layer's name.
    var clicks: [(layer: CALayer, action: SceneAction)] = []
    var bindings: [SceneBinding] = []
    /// Settings of the transaction around key and click actions.
    var transaction: TransactionSpec?
}
