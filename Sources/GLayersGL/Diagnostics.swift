/// Reporting bad input once to standard error instead of crashing or flooding the log.
import Foundation
import Synchronization

/// Messages that are printed once per process.
enum Diagnostics {
    private static let reported = Mutex<Set<String>>([])

    /// Prints `message` to standard error the first time `key` is seen.
    static func warnOnce(_ key: String, _ message: @autoclosure () -> String) {
        let isNew = reported.withLock { $0.insert(key).inserted }
        guard isNew else { return }
        FileHandle.standardError.write(Data("glayers renderer: \(message())\n".utf8))
    }
}
