/// The entries of the animation classes' properties (CAAnimation.h), in the order of the
/// header: `CAAnimation` and `CAMediaTiming`, then each subclass's own.
import Foundation
import GLayersGraphics

extension AnimationProperty {
    /// Every property of the animation classes.
    package static let all: [AnimationProperty] = timing + property + keyframe + others

    private static let timing: [AnimationProperty] = [
        AnimationProperty(
            "beginTime", \CAAnimation.beginTime, scene: .number, access: .number(nilValue: 0),
            summary: "When the animation starts, in seconds after it is added (0: at the commit)."),
        AnimationProperty(
            "duration", \CAAnimation.duration, scene: .duration, access: .number(nilValue: 0),
            summary: "The duration of one cycle in seconds (0: the transaction's, 0.25 s by default)."),
        AnimationProperty(
            "speed", \CAAnimation.speed, scene: .number, access: .number(nilValue: 1),
            summary: "How fast the animation's time runs."),
        AnimationProperty(
            "timeOffset", \CAAnimation.timeOffset, scene: .number, access: .number(nilValue: 0),
            summary: "An offset into the animation's time."),
        AnimationProperty(
            "repeatCount", \CAAnimation.repeatCount, scene: .repeatCount, access: .number(nilValue: 0),
            summary: "How many cycles (fractional, or \"infinity\")."),
        AnimationProperty(
            "repeatDuration", \CAAnimation.repeatDuration, scene: .duration, access: .number(nilValue: 0),
            summary: "How long to repeat, in seconds (not together with repeatCount)."),
        AnimationProperty(
            "autoreverses", \CAAnimation.autoreverses, scene: .bool, access: .flag(nilValue: false),
            summary: "Whether each cycle plays forward then backward."),
        AnimationProperty(
            "fillMode", \CAAnimation.fillMode, scene: .names(CAMediaTimingFillMode.names), access: .option,
            summary: "What shows outside the active time."),
        AnimationProperty(
            "removedOnCompletion", \CAAnimation.isRemovedOnCompletion, aliases: ["isRemovedOnCompletion"],
            scene: .bool, access: .flag(nilValue: true),
            summary: "Whether the animation is removed when it ends (default true)."),
        AnimationProperty(
            "timingFunction", \CAAnimation.timingFunction, scene: .timingFunction, access: .optional(),
            summary:
                "The pacing of each cycle (on a keyframe animation it eases the whole animation before each segment's timingFunctions)."
        ),
        AnimationProperty(
            "delegate", \CAAnimation.delegate, scene: nil, access: .optional(),
            summary: "Receives the animation's start and stop (code: scenes cannot set it)."),
        AnimationProperty(
            "preferredFrameRateRange", \CAAnimation.preferredFrameRateRange, scene: nil, access: .exact,
            summary: "The frame rates the animation would like (kept; glayers draws every frame it is asked for)."),
    ]

    private static let property: [AnimationProperty] = [
        AnimationProperty(
            "keyPath", \CAPropertyAnimation.keyPath, scene: .string, access: .optional(),
            summary:
                "The animated key path (position, transform.rotation.z, filters.NAME.KEY, …; default: the animation's key)."
        ),
        AnimationProperty(
            "additive", \CAPropertyAnimation.isAdditive, aliases: ["isAdditive"], scene: .bool,
            access: .flag(nilValue: false), summary: "Whether the value is added to the model value."),
        AnimationProperty(
            "cumulative", \CAPropertyAnimation.isCumulative, aliases: ["isCumulative"], scene: .bool,
            access: .flag(nilValue: false), summary: "Whether each cycle builds on the previous one's end."),
        AnimationProperty(
            "valueFunction", \CAPropertyAnimation.valueFunction,
            scene: .names(CAValueFunctionName.all.map(\.rawValue)), access: .optional(),
            summary: "Turns numbers into transforms (keyPath transform or sublayerTransform)."),
        AnimationProperty(
            "fromValue", \CABasicAnimation.fromValue, scene: .value, access: .any,
            summary: "The start value (encoded as the key path's property)."),
        AnimationProperty(
            "toValue", \CABasicAnimation.toValue, scene: .value, access: .any, summary: "The end value."),
        AnimationProperty(
            "byValue", \CABasicAnimation.byValue, scene: .value, access: .any,
            summary: "The change over the animation."),
        AnimationProperty(
            "mass", \CASpringAnimation.mass, scene: .number, access: .number(nilValue: 1),
            summary: "The mass on the spring (default 1); without duration a spring runs for its settlingDuration."),
        AnimationProperty(
            "stiffness", \CASpringAnimation.stiffness, scene: .number, access: .number(nilValue: 100),
            summary: "The spring constant (default 100)."),
        AnimationProperty(
            "damping", \CASpringAnimation.damping, scene: .number, access: .number(nilValue: 10),
            summary: "The damping (default 10)."),
        AnimationProperty(
            "initialVelocity", \CASpringAnimation.initialVelocity, scene: .number, access: .number(nilValue: 0),
            summary: "The initial velocity (default 0)."),
        AnimationProperty(
            "allowsOverdamping", \CASpringAnimation.allowsOverdamping, scene: nil, access: .flag(nilValue: false),
            summary: "Whether a damping ratio above 1 overdamps the spring."),
    ]

