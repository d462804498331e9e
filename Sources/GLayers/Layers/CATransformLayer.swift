/// `CATransformLayer`: a layer whose sublayers share one 3D space instead of being flattened
/// into its plane; it draws nothing of its own (background, contents, border and effects are
/// ignored, as on Apple's platforms).
import Foundation

/// A layer that keeps its sublayers in 3D.
open class CATransformLayer: CALayer {
    override var preservesDepth: Bool { true }

    public override init() { super.init() }
    public override init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Transform layers are never hit themselves; only their sublayers can be.
    open override func hitTest(_ p: CGPoint) -> CALayer? {
        let hit = super.hitTest(p)
        return hit === self ? nil : hit
    }
}
