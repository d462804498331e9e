import Foundation

/// A child process whose standard output and error go to files, read after it exits:
/// Foundation's FileHandle reads of a pipe trap when a signal interrupts them (EINTR), which
/// the other tests' child processes cause.
final class Subprocess {
    let process = Process()
    private let outURL: URL
    private let errURL: URL

    init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("glayers-test-\(UUID().uuidString)")
        outURL = base.appendingPathExtension("out")
        errURL = base.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
    }

    var isRunning: Bool { process.isRunning }
    var status: Int32 { process.terminationStatus }
    var exitedNormally: Bool { process.terminationReason == .exit }
    var stdout: String { String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self) }
    var stderr: String { String(decoding: (try? Data(contentsOf: errURL)) ?? Data(), as: UTF8.self) }
    var stdoutData: Data { (try? Data(contentsOf: outURL)) ?? Data() }

    /// Waits for the exit (at most `timeout` seconds; then the process is killed).
    @discardableResult
    func wait(timeout: Double = 120) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return false
        }
        process.waitUntilExit()
        return true
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
    }
}
