/// Decomposing a `CATransform3D` into scale, skew, rotation, translation and perspective, and
/// composing it back; the basis of transform key paths (`transform.rotation.z`, …) and of
/// whole-matrix interpolation.
///
/// With row vectors, `M = S · K · R · T · P`: scale first, then skew (lower-triangular K),
/// rotation, translation, perspective last — the row-vector form of the decomposition CSS
/// Transforms and WebKit use (after Graphics Gems II, "unmatrix"), but for a mirror, which is a
/// negative x scale (docs/semantics.md, "Transform key paths"). Rotations for key paths are
/// Euler angles with `R = Rx · Ry · Rz` (x applied first); interpolation uses quaternions.
import CEngineSupport
import Foundation

/// The parts of a 3D transform.
///
/// - Stored as sixteen plain numbers, read and written as vectors: a `SIMD3<Double>` takes 32
///   bytes, so the five vectors took 160 bytes where 128 hold them. The parts of the presented
///   transform lie in the first lines of a presented state, which every frame of an animated
///   layer reads (`PresentedState`, `PresentationBlockTests`).
struct TransformParts: Equatable {
    private var storedTranslation = Vector3(0, 0, 0)
    private var storedScale = Vector3(1, 1, 1)
    private var storedSkew = Vector3(0, 0, 0)
    private var storedPerspective = (x: 0.0, y: 0.0, z: 0.0, w: 1.0)
    private var storedRotation = Vector3(0, 0, 0)

    /// Three numbers without a vector's padding.
    private struct Vector3: Equatable {
        var x, y, z: Double
        init(_ x: Double, _ y: Double, _ z: Double) { (self.x, self.y, self.z) = (x, y, z) }
        init(_ v: SIMD3<Double>) { (x, y, z) = (v.x, v.y, v.z) }
        var vector: SIMD3<Double> { SIMD3(x, y, z) }
    }

    var translation: SIMD3<Double> {
        get { storedTranslation.vector }
        set { storedTranslation = Vector3(newValue) }
    }
    var scale: SIMD3<Double> {
        get { storedScale.vector }
        set { storedScale = Vector3(newValue) }
    }
    /// Shears xy, xz, yz.
    var skew: SIMD3<Double> {
        get { storedSkew.vector }
        set { storedSkew = Vector3(newValue) }
    }
    var perspective: SIMD4<Double> {
        get { SIMD4(storedPerspective.x, storedPerspective.y, storedPerspective.z, storedPerspective.w) }
        set { storedPerspective = (newValue.x, newValue.y, newValue.z, newValue.w) }
    }
    /// Euler angles about x, y, z in radians (`R = Rx · Ry · Rz`).
    var rotation: SIMD3<Double> {
        get { storedRotation.vector }
        set { storedRotation = Vector3(newValue) }
    }

    static func == (a: TransformParts, b: TransformParts) -> Bool {
        a.storedTranslation == b.storedTranslation && a.storedScale == b.storedScale && a.storedSkew == b.storedSkew
            && a.perspective == b.perspective && a.storedRotation == b.storedRotation
    }

    static let identity = TransformParts()

    /// The parts of `m`, or nil when it cannot be decomposed (singular, or m44 = 0).
    init?(_ m: CATransform3D) {
        guard let d = DecomposedMatrix(m) else { return nil }
        translation = d.translation
        scale = d.scale
        skew = d.skew
        perspective = d.perspective
        rotation = d.eulerAngles
    }

    init() {}

    /// The transform these parts describe.
    var matrix: CATransform3D {
        let r = TransformParts.rotationMatrix(rotation)
        return TransformParts.compose(
            scale: scale, skew: skew, rotation: r, translation: translation, perspective: perspective)
    }

