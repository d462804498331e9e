/// The render list: the only thing the renderer receives. One frame of the presentation tree,
/// flattened by the engine into value types — passes of draw items in paint order, clip
/// nodes, and handles (`ImageID`, `PassID`) instead of objects.
///
/// Coordinate spaces
///
/// - Every pass has an *item space*: screen points for screen-space passes, the bounds space
///   of one layer for local passes (rasterization, transitions). An item's `transform` maps
///   its `rect` (in the item's own plane, z = 0) into the item space, with row vectors
///   (`[x y 0 1] · M`, then divide by w), exactly as `CATransform3D` does.
/// - `RenderPass.sourceRect` is the part of item space the pass covers; the renderer maps it
///   onto the pass's pixels (y down, origin top-left).
///
/// Lifetime: `FrameBuilder` (in the engine) refills one `RenderList` every frame, reusing its
/// storage so a steady frame allocates nothing; the renderer reads it and keeps nothing but
/// handles.
import Foundation
import GLayersJSON

/// A texture-cache key for an image: the image's identity.
public struct ImageID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The key's value (a `CGImage`'s `identity`, unique per image in this process).
    public let raw: UInt64
    /// Wraps a key value.
    public init(_ raw: UInt64) { self.raw = raw }
    /// Orders images by key, for stable dumps.
    public static func < (a: ImageID, b: ImageID) -> Bool { a.raw < b.raw }
    /// The key as dumps print it, `img` and the number.
    public var description: String { "img\(raw)" }
}

/// A pass of the current render list (its index in `RenderList.passes`).
public struct PassID: Hashable, Sendable, CustomStringConvertible {
    /// The pass's position in `RenderList.passes` (0 is the screen).
    public let index: Int32
    /// The pass at `index` in `RenderList.passes`.
    public init(_ index: Int) { self.index = Int32(index) }
    /// The screen (the window or the headless target).
    public static let screen = PassID(0)
    /// The pass as dumps print it, `pass` and the index.
    public var description: String { "pass\(index)" }
}

/// Pixels of an image the renderer may upload: premultiplied RGBA8, rows top to bottom.
public protocol RenderImage: AnyObject {
    /// The cache key.
    var imageID: ImageID { get }
    /// The image's width in pixels.
    var pixelWidth: Int { get }
    /// The image's height in pixels.
    var pixelHeight: Int { get }
    /// Whether every pixel has alpha 255.
    var isFullyOpaque: Bool { get }
    /// Calls `body` with the pixel bytes and the number of bytes per row.
    func withPixelBytes<R>(_ body: (UnsafeRawBufferPointer, Int) throws -> R) rethrows -> R
}

/// A 4×4 matrix in Core Animation's layout (m11 … m44 row by row; row vectors).
public struct Matrix4: Hashable, Sendable {
    /// The sixteen entries m11, m12, … m44, row by row.
    public var m: SIMD16<Float>
    /// A matrix from its sixteen entries, row by row.
    public init(_ m: SIMD16<Float>) { self.m = m }
    /// The matrix that leaves every point where it is.
    public static let identity = Matrix4(SIMD16(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1))

    /// A translation by (x, y).
    public static func translation(_ x: Float, _ y: Float) -> Matrix4 {
        Matrix4(SIMD16(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, 0, 1))
    }

    /// The image of the point (x, y, 0, 1), divided by w; nil when w ≤ 0.
    public func project(_ x: Float, _ y: Float) -> (Float, Float)? {
        let X = x * m[0] + y * m[4] + m[12]
        let Y = x * m[1] + y * m[5] + m[13]
        let W = x * m[3] + y * m[7] + m[15]
        guard W > 1e-6 else { return nil }
        return (X / W, Y / W)
    }
}

/// A rectangle in floats.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The origin and size.
    public var x: Float, y: Float, width: Float, height: Float
    /// A rectangle from its origin and size.
    public init(x: Float, y: Float, width: Float, height: Float) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The unit square (0, 0, 1, 1), the whole of an image in unit coordinates.
    public static let unit = Rect(x: 0, y: 0, width: 1, height: 1)
    /// The right edge, `x + width`.
    public var maxX: Float { x + width }
    /// The bottom edge (y down), `y + height`.
    public var maxY: Float { y + height }
    /// Whether the rectangle covers no area (a width or height that is not positive, or NaN).
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// The part both rects cover (`.zero` when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
    }
    /// The rectangle as dumps print it, `(x, y, width, height)` rounded to three decimals.
    public var description: String { "(\(fmt(x)), \(fmt(y)), \(fmt(width)), \(fmt(height)))" }
}

/// A premultiplied colour in floats.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// The components, premultiplied by alpha, 0 … 1.
    public var r: Float, g: Float, b: Float, a: Float
    /// A colour from premultiplied components.
    public init(r: Float, g: Float, b: Float, a: Float) { (self.r, self.g, self.b, self.a) = (r, g, b, a) }
    /// Fully transparent black.
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    /// Whether the colour is fully transparent (alpha ≤ 0).
    public var isClear: Bool { a <= 0 }
    /// The colour as dumps print it, `rgba(r, g, b, a)` premultiplied, rounded to three decimals.
    public var description: String { "rgba(\(fmt(r)), \(fmt(g)), \(fmt(b)), \(fmt(a)))" }
}

/// `v` rounded to `decimals` places, without trailing zeros and never as `-0`: the same text
/// for values that differ only by float rounding, so dumps are stable across machines.
func fmt(_ v: Float, decimals: Int = 3) -> String {
    guard v.isFinite else { return v.isNaN ? "nan" : v > 0 ? "inf" : "-inf" }
    return DecimalText.text(Double(v), decimals: decimals)
}
