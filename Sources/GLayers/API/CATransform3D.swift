/// `CATransform3D` and the functions Apple declares for it, with Apple's conventions.
///
/// Points are row vectors: `p' = [x y z 1] · M`, then divided by w. Translation sits in
/// m41…m43 and perspective in m34 (`-1/d`). `CATransform3DConcat(a, b)` applies `a` first;
/// `CATransform3DTranslate/Scale/Rotate(t, …)` apply the new operation *before* `t`
/// (docs/semantics.md#catransform3d).
import Foundation
import GLayersGraphics

/// A 4×4 homogeneous transform (Core Animation's `CATransform3D`).
public struct CATransform3D: Equatable, Hashable, Sendable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// A transform from its sixteen entries, row by row.
    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// The identity (Apple's Swift overlay spells this `init()` too).
    public init() {
        self.init(
            m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
            m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// The identity transform.
    public static let identity = CATransform3D()

    /// The sixteen entries, row by row (m11, m12, …, m44).
    public var entries: [CGFloat] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// A transform from sixteen entries, row by row; nil unless there are exactly sixteen.
    public init?(entries e: [CGFloat]) {
        guard e.count == 16 else { return nil }
        self.init(
            m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
            m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }

    /// Whether every entry is finite.
    @inlinable
    public var isFinite: Bool {
        // x · 0 is 0 for a finite x and NaN for an infinity or a NaN. In pairs (two lanes, as
        // the baseline x86-64 vector registers hold), summed as a tree: a SIMD4 of doubles was
        // split into odd scalar and pair lanes, one long chain of additions.
        let e = unsafeBitCast(
            self,
            to: (
                SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>,
                SIMD2<Double>, SIMD2<Double>
            ).self)
        let z = SIMD2<Double>.zero
        let sum = ((e.0 * z + e.1 * z) + (e.2 * z + e.3 * z)) + ((e.4 * z + e.5 * z) + (e.6 * z + e.7 * z))
        return sum == z
    }

    /// The four rows as vectors (the same sixteen entries, in the same order).
    @inlinable
    var rows: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
        unsafeBitCast(self, to: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>).self)
    }

    /// A transform from its four rows.
    @inlinable
    init(rows: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)) {
        self = unsafeBitCast(rows, to: CATransform3D.self)
    }

    /// `self · other`: points are mapped by `self` first, then by `other`.
    ///
    /// - Row by row as vectors; each entry is summed in the order of the scalar formula
    ///   (`a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41`), so the result is the
    ///   same to the bit.
    @inlinable
    public func concatenating(_ other: CATransform3D) -> CATransform3D {
        let (a0, a1, a2, a3) = rows
        let (b0, b1, b2, b3) = other.rows
        @inline(__always) func row(_ r: SIMD4<Double>) -> SIMD4<Double> { r.x * b0 + r.y * b1 + r.z * b2 + r.w * b3 }
        return CATransform3D(rows: (row(a0), row(a1), row(a2), row(a3)))
    }

    /// The homogeneous product `[x y z w] · M`.
    @inlinable
    public func apply(x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat = 1) -> (CGFloat, CGFloat, CGFloat, CGFloat) {
        (
            x * m11 + y * m21 + z * m31 + w * m41, x * m12 + y * m22 + z * m32 + w * m42,
            x * m13 + y * m23 + z * m33 + w * m43, x * m14 + y * m24 + z * m34 + w * m44
        )
    }

    /// The point `(p.x, p.y, 0)` mapped and divided by w (Apple's `CA_CGPointApplyTransform`).
    public func apply(to p: CGPoint) -> CGPoint {
        let (x, y, _, w) = apply(x: p.x, y: p.y, z: 0)
        return w == 1 ? CGPoint(x: x, y: y) : CGPoint(x: x / w, y: y / w)
    }

    /// The bounding box of the rectangle's four corners mapped by the transform.
    public func apply(to r: CGRect) -> CGRect {
        if r.isNull || r.isInfinite { return r }
        let s = r.standardized
        return CGRect.boundingBox(of: [
            apply(to: CGPoint(x: s.minX, y: s.minY)), apply(to: CGPoint(x: s.maxX, y: s.minY)),
            apply(to: CGPoint(x: s.minX, y: s.maxY)), apply(to: CGPoint(x: s.maxX, y: s.maxY)),
        ])
    }

    /// The 4×4 determinant.
    public var determinant: CGFloat {
        let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
        return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    }

    /// The inverse, or nil when the matrix is singular or not finite.
    public var inverse: CATransform3D? {
        let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard det != 0, det.isFinite else { return nil }
        let i = 1 / det
        let r = CATransform3D(
            m11: (m22 * c5 - m23 * c4 + m24 * c3) * i, m12: (-m12 * c5 + m13 * c4 - m14 * c3) * i,
            m13: (m42 * s5 - m43 * s4 + m44 * s3) * i, m14: (-m32 * s5 + m33 * s4 - m34 * s3) * i,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) * i, m22: (m11 * c5 - m13 * c2 + m14 * c1) * i,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) * i, m24: (m31 * s5 - m33 * s2 + m34 * s1) * i,
            m31: (m21 * c4 - m22 * c2 + m24 * c0) * i, m32: (-m11 * c4 + m12 * c2 - m14 * c0) * i,
            m33: (m41 * s4 - m42 * s2 + m44 * s0) * i, m34: (-m31 * s4 + m32 * s2 - m34 * s0) * i,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) * i, m42: (m11 * c3 - m12 * c1 + m13 * c0) * i,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) * i, m44: (m31 * s3 - m32 * s1 + m33 * s0) * i)
        return r.isFinite ? r : nil
    }
}

