/// The frame's instances in memory the planner owns: an instance is written in place, twelve
/// stores without a capacity check each, and the memory is kept from frame to frame (it is
/// sized for the list's items at the start of a frame, grows by doubling past that, and never
/// shrinks).
package final class InstanceBuffer {
    /// Instances written this frame.
    @exclusivity(unchecked) package private(set) var count = 0
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<SIMD4<Float>>
    /// Instances the memory holds.
    @exclusivity(unchecked) private var capacity: Int

    init() {
        capacity = 64
        base = .allocate(capacity: capacity * QuadInstance.vectorCount)
    }

    deinit { base.deallocate() }

    /// Starts a frame (the memory is kept).
    func removeAll() { count = 0 }

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

    private func resize(to larger: Int) {
        let moved = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: larger * QuadInstance.vectorCount)
        moved.initialize(from: base, count: count * QuadInstance.vectorCount)
        base.deallocate()
        base = moved
        capacity = larger
    }
}
