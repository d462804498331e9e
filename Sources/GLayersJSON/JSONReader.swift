/// The JSON reader: bytes in, a document's tape (`JSONTape`) with a line and column on every
/// value out.
///
/// It follows RFC 8259 strictly (no comments, no trailing commas, no NaN) and explains each
/// refusal precisely ("expected ',' or '}' after object member"). Duplicate keys are errors.
/// Input larger than `maximumSize` or nested deeper than `maximumDepth` is refused up front or
/// at the offending bracket, so hostile files cost bounded time and stack.
import Foundation

/// A syntax error: where, in which value, and what was expected.
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public let position: SourcePosition
    /// The path of the innermost value being read (empty at the top level).
    public let path: JSONPath
    /// What went wrong.
    public let message: String

    /// The error as `line:column: message`.
    public var description: String { "\(position): \(message)" }
}

/// Parses JSON text into `JSONValue` trees.
public struct JSONReader {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 256
    /// The largest input accepted, in bytes (16 MiB).
    public static let maximumSize = 16 << 20

    /// The document's bytes, read in place (copying them into an array was a copy of the whole
    /// file, 8 MB of the peak of loading 100 000 layers, and bounds checks on every byte read).
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    var line = 1
    var column = 1
    var depth = 0
    var path = JSONPath()
    /// Whether `path` follows the reading (keeping it for every value read was a twentieth of
    /// reading a scene, for errors alone: `parse` reads a file again, keeping it, to explain one).
    let tracksPath: Bool
    /// The values read so far.
    var tape: JSONTapeBuilder
    /// The keys read so far (`KeyTable`).
    var keys = KeyTable()

