/// Reading a fuzz input as a stream of choices: bytes become small integers, picks from a
/// list, numbers (ordinary, huge or not finite) and strings. An exhausted input answers zeros,
/// so every byte string is a valid program and the fuzzer's mutations stay meaningful.
import Foundation

/// A fuzz input consumed front to back.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    /// An input reading `bytes`.
    public init(_ bytes: UnsafeRawBufferPointer) { self.bytes = Array(bytes) }

    /// An input reading `bytes`.
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte (0 once the input is exhausted).
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// The next two bytes as a little-endian number.
    public mutating func uint16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }

    /// A number in `0..<n` (`n` at most 65 536).
    public mutating func below(_ n: Int) -> Int {
        guard n > 1 else { return 0 }
        return n <= 256 ? Int(byte()) % n : Int(uint16()) % n
    }

    /// A Boolean.
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// One of `choices` (which must not be empty).
    public mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// The rest of the input as UTF-8 text (invalid sequences repaired).
    public mutating func rest() -> String {
        defer { offset = bytes.count }
        return offset < bytes.count ? String(decoding: bytes[offset...], as: UTF8.self) : ""
    }

    /// A string of at most `limit` bytes, from a length byte and the bytes after it.
    public mutating func string(limit: Int = 32) -> String {
        let n = min(below(limit + 1), bytes.count - min(offset, bytes.count))
        defer { offset += n }
        return String(decoding: bytes[offset..<offset + n], as: UTF8.self)
    }

    /// A number: mostly small and ordinary, sometimes huge, sometimes NaN or an infinity when
    /// `finite` is false. `kind` reports which, for invariants that only hold for ordinary values.
    public mutating func number(finite: Bool = false) -> (value: Double, kind: NumberKind) {
        switch byte() % 16 {
        case 0..<9: return (Double(Int16(bitPattern: uint16())) / 64, .ordinary)
        case 9: return (Double(byte()) / 255, .ordinary)
        case 10: return (pick([0, 1, -1, 0.5, 2, 100, 1e-9, -0.0]), .ordinary)
        case 11: return (pick([1e15, -1e15, 1e38, 1e300, -1e300, .greatestFiniteMagnitude, 5e-324]), .huge)
        case 12: return (Double(Int32(bitPattern: UInt32(uint16()) << 16 | UInt32(uint16()))), .huge)
        case 13 where !finite: return (.nan, .notFinite)
        case 14 where !finite: return (.infinity, .notFinite)
        case 15 where !finite: return (-.infinity, .notFinite)
        default: return (Double(byte()), .ordinary)
        }
    }
}

/// What kind of number an input chose (see `FuzzInput.number(finite:)`).
public enum NumberKind: Comparable, Sendable {
    /// At most a few thousand in magnitude: results computed from it stay finite.
    case ordinary
    /// Finite but large enough that arithmetic on it may overflow.
    case huge
    /// NaN or an infinity.
    case notFinite
}
