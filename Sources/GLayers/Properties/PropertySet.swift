/// Sets of property-table entries, kept as bits by each entry's ordinal: which properties a
/// layer's values were set for explicitly, and which come from its `style`.
import Foundation

/// A set of property-table entries (at most `PropertySet.capacity` entries exist).
struct PropertySet: Equatable {
    /// How many entries a set can hold: every entry of every layer class has an ordinal below it.
    static let capacity = 256
    private var bits = SIMD4<UInt64>()

    var isEmpty: Bool { bits == SIMD4() }

    func contains(_ p: LayerProperty) -> Bool {
        bits[p.ordinal >> 6] & (1 << UInt64(p.ordinal & 63)) != 0
    }

    mutating func insert(_ p: LayerProperty) {
        bits[p.ordinal >> 6] |= 1 << UInt64(p.ordinal & 63)
    }

    mutating func remove(_ p: LayerProperty) {
        bits[p.ordinal >> 6] &= ~(1 << UInt64(p.ordinal & 63))
    }
}

extension LayerProperty {
    private static let ordinalLock = NSLock()
    nonisolated(unsafe) private static var ordinals = 0

    /// The next entry's ordinal (entries are made once each, as static constants).
    static func nextOrdinal(for key: String) -> Int {
        ordinalLock.lock()
        defer { ordinalLock.unlock() }
        precondition(
            ordinals < PropertySet.capacity,
            "property \(key): PropertySet holds \(PropertySet.capacity) entries; widen it")
        ordinals += 1
        return ordinals - 1
    }
}
