/// The settings of the animation classes, each class's in one struct: the properties the
/// classes declare read and write them, and a copy (`copy(with:)`, made by every
/// `add(_:forKey:)`) takes each class's at once, as Core Animation copies an animation's
/// storage, instead of calling about thirty overridable getters and setters (a seventh of
/// adding an animation: 5 600 instructions for a keyframe animation). Defaults are Core
/// Animation's.
import Foundation
import GLayersGraphics

/// `CAAnimation`'s own settings.
struct AnimationSettings {
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses: Bool = false
    var fillMode: CAMediaTimingFillMode = CAMediaTimingFillMode.removed
    var timingFunction: CAMediaTimingFunction?
    var delegate: CAAnimationDelegate?
    var isRemovedOnCompletion: Bool = true
    var preferredFrameRateRange: CAFrameRateRange = CAFrameRateRange.default
}

/// `CAPropertyAnimation`'s own settings.
struct PropertyAnimationSettings {
    var keyPath: String?
    var isAdditive: Bool = false
    var isCumulative: Bool = false
    var valueFunction: CAValueFunction?
}

/// `CABasicAnimation`'s own settings.
struct BasicAnimationSettings {
    var fromValue: Any?
    var toValue: Any?
    var byValue: Any?
}

/// `CASpringAnimation`'s own settings.
struct SpringAnimationSettings {
    var mass: CGFloat = 1
    var stiffness: CGFloat = 100
    var damping: CGFloat = 10
    var initialVelocity: CGFloat = 0
    var allowsOverdamping: Bool = false
}

/// `CAKeyframeAnimation`'s own settings.
struct KeyframeAnimationSettings {
    var values: [Any]?
    var path: CGPath?
    var keyTimes: KeyTimes?
    var timingFunctions: [CAMediaTimingFunction]?
    var calculationMode: CAAnimationCalculationMode = CAAnimationCalculationMode.linear
    var tensionValues: [NSNumber]?
    var continuityValues: [NSNumber]?
    var biasValues: [NSNumber]?
    var rotationMode: CAAnimationRotationMode?
}

/// A keyframe animation's key times as they were given: numbers (the API's `keyTimes`) or
/// doubles (`keyTimeValues`, which glayers' own builders set), each made into the other only
/// when asked for. A Lottie file's key times made into `NSNumber`s (a CoreFoundation object
/// on Linux) and read back one by one were a twentieth of building its layers.
enum KeyTimes {
    case numbers([NSNumber])
    case values([Double])

    var numbers: [NSNumber] {
        switch self {
        case .numbers(let n): return n
        case .values(let v): return v.map { NSNumber(value: $0) }
        }
    }

    var values: [Double] {
        switch self {
        case .numbers(let n): return n.map { $0.doubleValue }
        case .values(let v): return v
        }
    }

    var count: Int {
        switch self {
        case .numbers(let n): return n.count
        case .values(let v): return v.count
        }
    }
}

/// `CAAnimationGroup`'s own settings.
struct AnimationGroupSettings {
    var animations: [CAAnimation]?
}

/// `CATransition`'s own settings.
struct TransitionSettings {
    var type: CATransitionType = CATransitionType.fade
    var subtype: CATransitionSubtype?
    var startProgress: Float = 0
    var endProgress: Float = 1
    var filter: Any?
}
