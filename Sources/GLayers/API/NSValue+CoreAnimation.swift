/// Boxing geometry in `NSValue` with the names Apple's platforms give it (`NSValue(cgPoint:)`,
/// `caTransform3DValue`, …), so code that boxes values for `fromValue`, keyframe `values` or
/// `setValue(_:forKey:)` compiles unchanged; key-value coding and animations unbox them
/// (`ValueConversion`).
///
/// Foundation on Linux boxes points, sizes and rects itself (`NSValue(point:)`, `pointValue`,
/// …): the `cg…` names forward to those. It cannot box structures of its own choosing, so
/// transforms are boxed as arrays of doubles: `objCType` is `[16d]` for a `CATransform3D` and
/// `[6d]` for a `CGAffineTransform` (Apple's say `{CATransform3D=dddddddddddddddd}` and
/// `{CGAffineTransform=dddddd}`).
import Foundation
import GLayersGraphics

extension NSValue {
    /// A value holding a point (UIKit's name for `NSValue(point:)`).
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }

    /// A value holding a size (UIKit's name for `NSValue(size:)`).
    public convenience init(cgSize size: CGSize) { self.init(size: size) }

    /// A value holding a rectangle (UIKit's name for `NSValue(rect:)`).
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    /// A value holding a 3D transform.
    public convenience init(caTransform3D t: CATransform3D) {
        self.init(doubles: t.entries.map { Double($0) }, objCType: BoxedType.transform3D)
    }

    /// A value holding an affine transform.
    public convenience init(cgAffineTransform t: CGAffineTransform) {
        self.init(doubles: [t.a, t.b, t.c, t.d, t.tx, t.ty].map { Double($0) }, objCType: BoxedType.affineTransform)
    }

    /// The point the value holds (zero when it holds no point).
    public var cgPointValue: CGPoint { boxedPoint ?? .zero }

    /// The size the value holds (zero when it holds no size).
    public var cgSizeValue: CGSize { boxedSize ?? .zero }

    /// The rectangle the value holds (zero when it holds no rectangle).
    public var cgRectValue: CGRect { boxedRect ?? .zero }

    /// The 3D transform the value holds (the identity when it holds none).
    public var caTransform3DValue: CATransform3D { boxedTransform3D ?? .identity }

    /// The affine transform the value holds (the identity when it holds none).
    public var cgAffineTransformValue: CGAffineTransform { boxedAffineTransform ?? .identity }

    // MARK: Unboxing by type (for ValueConversion: nil when the value holds another type)

    /// The type encoding of the boxed value.
    private var typeEncoding: String { String(cString: objCType) }

    var boxedPoint: CGPoint? { typeEncoding == BoxedType.point ? pointValue : nil }

    var boxedSize: CGSize? { typeEncoding == BoxedType.size ? sizeValue : nil }

    var boxedRect: CGRect? { typeEncoding == BoxedType.rect ? rectValue : nil }

    var boxedTransform3D: CATransform3D? {
        doubles(count: 16, objCType: BoxedType.transform3D).flatMap { CATransform3D(entries: $0.map { CGFloat($0) }) }
    }

    var boxedAffineTransform: CGAffineTransform? {
        guard let d = doubles(count: 6, objCType: BoxedType.affineTransform) else { return nil }
        return CGAffineTransform(
            a: CGFloat(d[0]), b: CGFloat(d[1]), c: CGFloat(d[2]), d: CGFloat(d[3]), tx: CGFloat(d[4]), ty: CGFloat(d[5])
        )
    }

    private convenience init(doubles: [Double], objCType: String) {
        let storage = UnsafeMutablePointer<Double>.allocate(capacity: doubles.count)
        storage.initialize(from: doubles, count: doubles.count)
        defer { storage.deallocate() }
        self.init(bytes: storage, objCType: objCType)
    }

    private func doubles(count: Int, objCType expected: String) -> [Double]? {
        guard typeEncoding == expected else { return nil }
        var out = [Double](repeating: 0, count: count)
        out.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { getValue(base) }
        }
        return out
    }
}

/// The type encodings `NSValue` reports for the types it boxes.
private enum BoxedType {
    static let point = "{CGPoint=dd}"
    static let size = "{CGSize=dd}"
    static let rect = "{CGRect={CGPoint=dd}{CGSize=dd}}"
    static let transform3D = "[16d]"
    static let affineTransform = "[6d]"
}
