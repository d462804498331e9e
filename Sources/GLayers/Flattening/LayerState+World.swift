/// A layer's world matrix, composed where flattening reads the presented state: the layer's
/// bounds space → its superlayer's sublayer space (`LayerState.layerToSuperlayer`:
/// `T(−anchor) · transform · T(position)`) → the pass's item space.
import Foundation

extension UnsafePointer where Pointee == LayerState {
    /// The world matrix of the layer whose presented state lies here, under `parent` (its
    /// superlayer's sublayer space in item space); nil when the layer's own placement
    /// (transform, anchor, position, bounds) is not finite.
    ///
    /// - `layerToSuperlayer` and the product are computed row by row as vectors; the state is
    ///   read in place (both are inlined, so no copy of it is made).
    @inline(__always)
    func world(under parent: CATransform3D) -> CATransform3D? {
        let local = pointee.layerToSuperlayer
        guard local.isFinite else { return nil }
        return local.concatenating(parent)
    }
}

extension LayerState {
    /// Whether nothing of the layer and its tree is drawn: it is hidden or wholly transparent
    /// (zero or NaN opacity), and no transition shows it. Flattening skips such a layer's tree,
    /// and so does the sweep that evaluates a tree before flattening it
    /// (`CALayer.evaluatePresentationTree`).
    @inline(__always)
    var showsNothing: Bool { (isHidden || !(opacity > 0)) && transition == nil }

    /// The bytes of a state up to the end of the fields that place a layer and say whether it
    /// shows (geometry, transform, opacity, hidden): what a memoized layer's flattening reads,
    /// and what it prefetches (offsets from the compiler).
    ///
    /// - Computed where it is read, from `MemoryLayout` offsets the optimizer folds into a
    ///   constant (a stored `static let` would cost a lazy-initialization check per layer).
    @inline(__always)
    static var placementBytes: Int {
        let transformEnd = (MemoryLayout<LayerState>.offset(of: \.transform) ?? 0) + MemoryLayout<CATransform3D>.size
        let opacityEnd = (MemoryLayout<LayerState>.offset(of: \.opacity) ?? 0) + MemoryLayout<Float>.size
        let hiddenEnd = (MemoryLayout<LayerState>.offset(of: \.isHidden) ?? 0) + MemoryLayout<Bool>.size
        // Bounds, position, zPosition and the anchor come before the transform.
        return max(transformEnd, max(opacityEnd, hiddenEnd))
    }
}
