/// A plan as text, one line per pass and per command, for tests and for reading what the
/// renderer will do with a frame (sokol's dummy backend and WebRender's frame dumps do the
/// same): no OpenGL is needed to make or read it.
import GLayersRenderList

extension FramePlanner {
    /// The plan of the last `plan(_:)`:
    ///
    /// ```
    /// pass 0 640x480 scale 1 clear (0.1, 0.1, 0.1, 1)
    ///   batch simple image img3 source-over 0..<2
    ///   batch general(clip,continuous) none source-over 2..<3
    ///   blend general none replace mode 1 3..<4 box 10 10 20x20
    /// instances 4 (768 bytes) tiles 0 mipmapped 0
    /// items 5 cleared 1 skipped 0 culled 0 sprites 0 unchanged 0
    /// ```
    ///
    /// A general batch names the parts of the general program it needs (`QuadFeatures`;
    /// `lean` for none); the whole program is plain `general`. A shape batch names its parts
    /// (continuous corners, border) when it needs any.
    package func dump() -> String {
        var out = ""
        for plan in passPlans {
            let p = Int(plan.pass)
            let g = passGeometry[p]
            out += "pass \(p) \(g.width)x\(g.height) scale \(Self.number(g.scale))"
            if plan.cached { out += " cached" }
            if p == 0, let c = screenClear {
                out += " clear (\(Self.number(c.r)), \(Self.number(c.g)), \(Self.number(c.b)), \(Self.number(c.a)))"
            }
            out += "\n"
            for c in commands[plan.commands] { out += "  " + Self.describe(c) + "\n" }
        }
        out += "instances \(instanceCount) (\(instanceBuffer.bytes.count) bytes) tiles \(tiles.count)"
        out += " mipmapped \(mipmappedImages.count)\n"
        let n = counters
        out += "items \(n.items) cleared \(n.clearedItems) skipped \(n.skippedItems) culled \(n.culledItems)"
        out += " sprites \(n.spriteItems) unchanged \(n.unchangedItems)\n"
        return out
    }

    /// The twelve vectors of instance `index`, as the shaders read them.
    package func instance(_ index: Int) -> [SIMD4<Float>] {
        Array(UnsafeBufferPointer(start: instanceBuffer.instance(index), count: QuadInstance.vectorCount))
    }

    private static func describe(_ c: DrawCommand) -> String {
        var line = "\(c.kind) \(c.variant)"
        if c.variant == .general && c.features != .all {
            let needed = QuadFeatures.names.filter { c.features.contains($0.0) }.map(\.1)
            line += "(" + (needed.isEmpty ? "lean" : needed.joined(separator: ",")) + ")"
        } else if c.variant == .shape && !c.features.isEmpty {
            line += "(" + QuadFeatures.names.filter { c.features.contains($0.0) }.map(\.1).joined(separator: ",") + ")"
        }
        line += " \(describe(c.textures)) \(c.blending)"
        if c.kind != .batch { line += " mode \(c.mode)" }
        line += " \(c.first)..<\(c.first + c.count)"
        if c.kind != .batch { line += " box \(c.box.x) \(c.box.y) \(c.box.width)x\(c.box.height)" }
        return line
    }

    private static func describe(_ t: TextureSource) -> String {
        switch t {
        case .none: return "none"
        case .image(let id): return "image \(id)"
        case .images(let a, let b): return "images \(a) \(b)"
        case .mask(let m): return "mask \(m)"
        case .pass(let p): return "pass \(p)"
        case .tiles(let w, let h): return "tiles \(w)x\(h)"
        }
    }

    /// A float as dumps print it: integers without a fraction, others to four places.
    private static func number(_ v: Float) -> String {
        if v == v.rounded() && abs(v) < 1e9 { return String(Int(v)) }
        return String(format4: v)
    }
}

extension String {
    /// `v` with at most four decimals, trailing zeros dropped (no Foundation).
    fileprivate init(format4 v: Float) {
        let scaled = (Double(v) * 10_000).rounded()
        let negative = scaled < 0
        let whole = Int(abs(scaled))
        var fraction = String(whole % 10_000)
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        self = (negative ? "-" : "") + String(whole / 10_000) + (fraction.isEmpty ? "" : "." + fraction)
    }
}
