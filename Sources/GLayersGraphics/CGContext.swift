/// A 2D drawing context on a cairo image surface, for `CALayer.draw(in:)` and for
/// rasterising shape and gradient layers.
///
/// - Coordinates: origin at the top-left, y down (like the contexts UIKit hands to
///   `draw(in:)`), units of points; `CGContext.bitmap(width:height:scale:)` starts with the CTM
///   `scale(scale)` so drawing in points is sharp at `contentsScale`. Code written for macOS
///   bitmap contexts (origin bottom-left) must flip itself.
/// - State that cairo keeps (CTM, clip, line settings, blend mode, antialiasing) is saved by
///   `cairo_save`; the fill and stroke colours, alpha and interpolation quality are kept in
///   `GState` beside it.
/// - Invalid input (NaN coordinates, a singular CTM, unbalanced `restoreGState`) is ignored
///   rather than passed to cairo, whose error states are permanent.
/// - Shadows (`setShadow`) are drawn under every operation that `paint` runs
///   (CGContext+Shadow.swift); transparency layers are cairo groups
///   (CGContext+TransparencyLayer.swift).
/// - `clip(to:mask:)` keeps an image mask beside cairo's clip (CGContext+ClipMask.swift).
/// - Text: `CATextLayer` draws with `TextRenderer`; Core Text's `CTLineDraw`, `CTFrameDraw`
///   and `showGlyphs(_:at:)` draw glyphs through the `textMatrix` (CGContext+Text.swift).
/// - Not provided: pattern colours, `data` access for contexts that own their memory (issue #2).
import CCairo
import Foundation

/// A bitmap drawing context (CoreGraphics' `CGContext`), backed by cairo.
public final class CGContext {
    /// Graphics state that glayers keeps beside cairo's.
    struct GState {
        var fill = RGBA(0, 0, 0, 1)
        var stroke = RGBA(0, 0, 0, 1)
        var alpha: CGFloat = 1
        var interpolation = CGInterpolationQuality.default
        var renderingIntent = CGColorRenderingIntent.defaultIntent
        var shouldAntialias = true
        /// Whether the CTM became singular or non-finite: nothing draws until a restore.
        var singular = false
        /// The shadow cast by what is drawn, if one is set.
        var shadow: Shadow?
        /// The image mask of `clip(to:mask:)`, if one is set.
        var clipMask: ClipMask?
        /// How text is drawn (CGContext+Text.swift).
        var textDrawingMode = CGTextDrawingMode.fill
        /// Extra space between characters of `showGlyphs` without positions (kept only).
        var characterSpacing: CGFloat = 0
        /// The font and size `showGlyphs(_:at:)` draws with.
        var font: CGFont?
        var fontSize: CGFloat = 12
    }

    let surface: OpaquePointer
    /// The cairo context drawn into: the surface's, or a shadow's scratch plane while an
    /// operation casts its shadow.
    var cr: OpaquePointer
    /// Device pixels per base-space unit: the scale the context was made with.
    package var baseScale: CGFloat = 1
    /// The text matrix (not part of the graphics state).
    var storedTextMatrix = CGAffineTransform.identity
    /// The open transparency layers, innermost last.
    var layers: [TransparencyLayer] = []
    /// User memory in a layout cairo cannot draw into, updated after each drawing operation
    /// (or memory the context allocated for `data`, in the layout it was made with).
    var mirror: UnsafeMutableRawPointer?
    /// Whether `mirror` is memory the context allocated (freed with the context).
    var ownsMirror = false
    var state = GState()
    var saved: [GState] = []
    var allowsAntialiasing = true
    /// Set by a layer delegate's default `draw(_:in:)` (one that does not implement it) when
    /// it is asked to draw into this context: the layer then tells a porter why nothing was
    /// drawn (GLayers' `displayByDrawing()`).
    package var askedDelegateWithoutDrawing = false

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes per row of the context's memory.
    public let bytesPerRow: Int
    /// Bits per component: 8.
    public var bitsPerComponent: Int { 8 }
    /// Bits per pixel: 32.
    public var bitsPerPixel: Int { 32 }
    /// The pixel layout the context was made with.
    public let bitmapInfo: CGBitmapInfo
    /// The alpha part of `bitmapInfo`.
    public var alphaInfo: CGImageAlphaInfo { bitmapInfo.alphaInfo ?? .premultipliedLast }
    /// The context's colour space (sRGB).
    public var colorSpace: CGColorSpace? { CGColorSpaceCreateDeviceRGB() }

