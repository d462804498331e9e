/// The EGL display and OpenGL 3.3 core context the renderer draws with: headless
/// (EGL's surfaceless platform, rendering into framebuffer objects) or on an X11 window.
///
/// This file knows EGL only; it does not open X11 connections or windows (the host does)
/// and draws nothing.
import CEGL
import COpenGL
import Foundation
import GLayersRenderList

/// An EGL display with an OpenGL 3.3 core context, current on one thread at a time.
///
/// - Headless: `EGL_PLATFORM_SURFACELESS_MESA`, a context made without a config, no
///   surface; the renderer draws into framebuffer objects.
/// - Window: `EGL_PLATFORM_X11_KHR` on the host's `Display*` and window, a window surface
///   with swap interval 1; `swapBuffers()` presents.
/// - Every GL call needs the context current on the calling thread: `makeCurrent()`.
public final class GLContext {
    /// The EGL display.
    let display: EGLDisplay
    /// The EGL context.
    let context: EGLContext
    /// The window surface, or nil when headless.
    private(set) var surface: EGLSurface?
    /// Whether `destroy()` ran.
    private var destroyed = false
    /// Whether `destroy()` terminates the EGL display: a window's, which lives on the host's X
    /// connection (the surfaceless display is shared by every headless context).
    private let ownsDisplay: Bool
    /// Whether the context draws into framebuffer objects only (no window).
    public var isHeadless: Bool { surface == nil }
    /// `GL_RENDERER` (e.g. "llvmpipe (LLVM 15.0.6, 256 bits)").
    public private(set) var rendererName = ""
    /// `GL_VERSION`.
    public private(set) var versionString = ""
    /// What the window surface offers for redrawing and presenting only damaged pixels (all
    /// false when headless).
    public private(set) var presentation = PresentationSupport()
    private var swapWithDamage: PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC?
    private var setDamageRegion: PFNEGLSETDAMAGEREGIONKHRPROC?
    /// Scratch for damage rects handed to EGL.
    private var eglRects: [EGLint] = []

    private init(display: EGLDisplay, context: EGLContext, surface: EGLSurface?) {
        self.display = display
        self.context = context
        self.surface = surface
        ownsDisplay = surface != nil
    }

    deinit { destroy() }

    /// Destroys the surface and the context now (a window host calls it before it closes the
    /// X display the surface lives on; GL calls afterwards do nothing). Idempotent.
    public func destroy() {
        guard !destroyed else { return }
        destroyed = true
        if eglGetCurrentContext() == context {
            eglMakeCurrent(display, nil, nil, nil)
        }
        if let surface { eglDestroySurface(display, surface) }
        surface = nil
        eglDestroyContext(display, context)
        // Mesa keeps one EGL display per native display pointer for the life of the process.
        // Left initialized, it would keep this X connection's state after the host closes the
        // connection, and a later window whose `Display*` lands at the same address would be
        // given that stale state (a crash in eglCreatePlatformWindowSurfaceEXT). Terminated, it
        // is initialized afresh on the next connection.
        if ownsDisplay { eglTerminate(display) }
    }

