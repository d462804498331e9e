/// Coordinate conversion and hit testing (docs/semantics.md#conversion-and-hit-testing).
///
/// Each plain layer flattens its sublayers into its own plane, so the map from a layer's plane
/// to its superlayer's is a 2D homography: the x, y and w rows and columns of the 4×4 matrix
/// `T(−anchor) · transform · T(position)` (times the superlayer's sublayerTransform about its
/// anchor). Conversions chain these maps up to the root and invert them exactly, so points
/// convert correctly through rotations about any axis and `m34` perspective.
import Foundation

/// A projective map of the plane, with row vectors: `[x y 1] · H`, then divide by w.
struct Homography: Equatable {
    var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    static let identity = Homography(m: (1, 0, 0, 0, 1, 0, 0, 0, 1))

    /// The plane-to-plane part of a 4×4 transform (inputs with z = 0, output z dropped).
    init(_ t: CATransform3D) {
        m = (t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44)
    }

    init(m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) { self.m = m }

    static func == (a: Homography, b: Homography) -> Bool {
        a.m.0 == b.m.0 && a.m.1 == b.m.1 && a.m.2 == b.m.2 && a.m.3 == b.m.3 && a.m.4 == b.m.4
            && a.m.5 == b.m.5 && a.m.6 == b.m.6 && a.m.7 == b.m.7 && a.m.8 == b.m.8
    }

    /// `self · b`: self first.
    func then(_ b: Homography) -> Homography {
        let a = m, c = b.m
        return Homography(
            m: (
                a.0 * c.0 + a.1 * c.3 + a.2 * c.6, a.0 * c.1 + a.1 * c.4 + a.2 * c.7, a.0 * c.2 + a.1 * c.5 + a.2 * c.8,
                a.3 * c.0 + a.4 * c.3 + a.5 * c.6, a.3 * c.1 + a.4 * c.4 + a.5 * c.7, a.3 * c.2 + a.4 * c.5 + a.5 * c.8,
                a.6 * c.0 + a.7 * c.3 + a.8 * c.6, a.6 * c.1 + a.7 * c.4 + a.8 * c.7, a.6 * c.2 + a.7 * c.5 + a.8 * c.8
            ))
    }

    /// The inverse, or nil when the map is singular.
    var inverse: Homography? {
        let (a, b, c, d, e, f, g, h, i) = m
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return Homography(
            m: (
                A * k, -(b * i - c * h) * k, (b * f - c * e) * k,
                B * k, (a * i - c * g) * k, -(a * f - c * d) * k,
                C * k, -(a * h - b * g) * k, (a * e - b * d) * k
            ))
    }

    /// The image of `p`, or nil when it maps to infinity or behind the viewer (w ≤ 0).
    func map(_ p: CGPoint) -> CGPoint? {
        let x = p.x * m.0 + p.y * m.3 + m.6
        let y = p.x * m.1 + p.y * m.4 + m.7
        let w = p.x * m.2 + p.y * m.5 + m.8
        guard w > 1e-12, w.isFinite else { return nil }
        return CGPoint(x: x / w, y: y / w)
    }

    /// The box of the images of the rectangle's corners.
    func map(_ r: CGRect) -> CGRect {
        if r.isNull || r.isInfinite { return r }
        let s = r.standardized
        let corners = [
            CGPoint(x: s.minX, y: s.minY), CGPoint(x: s.maxX, y: s.minY), CGPoint(x: s.minX, y: s.maxY),
            CGPoint(x: s.maxX, y: s.maxY),
        ].compactMap { map($0) }
        return corners.count == 4 ? CGRect.boundingBox(of: corners) : .null
    }
}

extension CALayer {
    /// The map from this layer's bounds space to its superlayer's, for a root into the shared
    /// root space (docs/semantics.md#flipped-geometry): with `isGeometryFlipped` the layer's own
    /// space is mirrored about its bounds' middle (y up on glayers' y-down screen), so its
    /// sublayers' positions and a point converted from it are in the flipped space; the
    /// superlayer's `sublayerTransform` about its anchor applies in the superlayer's unflipped
    /// space, as the compositor places sublayers (`FrameBuilder.sublayerSpace`).
    var toSuperlayerMatrix: CATransform3D {
        var m = layerState.layerToSuperlayer
        if layerState.isGeometryFlipped { m = Self.flip(layerState.bounds).concatenating(m) }
        guard let parent = superlayerStorage, let st = parent.layerState.sublayerTransformAboutAnchor else { return m }
        guard parent.layerState.isGeometryFlipped else { return m.concatenating(st) }
        let f = Self.flip(parent.layerState.bounds)
        return m.concatenating(f).concatenating(st).concatenating(f)
    }

