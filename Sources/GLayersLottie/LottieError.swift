/// What goes wrong reading a Lottie file: errors that refuse it (with the file, line, column and
/// JSON path of the value), and the features glayers does not play, reported once each with
/// the path of their first use (as lottie-ios's compatibility report does) while playback
/// carries on without them.
import Foundation
import GLayersJSON

/// A Lottie file that cannot be played: where, and why.
public struct LottieError: Error, Sendable, CustomStringConvertible {
    /// The file name (or the name given with the data).
    public let file: String
    /// Where in the file the offending value starts.
    public let position: SourcePosition
    /// The JSON path of the offending value (`layers[2].ks.p`).
    public let path: JSONPath
    /// What is wrong.
    public let message: String

    /// An error in `file` at `position` (`path`).
    public init(file: String, position: SourcePosition, path: JSONPath, message: String) {
        self.file = file
        self.position = position
        self.path = path
        self.message = message
    }

    /// `file:line:column: path: message`.
    public var description: String {
        let at = path.isEmpty ? "" : "\(path): "
        return "\(file):\(position.line):\(position.column): \(at)\(message)"
    }
}

/// A feature of the file that glayers does not play, with where it is first used.
public struct LottieUnsupportedFeature: Sendable, Hashable, CustomStringConvertible {
    /// The file name (or the name given with the data).
    public let file: String
    /// What is not played ("expressions", "merge paths", "text layers", …).
    public let feature: String
    /// The JSON path of the first use.
    public let path: JSONPath
    /// Where the first use starts.
    public let position: SourcePosition
    /// How many times the file uses it.
    public internal(set) var count: Int

    /// `file:line:column: path: feature not supported (N uses)`, located as errors are.
    public var description: String {
        let uses = count > 1 ? " (\(count) uses)" : ""
        let at = path.isEmpty ? "" : "\(path): "
        return "\(file):\(position.line):\(position.column): \(at)\(feature) not supported\(uses)"
    }
}

/// The unsupported features met while decoding, one entry per feature.
final class CompatibilityReport {
    let file: String
    private(set) var features: [LottieUnsupportedFeature] = []
    private var index: [String: Int] = [:]

    init(file: String) { self.file = file }

    /// Notes one use of `feature` at `node` (`path`).
    func note(_ feature: String, at node: JSONValue, _ path: @autoclosure () -> JSONPath) {
        if let i = index[feature] {
            features[i].count += 1
            return
        }
        index[feature] = features.count
        features.append(
            LottieUnsupportedFeature(file: file, feature: feature, path: path(), position: node.position, count: 1))
    }
}
