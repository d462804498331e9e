/// The render list as stable, human-readable text: one line for the frame, one per clip, one
/// per pass and one per draw item. Tests compare it with checked-in goldens (most flattening
/// bugs show here without a GPU), and `glayers dump --render-list` prints it.
///
/// Stable means the same frame gives the same text on every run and machine:
/// - numbers are rounded to 3 decimals (5 for a matrix's w column, which holds small
///   perspective terms such as −1/500), so float rounding differences vanish;
/// - images are named by their order of first appearance and their pixel size (`#0 64x64`),
///   never by their identity, which counts images made by the process;
/// - a rasterized pass shows only that it is `cached`, not its key (a hash seeded per process).
///
/// Format (fields after the first few appear only when they differ from the default):
///
///     frame 200x100 scale 1 clear rgba(0, 0, 0, 1)
///     clip 0 rect (0, 0, 50, 50) radius 8 parent -1 m T(10, 10)
///     pass 1 local source (0, 0, 64, 64) scale 2 cached
///       item L3 rect (0, 0, 64, 64) m I image #0 128x128 dst (0, 0, 64, 64)
///     pass 0 screen source (0, 0, 200, 100) scale 1 deps 1
///       item L0 rect (0, 0, 200, 100) m I bg rgba(0, 0, 0, 1) opaque
///       item L1 rect (0, 0, 30, 40) m [0.955 0.296 0 0; -0.296 0.955 0 0; 0 0 1 0; 10 20 0 1] opacity 0.5 pass pass1
///
/// A pass whose shadow is drawn without its content (a `shadowPath`) ends its shadow with
/// `only`. Continuous corners add `continuous` after the radius; an item or clip with edges
/// drawn hard adds `aaEdges N` (the bits of its anti-aliased edges); a placement with filters
/// other than linear adds `min F`, `mag F` and `bias B`. Matrices are `I` (identity), `T(x, y)`
/// or `T(x, y, z)` (a translation), or all 16 entries row by row (m11 … m44, rows separated
/// by `;`), compared after rounding.
import Foundation

extension RenderList {
    /// The frame as stable text (see the file's description of the format).
    public func dump() -> String {
        var names = ImageNames(images: images)
        var out = "frame \(pixelWidth)x\(pixelHeight) scale \(fmt(scale)) clear \(clearColor)\n"
        for (i, c) in clips.enumerated() {
            out += "clip \(i) rect \(c.rect) radius \(fmt(c.cornerRadius))"
            if c.roundedCorners != 0xF { out += " corners \(c.roundedCorners)" }
            if c.cornerCurve != .circular { out += " \(c.cornerCurve)" }
            if c.antialiasedEdges != .all { out += " aaEdges \(c.antialiasedEdges.rawValue)" }
            out += " parent \(c.parent) m \(TextDump.matrix(c.transform))\n"
        }
        for (i, p) in passes.enumerated() {
            out += "pass \(i) \(p.screenSpace ? "screen" : "local") source \(p.sourceRect) scale \(fmt(p.scale))"
            if p.cacheKey != nil { out += " cached" }
            if !p.dependencies.isEmpty {
                out += " deps \(p.dependencies.map { String($0.index) }.joined(separator: ","))"
            }
            out += TextDump.effects(p.effects) + "\n"
            for item in items[p.itemRange] { out += "  " + describe(item, &names) + "\n" }
        }
        return out
    }

