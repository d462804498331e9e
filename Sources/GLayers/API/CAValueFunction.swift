/// `CAValueFunction`: turns an animated scalar (or 3-vector) into a transform matrix.
import Foundation

/// Names of the value functions.
public struct CAValueFunctionName: CAStringOption {
    /// The function's name as Core Animation spells it ("rotateZ" for `kCAValueFunctionRotateZ`).
    public let rawValue: String
    /// Creates a value-function name from its string.
    ///
    /// - `CAValueFunction(name:)` returns nil for a name other than the eleven below.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A rotation about x by the value, in radians.
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    /// A rotation about y by the value, in radians.
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    /// A rotation about z by the value, in radians (+x turns toward +y: clockwise on a y-down screen).
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    /// A scale by the value's three components (x, y, z).
    public static let scale = CAValueFunctionName(rawValue: "scale")
    /// A scale of x by the value.
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    /// A scale of y by the value.
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    /// A scale of z by the value.
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    /// A translation by the value's three components (x, y, z), in points.
    public static let translate = CAValueFunctionName(rawValue: "translate")
    /// A translation along x by the value, in points.
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    /// A translation along y by the value, in points.
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    /// A translation along z by the value, in points.
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")

    static let all: [CAValueFunctionName] = [
        .rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ, .translate, .translateX,
        .translateY, .translateZ,
    ]
}

/// A function applied to the interpolated value of a `transform` animation before it is set
/// in the presentation layer (`MakeRotation(v, 0, 0, 1)` for `rotateZ`, …).
open class CAValueFunction: NSObject, @unchecked Sendable {
    /// The function's name.
    public let name: CAValueFunctionName

    private static let shared: [CAValueFunctionName: CAValueFunction] = Dictionary(
        uniqueKeysWithValues: CAValueFunctionName.all.map { ($0, CAValueFunction(uncheckedName: $0)) })

    private init(uncheckedName: CAValueFunctionName) {
        name = uncheckedName
        super.init()
    }

    /// The function with `name` (the same object for repeated calls), or nil for an unknown name.
    public static func named(_ name: CAValueFunctionName) -> CAValueFunction? { shared[name] }

    /// The function with `name`; nil for an unknown name.
    public convenience init?(name: CAValueFunctionName) {
        guard CAValueFunctionName.all.contains(name) else { return nil }
        self.init(uncheckedName: name)
    }

    /// Whether the function takes three components (`scale`, `translate`).
    var takesVector: Bool { name == .scale || name == .translate }

    /// The transform for the value `v` (the x, y, z components for vector functions).
    func matrix(_ v: (Double, Double, Double)) -> CATransform3D {
        switch name {
        case .rotateX: return CATransform3DMakeRotation(v.0, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(v.0, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(v.0, 0, 0, 1)
        case .scale: return CATransform3DMakeScale(v.0, v.1, v.2)
        case .scaleX: return CATransform3DMakeScale(v.0, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, v.0, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, v.0)
        case .translate: return CATransform3DMakeTranslation(v.0, v.1, v.2)
        case .translateX: return CATransform3DMakeTranslation(v.0, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, v.0, 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, v.0)
        default: return .identity
        }
    }
}
