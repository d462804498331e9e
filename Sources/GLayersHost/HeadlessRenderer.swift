/// Headless rendering: any layer tree at any media time to an image or a PNG file,
/// through the same frame code as the window, on EGL's surfaceless platform (no display, no
/// GPU needed: Mesa's llvmpipe).
import Foundation
import GLayers
import GLayersGL
import GLayersGraphics
import GLayersRenderList

/// Renders layer trees to images without a window.
///
/// ```swift
/// let renderer = try HeadlessRenderer(size: CGSize(width: 640, height: 480), scale: 2)
/// try renderer.renderPNG(rootLayer, at: 1.25, to: URL(fileURLWithPath: "frame.png"))
/// ```
/// - Time: rendering at `t` switches the media clock to manual time `t` (see
///   `CAMediaClock`), so `CACurrentMediaTime()` reads `t` and animations added before the
///   frame start there. The same tree and times give the same bytes.
/// - The rendered tree is live (its changes animate implicitly) while the renderer shows it.
/// - Each render is a frame of a display refreshing `refreshRate` times a second: display
///   links added to this thread's run loop fire before it (`targetTimestamp` = `t`).
public final class HeadlessRenderer {
    /// The size of the images in points.
    public var size: CGSize
    /// Pixels per point.
    public var scale: CGFloat
    /// The colour behind the root layer (default transparent).
    public var background: CGColor?
    /// The frame code (renderer, flattener, counters).
    public let driver: FrameDriver
    /// The refresh rate of the display the frames stand for, in hertz (default 60): display
    /// links see `duration` = 1 / `refreshRate`.
    public var refreshRate: Double {
        get { 1 / driver.refreshInterval }
        set { driver.refreshInterval = newValue > 0 && newValue.isFinite ? 1 / newValue : 1.0 / 60 }
    }
    private var host: CALayerHost?

    /// A renderer for images of `size` points at `scale` pixels per point, drawing with the
    /// driver `prepared` has made (or with a new one).
    ///
    /// - Throws `GLError` when EGL or OpenGL 3.3 is not available, and `FrameSizeError` when
    ///   `size` or `scale` is not a positive finite number or the frame would have more pixels
    ///   per side than the OpenGL implementation draws (`GL_MAX_TEXTURE_SIZE`, 16384 on Mesa).
    public init(
        size: CGSize, scale: CGFloat = 1, background: CGColor? = nil, prepared: PreparedFrameDriver? = nil
    ) throws {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0, scale.isFinite, scale > 0
        else {
            throw FrameSizeError(
                message: "a frame of \(size.width)×\(size.height) points at scale \(scale) cannot be drawn")
        }
        self.size = size
        self.scale = scale
        self.background = background
        driver = try prepared?.driver() ?? FrameDriver(context: GLContext.headless())
        let limit = driver.renderer.driverMaximumTextureSize
        let w = (size.width * scale).rounded(), h = (size.height * scale).rounded()
        guard w >= 1, h >= 1, w <= CGFloat(limit), h <= CGFloat(limit) else {
            throw FrameSizeError(
                message: "a frame of \(size.width)×\(size.height) points at scale \(scale) is \(w)×\(h) pixels; "
                    + "a frame must be 1 to \(limit) pixels per side here (OpenGL's limit)")
        }
    }

    /// Makes `root` the live tree shown by this renderer.
    public func show(_ root: CALayer) {
        if host?.rootLayer === root { return }
        host?.detach()
        host = CALayerHost(rootLayer: root)
    }

    /// The image of `root` at media time `t`.
    public func render(_ root: CALayer, at t: CFTimeInterval) throws -> CGImage {
        try draw(root, at: t)
        return try driver.renderer.readImage()
    }

    /// Writes the PNG of `root` at media time `t` to `url`: the file
    /// `render(root, at: t).writePNG(to: url)` writes, from the frame read back a strip of rows
    /// at a time (`CGImage.writePNG(width:height:to:rows:)`), so its pixels (3 MB for
    /// 1024×768) are never all in memory. Returns the image's size in pixels.
    @discardableResult
    public func renderPNG(_ root: CALayer, at t: CFTimeInterval, to url: URL) throws -> (width: Int, height: Int) {
        try draw(root, at: t)
        let renderer = driver.renderer
        let (width, height) = renderer.frameSize
        try CGImage.writePNG(width: width, height: height, to: url) { first, count, buffer in
            guard renderer.readRows(first, count: count, into: buffer) else {
                throw GLError(.resource, "rows \(first)..<\(first + count) of the frame could not be read")
            }
        }
        return (width, height)
    }

    /// Draws the frame of `root` at media time `t`.
    private func draw(_ root: CALayer, at t: CFTimeInterval) throws {
        show(root)
        CAMediaClock.setTime(t)
        driver.drawFrame(root, at: t, size: size, scale: scale, background: background, target: .offscreen)
        if let error = driver.renderer.lastError { throw error }
    }

    deinit { host?.detach() }
}

/// A frame size that cannot be drawn (not positive, not finite, or more pixels than OpenGL
/// draws per side).
public struct FrameSizeError: Error, CustomStringConvertible {
    /// What is wrong, with the size, scale and the limit.
    public let message: String
    /// The message.
    public var description: String { message }
}
