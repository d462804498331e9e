/// Counting heap allocations, where an executable can. Counting needs the interposing
/// allocator of `CAllocationCounter`, which defines `malloc` and its siblings for the whole
/// process; only the benchmark executable `glayers-bench` links it and hands its count in here.
/// This module does not link it, so the `glayers` command (which uses this module for `glayers
/// bench`) and every library stay on the C library's allocator and report no allocation figure.

/// A source of the process's heap allocation count.
public struct AllocationCounter {
    /// Allocations so far (every thread of the process).
    public let count: () -> UInt64

    /// A counter reading `count`.
    public init(count: @escaping () -> UInt64) {
        self.count = count
    }
}
