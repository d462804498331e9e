/// Errors of scene files: each names the file, the line and column, the JSON path and what was
/// expected, in the form compilers use so editors and terminals can jump to it:
///
///     kiosk.json:12:7: root.sublayers[2].animations.pulse.duration: expected a number ≥ 0, got -1
///
/// Decoding collects every problem it can find (up to `SceneErrors.limit`) rather than stopping
/// at the first.
import Foundation
import GLayersJSON

/// One problem in a scene file.
public struct SceneError: Error, Sendable, CustomStringConvertible {
    /// The file's name as given to the loader (a path or a label).
    public let file: String
    /// Where the problem is.
    public let position: SourcePosition
    /// The JSON path of the offending value (empty for the whole document).
    public let path: JSONPath
    /// What was expected, and what was found.
    public let message: String

    /// An error at `position` (path `path`) of `file`.
    public init(file: String, position: SourcePosition, path: JSONPath, message: String) {
        self.file = file
        self.position = position
        self.path = path
        self.message = message
    }

    /// The line (1-based).
    public var line: Int { position.line }
    /// The column (1-based).
    public var column: Int { position.column }

    /// `file:line:column: path: message` (the path is left out for the whole document).
    public var description: String {
        let at = path.isEmpty ? "" : "\(path): "
        return "\(file):\(position.line):\(position.column): \(at)\(message)"
    }
}

/// Every problem found in a scene file, in file order; what `Scene.load` throws.
public struct SceneErrors: Error, Sendable, CustomStringConvertible {
    /// The most errors reported for one file; decoding stops collecting after this many.
    public static let limit = 50

    /// The errors, sorted by position.
    public let errors: [SceneError]

    /// A list of errors (sorted by position).
    public init(_ errors: [SceneError]) {
        self.errors = errors.enumerated().sorted {
            ($0.element.position, $0.offset) < ($1.element.position, $1.offset)
        }.map(\.element)
    }

    /// One error per line.
    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}

/// Collects errors while a scene is decoded.
final class ErrorLog {
    let file: String
    private(set) var errors: [SceneError] = []

    init(file: String) { self.file = file }

    /// Whether the limit is reached (decoders stop early then).
    var isFull: Bool { errors.count >= SceneErrors.limit }

    /// Records a problem with the value `node` at `path`.
    func report(_ message: String, at node: JSONValue, _ path: JSONPath) {
        report(message, at: node.position, path)
    }

    /// Records a problem at `position`.
    func report(_ message: String, at position: SourcePosition, _ path: JSONPath) {
        guard !isFull else { return }
        errors.append(SceneError(file: file, position: position, path: path, message: Self.bounded(message)))
    }

    /// The longest error message kept: messages quote what the file says, and a file may say
    /// megabytes where a name is expected.
    static let maximumMessageLength = 400

    /// `message`, with its middle elided when it is longer than `maximumMessageLength`.
    static func bounded(_ message: String) -> String {
        guard message.utf8.count > maximumMessageLength else { return message }
        let head = message.prefix(maximumMessageLength / 2), tail = message.suffix(maximumMessageLength / 4)
        return "\(head)… (\(message.count - head.count - tail.count) characters left out) …\(tail)"
    }
}
