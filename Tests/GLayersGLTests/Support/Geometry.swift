/// Core Animation matrices for tests (row vectors, m11 … m44 row by row), as CATransform3D.
import Foundation
import GLayersRenderList

extension Matrix4 {
    /// Translation by (x, y, z).
    static func translate(_ x: Float, _ y: Float, _ z: Float = 0) -> Matrix4 {
        Matrix4(SIMD16(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1))
    }

    /// Scale by (x, y, z).
    static func scale(_ x: Float, _ y: Float, _ z: Float = 1) -> Matrix4 {
        Matrix4(SIMD16(x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1))
    }

    /// CATransform3DMakeRotation(angle, x, y, z): +x turns towards +y about z.
    static func rotate(_ angle: Float, _ x: Float, _ y: Float, _ z: Float) -> Matrix4 {
        let l = (x * x + y * y + z * z).squareRoot()
        guard l > 0 else { return .identity }
        let (ax, ay, az) = (x / l, y / l, z / l)
        let c = cos(angle), s = sin(angle), t = 1 - c
        // The transpose of the column-vector (Rodrigues) rotation.
        return Matrix4(
            SIMD16(
                t * ax * ax + c, t * ax * ay + s * az, t * ax * az - s * ay, 0,
                t * ax * ay - s * az, t * ay * ay + c, t * ay * az + s * ax, 0,
                t * ax * az + s * ay, t * ay * az - s * ax, t * az * az + c, 0,
                0, 0, 0, 1))
    }

    /// Perspective: m34 = −1/d.
    static func perspective(_ d: Float) -> Matrix4 {
        var m = Matrix4.identity
        m.m[11] = -1 / d
        return m
    }

    /// `self` then `other` (CATransform3DConcat(self, other)).
    func then(_ other: Matrix4) -> Matrix4 {
        var r = SIMD16<Float>(repeating: 0)
        for i in 0..<4 {
            for j in 0..<4 {
                var s: Float = 0
                for k in 0..<4 { s += m[i * 4 + k] * other.m[k * 4 + j] }
                r[i * 4 + j] = s
            }
        }
        return Matrix4(r)
    }

    /// A layer of size (w, h) with anchor at its centre placed at (x, y), with `transform`
    /// about its anchor, then `sublayerTransform` (e.g. perspective) about (cx, cy).
    static func layer(
        size w: Float, _ h: Float, at x: Float, _ y: Float, transform: Matrix4 = .identity,
        perspective d: Float? = nil, about cx: Float = 0, _ cy: Float = 0
    ) -> Matrix4 {
        var m = Matrix4.translate(-w / 2, -h / 2).then(transform).then(.translate(x, y))
        if let d { m = m.then(.translate(-cx, -cy)).then(.perspective(d)).then(.translate(cx, cy)) }
        return m
    }
}

extension Color {
    /// An opaque or translucent colour from straight components (premultiplied here).
    static func rgba(_ r: Float, _ g: Float, _ b: Float, _ a: Float = 1) -> Color {
        Color(r: r * a, g: g * a, b: b * a, a: a)
    }
    static let black = Color.rgba(0, 0, 0)
    static let white = Color.rgba(1, 1, 1)
    static let red = Color.rgba(0.9, 0.1, 0.1)
    static let green = Color.rgba(0.1, 0.7, 0.2)
    static let blue = Color.rgba(0.1, 0.3, 0.9)
    static let yellow = Color.rgba(1, 0.85, 0.1)
}

extension Rect {
    init(_ x: Float, _ y: Float, _ w: Float, _ h: Float) { self.init(x: x, y: y, width: w, height: h) }
}
