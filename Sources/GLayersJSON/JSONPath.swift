/// Paths into a JSON document as error messages show them: `root.sublayers[2].animations.pulse`.
import Foundation

/// A path from the top of a JSON document to one of its values.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step: an object member or an array element.
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The steps from the top of the document, but the last one while it is kept apart.
    private var base: [Component]
    /// The last step, kept apart so that a path one step below another shares the other's
    /// steps (every member of a decoded object has a path, which error messages alone read:
    /// copying the steps for each was an array made and freed per member).
    private var last: Component?

    /// The steps from the top of the document.
    public var components: [Component] { last.map { base + [$0] } ?? base }

    /// The path of the whole document (empty).
    public init(_ components: [Component] = []) {
        base = components
        last = nil
    }

    /// The path of member `key` of the value at this path.
    public func key(_ key: String) -> JSONPath { appending(.key(key)) }

    /// The path of element `index` of the array at this path.
    public func index(_ index: Int) -> JSONPath { appending(.index(index)) }

    private func appending(_ component: Component) -> JSONPath {
        var p = self
        if let last = p.last { p.base.append(last) }
        p.last = component
        return p
    }

    /// The same path with its last step among the others, so that the paths one step below it
    /// share its steps (an object whose members' paths are made settles its own first).
    package var settled: JSONPath {
        guard let last else { return self }
        var p = self
        p.base.append(last)
        p.last = nil
        return p
    }

    /// Steps into `component` in place (a reader keeps one path as a stack: copying it for each
    /// value it reads made an array per value).
    package mutating func push(_ component: Component) {
        if let last {
            base.append(last)
            self.last = nil
        }
        base.append(component)
    }

    /// Steps back out of the last component.
    package mutating func pop() {
        if last != nil { last = nil } else { base.removeLast() }
    }

    /// Whether this is the path of the whole document.
    public var isEmpty: Bool { base.isEmpty && last == nil }

    /// Whether two paths have the same steps (however they are kept).
    public static func == (a: JSONPath, b: JSONPath) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }

    /// Hashes the steps (however they are kept).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for c in base { hasher.combine(c) }
        if let last { hasher.combine(last) }
    }

    private var count: Int { base.count + (last == nil ? 0 : 1) }

    /// The steps in order, without making an array of them.
    private func elementsEqual(_ other: JSONPath) -> Bool {
        for i in 0..<count where self[i] != other[i] { return false }
        return true
    }

    private subscript(i: Int) -> Component { i < base.count ? base[i] : last.unsafelyUnwrapped }

    /// `root.sublayers[2].animations.pulse.duration`; keys that are not plain identifiers are
    /// quoted (`keys["Page Up"]`), keys longer than 64 characters are shortened (`kkk…`).
    public var description: String {
        var out = ""
        for i in 0..<count {
            let c = self[i]
            switch c {
            case .index(let i):
                out += "[\(i)]"
            case .key(let long):
                let k = long.count > 64 ? String(long.prefix(48)) + "…" : long
                if JSONPath.isIdentifier(k) {
                    out += out.isEmpty ? k : "." + k
                } else {
                    out += "[\"\(k.replacingOccurrences(of: "\"", with: "\\\""))\"]"
                }
            }
        }
        return out
    }

    private static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return s.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "$"
        }
    }
}