    private static let keyframe: [AnimationProperty] = [
        AnimationProperty(
            "values", \CAKeyframeAnimation.values, scene: .values, access: .optional(),
            summary: "The keyframe values."),
        AnimationProperty(
            "path", \CAKeyframeAnimation.path, scene: .path, access: .optional(),
            summary: "A path for point properties (each segment is a keyframe)."),
        AnimationProperty(
            "keyTimes", \CAKeyframeAnimation.keyTimes, scene: .numbers, access: .optional(),
            summary: "When each value applies, 0…1, one per value, never decreasing."),
        AnimationProperty(
            "timingFunctions", \CAKeyframeAnimation.timingFunctions, scene: .timingFunctions, access: .optional(),
            summary: "One timing function per segment (values − 1)."),
        AnimationProperty(
            "calculationMode", \CAKeyframeAnimation.calculationMode,
            scene: .names(["linear", "discrete", "paced", "cubic", "cubicPaced"]), access: .option,
            summary: "How values between keyframes are computed."),
        AnimationProperty(
            "tensionValues", \CAKeyframeAnimation.tensionValues, scene: .numbers, access: .optional(),
            summary: "Spline tension per value."),
        AnimationProperty(
            "continuityValues", \CAKeyframeAnimation.continuityValues, scene: .numbers, access: .optional(),
            summary: "Spline continuity per value."),
        AnimationProperty(
            "biasValues", \CAKeyframeAnimation.biasValues, scene: .numbers, access: .optional(),
            summary: "Spline bias per value."),
        AnimationProperty(
            "rotationMode", \CAKeyframeAnimation.rotationMode, scene: .names(["auto", "autoReverse"]),
            access: .optionalOption(), summary: "Whether a layer moving along the path turns with it (with path only)."),
    ]

    private static let others: [AnimationProperty] = [
        AnimationProperty(
            "animations", \CAAnimationGroup.animations, scene: .animations, access: .optional(),
            summary: "The grouped animations (each with a keyPath)."),
        AnimationProperty(
            "type", \CATransition.type, scene: .names(["fade", "moveIn", "push", "reveal"]), access: .option,
            summary: "The kind of transition."),
        AnimationProperty(
            "subtype", \CATransition.subtype, scene: .names(["fromLeft", "fromRight", "fromTop", "fromBottom"]),
            access: .optionalOption(), summary: "The direction."),
        AnimationProperty(
            "startProgress", \CATransition.startProgress, scene: .fraction, access: .number(nilValue: 0),
            summary: "Where the transition starts, 0…1."),
        AnimationProperty(
            "endProgress", \CATransition.endProgress, scene: .fraction, access: .number(nilValue: 1),
            summary: "Where the transition ends, 0…1 (not before startProgress)."),
        AnimationProperty(
            "filter", \CATransition.filter, scene: nil, access: .any,
            summary: "A custom filter (not supported by glayers: reported when set and ignored)."),
    ]
}
