/// Instances written where they are drawn from (`InstanceRing`): with a driver that maps
/// buffers persistently (llvmpipe: OpenGL 4.5), the planner writes a frame's instances into
/// the ring's mapped buffer and nothing is copied; a frame with more instances than it was lent
/// room for moves them to the planner's memory and copies them; both draw the same pixels as a
/// ring that streams (`glBufferSubData`) every frame.
import GLayersGraphics
import GLayersRenderList
import GLayersTestSupport
import Testing

@testable import GLayersGL

@Suite(.serialized) struct InstanceRingTests {
    /// 96 turned squares in four colours; with `backdrops`, every third blurs what lies behind
    /// it (a backdrop item plans instances of its own, so the frame has more instances than
    /// the planner expects from its items).
    private func squares(backdrops: Bool) -> RenderList {
        let b = ListBuilder(width: 96, height: 96, clear: .white)
        b.list.filterChains = [[.gaussianBlur(sigma: 1.5)]]
        let colours: [Color] = [
            .rgba(1, 0.5, 0, 0.8), .rgba(0, 0.4, 1, 0.6), .rgba(0.2, 0.8, 0.3, 1), .rgba(0, 0, 0, 0.3),
        ]
        var items: [DrawItem] = []
        for i in 0..<96 {
            let x = Float(i % 12) * 8 + 4, y = Float(i / 12) * 12 + 6
            items.append(
                DrawItem(
                    transform: .layer(size: 10, 10, at: x, y, transform: .rotate(Float(i) * 0.1, 0, 0, 1)),
                    rect: Rect(0, 0, 10, 10), background: colours[i % 4], cornerRadius: i % 5 == 0 ? 3 : 0,
                    backdropFilters: backdrops && i % 3 == 0 ? 0 : -1))
        }
        return b.screen(items)
    }

    @Test func mappedAndStreamedInstancesDrawTheSame() throws {
        try GLHarness.withRenderer { r in
            let shared = r.quad.instances
            defer { r.quad.instances = shared }
            let plain = squares(backdrops: false), busy = squares(backdrops: true)
            /// `list` drawn whole, and whether its instances were written in lent memory.
            func draw(_ list: RenderList) throws -> (image: CGImage, lent: Bool) {
                r.invalidate()
                r.render(list, to: .offscreen)
                if let error = r.lastError { throw error }
                return (try r.readImage(), r.planner.instanceBuffer.isLent)
            }

            r.quad.instances = InstanceRing()
            let mapped = r.quad.instances.isMapped
            let plainMapped = try draw(plain)
            #expect(plainMapped.lent == mapped)
            // More instances than room was lent for: moved to the planner's memory and copied.
            let busyFirst = try draw(busy)
            #expect(r.planner.instanceCount > busy.items.count + 16)
            #expect(!busyFirst.lent)
            // The next frames are lent as much room as the last one wrote.
            for _ in 0..<InstanceRing.length {
                let again = try draw(busy)
                #expect(again.lent == mapped)
                let same = ImageComparison(busyFirst.image, again.image, tolerance: .exact)
                #expect(same.matches, "\(same)")
            }

            // A ring that gives up mapping (a driver that failed to map, a GPU that stopped)
            // streams from the next frame on, into new buffers.
            r.quad.instances.stopMapping()
            #expect(!r.quad.instances.isMapped)
            let busyStopped = try draw(busy)
            #expect(!busyStopped.lent)
            let stoppedSame = ImageComparison(busyFirst.image, busyStopped.image, tolerance: .exact)
            #expect(stoppedSame.matches, "\(stoppedSame)")

            r.quad.instances = InstanceRing(mapped: false)
            #expect(!r.quad.instances.isMapped)
            let plainStreamed = try draw(plain), busyStreamed = try draw(busy)
            #expect(!plainStreamed.lent && !busyStreamed.lent)
            let plainSame = ImageComparison(plainMapped.image, plainStreamed.image, tolerance: .exact)
            #expect(plainSame.matches, "\(plainSame)")
            let busySame = ImageComparison(busyFirst.image, busyStreamed.image, tolerance: .exact)
            #expect(busySame.matches, "\(busySame)")
        }
    }

    /// llvmpipe, the driver of the tests and of CI, maps buffers: the mapped ring is what
    /// every other GL test draws with.
    @Test func llvmpipeMapsInstances() throws {
        try GLHarness.withRenderer { r in
            guard GoldenImages.otherDriver == nil else { return }
            #expect(r.quad.instances.isMapped)
        }
    }
}
