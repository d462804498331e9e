/// The property table of the animation classes: one entry per property of `CAAnimation` and
/// its subclasses, with its key-value coding name and spellings, the class that declares it,
/// its default, how scenes write it and a description. `CAAnimation`'s key-value coding, the
/// scene decoder's keys, the schema and the animation table of docs/scene-format.md read it.
import Foundation
import GLayersGraphics

/// What an animation property holds, as scenes write it.
package enum AnimationValueType: Sendable, Equatable {
    /// A number.
    case number
    /// A number from 0 to 1 (a transition's progress).
    case fraction
    /// Seconds ≥ 0.
    case duration
    /// A repeat count ≥ 0, or infinity.
    case repeatCount
    /// True or false.
    case bool
    /// A string (`keyPath`).
    case string
    /// One name of a fixed list.
    case names([String])
    /// A timing function, and a list of them.
    case timingFunction, timingFunctions
    /// A value of the animated key path (`fromValue`), and a list of them (`values`).
    case value, values
    /// A list of numbers (`keyTimes`).
    case numbers
    /// A path (`CAKeyframeAnimation.path`).
    case path
    /// A list of animations (`CAAnimationGroup.animations`).
    case animations
}

/// One property of an animation class.
package struct AnimationProperty: @unchecked Sendable {
    /// The key-value coding name (`removedOnCompletion`).
    package let key: String
    /// Other names key-value coding accepts (Swift's `isRemovedOnCompletion`).
    package let aliases: [String]
    /// The name of the class that declares it (`CAAnimation` for the timing).
    package let owner: String
    /// How scenes write it (nil: scenes cannot set it, as a delegate).
    package let sceneType: AnimationValueType?
    /// What it is, in one sentence (the schema's description, the docs' table).
    package let summary: String
    /// Whether animations of a class (the declaring class or a subclass) have it.
    package let isDeclared: (CAAnimation.Type) -> Bool
    /// The value of an animation of the declaring class.
    let get: (CAAnimation) -> Any?
    /// Sets the value on an animation of the declaring class; false when it is not of the
    /// property's type.
    let set: (CAAnimation, Any?) -> Bool

    /// An entry for the property at `path` of `T` (`access` converts values; `default` is what
    /// `nil` sets, for properties that cannot hold nil).
    init<T: CAAnimation, V>(
        _ key: String, _ path: ReferenceWritableKeyPath<T, V>, aliases: [String] = [], scene: AnimationValueType?,
        access: KeyValueAccess<V>, summary: String
    ) {
        self.key = key
        self.aliases = aliases
        self.owner = String(describing: T.self)
        self.sceneType = scene
        self.summary = summary
        isDeclared = { $0 is T.Type }
        makeDefault = { access.output(T(copying: nil)[keyPath: path]) }
        get = { ($0 as? T).map { access.output($0[keyPath: path]) } ?? nil }
        set = { anim, value in
            guard let anim = anim as? T, let v = access.input(value) else { return false }
            anim[keyPath: path] = v
            return true
        }
    }

    private let makeDefault: () -> Any?

    /// Core Animation's default: the value of a new animation of the declaring class.
    package var defaultValue: Any? { makeDefault() }
}

extension AnimationProperty {
    private static let byName: [String: [AnimationProperty]] = {
        var out: [String: [AnimationProperty]] = [:]
        for p in all {
            for name in [p.key] + p.aliases { out[name, default: []].append(p) }
        }
        return out
    }()

    /// The entry for `key` on animations of `animationClass` (the class or a superclass declares
    /// it), or nil.
    static func named(_ key: String, on animationClass: CAAnimation.Type) -> AnimationProperty? {
        byName[key]?.first { $0.isDeclared(animationClass) }
    }

    /// The entries of `animationClass` and its superclasses, in table order.
    package static func declared(by animationClass: CAAnimation.Type) -> [AnimationProperty] {
        all.filter { $0.isDeclared(animationClass) }
    }
}
