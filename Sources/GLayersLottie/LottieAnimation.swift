/// `LottieAnimation`: a Lottie (Bodymovin JSON) file, decoded once, ready to be played by any
/// number of `LottieLayer`s.
import Foundation
import GLayers
import GLayersJSON

/// A decoded Lottie file.
public final class LottieAnimation {
    /// The composition's size in its own units (points).
    public let size: CGSize
    /// Frames per second.
    public let frameRate: Double
    /// The first frame (`ip`).
    public let startFrame: Double
    /// The frame at which the animation ends (`op`).
    public let endFrame: Double
    /// The composition's name (`nm`).
    public let name: String
    /// What the file uses that glayers does not play, once per feature with where it is first
    /// used; the rest plays without it.
    public let unsupportedFeatures: [LottieUnsupportedFeature]
    /// The file name errors and warnings name.
    public let fileName: String
    let model: CompositionModel

    /// The length of one play, in seconds.
    public var duration: TimeInterval { (endFrame - startFrame) / frameRate }

    /// The largest file read (16 MiB).
    public static let maximumFileSize = 16 << 20

    /// Reads the Lottie file at `url` (images beside it are read relative to its folder);
    /// `name` names it in errors and warnings (by default its path).
    ///
    /// - Throws `LottieError` with the file, line, column and JSON path of the problem.
    public convenience init(contentsOf url: URL, name: String? = nil) throws {
        let name = name ?? (url.isFileURL ? url.relativePath : url.absoluteString)
        var info = stat()
        if url.isFileURL, stat(url.path, &info) == 0 {
            // A device or a pipe (`/dev/zero`) would be read for ever.
            if (info.st_mode & S_IFMT) != S_IFREG && (info.st_mode & S_IFMT) != S_IFDIR {
                throw LottieError(
                    file: name, position: SourcePosition(line: 1, column: 1), path: JSONPath(),
                    message: "not a regular file")
            }
            if info.st_size > LottieAnimation.maximumFileSize {
                throw LottieError(
                    file: name, position: SourcePosition(line: 1, column: 1), path: JSONPath(),
                    message: "the file is \(info.st_size) bytes; Lottie files are limited to 16 MiB")
            }
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LottieError(
                file: name, position: SourcePosition(line: 1, column: 1), path: JSONPath(),
                message: "cannot read the file: \(error.localizedDescription)")
        }
        try self.init(data: data, name: name, baseURL: url.deletingLastPathComponent())
    }

    /// Decodes Lottie JSON `data`, or a dotLottie archive (`.lottie`: its first animation, with
    /// the images it holds); `name` names it in errors (an archive's animation as
    /// `name (animations/….json)`); image files are read relative to `baseURL` (embedded images
    /// need none).
    public convenience init(data: Data, name: String = "animation.json", baseURL: URL? = nil) throws {
        var dotLottie: DotLottie?
        var json = data, file = name
        if ZipArchive.isArchive(data) {
            do {
                let archive = try DotLottie(data)
                (dotLottie, json, file) = (archive, archive.json, "\(name) (\(archive.animationPath))")
            } catch let e as ZipArchive.Failure {
                throw LottieError(
                    file: name, position: SourcePosition(line: 1, column: 1), path: JSONPath(),
                    message: "a dotLottie archive that cannot be read: \(e.message)")
            }
        }
        let document: JSONValue
        do {
            document = try JSONReader.parse(json)
        } catch let e as JSONSyntaxError {
            throw LottieError(file: file, position: e.position, path: e.path, message: e.message)
        }
        try self.init(document: document, name: file, baseURL: baseURL, dotLottie: dotLottie)
    }

    /// Decodes a parsed Lottie document.
    public convenience init(document: JSONValue, name: String, baseURL: URL? = nil) throws {
        try self.init(document: document, name: name, baseURL: baseURL, dotLottie: nil)
    }

    /// Decodes a parsed Lottie document whose images may be in a dotLottie archive.
    init(document: JSONValue, name: String, baseURL: URL?, dotLottie: DotLottie?) throws {
        let decoder = LottieDecoder(file: name, baseURL: baseURL, dotLottie: dotLottie)
        let model = try decoder.composition(document)
        self.model = model
        size = model.size
        frameRate = model.frameRate
        startFrame = model.inPoint
        endFrame = model.outPoint
        self.name = model.name
        fileName = name
        unsupportedFeatures = decoder.report.features
    }

    /// Whether `data` is a dotLottie archive (`.lottie`, a zip archive) rather than JSON.
    public static func isDotLottie(_ data: Data) -> Bool { ZipArchive.isArchive(data) }

    /// Whether a JSON document is a Lottie file rather than a glayers scene: an object with the
    /// composition's `layers`, frame rate and out point, and no scene `root`.
    public static func isLottie(_ document: JSONValue) -> Bool {
        document["root"] == nil && document["layers"]?.isArray == true && document["fr"] != nil && document["op"] != nil
    }

    /// The layer tree of the composition (its root's local time is the frame ÷ the frame
    /// rate); `warn` receives what cannot be built (missing assets, limits reached).
    func makeLayerTree(warn: @escaping (String) -> Void) -> CALayer {
        LottieBuilder(model: model, warn: warn).build()
    }
}