    /// A context of `width × height` pixels whose CTM starts as `scale(scale)` (glayers).
    ///
    /// - Owns transparent, premultiplied memory; nil for a size outside `CGImage`'s limits
    ///   or a non-positive or non-finite scale.
    public static func bitmap(width: Int, height: Int, scale: CGFloat = 1) -> CGContext? {
        guard scale.isFinite, scale > 0,
            let context = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8,
                bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        if scale != 1 { context.scaleBy(x: scale, y: scale) }
        context.baseScale = scale
        return context
    }

    /// A bitmap context (CoreGraphics' initialiser); `data == nil` lets the context own its memory.
    ///
    /// - Supported: 8 bits per component, an RGB space, 32-bit pixels with premultiplied or
    ///   skipped alpha, first or last, in either byte order. Caller memory in cairo's own layout
    ///   (`premultipliedFirst`/`noneSkipFirst` with `byteOrder32Little` on little-endian machines)
    ///   is drawn into directly; other layouts are copied into it after every drawing call.
    /// - The CTM starts as the identity, with the origin at the top-left (see the file comment).
    /// - Returns nil for other layouts, sizes outside `CGImage`'s limits, or a `bytesPerRow` too
    ///   small for the width (0 picks the natural value).
    public init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32
    ) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        guard width > 0, height > 0, width < 32768, height < 32768, width * height <= CGImage.maximumPixelCount,
            bitsPerComponent == 8, space.model == .rgb, !info.contains(.floatComponents),
            let alpha = info.alphaInfo,
            [.premultipliedLast, .premultipliedFirst, .noneSkipLast, .noneSkipFirst].contains(alpha),
            [CGBitmapInfo.byteOrderDefault, .byteOrder32Big, .byteOrder32Little].contains(info.byteOrder)
        else { return nil }
        let stride = bytesPerRow == 0 ? width * 4 : bytesPerRow
        guard stride >= width * 4 else { return nil }
        let opaque = alpha == .noneSkipFirst || alpha == .noneSkipLast
        let format = opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        let native =
            (alpha == .premultipliedFirst || alpha == .noneSkipFirst)
            && info.byteOrder == (UInt32(littleEndian: 1) == 1 ? .byteOrder32Little : .byteOrder32Big)

        let made: OpaquePointer?
        if let data, native, stride % 4 == 0 {
            made = cairo_image_surface_create_for_data(
                data.assumingMemoryBound(to: UInt8.self), format,
                Int32(width), Int32(height), Int32(stride))
            mirror = nil
        } else {
            made = cairo_image_surface_create(format, Int32(width), Int32(height))
            mirror = data
        }
        guard let surface = made, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            if let made { cairo_surface_destroy(made) }
            return nil
        }
        guard let cr = cairo_create(surface), cairo_status(cr) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        self.cr = cr
        self.width = width
        self.height = height
        self.bytesPerRow = stride
        self.bitmapInfo = info
        cairo_set_line_width(cr, 1)  // CoreGraphics' default; cairo's is 2.
        if let mirror { MirrorLayout(info).read(from: mirror, into: self) }
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        if ownsMirror { mirror?.deallocate() }
    }

    /// The context's pixels in the layout it was made with (`bitmapInfo`, `bytesPerRow` apart),
    /// as Core Graphics' `data`: the memory passed to `init(data:…)`, or, for a context that
    /// owns its memory, memory valid as long as the context, kept up to date after every
    /// drawing call from the first time it is asked for.
    public var data: UnsafeMutableRawPointer? {
        if let mirror { return mirror }
        let format = cairo_image_surface_get_format(surface)
        let cairoLayout =
            (alphaInfo == .premultipliedFirst || alphaInfo == .noneSkipFirst)
            && bitmapInfo.byteOrder == (UInt32(littleEndian: 1) == 1 ? .byteOrder32Little : .byteOrder32Big)
        if cairoLayout, format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24,
            Int(cairo_image_surface_get_stride(surface)) == bytesPerRow
        {
            cairo_surface_flush(surface)
            return cairo_image_surface_get_data(surface).map { UnsafeMutableRawPointer($0) }
        }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: bytesPerRow * height, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: bytesPerRow * height)
        mirror = memory
        ownsMirror = true
        flush()
        return memory
    }

    /// An image of the context's current pixels (premultiplied RGBA), or nil if cairo failed.
    public func makeImage() -> CGImage? {
        cairo_surface_flush(surface)
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            return nil
        }
        let rowStride = Int(cairo_image_surface_get_stride(surface))
        var (pixels, opaque) = PixelConversion.rgba(fromARGB32: data, width: width, height: height, stride: rowStride)
        let skipsAlpha = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        if skipsAlpha {
            for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
            opaque = true
        }
        return CGImage(
            checkedWidth: width, height: height, pixels: pixels, opaque: opaque, hasAlphaChannel: !skipsAlpha)
    }

    /// Finishes pending drawing and updates caller memory in a non-cairo layout.
    public func flush() {
        cairo_surface_flush(surface)
        if let mirror { MirrorLayout(bitmapInfo).write(from: self, to: mirror) }
    }

    /// Runs a drawing operation unless the state cannot draw, with the shadow it casts from
    /// `shadow` when one is set, then publishes the pixels.
    func paint(shadow: ShadowSource = .shape, _ body: () -> Void) {
        guard !state.singular, cairo_status(cr) == CAIRO_STATUS_SUCCESS else { return }
        if shadow == .none {
            body()  // clear(_:), which applies a clip mask itself
        } else {
            drawThroughClipMask { drawWithShadow(shadow, body) }
        }
        if mirror != nil { flush() }
    }

    /// Runs `body` with an empty scratch path, then puts the current path back.
    func withScratchPath(_ body: () -> Void) {
        guard let path = cairo_copy_path(cr) else { return }
        defer { cairo_path_destroy(path) }
        cairo_new_path(cr)
        body()
        cairo_new_path(cr)
        if path.pointee.status == CAIRO_STATUS_SUCCESS { cairo_append_path(cr, path) }
    }
}