    /// Parses `data` as one JSON value.
    ///
    /// - Throws `JSONSyntaxError`.
    public static func parse(_ data: Data) throws -> JSONValue {
        guard data.count <= maximumSize else {
            throw JSONSyntaxError(
                position: SourcePosition(line: 1, column: 1), path: JSONPath(),
                message: "the file is \(data.count) bytes; scenes are limited to \(maximumSize) bytes (16 MiB)")
        }
        return try data.withUnsafeBytes { raw in
            let bytes = raw.assumingMemoryBound(to: UInt8.self)
            var reader = JSONReader(bytes: bytes, tracksPath: false)
            do {
                return try reader.parseDocument()
            } catch is JSONSyntaxError {
                // The path of the value being read is kept only to explain an error: a file
                // with one is read again, keeping it, up to the same error.
                var again = JSONReader(bytes: bytes, tracksPath: true)
                return try again.parseDocument()
            }
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, tracksPath: Bool) {
        self.bytes = bytes
        self.tracksPath = tracksPath
        // Room for a node every six bytes (a Lottie file has one every four or five, a scene
        // written by hand fewer): the array doubles when a file has more.
        tape = JSONTapeBuilder(capacity: bytes.count / 6 + 16)
    }

    // MARK: Positions and errors

    var position: SourcePosition { SourcePosition(line: line, column: column) }
    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    func fail(_ message: String, at p: SourcePosition? = nil) -> JSONSyntaxError {
        JSONSyntaxError(position: p ?? position, path: path, message: message)
    }

    /// Moves past one byte, keeping line and column (columns count Unicode scalars).
    @inline(__always)
    mutating func advance() {
        let b = bytes[offset]
        offset += 1
        if b == 0x0A {
            line += 1
            column = 1
        } else if b == 0x0D {
            if current != 0x0A {
                line += 1
                column = 1
            }
        } else if b & 0xC0 != 0x80 {
            column += 1
        }
    }

    /// Moves past one byte the caller knows to be ASCII and no line break (punctuation, digits):
    /// one column, without `advance()`'s tests.
    @inline(__always)
    mutating func advanceASCII() {
        offset += 1
        column += 1
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09: advanceASCII()
            case 0x0A:
                offset += 1
                line += 1
                column = 1
            case 0x0D: advance()
            default: return
            }
        }
    }

    // MARK: Values

    private mutating func parseDocument() throws -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        skipWhitespace()
        guard current != nil else { throw fail("the file is empty; expected a JSON value") }
        try parseValue()
        skipWhitespace()
        if current != nil { throw fail("unexpected text after the JSON value") }
        return JSONValue(tape: tape.finish(), index: 0)
    }

    /// Reads a value onto the tape.
    private mutating func parseValue() throws {
        let start = position
        guard let b = current else { throw fail("unexpected end of file; expected a value") }
        switch b {
        case UInt8(ascii: "{"): try parseObject()
        case UInt8(ascii: "["): try parseArray()
        case UInt8(ascii: "\""): tape.string(try parseString(), at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            tape.scalar(.number, at: start, payload: try parseNumber().bitPattern)
        default: try parseWord(start)
        }
    }

    /// `true`, `false`, `null`, or an explanation of what the word is not.
    private mutating func parseWord(_ start: SourcePosition) throws {
        guard let b = current else { throw fail("expected a value") }
        switch b {
        case UInt8(ascii: "/"): throw fail("comments are not allowed in JSON")
        case UInt8(ascii: "'"): throw fail("strings need double quotes (\"), not single quotes")
        case UInt8(ascii: "+"), UInt8(ascii: "."): throw fail("invalid number: it must start with a digit or '-'")
        default: break
        }
        var word = ""
        while let c = current, isWordByte(c) {
            word.append(Character(UnicodeScalar(c)))
            advanceASCII()
        }
        switch word {
        case "true": tape.scalar(.true, at: start)
        case "false": tape.scalar(.false, at: start)
        case "null": tape.scalar(.null, at: start)
        case "NaN", "nan": throw fail("NaN is not a JSON number", at: start)
        case "Infinity", "infinity", "inf":
            throw fail("Infinity is not a JSON number; write the string \"infinity\" where a key accepts it", at: start)
        case "": throw fail("expected a value", at: start)
        default: throw fail("unexpected '\(word)'; expected a value (strings need double quotes)", at: start)
        }
    }

    private func isWordByte(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F
    }

    private mutating func enter() throws {
        depth += 1
        if depth > JSONReader.maximumDepth {
            throw fail("arrays and objects are nested deeper than \(JSONReader.maximumDepth) levels")
        }
    }

    private mutating func parseObject() throws {
        let start = position
        try enter()
        advanceASCII()  // {
        skipWhitespace()
        let node = tape.open(.object, at: start)
        if current == UInt8(ascii: "}") {
            advanceASCII()
            depth -= 1
            tape.close(node, count: 0)
            return
        }
        var count = 0
        var seen: [String: SourcePosition] = [:]
        // A bit for each key read, chosen by its fingerprint: a key whose bit is clear is new,
        // without a scan of the keys before it (the scans were a twentieth of reading).
        var keyBits: UInt64 = 0
        while true {
            skipWhitespace()
            let keyPosition = position
            guard current == UInt8(ascii: "\"") else {
                if current == UInt8(ascii: "}") { throw fail("trailing comma before '}'") }
                if current == nil { throw fail("unexpected end of file; expected an object key") }
                throw fail("expected an object key in double quotes")
            }
            let (key, string, fingerprint) = try parseKey()
            func duplicate(first: SourcePosition) -> JSONSyntaxError {
                fail("duplicate key \"\(JSONPath.shortened(key))\" (first at \(first))", at: keyPosition)
            }
            // Duplicates: a scan of the keys read so far in small objects (most of them; a
            // dictionary per object was a tenth of reading a scene), a dictionary in large ones.
            if count < 16 {
                let bit: UInt64 = 1 << UInt64((fingerprint &* 0x9E37_79B1) >> 26)
                if keyBits & bit != 0,
                    let first = tape.position(ofKey: key, fingerprint: fingerprint, inObjectAt: node)
                {
                    throw duplicate(first: first)
                }
                keyBits |= bit
            } else {
                if seen.isEmpty { for (k, p) in tape.keys(ofObjectAt: node) { seen[k] = p } }
                if let first = seen[key] {
                    throw duplicate(first: first)
                }
                seen[key] = keyPosition
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else {
                throw fail("expected ':' after object key \"\(JSONPath.shortened(key))\"")
            }
            advanceASCII()
            skipWhitespace()
            tape.key(string: string, fingerprint: fingerprint, at: keyPosition)
            if tracksPath { path.push(.key(key)) }
            try parseValue()
            if tracksPath { path.pop() }
            count += 1
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): advanceASCII()
            case UInt8(ascii: "}"):
                advanceASCII()
                depth -= 1
                tape.close(node, count: count)
                return
            case nil: throw fail("unexpected end of file; expected ',' or '}' after object member")
            default: throw fail("expected ',' or '}' after object member")
            }
        }
    }

    private mutating func parseArray() throws {
        let start = position
        try enter()
        advanceASCII()  // [
        skipWhitespace()
        let node = tape.open(.array, at: start)
        if current == UInt8(ascii: "]") {
            advanceASCII()
            depth -= 1
            tape.close(node, count: 0)
            return
        }
        var count = 0
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]") { throw fail("trailing comma before ']'") }
            if tracksPath { path.push(.index(count)) }
            try parseValue()
            count += 1
            if tracksPath { path.pop() }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): advanceASCII()
            case UInt8(ascii: "]"):
                advanceASCII()
                depth -= 1
                tape.close(node, count: count)
                return
            case nil: throw fail("unexpected end of file; expected ',' or ']' after array element")
            default: throw fail("expected ',' or ']' after array element")
            }
        }
    }

    // MARK: Numbers

    private mutating func parseNumber() throws -> Double {
        let start = position, first = offset
        var digits = FastDecimal()
        if current == UInt8(ascii: "-") { advanceASCII() }
        guard let d = current, isDigit(d) else { throw fail("invalid number: expected a digit") }
        if d == UInt8(ascii: "0") {
            advanceASCII()
            if let n = current, isDigit(n) { throw fail("invalid number: leading zeros are not allowed", at: start) }
        } else {
            while let c = current, isDigit(c) {
                digits.append(c, fraction: false)
                advanceASCII()
            }
        }
        if current == UInt8(ascii: ".") {
            advanceASCII()
            guard let c = current, isDigit(c) else { throw fail("invalid number: expected a digit after '.'") }
            while let c = current, isDigit(c) {
                digits.append(c, fraction: true)
                advanceASCII()
            }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advanceASCII()
            digits.exact = false
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advanceASCII() }
            guard let c = current, isDigit(c) else { throw fail("invalid number: expected a digit in the exponent") }
            while let c = current, isDigit(c) { advanceASCII() }
        }
        if let value = digits.value(negative: bytes[first] == UInt8(ascii: "-")) { return value }
        let text = String(decoding: bytes[first..<offset], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw fail("the number \(text) is out of range", at: start)
        }
        return value
    }

    private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
}

