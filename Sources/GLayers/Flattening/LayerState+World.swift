/// A layer's world matrix, composed where flattening reads the presented state: the layer's
/// bounds space → its superlayer's sublayer space (`LayerState.layerToSuperlayer`:
/// `T(−anchor) · transform · T(position)`) → the pass's item space.
import Foundation

extension UnsafePointer where Pointee == LayerState {
    /// The world matrix of the layer whose presented state lies here, under `parent` (its
    /// superlayer's sublayer space in item space); nil when the layer's own placement
    /// (transform, anchor, position, bounds) is not finite.
    ///
    /// - Row by row as vectors, each entry summed in the order of `layerToSuperlayer` and
    ///   `CATransform3D.concatenating`: the same matrix to the bit, without the copies.
    @inline(__always)
    func world(under parent: CATransform3D) -> CATransform3D? {
        let b = pointee.bounds, anchor = pointee.anchorPoint
        let ax = Double(b.minX + anchor.x * b.width), ay = Double(b.minY + anchor.y * b.height)
        let az = Double(pointee.anchorPointZ)
        var (r1, r2, r3, r4) = pointee.transform.rows
        // T(−a) · m: add −a · (rows 1–3) to row 4.
        if ax != 0 || ay != 0 || az != 0 { r4 = r4 + ((-ax * r1 - ay * r2) - az * r3) }
        // m · T(p): add p · (column 4) to columns 1–3.
        let p = SIMD4(Double(pointee.position.x), Double(pointee.position.y), Double(pointee.zPosition), 0)
        r1 = r1 + SIMD4(r1.w, r1.w, r1.w, 0) * p
        r2 = r2 + SIMD4(r2.w, r2.w, r2.w, 0) * p
        r3 = r3 + SIMD4(r3.w, r3.w, r3.w, 0) * p
        r4 = r4 + SIMD4(r4.w, r4.w, r4.w, 0) * p
        let local = CATransform3D(rows: (r1, r2, r3, r4))
        guard local.isFinite else { return nil }
        return local.concatenating(parent)
    }
}
