/// The window path (EGL on X11): runs only when `DISPLAY` is set (e.g. under `xvfb-run`).
/// Xlib is loaded with dlopen, so the test target needs no X11 module.
import Foundation
import GLayersGL
import GLayersGraphics
import GLayersRenderList
import Testing

/// The few Xlib calls the test needs.
private struct Xlib {
    typealias OpenDisplay = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    typealias DefaultScreen = @convention(c) (OpaquePointer) -> Int32
    typealias RootWindow = @convention(c) (OpaquePointer, Int32) -> UInt
    typealias CreateSimpleWindow =
        @convention(c) (OpaquePointer, UInt, Int32, Int32, UInt32, UInt32, UInt32, UInt, UInt) -> UInt
    typealias WindowCall = @convention(c) (OpaquePointer, UInt) -> Int32
    typealias Sync = @convention(c) (OpaquePointer, Int32) -> Int32
    typealias CloseDisplay = @convention(c) (OpaquePointer) -> Int32

    let open: OpenDisplay, screen: DefaultScreen, root: RootWindow, create: CreateSimpleWindow
    let map: WindowCall, destroy: WindowCall, sync: Sync, close: CloseDisplay

    init?() {
        guard let lib = dlopen("libX11.so.6", RTLD_NOW) else { return nil }
        func load<T>(_ name: String, _: T.Type) -> T? { dlsym(lib, name).map { unsafeBitCast($0, to: T.self) } }
        guard let open = load("XOpenDisplay", OpenDisplay.self),
            let screen = load("XDefaultScreen", DefaultScreen.self),
            let root = load("XRootWindow", RootWindow.self),
            let create = load("XCreateSimpleWindow", CreateSimpleWindow.self),
            let map = load("XMapWindow", WindowCall.self), let destroy = load("XDestroyWindow", WindowCall.self),
            let sync = load("XSync", Sync.self), let close = load("XCloseDisplay", CloseDisplay.self)
        else { return nil }
        (self.open, self.screen, self.root, self.create) = (open, screen, root, create)
        (self.map, self.destroy, self.sync, self.close) = (map, destroy, sync, close)
    }
}

@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil))
struct WindowContextTests {
    /// R7: a frame drawn into the window reads back byte-identical to the same frame drawn
    /// offscreen; presenting works.
    @Test func windowAndOffscreenFramesAreIdentical() throws {
        let x = try #require(Xlib(), "libX11.so.6 not loadable")
        let display = try #require(x.open(nil), "cannot open DISPLAY")
        defer { _ = x.close(display) }
        let window = x.create(display, x.root(display, x.screen(display)), 0, 0, 96, 64, 0, 0, 0)
        defer { _ = x.destroy(display, window) }
        _ = x.map(display, window)
        _ = x.sync(display, 0)

        let context = try GLContext.window(nativeDisplay: display, nativeWindow: window)
        defer { context.releaseCurrent() }
        #expect(!context.isHeadless)
        let renderer = try Renderer(context: context)
        let b = ListBuilder(width: 96, height: 64, clear: .rgba(0.9, 0.9, 0.8))
        b.screen([
            DrawItem(
                transform: .layer(
                    size: 50, 30, at: 48, 32, transform: .rotate(0.4, 0.2, 0.1, 1), perspective: 150, about: 48, 32),
                rect: Rect(0, 0, 50, 30), background: .blue, cornerRadius: 8, borderWidth: 2, borderColor: .red)
        ])
        renderer.render(b.list, to: .window)
        let onScreen = try renderer.readImage()
        try context.swapBuffers()
        renderer.render(b.list, to: .offscreen)
        let offscreen = try renderer.readImage()
        #expect(renderer.lastError == nil)
        #expect(ImageComparison(onScreen, offscreen, tolerance: .exact).matches)
        #expect(onScreen.pixel(x: 48, y: 32).map { $0.b > 200 } == true)
    }
}
