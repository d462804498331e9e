/// The EGL display and OpenGL 3.3 core context the renderer draws with: headless
/// (EGL's surfaceless platform, rendering into framebuffer objects) or on an X11 window.
///
/// This file knows EGL only; it does not open X11 connections or windows (the host does)
/// and draws nothing.
import CEGL
import COpenGL
import Foundation

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
    /// Whether the context draws into framebuffer objects only (no window).
    public var isHeadless: Bool { surface == nil }
    /// `GL_RENDERER` (e.g. "llvmpipe (LLVM 15.0.6, 256 bits)").
    public private(set) var rendererName = ""
    /// `GL_VERSION`.
    public private(set) var versionString = ""

    private init(display: EGLDisplay, context: EGLContext, surface: EGLSurface?) {
        self.display = display
        self.context = context
        self.surface = surface
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
    }

    /// A headless context: EGL surfaceless platform, OpenGL 3.3 core, made current.
    ///
    /// - Throws `GLError.noEGL` when there is no EGL or no surfaceless platform, `.noGL33`
    ///   when the driver gives no 3.3 core context.
    public static func headless() throws -> GLContext {
        let display = try platformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), native: nil)
        let context = try makeContext(display, config: nil)
        let result = GLContext(display: display, context: context, surface: nil)
        try result.makeCurrent()
        try result.checkVersion()
        return result
    }

    /// A context on an X11 window: `nativeDisplay` is the host's `Display*`, `nativeWindow`
    /// its `Window`. Swap interval 1 (vsync); made current.
    ///
    /// - Throws `GLError.noEGL`, `.noGL33`, or `.surface` when no window surface can be made.
    public static func window(nativeDisplay: OpaquePointer, nativeWindow: UInt) throws -> GLContext {
        let display = try platformDisplay(EGLenum(EGL_PLATFORM_X11_KHR), native: UnsafeMutableRawPointer(nativeDisplay))
        let config = try chooseWindowConfig(display)
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
        return result
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

    /// Sets how many vertical blanks `swapBuffers()` waits for: 1 (the default for windows)
    /// paces frames by vsync, 0 presents at once (benchmarks). Nothing when headless.
    public func setSwapInterval(_ interval: Int) {
        guard surface != nil, (try? makeCurrent()) != nil else { return }
        eglSwapInterval(display, EGLint(interval))
    }

    /// Presents the window's back buffer (waits for vsync); nothing when headless.
    ///
    /// - Throws `GLError.contextLost` on `EGL_CONTEXT_LOST`, `.surface` on other failures.
    public func swapBuffers() throws {
        guard let surface else { return }
        guard eglSwapBuffers(display, surface) == EGL_TRUE else {
            let code = eglGetError()
            if code == EGL_CONTEXT_LOST { throw GLError(.contextLost, "eglSwapBuffers: EGL_CONTEXT_LOST") }
            throw GLError(.surface, "eglSwapBuffers failed: \(eglErrorName(code))")
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

    private static func chooseWindowConfig(_ display: EGLDisplay) throws -> EGLConfig {
        let attributes: [EGLint] = [
            EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
            EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 0, EGL_NONE,
        ]
        var config: EGLConfig?
        var count: EGLint = 0
        guard eglChooseConfig(display, attributes, &config, 1, &count) == EGL_TRUE, count > 0, let config else {
            throw GLError(.surface, "no EGL config for an RGB8 OpenGL window: \(eglErrorName())")
        }
        return config
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
