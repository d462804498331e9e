/// `Scene`: a JSON scene file loaded into a live-able layer tree with its behaviours.
///
/// Loading reads the file (at most 16 MiB), parses it with positions, decodes the layer tree
/// and the behaviours, and collects every error it finds; a scene with any error is refused
/// (`SceneErrors`). A loaded scene is laid out at its `size` and its bindings are applied
/// without animation. The tree is not live until a host shows it (`CALayerHost(rootLayer:)`):
/// the `glayers` command does that, and drives time with `CATransaction.flush()`.
import Foundation
import GLayers
@_exported import GLayersJSON
import GLayersLottie

/// A scene: a layer tree, its window settings, and what keys and clicks do to it.
public final class Scene {
    /// The file name errors and dumps name.
    public let fileName: String
    /// The window title (`name`; the file's base name by default).
    public let name: String
    /// The window size in points (`size`; 800 × 600 by default).
    public let size: CGSize
    /// The largest side of a scene, in points (frames are at most 16384 pixels per side on the
    /// OpenGL implementations glayers runs on).
    public static let maximumSide: CGFloat = 16384
    /// The most layers (masks included) a scene may hold.
    public static let maximumLayerCount = 250_000
    /// The largest scale a scene may ask for.
    public static let maximumScale: CGFloat = 8
    /// The scale of pixels to points (`scale`; 1 by default; HiDPI screens use 2).
    public let scale: CGFloat
    /// The colour the window is cleared with behind the root layer (`background`; black).
    public let backgroundColor: CGColor
    /// The root of the layer tree; it follows the window's size (`layout(size:)`).
    public let rootLayer: CALayer

    /// The Lottie player, when the file is a Lottie animation rather than a scene: the root
    /// layer, fitting the composition to the scene's size and playing it in a loop from the
    /// load.
    public private(set) var lottieLayer: LottieLayer?
    /// What the scene (or Lottie file) uses that is not played, and what could not be built,
    /// as `file:line:column: path: message` lines; the scene plays without it.
    public private(set) var warnings: [String] = []

    let behaviours: Behaviours
    var stateValues: [String: Int]
    /// Scene-relative paths of the images loaded, by image identity (for dumps).
    let imagePaths: [UInt64: String]

    /// The keys a scene's top level accepts.
    static let topLevelKeys: Set<String> = [
        "$schema", "name", "size", "scale", "background", "root", "state", "keys", "clicks", "bindings", "transaction",
    ]

    private init(
        fileName: String, name: String, size: CGSize, scale: CGFloat, background: CGColor, root: CALayer,
        behaviours: Behaviours, imagePaths: [UInt64: String]
    ) {
        self.fileName = fileName
        self.name = name
        self.size = size
        self.scale = scale
        backgroundColor = background
        rootLayer = root
        self.behaviours = behaviours
        self.imagePaths = imagePaths
        stateValues = Dictionary(uniqueKeysWithValues: behaviours.states.map { ($0.name, $0.initial) })
    }

    /// A scene of a layer tree built in code, without behaviours (`name` stands for its file
    /// name too).
    public convenience init(root: CALayer, name: String, size: CGSize) {
        self.init(
            fileName: name, name: name, size: size, scale: 1, background: .black, root: root,
            behaviours: Behaviours(), imagePaths: [:])
    }

    // MARK: Loading

    /// Loads the scene file at `url`; images are read relative to its folder.
    ///
    /// - Throws `SceneErrors` naming the file, line, column and JSON path of every problem.
    public static func load(contentsOf url: URL) throws -> Scene {
        let fileName = url.isFileURL ? url.relativePath : url.absoluteString
        let data: Data
        do {
            // stat, not FileManager's attributes, which look up the owner's user and group
            // names (the system's user database, a library loaded for it on some systems).
            var info = stat()
            if url.isFileURL, stat(url.path, &info) == 0, let size = Int(exactly: info.st_size),
                size > JSONReader.maximumSize
            {
                throw SceneErrors([
                    fileError(
                        fileName,
                        "the file is \(size) bytes; scenes are limited to \(JSONReader.maximumSize) bytes (16 MiB)")
                ])
            }
            data = try Data(contentsOf: url)
        } catch let e as SceneErrors {
            throw e
        } catch {
            throw SceneErrors([fileError(fileName, "cannot read the file: \(error.localizedDescription)")])
        }
        return try load(data: data, fileName: fileName, baseURL: url.deletingLastPathComponent())
    }

    /// Loads a scene from `data`; `fileName` names it in errors; images are read relative to
    /// `baseURL` (none can be loaded without one).
    ///
    /// - Throws `SceneErrors`.
    public static func load(data: Data, fileName: String, baseURL: URL? = nil) throws -> Scene {
        try load(data: data, fileName: fileName, baseURL: baseURL, maximumLayerCount: maximumLayerCount)
    }

