/// The timing protocol shared by layers and animations, and the string-backed option types
/// Core Animation declares, spelled as in Apple's Swift overlay.
import Foundation

/// A time interval in seconds (CoreFoundation's `CFTimeInterval`; Foundation on Linux lacks it).
public typealias CFTimeInterval = Double

/// Hierarchical timing: how an object maps its parent's time into its own (docs/semantics.md#local-time).
///
/// Local time `t = (parentTime − beginTime) · speed + timeOffset`.
public protocol CAMediaTiming: AnyObject {
    /// When the object starts, in its parent's time.
    var beginTime: CFTimeInterval { get set }
    /// The basic duration of one cycle, in seconds (a layer's is infinite).
    var duration: CFTimeInterval { get set }
    /// How fast time passes relative to the parent (0 pauses, 2 doubles).
    var speed: Float { get set }
    /// An offset added to local time.
    var timeOffset: CFTimeInterval { get set }
    /// How many times the object repeats (may be fractional; `.infinity` for ever).
    var repeatCount: Float { get set }
    /// How long the object repeats, in seconds.
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each cycle plays forward and then backward.
    var autoreverses: Bool { get set }
    /// What the object shows outside its active duration.
    var fillMode: CAMediaTimingFillMode { get set }
}

/// A Core Animation option spelled as a string (Apple bridges these to `NSString` constants).
public protocol CAStringOption: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
where RawValue == String {
    init(rawValue: String)
}

extension CAStringOption {
    /// Creates the option from a string literal, as `init(rawValue:)` does.
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    /// The option's name, its raw string.
    public var description: String { rawValue }
}

/// What a timed object shows outside its active duration.
public struct CAMediaTimingFillMode: CAStringOption {
    /// The fill mode's name as Core Animation spells it ("forwards" for `kCAFillModeForwards`).
    public let rawValue: String
    /// Creates a fill mode from its name.
    ///
    /// - A name other than the four below fills neither way, like `removed`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Before its start the object shows its first value.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// After its end the object keeps its final value.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// Both backwards and forwards.
    public static let both = CAMediaTimingFillMode(rawValue: "both")
    /// Outside its active duration the object has no effect (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// The names of the four modes, as property tables list them.
    package static let names = [removed, forwards, backwards, both].map(\.rawValue)

    var fillsBackwards: Bool { self == .backwards || self == .both }
    var fillsForwards: Bool { self == .forwards || self == .both }
}