    /// `Rx(a) · Ry(b) · Rz(c)` in closed form (row vectors).
    static func rotationMatrix(_ e: SIMD3<Double>) -> CATransform3D {
        if e == .zero { return .identity }
        // The three together, without a branch per angle (a zero angle gives (0, 1) exactly).
        var (sa, ca, sb, cb, sc, cc) = (0.0, 1.0, 0.0, 1.0, 0.0, 1.0)
        glayers_sincos3(e.x, e.y, e.z, &sa, &ca, &sb, &cb, &sc, &cc)
        return CATransform3D(
            m11: cb * cc, m12: cb * sc, m13: -sb, m14: 0,
            m21: -ca * sc + sa * sb * cc, m22: ca * cc + sa * sb * sc, m23: sa * cb, m24: 0,
            m31: sa * sc + ca * sb * cc, m32: -sa * cc + ca * sb * sc, m33: ca * cb, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// `S · K · R · T · P`, with the cheap cases (no skew, no perspective) skipped.
    static func compose(
        scale s: SIMD3<Double>, skew k: SIMD3<Double>, rotation r: CATransform3D,
        translation t: SIMD3<Double>, perspective p: SIMD4<Double>
    ) -> CATransform3D {
        var m = r
        if k != .zero {
            var sk = CATransform3D.identity
            sk.m21 = k.x
            sk.m31 = k.y
            sk.m32 = k.z
            m = sk.concatenating(m)
        }
        // S · m scales the rows.
        m.m11 *= s.x; m.m12 *= s.x; m.m13 *= s.x
        m.m21 *= s.y; m.m22 *= s.y; m.m23 *= s.y
        m.m31 *= s.z; m.m32 *= s.z; m.m33 *= s.z
        // · T: row 4 gets the translation.
        m.m41 = t.x; m.m42 = t.y; m.m43 = t.z
        if p != SIMD4(0, 0, 0, 1) {
            var pm = CATransform3D.identity
            (pm.m14, pm.m24, pm.m34, pm.m44) = (p.x, p.y, p.z, p.w)
            m = m.concatenating(pm)
        }
        return m
    }
}

/// A transform split into parts, with its rotation as a 3×3 row-vector matrix.
struct DecomposedMatrix {
    var translation: SIMD3<Double>
    var scale: SIMD3<Double>
    var skew: SIMD3<Double>
    var perspective: SIMD4<Double>
    /// Rows of the rotation (orthonormal, determinant +1).
    var rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

    init?(_ input: CATransform3D) {
        guard input.m44 != 0, input.isFinite else { return nil }
        var m = input
        let w = m.m44
        if w != 1 {
            let e = m.entries.map { $0 / w }
            m = CATransform3D(entries: e) ?? m
        }
        // A = M with its perspective column cleared: the affine part S·K·R·T.
        var a = m
        (a.m14, a.m24, a.m34, a.m44) = (0, 0, 0, 1)
        guard let aInverse = a.inverse else { return nil }
        if m.m14 != 0 || m.m24 != 0 || m.m34 != 0 {
            // p = A⁻¹ · (m14, m24, m34, m44)ᵀ
            let r = SIMD4<Double>(Double(m.m14), Double(m.m24), Double(m.m34), Double(m.m44))
            let i = aInverse
            let e = i.entries.map { Double($0) }
            perspective = SIMD4(
                e[0] * r.x + e[1] * r.y + e[2] * r.z + e[3] * r.w,
                e[4] * r.x + e[5] * r.y + e[6] * r.z + e[7] * r.w,
                e[8] * r.x + e[9] * r.y + e[10] * r.z + e[11] * r.w,
                e[12] * r.x + e[13] * r.y + e[14] * r.z + e[15] * r.w)
        } else {
            perspective = SIMD4(0, 0, 0, 1)
        }
        translation = SIMD3(Double(m.m41), Double(m.m42), Double(m.m43))
        var r0 = SIMD3<Double>(Double(m.m11), Double(m.m12), Double(m.m13))
        var r1 = SIMD3<Double>(Double(m.m21), Double(m.m22), Double(m.m23))
        var r2 = SIMD3<Double>(Double(m.m31), Double(m.m32), Double(m.m33))
        var s = SIMD3<Double>(0, 0, 0), k = SIMD3<Double>(0, 0, 0)
        s.x = length(r0)
        guard s.x > 0 else { return nil }
        r0 /= s.x
        k.x = dot(r0, r1)
        r1 -= k.x * r0
        s.y = length(r1)
        guard s.y > 0 else { return nil }
        r1 /= s.y
        k.x /= s.y
        k.y = dot(r0, r2)
        r2 -= k.y * r0
        k.z = dot(r1, r2)
        r2 -= k.z * r1
        s.z = length(r2)
        guard s.z > 0 else { return nil }
        r2 /= s.z
        k.y /= s.z
        k.z /= s.z
        // A mirror is a negative x scale (not all three negated with a half turn about x, as
        // "unmatrix" has it), so setting `transform.scale.y` keeps a layer mirrored in x and a
        // mirror interpolates as a flip (docs/semantics.md, "Transform key paths").
        if dot(r0, cross(r1, r2)) < 0 {
            s.x = -s.x
            r0 = -r0
            k.x = -k.x; k.y = -k.y
        }
        scale = s
        skew = k
        rows = (r0, r1, r2)
    }

    /// Euler angles (x, y, z) with `R = Rx · Ry · Rz`.
    var eulerAngles: SIMD3<Double> {
        let (r0, r1, r2) = rows
        let sb = min(max(-r0.z, -1), 1)
        let b = asin(sb)
        if abs(sb) < 1 - 1e-12 {
            return SIMD3(atan2(r1.z, r2.z), b, atan2(r0.y, r0.x))
        }
        // Gimbal lock: put the whole turn about x.
        return SIMD3(atan2(-r2.y, r1.y), b, 0)
    }

    /// The rotation as a unit quaternion (x, y, z, w), w ≥ 0.
    var quaternion: SIMD4<Double> {
        let (r0, r1, r2) = rows
        let trace = r0.x + r1.y + r2.z
        var q: SIMD4<Double>
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = SIMD4((r1.z - r2.y) / s, (r2.x - r0.z) / s, (r0.y - r1.x) / s, s / 4)
        } else if r0.x > r1.y && r0.x > r2.z {
            let s = (1 + r0.x - r1.y - r2.z).squareRoot() * 2
            q = SIMD4(s / 4, (r0.y + r1.x) / s, (r2.x + r0.z) / s, (r1.z - r2.y) / s)
        } else if r1.y > r2.z {
            let s = (1 + r1.y - r0.x - r2.z).squareRoot() * 2
            q = SIMD4((r0.y + r1.x) / s, s / 4, (r1.z + r2.y) / s, (r2.x - r0.z) / s)
        } else {
            let s = (1 + r2.z - r0.x - r1.y).squareRoot() * 2
            q = SIMD4((r2.x + r0.z) / s, (r1.z + r2.y) / s, s / 4, (r0.y - r1.x) / s)
        }
        if q.w < 0 { q = -q }
        return q / (q * q).sum().squareRoot()
    }

    /// The row-vector rotation matrix of a unit quaternion.
    static func rotationMatrix(_ q: SIMD4<Double>) -> CATransform3D {
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        return CATransform3D(
            m11: 1 - 2 * (y * y + z * z), m12: 2 * (x * y + z * w), m13: 2 * (x * z - y * w), m14: 0,
            m21: 2 * (x * y - z * w), m22: 1 - 2 * (x * x + z * z), m23: 2 * (y * z + x * w), m24: 0,
            m31: 2 * (x * z + y * w), m32: 2 * (y * z - x * w), m33: 1 - 2 * (x * x + y * y), m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }
}

/// A transform in the space where whole-matrix animations interpolate: parts with the
/// rotation as a quaternion (spherical linear interpolation), as Core Animation and CSS do.
struct InterpolableTransform: Equatable {
    var translation: SIMD3<Double>
    var scale: SIMD3<Double>
    var skew: SIMD3<Double>
    var perspective: SIMD4<Double>
    var quaternion: SIMD4<Double>
    /// The original matrix when it could not be decomposed (then values switch at 50 %).
    var singular: CATransform3D?

    init(_ m: CATransform3D) {
        if let d = DecomposedMatrix(m) {
            translation = d.translation
            scale = d.scale
            skew = d.skew
            perspective = d.perspective
            quaternion = d.quaternion
            singular = nil
        } else {
            translation = .zero
            scale = SIMD3(1, 1, 1)
            skew = .zero
            perspective = SIMD4(0, 0, 0, 1)
            quaternion = SIMD4(0, 0, 0, 1)
            singular = m
        }
    }

    var matrix: CATransform3D {
        if let s = singular { return s }
        return TransformParts.compose(
            scale: scale, skew: skew, rotation: DecomposedMatrix.rotationMatrix(quaternion),
            translation: translation, perspective: perspective)
    }

    static func interpolate(_ a: InterpolableTransform, _ b: InterpolableTransform, _ t: Double) -> CATransform3D {
        if a.singular != nil || b.singular != nil { return t < 0.5 ? a.matrix : b.matrix }
        let mix = { (x: SIMD3<Double>, y: SIMD3<Double>) in x + (y - x) * t }
        return TransformParts.compose(
            scale: mix(a.scale, b.scale), skew: mix(a.skew, b.skew),
            rotation: DecomposedMatrix.rotationMatrix(slerp(a.quaternion, b.quaternion, t)),
            translation: mix(a.translation, b.translation),
            perspective: a.perspective + (b.perspective - a.perspective) * t)
    }

    /// Spherical linear interpolation along the shorter arc.
    static func slerp(_ a: SIMD4<Double>, _ b0: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
        var b = b0
        var d = (a * b).sum()
        if d < 0 { b = -b; d = -d }
        if d > 0.9995 {
            let q = a + (b - a) * t
            return q / (q * q).sum().squareRoot()
        }
        let theta = acos(min(d, 1))
        let s = sin(theta)
        return a * (sin((1 - t) * theta) / s) + b * (sin(t * theta) / s)
    }
}

@inline(__always) private func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
@inline(__always) private func length(_ a: SIMD3<Double>) -> Double { dot(a, a).squareRoot() }
@inline(__always) private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

extension TransformParts {
    /// A numeric component (`transform.scale` is the mean of the three scales).
    @inline(__always)
    func component(_ c: TransformComponent) -> Double {
        switch c {
        case .rotationX: return storedRotation.x
        case .rotationY: return storedRotation.y
        case .rotationZ, .rotation: return storedRotation.z
        case .scaleX: return storedScale.x
        case .scaleY: return storedScale.y
        case .scaleZ: return storedScale.z
        case .scale: return (storedScale.x + storedScale.y + storedScale.z) / 3
        case .scaleXY: return (storedScale.x + storedScale.y) / 2
        case .translationX: return storedTranslation.x
        case .translationY: return storedTranslation.y
        case .translationZ: return storedTranslation.z
        case .translation: return storedTranslation.x
        }
    }

    @inline(__always)
    mutating func setComponent(_ c: TransformComponent, _ v: Double) {
        switch c {
        case .rotationX: storedRotation.x = v
        case .rotationY: storedRotation.y = v
        case .rotationZ, .rotation: storedRotation.z = v
        case .scaleX: storedScale.x = v
        case .scaleY: storedScale.y = v
        case .scaleZ: storedScale.z = v
        case .scale: storedScale = Vector3(v, v, v)
        case .scaleXY: (storedScale.x, storedScale.y) = (v, v)
        case .translationX: storedTranslation.x = v
        case .translationY: storedTranslation.y = v
        case .translationZ: storedTranslation.z = v
        case .translation: storedTranslation.x = v
        }
    }
}
