/// The frame's instances in memory the planner owns or is lent: an instance is written in
/// place, twelve stores without a capacity check each. Memory of its own is kept from frame to
/// frame (sized for the list's items at the start of a frame, grown by doubling past that,
/// never shrunk). The renderer may lend it memory for a frame instead
/// (`lend(_:capacity:)`): a buffer OpenGL draws from, mapped, so the instances are written
/// once, where they are drawn from, and not copied again (`InstanceRing`).
package final class InstanceBuffer {
    /// Instances written this frame.
    @exclusivity(unchecked) package private(set) var count = 0
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<SIMD4<Float>>
    /// Instances the memory holds.
    @exclusivity(unchecked) private var capacity: Int
    /// The memory of its own (`base` unless lent memory is in use).
    @exclusivity(unchecked) private var own: UnsafeMutablePointer<SIMD4<Float>>
    @exclusivity(unchecked) private var ownCapacity: Int
    /// Whether `base` is lent memory (`lend(_:capacity:)`), not its own.
    @exclusivity(unchecked) package private(set) var isLent = false

    init() {
        ownCapacity = 64
        own = .allocate(capacity: ownCapacity * QuadInstance.vectorCount)
        base = own
        capacity = ownCapacity
    }

    deinit { own.deallocate() }

    /// Starts a frame (the memory is kept, lent or not).
    func removeAll() { count = 0 }

    /// Writes the next frame's instances at `memory`, room for `capacity` instances (16-byte
    /// aligned), until the frame needs more: the instances written so far then move to memory
    /// of its own and `isLent` turns false. The memory must stay valid while the frame is
    /// planned and its instances read.
    package func lend(_ memory: UnsafeMutableRawPointer, capacity: Int) {
        base = memory.bindMemory(to: SIMD4<Float>.self, capacity: capacity * QuadInstance.vectorCount)
        self.capacity = capacity
        count = 0
        isLent = true
    }

    /// Goes back to memory of its own for the next frame (no instances kept).
    package func takeBack() {
        base = own
        capacity = ownCapacity
        count = 0
        isLent = false
    }

    /// Room for the next instance's `QuadInstance.vectorCount` vectors, counted as written.
    @inline(__always)
    func append() -> UnsafeMutablePointer<SIMD4<Float>> {
        if count == capacity { grow() }
        defer { count += 1 }
        return base + count * QuadInstance.vectorCount
    }

    /// The vectors of instance `index`.
    package func instance(_ index: Int) -> UnsafeMutablePointer<SIMD4<Float>> {
        precondition(index >= 0 && index < count, "instance \(index) of \(count)")
        return base + index * QuadInstance.vectorCount
    }

    /// The frame's instances as the shaders read them.
    package var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base, count: count * QuadInstance.stride)
    }

    /// Makes room for `n` instances in all (nothing when there is).
    func reserve(_ n: Int) {
        if n > capacity { resize(to: n) }
    }

    private func grow() { resize(to: capacity * 2) }

    /// Moves the instances to memory of its own for `larger` of them.
    private func resize(to larger: Int) {
        if larger > ownCapacity {
            let moved = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: larger * QuadInstance.vectorCount)
            if !isLent { moved.initialize(from: base, count: count * QuadInstance.vectorCount) }
            own.deallocate()
            own = moved
            ownCapacity = larger
        }
        if isLent { own.initialize(from: base, count: count * QuadInstance.vectorCount) }
        base = own
        capacity = ownCapacity
        isLent = false
    }
}
