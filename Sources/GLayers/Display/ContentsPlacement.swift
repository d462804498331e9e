/// Where a layer's contents image lands in its bounds (docs/semantics.md#contents-and-gravity): `contentsGravity`
/// with the image's logical size (pixels / `contentsScale`, times the `contentsRect` part),
/// `contentsRect` as the source part, `contentsCenter` for nine-slice scaling.
import Foundation
import GLayersGraphics

/// The placement of a contents image, in the layer's coordinates.
///
/// Flipped geometry (docs/semantics.md#flipped-geometry): a layer's contents live in its own
/// flipped space when `isGeometryFlipped` (gravity's "top" is maximum y there), and the image is
/// drawn upright: mirrored in that space when `contentsAreFlipped()`, which with the layer's own
/// flip undone leaves it mirrored exactly when an odd number of its ancestors are flipped.
struct ContentsGeometry: Equatable {
    /// Where the image is drawn.
    var destination: CGRect
    /// The part of the image drawn (unit coordinates, top-left origin).
    var source: CGRect
    /// Whether the image is drawn upside down (its top row at the destination's maximum y).
    var flipsVertically: Bool
    /// The image part's size in points (for nine-slice corners).
    var naturalSize: CGSize
    /// The stretchable centre (unit coordinates of `source`, flipped with it), or nil.
    var center: CGRect?

    /// The placement for an image of `pixelWidth` × `pixelHeight` in `state`'s bounds, for a
    /// layer with an odd number of flipped ancestors when `ancestorsFlipped`.
    ///
    /// - "top" means maximum y and "bottom" minimum y, as Core Animation defines them
    ///   (flipped when the layer's geometry is flipped); an unknown gravity is centred.
    init(state: UnsafePointer<LayerState>, pixelWidth: Int, pixelHeight: Int, ancestorsFlipped: Bool) {
        let contentsScale = state.pointee.contentsScale
        let scale = contentsScale > 0 && contentsScale.isFinite ? contentsScale : 1
        var src = state.pointee.contentsRect
        let w = CGFloat(pixelWidth) / scale * src.width, h = CGFloat(pixelHeight) / scale * src.height
        naturalSize = CGSize(width: abs(w), height: abs(h))
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        let contentsCenter = state.pointee.contentsCenter
        center = contentsCenter == unit ? nil : contentsCenter
        let b = state.pointee.bounds
        let flipped = state.pointee.isGeometryFlipped
        if let backing = state.pointee.backing?.rect {
            destination = flipped ? Self.mirrored(backing, in: b) : backing
            src = unit
            center = nil
        } else {
            var gravity = state.pointee.contentsGravity
            if flipped { gravity = Self.flippedVertically(gravity) }
            destination = Self.place(gravity, bounds: b, size: naturalSize)
        }
        source = src
        flipsVertically = ancestorsFlipped
        if ancestorsFlipped {
            center = center.map { CGRect(x: $0.minX, y: 1 - $0.maxY, width: $0.width, height: $0.height) }
        }
    }

    /// The placement in a state the caller holds (`init(state:…)` reads a state in place).
    init(state: LayerState, pixelWidth: Int, pixelHeight: Int, ancestorsFlipped: Bool) {
        self = withUnsafePointer(to: state) {
            ContentsGeometry(
                state: $0, pixelWidth: pixelWidth, pixelHeight: pixelHeight, ancestorsFlipped: ancestorsFlipped)
        }
    }

    /// `r` mirrored top to bottom within `bounds`.
    static func mirrored(_ r: CGRect, in bounds: CGRect) -> CGRect {
        CGRect(x: r.minX, y: bounds.minY + bounds.maxY - r.maxY, width: r.width, height: r.height)
    }

    static func place(_ gravity: CALayerContentsGravity, bounds b: CGRect, size: CGSize) -> CGRect {
        let (W, H, w, h) = (b.width, b.height, size.width, size.height)
        func at(_ x: CGFloat, _ y: CGFloat) -> CGRect { CGRect(x: x, y: y, width: w, height: h) }
        let cx = b.minX + (W - w) / 2, cy = b.minY + (H - h) / 2
        switch gravity {
        case .resize: return b
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return b }
            let s = gravity == .resizeAspect ? min(W / w, H / h) : max(W / w, H / h)
            let sw = w * s, sh = h * s
            return CGRect(x: b.minX + (W - sw) / 2, y: b.minY + (H - sh) / 2, width: sw, height: sh)
        case .left: return at(b.minX, cy)
        case .right: return at(b.maxX - w, cy)
        case .bottom: return at(cx, b.minY)
        case .top: return at(cx, b.maxY - h)
        case .bottomLeft: return at(b.minX, b.minY)
        case .bottomRight: return at(b.maxX - w, b.minY)
        case .topLeft: return at(b.minX, b.maxY - h)
        case .topRight: return at(b.maxX - w, b.maxY - h)
        default: return at(cx, cy)
        }
    }

    static func flippedVertically(_ g: CALayerContentsGravity) -> CALayerContentsGravity {
        switch g {
        case .top: return .bottom
        case .bottom: return .top
        case .topLeft: return .bottomLeft
        case .topRight: return .bottomRight
        case .bottomLeft: return .topLeft
        case .bottomRight: return .topRight
        default: return g
        }
    }
}
