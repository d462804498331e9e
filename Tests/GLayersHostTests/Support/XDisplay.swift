/// What window tests need around them: an X display (the one `make test`'s xvfb-run gives,
/// else a private Xvfb started here), the built `glayers` command, and small X11 helpers.
import CX11
import Foundation
import GLayersGraphics

enum TestEnvironment {
    /// The package's root folder (tests run the samples from it).
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// The `glayers` executable built next to the test bundle (`swift build --build-tests`
    /// builds it too).
    static var glayers: URL? { executable("glayers") }

    /// The package's executable `name` built next to the test bundle, or in `.build/debug`.
    static func executable(_ name: String) -> URL? {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = dir.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir.deleteLastPathComponent()
        }
        let fallback = packageRoot.appendingPathComponent(".build/debug").appendingPathComponent(name)
        return FileManager.default.isExecutableFile(atPath: fallback.path) ? fallback : nil
    }

    /// A program on PATH.
    static func which(_ name: String) -> URL? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let url = URL(fileURLWithPath: String(dir)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }
}

/// Errors of the harness itself (not of glayers).
struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// An X display for window tests: `$DISPLAY` when set, else a private Xvfb for the process.
final class TestDisplay {
    static let shared: Result<TestDisplay, HarnessError> = {
        if let name = ProcessInfo.processInfo.environment["DISPLAY"], !name.isEmpty {
            return .success(TestDisplay(name: name, server: nil))
        }
        do {
            let display = try startPrivate(terminate: true)
            return .success(display)
        } catch let error as HarnessError {
            return .failure(error)
        } catch {
            return .failure(HarnessError("\(error)"))
        }
    }()

    /// A new Xvfb of its own (for tests that kill the server, or need it started otherwise).
    /// - `terminate`: the server ends when its last client leaves; the shared display keeps one
    ///   connection open until the tests exit, so that server never outlives them.
    /// - `arguments`: more of Xvfb's options (`-extension MIT-SHM` leaves that extension out).
    static func startPrivate(terminate: Bool = false, arguments: [String] = []) throws -> TestDisplay {
        guard let xvfb = TestEnvironment.which("Xvfb") else {
            throw HarnessError(
                "window tests need an X display: no $DISPLAY and no Xvfb (run `make test`, which installs it)")
        }
        for number in 90..<160 where !displayIsTaken(number) {
            let server = Process()
            server.executableURL = xvfb
            server.arguments =
                [":\(number)", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"] + (terminate ? ["-terminate"] : [])
                + arguments
            server.standardOutput = FileHandle.nullDevice
            server.standardError = FileHandle.nullDevice
            guard (try? server.run()) != nil else { continue }
            let name = ":\(number)"
            for _ in 0..<100 {
                if let d = XOpenDisplay(name) {
                    if terminate { keepAlive = d } else { XCloseDisplay(d) }
                    return TestDisplay(name: name, server: server)
                }
                usleep(50_000)
            }
            server.terminate()
        }
        throw HarnessError("could not start Xvfb")
    }

    /// Whether a running X server holds display `number`: its lock file names a live process.
    /// (A server killed with SIGKILL, as the fault tests do, leaves its lock behind; the next
    /// server on that number removes a stale lock itself.)
    private static func displayIsTaken(_ number: Int) -> Bool {
        guard let text = try? String(contentsOfFile: "/tmp/.X\(number)-lock", encoding: .ascii) else { return false }
        guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0 else { return true }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// The connection that keeps a private server alive.
    nonisolated(unsafe) private static var keepAlive: OpaquePointer?

    let name: String
    let server: Process?
    private init(name: String, server: Process?) {
        self.name = name
        self.server = server
    }

    /// Runs a helper program (xdotool, import) on this display; returns its standard output.
    @discardableResult
    func run(_ program: String, _ arguments: [String]) throws -> Data {
        guard let url = TestEnvironment.which(program) else {
            throw HarnessError("\(program) is not installed (make test-deps)")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = name
        let child = try Subprocess(url, arguments, environment: environment)
        let command = "\(program) \(arguments.joined(separator: " "))"
        guard child.wait(timeout: 30) else { throw HarnessError("\(command) did not finish within 30 s") }
        guard child.exitedNormally && child.status == 0 else { throw HarnessError("\(command): \(child.endReport)") }
        return child.stdoutData
    }

    /// The id of the first window whose title is `title`, opened by `owner`: waits up to
    /// `timeout` seconds, and gives up as soon as `owner` exits, saying how and what it printed.
    /// When the time runs out, the error says what the last search answered and what state
    /// `owner` is in (running, or blocked and where), with its standard error.
    func window(titled title: String, of owner: Subprocess, timeout: Double = 20) throws -> UInt {
        let deadline = Date().addingTimeInterval(timeout)
        var lastSearch = "no search ran"
        while Date() < deadline {
            let running = owner.isRunning
            do {
                let data = try run(
                    "xdotool", ["search", "--name", "^\(NSRegularExpression.escapedPattern(for: title))$"])
                if let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first, let id = UInt(line) {
                    return id
                }
                lastSearch = "xdotool found no such window"
            } catch {
                lastSearch = "\(error)"  // xdotool exits with 1 when nothing matches
            }
            if !running { throw HarnessError("no window titled \"\(title)\" appeared: \(owner.endReport)") }
            usleep(100_000)
        }
        throw HarnessError(
            "no window titled \"\(title)\" appeared within \(timeout) s (last search: \(lastSearch)); \(owner.name) is \(owner.runState) and printed:\n\(owner.stderr)"
        )
    }

    /// The window's pixels, grabbed with ImageMagick's `import`.
    func grab(_ window: UInt) throws -> CGImage {
        let data = try run("import", ["-window", String(window), "png:-"])
        return try CGImage.decode(data: data, name: "import -window \(window)")
    }

    /// Asks the window to close the way a window manager does: a `WM_PROTOCOLS` client message
    /// carrying `WM_DELETE_WINDOW`.
    func sendDeleteWindow(to window: UInt) throws {
        guard let d = XOpenDisplay(name) else { throw HarnessError("cannot open display \(name)") }
        defer { XCloseDisplay(d) }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = XInternAtom(d, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(d, "WM_DELETE_WINDOW", 0))
        event.xclient.data.l.1 = Int(CurrentTime)
        XSendEvent(d, window, 0, NoEventMask, &event)
        XFlush(d)
    }
}
