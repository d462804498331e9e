/// Typed access to values stored by key (custom properties and the properties of layer
/// subclasses such as `CAShapeLayer.strokeEnd`), so subclasses declare a property in one line
/// and it animates, presents and codes like a built-in one.
import Foundation
import GLayersGraphics

extension CALayer {
    func custom(_ key: String) -> AnimatableValue? { layerState.custom[key] }

    func number(_ key: String, default d: CGFloat) -> CGFloat {
        if case .number(let v)? = layerState.custom[key] { return v }
        return d
    }

    func point(_ key: String, default d: CGPoint) -> CGPoint {
        if case .point(let v)? = layerState.custom[key] { return v }
        return d
    }

    func flag(_ key: String, default d: Bool) -> Bool {
        if case .bool(let v)? = layerState.custom[key] { return v }
        return d
    }

    func color(_ key: String, default d: CGColor?) -> CGColor? {
        if case .color(let v)? = layerState.custom[key] { return v.cgColor }
        return d
    }

    func transformValue(_ key: String) -> CATransform3D {
        if case .transform(let v)? = layerState.custom[key] { return v }
        return .identity
    }

    func string(_ key: String, default d: String) -> String {
        if case .object(let v as String)? = layerState.custom[key] { return v }
        return d
    }

    func object(_ key: String) -> Any? {
        layerState.custom[key]?.object
    }

    /// Sets the contents produced by the layer's own drawing: no action runs (redrawing is
    /// not a property change), and `rect` says which part of the layer the bitmap covers
    /// (nil: the bounds, placed by `contentsGravity`).
    public func setBackingStore(_ image: CGImage?, covering rect: CGRect? = nil) {
        layerState.contents = image.map { .image($0) } ?? .none
        layerState.backingRect = rect
    }
}

extension LayerState {
    /// A number stored by key, for presented subclass values.
    func number(_ key: String, default d: CGFloat) -> CGFloat {
        if case .number(let v)? = custom[key] { return v }
        return d
    }

    /// A colour stored by key.
    func color(_ key: String, default d: ColorValue) -> ColorValue {
        if case .color(let v)? = custom[key] { return v }
        return d
    }
}
