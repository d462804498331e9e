/// The MIT-SHM present path (#13): a window whose frames are drawn offscreen and whose damaged
/// rects are put with `XShmPutImage` shows, frame after frame, after exposes and after a
/// resize, exactly what a headless full redraw of the same frame draws (the window's pixels
/// read back from the X server with `XGetImage`).
import CX11
import Foundation
import GLayers
import GLayersHost
import GLayersTestSupport
import Testing

@Suite(.serialized, .mediaClock) struct ShmPresentTests {
    @Test func softwareRenderersPreferShm() {
        #expect(PresentPath.preferred(forRenderer: "llvmpipe (LLVM 15.0.6, 256 bits)") == .shm)
        #expect(PresentPath.preferred(forRenderer: "softpipe") == .shm)
        #expect(PresentPath.preferred(forRenderer: "Mesa Intel(R) UHD Graphics 620 (KBL GT2)") == .egl)
    }

    /// A random scene (`RandomScene`, of the damage tests) in a window on the shm path, and the
    /// same scene built again from the same seed drawn headless in full; the window's pixels
    /// must be the headless ones, byte for byte (red, green and blue: the window keeps no
    /// alpha), after every frame, after an unmap and map, after a window covering part of it
    /// goes away (both answered from the kept image, without drawing) and after a resize.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil), arguments: [UInt64(201), 202])
    func windowShowsWhatAFullRedrawDraws(seed: UInt64) throws {
        defer { CAMediaClock.useSystemTime() }
        CAMediaClock.useManualTime(0)
        let size = CGSize(width: 200, height: 150)
        let twins = SceneTwins(seed: seed, size: size)
        let (shown, reference) = (twins.shown, twins.reference)
        let host = try window("glayers shm \(seed)", size: size, path: .shm)
        let live = CALayerHost(rootLayer: shown.root)
        defer { live.detach() }
        let headless = try fullRedraw(of: reference, size: size)
        let d = host.window.display, w = host.window.window

        var partial = 0
        func frame(_ n: Int) throws {
            let t = twins.advance(to: n)
            try host.drawFrame(shown.root, at: t, background: shown.background)
            let stats = host.driver.renderer.stats
            if stats.redrawnPixels > 0 && stats.redrawnPixels < host.window.width * host.window.height {
                partial += 1
            }
            _ = try headless.render(reference.root, at: t)
            try expectSame(host, headless, "seed \(seed), frame \(n)")
        }
        for n in 0..<12 { try frame(n) }
        #expect(partial >= 3, "seed \(seed): only \(partial) frames were presented in part")

        // Unmapped and mapped again: the server clears the window and exposes all of it.
        XUnmapWindow(d, w)
        XMapWindow(d, w)
        try answerExpose(host, headless)
        try expectSame(host, headless, "seed \(seed), after unmap and map")

        // A window over part of it, gone again: that part is exposed.
        let cover = XCreateSimpleWindow(
            d, glayers_root_window(d, glayers_default_screen(d)), 1030, 820, 90, 60, 0, 0, 0xFF_FFFF)
        XMapRaised(d, cover)
        XSync(d, 0)
        XDestroyWindow(d, cover)
        try answerExpose(host, headless)
        try expectSame(host, headless, "seed \(seed), after a covering window went away")
        for n in 12..<16 { try frame(n) }

        // Resized: the image is made again at the new size.
        XResizeWindow(d, w, 240, 170)
        XSync(d, 0)
        let events = host.window.pendingEvents()
        #expect(events.contains(.resize(width: 240, height: 170)))
        headless.size = CGSize(width: 240, height: 170)
        for n in 16..<20 { try frame(n) }
    }

    /// Pipelined (#21): frames submitted to the window's render thread, which draws and
    /// presents each while the next is built, show what a headless full redraw of the last one
    /// draws, on either present path; so does the frame after an expose answered while a frame
    /// is in flight (the expose waits for it: the shm image and the renderer are the render
    /// thread's until then).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil), arguments: [PresentPath.shm, .egl])
    func pipelinedFramesShowWhatAFullRedrawDraws(path: PresentPath) throws {
        defer { CAMediaClock.useSystemTime() }
        CAMediaClock.useManualTime(0)
        let size = CGSize(width: 200, height: 150)
        let twins = SceneTwins(seed: 203, size: size)
        let (shown, reference) = (twins.shown, twins.reference)
        let host = try window("glayers pipelined \(path)", size: size, path: path, threads: 2)
        let live = CALayerHost(rootLayer: shown.root)
        defer { live.detach() }
        let headless = try fullRedraw(of: reference, size: size)
        let d = host.window.display, w = host.window.window

        func submit(_ n: Int) throws {
            let t = twins.advance(to: n)
            try host.submitFrame(shown.root, at: t, background: shown.background)
            _ = try headless.render(reference.root, at: t)
        }
        for n in 0..<10 { try submit(n) }
        try host.driver.finish()
        #expect(host.driver.hasRenderThread)
        try expectSame(host, headless, "\(path), after 10 pipelined frames")

        XUnmapWindow(d, w)
        XMapWindow(d, w)
        XSync(d, 0)
        try submit(10)
        try waitForExpose(host)
        host.windowWasExposed()
        try submit(11)
        try host.driver.finish()
        try expectSame(host, headless, "\(path), after an expose answered while a frame was in flight")
    }