    /// A headless context: EGL surfaceless platform, OpenGL 3.3 core, made current.
    ///
    /// - `framePixels`: the pixels of the frames it will draw, when known: a process whose first
    ///   context draws small frames has llvmpipe rasterize on the drawing thread
    ///   (`RasterizerThreads`).
    /// - Throws `GLError.noEGL` when there is no EGL or no surfaceless platform, `.noGL33`
    ///   when the driver gives no 3.3 core context.
    public static func headless(framePixels: Int? = nil) throws -> GLContext {
        RasterizerThreads.prepare(forFramePixels: framePixels)
        let display = try platformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), native: nil)
        let context = try makeContext(display, config: nil)
        let result = GLContext(display: display, context: context, surface: nil)
        try result.makeCurrent()
        try result.checkVersion()
        return result
    }

    /// A context on an X11 window: `nativeDisplay` is the host's `Display*`, `nativeWindow`
    /// its `Window`; `framePixels` as for `headless`. Swap interval 1 (vsync); made current.
    ///
    /// - Throws `GLError.noEGL`, `.noGL33`, or `.surface` when no window surface can be made.
    public static func window(nativeDisplay: OpaquePointer, nativeWindow: UInt, framePixels: Int? = nil) throws
        -> GLContext
    {
        RasterizerThreads.prepare(forFramePixels: framePixels)
        let display = try platformDisplay(EGLenum(EGL_PLATFORM_X11_KHR), native: UnsafeMutableRawPointer(nativeDisplay))
        let (config, canPreserve) = try chooseWindowConfig(display)
        var window = nativeWindow
        guard
            let create = procedure(
                "eglCreatePlatformWindowSurfaceEXT", as: PFNEGLCREATEPLATFORMWINDOWSURFACEEXTPROC.self),
            let surface = withUnsafeMutablePointer(to: &window, { create(display, config, $0, nil) })
        else { throw GLError(.surface, "eglCreatePlatformWindowSurfaceEXT failed: \(eglErrorName())") }
        let context: EGLContext
        do { context = try makeContext(display, config: config) } catch {
            eglDestroySurface(display, surface)
            throw error
        }
        let result = GLContext(display: display, context: context, surface: surface)
        try result.makeCurrent()
        try result.checkVersion()
        eglSwapInterval(display, 1)
        result.setUpPresentation(canPreserve: canPreserve)
        return result
    }

    /// Finds what the surface offers for partial redraws (`presentation`): a preserved back
    /// buffer (asked for when the config allows it), `EGL_EXT_buffer_age`,
    /// `EGL_KHR_partial_update`, swap with damage (KHR or EXT).
    private func setUpPresentation(canPreserve: Bool) {
        guard let surface else { return }
        let names = eglQueryString(display, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        let extensions = Set(names.split(separator: " ").map(String.init))
        var support = PresentationSupport()
        if canPreserve && eglSurfaceAttrib(display, surface, EGL_SWAP_BEHAVIOR, EGL_BUFFER_PRESERVED) == EGL_TRUE {
            var behaviour: EGLint = 0
            eglQuerySurface(display, surface, EGL_SWAP_BEHAVIOR, &behaviour)
            support.preservedBackBuffer = behaviour == EGL_BUFFER_PRESERVED
        }
        support.bufferAge = extensions.contains("EGL_EXT_buffer_age") || extensions.contains("EGL_KHR_partial_update")
        if extensions.contains("EGL_KHR_partial_update") {
            setDamageRegion = procedure("eglSetDamageRegionKHR", as: PFNEGLSETDAMAGEREGIONKHRPROC.self)
            support.partialUpdate = setDamageRegion != nil
        }
        if extensions.contains("EGL_KHR_swap_buffers_with_damage") {
            swapWithDamage = procedure("eglSwapBuffersWithDamageKHR", as: PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC.self)
        } else if extensions.contains("EGL_EXT_swap_buffers_with_damage") {
            swapWithDamage = procedure("eglSwapBuffersWithDamageEXT", as: PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC.self)
        }
        support.swapWithDamage = swapWithDamage != nil
        presentation = support
    }

    /// How many frames old the back buffer's contents are: 1 when it holds the last frame
    /// drawn (a preserved back buffer, or `EGL_EXT_buffer_age` says so), n when it holds the
    /// one n − 1 swaps before that, 0 when unknown (redraw everything). 0 when headless.
    public var backBufferAge: Int {
        guard let surface, (try? makeCurrent()) != nil else { return 0 }
        if presentation.preservedBackBuffer { return 1 }
        guard presentation.bufferAge else { return 0 }
        var age: EGLint = 0
        guard eglQuerySurface(display, surface, EGLint(EGL_BUFFER_AGE_EXT), &age) == EGL_TRUE else { return 0 }
        return Int(max(0, age))
    }

    /// With `EGL_KHR_partial_update`, tells EGL the only pixels the frame about to be drawn
    /// changes (rects with rows from the top, on a surface `height` pixels high); call it
    /// before drawing, after `backBufferAge`. Nothing without the extension.
    public func setDamageRegion(_ rects: [PixelRect], height: Int) {
        guard let setDamageRegion, let surface, !rects.isEmpty else { return }
        fill(rects, height: height)
        _ = eglRects.withUnsafeMutableBufferPointer {
            setDamageRegion(display, surface, $0.baseAddress, EGLint(rects.count))
        }
    }

    /// Makes the context current on the calling thread (cheap when it already is).
    ///
    /// - Throws `GLError.contextLost` when EGL reports the context lost.
    public func makeCurrent() throws {
        if eglGetCurrentContext() == context { return }
        guard !destroyed else { throw GLError(.contextLost, "the context was destroyed") }
        guard eglMakeCurrent(display, surface, surface, context) == EGL_TRUE else {
            let code = eglGetError()
            if code == EGL_CONTEXT_LOST { throw GLError(.contextLost, "eglMakeCurrent: EGL_CONTEXT_LOST") }
            throw GLError(.noEGL, "eglMakeCurrent failed: \(eglErrorName(code))")
        }
    }

    /// Releases the context from the calling thread, so another thread can make it current.
    public func releaseCurrent() {
        if eglGetCurrentContext() == context { eglMakeCurrent(display, nil, nil, nil) }
    }

    /// Frees the calling thread's EGL state (its current context, API and error), as a
    /// thread that made a context for another one does before it ends (`eglReleaseThread`).
    public static func releaseThread() { eglReleaseThread() }

    /// Sets how many vertical blanks `swapBuffers()` waits for: 1 (the default for windows)
    /// paces frames by vsync, 0 presents at once (benchmarks). Nothing when headless.
    public func setSwapInterval(_ interval: Int) {
        guard surface != nil, (try? makeCurrent()) != nil else { return }
        eglSwapInterval(display, EGLint(interval))
    }

    /// Presents the window's back buffer (waits for vsync); nothing when headless.
    ///
    /// - `damage`: the pixels that changed since the last swap (rects with rows from the top,
    ///   on a surface `height` pixels high); with swap-with-damage only those are presented.
    ///   Nil or empty: the whole surface.
    /// - Throws `GLError.contextLost` on `EGL_CONTEXT_LOST`, `.surface` on other failures.
    public func swapBuffers(damage: [PixelRect]? = nil, height: Int = 0) throws {
        guard let surface else { return }
        let swapped: EGLBoolean
        if let swapWithDamage, let damage, !damage.isEmpty {
            fill(damage, height: height)
            swapped = eglRects.withUnsafeBufferPointer {
                swapWithDamage(display, surface, $0.baseAddress, EGLint(damage.count))
            }
        } else {
            swapped = eglSwapBuffers(display, surface)
        }
        guard swapped == EGL_TRUE else {
            let code = eglGetError()
            if code == EGL_CONTEXT_LOST { throw GLError(.contextLost, "eglSwapBuffers: EGL_CONTEXT_LOST") }
            throw GLError(.surface, "eglSwapBuffers failed: \(eglErrorName(code))")
        }
    }

    /// `eglRects` = `rects` as EGL wants them: x, y, width, height with y from the bottom.
    private func fill(_ rects: [PixelRect], height: Int) {
        eglRects.removeAll(keepingCapacity: true)
        for r in rects {
            eglRects.append(EGLint(r.minX))
            eglRects.append(EGLint(height) - EGLint(r.maxY))
            eglRects.append(EGLint(r.width))
            eglRects.append(EGLint(r.height))
        }
    }

    /// The window surface's size in pixels, or nil when headless.
    public var surfaceSize: (width: Int, height: Int)? {
        guard let surface else { return nil }
        var w: EGLint = 0, h: EGLint = 0
        eglQuerySurface(display, surface, EGL_WIDTH, &w)
        eglQuerySurface(display, surface, EGL_HEIGHT, &h)
        return (Int(w), Int(h))
    }

    /// Throws `GLError.contextLost` when GL reports `GL_CONTEXT_LOST`; other pending GL errors
    /// are cleared and reported once each to standard error (they are bugs of the renderer).
    public func checkLost() throws {
        for _ in 0..<8 {
            let code = glGetError()
            if code == GLenum(GL_NO_ERROR) { return }
            if code == GLenum(GL_CONTEXT_LOST) { throw GLError(.contextLost, "glGetError: GL_CONTEXT_LOST") }
            Diagnostics.warnOnce("gl-error-\(code)", "GL error 0x\(String(code, radix: 16)) during a frame")
        }
    }

    // MARK: - Creation steps

    private static func platformDisplay(_ platform: EGLenum, native: UnsafeMutableRawPointer?) throws -> EGLDisplay {
        guard let get = procedure("eglGetPlatformDisplayEXT", as: PFNEGLGETPLATFORMDISPLAYEXTPROC.self) else {
            throw GLError(
                .noEGL, "EGL has no eglGetPlatformDisplayEXT (EGL_EXT_platform_base); install libegl1 and Mesa")
        }
        guard let display = get(platform, native, nil) else {
            throw GLError(
                .noEGL, "eglGetPlatformDisplayEXT(0x\(String(platform, radix: 16))) gave no display: \(eglErrorName())")
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else {
            throw GLError(.noEGL, "eglInitialize failed: \(eglErrorName())")
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_API)) == EGL_TRUE else {
            throw GLError(.noGL33, "eglBindAPI(EGL_OPENGL_API) failed: desktop OpenGL is not available")
        }
        return display
    }

    /// An RGB8 OpenGL window config, one whose back buffer can be preserved across swaps when
    /// there is one (then true).
    private static func chooseWindowConfig(_ display: EGLDisplay) throws -> (EGLConfig, Bool) {
        for preserved in [true, false] {
            let surfaceType = EGL_WINDOW_BIT | (preserved ? EGL_SWAP_BEHAVIOR_PRESERVED_BIT : 0)
            let attributes: [EGLint] = [
                EGL_SURFACE_TYPE, surfaceType, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 0, EGL_NONE,
            ]
            var config: EGLConfig?
            var count: EGLint = 0
            if eglChooseConfig(display, attributes, &config, 1, &count) == EGL_TRUE, count > 0, let config {
                return (config, preserved)
            }
        }
        throw GLError(.surface, "no EGL config for an RGB8 OpenGL window: \(eglErrorName())")
    }

    private static func makeContext(_ display: EGLDisplay, config: EGLConfig?) throws -> EGLContext {
        let attributes: [EGLint] = [
            EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE,
        ]
        guard let context = eglCreateContext(display, config, nil, attributes) else {
            throw GLError(.noGL33, "eglCreateContext(OpenGL 3.3 core) failed: \(eglErrorName())")
        }
        return context
    }

    private func checkVersion() throws {
        var major: GLint = 0, minor: GLint = 0, profile: GLint = 0
        glGetIntegerv(GLenum(GL_MAJOR_VERSION), &major)
        glGetIntegerv(GLenum(GL_MINOR_VERSION), &minor)
        glGetIntegerv(GLenum(GL_CONTEXT_PROFILE_MASK), &profile)
        rendererName = glString(GL_RENDERER)
        versionString = glString(GL_VERSION)
        guard major * 10 + minor >= 33, profile & GL_CONTEXT_CORE_PROFILE_BIT != 0 else {
            throw GLError(.noGL33, "need OpenGL 3.3 core, got \"\(versionString)\" (\(rendererName))")
        }
    }
}

