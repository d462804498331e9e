/// What the renderer keeps between frames stays bounded when everything changes: free pass
/// targets by bytes, kept pass results only for results made twice in a row.
import GLayersRenderList
import Testing

@testable import GLayersGL

@Suite(.serialized) struct RendererMemoryTests {
    /// Free targets beyond the byte cap go least recently used first.
    @Test func freePassTargetsAreCappedByBytes() throws {
        // (The harness makes the GL context current.)
        try GLHarness.withRenderer { _ in
            let pool = PassPool()
            pool.maximumFreeBytes = 2 * 64 * 64 * 4
            for (frame, side) in [(1, 60), (2, 62), (3, 64)] {
                pool.beginFrame(UInt64(frame))
                pool.release(try pool.acquire(width: side, height: side))
            }
            pool.endFrame()
            // The oldest (60 × 60) went; the two most recent sizes are reused without a new target.
            let made = pool.created
            pool.beginFrame(4)
            pool.release(try pool.acquire(width: 64, height: 64))
            pool.release(try pool.acquire(width: 62, height: 62))
            #expect(pool.created == made)
            pool.release(try pool.acquire(width: 60, height: 60))
            #expect(pool.created == made + 1)
            pool.purge()
        }
    }

    /// A masked pass that moves every frame keeps no result; one that stands still while a
    /// square moves over it keeps its result once it has made it twice in a row.
    @Test func onlyResultsMadeTwiceInARowAreKept() throws {
        func frame(_ x: Float, square: Float = 0) -> RenderList {
            let b = ListBuilder(width: 120, height: 90, clear: .black)
            let source = Rect(x, 10, 40, 40)
            let masked = b.maskedSquare(source, colour: .blue)
            return b.screen([
                DrawItem(transform: .identity, rect: source, content: .pass(masked)),
                DrawItem(transform: .translate(square, 20), rect: Rect(0, 0, 10, 10), background: .white),
            ])
        }
        try GLHarness.withRenderer { r in
            r.purgeCaches()
            for x: Float in [5, 10, 15, 20, 25] { r.render(frame(x), to: .offscreen) }
            #expect(r.keptResults.isEmpty)
            for k in 0..<3 { r.render(frame(30, square: 30 + Float(k) * 5), to: .offscreen) }
            #expect(r.keptResults.count == 1)
            r.purgeCaches()
        }
    }
}
