/// Diagnostics for API misuse: clear messages instead of crashes.
///
/// Warnings go to standard error, prefixed with `glayers:`. Tests (and tools such as the
/// scene validator) can capture them with `Diagnostics.capture`.
import Foundation

/// Reports API misuse and bad input that the engine recovers from.
public enum Diagnostics {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var reportedOnce: Set<String> = []

    /// The warnings of the captures open on one thread. Each thread keeps its own (in
    /// thread-specific storage), so capturing takes no lock and, without warnings, allocates
    /// nothing: the scene decoder captures around every property it sets, and a process-wide
    /// table of sinks behind a lock was a tenth of loading a scene of 100 000 layers
    /// (docs/performance.md, "Loading and dumping big scenes").
    ///
    /// - Unchecked for exclusive access: only its thread reaches it, and the checks were most of
    ///   a capture's own cost (with them, 385 instructions around each property the decoder
    ///   sets; 215 without).
    private final class ThreadCaptures {
        /// How many captures are open.
        @exclusivity(unchecked) var depth = 0
        /// The warnings since the outermost open capture began (each capture reads those since
        /// it began: every open capture receives a warning).
        @exclusivity(unchecked) var messages: [String] = []
    }

    private static let threadCapturesKey: pthread_key_t = {
        var key = pthread_key_t()
        // Released when the thread ends.
        let status = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<AnyObject>.fromOpaque(pointer).release()
        }
        precondition(status == 0, "glayers: no thread-specific storage for diagnostics (\(status))")
        return key
    }()

    /// This thread's open captures (made on first use).
    private static var threadCaptures: ThreadCaptures {
        if let pointer = pthread_getspecific(threadCapturesKey) {
            return Unmanaged<ThreadCaptures>.fromOpaque(pointer).takeUnretainedValue()
        }
        let captures = ThreadCaptures()
        pthread_setspecific(threadCapturesKey, Unmanaged.passRetained(captures).toOpaque())
        return captures
    }

    /// Logs a warning (once per distinct message when `once` is set).
    public static func warn(_ message: String, once: Bool = false) {
        if once {
            lock.lock()
            let isNew = reportedOnce.insert(message).inserted
            lock.unlock()
            if !isNew { return }
        }
        let captures = threadCaptures
        if captures.depth == 0 {
            FileHandle.standardError.write(Data("glayers: warning: \(message)\n".utf8))
        } else {
            captures.messages.append(message)
        }
    }

    /// Runs `body` collecting the warnings reported on this thread instead of printing them.
    /// Captures nest: every capture open on the thread receives a warning.
    @discardableResult
    public static func capture<R>(_ body: () throws -> R) rethrows -> (result: R, warnings: [String]) {
        let captures = threadCaptures
        let start = captures.messages.count
        captures.depth += 1
        defer {
            captures.depth -= 1
            if captures.depth == 0 { captures.messages.removeAll(keepingCapacity: true) }
        }
        let r = try body()
        return (r, start == captures.messages.count ? [] : Array(captures.messages[start...]))
    }

    /// `capture` of a body that returns nothing, which catches what it throws instead of
    /// rethrowing it: not generic, so a caller in another module makes no generic call (whose
    /// copies of the result through its type's witnesses were a third of a capture's own cost
    /// around each value the scene decoder sets).
    public static func captureCatching(_ body: () throws -> Void) -> (error: (any Error)?, warnings: [String]) {
        let captures = threadCaptures
        let start = captures.messages.count
        captures.depth += 1
        defer {
            captures.depth -= 1
            if captures.depth == 0 { captures.messages.removeAll(keepingCapacity: true) }
        }
        var error: (any Error)?
        do { try body() } catch let e { error = e }
        return (error, start == captures.messages.count ? [] : Array(captures.messages[start...]))
    }
}

/// Conversions of `Any` values that hold numbers (Swift numeric types or `NSNumber`).
enum NumberCoercion {
    /// The value as a Double when it holds a number.
    static func double(_ value: Any?) -> Double? {
        // A `Double`, an `NSNumber` (the values of keyframe animations) or a `CGFloat` is told
        // by its type, a comparison of two pointers, and read where `Any` keeps it, without a
        // cast: each cast from `Any` costs a few hundred instructions (a dynamic cast and
        // copies of the box), and Foundation on Linux bridges an `NSNumber` to every Swift
        // number type a cast tries. The casts were a third, then a twentieth, of adding a large
        // Lottie file's keyframe animations (docs/performance.md, "Lottie").
        guard let value else { return nil }
        let type = type(of: value)
        if type == Double.self { return inlineValue(value, as: Double.self) }
        if type == NSNumber.self { return inlineValue(value, as: NSNumber.self).doubleValue }
        if type == CGFloat.self { return Double(inlineValue(value, as: CGFloat.self)) }
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

    /// The value of type `T` that `value` holds, read from the existential's inline buffer, where
    /// Swift keeps a value of at most three words that moves bit by bit (a number, a class
    /// reference): the caller has checked that `value` holds a `T`.
    @inline(__always)
    private static func inlineValue<T>(_ value: Any, as: T.Type) -> T {
        withUnsafeBytes(of: value) { $0.load(as: T.self) }
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
