/// Decoding a Lottie (Bodymovin) file into `CompositionModel`: the composition, its assets,
/// layers, transforms, masks and shape items. Values the format allows but glayers does not
/// play are reported once each (`CompatibilityReport`) and skipped; values of the wrong type are
/// errors with their place in the file.
import Foundation
import GLayersJSON

/// Reads one file. Use `LottieAnimation` to load files.
final class LottieDecoder {
    let file: String
    let baseURL: URL?
    /// The dotLottie archive the document came from, which holds its images.
    let dotLottie: DotLottie?
    let report: CompatibilityReport
    private var layerCount = 0
    /// Shape items decoded so far (at most `Limits.shapeItems`).
    var shapeItemCount = 0

    init(file: String, baseURL: URL?, dotLottie: DotLottie? = nil) {
        self.file = file
        self.baseURL = baseURL
        self.dotLottie = dotLottie
        report = CompatibilityReport(file: file)
    }

    /// The composition at the top of the document.
    func composition(_ root: JSONValue) throws -> CompositionModel {
        let node = Node(root: root)
        guard root.isObject else {
            throw fail("a Lottie file is a JSON object, found \(root.typeDescription)", node)
        }
        let width = try requiredNumber(node, "w")
        let height = try requiredNumber(node, "h")
        let frameRate = try requiredNumber(node, "fr")
        let inPoint = try requiredNumber(node, "ip")
        let outPoint = try requiredNumber(node, "op")
        guard width > 0, height > 0, width <= 100_000, height <= 100_000 else {
            throw fail("the composition size \(width)×\(height) is not in (0, 100000]", node)
        }
        guard frameRate > 0, frameRate <= 1000 else {
            throw fail("the frame rate \(frameRate) is not in (0, 1000]", node["fr"] ?? node)
        }
        guard outPoint > inPoint else {
            throw fail("the out point \(outPoint) is not after the in point \(inPoint)", node["op"] ?? node)
        }
        // A long timeline is only numbers (a loader exported with an out point of 29 million
        // frames plays its first second's keyframes, then holds); past a billion frames, times
        // in seconds would lose the precision of a frame.
        guard outPoint - inPoint <= 1_000_000_000 else {
            throw fail(
                "the composition is \(outPoint - inPoint) frames long (from \(inPoint) to \(outPoint)); "
                    + "at most 1000000000 are played", node["op"] ?? node)
        }
        if (try node["ddd"].map(number) ?? 0) == 1 { report.note("3D layers", at: root, node.path.key("ddd")) }
        if let slots = node["slots"] {
            // Properties' values given by slot (`sid`), which lottie-ios does not read either:
            // each property's own value plays.
            report.note("slots (each property's own value is played)", at: slots.value, node.path.key("slots"))
        }
        var assets: [String: AssetModel] = [:]
        for asset in node["assets"]?.elements ?? [] {
            guard let id = assetID(asset) else { continue }
            assets[id] = try self.asset(asset)
        }
        return CompositionModel(
            size: CGSize(width: width, height: height), frameRate: frameRate, inPoint: inPoint,
            outPoint: outPoint, layers: try layers(node["layers"]), assets: assets,
            name: node["nm"]?.value.string ?? "", fonts: fonts(node["fonts"]), glyphs: try glyphs(node["chars"]))
    }

    /// An asset's `id`: a string, or a number written as JSON writes it.
    private func assetID(_ asset: Node) -> String? {
        guard let id = asset["id"] else { return nil }
        if let s = id.value.string { return s }
        if let n = id.value.number { return JSONValue.format(n) }
        return nil
    }

    private func requiredNumber(_ node: Node, _ key: String) throws -> Double {
        guard let n = node[key] else { throw fail("the composition has no \"\(key)\"", node) }
        return try number(n)
    }

    // MARK: Assets

    private func asset(_ node: Node) throws -> AssetModel {
        if node["layers"] != nil { return .precomp(layers: try layers(node["layers"])) }
        let size = CGSize(width: try number(node, "w", default: 0), height: try number(node, "h", default: 0))
        let name = node["p"]?.value.string ?? ""
        let dir = node["u"]?.value.string ?? ""
        if name.hasPrefix("data:") {
            guard let comma = name.firstIndex(of: ","), name[..<comma].hasSuffix(";base64"),
                let data = Data(
                    base64Encoded: String(name[name.index(after: comma)...]), options: .ignoreUnknownCharacters)
            else { throw fail("an image data URI that is not base64", node["p"] ?? node) }
            return .image(data: data, size: size, name: "embedded image")
        }
        // An image in the dotLottie archive.
        if let dotLottie {
            return .image(
                data: name.isEmpty ? nil : dotLottie.image(directory: dir, name: name), size: size, name: name)
        }
        // An image file beside the Lottie file (`u` is its folder, relative to the file).
        guard !name.isEmpty, let baseURL, !name.contains("\0") else {
            return .image(data: nil, size: size, name: name)
        }
        let url = baseURL.appendingPathComponent(dir).appendingPathComponent(name)
        return .image(data: try? Data(contentsOf: url, options: .mappedIfSafe), size: size, name: url.path)
    }

