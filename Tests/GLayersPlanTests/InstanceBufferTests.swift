import GLayersRenderList
import Testing

/// The planner's instance memory (InstanceBuffer.swift): sized for a frame's items at once, or
/// grown by doubling, it keeps every instance written; lent memory (the renderer's mapped
/// buffer) is written in place until the frame needs more, then what it holds moves.
@testable import GLayersPlan

@Suite struct InstanceBufferTests {
    /// Writes instance `i`'s vectors as (i, v, 0, 1) for its vector v.
    private static func write(_ buffer: InstanceBuffer, _ i: Int) {
        let out = buffer.append()
        for v in 0..<QuadInstance.vectorCount { (out + v).initialize(to: SIMD4(Float(i), Float(v), 0, 1)) }
    }

    private static func holds(_ buffer: InstanceBuffer, _ n: Int) -> Bool {
        buffer.count == n
            && (0..<n).allSatisfy { i in
                (0..<QuadInstance.vectorCount).allSatisfy { v in
                    buffer.instance(i)[v] == SIMD4(Float(i), Float(v), 0, 1)
                }
            }
    }

    @Test func reservingKeepsWhatWasWritten() {
        let buffer = InstanceBuffer()
        for i in 0..<3 { Self.write(buffer, i) }
        buffer.reserve(1000)
        #expect(Self.holds(buffer, 3))
        for i in 3..<1000 { Self.write(buffer, i) }
        #expect(Self.holds(buffer, 1000))
        // Less than it holds: nothing changes.
        buffer.reserve(10)
        #expect(Self.holds(buffer, 1000))
    }

    @Test func growingPastTheReserveKeepsWhatWasWritten() {
        let buffer = InstanceBuffer()
        buffer.reserve(100)
        for i in 0..<700 { Self.write(buffer, i) }
        #expect(Self.holds(buffer, 700))
        buffer.removeAll()
        #expect(buffer.count == 0)
    }

    /// A plan of many items is the same whether its memory was there from the start (a
    /// planner's second frame) or reserved for the frame (its first).
    @Test func aFirstFrameIsPlannedAsASecond() {
        let list = TestList(width: 400, height: 400)
        var items: [DrawItem] = []
        for i in 0..<500 {
            let offset: (Float, Float) = (Float(i % 40) * 10, Float(i / 40) * 10)
            let background = Color(r: Float(i % 7) / 7, g: 0.5, b: 0.25, a: 0.5)
            items.append(FramePlannerTests.item(FramePlannerTests.square, at: offset, background: background))
        }
        list.screen(items)
        let planner = FramePlanner()
        planner.plan(list.list)
        // Bytes: the flag vectors hold integers' bits, some of them NaNs as floats.
        let first = Array(planner.instanceBuffer.bytes)
        planner.plan(list.list)
        #expect(planner.instanceCount == 500)
        #expect(first.elementsEqual(planner.instanceBuffer.bytes), "the second frame's instances differ")
    }

    /// Runs `body` with a buffer lent `capacity` instances of memory that has written
    /// `written` instances there.
    private static func withLent(capacity: Int, written: Int, _ body: (InstanceBuffer, UnsafeMutableRawPointer) -> Void)
    {
        let buffer = InstanceBuffer()
        let lent = UnsafeMutableRawPointer.allocate(byteCount: capacity * QuadInstance.stride, alignment: 64)
        defer { lent.deallocate() }
        buffer.lend(lent, capacity: capacity)
        for i in 0..<written { write(buffer, i) }
        body(buffer, lent)
    }

    @Test func lentMemoryIsWrittenInPlaceUntilItIsFull() {
        Self.withLent(capacity: 4, written: 4) { buffer, lent in
            #expect(buffer.isLent)
            #expect(buffer.bytes.baseAddress == UnsafeRawPointer(lent))
            #expect(Self.holds(buffer, 4))

            // A fifth instance: the four move to the buffer's own memory, then the fifth is written.
            Self.write(buffer, 4)
            #expect(!buffer.isLent)
            #expect(buffer.bytes.baseAddress != UnsafeRawPointer(lent))
            #expect(Self.holds(buffer, 5))
            for i in 5..<200 { Self.write(buffer, i) }
            #expect(Self.holds(buffer, 200))

            // Lent again: the next frame starts there, empty; given back, in its own memory.
            buffer.lend(lent, capacity: 4)
            #expect(buffer.isLent && buffer.count == 0)
            Self.write(buffer, 0)
            #expect(Self.holds(buffer, 1) && buffer.bytes.baseAddress == UnsafeRawPointer(lent))
            buffer.takeBack()
            #expect(!buffer.isLent && buffer.count == 0)
            Self.write(buffer, 0)
            #expect(Self.holds(buffer, 1) && buffer.bytes.baseAddress != UnsafeRawPointer(lent))
        }
    }

    /// A reserve beyond the lent room (a frame's items, at its start) moves to own memory.
    @Test func reservingBeyondLentMemoryMovesToOwnMemory() {
        Self.withLent(capacity: 8, written: 3) { buffer, _ in
            buffer.reserve(8)
            #expect(buffer.isLent)
            buffer.reserve(100)
            #expect(!buffer.isLent)
            #expect(Self.holds(buffer, 3))
            for i in 3..<100 { Self.write(buffer, i) }
            #expect(Self.holds(buffer, 100))
        }
    }

    /// A planner lent memory makes the same instances there as in its own.
    @Test func aPlanInLentMemoryIsThePlanInOwnMemory() {
        let list = TestList(width: 200, height: 200)
        var items: [DrawItem] = []
        for i in 0..<100 {
            items.append(FramePlannerTests.item(FramePlannerTests.square, at: (Float(i % 10) * 20, Float(i / 10) * 20)))
        }
        list.screen(items)
        let planner = FramePlanner()
        planner.plan(list.list)
        let own = Array(planner.instanceBuffer.bytes)
        let lent = UnsafeMutableRawPointer.allocate(byteCount: 200 * QuadInstance.stride, alignment: 64)
        defer { lent.deallocate() }
        planner.instanceBuffer.lend(lent, capacity: 200)
        planner.plan(list.list)
        #expect(planner.instanceBuffer.isLent)
        #expect(planner.instanceBuffer.bytes.baseAddress == UnsafeRawPointer(lent))
        #expect(own.elementsEqual(planner.instanceBuffer.bytes), "the lent memory's instances differ")
    }
}