/// The string GL gives for `name`, or "".
func glString(_ name: Int32) -> String {
    guard let p = glGetString(GLenum(name)) else { return "" }
    return String(cString: p)
}

/// An EGL extension entry point cast to its C function type, or nil.
private func procedure<F>(_ name: String, as type: F.Type) -> F? {
    guard let p = eglGetProcAddress(name) else { return nil }
    return unsafeBitCast(p, to: type)
}

/// The name of the current (or given) EGL error code.
func eglErrorName(_ code: EGLint = eglGetError()) -> String {
    let names: [EGLint: String] = [
        EGL_SUCCESS: "EGL_SUCCESS", EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED", EGL_BAD_ACCESS: "EGL_BAD_ACCESS",
        EGL_BAD_ALLOC: "EGL_BAD_ALLOC", EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE", EGL_BAD_CONFIG: "EGL_BAD_CONFIG",
        EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT", EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY", EGL_BAD_MATCH: "EGL_BAD_MATCH",
        EGL_BAD_NATIVE_WINDOW: "EGL_BAD_NATIVE_WINDOW", EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER",
        EGL_BAD_SURFACE: "EGL_BAD_SURFACE", EGL_CONTEXT_LOST: "EGL_CONTEXT_LOST",
    ]
    return names[code] ?? "EGL error 0x\(String(code, radix: 16))"
}

/// What a window surface offers for redrawing and presenting only what changed.
public struct PresentationSupport: Equatable, Sendable, CustomStringConvertible {
    /// The back buffer keeps the last frame across swaps (`EGL_BUFFER_PRESERVED`).
    public var preservedBackBuffer = false
    /// `EGL_EXT_buffer_age` (or `EGL_KHR_partial_update`): EGL says how old the back buffer is.
    public var bufferAge = false
    /// `EGL_KHR_partial_update`: the damaged region is declared before drawing.
    public var partialUpdate = false
    /// `EGL_KHR_swap_buffers_with_damage` or `EGL_EXT_swap_buffers_with_damage`: only the
    /// damaged pixels are presented.
    public var swapWithDamage = false

    /// Nothing.
    public init() {}

    /// The four, each with yes or no.
    public var description: String {
        func yn(_ b: Bool) -> String { b ? "yes" : "no" }
        return "preserved back buffer \(yn(preservedBackBuffer)), buffer age \(yn(bufferAge)), "
            + "partial update \(yn(partialUpdate)), swap with damage \(yn(swapWithDamage))"
    }
}