    /// The mirror of y about the middle of `bounds` (its own inverse).
    static func flip(_ bounds: CGRect) -> CATransform3D {
        var f = CATransform3D.identity
        f.m22 = -1
        f.m42 = bounds.minY + bounds.maxY
        return f
    }

    /// The map from this layer's plane to the root space, flattening at every layer.
    func toRootHomography() -> Homography {
        var h = Homography.identity
        var layer: CALayer? = self
        var depth = 0
        while let l = layer, depth < 100_000 {
            h = h.then(Homography(l.toSuperlayerMatrix))
            layer = l.superlayerStorage
            depth += 1
        }
        return h
    }

    /// The map from layer `l`'s space (nil: the root space) to this layer's.
    private func homography(from l: CALayer?) -> Homography? {
        let from = l?.toRootHomography() ?? .identity
        guard let toSelf = toRootHomography().inverse else { return nil }
        return from.then(toSelf)
    }

    /// The default of `convert(_:from:)` for a point.
    func convertDefault(_ p: CGPoint, from l: CALayer?) -> CGPoint {
        homography(from: l)?.map(p) ?? CGPoint(x: CGFloat.nan, y: .nan)
    }

    /// The default of `convert(_:to:)` for a point.
    func convertDefault(_ p: CGPoint, to l: CALayer?) -> CGPoint {
        guard let l else { return toRootHomography().map(p) ?? CGPoint(x: CGFloat.nan, y: .nan) }
        return l.convertDefault(p, from: self)
    }

    /// The default of `convert(_:from:)` for a rectangle.
    func convertDefault(_ r: CGRect, from l: CALayer?) -> CGRect {
        homography(from: l)?.map(r) ?? .null
    }

    /// The default of `convert(_:to:)` for a rectangle.
    func convertDefault(_ r: CGRect, to l: CALayer?) -> CGRect {
        guard let l else { return toRootHomography().map(r) }
        return l.convertDefault(r, from: self)
    }

    // MARK: Hit testing

    /// The default of `hitTest(_:)`: the frontmost visible descendant (or this layer) whose
    /// bounds contain `p`, given in the superlayer's space. Hidden and transparent layers are
    /// skipped, `masksToBounds` clips, siblings are tried front to back by `zPosition`, and
    /// layers facing away are skipped when not double-sided.
    func hitTestDefault(_ p: CGPoint) -> CALayer? {
        guard !layerState.isHidden, layerState.opacity > 0 else { return nil }
        let toSuper = Homography(toSuperlayerMatrix)
        guard let inverse = toSuper.inverse, let local = inverse.map(p) else { return nil }
        if !layerState.isDoubleSided && Self.facesAway(toSuper) { return nil }
        let inside = contains(local)
        if layerState.masksToBounds && !inside { return nil }
        for sub in frontToBack() {
            if let hit = sub.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }

    /// Sublayers from front to back: higher zPosition first, later siblings before earlier ones.
    func frontToBack() -> [CALayer] {
        sublayerStorage.enumerated().sorted {
            let (a, b) = ($0.element.layerState.zPosition, $1.element.layerState.zPosition)
            return a != b ? a > b : $0.offset > $1.offset
        }.map(\.element)
    }

    /// Whether a plane mapped by `h` shows its back (the map reverses orientation).
    static func facesAway(_ h: Homography) -> Bool {
        let m = h.m
        // The sign of the Jacobian of the projective map at the plane's origin.
        let det = (m.0 * m.4 - m.1 * m.3) * m.8 - (m.0 * m.7 - m.1 * m.6) * m.5 + (m.3 * m.7 - m.4 * m.6) * m.2
        return det < 0
    }
}
