/// Setting decoded values on layers: the decoder's plain keys, and `set` actions and bindings
/// at run time.
import Foundation
import GLayers

/// Setting decoded values on layers (at load, and for `set` actions and bindings at run time).
enum LayerValues {
    /// The keys `set(_:on:keyPath:entry:)` sets through their Swift accessors, not their
    /// entries: the cases of its switch (LayerValuesTests checks that they are the same).
    static let accessorKeys: Set<String> = [
        "name", "beginTime", "duration", "repeatDuration", "repeatCount", "speed", "timeOffset",
    ]

    /// Sets `value`, held typed, through `entry` (a key not in `accessorKeys`), as
    /// `set(_:on:keyPath:entry:)` sets it boxed; returns what the engine refused or warned about.
    static func set<T>(typed value: T, on layer: CALayer, entry: LayerProperty) -> [String] {
        let (refusal, warnings) = Diagnostics.captureCatching { try entry.setValue(typed: value, on: layer) }
        guard let refusal else { return warnings }
        return ["\(refusal)"] + warnings
    }

    /// Sets `value` at `keyPath`; returns what the engine refused or warned about.
    ///
    /// - `entry`: the layer class's entry for `keyPath`, when the caller has it (the decoder,
    ///   for every plain key of every layer): the keys the switch below does not take are set
    ///   through it, as `strictSetValue` would, without looking the key up again.
    @discardableResult
    static func set(_ value: Any?, on layer: CALayer, keyPath: String, entry: LayerProperty? = nil) -> [String] {
        switch keyPath {
        case "name": layer.name = value as? String
        case "beginTime": layer.beginTime = Double(value as? CGFloat ?? 0)
        case "duration": layer.duration = value as? Double ?? .infinity
        case "repeatDuration": layer.repeatDuration = value as? Double ?? 0
        case "repeatCount": layer.repeatCount = value as? Float ?? 0
        case "speed": layer.speed = Float(value as? CGFloat ?? 1)
        case "timeOffset": layer.timeOffset = Double(value as? CGFloat ?? 0)
        default:
            // The refusal is caught by the capture, not appended to a variable by the closure:
            // a captured variable is a box on the heap, made and freed for every value set.
            let (refusal, warnings) = Diagnostics.captureCatching {
                if let entry {
                    try entry.setValue(value, on: layer)
                } else {
                    try layer.strictSetValue(value, forKeyPath: keyPath)
                }
            }
            guard let refusal else { return warnings }
            return ["\(refusal)"] + warnings
        }
        return []
    }
}