/// A number's digits read as an integer and a count of fraction digits, for the exact fast path
/// of decimal conversion (Clinger's): an integer below 2^53 divided by a power of ten up to
/// 10^22 is two exact doubles and one correctly rounded division, so the result is the
/// correctly rounded value of the text, as `Double(String)` gives, without making the string
/// (most numbers of scenes and Lottie files: "12", "0.5", "-3.25"). Exponents and longer
/// mantissas take `Double(String)`.
struct FastDecimal {
    private var mantissa: UInt64 = 0
    private var fractionDigits = 0
    /// False once the fast path cannot be exact (an exponent, or too many digits).
    var exact = true

    /// 10^0 … 10^22, every one exact in a double (written out: no rounding of `pow` to trust).
    private static let powers: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    mutating func append(_ digit: UInt8, fraction: Bool) {
        guard exact else { return }
        let (times10, overflow) = mantissa.multipliedReportingOverflow(by: 10)
        guard !overflow, times10 <= (1 << 53) - 10 else {
            exact = false
            return
        }
        mantissa = times10 + UInt64(digit - 0x30)
        if fraction { fractionDigits += 1 }
    }

    /// The value, or nil when the fast path is not exact.
    func value(negative: Bool) -> Double? {
        guard exact, fractionDigits <= 22 else { return nil }
        let magnitude = Double(mantissa) / Self.powers[fractionDigits]
        return negative ? -magnitude : magnitude
    }
}