/// Conversion between a context's cairo surface and caller memory in another 32-bit layout.
private struct MirrorLayout {
    /// Byte offsets of r, g, b, a in a pixel of the caller's memory.
    let r: Int, g: Int, b: Int, a: Int
    let opaque: Bool

    init(_ info: CGBitmapInfo) {
        let alpha = info.alphaInfo ?? .premultipliedLast
        let last = alpha == .premultipliedLast || alpha == .noneSkipLast
        var order = last ? [0, 1, 2, 3] : [1, 2, 3, 0]
        if info.byteOrder == .byteOrder32Little { order = order.map { 3 - $0 } }
        (r, g, b, a) = (order[0], order[1], order[2], order[3])
        opaque = alpha == .noneSkipLast || alpha == .noneSkipFirst
    }

    /// Copies the caller's pixels into the surface (once, at creation).
    func read(from memory: UnsafeMutableRawPointer, into context: CGContext) {
        cairo_surface_flush(context.surface)
        guard let data = cairo_image_surface_get_data(context.surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(context.surface))
        let src = memory.assumingMemoryBound(to: UInt8.self)
        for y in 0..<context.height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            let s = src + y * context.bytesPerRow
            for x in 0..<context.width {
                let p = s + x * 4
                let alpha = opaque ? 255 : UInt32(p[a])
                row[x] = alpha << 24 | UInt32(p[r]) << 16 | UInt32(p[g]) << 8 | UInt32(p[b])
            }
        }
        cairo_surface_mark_dirty(context.surface)
    }

    /// Copies the surface into the caller's memory.
    func write(from context: CGContext, to memory: UnsafeMutableRawPointer) {
        guard let data = cairo_image_surface_get_data(context.surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(context.surface))
        let dst = memory.assumingMemoryBound(to: UInt8.self)
        for y in 0..<context.height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            let d = dst + y * context.bytesPerRow
            for x in 0..<context.width {
                let v = row[x], p = d + x * 4
                p[r] = UInt8(truncatingIfNeeded: v >> 16)
                p[g] = UInt8(truncatingIfNeeded: v >> 8)
                p[b] = UInt8(truncatingIfNeeded: v)
                p[a] = opaque ? 255 : UInt8(truncatingIfNeeded: v >> 24)
            }
        }
    }
}