    /// Loads a scene from `data` holding at most `maximumLayerCount` layers (tests lower it to
    /// reach the limit quickly).
    static func load(data: Data, fileName: String, baseURL: URL?, maximumLayerCount: Int) throws -> Scene {
        if LottieAnimation.isDotLottie(data) {
            return try lottie(fileName: fileName) { try LottieAnimation(data: data, name: fileName, baseURL: baseURL) }
        }
        let document: JSONValue
        do {
            document = try JSONReader.parse(data)
        } catch let e as JSONSyntaxError {
            throw SceneErrors([SceneError(file: fileName, position: e.position, path: e.path, message: e.message)])
        }
        if LottieAnimation.isLottie(document) {
            return try lottie(fileName: fileName) {
                try LottieAnimation(document: document, name: fileName, baseURL: baseURL)
            }
        }
        let ctx = DecodeContext(file: fileName, baseURL: baseURL)
        ctx.maximumLayerCount = maximumLayerCount
        // Layout problems are reported at the root layer's object (or the document).
        let layoutNode = document["root"] ?? document
        let scene = decode(document, ctx)
        if let scene, ctx.log.errors.isEmpty {
            let problems = Diagnostics.capture { scene.layout(size: scene.size) }.warnings
            for p in problems { ctx.fail("layout: \(p)", layoutNode, JSONPath().key("root")) }
        }
        guard let scene, ctx.log.errors.isEmpty else { throw SceneErrors(ctx.log.errors) }
        scene.warnings = ctx.warnings
        return scene
    }

    /// A Lottie file as a scene: a `LottieLayer` of the composition's size (scaled down to the
    /// largest scene side), on a transparent background, looping from the load; its errors as
    /// scene errors.
    private static func lottie(fileName: String, _ make: () throws -> LottieAnimation) throws -> Scene {
        let animation: LottieAnimation
        do {
            animation = try make()
        } catch let e as LottieError {
            throw SceneErrors([SceneError(file: e.file, position: e.position, path: e.path, message: e.message)])
        }
        var size = animation.size
        let longest = max(size.width, size.height)
        if longest > Scene.maximumSide {
            size = CGSize(
                width: size.width * Scene.maximumSide / longest, height: size.height * Scene.maximumSide / longest)
        }
        let player = LottieLayer(animation: nil)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        player.animation = animation
        player.loopMode = .loop
        player.play()
        CATransaction.commit()
        let base = (fileName as NSString).lastPathComponent
        let scene = Scene(
            fileName: fileName,
            name: animation.name.isEmpty ? (base as NSString).deletingPathExtension : animation.name,
            size: CGSize(width: size.width.rounded(.up), height: size.height.rounded(.up)), scale: 1,
            background: CGColor(red: 0, green: 0, blue: 0, alpha: 0), root: player, behaviours: Behaviours(),
            imagePaths: [:])
        scene.lottieLayer = player
        scene.warnings = animation.unsupportedFeatures.map(\.description) + player.warnings.map { "\(fileName): \($0)" }
        scene.layout(size: scene.size)
        return scene
    }

    private static func fileError(_ file: String, _ message: String) -> SceneError {
        SceneError(file: file, position: SourcePosition(line: 1, column: 1), path: JSONPath(), message: message)
    }

    private static func decode(_ document: JSONValue, _ ctx: DecodeContext) -> Scene? {
        guard let top = ctx.object(document, JSONPath(), "a scene object { \"root\": { … } }") else { return nil }
        ctx.checkKeys(top, allowed: topLevelKeys, in: "a scene")
        let base = (ctx.log.file as NSString).lastPathComponent
        var name = (base as NSString).deletingPathExtension
        if let (v, p) = top.member("name"), let s = ctx.string(v, p) { name = s }
        var size = CGSize(width: 800, height: 600)
        if let (v, p) = top.member("size"), let s = ctx.size(v, p) {
            if !(s.width > 0 && s.height > 0) {
                ctx.fail("the size must be positive", v, p)
            } else if s.width > Scene.maximumSide || s.height > Scene.maximumSide {
                ctx.fail("the size must be at most \(Int(Scene.maximumSide)) points per side", v, p)
            } else {
                size = s
            }
        }
        var scale: CGFloat = 1
        if let (v, p) = top.member("scale"), let s = ctx.positive(v, p) {
            if s <= Scene.maximumScale {
                scale = s
            } else {
                ctx.fail("the scale must be at most \(Int(Scene.maximumScale))", v, p)
            }
        }
        var background = CGColor.black
        if let (v, p) = top.member("background"), let c = ctx.color(v, p) { background = c }
        ctx.rootSize = size
        let index = LayerIndex()
        guard let r = top["root"] else {
            ctx.fail("a scene needs a \"root\" layer", document, JSONPath())
            return nil
        }
        guard let root = ctx.layer(r, top.path.key("root"), isRoot: true, index: index) else { return nil }
        let behaviours = decodeBehaviours(top, ctx, index)
        return Scene(
            fileName: ctx.log.file, name: name, size: size, scale: scale, background: background, root: root,
            behaviours: behaviours, imagePaths: ctx.imagePaths)
    }

    private static func decodeBehaviours(_ top: ObjectNode, _ ctx: DecodeContext, _ index: LayerIndex) -> Behaviours {
        var b = Behaviours()
        var scope = BehaviourScope(index: index)
        if let (v, p) = top.member("state") { b.states = ctx.stateVariables(v, p) }
        scope.states = Dictionary(b.states.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        if let (v, p) = top.member("transaction") { b.transaction = ctx.transactionSpec(v, p) }
        if let (v, p) = top.member("keys") { b.keys = ctx.keyBindings(v, p, scope) }
        if let (v, p) = top.member("clicks") { b.clicks = ctx.clickBindings(v, p, scope) }
        if let (v, p) = top.member("bindings") { b.bindings = ctx.bindings(v, p, scope) }
        return b
    }

    // MARK: State

    /// The names of the scene's state variables, in file order.
    public var stateNames: [String] { behaviours.states.map(\.name) }

    /// The current value of state variable `name` (nil for an unknown name).
    public func value(ofState name: String) -> Int? { stateValues[name] }

    /// The X11 keysym names the scene binds, sorted.
    public var boundKeys: [String] { behaviours.keys.keys.sorted() }
}