/// Names of the predefined timing functions.
public struct CAMediaTimingFunctionName: CAStringOption {
    /// The timing function's name as Core Animation spells it ("easeIn" for `kCAMediaTimingFunctionEaseIn`).
    public let rawValue: String
    /// Creates a timing function name from its string.
    ///
    /// - `CAMediaTimingFunction(name:)` warns about a name other than the five below and uses `linear`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Control points (0, 0) and (1, 1).
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Control points (0.42, 0) and (1, 1).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Control points (0, 0) and (0.58, 1).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Control points (0.42, 0) and (0.58, 1).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// Control points (0.25, 0.1) and (0.25, 1): the curve of implicit animations.
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// How a keyframe animation computes values between keyframes.
public struct CAAnimationCalculationMode: CAStringOption {
    /// The calculation mode's name as Core Animation spells it ("paced" for `kCAAnimationPaced`).
    public let rawValue: String
    /// Creates a calculation mode from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Linear interpolation between keyframes (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// Each keyframe holds until the next; no interpolation.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Linear, re-timed for constant speed; keyTimes and timingFunctions are ignored.
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A Kochanek–Bartels spline through the keyframes.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// The cubic spline, re-timed for constant speed.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether an object moving along a path turns to follow it.
public struct CAAnimationRotationMode: CAStringOption {
    /// The rotation mode's name as Core Animation spells it ("auto" for `kCAAnimationRotateAuto`).
    public let rawValue: String
    /// Creates a rotation mode from its name.
    ///
    /// - A keyframe animation warns about a name other than the two below and does not rotate the layer.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Rotate to match the path tangent.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// Rotate to match the path tangent plus 180°.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// The kind of a transition animation.
public struct CATransitionType: CAStringOption {
    /// The transition type's name as Core Animation spells it ("fade" for `kCATransitionFade`).
    public let rawValue: String
    /// Creates a transition type from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The new content cross-fades over the old.
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new content slides in over the old.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new content pushes the old out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old content slides away, revealing the new.
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The direction of a transition.
public struct CATransitionSubtype: CAStringOption {
    /// The direction's name as Core Animation spells it ("fromLeft" for `kCATransitionFromLeft`).
    public let rawValue: String
    /// Creates a transition direction from its name.
    ///
    /// - A transition treats a name other than the four below, like a nil subtype, as `fromLeft`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The new content enters at the right edge and the old leaves to the left.
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// The new content enters at the left edge and the old leaves to the right (used for a nil subtype).
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// The new content enters at the top edge of glayers' y-down screen.
    ///
    /// - Apple ties vertical directions to the layer's y axis, so they can look swapped in a port.
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// The new content enters at the bottom edge of glayers' y-down screen.
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// How a layer's contents are placed in its bounds.
public struct CALayerContentsGravity: CAStringOption {
    /// The gravity's name as Core Animation spells it ("resizeAspect" for `kCAGravityResizeAspect`).
    public let rawValue: String
    /// Creates a contents gravity from its name.
    ///
    /// - A name other than the twelve below is treated as `center`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Natural size, centred in the bounds (it may overflow them).
    public static let center = CALayerContentsGravity(rawValue: "center")
    /// Maximum y ("top" always means maximum y in Core Animation's terms; with glayers' y-down
    /// coordinates that is the bottom edge of the screen unless geometry is flipped).
    public static let top = CALayerContentsGravity(rawValue: "top")
    /// Minimum y.
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    /// Natural size, at the minimum-x edge, centred vertically.
    public static let left = CALayerContentsGravity(rawValue: "left")
    /// Natural size, at the maximum-x edge, centred vertically.
    public static let right = CALayerContentsGravity(rawValue: "right")
    /// Natural size, in the corner at minimum x and maximum y ("top" is maximum y).
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    /// Natural size, in the corner at maximum x and maximum y ("top" is maximum y).
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    /// Natural size, in the corner at minimum x and minimum y ("bottom" is minimum y).
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    /// Natural size, in the corner at maximum x and minimum y ("bottom" is minimum y).
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    /// Stretch to fill the bounds (the default).
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// Scale to fit, keeping the aspect ratio.
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// Scale to fill, keeping the aspect ratio (may overflow the bounds).
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")
}

/// The filter used to scale contents.
public struct CALayerContentsFilter: CAStringOption {
    /// The filter's name as Core Animation spells it ("nearest" for `kCAFilterNearest`).
    public let rawValue: String
    /// Creates a contents filter from its name.
    ///
    /// - A name other than the three below samples as `linear`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Bilinear interpolation of the nearest four pixels (the default for both filters).
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// The nearest pixel, with no smoothing (crisp pixel art).
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Bilinear in the two nearest mipmap levels, blended (a minification filter).
    ///
    /// - The image is mipmapped the first time it is drawn so; when magnifying it acts as `linear`.
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
    /// The names of the three filters, as property tables list them.
    package static let names = [linear, nearest, trilinear].map(\.rawValue)
}

/// The pixel format of a layer's backing store.
public struct CALayerContentsFormat: CAStringOption {
    /// The format's name as Core Animation spells it ("RGBA8" for `kCAContentsFormatRGBA8Uint`).
    public let rawValue: String
    /// Creates a backing-store format from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// 8 bits per channel RGBA (the default).
    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    /// 16-bit half-float RGBA, for extended-range content.
    ///
    /// - Stored only: glayers draws every backing store in 8-bit RGBA.
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    /// One 8-bit grey channel.
    ///
    /// - Stored only: glayers draws every backing store in 8-bit RGBA.
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}

/// The shape of a layer's rounded corners.
public struct CALayerCornerCurve: CAStringOption {
    /// The curve's name as Core Animation spells it ("circular" or "continuous").
    public let rawValue: String
    /// Creates a corner curve from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Each corner is a quarter circle of `cornerRadius` (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Apple's continuous ("squircle") corner: the curvature rises smoothly from the straight edge.
    ///
    /// - The edge leaves about 1.53 radii before the corner; where that does not fit the curve blends
    ///   toward circular, so a radius of half the height still draws a capsule.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// How a layer resizes when its superlayer's bounds change.
public struct CAAutoresizingMask: OptionSet, Hashable, Sendable {
    /// The mask's bits: 1, 2, 4, 8, 16 and 32 as below.
    public let rawValue: UInt32
    /// Creates a mask from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The left margin is flexible.
    public static let layerMinXMargin = CAAutoresizingMask(rawValue: 1)
    /// The width is flexible.
    public static let layerWidthSizable = CAAutoresizingMask(rawValue: 2)
    /// The right margin is flexible.
    public static let layerMaxXMargin = CAAutoresizingMask(rawValue: 4)
    /// The minimum-y margin is flexible.
    public static let layerMinYMargin = CAAutoresizingMask(rawValue: 8)
    /// The height is flexible.
    public static let layerHeightSizable = CAAutoresizingMask(rawValue: 16)
    /// The maximum-y margin is flexible.
    public static let layerMaxYMargin = CAAutoresizingMask(rawValue: 32)
}

/// Which corners `cornerRadius` rounds.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    /// The mask's bits: 1, 2, 4 and 8 as below.
    public let rawValue: UInt
    /// Creates a mask from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The corner at minimum x and minimum y (the top left on glayers' y-down screen).
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    /// The corner at maximum x and minimum y (the top right on glayers' y-down screen).
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    /// The corner at minimum x and maximum y (the bottom left on glayers' y-down screen).
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    /// The corner at maximum x and maximum y (the bottom right on glayers' y-down screen).
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
    static let all: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
}

/// Which edges of a layer are anti-aliased.
public struct CAEdgeAntialiasingMask: OptionSet, Hashable, Sendable {
    /// The mask's bits: 1, 2, 4 and 8 as below.
    public let rawValue: UInt32
    /// Creates a mask from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The edge at minimum x.
    public static let layerLeftEdge = CAEdgeAntialiasingMask(rawValue: 1)
    /// The edge at maximum x.
    public static let layerRightEdge = CAEdgeAntialiasingMask(rawValue: 2)
    /// The edge at minimum y ("bottom" in Core Animation's terms: the upper edge on glayers' y-down screen).
    public static let layerBottomEdge = CAEdgeAntialiasingMask(rawValue: 4)
    /// The edge at maximum y ("top" in Core Animation's terms: the lower edge on glayers' y-down screen).
    public static let layerTopEdge = CAEdgeAntialiasingMask(rawValue: 8)
}

/// Action keys Core Animation sends besides property names.
public let kCAOnOrderIn = "onOrderIn"
/// Sent when a layer leaves a visible tree or is hidden.
public let kCAOnOrderOut = "onOrderOut"
/// The action key of `replaceSublayer(_:with:)`, and the animation key of transitions.
public let kCATransition = "transition"
