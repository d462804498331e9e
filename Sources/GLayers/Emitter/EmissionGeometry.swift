/// Where particles start and which way they go: points of the emission shape (Apple's
/// "Emitter Shape" and "Emitter Modes"), and directions in the emission cone.
///
/// Angles follow Core Animation: longitude turns in the xy plane from +x towards +y (glayers'
/// y points down the screen, as UIKit's: π/2 is straight down), latitude tilts from the xy plane
/// towards +z (towards the viewer). Every sample draws the same count of random numbers (three
/// for a point, two for a direction), so a change of shape does not shift later draws.
import Foundation

enum EmissionGeometry {
    /// A random starting point of `shape` (centre `c`, size `d`: width, height, depth) in `mode`.
    ///
    /// - points: the corners (a line's ends; a circle's or sphere's centre); outline: the edges
    ///   (circumference); surface: the faces (a sphere's skin, a rectangle's or circle's area);
    ///   volume: the inside (a rectangle's or circle's area). A circle's and a sphere's radius is
    ///   the width.
    static func point(
        _ shape: EmissionShape, _ mode: EmissionMode, center c: SIMD3<Float>, size d: SIMD3<Float>,
        _ rng: inout ParticleRandom
    ) -> SIMD3<Float> {
        let u = SIMD3<Float>(rng.unit(), rng.unit(), rng.unit())
        let half = d * 0.5
        func corner(_ k: Int, dims: Int) -> SIMD3<Float> {
            SIMD3(
                (k & 1 == 0 ? -half.x : half.x), dims > 1 ? (k & 2 == 0 ? -half.y : half.y) : 0,
                dims > 2 ? (k & 4 == 0 ? -half.z : half.z) : 0)
        }
        switch (shape, mode) {
        case (.point, _):
            return c
        case (.line, .points):
            return c + corner(Int(u.x * 2), dims: 1)
        case (.line, _):
            return c + SIMD3((u.x * 2 - 1) * half.x, 0, 0)
        case (.rectangle, .points):
            return c + corner(Int(u.x * 4), dims: 2)
        case (.rectangle, .outline):
            return c + rectangleOutline(half, u.x)
        case (.rectangle, _):
            return c + SIMD3((u.x * 2 - 1) * half.x, (u.y * 2 - 1) * half.y, 0)
        case (.cuboid, .points):
            return c + corner(Int(u.x * 8), dims: 3)
        case (.cuboid, .outline):
            return c + cuboidEdge(half, u)
        case (.cuboid, .surface):
            return c + cuboidFace(half, u)
        case (.cuboid, .volume):
            return c + (u * 2 - 1) * half
        case (.circle, .points), (.sphere, .points):
            return c
        case (.circle, .outline):
            let a = u.x * 2 * .pi
            return c + SIMD3(cos(a), sin(a), 0) * d.x
        case (.circle, _):
            let a = u.x * 2 * .pi, r = u.y.squareRoot() * d.x
            return c + SIMD3(cos(a), sin(a), 0) * r
        case (.sphere, .volume):
            return c + unitSphere(u.x, u.y) * (cbrt(u.z) * d.x)
        case (.sphere, _):
            return c + unitSphere(u.x, u.y) * d.x
        }
    }

    /// A point on a rectangle's perimeter at fraction `f` of its length.
    private static func rectangleOutline(_ h: SIMD3<Float>, _ f: Float) -> SIMD3<Float> {
        let w = 2 * h.x, t = 2 * h.y, total = 2 * (w + t)
        guard total > 0 else { return .zero }
        var s = f * total
        if s < w { return SIMD3(-h.x + s, -h.y, 0) }
        s -= w
        if s < t { return SIMD3(h.x, -h.y + s, 0) }
        s -= t
        if s < w { return SIMD3(h.x - s, h.y, 0) }
        s -= w
        return SIMD3(-h.x, h.y - s, 0)
    }

