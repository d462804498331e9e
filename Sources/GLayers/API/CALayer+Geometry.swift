/// Layer geometry: bounds, position, anchor point, z, transforms, and the derived frame, as
/// Core Animation defines them (docs/semantics.md#geometry-and-matrices). The properties are
/// declared in `CALayer.swift`, where subclasses can override them.
import Foundation
import GLayersGraphics

extension LayerState {
    /// The bounding box of the bounds mapped into the superlayer (`T(−anchor) · transform ·
    /// T(position)`, homogenised). With an identity transform: origin = position −
    /// anchorPoint · size, size = bounds size.
    public var frame: CGRect {
        get {
            if transform == .identity {
                let s = bounds.size
                return CGRect(
                    x: position.x - anchorPoint.x * s.width, y: position.y - anchorPoint.y * s.height,
                    width: s.width, height: s.height)
            }
            return layerToSuperlayer.apply(to: CGRect(origin: bounds.origin, size: bounds.size))
        }
        set {
            let f = newValue.standardized
            guard f.origin.x.isFinite, f.origin.y.isFinite, f.width.isFinite, f.height.isFinite else { return }
            (bounds.size, position) = placement(forFrame: f)
        }
    }

    /// The bounds size and position that give `frame` (the bounds origin stays).
    ///
    /// - With a transform, the frame is mapped back through the transform's linear part: the
    ///   bounds size is the box of the un-mapped frame, and the position puts the centre of the
    ///   transformed bounds at the frame's centre (exact for scales and translations).
    /// - When the transform flattens the plane (its x-y part scales areas by at most
    ///   `singularArea`: a zero scale, a quarter turn about x or y, a scale of 10⁻⁶ or less on
    ///   both axes) no bounds size gives the frame, or only an absurd one: the bounds size stays
    ///   and only the position moves (docs/semantics.md#anchor-point-position-and-frame).
    func placement(forFrame f: CGRect) -> (CGSize, CGPoint) {
        Self.placement(forFrame: f, transform: transform, anchorPoint: anchorPoint, boundsSize: bounds.size)
    }

    /// `placement(forFrame:)` of a state with `transform`, `anchorPoint` and a bounds of
    /// `boundsSize` (a layer's frame setter reads those three: calling the method on its whole
    /// state copied all of it first).
    static func placement(
        forFrame f: CGRect, transform: CATransform3D, anchorPoint: CGPoint, boundsSize: CGSize
    ) -> (CGSize, CGPoint) {
        if transform == .identity {
            return (f.size, CGPoint(x: f.minX + anchorPoint.x * f.width, y: f.minY + anchorPoint.y * f.height))
        }
        var linear = transform
        (linear.m41, linear.m42, linear.m43) = (0, 0, 0)
        let area = abs(linear.m11 * linear.m22 - linear.m12 * linear.m21)
        let flattens = !(area > LayerState.singularArea)
        let size: CGSize
        if flattens {
            size = boundsSize
        } else {
            let inverse = CATransform3DInvert(linear)
            size = inverse.apply(to: CGRect(origin: .zero, size: f.size)).size
        }
        let fromAnchor = CGPoint(x: (0.5 - anchorPoint.x) * size.width, y: (0.5 - anchorPoint.y) * size.height)
        let mapped = linear.apply(to: fromAnchor)
        return (size, CGPoint(x: f.midX - mapped.x - transform.m41, y: f.midY - mapped.y - transform.m42))
    }

    /// The area scale of a transform's x-y part at or below which setting `frame` keeps the
    /// bounds size (10⁻¹²: a scale of 10⁻⁶ on both axes).
    static let singularArea: CGFloat = 1e-12
}

extension CALayer {
    /// Sets `frame`: the bounds size (the origin stays) and the position that give it, through
    /// the `bounds` and `position` setters (so a subclass's overrides of them see the change).
    func setFrameDefault(_ newValue: CGRect) {
        let f = newValue.standardized
        guard f.origin.x.isFinite, f.origin.y.isFinite, f.width.isFinite, f.height.isFinite else {
            Diagnostics.warn("\(diagnosticName): frame \(newValue) is not finite; ignored")
            return
        }
        let (size, position) = LayerState.placement(
            forFrame: f, transform: layerState.transform, anchorPoint: layerState.anchorPoint,
            boundsSize: layerState.bounds.size)
        bounds = CGRect(origin: layerState.bounds.origin, size: size)
        self.position = position
    }

    /// The default of `affineTransform()`: the transform as an affine transform (the identity
    /// when it is not affine).
    func affineTransformDefault() -> CGAffineTransform {
        let t = layerState.transform
        return CATransform3DIsAffine(t) ? CATransform3DGetAffineTransform(t) : .identity
    }
}
