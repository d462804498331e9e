/// Counting heap allocations (through the interposed allocator of `CAllocationCounter`).
import CAllocationCounter

/// The process's heap allocation count.
public enum AllocationCounter {
    /// Whether counting works on this system (glibc).
    public static var isEnabled: Bool { glayers_allocation_counting_enabled() != 0 }
    /// Allocations so far.
    public static var count: UInt64 { UInt64(glayers_allocation_count()) }

    /// The number of allocations `body` makes.
    public static func measure(_ body: () throws -> Void) rethrows -> UInt64 {
        let before = count
        try body()
        return count - before
    }
}