    /// Waits for the expose that the last request caused, checks that the window lost its
    /// pixels, and lets the host put them again.
    private func answerExpose(_ host: WindowHost, _ headless: HeadlessRenderer) throws {
        XSync(host.window.display, 0)
        try waitForExpose(host)
        #expect(try differences(host, headless).count > 0, "the window kept its pixels: nothing was exposed")
        host.windowWasExposed()
    }

    /// A headless renderer that draws every frame of `scene` in full, to compare windows with.
    private func fullRedraw(of scene: RandomScene, size: CGSize) throws -> HeadlessRenderer {
        let headless = try HeadlessRenderer(size: size, scale: 1, background: scene.background)
        headless.driver.renderer.debug.disableDamage = true
        return headless
    }

    /// Waits until the window's events include an expose.
    private func waitForExpose(_ host: WindowHost) throws {
        var exposed = false
        for _ in 0..<100 where !exposed {
            exposed = host.window.pendingEvents().contains(.expose)
            if !exposed { usleep(20_000) }
        }
        try #require(exposed, "no expose arrived")
    }

    /// A window of `size` points at scale 1 presenting through `path`, made with `threads`
    /// threads (nil: the default), moved away from the corner where other tests' windows open.
    private func window(_ title: String, size: CGSize, path: PresentPath, threads: Int? = nil) throws -> WindowHost {
        var options = WindowOptions()
        options.size = size
        options.scale = 1
        options.title = title
        options.presentPath = path
        options.threads = threads
        let host = try WindowHost(options: options)
        try #require(host.presentPath == path, "the \(path) path was not taken (see the warning above)")
        XMoveWindow(host.window.display, host.window.window, 1000, 800)
        XSync(host.window.display, 0)
        _ = host.window.pendingEvents()
        return host
    }

    /// Expects the window's pixels (read back from the server) to be the headless frame's.
    private func expectSame(_ host: WindowHost, _ headless: HeadlessRenderer, _ what: String) throws {
        let (differing, first) = try differences(host, headless)
        #expect(differing == 0, "\(what): \(differing) pixels differ from a full headless redraw; \(first)")
    }

    /// How many of the window's pixels (read back from the server) differ from the headless
    /// frame's in red, green or blue, and the first of them.
    private func differences(_ host: WindowHost, _ headless: HeadlessRenderer) throws -> (count: Int, first: String) {
        let d = host.window.display, w = host.window.window
        let width = host.window.width, height = host.window.height
        XRaiseWindow(d, w)
        XSync(d, 0)
        let expected = headless.driver.renderer.readPixels()
        try #require(expected.count == width * height * 4, "the headless frame has another size")
        guard let image = XGetImage(d, w, 0, 0, UInt32(width), UInt32(height), UInt.max, ZPixmap) else {
            throw HarnessError("XGetImage of the window failed")
        }
        defer { _ = glayers_destroy_image(image) }
        try #require(image.pointee.bits_per_pixel == 32 && image.pointee.byte_order == LSBFirst)
        let bytesPerRow = Int(image.pointee.bytes_per_line)
        let data = UnsafeRawPointer(try #require(image.pointee.data))
        var differing = 0, first = ""
        for y in 0..<height {
            let row = data + y * bytesPerRow
            for x in 0..<width {
                let p = row + x * 4, e = (y * width + x) * 4
                let got = (
                    p.load(fromByteOffset: 2, as: UInt8.self), p.load(fromByteOffset: 1, as: UInt8.self),
                    p.load(as: UInt8.self)
                )
                let want = (expected[e], expected[e + 1], expected[e + 2])
                if got != want {
                    if differing == 0 { first = "(\(x), \(y)) is \(got) instead of \(want)" }
                    differing += 1
                }
            }
        }
        return (differing, first)
    }
}

/// A random scene shown in a window, and the same scene built again from the same seed for a
/// headless full redraw; both changed alike frame after frame.
final class SceneTwins {
    let shown: RandomScene
    let reference: RandomScene
    private var t = 0.0

    init(seed: UInt64, size: CGSize) {
        shown = RandomScene(seed: seed, size: size)
        reference = RandomScene(seed: seed, size: size)
    }

    /// Moves the manual clock 1/30 s on, makes frame `n`'s changes to both, and returns the time.
    func advance(to n: Int) -> CFTimeInterval {
        t += 1.0 / 30
        CAMediaClock.setTime(t)
        shown.mutate(frame: n)
        reference.mutate(frame: n)
        return t
    }
}
