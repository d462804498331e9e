import Foundation

/// A child process started with `posix_spawn`, its standard output and error going to files
/// that are read after it exits, and its standard input from /dev/null.
///
/// Not Foundation's `Process`, for two reasons:
/// - A child spawned by `Process` inherits the signal mask of the spawning thread, and the
///   test runner's threads block SIGINT, SIGQUIT and SIGTERM: such a child cannot be stopped
///   by `terminate()`, and outlives a failed test. This child starts with no signal blocked
///   and every signal at its default action, as it would from a shell.
/// - Foundation's FileHandle reads of a pipe trap when a signal interrupts them (EINTR), which
///   the other tests' child processes cause; files do not.
final class Subprocess {
    /// The program's file name.
    let name: String
    /// The process id.
    let pid: pid_t
    private let outURL: URL
    private let errURL: URL
    /// The `waitpid` status, once the child has been reaped.
    private var waitStatus: Int32?

    init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil) throws {
        name = executable.lastPathComponent
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("glayers-test-\(UUID().uuidString)")
        outURL = base.appendingPathExtension("out")
        errURL = base.appendingPathExtension("err")

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let fileMode = O_WRONLY | O_CREAT | O_TRUNC
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outURL.path, fileMode, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errURL.path, fileMode, 0o600)
        if let directory {
            guard let addChdir = Self.addChdir else {
                throw HarnessError("this C library cannot set a child's directory")
            }
            addChdir(&actions, directory.path)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = [executable.path] + arguments
        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var child: pid_t = 0
        let result = Self.withCStrings(argv) { argvPointers in
            Self.withCStrings(env) { envPointers in
                posix_spawn(&child, executable.path, &actions, &attributes, argvPointers, envPointers)
            }
        }
        guard result == 0 else {
            throw HarnessError("cannot start \(executable.path): \(String(cString: strerror(result)))")
        }
        pid = child
    }

    private typealias AddChdir =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which Swift's Glibc
    /// module does not declare.
    private static let addChdir = dlsym(nil, "posix_spawn_file_actions_addchdir_np").map {
        unsafeBitCast($0, to: AddChdir.self)
    }

    /// Calls `body` with a null-terminated array of C strings for `strings`.
    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }

    /// Reaps the child if it has exited (`block`: waits for it to).
    private func reap(block: Bool) {
        guard waitStatus == nil else { return }
        var status: Int32 = 0
        var r: pid_t
        repeat { r = waitpid(pid, &status, block ? 0 : WNOHANG) } while r == -1 && errno == EINTR
        if r == pid {
            waitStatus = status
        } else if r == -1 && errno == ECHILD {
            waitStatus = Self.reapedElsewhere  // gone, but another waitpid took its status
        }
    }

    /// The `waitStatus` of a child whose status someone else collected.
    private static let reapedElsewhere: Int32 = -1

    var isRunning: Bool {
        reap(block: false)
        return waitStatus == nil
    }

    /// The exit status, or the signal that ended it (see `exitedNormally`); -1 while running.
    var status: Int32 {
        reap(block: false)
        guard let s = waitStatus, s != Self.reapedElsewhere else { return -1 }
        return s & 0x7f == 0 ? (s >> 8) & 0xff : s & 0x7f
    }

    /// Whether it exited (rather than being ended by a signal).
    var exitedNormally: Bool {
        reap(block: false)
        return waitStatus.map { $0 != Self.reapedElsewhere && $0 & 0x7f == 0 } ?? false
    }

    /// How it ended: "status N" or "signal N" (call after it exited).
    var exitDescription: String {
        if isRunning { return "still running" }
        if waitStatus == Self.reapedElsewhere { return "status unknown: collected by another waitpid" }
        return "\(exitedNormally ? "status" : "signal") \(status)"
    }

    /// How the child ended and what it printed on standard error, for errors about it.
    var endReport: String { "\(name) exited (\(exitDescription)); its standard error:\n\(stderr)" }

    /// What the kernel says the child is doing: its state letter and the kernel function it
    /// sleeps in ("R", "S in do_poll", "D in …"), for errors about a child that hangs.
    var runState: String {
        guard isRunning else { return exitDescription }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        // The state follows the command name, which is in parentheses and may hold spaces.
        let state = stat.split(separator: ")").last?.split(separator: " ").first.map(String.init) ?? "?"
        let wchan = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? ""
        return "running (state \(state)\(wchan.isEmpty || wchan == "0" ? "" : " in \(wchan)"))"
    }

    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
    var stderr: String { String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self) }
    var stdoutData: Data { (try? Data(contentsOf: outURL)) ?? Data() }

    /// Sends `signal` to the child, if it still runs.
    func send(_ signal: Int32) {
        if isRunning { kill(pid, signal) }
    }

    /// Waits for the exit (at most `timeout` seconds; then the process is sent SIGTERM, and
    /// SIGKILL if it is still there a second later). Returns whether it exited by itself.
    @discardableResult
    func wait(timeout: Double = 120) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while isRunning && Date() < deadline { usleep(20_000) }
        guard isRunning else { return true }
        stop()
        return false
    }

    /// Ends the child: SIGTERM, then SIGKILL after a second; reaps it.
    private func stop() {
        send(SIGTERM)
        let deadline = Date().addingTimeInterval(1)
        while isRunning && Date() < deadline { usleep(10_000) }
        send(SIGKILL)
        reap(block: true)
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
    }
}
