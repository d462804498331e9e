/// Diagnostics for API misuse: clear messages instead of crashes.
///
/// Warnings go to standard error, prefixed with `glayers:`. Tests (and tools such as the
/// scene validator) can capture them with `Diagnostics.capture`.
import Foundation

/// Reports API misuse and bad input that the engine recovers from.
public enum Diagnostics {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var sinks: [ObjectIdentifier: DiagnosticSink] = [:]
    nonisolated(unsafe) private static var reportedOnce: Set<String> = []

    /// A receiver of warnings.
    public final class DiagnosticSink: @unchecked Sendable {
        /// The messages received, in order.
        public private(set) var messages: [String] = []
        let thread = pthread_self()
        fileprivate func receive(_ m: String) { messages.append(m) }
    }

    /// Logs a warning (once per distinct message when `once` is set).
    public static func warn(_ message: String, once: Bool = false) {
        lock.lock()
        if once {
            if reportedOnce.contains(message) { lock.unlock(); return }
            reportedOnce.insert(message)
        }
        let me = pthread_self()
        let local = sinks.values.filter { pthread_equal($0.thread, me) != 0 }
        lock.unlock()
        if local.isEmpty {
            FileHandle.standardError.write(Data("glayers: warning: \(message)\n".utf8))
        } else {
            for sink in local { sink.receive(message) }
        }
    }

    /// Runs `body` collecting the warnings reported on this thread instead of printing them.
    @discardableResult
    public static func capture<R>(_ body: () throws -> R) rethrows -> (result: R, warnings: [String]) {
        let sink = DiagnosticSink()
        lock.lock(); sinks[ObjectIdentifier(sink)] = sink; lock.unlock()
        defer { lock.lock(); sinks[ObjectIdentifier(sink)] = nil; lock.unlock() }
        let r = try body()
        return (r, sink.messages)
    }
}

/// Conversions of `Any` values that hold numbers (Swift numeric types or `NSNumber`).
enum NumberCoercion {
    /// The value as a Double when it holds a number.
    static func double(_ value: Any?) -> Double? {
        // An NSNumber first, told by its class (a pointer comparison; `is NSNumber.Type` and
        // `as AnyObject` cost more than the cast): Foundation on Linux bridges an NSNumber to
        // each Swift number type a cast below tries, a third of the time of adding a large
        // Lottie file's keyframe animations (docs/performance.md, "Lottie").
        if let value, type(of: value) == NSNumber.self, let n = value as? NSNumber { return n.doubleValue }
        switch value {
        case let v as Double: return v
        case let v as CGFloat: return Double(v)
        case let v as Float: return Double(v)
        case let v as Int: return Double(v)
        case let v as Int32: return Double(v)
        case let v as Int64: return Double(v)
        case let v as UInt: return Double(v)
        case let v as UInt32: return Double(v)
        case let v as NSNumber: return v.doubleValue
        default: return nil
        }
    }

    /// The value as a Bool when it holds a Bool or a number (`NSNumber(value: true)` and
    /// `kCFBooleanTrue` too).
    static func bool(_ value: Any?) -> Bool? {
        if let b = value as? Bool { return b }
        return double(value).map { $0 != 0 }
    }

    /// Whether the value is a boolean rather than a number: a `Bool`, or an `NSNumber` made
    /// from one.
    ///
    /// - Foundation on Linux casts every `NSNumber` of 0 or 1 to `Bool` (`NSNumber(value: 1.0)
    ///   as? Bool` is true), so `is Bool` cannot tell; a boolean `NSNumber` has the type
    ///   encoding of a C char (`c`) or bool (`B`).
    static func isBoolean(_ value: Any) -> Bool {
        if type(of: value) == Bool.self { return true }
        guard type(of: value) is NSNumber.Type, let n = value as? NSNumber else { return false }
        let code = UInt8(bitPattern: n.objCType.pointee)
        return code == UInt8(ascii: "c") || code == UInt8(ascii: "B")
    }
}
