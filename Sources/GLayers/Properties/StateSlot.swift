/// Where a number or point property lies in `LayerState`, for the per-frame fast path.
import Foundation

/// A number field of `LayerState` (or two, for a point) at a fixed byte offset, which the fast
/// path reads and writes without a switch. The offsets come from the compiler
/// (`MemoryLayout.offset(of:)`), so no byte range is written down anywhere.
struct StateSlot: Equatable {
    /// Byte offsets of the x and y lanes in `LayerState` (y is `none` for a single number).
    let x: UInt16
    let y: UInt16
    private static let none = UInt16.max
    /// Whether the field is a `Float` (`opacity`, `shadowOpacity`) rather than a `CGFloat`.
    let isFloat: Bool

    init?(_ field: WritableKeyPath<LayerState, CGFloat>) {
        guard let o = MemoryLayout<LayerState>.offset(of: field) else { return nil }
        (x, y, isFloat) = (UInt16(o), Self.none, false)
    }

    init?(_ field: WritableKeyPath<LayerState, Float>) {
        guard let o = MemoryLayout<LayerState>.offset(of: field) else { return nil }
        (x, y, isFloat) = (UInt16(o), Self.none, true)
    }

    init?(x fx: WritableKeyPath<LayerState, CGFloat>, y fy: WritableKeyPath<LayerState, CGFloat>) {
        guard let ox = MemoryLayout<LayerState>.offset(of: fx), let oy = MemoryLayout<LayerState>.offset(of: fy) else {
            return nil
        }
        (x, y, isFloat) = (UInt16(ox), UInt16(oy), false)
    }

    /// Whether the slot holds a point (two lanes).
    var isPoint: Bool { y != Self.none }

    /// Whether the slot is `position` (or a component), `zPosition` or `opacity`.
    var isPlacement: Bool { Self.placementOffsets.contains(x) && (y == Self.none || Self.placementOffsets.contains(y)) }

    /// The offsets of the placement fields.
    private static let placementOffsets: Set<UInt16> = {
        let fields: [PartialKeyPath<LayerState>] = [\.position.x, \.position.y, \.zPosition, \.opacity]
        return Set(fields.compactMap { MemoryLayout<LayerState>.offset(of: $0).map(UInt16.init) })
    }()

    /// The value in the state at `state` (a point's y in the second lane).
    @inline(__always)
    func read(_ state: UnsafeMutableRawPointer) -> Lanes {
        if isFloat { return Lanes(Double(state.load(fromByteOffset: Int(x), as: Float.self)), 0) }
        let vx = Double(state.load(fromByteOffset: Int(x), as: CGFloat.self))
        return Lanes(vx, isPoint ? Double(state.load(fromByteOffset: Int(y), as: CGFloat.self)) : 0)
    }

    /// Writes `v` to the state at `state`.
    @inline(__always)
    func write(_ v: Lanes, _ state: UnsafeMutableRawPointer) {
        if isFloat {
            state.storeBytes(of: Float(v.x), toByteOffset: Int(x), as: Float.self)
            return
        }
        state.storeBytes(of: CGFloat(v.x), toByteOffset: Int(x), as: CGFloat.self)
        if isPoint { state.storeBytes(of: CGFloat(v.y), toByteOffset: Int(y), as: CGFloat.self) }
    }
}
