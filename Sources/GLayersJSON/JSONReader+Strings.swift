/// String literals for `JSONReader`: escapes (with UTF-16 surrogate pairs) and strict UTF-8
/// validation of raw bytes, so a malformed file is refused at the exact byte.
import Foundation

extension JSONReader {
    /// Reads an object key (the reader is on its opening quote): as `parseString`, but a short
    /// plain ASCII key is looked up in the keys read before (`KeyTable`).
    /// Returns the key, its string's index on the tape (a key read before has the index it had)
    /// and its fingerprint.
    mutating func parseKey() throws -> (String, string: Int, fingerprint: UInt32) {
        let first = offset + 1
        var end = first
        let limit = min(bytes.count, first + KeyTable.maximumLength + 1)
        while end < limit, bytes[end] >= 0x20, bytes[end] < 0x80, bytes[end] != UInt8(ascii: "\\"),
            bytes[end] != UInt8(ascii: "\"")
        {
            end += 1
        }
        guard end < limit, bytes[end] == UInt8(ascii: "\""), let base = bytes.baseAddress else {
            let key = try parseString()
            return (key, tape.addString(key), JSONTape.fingerprint(key))
        }
        let fingerprint = JSONTape.fingerprint(UnsafeBufferPointer(start: base + first, count: end - first))
        let found = keys.string(base + first, length: end - first)
        let string = found.index ?? tape.addString(found.string)
        if found.index == nil { keys.setIndex(string, of: found.slot) }
        column += end + 1 - offset
        offset = end + 1
        return (found.string, string, fingerprint)
    }

    /// Reads a string literal (the reader is on its opening quote).
    mutating func parseString() throws -> String {
        let start = position
        advance()  // "
        // Plain ASCII up to the closing quote (nearly every key and value of a scene) becomes
        // the string at once; escapes, other bytes and errors go on byte by byte below.
        var end = offset
        while end < bytes.count, bytes[end] >= 0x20, bytes[end] < 0x80, bytes[end] != UInt8(ascii: "\\"),
            bytes[end] != UInt8(ascii: "\"")
        {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
            column += end + 1 - offset
            offset = end + 1
            return text
        }
        var out: [UInt8] = []
        while true {
            guard let b = current else { throw fail("unterminated string (it starts at \(start))") }
            switch b {
            case UInt8(ascii: "\""):
                advance()
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &out)
            case 0..<0x20:
                let name = b == 0x0A ? "a line break" : String(format: "control character U+%04X", b)
                throw fail("\(name) inside a string; write it as an escape (\\n, \\t, \\u00XX)")
            case 0x80...:
                try copyUTF8Sequence(into: &out)
            default:
                out.append(b)
                advance()
            }
        }
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws {
        let escapeStart = position
        advance()  // backslash
        guard let e = current else { throw fail("unterminated string") }
        advance()
        switch e {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4(escapeStart)
            if (0xD800...0xDBFF).contains(scalar) {
                guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u")
                else {
                    throw fail("invalid \\u escape: a high surrogate must be followed by a low one", at: escapeStart)
                }
                advance()
                advance()
                let low = try parseHex4(escapeStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw fail("invalid \\u escape: a high surrogate must be followed by a low one", at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw fail("invalid \\u escape: a lone low surrogate", at: escapeStart)
            }
            guard let u = UnicodeScalar(scalar) else { throw fail("invalid \\u escape", at: escapeStart) }
            out.append(contentsOf: Array(String(Character(u)).utf8))
        default:
            throw fail("invalid escape '\\\(Character(UnicodeScalar(e)))' in string", at: escapeStart)
        }
    }

    private mutating func parseHex4(_ escapeStart: SourcePosition) throws -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let c = current, let h = hexValue(c) else {
                throw fail("invalid \\u escape: expected four hexadecimal digits", at: escapeStart)
            }
            v = v << 4 | h
            advance()
        }
        return v
    }

    private func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case 0x30...0x39: return UInt32(c - 0x30)
        case 0x41...0x46: return UInt32(c - 0x41 + 10)
        case 0x61...0x66: return UInt32(c - 0x61 + 10)
        default: return nil
        }
    }

    /// Copies one multi-byte UTF-8 sequence, refusing malformed, overlong and surrogate forms.
    private mutating func copyUTF8Sequence(into out: inout [UInt8]) throws {
        let lead = bytes[offset]
        let length: Int, minimum: UInt32
        switch lead {
        case 0xC2...0xDF: (length, minimum) = (2, 0x80)
        case 0xE0...0xEF: (length, minimum) = (3, 0x800)
        case 0xF0...0xF4: (length, minimum) = (4, 0x10000)
        default: throw fail("invalid UTF-8 byte 0x\(String(lead, radix: 16, uppercase: true))")
        }
        guard offset + length <= bytes.count else { throw fail("invalid UTF-8: truncated sequence") }
        var scalar = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for i in 1..<length {
            let c = bytes[offset + i]
            guard c & 0xC0 == 0x80 else { throw fail("invalid UTF-8: truncated sequence") }
            scalar = scalar << 6 | UInt32(c & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
            throw fail("invalid UTF-8 sequence")
        }
        for _ in 0..<length {
            out.append(bytes[offset])
            advance()
        }
    }
}

/// The object keys a reader has read: a short ASCII key read again is the string made the
/// first time, found by its bytes, and kept on the tape once. A scene's layers repeat the same
/// few keys, and making each string again from its bytes (validating them as UTF-8) took twice
/// as long as finding it.
struct KeyTable {
    /// A key's bytes (up to 16, zero-padded), its length, its string and the string's index on
    /// the tape.
    private struct Entry {
        var low: UInt64 = 0, high: UInt64 = 0
        var length = -1
        var string = ""
        var index: Int?
    }

    /// The longest key the table keeps.
    static let maximumLength = 16
    private static let slotBits = 7
    private var entries = [Entry](repeating: Entry(), count: 1 << slotBits)

    /// The string of the `length` ASCII bytes at `start` (at most `maximumLength`), its index on
    /// the tape when it has one (`setIndex`), and its slot.
    mutating func string(_ start: UnsafePointer<UInt8>, length: Int) -> (string: String, index: Int?, slot: Int) {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) {
            $0.baseAddress.unsafelyUnwrapped.copyMemory(from: start, byteCount: length)
        }
        let mixed = (words.0 &* 0x9E37_79B9_7F4A_7C15) ^ (words.1 &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(length)
        let slot = Int(truncatingIfNeeded: mixed >> UInt64(64 - Self.slotBits))
        if entries[slot].length == length && entries[slot].low == words.0 && entries[slot].high == words.1 {
            return (entries[slot].string, entries[slot].index, slot)
        }
        let made = String(decoding: UnsafeBufferPointer(start: start, count: length), as: UTF8.self)
        entries[slot] = Entry(low: words.0, high: words.1, length: length, string: made)
        return (made, nil, slot)
    }

    /// Records that the key in `slot` is at `index` on the tape.
    mutating func setIndex(_ index: Int, of slot: Int) { entries[slot].index = index }
}
