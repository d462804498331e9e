/// The tape: how a read document is kept. Every value of the document is a node of one array,
/// in document order; a container's node is followed by its members (a key node, then the
/// value's nodes) or elements, and records where they end.
///
/// One array for the whole document instead of one per object and array: reading a 1 MB
/// Lottie file made 28 000 containers, each an allocation to make, to copy into and to free,
/// and freeing that tree was a third of decoding the file (docs/performance.md#loading). A
/// node is 16 bytes, and a key's string is kept once however many objects have the key: the
/// tape of a scene of 100 000 layers is 18 MB, where the tree was about 48.
import Foundation

/// A read document's values (immutable once made; values of it share it).
package final class JSONTape: Sendable {
    /// What a node holds.
    package enum Tag: UInt8, Sendable {
        case null, `false`, `true`, number, string, array, object
        /// An object member's key; the member's value follows it.
        case key
    }

    /// One value (or key) of the document: its tag and position in one word, and a payload.
    package struct Node: Sendable {
        /// The tag (8 bits), the line (28 bits) and the column (28 bits): a file of at most
        /// 16 MiB has fewer lines and columns than 2^28.
        private let head: UInt64
        /// A number's bits; a string's index in `strings`; a container's count (high half) and
        /// end (low half: the index after its last member's or element's nodes); a key's
        /// fingerprint (high half, `JSONTape.fingerprint`) and string (low half).
        fileprivate(set) var payload: UInt64

        private static let field: UInt64 = (1 << 28) - 1

        init(_ tag: Tag, at position: SourcePosition, payload: UInt64) {
            head =
                UInt64(tag.rawValue) << 56 | min(UInt64(position.line), Self.field) << 28
                | min(UInt64(position.column), Self.field)
            self.payload = payload
        }

        // The top byte is always a tag's (only `init` writes it): read without the check of
        // `Tag(rawValue:)`, a twentieth of decoding a Lottie file.
        package var tag: Tag { unsafeBitCast(UInt8(truncatingIfNeeded: head >> 56), to: Tag.self) }
        package var position: SourcePosition {
            SourcePosition(line: Int(head >> 28 & Self.field), column: Int(head & Self.field))
        }
        package var isContainer: Bool {
            let t = head >> 56
            return t == UInt64(Tag.array.rawValue) || t == UInt64(Tag.object.rawValue)
        }
        /// A container's count of members or elements.
        package var count: Int { Int(payload >> 32) }
        /// A container's end.
        package var end: Int { Int(payload & 0xFFFF_FFFF) }
        /// A string's or a key's index in `strings`.
        package var stringIndex: Int { tag == .key ? Int(payload & 0xFFFF_FFFF) : Int(payload) }
        /// A key's fingerprint.
        package var fingerprint: UInt32 { UInt32(truncatingIfNeeded: payload >> 32) }

        /// The index of the node after this one's value and everything in it, for the node at `i`.
        @inline(__always)
        func after(_ i: Int) -> Int { isContainer ? end : i + 1 }
    }

    package let nodes: [Node]
    package let strings: [String]

    init(nodes: [Node], strings: [String]) {
        self.nodes = nodes
        self.strings = strings
    }

    /// The index of the node after the value at `i` and everything in it.
    @inline(__always)
    func next(after i: Int) -> Int { nodes[i].after(i) }

    /// A key's fingerprint: its UTF-8 length (up to 255) and first three bytes. Keys of up to
    /// three bytes (most of a Lottie file's) are equal when their fingerprints are; longer ones
    /// are compared after.
    @inline(__always)
    static func fingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var f = UInt32(min(bytes.count, 255)) << 24
        for i in 0..<min(bytes.count, 3) { f |= UInt32(bytes[i]) << (8 * i) }
        return f
    }

    /// The fingerprint of `key`'s UTF-8 bytes.
    static func fingerprint(_ key: String) -> UInt32 {
        // From the UTF-8 view, without a copy of the string to make contiguous (the keys asked
        // for are literals, contiguous already): a retain and release fewer at every lookup.
        if let f = key.utf8.withContiguousStorageIfAvailable({ fingerprint($0) }) { return f }
        var key = key
        return key.withUTF8 { fingerprint($0) }
    }

    /// Whether the key node `node` is `key`, whose fingerprint is `fingerprint`.
    @inline(__always)
    func isKey(_ node: Node, _ key: String, fingerprint: UInt32) -> Bool {
        node.fingerprint == fingerprint && (fingerprint >> 24 <= 3 || strings[node.stringIndex] == key)
    }
}

