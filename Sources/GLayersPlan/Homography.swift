/// The 3×3 projective maps the renderer works with: a layer's plane (z = 0) into item space
/// or pass pixels, taken from the x, y and w rows and columns of a `Matrix4`.
import GLayersRenderList

/// A projective map of the plane in column-vector form: `(X, Y, W) = x·c0 + y·c1 + c2`,
/// then divide by W.
///
/// - From a `Matrix4` (Core Animation's row vectors, z = 0 in, z dropped out): c0 is row 1's
///   (m11, m12, m14), c1 row 2's (m21, m22, m24), c2 row 4's (m41, m42, m44).
package struct Homography: Equatable {
    package var c0: SIMD3<Float>
    package var c1: SIMD3<Float>
    package var c2: SIMD3<Float>

    /// Whether the map is affine, w constant and positive (no perspective, nothing behind the
    /// eye): a texture coordinate then needs no perspective divide.
    @inline(__always)
    package var isAffine: Bool { c0.z == 0 && c1.z == 0 && c2.z > 0 }

    /// The map a `Matrix4` makes of its input plane z = 0 (its output z is dropped).
    @inline(__always)
    package init(_ m: Matrix4) {
        let v = m.m
        c0 = SIMD3(v[0], v[1], v[3])
        c1 = SIMD3(v[4], v[5], v[7])
        c2 = SIMD3(v[12], v[13], v[15])
    }

    package init(c0: SIMD3<Float>, c1: SIMD3<Float>, c2: SIMD3<Float>) {
        (self.c0, self.c1, self.c2) = (c0, c1, c2)
    }

    /// Whether every coefficient is finite.
    @inline(__always)
    package var isFinite: Bool {
        let zero = SIMD3<Float>.zero
        // x * 0 is 0 for finite x and NaN for infinities and NaNs.
        let a: SIMD3<Float> = c0 * zero
        let b: SIMD3<Float> = c1 * zero
        let c: SIMD3<Float> = c2 * zero
        return a + b + c == zero
    }

    /// The determinant: its sign is the orientation (negative: the plane shows its back).
    @inline(__always)
    package var determinant: Float {
        let a = Double(c0.x) * (Double(c1.y) * Double(c2.z) - Double(c2.y) * Double(c1.z))
        let b = Double(c1.x) * (Double(c0.y) * Double(c2.z) - Double(c2.y) * Double(c0.z))
        let c = Double(c2.x) * (Double(c0.y) * Double(c1.z) - Double(c1.y) * Double(c0.z))
        return Float(a - b + c)
    }

    /// `(X, Y, W)` of the local point (x, y).
    package func apply(_ x: Float, _ y: Float) -> SIMD3<Float> { c0 * x + c1 * y + c2 }

    /// This map followed by item space → pass pixels: subtract the pass's source origin
    /// (times W) and scale.
    @inline(__always)
    package func toPixels(sourceX: Float, sourceY: Float, scale: Float) -> Homography {
        func map(_ c: SIMD3<Float>) -> SIMD3<Float> {
            SIMD3((c.x - sourceX * c.z) * scale, (c.y - sourceY * c.z) * scale, c.z)
        }
        return Homography(c0: map(c0), c1: map(c1), c2: map(c2))
    }

    /// The inverse map, or nil when the map is singular (the plane is seen edge-on).
    package func inverse() -> Homography? {
        let a = SIMD3<Double>(Double(c0.x), Double(c0.y), Double(c0.z))
        let b = SIMD3<Double>(Double(c1.x), Double(c1.y), Double(c1.z))
        let c = SIMD3<Double>(Double(c2.x), Double(c2.y), Double(c2.z))
        // Rows of the inverse are the cross products of the columns, over the determinant.
        let r0 = cross(b, c), r1 = cross(c, a), r2 = cross(a, b)
        let det = (a * r0).sum()
        let scale = max(
            a.replacing(with: -a, where: a .< 0).max(), b.replacing(with: -b, where: b .< 0).max(),
            c.replacing(with: -c, where: c .< 0).max())
        guard det.isFinite, abs(det) > 1e-12 * scale * scale * scale else { return nil }
        let inv = 1 / det
        // Column j of the inverse holds component j of each row.
        return Homography(
            c0: SIMD3(Float(r0.x * inv), Float(r1.x * inv), Float(r2.x * inv)),
            c1: SIMD3(Float(r0.y * inv), Float(r1.y * inv), Float(r2.y * inv)),
            c2: SIMD3(Float(r0.z * inv), Float(r1.z * inv), Float(r2.z * inv)))
    }
}

