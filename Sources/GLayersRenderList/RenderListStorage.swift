/// The render list of one frame and its stable text dump.
import Foundation

/// One frame for the renderer: passes of draw items, clips, and the images they reference.
///
/// - The renderer renders passes in an order that respects `dependencies` (pass 0, the
///   screen, last) and draws each pass's items in order.
public final class RenderList {
    /// Size of the screen pass in pixels.
    @exclusivity(unchecked) public var pixelWidth = 0, pixelHeight = 0
    /// Pixels per point on the screen.
    @exclusivity(unchecked) public var scale: Float = 1
    /// Premultiplied colour the screen is cleared to.
    @exclusivity(unchecked) public var clearColor = Color.clear
    /// `passes[0]` is the screen; the others are offscreen.
    @exclusivity(unchecked) public var passes: [RenderPass] = []
    /// Items of all passes; each pass owns `items[pass.itemRange]`.
    @exclusivity(unchecked) public var items: [DrawItem] = []
    @exclusivity(unchecked) public var clips: [ClipNode] = []
    /// Filter chains referenced by `DrawItem.backdropFilters`.
    @exclusivity(unchecked) public var filterChains: [[FilterOp]] = []
    /// The pixels of every image the items reference.
    @exclusivity(unchecked) public var images: [ImageID: any RenderImage] = [:]
    /// Number of layers flattened (including invisible ones skipped).
    @exclusivity(unchecked) public var layerCount = 0

    public init() {}

    /// Empties the list, keeping its storage for the next frame.
    public func reset(pixelWidth: Int, pixelHeight: Int, scale: Float, clearColor: Color) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        self.clearColor = clearColor
        passes.removeAll(keepingCapacity: true)
        items.removeAll(keepingCapacity: true)
        clips.removeAll(keepingCapacity: true)
        filterChains.removeAll(keepingCapacity: true)
        images.removeAll(keepingCapacity: true)
        layerCount = 0
    }

    /// The items of a pass.
    public func items(of pass: PassID) -> ArraySlice<DrawItem> { items[passes[Int(pass.index)].itemRange] }

    /// Passes in the order they must be rendered (dependencies first, the screen last).
    public func renderOrder() -> [PassID] {
        var order: [PassID] = []
        var state = [UInt8](repeating: 0, count: passes.count)
        func visit(_ i: Int) {
            guard state[i] == 0 else { return }
            state[i] = 1
            for d in passes[i].dependencies where Int(d.index) < passes.count { visit(Int(d.index)) }
            state[i] = 2
            order.append(PassID(i))
        }
        for i in 1..<max(passes.count, 1) { visit(i) }
        if !passes.isEmpty { visit(0) }
        return order
    }

    /// A stable text description of the frame (for tests and `--dump-render-list`).
    public func dump() -> String {
        var out = "frame \(pixelWidth)x\(pixelHeight) scale \(fmt(scale)) clear \(clearColor)\n"
        for (i, c) in clips.enumerated() {
            out += "clip \(i) rect \(c.rect) radius \(fmt(c.cornerRadius)) parent \(c.parent) m \(matrix(c.transform))\n"
        }
        for (i, p) in passes.enumerated() {
            out += "pass \(i) \(p.screenSpace ? "screen" : "local") source \(p.sourceRect) scale \(fmt(p.scale))"
            if let k = p.cacheKey { out += " cache \(k)" }
            if !p.dependencies.isEmpty { out += " deps \(p.dependencies.map { String($0.index) }.joined(separator: ","))" }
            out += describe(p.effects) + "\n"
            for item in items[p.itemRange] { out += "  " + describe(item) + "\n" }
        }
        return out
    }

    private func describe(_ e: PassEffects) -> String {
        var s = ""
        if !e.filters.isEmpty { s += " filters \(e.filters)" }
        if let sh = e.shadow { s += " shadow \(sh.color) offset (\(fmt(sh.offsetX)), \(fmt(sh.offsetY))) sigma \(fmt(sh.sigma))" }
        if let m = e.mask { s += " mask \(m)" }
        if let t = e.transition { s += " transition \(t.kind.rawValue) \(t.direction.rawValue) \(fmt(t.progress)) before \(t.before)" }
        return s
    }

    private func describe(_ i: DrawItem) -> String {
        var s = "item L\(i.layerIndex) rect \(i.rect) m \(matrix(i.transform))"
        if i.opacity != 1 { s += " opacity \(fmt(i.opacity))" }
        if !i.background.isClear { s += " bg \(i.background)" }
        switch i.content {
        case .none: break
        case .image(let id, let p): s += " image \(id) \(placement(p))"
        case .crossfade(let a, let b, let t, let p): s += " crossfade \(a)->\(b) \(fmt(t)) \(placement(p))"
        case .pass(let p): s += " pass \(p)"
        case .blurredShape(let sigma): s += " blurredShape sigma \(fmt(sigma))"
        }
        if i.cornerRadius > 0 { s += " radius \(fmt(i.cornerRadius))" + (i.roundedCorners == 0xF ? "" : " corners \(i.roundedCorners)") }
        if i.clipsContent { s += " clipsContent" }
        if i.borderWidth > 0 { s += " border \(fmt(i.borderWidth)) \(i.borderColor)" }
        if i.clip >= 0 { s += " clip \(i.clip)" }
        if !i.doubleSided { s += " singleSided" }
        if i.opaque { s += " opaque" }
        if i.blend != .normal { s += " blend \(i.blend.rawValue)" }
        if i.backdropFilters >= 0 { s += " backdrop \(filterChains[Int(i.backdropFilters)])" }
        return s
    }

    private func placement(_ p: ContentPlacement) -> String {
        var s = "dst \(p.destination)"
        if p.source != .unit { s += " src \(p.source)" }
        if let c = p.center { s += " center \(c) natural (\(fmt(p.naturalSize.width)), \(fmt(p.naturalSize.height)))" }
        if p.nearest { s += " nearest" }
        return s
    }

    private func matrix(_ m: Matrix4) -> String {
        if m == .identity { return "I" }
        let v = m.m
        let isTranslation = (0..<16).allSatisfy { i in (12...14).contains(i) || v[i] == Matrix4.identity.m[i] }
        if isTranslation {
            return v[14] == 0 ? "T(\(fmt(v[12])), \(fmt(v[13])))" : "T(\(fmt(v[12])), \(fmt(v[13])), \(fmt(v[14])))"
        }
        return "[" + (0..<16).map { fmt(v[$0]) }.joined(separator: " ") + "]"
    }
}
