/// JSON values that remember where they came from: every value of a document (a node of its
/// tape, `JSONTape`) carries the line and column (1-based) of its first character, so the
/// decoders can point at the exact spot of a problem. `JSONReader` produces them; nothing else
/// in the module reads raw bytes.
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

/// A JSON value with its position in the file: a node of its document's tape (`JSONTape`).
///
/// Reading a value's members or elements through `kind`, `members` or `array` makes an array
/// of them; `elements` and the subscripts walk the tape without one.
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

    /// The document the value is in, and the value's node in it.
    package let tape: JSONTape
    package let index: Int

    package init(tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    /// A value of `kind` at `position` (the values in it are copied into the new value's tape).
    public init(_ kind: Kind, at position: SourcePosition) {
        var builder = JSONTapeBuilder(capacity: 1)
        builder.append(kind, at: position)
        self.init(tape: builder.finish(), index: 0)
    }

    private var node: JSONTape.Node { tape.nodes[index] }

    /// Where the value starts.
    public var position: SourcePosition { node.position }

    /// The value.
    public var kind: Kind {
        let n = node
        switch n.tag {
        case .null, .key: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .number: return .number(Double(bitPattern: n.payload))
        case .string: return .string(tape.strings[n.stringIndex])
        case .array: return .array(Array(elements))
        case .object: return .object(members ?? [])
        }
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
        let n = node
        return n.tag == .number ? Double(bitPattern: n.payload) : nil
    }

    /// The string, when the value is one.
    public var string: String? {
        let n = node
        return n.tag == .string ? tape.strings[n.stringIndex] : nil
    }

    /// The Boolean, when the value is one.
    public var bool: Bool? {
        switch node.tag {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    /// The elements, when the value is an array.
    public var array: [JSONValue]? { isArray ? Array(elements) : nil }

    /// The members, when the value is an object.
    public var members: [JSONMember]? {
        let n = node
        guard n.tag == .object else { return nil }
        var members: [JSONMember] = []
        members.reserveCapacity(n.count)
        var key = index + 1
        while key < n.end {
            let k = tape.nodes[key]
            members.append(
                JSONMember(
                    key: tape.strings[k.stringIndex], keyPosition: k.position,
                    value: JSONValue(tape: tape, index: key + 1)))
            key = tape.next(after: key + 1)
        }
        return members
    }

    /// Whether the value is `null`.
    public var isNull: Bool { node.tag == .null }
    /// Whether the value is an object.
    public var isObject: Bool { node.tag == .object }
    /// Whether the value is an array.
    public var isArray: Bool { node.tag == .array }

    /// The number of elements of an array or members of an object (0 for other values).
    public var count: Int {
        let n = node
        return n.isContainer ? n.count : 0
    }

    /// The elements of an array, read in place (none for other values).
    public var elements: Elements {
        let n = node
        guard n.tag == .array else { return Elements(tape: tape, first: index, end: index, count: 0) }
        return Elements(tape: tape, first: index + 1, end: n.end, count: n.count)
    }

    /// The numbers of an array of numbers, read from the tape in one pass (an array of scalars
    /// is the nodes after its own); nil when the value is not an array, holds anything but
    /// numbers, or holds more than `maximumCount`.
    package func numberElements(maximumCount: Int) -> [Double]? {
        numberNodes(0, maximumCount) { nodes, range in range.map { Double(bitPattern: nodes[$0].payload) } }
    }

    /// The first two numbers of an array of 2 to `maximumCount` numbers (a point), read from
    /// the tape without an array; nil otherwise.
    package func numberPair(maximumCount: Int) -> (Double, Double)? {
        numberNodes(2, maximumCount) { nodes, range in
            (
                Double(bitPattern: nodes[range.lowerBound].payload),
                Double(bitPattern: nodes[range.lowerBound + 1].payload)
            )
        }
    }

    /// The first number of an array of 1 to `maximumCount` numbers, read from the tape without
    /// an array; nil otherwise.
    package func firstNumber(maximumCount: Int) -> Double? {
        numberNodes(1, maximumCount) { nodes, range in Double(bitPattern: nodes[range.lowerBound].payload) }
    }

    /// `read` of the nodes of the value's elements when it is an array of `minimumCount` to
    /// `maximumCount` numbers alone; nil otherwise.
    private func numberNodes<R>(
        _ minimumCount: Int, _ maximumCount: Int, _ read: (UnsafeBufferPointer<JSONTape.Node>, Range<Int>) -> R
    ) -> R? {
        tape.nodes.withUnsafeBufferPointer { nodes in
            let n = nodes[index]
            guard n.tag == .array, n.count >= minimumCount, n.count <= maximumCount, n.end == index + 1 + n.count
            else { return nil }
            let range = index + 1..<n.end
            for i in range where nodes[i].tag != .number { return nil }
            return read(nodes, range)
        }
    }

    /// The value of member `key`, when the value is an object that has it.
    ///
    /// Keys are compared by fingerprint (their length and first bytes) before their text: most
    /// keys looked up are absent or another key of the object.
    public subscript(key: String) -> JSONValue? {
        let found: Int? = tape.nodes.withUnsafeBufferPointer { nodes in
            let object = nodes[index]
            guard object.tag == .object else { return nil }
            let wanted = JSONTape.fingerprint(key)
            var i = index + 1
            while i < object.end {
                if tape.isKey(nodes[i], key, fingerprint: wanted) { return i + 1 }
                i = nodes[i + 1].after(i + 1)
            }
            return nil
        }
        return found.map { JSONValue(tape: tape, index: $0) }
    }

    /// Calls `visit` with the place in `keys` and the value of each member whose key is one of
    /// `keys` and whose value is not null, in file order: one pass over the object's members,
    /// where a subscript per key scans them once each (a Lottie keyframe's eight keys were
    /// eight scans). Nothing when the value is not an object.
    package func forEachMember(among keys: JSONShortKeys, _ visit: (Int, JSONValue) throws -> Void) rethrows {
        let nodes = tape.nodes
        let object = nodes[index]
        guard object.tag == .object else { return }
        var i = index + 1
        while i < object.end {
            let valueIndex = i + 1
            if nodes[valueIndex].tag != .null, let place = keys.place(of: nodes[i].fingerprint) {
                try visit(place, JSONValue(tape: tape, index: valueIndex))
            }
            i = nodes[valueIndex].after(valueIndex)
        }
    }

    /// A number as JSON writes it: integers without a fraction, others in their shortest form.
    package static func format(_ n: Double) -> String {
        if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
        return String(n)
    }

    /// An array's elements, in order, read from the tape.
    public struct Elements: Collection, Sendable {
        /// A place among the elements (the node of one).
        public struct Index: Comparable, Sendable {
            fileprivate let node: Int
            /// Whether `a` comes before `b`.
            public static func < (a: Index, b: Index) -> Bool { a.node < b.node }
        }
        fileprivate let tape: JSONTape
        fileprivate let first: Int, end: Int
        /// The number of elements.
        public let count: Int

        /// The first element's place.
        public var startIndex: Index { Index(node: first) }
        /// The place after the last element.
        public var endIndex: Index { Index(node: end) }
        /// Whether there are no elements.
        public var isEmpty: Bool { count == 0 }
        /// The place of the element after the one at `i`.
        public func index(after i: Index) -> Index { Index(node: tape.next(after: i.node)) }
        /// The element at `i`.
        public subscript(i: Index) -> JSONValue { JSONValue(tape: tape, index: i.node) }
    }
}

/// Keys of at most three bytes, which their fingerprints (`JSONTape.fingerprint`: a key's
/// length and first three bytes) tell apart without their text: what
/// `JSONValue.forEachMember(among:_:)` looks for.
package struct JSONShortKeys: Sendable {
    private let fingerprints: [UInt32]

    /// The keys `keys`, each of one to three bytes.
    package init(_ keys: [String]) {
        precondition(keys.allSatisfy { (1...3).contains($0.utf8.count) }, "short keys are of one to three bytes")
        fingerprints = keys.map(JSONTape.fingerprint)
    }

    /// The place among the keys of the key whose fingerprint is `fingerprint`, if any.
    @inline(__always)
    func place(of fingerprint: UInt32) -> Int? { fingerprints.firstIndex(of: fingerprint) }
}
