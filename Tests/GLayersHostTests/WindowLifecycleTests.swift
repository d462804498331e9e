import Foundation
import GLayers
import GLayersHost
import GLayersTestSupport
import Testing

/// Windows opened and closed one after another in one process, as an application that opens a
/// window per document does.
@Suite(.serialized, .mediaClock) struct WindowLifecycleTests {
    /// Each window draws and presents: closing one terminates its EGL display, so the next X
    /// connection (often at the same address) does not inherit its state. Before, about one run
    /// in five crashed (this test: one run in three with 12 windows) in `eglCreatePlatformWindowSurfaceEXT`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil))
    func windowsOneAfterAnotherEachDraw() throws {
        defer { CAMediaClock.useSystemTime() }
        CAMediaClock.useManualTime(0)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        root.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
        for i in 0..<24 {
            var options = WindowOptions()
            options.size = CGSize(width: 64, height: 48)
            options.scale = 1
            options.title = "glayers lifecycle \(i)"
            let window = try WindowHost(options: options)
            // `make test` runs the window suites a second time with GLAYERS_PRESENT=egl: the
            // forced path is the one taken.
            if let forced = PresentPath.fromEnvironment { #expect(window.presentPath == forced) }
            let driver = window.driver
            driver.context.setSwapInterval(0)
            _ = window.window.pendingEvents()
            driver.drawFrame(root, at: Double(i) / 60, size: options.size, scale: 1, background: nil, target: .window)
            if let error = driver.renderer.lastError { throw error }
            try driver.present()
        }
    }
}