    // MARK: Layers

    /// The layers at `node` (none when it is absent).
    private func layers(_ node: Node?) throws -> [LayerModel] {
        guard let node else { return [] }
        guard let list = node.elements else {
            throw fail("expected an array of layers, found \(node.value.typeDescription)", node)
        }
        layerCount += list.count
        if layerCount > Limits.layers {
            throw fail("more than \(Limits.layers) layers in the file", node)
        }
        return try list.map(layer)
    }

    private func layer(_ node: Node) throws -> LayerModel {
        guard node.value.isObject else {
            throw fail("expected a layer object, found \(node.value.typeDescription)", node)
        }
        let type = try integer(node, "ty", default: -1)
        let content: LayerContent
        switch type {
        case 0:
            guard let ref = node["refId"]?.value.string else { throw fail("a precomp layer without \"refId\"", node) }
            content = .precomp(
                assetID: ref,
                size: CGSize(width: try number(node, "w", default: 0), height: try number(node, "h", default: 0)))
        case 1:
            let hex = node["sc"]?.value.string ?? "#000000"
            content = .solid(
                color: Self.hexColor(hex),
                size: CGSize(width: try number(node, "sw", default: 0), height: try number(node, "sh", default: 0)))
        case 2:
            content = .image(assetID: node["refId"]?.value.string ?? "")
        case 3:
            content = .null
        case 4:
            content = .shapes(try shapeItems(node["shapes"]))
        case 5:
            if let document = try textDocument(node) {
                content = .text(document)
            } else {
                report.note("text layers without a document", at: node.value, node.path)
                content = .unsupported
            }
        default:
            report.note("layers of type \(type)", at: node.value, node.path)
            content = .unsupported
        }
        let transform = try node["ks"].map { try self.transform($0) } ?? TransformModel()
        let masks = try (node["masksProperties"]?.elements ?? []).compactMap(mask)
        let tt = try integer(node, "tt", default: 0)
        var matte: MatteMode?
        if tt != 0 {
            matte = MatteMode(rawValue: tt)
            if matte == .luma || matte == .lumaInverted {
                report.note("luma mattes (not applied, as lottie-ios)", at: node.value, node.path.key("tt"))
            }
            if matte == nil { report.note("track matte mode \(tt)", at: node.value, node.path.key("tt")) }
        }
        if let blur = node["mb"], blur.value.bool == true || blur.value.number == 1 {
            report.note("motion blur", at: blur.value, node.path.key("mb"))
        }
        let bm = try integer(node, "bm", default: 0)
        if bm != 0 && LottieBuilder.blendFilter(bm) == nil {
            report.note("layer blend modes add and hard mix", at: node.value, node.path.key("bm"))
        } else if bm != 0, let matte, matte != .luma, matte != .lumaInverted {
            // lottie-ios sets the mode on the layer inside its matte's container, and Core
            // Animation draws a masked layer's tree apart: the mode blends with nothing there.
            report.note(
                "blend modes of layers with a track matte (blended inside the matte, as lottie-ios)", at: node.value,
                node.path.key("bm"))
        }
        var shadow: ShadowModel?
        for (i, effect) in (node["ef"]?.elements ?? []).enumerated() {
            let ty = try integer(effect, "ty", default: -1)
            if ty == 25, (effect["en"]?.value.number ?? 1) != 0 {
                shadow = try dropShadowEffect(effect)
            } else {
                report.note("layer effects other than drop shadow", at: effect.value, node.path.key("ef").index(i))
            }
        }
        for style in node["sy"]?.elements ?? [] {
            if try integer(style, "ty", default: -1) == 1 {
                shadow = try dropShadowStyle(style)
            } else {
                report.note("layer styles other than drop shadow", at: style.value, style.path)
            }
        }
        let remap = try scalarProperty(node, "tm")
        if type != 0, remap != nil {
            report.note("time remapping on a layer that is not a precomp", at: node.value, node.path.key("tm"))
        }
        let stretch = try number(node, "sr", default: 1)
        return LayerModel(
            name: node["nm"]?.value.string ?? "", index: try node["ind"].map { try integer($0) },
            parent: try node["parent"].map { try integer($0) }, content: content, transform: transform,
            autoOrient: (try number(node, "ao", default: 0)) == 1,
            inPoint: try number(node, "ip", default: 0), outPoint: try number(node, "op", default: 0),
            startTime: try number(node, "st", default: 0), stretch: stretch == 0 ? 1 : stretch,
            timeRemap: type == 0 ? remap : nil, masks: masks, matte: matte,
            isMatteSource: (try number(node, "td", default: 0)) != 0,
            matteParent: try node["tp"].map { try integer($0) },
            hidden: node["hd"]?.value.bool ?? false, blendMode: bm, shadow: shadow, path: node.path)
    }

