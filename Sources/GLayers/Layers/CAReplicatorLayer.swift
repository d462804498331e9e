/// `CAReplicatorLayer`: draws its sublayers `instanceCount` times, each copy transformed by
/// one more `instanceTransform` (about the replicator's centre), shifted in time by
/// `instanceDelay`, and tinted by accumulating colour offsets.
import Foundation
import GLayersGraphics

extension LayerProperty {
    /// `CAReplicatorLayer`'s properties (CAReplicatorLayer.h): all but `instanceCount` animate.
    enum Replicator {
        /// Any number is taken (the getter reads NaN as none and saturates huge values).
        static let instanceCount = StoredProperty(
            "instanceCount", default: CGFloat(1), choices: .integers(0...EngineLimits.maximumInstanceCount),
            accepts: { _ in true }, summary: "How many copies of the sublayers are drawn.")
        static let instanceDelay = StoredProperty(
            "instanceDelay", default: CGFloat(0), action: .animation,
            summary: "The delay of each copy's animations, in seconds.")
        static let instanceTransform = StoredProperty(
            "instanceTransform", default: CATransform3D.identity, action: .animation,
            summary: "The transform of each copy relative to the previous one.")
        static let instanceColor = StoredProperty(
            "instanceColor", default: ColorValue.object(.white), action: .animation,
            summary: "The colour the first copy is multiplied by.")
        static let instanceRedOffset = StoredProperty(
            "instanceRedOffset", default: CGFloat(0), action: .animation, summary: "Added to each copy's red.")
        static let instanceGreenOffset = StoredProperty(
            "instanceGreenOffset", default: CGFloat(0), action: .animation, summary: "Added to each copy's green.")
        static let instanceBlueOffset = StoredProperty(
            "instanceBlueOffset", default: CGFloat(0), action: .animation, summary: "Added to each copy's blue.")
        static let instanceAlphaOffset = StoredProperty(
            "instanceAlphaOffset", default: CGFloat(0), action: .animation, summary: "Added to each copy's alpha.")
        static let preservesDepth = StoredProperty(
            "preservesDepth", default: false,
            summary:
                "Whether the copies keep their depth in one 3D space (the replicator then draws nothing of its own, like a CATransformLayer) instead of being flattened into its plane."
        )

        static let all: [LayerProperty] = [
            instanceCount, instanceDelay, instanceTransform, instanceColor, instanceRedOffset, instanceGreenOffset,
            instanceBlueOffset, instanceAlphaOffset, preservesDepth,
        ]
    }
}

private typealias Replicator = LayerProperty.Replicator

/// A layer that draws copies of its sublayers.
open class CAReplicatorLayer: CALayer {
    /// How many copies (default 1).
    open var instanceCount: Int {
        get {
            // Any number may arrive through key-value coding; NaN counts as none and huge
            // values saturate (the flattener draws at most 10 000 copies).
            storedInstanceCount
        }
        set { self[stored: Replicator.instanceCount] = CGFloat(newValue) }
    }
    /// The delay, in seconds, of each copy's animations relative to the previous copy.
    open var instanceDelay: CFTimeInterval {
        get { Double(self[stored: Replicator.instanceDelay]) }
        set { self[stored: Replicator.instanceDelay] = CGFloat(newValue) }
    }
    /// The transform of each copy relative to the previous one.
    open var instanceTransform: CATransform3D {
        get { self[stored: Replicator.instanceTransform] }
        set { self[stored: Replicator.instanceTransform] = newValue }
    }
    /// The colour the first copy is multiplied by (default white).
    open var instanceColor: CGColor? {
        get { self[stored: Replicator.instanceColor].cgColor }
        set { self[stored: Replicator.instanceColor] = ColorValue(newValue) }
    }
    /// Added to the red of each copy's colour relative to the previous one.
    open var instanceRedOffset: Float {
        get { Float(self[stored: Replicator.instanceRedOffset]) }
        set { self[stored: Replicator.instanceRedOffset] = CGFloat(newValue) }
    }
    /// Added to the green of each copy's colour.
    open var instanceGreenOffset: Float {
        get { Float(self[stored: Replicator.instanceGreenOffset]) }
        set { self[stored: Replicator.instanceGreenOffset] = CGFloat(newValue) }
    }
    /// Added to the blue of each copy's colour.
    open var instanceBlueOffset: Float {
        get { Float(self[stored: Replicator.instanceBlueOffset]) }
        set { self[stored: Replicator.instanceBlueOffset] = CGFloat(newValue) }
    }
    /// Added to the alpha of each copy's colour.
    open var instanceAlphaOffset: Float {
        get { Float(self[stored: Replicator.instanceAlphaOffset]) }
        set { self[stored: Replicator.instanceAlphaOffset] = CGFloat(newValue) }
    }

    /// Whether the copies keep their depth in one 3D space instead of being flattened into the
    /// replicator's plane (default false). When true the replicator is treated like a
    /// `CATransformLayer` (CAReplicatorLayer.h): it draws nothing of its own (background,
    /// contents, border and effects are ignored), only its sublayers' copies.
    open var preservesDepth: Bool {
        get { self[stored: Replicator.preservesDepth] }
        set { self[stored: Replicator.preservesDepth] = newValue }
    }

    override var keepsSublayersIn3D: Bool { self[stored: Replicator.preservesDepth] }

    public override init() { super.init() }
    public override init(layer: Any) { super.init(layer: layer) }
    /// A default replicator layer (one instance, no offsets): decoding an archive is not supported.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    override class var declaredProperties: [LayerProperty] { super.declaredProperties + Replicator.all }

    // MARK: What flattening reads (final: no dynamic call per frame, whatever a subclass overrides)

    /// `instanceCount`: any number may arrive through key-value coding; NaN counts as none and
    /// huge values saturate (the flattener draws at most 10 000 copies).
    final var storedInstanceCount: Int {
        let n = self[stored: Replicator.instanceCount]
        return n.isNaN ? 0 : Int(max(-1e15, min(1e15, n)))
    }

    /// `instanceDelay`, `instanceTransform`, the alpha of `instanceColor` and
    /// `instanceAlphaOffset`, as stored.
    final var storedInstanceSteps: (delay: Double, transform: CATransform3D, alpha: Float, alphaOffset: Float) {
        (
            Double(self[stored: Replicator.instanceDelay]), self[stored: Replicator.instanceTransform],
            Float(self[stored: Replicator.instanceColor].cgColor?.alpha ?? 1),
            Float(self[stored: Replicator.instanceAlphaOffset])
        )
    }
}
