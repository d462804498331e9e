/// Paths into a JSON document as error messages show them: `root.sublayers[2].animations.pulse`.
import Foundation

/// A path from the top of a JSON document to one of its values.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step: an object member or an array element.
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The steps from the top of the document but the last, as a list shared with the paths
    /// above this one (each step points at the one before it).
    private var base: Step?
    /// The last step, kept apart so that a path one step below another costs nothing (every
    /// member of a decoded object has a path, which error messages alone read).
    private var last: Component?

    /// One step of a path and the steps before it, shared by every path that goes through it:
    /// settling a path (the decoder does for every layer object) makes one step instead of
    /// copying all of them into an array of its own.
    private final class Step: Sendable {
        let component: Component
        let before: Step?
        /// How many steps there are up to this one, this one included.
        let count: Int

        init(_ component: Component, after before: Step?) {
            self.component = component
            self.before = before
            count = (before?.count ?? 0) + 1
        }
    }

    /// The steps from the top of the document.
    public var components: [Component] {
        var steps: [Component] = []
        steps.reserveCapacity(count)
        var step = base
        while let s = step {
            steps.append(s.component)
            step = s.before
        }
        steps.reverse()
        if let last { steps.append(last) }
        return steps
    }

    /// The path of the whole document (empty), or of `components`.
    public init(_ components: [Component] = []) {
        base = nil
        for c in components { base = Step(c, after: base) }
        last = nil
    }

    /// The path of member `key` of the value at this path.
    public func key(_ key: String) -> JSONPath { appending(.key(key)) }

    /// The path of element `index` of the array at this path.
    public func index(_ index: Int) -> JSONPath { appending(.index(index)) }

    private func appending(_ component: Component) -> JSONPath {
        var p = self
        if let last = p.last { p.base = Step(last, after: p.base) }
        p.last = component
        return p
    }

    /// The same path with its last step among the others, so that the paths one step below it
    /// share its steps (an object whose members' paths are made settles its own first).
    package var settled: JSONPath {
        guard let last else { return self }
        var p = self
        p.base = Step(last, after: base)
        p.last = nil
        return p
    }

    /// Steps into `component` in place (the reader keeps one path as a stack, when it keeps
    /// one: to explain an error).
    package mutating func push(_ component: Component) {
        if let last { base = Step(last, after: base) }
        last = component
    }

    /// Steps back out of the last component.
    package mutating func pop() {
        if last != nil {
            last = nil
        } else {
            base = base?.before
        }
    }

    /// Whether this is the path of the whole document.
    public var isEmpty: Bool { base == nil && last == nil }

    /// Whether two paths have the same steps (however they are kept).
    public static func == (a: JSONPath, b: JSONPath) -> Bool {
        a.count == b.count && a.components == b.components
    }

    /// Hashes the steps (however they are kept).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for c in components { hasher.combine(c) }
    }

    private var count: Int { (base?.count ?? 0) + (last == nil ? 0 : 1) }

    /// `root.sublayers[2].animations.pulse.duration`; keys that are not plain identifiers are
    /// quoted (`keys["Page Up"]`), keys longer than 64 characters are shortened (`kkk…`).
    public var description: String {
        var out = ""
        for c in components {
            switch c {
            case .index(let i):
                out += "[\(i)]"
            case .key(let long):
                let k = JSONPath.shortened(long)
                if JSONPath.isIdentifier(k) {
                    out += out.isEmpty ? k : "." + k
                } else {
                    out += "[\"\(k.replacingOccurrences(of: "\"", with: "\\\""))\"]"
                }
            }
        }
        return out
    }

    /// `key` as paths and messages quote it: a key longer than 64 characters is shortened to
    /// its first 48 and an ellipsis (`kkk…`), so that a message stays readable (and bounded)
    /// whatever the file's keys.
    public static func shortened(_ key: String) -> String {
        key.count > 64 ? String(key.prefix(48)) + "…" : key
    }

    private static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return s.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "$"
        }
    }
}

extension JSONValue {
    /// The path from this value (the top of a document) to `target`, one of its values. A
    /// decoder can keep values without their paths and work a path out only for the value an
    /// error names (making each value's path as it read it was a tenth of decoding a 1 MB
    /// Lottie file). Nil when `target` is not in the document.
    ///
    /// - A value of the same tape is found by its node: each step is the member or element
    ///   whose nodes hold the target's.
    /// - A value of another tape (a value made in code from the document's) is found by
    ///   position: every value of a read document starts at its own place, and the members and
    ///   elements of a value are in file order, so each step is the last child starting at or
    ///   before the target.
    public func path(to target: JSONValue) -> JSONPath? {
        guard target.tape === tape else { return path(toPosition: target.position) }
        guard target.index >= index, target.index < tape.next(after: index) else { return nil }
        var path = JSONPath()
        var node = index
        while node != target.index {
            var child = node + 1
            switch tape.nodes[node].tag {
            case .object:
                while tape.next(after: child + 1) <= target.index { child = tape.next(after: child + 1) }
                path.push(.key(tape.strings[tape.nodes[child].stringIndex]))
                node = child + 1
            case .array:
                var i = 0
                while tape.next(after: child) <= target.index {
                    child = tape.next(after: child)
                    i += 1
                }
                path.push(.index(i))
                node = child
            default:
                return nil
            }
        }
        return path
    }

    private func path(toPosition place: SourcePosition) -> JSONPath? {
        var path = JSONPath()
        var node = self
        while node.position != place {
            switch node.kind {
            case .object(let members):
                guard let member = members.last(where: { $0.value.position <= place }) else { return nil }
                path.push(.key(member.key))
                node = member.value
            case .array(let elements):
                // Binary search: arrays (a file's layers, a path's vertices) may be long.
                var lo = 0, hi = elements.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if elements[mid].position <= place { lo = mid + 1 } else { hi = mid }
                }
                guard lo > 0 else { return nil }
                path.push(.index(lo - 1))
                node = elements[lo - 1]
            default:
                return nil
            }
        }
        return path
    }
}
