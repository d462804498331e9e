/// `CAReplicatorLayer`: draws its sublayers `instanceCount` times, each copy transformed by
/// one more `instanceTransform` (about the replicator's centre), shifted in time by
/// `instanceDelay`, and tinted by accumulating colour offsets.
import Foundation
import GLayersGraphics

/// A layer that draws copies of its sublayers.
open class CAReplicatorLayer: CALayer {
    /// How many copies (default 1).
    open var instanceCount: Int {
        get {
            // Any number may arrive through key-value coding; NaN counts as none and huge
            // values saturate (the flattener draws at most 10 000 copies).
            let n = number("instanceCount", default: 1)
            return n.isNaN ? 0 : Int(max(-1e15, min(1e15, n)))
        }
        set { setCustom("instanceCount", .number(CGFloat(newValue))) }
    }
    /// The delay, in seconds, of each copy's animations relative to the previous copy.
    open var instanceDelay: CFTimeInterval {
        get { Double(number("instanceDelay", default: 0)) }
        set { setCustom("instanceDelay", .number(CGFloat(newValue))) }
    }
    /// The transform of each copy relative to the previous one.
    open var instanceTransform: CATransform3D {
        get { transformValue("instanceTransform") }
        set { setCustom("instanceTransform", .transform(newValue)) }
    }
    /// The colour the first copy is multiplied by (default white).
    open var instanceColor: CGColor? {
        get { color("instanceColor", default: .white) }
        set { setCustom("instanceColor", .color(ColorValue(newValue))) }
    }
    /// Added to the red of each copy's colour relative to the previous one.
    open var instanceRedOffset: Float {
        get { Float(number("instanceRedOffset", default: 0)) }
        set { setCustom("instanceRedOffset", .number(CGFloat(newValue))) }
    }
    /// Added to the green of each copy's colour.
    open var instanceGreenOffset: Float {
        get { Float(number("instanceGreenOffset", default: 0)) }
        set { setCustom("instanceGreenOffset", .number(CGFloat(newValue))) }
    }
    /// Added to the blue of each copy's colour.
    open var instanceBlueOffset: Float {
        get { Float(number("instanceBlueOffset", default: 0)) }
        set { setCustom("instanceBlueOffset", .number(CGFloat(newValue))) }
    }
    /// Added to the alpha of each copy's colour.
    open var instanceAlphaOffset: Float {
        get { Float(number("instanceAlphaOffset", default: 0)) }
        set { setCustom("instanceAlphaOffset", .number(CGFloat(newValue))) }
    }

    public override init() { super.init() }
    public required init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open override class var implicitlyAnimatedKeys: Set<String> {
        super.implicitlyAnimatedKeys.union([
            "instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
            "instanceBlueOffset", "instanceAlphaOffset",
        ])
    }

    open override class var declaredKeys: [String] { super.declaredKeys + ["instanceCount", "instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset"] }

    override class func declaredKind(forKey key: String) -> ValueKind? {
        switch key {
        case "instanceCount", "instanceDelay", "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset",
            "instanceAlphaOffset":
            return .number
        case "instanceTransform": return .transform
        case "instanceColor": return .color
        default: return super.declaredKind(forKey: key)
        }
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "instanceCount": return 1
        case "instanceColor": return CGColor.white
        case "instanceTransform": return CATransform3D.identity
        default: return super.defaultValue(forKey: key)
        }
    }
}
