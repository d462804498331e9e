/// Paths into a JSON document as error messages show them: `root.sublayers[2].animations.pulse`.
import Foundation

/// A path from the top of a JSON document to one of its values.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step: an object member or an array element.
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The steps from the top of the document.
    public private(set) var components: [Component]

    /// The path of the whole document (empty).
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The path of member `key` of the value at this path.
    public func key(_ key: String) -> JSONPath {
        var p = self
        p.components.append(.key(key))
        return p
    }

    /// The path of element `index` of the array at this path.
    public func index(_ index: Int) -> JSONPath {
        var p = self
        p.components.append(.index(index))
        return p
    }

    /// Steps into `component` in place (a reader keeps one path as a stack: copying it for each
    /// value it reads made an array per value).
    package mutating func push(_ component: Component) { components.append(component) }

    /// Steps back out of the last component.
    package mutating func pop() { components.removeLast() }

    /// Whether this is the path of the whole document.
    public var isEmpty: Bool { components.isEmpty }

    /// `root.sublayers[2].animations.pulse.duration`; keys that are not plain identifiers are
    /// quoted (`keys["Page Up"]`), keys longer than 64 characters are shortened (`kkk…`).
    public var description: String {
        var out = ""
        for c in components {
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
