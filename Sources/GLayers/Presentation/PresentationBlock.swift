/// The memory a layer's presentation is evaluated in, frame after frame, without allocating:
/// one allocation holding the presented state (`PresentedState`), the fast animations and their
/// timing functions (docs/architecture.md, "The presentation cache").
import CEngineSupport
import Foundation

/// One allocation: a `PresentedState`, then room for `capacity` fast animations, then their
/// timing functions (read only for animations that are eased).
///
/// - Non-copyable: exactly one owner (the layer's `AnimationStack`) frees it, when it is
///   replaced or goes away. An empty block (no animations) holds no memory.
struct PresentationBlock: ~Copyable {
    private let raw: UnsafeMutableRawPointer?
    /// How many fast animations fit.
    let capacity: Int
    /// How many fast animations are stored.
    private(set) var count = 0
    /// Whether any stored animation is eased (its timing function is read).
    private(set) var hasCurves = false

    /// The block starts on a cache line, and so do its animations: the lines a frame reads of
    /// the state and of the animations are then as few as their sizes allow (a snowflake's state
    /// in six lines, its four animations in six), where malloc's 16-byte alignment let each
    /// straddle one more.
    private static let lineSize = 64
    private static let opsOffset = roundUp(MemoryLayout<PresentedState>.stride, lineSize)

    private static func roundUp(_ n: Int, _ alignment: Int) -> Int { (n + alignment - 1) / alignment * alignment }

    private static func curvesOffset(_ capacity: Int) -> Int {
        roundUp(opsOffset + capacity * MemoryLayout<FastAnimation>.stride, MemoryLayout<BezierCurve>.alignment)
    }

    /// An empty block.
    init() {
        raw = nil
        capacity = 0
    }

    /// A block for `capacity` fast animations whose state starts as `state`.
    init(capacity: Int, state: LayerState) {
        self.capacity = capacity
        let size = Self.curvesOffset(capacity) + capacity * MemoryLayout<BezierCurve>.stride
        let align = max(
            Self.lineSize, MemoryLayout<PresentedState>.alignment, MemoryLayout<FastAnimation>.alignment,
            MemoryLayout<BezierCurve>.alignment)
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: align)
        raw.initializeMemory(as: PresentedState.self, repeating: PresentedState(state), count: 1)
        self.raw = raw
    }

    deinit {
        guard let raw else { return }
        (raw + Self.opsOffset).assumingMemoryBound(to: FastAnimation.self).deinitialize(count: count)
        (raw + Self.curvesOffset(capacity)).assumingMemoryBound(to: BezierCurve.self).deinitialize(count: count)
        raw.assumingMemoryBound(to: PresentedState.self).deinitialize(count: 1)
        raw.deallocate()
    }

    /// Whether the block holds memory (it has room for a presented state).
    var isAllocated: Bool { raw != nil }

    /// The presented state (the block must be allocated).
    @inline(__always)
    var state: UnsafeMutablePointer<PresentedState> {
        raw.unsafelyUnwrapped.assumingMemoryBound(to: PresentedState.self)
    }

    /// The fast animations, in the order of the layer's animations.
    @inline(__always)
    var fast: UnsafeMutableBufferPointer<FastAnimation> {
        guard let raw else { return UnsafeMutableBufferPointer(start: nil, count: 0) }
        return UnsafeMutableBufferPointer(
            start: (raw + Self.opsOffset).assumingMemoryBound(to: FastAnimation.self), count: count)
    }

    /// The timing functions of the fast animations, by the same index.
    @inline(__always)
    var curves: UnsafeMutablePointer<BezierCurve> {
        (raw.unsafelyUnwrapped + Self.curvesOffset(capacity)).assumingMemoryBound(to: BezierCurve.self)
    }

    /// Replaces the fast animations with `ops` and their timing functions (nil: linear; at
    /// most `capacity`).
    mutating func setFast(_ ops: [FastAnimation], curves: [BezierCurve?]) {
        precondition(ops.count <= capacity && curves.count == ops.count)
        guard let raw else { return }
        let base = (raw + Self.opsOffset).assumingMemoryBound(to: FastAnimation.self)
        base.deinitialize(count: count)
        self.curves.deinitialize(count: count)
        ops.withUnsafeBufferPointer { src in
            if let s = src.baseAddress { base.initialize(from: s, count: src.count) }
        }
        for (i, c) in curves.enumerated() { (self.curves + i).initialize(to: c ?? .linear) }
        count = ops.count
        hasCurves = curves.contains { $0 != nil }
    }

    /// Starts loading the parts of the block a frame touches into the cache (the next layers'
    /// blocks are prefetched while one is evaluated: a frame's cost is otherwise the wait for
    /// memory): the transform source and parts, the first lines of the state (position,
    /// transform), and the fast animations.
    /// - `wholeState`: the whole presented state too (flattening copies it).
    @inline(__always)
    func prefetch(wholeState: Bool = false) {
        guard let raw else { return }
        var offset = 0
        let stateEnd = wholeState ? MemoryLayout<PresentedState>.size : Self.hotStateBytes
        while offset < stateEnd {
            glayers_prefetch(raw + offset)
            offset += 64
        }
        offset = Self.opsOffset
        let end =
            hasCurves
            ? Self.curvesOffset(capacity) + count * MemoryLayout<BezierCurve>.stride
            : Self.opsOffset + count * MemoryLayout<FastAnimation>.stride
        while offset < end {
            glayers_prefetch(raw + offset)
            offset += 64
        }
    }

    /// Starts loading the presented state up to its visibility (what placing a layer reads).
    func prefetchPlacement() {
        guard let raw else { return }
        prefetchLines(
            raw, (MemoryLayout<PresentedState>.offset(of: \PresentedState.state) ?? 0) + LayerState.placementBytes)
    }

    /// The bytes of a `PresentedState` up to the end of `state.transform` (offsets from the
    /// compiler, folded into a constant where it is read).
    @inline(__always)
    static var hotStateBytes: Int {
        let state = MemoryLayout<PresentedState>.offset(of: \PresentedState.state) ?? MemoryLayout<PresentedState>.size
        let end = MemoryLayout<LayerState>.offset(of: \LayerState.transform).map {
            $0 + MemoryLayout<CATransform3D>.size
        }
        return state + (end ?? MemoryLayout<LayerState>.size)
    }

    /// Starts loading the reference box of the presented state (flattening copies the state,
    /// which retains the box: a write to a line nobody has read yet). Call once the block is
    /// cached.
    @inline(__always)
    func prefetchReferences() {
        guard let raw else { return }
        glayers_prefetch(UnsafeRawPointer(raw + Self.referencesOffset).load(as: UnsafeRawPointer.self))
    }

    /// Where the presented state's reference box pointer lies in the block (offsets from the
    /// compiler).
    static let referencesOffset: Int = {
        guard let state = MemoryLayout<PresentedState>.offset(of: \PresentedState.state),
            let box = MemoryLayout<LayerState>.offset(of: \LayerState.references)
        else { preconditionFailure("PresentedState.state and LayerState.references are stored properties") }
        return state + box
    }()
}