    /// A point on one of a box's twelve edges, chosen by length.
    private static func cuboidEdge(_ h: SIMD3<Float>, _ u: SIMD3<Float>) -> SIMD3<Float> {
        let l = h * 2, total = 4 * (l.x + l.y + l.z)
        guard total > 0 else { return .zero }
        let along = u.y * 2 - 1
        func sign(_ k: Int, _ bit: Int) -> Float { k & bit == 0 ? -1 : 1 }
        func edge(_ s: Float, _ length: Float) -> Int { length > 0 ? min(3, max(0, Int(s / length))) : 0 }
        var s = u.x * total
        if s < 4 * l.x {
            let k = edge(s, l.x)
            return SIMD3(along * h.x, sign(k, 1) * h.y, sign(k, 2) * h.z)
        }
        s -= 4 * l.x
        if s < 4 * l.y {
            let k = edge(s, l.y)
            return SIMD3(sign(k, 1) * h.x, along * h.y, sign(k, 2) * h.z)
        }
        let k = edge(s - 4 * l.y, l.z)
        return SIMD3(sign(k, 1) * h.x, sign(k, 2) * h.y, along * h.z)
    }

    /// A point on one of a box's six faces, chosen by area.
    private static func cuboidFace(_ h: SIMD3<Float>, _ u: SIMD3<Float>) -> SIMD3<Float> {
        let xy = h.x * h.y, yz = h.y * h.z, xz = h.x * h.z, total = 2 * (xy + yz + xz)
        guard total > 0 else { return .zero }
        let pick = u.x * total
        let a = u.y * 2 - 1, b = u.z * 2 - 1
        if pick < 2 * xy { return SIMD3(a * h.x, b * h.y, (pick < xy ? -1 : 1) * h.z) }
        if pick < 2 * (xy + yz) { return SIMD3((pick < 2 * xy + yz ? -1 : 1) * h.x, a * h.y, b * h.z) }
        return SIMD3(a * h.x, (pick < 2 * (xy + yz) + xz ? -1 : 1) * h.y, b * h.z)
    }

    /// A uniformly distributed unit vector from two numbers in [0, 1).
    private static func unitSphere(_ a: Float, _ b: Float) -> SIMD3<Float> {
        let z = 1 - 2 * a, r = max(0, 1 - z * z).squareRoot(), phi = b * 2 * .pi
        return SIMD3(r * cos(phi), r * sin(phi), z)
    }

    /// A random direction in the cone of apex angle `range` about the direction of `longitude`
    /// and `latitude`, uniformly distributed over the cone's solid angle (every direction when
    /// `range` ≥ 2π).
    static func direction(latitude: Float, longitude: Float, range: Float, _ rng: inout ParticleRandom)
        -> SIMD3<Float>
    {
        let u1 = rng.unit(), u2 = rng.unit()
        let cl = cos(latitude), sl = sin(latitude), co = cos(longitude), so = sin(longitude)
        let e = SIMD3(cl * co, cl * so, sl)
        guard range > 0 else { return e }
        let half = min(range * 0.5, .pi)
        let cosTheta = 1 - u1 * (1 - cos(half))
        let sinTheta = max(0, 1 - cosTheta * cosTheta).squareRoot()
        let phi = u2 * 2 * .pi
        let e2 = SIMD3(-so, co, 0)
        let e3 = SIMD3(-sl * co, -sl * so, cl)
        return e * cosTheta + e2 * (sinTheta * cos(phi)) + e3 * (sinTheta * sin(phi))
    }

    /// The longitude and latitude of `v` (0, 0 for a particle at rest): the heading a particle's
    /// sub-cells emit relative to.
    static func heading(_ v: SIMD3<Float>) -> (longitude: Float, latitude: Float) {
        let planar = (v.x * v.x + v.y * v.y).squareRoot()
        guard planar > 1e-6 || abs(v.z) > 1e-6 else { return (0, 0) }
        return (atan2(v.y, v.x), atan2(v.z, planar))
    }
}
