/// The planner's geometry without OpenGL: the edge lines the simple program reads, and the
/// passes' sizes within their budgets.
import GLayersRenderList
import Testing

@testable import GLayersPlan

/// `Homography.edgeLines(of:)` computes its four lines a lane each; they must be the lines of
/// the one-edge-at-a-time formulas to the bit (the goldens' pixels depend on them).
@Suite struct EdgeLineTests {
    /// The formulas one corner and one edge at a time.
    static func reference(_ h: Homography, _ rect: Rect) -> EdgeLines? {
        let q = [
            h.apply(rect.x, rect.y), h.apply(rect.maxX, rect.y), h.apply(rect.maxX, rect.maxY),
            h.apply(rect.x, rect.maxY),
        ]
        guard q.allSatisfy({ $0.z > 1e-6 }) else { return nil }
        let p = q.map { SIMD2($0.x / $0.z, $0.y / $0.z) }
        let d1 = p[2] - p[0], d2 = p[3] - p[1]
        let orientation: Float = d1.x * d2.y - d1.y * d2.x < 0 ? -1 : 1
        var lines: [SIMD3<Float>] = []
        for i in 0..<4 {
            let from = p[i], e = p[(i + 1) % 4] - from
            let length = (e * e).sum().squareRoot()
            guard length > 1e-6, length.isFinite else {
                lines.append(SIMD3(0, 0, 1e6))
                continue
            }
            let k = orientation / length
            lines.append(SIMD3(-e.y * k, e.x * k, (e.y * from.x - e.x * from.y) * k))
        }
        return EdgeLines(
            a: SIMD4(lines.map(\.x)), b: SIMD4(lines.map(\.y)), c: SIMD4(lines.map(\.z)))
    }

    @Test func lanesMatchTheFormulasToTheBit() {
        var seed: UInt32 = 2024
        func random() -> Float {
            seed ^= seed << 13
            seed ^= seed >> 17
            seed ^= seed << 5
            return Float(seed >> 8) / 16_777_216 * 2 - 1
        }
        var compared = 0
        for n in 0..<2000 {
            let perspective: Float = n % 3 == 0 ? 0 : random() * 0.004
            let h = Homography(
                c0: SIMD3(random() * 3, random() * 3, perspective),
                c1: SIMD3(random() * 3, random() * 3, random() * 0.002),
                c2: SIMD3(random() * 900, random() * 700, 1 + random() * 0.5))
            let side = n % 50 == 0 ? 0 : 64 * random() + 64
            let rect = Rect(x: random() * 100, y: random() * 100, width: side, height: abs(random()) * 80)
            let lanes = h.edgeLines(of: rect), expected = Self.reference(h, rect)
            #expect((lanes == nil) == (expected == nil))
            guard let lanes, let expected else { continue }
            let bits = { (l: EdgeLines) in [l.a, l.b, l.c].flatMap { v in (0..<4).map { v[$0].bitPattern } } }
            #expect(bits(lanes) == bits(expected), "case \(n)")
            compared += 1
        }
        #expect(compared > 1000)
    }
}

/// Pass sizes: at most a texture's side and `passPixelBudget` pixels, at a scale that keeps
/// the whole source rect in the texture.
@Suite struct PassGeometryTests {
    @Test func hugePassesShrinkToTheBudget() {
        let list = TestList(width: 320, height: 240)
        let square = Rect(x: 0, y: 0, width: 1e7, height: 1e7), wide = Rect(x: 0, y: 0, width: 3e6, height: 100)
        let a = list.pass(source: square, items: [FramePlannerTests.item(square)])
        let b = list.pass(source: wide, scale: 2, items: [FramePlannerTests.item(wide)])
        list.screen([
            FramePlannerTests.item(square, content: .pass(a)), FramePlannerTests.item(wide, content: .pass(b)),
        ])
        let planner = FramePlanner()
        planner.preparePasses(list.list)
        let budget = FramePlanner.passPixelBudget(screenPixels: 320 * 240)
        #expect(budget == 4096 * 4096)
        let g = planner.passGeometry
        #expect(g[1].width * g[1].height <= budget && g[1].width == 4096 && g[1].height == 4096, "\(g[1])")
        #expect(abs(g[1].scale * 1e7 - 4096) < 1)
        #expect(g[2].width == 16_384 && g[2].height == 1, "\(g[2])")
        #expect(abs(g[2].scale * 3e6 - 16_384) < 1)
        // A big screen's passes may have 2.5 screens.
        #expect(FramePlanner.passPixelBudget(screenPixels: 7680 * 4320) == 7680 * 4320 * 5 / 2)
    }

    /// Twelve passes of 4 000² pixels each fit their own budget (4 096²) but together pass the
    /// frame's (four of them): each is drawn at the same smaller scale, √(4 · 4096² / 12 · 4000²)
    /// ≈ 0.59, the whole source rect still in its texture (#24: the targets of every pass live
    /// until the frame ends).
    @Test func manyLargePassesShareTheFramesBudget() {
        let list = TestList(width: 320, height: 240)
        let big = Rect(x: 0, y: 0, width: 4000, height: 4000)
        let passes = (0..<12).map { _ in list.pass(source: big, items: [FramePlannerTests.item(big)]) }
        list.screen(passes.map { FramePlannerTests.item(big, content: .pass($0)) })
        let planner = FramePlanner()
        planner.preparePasses(list.list)
        let g = planner.passGeometry.dropFirst()
        let total = g.reduce(0) { $0 + $1.width * $1.height }
        #expect(total <= FramePlanner.framePassPixelBudget(screenPixels: 320 * 240), "\(total)")
        #expect(total > FramePlanner.framePassPixelBudget(screenPixels: 320 * 240) * 99 / 100)
        let k = (4.0 * 4096 * 4096 / (12 * 4000 * 4000)).squareRoot()
        // (a step or two below it, taking up the rounding to whole pixels)
        #expect(
            g.allSatisfy { abs(Double($0.scale) - k) < 2e-3 && $0.width == $0.height },
            "\(g.first.map { "\($0)" } ?? "")")
        // A frame within its budget keeps every pass at full size.
        let few = TestList(width: 320, height: 240)
        let two = (0..<2).map { _ in few.pass(source: big, items: [FramePlannerTests.item(big)]) }
        few.screen(two.map { FramePlannerTests.item(big, content: .pass($0)) })
        planner.preparePasses(few.list)
        #expect(planner.passGeometry.dropFirst().allSatisfy { $0.scale == 1 && $0.width == 4000 })
    }
}