    /// `#rrggbb` as RGBA in 0…1 (black when unreadable).
    static func hexColor(_ hex: String) -> [Double] {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count >= 6, let v = UInt32(digits.prefix(6), radix: 16) else { return [0, 0, 0, 1] }
        return [Double(v >> 16 & 0xFF) / 255, Double(v >> 8 & 0xFF) / 255, Double(v & 0xFF) / 255, 1]
    }

    func transform(_ node: Node) throws -> TransformModel {
        var t = TransformModel()
        t.anchor = try vectorProperty(node, "a", default: [0, 0])
        if let p = node["p"], p["s"]?.value.bool == true {
            t.position = nil
            t.positionX = try scalarProperty(p, "x", default: 0)
            t.positionY = try scalarProperty(p, "y", default: 0)
        } else {
            t.position = try vectorProperty(node, "p", default: [0, 0], spatial: true)
        }
        t.scale = try vectorProperty(node, "s", default: [100, 100])
        if let r = node["r"] {
            t.rotation = try animated(r, scalar)
        } else if let rz = node["rz"] {
            t.rotation = try animated(rz, scalar)
        }
        t.rotationX = try scalarProperty(node, "rx", default: 0)
        t.rotationY = try scalarProperty(node, "ry", default: 0)
        if let orientation = node["or"] {
            report.note("3D orientation", at: orientation.value, node.path.key("or"))
        }
        t.skew = try scalarProperty(node, "sk", default: 0)
        t.skewAxis = try scalarProperty(node, "sa", default: 0)
        t.opacity = try scalarProperty(node, "o", default: 100)
        return t
    }

    private func mask(_ node: Node) throws -> MaskModel? {
        let modeName = node["mode"]?.value.string ?? "a"
        guard let mode = MaskModel.Mode(rawValue: modeName) else {
            report.note("mask mode \"\(modeName)\"", at: node.value, node.path.key("mode"))
            return nil
        }
        guard let pt = node["pt"] else { return nil }
        if mode == .lighten || mode == .darken || mode == .difference {
            report.note(
                "mask modes lighten, darken and difference (drawn as add, intersect and intersect, as lottie-ios)",
                at: node.value, node.path.key("mode"))
        }
        let inverted = node["inv"]?.value.bool ?? false
        if inverted && (mode == .intersect || mode == .darken || mode == .difference) {
            report.note(
                "inverted intersecting masks (drawn not inverted, as lottie-ios)", at: node.value, node.path.key("inv"))
        }
        let expansion = try scalarProperty(node, "x", default: 0)
        if expansion.isAnimated || expansion.initial != 0 {
            report.note("mask expansion", at: node.value, node.path.key("x"))
        }
        let feather = try vectorProperty(node, "f", default: [0, 0])
        if feather.isAnimated || feather.initial.contains(where: { $0 != 0 }) {
            report.note("mask feather", at: node.value, node.path.key("f"))
        }
        let opacity = try scalarProperty(node, "o", default: 100)
        if opacity.isAnimated || opacity.initial != 100 {
            report.note("mask opacity (not applied, as lottie-ios)", at: node.value, node.path.key("o"))
        }
        return MaskModel(
            mode: mode, path: try animated(pt, shape), inverted: inverted,
            expansion: expansion)
    }

    private func dropShadowEffect(_ node: Node) throws -> ShadowModel? {
        // The effect's values by their index: 0 colour, 1 opacity (0–255), 2 direction,
        // 3 distance, 4 softness.
        let values = node["ef"]?.elements ?? []
        func value(_ i: Int) -> Node? { i < values.count ? values[i]["v"] : nil }
        guard let c = value(0), let o = value(1), let a = value(2), let d = value(3), let s = value(4) else {
            return nil
        }
        return ShadowModel(
            color: try animated(c) { try numbers($0) }, opacity: try animated(o, scalar).map { $0 / 255 },
            angle: try animated(a, scalar).map { $0 - 90 }, distance: try animated(d, scalar),
            softness: try animated(s, scalar).map { $0 / 5 })
    }

    private func dropShadowStyle(_ node: Node) throws -> ShadowModel {
        ShadowModel(
            color: try colorProperty(node, "c"), opacity: try scalarProperty(node, "o", default: 75).map { $0 / 100 },
            angle: try scalarProperty(node, "a", default: 120), distance: try scalarProperty(node, "d", default: 5),
            softness: try scalarProperty(node, "s", default: 5).map { $0 / 2 })
    }
}
