/// JSON values that remember where they came from: every node of the tree carries the line and
/// column (1-based) of its first character, so the scene decoder can point at the exact spot of
/// a problem. `JSONReader` produces them; nothing else in the module reads raw bytes.
import Foundation

/// A place in a source file: 1-based line and column (columns count Unicode scalars).
public struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    // Stored in 32 bits each (files are at most 16 MiB): every value and member of a read
    // document holds one, and a scene of 100 000 layers holds millions.
    private let storedLine: Int32, storedColumn: Int32

    /// The line, starting at 1.
    public var line: Int { Int(storedLine) }
    /// The column, starting at 1 (a tab counts as one column).
    public var column: Int { Int(storedColumn) }

    /// A position at `line`, `column` (each kept within 32 bits).
    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    /// The position as `line:column`.
    public var description: String { "\(line):\(column)" }

    /// Orders positions by line, then column.
    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// One member of a JSON object, in file order.
public struct JSONMember: Sendable {
    /// The member's key.
    public let key: String
    /// Where the key's opening quote is.
    public let keyPosition: SourcePosition
    /// The member's value.
    public let value: JSONValue

    /// Member `key` at `keyPosition` holding `value`.
    package init(key: String, keyPosition: SourcePosition, value: JSONValue) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// A JSON value with its position in the file.
public struct JSONValue: Sendable {
    /// The kinds of JSON value.
    public enum Kind: Sendable {
        case null
        case bool(Bool)
        /// A finite number (the reader refuses numbers that overflow a Double).
        case number(Double)
        case string(String)
        case array([JSONValue])
        /// Members in file order (keys are unique: the reader refuses duplicates).
        case object([JSONMember])
    }

    /// The value.
    public let kind: Kind
    /// Where the value starts.
    public let position: SourcePosition

    /// A value of `kind` at `position`.
    public init(_ kind: Kind, at position: SourcePosition) {
        self.kind = kind
        self.position = position
    }

    /// The name of the value's JSON type, for messages ("a string", "an array", …).
    public var typeDescription: String {
        switch kind {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return "the number \(JSONValue.format(n))"
        case .string(let s): return "the string \"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The number, when the value is one.
    public var number: Double? {
        if case .number(let n) = kind { return n }
        return nil
    }

    /// The string, when the value is one.
    public var string: String? {
        if case .string(let s) = kind { return s }
        return nil
    }

    /// The Boolean, when the value is one.
    public var bool: Bool? {
        if case .bool(let b) = kind { return b }
        return nil
    }

    /// The elements, when the value is an array.
    public var array: [JSONValue]? {
        if case .array(let a) = kind { return a }
        return nil
    }

    /// The members, when the value is an object.
    public var members: [JSONMember]? {
        if case .object(let m) = kind { return m }
        return nil
    }

    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    /// The value of member `key`, when the value is an object that has it.
    public subscript(key: String) -> JSONValue? {
        members?.first { $0.key == key }?.value
    }

    /// A number as JSON writes it: integers without a fraction, others in their shortest form.
    package static func format(_ n: Double) -> String {
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return String(n)
    }
}
