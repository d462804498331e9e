/// Layer geometry: bounds, position, anchor point, z, transforms, and the
/// derived frame, as Core Animation defines them (docs/semantics.md#geometry-and-matrices).
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
                return CGRect(x: position.x - anchorPoint.x * s.width, y: position.y - anchorPoint.y * s.height,
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
    func placement(forFrame f: CGRect) -> (CGSize, CGPoint) {
        if transform == .identity {
            return (f.size, CGPoint(x: f.minX + anchorPoint.x * f.width, y: f.minY + anchorPoint.y * f.height))
        }
        var linear = transform
        (linear.m41, linear.m42, linear.m43) = (0, 0, 0)
        let inverse = CATransform3DInvert(linear)
        let unmapped = inverse.apply(to: CGRect(origin: .zero, size: f.size))
        let size = unmapped.size
        let fromAnchor = CGPoint(x: (0.5 - anchorPoint.x) * size.width, y: (0.5 - anchorPoint.y) * size.height)
        let mapped = linear.apply(to: fromAnchor)
        return (size, CGPoint(x: f.midX - mapped.x - transform.m41, y: f.midY - mapped.y - transform.m42))
    }
}

extension CALayer {
    /// The layer's rectangle in its own coordinates (default zero).
    public var bounds: CGRect {
        get { layerState.bounds }
        set { setModel(.bounds, newValue) }
    }

    /// Where the anchor point sits in the superlayer's coordinates (default zero).
    public var position: CGPoint {
        get { layerState.position }
        set { setModel(.position, newValue) }
    }

    /// The layer's z position in the superlayer (sorts siblings; default 0).
    public var zPosition: CGFloat {
        get { layerState.zPosition }
        set { setModel(.zPosition, newValue) }
    }

    /// The point of the bounds, in unit coordinates, that `position` refers to and transforms
    /// pivot about (default (0.5, 0.5)).
    public var anchorPoint: CGPoint {
        get { layerState.anchorPoint }
        set { setModel(.anchorPoint, newValue) }
    }

    /// The z of the anchor point (default 0).
    public var anchorPointZ: CGFloat {
        get { layerState.anchorPointZ }
        set { setModel(.anchorPointZ, newValue) }
    }

    /// The transform applied about the anchor point (default identity).
    public var transform: CATransform3D {
        get { layerState.transform }
        set { setModel(.transform, newValue) }
    }

    /// The transform applied to the sublayers, about this layer's anchor point (default identity).
    public var sublayerTransform: CATransform3D {
        get { layerState.sublayerTransform }
        set { setModel(.sublayerTransform, newValue) }
    }

    /// The layer's rectangle in its superlayer: the box of the transformed bounds. Setting it
    /// sets the bounds size (the origin stays) and the position.
    public var frame: CGRect {
        get { layerState.frame }
        set {
            let f = newValue.standardized
            guard f.origin.x.isFinite, f.origin.y.isFinite, f.width.isFinite, f.height.isFinite else {
                Diagnostics.warn("\(diagnosticName): frame \(newValue) is not finite; ignored")
                return
            }
            let (size, position) = layerState.placement(forFrame: f)
            bounds = CGRect(origin: layerState.bounds.origin, size: size)
            self.position = position
        }
    }

    /// The transform as an affine transform (the identity when it is not affine).
    public func affineTransform() -> CGAffineTransform {
        CATransform3DIsAffine(transform) ? CATransform3DGetAffineTransform(transform) : .identity
    }

    /// Sets the transform to an affine transform.
    public func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }
}
