/// The drawing a frame leaves queued in the driver is bounded (`DriverQueue`): a long frame
/// fences the queue every so many draw calls or instances and waits for the fence before,
/// and draws the same picture as without waits.
import GLayersGraphics
import GLayersRenderList
import GLayersTestSupport
import Testing

@testable import GLayersGL

@Suite(.serialized) struct DriverQueueTests {
    /// 48 overlapping squares in alternating colours and corner shapes, one draw call each
    /// (batching off).
    private func squares(in b: ListBuilder) -> RenderList {
        let orange = Color.rgba(1, 0.5, 0), blue = Color.rgba(0, 0.4, 1, 0.7)
        var items: [DrawItem] = []
        for i in 0..<48 {
            let x = Float(i % 8) * 7, y = Float(i / 8) * 9
            items.append(
                DrawItem(
                    transform: .translate(x, y), rect: Rect(0, 0, 12, 12), opacity: 0.8,
                    background: i % 2 == 0 ? orange : blue, cornerRadius: i % 3 == 0 ? 4 : 0))
        }
        return b.screen(items)
    }

    @Test func longFramesWaitForTheDriverAndDrawTheSame() throws {
        let list = squares(in: ListBuilder(width: 64, height: 64))
        try GLHarness.withRenderer { r in
            let limits = (r.driverQueue.drawLimit, r.driverQueue.instanceLimit)
            defer { (r.driverQueue.drawLimit, r.driverQueue.instanceLimit) = limits }
            r.debug.disableBatching = true

            // 48 draw calls are far below the default limits: no fence.
            r.render(list, to: .offscreen)
            #expect(r.stats.drawCalls == 48)
            #expect(r.stats.queueWaits == 0)
            let unbounded = try r.readImage()

            // The same pixels on llvmpipe. softpipe blends in its tile cache at float precision
            // and stores 8 bits a channel at a flush, so a frame flushed partway (at a fence)
            // rounds some blends one level apart from a frame flushed once.
            let tolerance = GoldenImages.otherDriver == nil ? ImageTolerance.exact : ImageTolerance(channel: 1)
            /// The waits of a full redraw with these limits, after checking its picture.
            func waits(drawLimit: Int, instanceLimit: Int) throws -> Int {
                (r.driverQueue.drawLimit, r.driverQueue.instanceLimit) = (drawLimit, instanceLimit)
                r.invalidate()
                r.render(list, to: .offscreen)
                let comparison = ImageComparison(unbounded, try r.readImage(), tolerance: tolerance)
                #expect(comparison.matches, "\(comparison)")
                return r.stats.queueWaits
            }
            // A fence every 5 draw calls: marks after calls 5, 10, …, 45, each but the first
            // waiting for the one before.
            #expect(try waits(drawLimit: 5, instanceLimit: 1000) == 8)
            // A fence every 16 instances (one instance a call here): marks after 16, 32, 48.
            #expect(try waits(drawLimit: 1000, instanceLimit: 16) == 2)
            // A frame's last fence goes with it: with a mark at call 40, two frames in a row
            // wait for nothing (the second does not wait for the first's fence).
            #expect(try waits(drawLimit: 1000, instanceLimit: 40) == 0)
            #expect(try waits(drawLimit: 1000, instanceLimit: 40) == 0)
        }
    }
}
