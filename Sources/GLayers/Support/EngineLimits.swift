/// The engine's resource limits, in one place (docs/reliability.md#limits): what a layer tree
/// may hold before the engine refuses or clamps, so that no value given through the API or a
/// scene makes it allocate without bound, recurse past the stack or spend minutes on a frame.
///
/// Each is enforced where the resource is taken (named below), with a warning that names the
/// call or the layer; scenes turn those warnings into errors at the value's file position.
/// Images' limits are `CGImage`'s (`maximumSide`, `maximumPixelCount`, `maximumFileSize`),
/// scene files' `JSONReader`'s and `Scene`'s.
import Foundation

/// The engine's resource limits (the file's description says where each is enforced).
public enum EngineLimits {
    /// The deepest a layer tree may be (`addSublayer` and `mask` refuse deeper trees; flattening
    /// stops there too), so recursive walks stay within the stack.
    public static let maximumTreeDepth = 512

    /// The most animations one layer runs at once (`add(_:forKey:)` refuses more; an animation
    /// replacing one under the same key is always accepted), and the most in one group.
    public static let maximumAnimationsPerLayer = 1_000

    /// The most keyframes of one keyframe animation (`values`, `keyTimes`, `timingFunctions`,
    /// the elements of `path`): `add(_:forKey:)` refuses the animation.
    public static let maximumKeyframes = 100_000

    /// The most elements (moves, lines, curves, closes) of a path a shape layer draws or a
    /// `shadowPath` casts; a longer path is not drawn.
    public static let maximumPathElements = 100_000

    /// The most UTF-16 code units of text a text layer draws; the rest is left out.
    public static let maximumTextLength = 100_000

    /// The most copies of one replicator's sublayers (`instanceCount` is clamped to it).
    public static let maximumInstanceCount = 10_000

    /// The most copies nested replicators make of a layer in all (the product of their
    /// instance counts): inner replicators' counts are clamped so that the product stays within.
    public static let maximumReplicaInstances = 100_000

    /// The most copies all the replicators of one frame make (sibling replicators add up);
    /// the rest are not drawn.
    public static let maximumReplicaCopiesPerFrame = 1_000_000

    /// The largest `shadowRadius` and blur or bloom `inputRadius` drawn, in points; larger
    /// radii are drawn as this one (a blur's pass grows by three standard deviations a side).
    public static let maximumBlurRadius: CGFloat = 256
}
