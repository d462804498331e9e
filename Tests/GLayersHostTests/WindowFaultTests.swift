/// The window host when things go wrong around it (issue #14): the X server going away,
/// another client destroying the window, SIGQUIT, no display. Each ends the program cleanly,
/// with a status that says why, and never hangs.
import CX11
import Foundation
import GLayersScene
import Testing

extension KioskWindowTests {
    /// Inside `KioskWindowTests`, which runs serialized: windows are found by title, and two
    /// kiosks on one display at once would be confused.
    @Suite struct WindowFaultTests {
        static let kiosk = TestEnvironment.packageRoot.appendingPathComponent("samples/kiosk.json")

        /// `glayers` showing the kiosk on `display`, with its window id.
        func kiosk(on display: TestDisplay) throws -> (Subprocess, UInt) {
            guard let glayers = TestEnvironment.glayers else {
                throw HarnessError("the glayers executable is not built")
            }
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = display.name
            let process = try Subprocess(glayers, [Self.kiosk.path, "--size", "400x300"], environment: environment)
            let window = try display.window(titled: try Scene.load(contentsOf: Self.kiosk).name, of: process)
            return (process, window)
        }

        @Test func theXServerGoingAwayEndsTheProgram() throws {
            let display = try TestDisplay.startPrivate()
            let (process, _) = try kiosk(on: display)
            // The pulse animates: the program is drawing frames when the server dies.
            usleep(300_000)
            display.server?.interrupt()
            kill(display.server?.processIdentifier ?? 0, SIGKILL)
            let ended = process.wait(timeout: 10)
            #expect(ended, "glayers kept running after the X server died: \(process.endReport)")
            #expect(process.exitedNormally && process.status == 1, "\(process.endReport)")
            #expect(process.stderr.contains("X server"), "\(process.stderr)")
        }

        @Test func anotherClientClosingTheWindowEndsTheProgram() throws {
            let display = try TestDisplay.shared.get()
            let (process, window) = try kiosk(on: display)
            try display.run("xdotool", ["windowclose", String(window)])
            let ended = process.wait(timeout: 10)
            #expect(ended, "glayers kept running without its window: \(process.endReport)")
            #expect(process.exitedNormally && process.status == 0, "\(process.endReport)")
        }

        /// A server without MIT-SHM (as a remote display is to the shm path): the window presents
        /// with EGL, silently unless shm was asked for (`GLAYERS_PRESENT=shm`: one warning), and
        /// shows the kiosk.
        @Test(arguments: [false, true]) func withoutMITSHMTheWindowPresentsWithEGL(forced: Bool) throws {
            let display = try TestDisplay.startPrivate(arguments: ["-extension", "MIT-SHM"])
            defer {
                // Killed (the server, started by Foundation, inherits blocked signals: SIGTERM
                // waits) and waited for: until its end is delivered, Foundation keeps a source in
                // this thread's run loop, which later tests on this thread turn.
                if let server = display.server {
                    kill(server.processIdentifier, SIGKILL)
                    server.waitUntilExit()
                }
            }
            guard let glayers = TestEnvironment.glayers else {
                throw HarnessError("the glayers executable is not built")
            }
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = display.name
            environment["GLAYERS_PRESENT"] = forced ? "shm" : nil
            let process = try Subprocess(
                glayers, [Self.kiosk.path, "--size", "400x300", "--show-damage"], environment: environment)
            let window = try display.window(titled: try Scene.load(contentsOf: Self.kiosk).name, of: process)
            // The kiosk's white item titles on black: wait for a frame that shows some.
            var lit = 0
            for _ in 0..<50 where lit == 0 {
                let image = try display.grab(window)
                lit = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0 + 1] > 200 }.count
                if lit == 0 { usleep(100_000) }
            }
            #expect(lit > 0, "the window showed nothing")
            try display.sendDeleteWindow(to: window)
            #expect(process.wait(timeout: 10), "glayers did not quit: \(process.endReport)")
            let stderr = process.stderr
            #expect(stderr.contains("present: egl"), "\(stderr)")
            #expect(stderr.contains("cannot present with MIT-SHM") == forced, "\(stderr)")
        }

        @Test func sigquitEndsTheProgram() throws {
            let display = try TestDisplay.shared.get()
            let (process, _) = try kiosk(on: display)
            process.send(SIGQUIT)
            let ended = process.wait(timeout: 10)
            #expect(ended, "glayers kept running after SIGQUIT: \(process.endReport)")
            #expect(process.exitedNormally && process.status == 131, "\(process.endReport)")
        }

        @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
        func terminationSignalsEndTheProgram(_ signal: Int32) throws {
            let display = try TestDisplay.shared.get()
            let (process, _) = try kiosk(on: display)
            process.send(signal)
            #expect(process.wait(timeout: 10), "glayers kept running after signal \(signal): \(process.endReport)")
            #expect(!process.isRunning)
        }

        @Test func aDisplayThatDoesNotExistIsAClearError() throws {
            guard let glayers = TestEnvironment.glayers else {
                throw HarnessError("the glayers executable is not built")
            }
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = ":987"
            let process = try Subprocess(glayers, [Self.kiosk.path], environment: environment)
            #expect(process.wait(timeout: 10))
            #expect(process.exitedNormally && process.status == 2, "\(process.endReport)")
            #expect(process.stderr.contains("cannot open X11 display \":987\""), "\(process.stderr)")
        }
    }
}