    private func describe(_ i: DrawItem, _ names: inout ImageNames) -> String {
        var s = "item L\(i.layerIndex) rect \(i.rect) m \(TextDump.matrix(i.transform))"
        if i.opacity != 1 { s += " opacity \(fmt(i.opacity))" }
        if !i.background.isClear { s += " bg \(i.background)" }
        switch i.content {
        case .none: break
        case .image(let id, let p): s += " image \(names.name(id)) \(TextDump.placement(p))"
        case .crossfade(let a, let b, let t, let p):
            s += " crossfade \(names.name(a)) -> \(names.name(b)) \(fmt(t)) \(TextDump.placement(p))"
        case .pass(let p): s += " pass \(p)"
        case .blurredShape(let sigma): s += " blurredShape sigma \(fmt(sigma))"
        case .trimmedStroke(let id, let lengths, let t, let p):
            s += " stroke \(names.name(id)) lengths \(names.name(lengths)) trim \(fmt(t.start))…\(fmt(t.end))"
            if t.loop > 0 { s += " loop \(fmt(t.loop))" }
            if t.capRadius > 0 { s += " roundCaps \(fmt(t.capRadius))" }
            s += " \(TextDump.placement(p))"
        }
        if i.cornerRadius > 0 {
            s += " radius \(fmt(i.cornerRadius))" + (i.roundedCorners == 0xF ? "" : " corners \(i.roundedCorners)")
            if i.cornerCurve != .circular { s += " \(i.cornerCurve)" }
        }
        if i.antialiasedEdges != .all { s += " aaEdges \(i.antialiasedEdges.rawValue)" }
        if i.clipsContent { s += " clipsContent" }
        if i.borderWidth > 0 { s += " border \(fmt(i.borderWidth)) \(i.borderColor)" }
        if i.clip >= 0 { s += " clip \(i.clip)" }
        if !i.doubleSided { s += " singleSided" }
        if i.opaque { s += " opaque" }
        if i.blend != .normal { s += " blend \(i.blend.rawValue)" }
        if let tint = i.contentTint { s += " tint \(tint)" }
        if i.backdropFilters >= 0 {
            let chain =
                filterChains.indices.contains(Int(i.backdropFilters)) ? filterChains[Int(i.backdropFilters)] : []
            s += " backdrop [\(TextDump.filters(chain))]"
        }
        return s
    }
}

/// Names images by their order of first appearance in a dump, with their pixel size.
private struct ImageNames {
    let images: [ImageID: any RenderImage]
    var order: [ImageID: Int] = [:]

    init(images: [ImageID: any RenderImage]) { self.images = images }

    /// `#N WxH` (`#N ?` when the list holds no pixels for the image).
    mutating func name(_ id: ImageID) -> String {
        let n: Int
        if let known = order[id] {
            n = known
        } else {
            n = order.count
            order[id] = n
        }
        guard let image = images[id] else { return "#\(n) ?" }
        return "#\(n) \(image.pixelWidth)x\(image.pixelHeight)"
    }
}

/// Text of the render list's value types, rounded for stability.
private enum TextDump {
    /// Decimals of a matrix's w column (m14, m24, m34, m44): perspective terms are small.
    static let wColumnDecimals = 5

    static func matrix(_ m: Matrix4) -> String {
        let text = (0..<16).map { i in fmt(m.m[i], decimals: i % 4 == 3 ? wColumnDecimals : 3) }
        let identity = (0..<16).map { i in fmt(Matrix4.identity.m[i]) }
        if text == identity { return "I" }
        let isTranslation = (0..<16).allSatisfy { i in (12...14).contains(i) || text[i] == identity[i] }
        if isTranslation {
            return text[14] == "0" ? "T(\(text[12]), \(text[13]))" : "T(\(text[12]), \(text[13]), \(text[14]))"
        }
        return "["
            + stride(from: 0, to: 16, by: 4).map { text[$0..<$0 + 4].joined(separator: " ") }.joined(separator: "; ")
            + "]"
    }

    static func placement(_ p: ContentPlacement) -> String {
        var s = "dst \(p.destination)"
        if p.source != .unit { s += " src \(p.source)" }
        if let c = p.center { s += " center \(c) natural (\(fmt(p.naturalSize.width)), \(fmt(p.naturalSize.height)))" }
        if p.minificationFilter != .linear { s += " min \(p.minificationFilter)" }
        if p.magnificationFilter != .linear { s += " mag \(p.magnificationFilter)" }
        if p.minificationFilterBias != 0 { s += " bias \(fmt(p.minificationFilterBias))" }
        return s
    }

    static func effects(_ e: PassEffects) -> String {
        var s = ""
        if !e.filters.isEmpty { s += " filters [\(filters(e.filters))]" }
        if let sh = e.shadow {
            s += " shadow \(sh.color) offset (\(fmt(sh.offsetX)), \(fmt(sh.offsetY))) sigma \(fmt(sh.sigma))"
            if sh.shadowOnly { s += " only" }
        }
        if let m = e.mask { s += " mask \(m)" }
        if let t = e.transition {
            s += " transition \(t.kind.rawValue) \(t.direction.rawValue) \(fmt(t.progress)) before \(t.before)"
        }
        return s
    }

    static func filters(_ chain: [FilterOp]) -> String {
        chain.map { op in
            switch op {
            case .gaussianBlur(let sigma): return "blur sigma \(fmt(sigma))"
            case .bloom(let sigma, let intensity): return "bloom sigma \(fmt(sigma)) intensity \(fmt(intensity))"
            case .colorMatrix(let m): return "colorMatrix (\(m.map { fmt($0) }.joined(separator: " ")))"
            }
        }.joined(separator: ", ")
    }
}