extension CATransform3D: CustomStringConvertible {
    /// The matrix row by row, `CATransform3D(m11 m12 m13 m14; …; m41 m42 m43 m44)`, for logs.
    public var description: String {
        let rows = [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
        return "CATransform3D(" + rows.map { $0.map { "\(Double($0))" }.joined(separator: " ") }.joined(separator: "; ")
            + ")"
    }
}

// MARK: - Apple's functions

/// The identity transform `[1 0 0 0; 0 1 0 0; 0 0 1 0; 0 0 0 1]`.
public let CATransform3DIdentity = CATransform3D.identity

/// Whether `t` is exactly the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == .identity }

/// Whether `a` and `b` are exactly equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// `t' = [1 0 0 0; 0 1 0 0; 0 0 1 0; tx ty tz 1]`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3D.identity
    (t.m41, t.m42, t.m43) = (tx, ty, tz)
    return t
}

/// `t' = [sx 0 0 0; 0 sy 0 0; 0 0 sz 0; 0 0 0 1]`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3D.identity
    (t.m11, t.m22, t.m33) = (sx, sy, sz)
    return t
}

/// A rotation of `angle` radians about the vector `(x, y, z)`; the identity for a zero vector.
///
/// - The axis is normalised. For the z axis, m12 = +sin and m21 = −sin: positive angles turn
///   +x toward +y (clockwise on screen with y down).
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let len = (x * x + y * y + z * z).squareRoot()
    guard len > 0, len.isFinite else { return .identity }
    let (x, y, z) = (x / len, y / len, z / len)
    let (s, c) = (sin(angle), cos(angle))
    let k = 1 - c
    return CATransform3D(
        m11: c + x * x * k, m12: x * y * k + z * s, m13: x * z * k - y * s, m14: 0,
        m21: x * y * k - z * s, m22: c + y * y * k, m23: y * z * k + x * s, m24: 0,
        m31: x * z * k + y * s, m32: y * z * k - x * s, m33: c + z * z * k, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)
}

/// `t' = translate(tx, ty, tz) · t`: the translation is applied first, in t's input space.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DMakeTranslation(tx, ty, tz).concatenating(t)
}

/// `t' = scale(sx, sy, sz) · t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DMakeScale(sx, sy, sz).concatenating(t)
}

/// `t' = rotation(angle, x, y, z) · t`.
public func CATransform3DRotate(
    _ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat
) -> CATransform3D {
    CATransform3DMakeRotation(angle, x, y, z).concatenating(t)
}

/// `t' = a · b`: `a` is applied first, then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    a.concatenating(b)
}

/// The inverse of `t`, or `t` unchanged when it has no inverse.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D { t.inverse ?? t }

/// The 3D transform equivalent to the affine transform `m`.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(
        m11: m.a, m12: m.b, m13: 0, m14: 0, m21: m.c, m22: m.d, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0, m41: m.tx, m42: m.ty, m43: 0, m44: 1)
}

/// Whether `t` is a 2D affine transform: m13 = m14 = m23 = m24 = m31 = m32 = m34 = m43 = 0
/// and m33 = m44 = 1.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0
        && t.m34 == 0 && t.m43 == 0 && t.m33 == 1 && t.m44 == 1
}

/// The affine part of `t` (undefined by Apple when `t` is not affine; this returns its
/// x/y rows and translation).
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}