/// Makes a tape: the reader appends values as it reads them; `JSONValue(_:at:)` appends a value
/// made in code, copying the nodes of the values in it.
package struct JSONTapeBuilder {
    private var nodes: [JSONTape.Node] = []
    private var strings: [String] = []

    /// A builder with room for `nodes` nodes.
    init(capacity: Int) {
        nodes.reserveCapacity(capacity)
    }

    /// Keeps `s`, returning its index (a key's string is kept once by the reader, which knows
    /// the keys it has read).
    mutating func addString(_ s: String) -> Int {
        strings.append(s)
        return strings.count - 1
    }

    @inline(__always)
    mutating func scalar(_ tag: JSONTape.Tag, at position: SourcePosition, payload: UInt64 = 0) {
        nodes.append(JSONTape.Node(tag, at: position, payload: payload))
    }

    @inline(__always)
    mutating func string(_ s: String, at position: SourcePosition) {
        scalar(.string, at: position, payload: UInt64(addString(s)))
    }

    /// A key whose string is `strings[string]`.
    @inline(__always)
    mutating func key(string: Int, fingerprint: UInt32, at position: SourcePosition) {
        scalar(.key, at: position, payload: UInt64(fingerprint) << 32 | UInt64(string))
    }

    /// Starts a container; `close` ends it.
    @inline(__always)
    mutating func open(_ tag: JSONTape.Tag, at position: SourcePosition) -> Int {
        scalar(tag, at: position)
        return nodes.count - 1
    }

    /// Ends the container started at `start`, which holds `count` members or elements.
    @inline(__always)
    mutating func close(_ start: Int, count: Int) {
        nodes[start].payload = UInt64(count) << 32 | UInt64(nodes.count)
    }

    /// The position of `key` among the keys read so far of the object started at `start`, if
    /// it has it.
    func position(ofKey key: String, fingerprint: UInt32, inObjectAt start: Int) -> SourcePosition? {
        var i = start + 1
        while i < nodes.count {
            let k = nodes[i]
            if k.fingerprint == fingerprint && (fingerprint >> 24 <= 3 || strings[k.stringIndex] == key) {
                return k.position
            }
            i = nodes[i + 1].after(i + 1)
        }
        return nil
    }

    /// The keys, with their positions, read so far of the object started at `start`.
    func keys(ofObjectAt start: Int) -> [(String, SourcePosition)] {
        var keys: [(String, SourcePosition)] = []
        var i = start + 1
        while i < nodes.count {
            keys.append((strings[nodes[i].stringIndex], nodes[i].position))
            i = nodes[i + 1].after(i + 1)
        }
        return keys
    }

    /// Appends a value made in code.
    mutating func append(_ kind: JSONValue.Kind, at position: SourcePosition) {
        switch kind {
        case .null: scalar(.null, at: position)
        case .bool(let b): scalar(b ? .true : .false, at: position)
        case .number(let n): scalar(.number, at: position, payload: n.bitPattern)
        case .string(let s): string(s, at: position)
        case .array(let elements):
            let start = open(.array, at: position)
            for e in elements { copy(e) }
            close(start, count: elements.count)
        case .object(let members):
            let start = open(.object, at: position)
            for m in members {
                key(string: addString(m.key), fingerprint: JSONTape.fingerprint(m.key), at: m.keyPosition)
                copy(m.value)
            }
            close(start, count: members.count)
        }
    }

    /// Appends a copy of `value`'s nodes (and their strings).
    mutating func copy(_ value: JSONValue) {
        let from = value.tape, first = value.index, last = from.next(after: first)
        let shift = nodes.count - first
        nodes.reserveCapacity(nodes.count + last - first)
        for i in first..<last {
            var n = from.nodes[i]
            switch n.tag {
            case .array, .object:
                n.payload = UInt64(n.count) << 32 | UInt64(n.end + shift)
            case .string:
                n.payload = UInt64(addString(from.strings[n.stringIndex]))
            case .key:
                n.payload = UInt64(n.fingerprint) << 32 | UInt64(addString(from.strings[n.stringIndex]))
            default: break
            }
            nodes.append(n)
        }
    }

    /// The tape made.
    func finish() -> JSONTape { JSONTape(nodes: nodes, strings: strings) }
}