/// Four lines a·x + b·y + c, one per lane (edges top, right, bottom, left of a rect).
package struct EdgeLines: Equatable {
    package var a: SIMD4<Float>
    package var b: SIMD4<Float>
    package var c: SIMD4<Float>

    /// The lines with the edges in `aliased` made hard for quad_simple.frag.glsl, whose
    /// coverage is `clamp(value + 0.5, 0, 1)`: scaled so the coverage steps from 0 to 1 within
    /// 1/1024 pixel, and moved as if each pixel centre lay 1/256 pixel right of and below its
    /// place, so a centre exactly on an edge is in for a left or top edge and out for a right
    /// or bottom one (the rasterization rule of GL), as quad.frag.glsl does for hard edges.
    package func hardening(_ aliased: RectEdges) -> EdgeLines {
        // Lanes: the edges at minY, maxX, maxY, minX.
        let lanes: [RectEdges] = [.minY, .maxX, .maxY, .minX]
        var out = self
        for (lane, edge) in lanes.enumerated() where aliased.contains(edge) {
            let nudge = (a[lane] + b[lane]) / 256
            out.a[lane] = a[lane] * 1024
            out.b[lane] = b[lane] * 1024
            out.c[lane] = (c[lane] + nudge) * 1024
        }
        return out
    }
}

extension Homography {
    /// The projected edges of `rect` as lines whose value at a pixel (x, y) is its signed
    /// distance in pixels from the edge, positive inside (for either orientation); nil when a
    /// corner lies behind the eye. A degenerate edge gives a line that is far inside everywhere.
    ///
    /// - Computed a lane per corner and per edge (corners top-left, top-right, bottom-right,
    ///   bottom-left; edges from each corner to the next), with the operations, in the order,
    ///   of the one-corner-at-a-time formulas, so the lines are the same to the bit.
    package func edgeLines(of rect: Rect) -> EdgeLines? {
        let xs = SIMD4(rect.x, rect.maxX, rect.maxX, rect.x), ys = SIMD4(rect.y, rect.y, rect.maxY, rect.maxY)
        let qx = xs * c0.x + ys * c1.x + c2.x, qy = xs * c0.y + ys * c1.y + c2.y
        let qz = xs * c0.z + ys * c1.z + c2.z
        guard all(qz .> 1e-6) else { return nil }
        let px = qx / qz, py = qy / qz
        let d1 = SIMD2(px[2] - px[0], py[2] - py[0]), d2 = SIMD2(px[3] - px[1], py[3] - py[1])
        // Clockwise on a y-down screen (the front side): positive area.
        let orientation: Float = d1.x * d2.y - d1.y * d2.x < 0 ? -1 : 1
        let toX = SIMD4(px[1], px[2], px[3], px[0]), toY = SIMD4(py[1], py[2], py[3], py[0])
        let ex = toX - px, ey = toY - py
        let length = (ex * ex + ey * ey).squareRoot()
        let k = SIMD4(repeating: orientation) / length
        // An edge shorter than 1e-6 (or not finite) is a line far inside everywhere.
        let degenerate = .!((length .> 1e-6) .& (length .< .infinity))
        var a = -ey * k, b = ex * k, c = (ey * px - ex * py) * k
        a.replace(with: 0, where: degenerate)
        b.replace(with: 0, where: degenerate)
        c.replace(with: 1e6, where: degenerate)
        return EdgeLines(a: a, b: b, c: c)
    }
}

private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

/// An axis-aligned box of target pixels, y down, clamped to the target.
package struct PixelBox: Equatable {
    package var x: Int32, y: Int32, width: Int32, height: Int32
    package static let empty = PixelBox(x: 0, y: 0, width: 0, height: 0)
    package var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The pixels the local rect covers under `h` (pixels), grown by `margin` and clamped to
    /// a `viewportWidth` × `viewportHeight` target; the whole target when a corner lies
    /// behind the eye.
    package init(covering rect: Rect, under h: Homography, margin: Float, viewportWidth: Int, viewportHeight: Int) {
        var lo = SIMD2<Float>(.infinity, .infinity), hi = SIMD2<Float>(-.infinity, -.infinity)
        var behind = false
        for corner in 0..<4 {
            let q = h.apply(corner & 1 == 0 ? rect.x : rect.maxX, corner < 2 ? rect.y : rect.maxY)
            if q.z <= 1e-6 { behind = true; break }
            let p = SIMD2(q.x / q.z, q.y / q.z)
            lo = pointwiseMin(lo, p)
            hi = pointwiseMax(hi, p)
        }
        let w = Float(viewportWidth), hgt = Float(viewportHeight)
        if behind || !(lo.x.isFinite && lo.y.isFinite && hi.x.isFinite && hi.y.isFinite) {
            lo = .zero
            hi = SIMD2(w, hgt)
        }
        let x0 = max(0, (lo.x - margin).rounded(.down)), y0 = max(0, (lo.y - margin).rounded(.down))
        let x1 = min(w, (hi.x + margin).rounded(.up)), y1 = min(hgt, (hi.y + margin).rounded(.up))
        self.init(x: Int32(x0), y: Int32(y0), width: Int32(max(0, x1 - x0)), height: Int32(max(0, y1 - y0)))
    }

    package init(x: Int32, y: Int32, width: Int32, height: Int32) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}
