/// The state shared by the decoders of one scene file: the error log, the folder images are
/// read from (with a cache, since many layers share a picture), and helpers for JSON objects:
/// checking their keys against what a class declares, with "did you mean" suggestions.
import Foundation
import GLayers
import GLayersJSON
import GLayersLottie

/// A JSON object being decoded, with its path.
struct ObjectNode {
    let node: JSONValue
    let path: JSONPath
    let members: [JSONMember]

    init(node: JSONValue, path: JSONPath, members: [JSONMember]) {
        self.node = node
        // Settled: each member's path (`member(_:)`, the decoder's) then costs no array.
        self.path = path.settled
        self.members = members
    }

    /// The value of `key`, if present.
    subscript(key: String) -> JSONValue? { members.first { $0.key == key }?.value }

    /// Whether `key` is present.
    func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    /// The value of `key` with its path, if present.
    func member(_ key: String) -> (value: JSONValue, path: JSONPath)? {
        guard let v = self[key] else { return nil }
        return (v, path.key(key))
    }
}

/// Shared state of one decoding run.
final class DecodeContext {
    let log: ErrorLog
    /// The folder image paths are relative to (nil: images cannot be loaded).
    let baseURL: URL?
    /// The images loaded, by the path the scene spells (each spelling resolved once) and by
    /// file (`ImageLoads`: one decode per file, a budget for them all).
    private var images: [String: CGImage] = [:]
    private let loads = ImageLoads()
    /// `layerKeys(of:)` of each layer class met.
    var layerKeysByClass: [ObjectIdentifier: LayerKeys] = [:]
    /// The last class `layerKeys(of:)` answered for, and its keys.
    var lastLayerKeys: (id: ObjectIdentifier, keys: LayerKeys)?
    /// `propertyType(of:on:)` of each class and key met.
    var propertyTypes: [PropertyTypeKey: Result<PropertyType, KeyProblem>] = [:]
    /// The scene-relative path of every image loaded, by image identity (for dumps).
    private(set) var imagePaths: [UInt64: String] = [:]
    /// The scene's size: the root layer has it from the start, so sublayers' frames and
    /// autoresizing masks are relative to the window the scene describes.
    var rootSize = CGSize.zero
    /// The emitter layers decoded, whose start the root anchors to the load (`anchorEmitters`).
    var emitters: [CAEmitterLayer] = []
    /// The Lottie files loaded (or refused), by their scene-relative path: each is read once
    /// however many layers play it.
    var lottieFiles: [String: Result<LottieAnimation, LottieError>] = [:]
    /// The Lottie layers decoded, which start playing once the tree is built
    /// (`startLottiePlayers`), with whether they play.
    var lottiePlayers: [(layer: LottieLayer, autoplay: Bool)] = []
    /// What the scene uses that is not played (a Lottie file's unsupported features), as
    /// `file:line:column: path: message` lines: the scene loads with them.
    var warnings: [String] = []
    /// How many layer objects were decoded (at most `maximumLayerCount` are).
    var layerCount = 0
    /// The most layers the scene may hold.
    var maximumLayerCount = Scene.maximumLayerCount

    init(file: String, baseURL: URL?) {
        log = ErrorLog(file: file)
        self.baseURL = baseURL
    }

    /// Records a problem with `node`.
    func fail(_ message: String, _ node: JSONValue, _ path: JSONPath) {
        log.report(message, at: node, path)
    }

    /// Records "expected …, got …" for `node`.
    func expected(_ what: String, _ node: JSONValue, _ path: JSONPath) {
        log.report("expected \(what), got \(node.typeDescription)", at: node, path)
    }

    // MARK: Objects

    /// The object at `node`, or nil (reported as "expected `what`") when it is not an object.
    func object(_ node: JSONValue, _ path: JSONPath, _ what: String) -> ObjectNode? {
        guard let members = node.members else {
            expected(what, node, path)
            return nil
        }
        return ObjectNode(node: node, path: path, members: members)
    }

    /// Reports every key of `object` that is not in `allowed`, suggesting the closest allowed
    /// key; `hint` may explain a key that belongs elsewhere (another class, say).
    func checkKeys(
        _ object: ObjectNode, allowed: Set<String>, in owner: String, hint: (String) -> String? = { _ in nil }
    ) {
        for m in object.members where !allowed.contains(m.key) {
            var message = "unknown key \"\(m.key)\" for \(owner)"
            if let h = hint(m.key) {
                message += "; \(h)"
            } else if let s = Suggestions.closest(to: m.key, among: allowed) {
                message += "; did you mean \"\(s)\"?"
            }
            log.report(message, at: m.keyPosition, object.path.key(m.key))
        }
    }

    /// Reports members of `object` given under two names for the same thing.
    func checkAliases(_ object: ObjectNode, _ pairs: [(String, String)]) {
        for (a, b) in pairs where object.has(a) && object.has(b) {
            if let m = object.members.first(where: { $0.key == b }) {
                log.report(
                    "\"\(a)\" and \"\(b)\" are the same property; give only one", at: m.keyPosition, object.path.key(b))
            }
        }
    }

    // MARK: Images

    /// The image at `relativePath` (relative to the scene file), loaded once.
    func image(_ relativePath: String, _ node: JSONValue, _ path: JSONPath) -> CGImage? {
        if let cached = images[relativePath] { return cached }
        guard let baseURL else {
            fail(
                "cannot load image \"\(relativePath)\": the scene was not read from a file, so relative paths have no folder",
                node, path)
            return nil
        }
        guard !relativePath.isEmpty else {
            fail("expected an image path, got an empty string", node, path)
            return nil
        }
        let url =
            relativePath.hasPrefix("/")
            ? URL(fileURLWithPath: relativePath) : baseURL.appendingPathComponent(relativePath)
        do {
            let image = try loads.image(key: ImageLoads.key(of: url), name: url.relativePath) {
                try CGImage.decode(contentsOf: url)
            }
            images[relativePath] = image
            if imagePaths[image.identity] == nil { imagePaths[image.identity] = relativePath }
            return image
        } catch {
            fail("cannot load image \"\(relativePath)\": \(error)", node, path)
            return nil
        }
    }
}

/// "Did you mean" suggestions by edit distance.
enum Suggestions {
    /// The longest word a suggestion is looked for.
    static let maximumWordLength = 64

    /// The candidate closest to `word` when it is close enough to be a likely typo.
    ///
    /// - Words longer than `maximumWordLength` get no suggestion (no name is that long, and
    ///   comparing a megabyte with every candidate would take minutes).
    static func closest<S: Sequence>(to word: String, among candidates: S) -> String? where S.Element == String {
        guard word.utf8.count <= maximumWordLength else { return nil }
        let lower = word.lowercased()
        var best: (String, Int)?
        for c in candidates.sorted() {
            if c.lowercased() == lower { return c }
            let d = EditDistance.between(lower, c.lowercased())
            if let b = best, b.1 <= d { continue }
            best = (c, d)
        }
        guard let (c, d) = best, d <= max(2, word.count / 3) else { return nil }
        return c
    }
}

/// A layer class and one of its keys (`DecodeContext.propertyTypes`).
struct PropertyTypeKey: Hashable {
    let layerClass: ObjectIdentifier
    let key: String
}
