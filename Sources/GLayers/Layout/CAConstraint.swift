/// Constraint layout (docs/semantics.md#constraint-layout): `CAConstraint` relates one edge, centre or
/// size of a layer to one of its superlayer or a named sibling; `CAConstraintLayoutManager`
/// solves them axis by axis, in dependency order, and reports cycles instead of hanging.
import Foundation

/// A geometric attribute of a layer, named as Core Animation names it.
public enum CAConstraintAttribute: Int32, Sendable, CaseIterable {
    case minX = 0, midX, maxX, width, minY, midY, maxY, height

    /// Whether the attribute is horizontal.
    var isX: Bool { rawValue < 4 }
    /// 0 min, 1 mid, 2 max, 3 size.
    var slot: Int32 { rawValue % 4 }

    /// The attribute's value for a rectangle.
    func value(of r: CGRect) -> CGFloat {
        switch self {
        case .minX: return r.minX
        case .midX: return r.midX
        case .maxX: return r.maxX
        case .width: return r.width
        case .minY: return r.minY
        case .midY: return r.midY
        case .maxY: return r.maxY
        case .height: return r.height
        }
    }
}

/// `attribute = source.sourceAttribute · scale + offset`.
open class CAConstraint: NSObject {
    /// The attribute constrained.
    public let attribute: CAConstraintAttribute
    /// The name of the source layer: a sibling's `name`, or "superlayer".
    public let sourceName: String
    /// The attribute of the source.
    public let sourceAttribute: CAConstraintAttribute
    /// The factor applied to the source value.
    public let scale: CGFloat
    /// The amount added to the scaled source value.
    public let offset: CGFloat

    /// A constraint `attribute = srcLayer.srcAttr · m + c`.
    public init(
        attribute: CAConstraintAttribute, relativeTo srcLayer: String, attribute srcAttr: CAConstraintAttribute,
        scale m: CGFloat, offset c: CGFloat
    ) {
        self.attribute = attribute
        sourceName = srcLayer
        sourceAttribute = srcAttr
        scale = m
        offset = c
        super.init()
    }

    /// A constraint `attribute = srcLayer.srcAttr + c`.
    public convenience init(
        attribute: CAConstraintAttribute, relativeTo srcLayer: String, attribute srcAttr: CAConstraintAttribute,
        offset c: CGFloat
    ) {
        self.init(attribute: attribute, relativeTo: srcLayer, attribute: srcAttr, scale: 1, offset: c)
    }

    /// A constraint `attribute = srcLayer.srcAttr`.
    public convenience init(
        attribute: CAConstraintAttribute, relativeTo srcLayer: String, attribute srcAttr: CAConstraintAttribute
    ) {
        self.init(attribute: attribute, relativeTo: srcLayer, attribute: srcAttr, scale: 1, offset: 0)
    }

    open override var description: String {
        "CAConstraint(\(attribute) = \(sourceName).\(sourceAttribute) × \(scale) + \(offset))"
    }
}

extension CALayer {
    /// The default of setting `constraints` (and of `addConstraint(_:)`): the superlayer lays
    /// out again.
    func setConstraintsDefault(_ list: [CAConstraint]) {
        constraintStorage = list
        superlayerStorage?.setNeedsLayout()
    }
}

/// Lays out sublayers by their constraints.
open class CAConstraintLayoutManager: NSObject, CALayoutManager {
    /// A new constraint layout manager.
    public override init() { super.init() }

    /// A new constraint layout manager (Apple's factory spelling).
    public class func layoutManager() -> CAConstraintLayoutManager { CAConstraintLayoutManager() }

    /// The layer's bounds size (constraints place sublayers; they do not size the layer).
    open func preferredSize(of layer: CALayer) -> CGSize { layer.bounds.size }
    /// Nothing to invalidate: every layout solves the constraints afresh.
    open func invalidateLayout(of layer: CALayer) {}

    /// Solves every sublayer's constraints and sets the resulting frames.
    open func layoutSublayers(of layer: CALayer) {
        var solver = ConstraintSolver(superlayer: layer)
        solver.solveAll()
        for (sub, frame) in solver.results where sub.frame != frame { sub.frame = frame }
    }
}

/// The solver behind `CAConstraintLayoutManager`.
struct ConstraintSolver {
    let superlayer: CALayer
    let siblings: [CALayer]
    private var byName: [String: CALayer] = [:]
    /// Solved frames (the current frame for axes that have no constraints).
    private(set) var frames: [ObjectIdentifier: CGRect] = [:]
    /// Per layer and axis: nil unvisited, false in progress, true done.
    private var state: [AxisKey: Bool] = [:]
    /// Layers whose axis was solved by constraints.
    private var constrained: Set<AxisKey> = []
    private var reportedCycle = false

    private struct AxisKey: Hashable {
        let layer: ObjectIdentifier
        let x: Bool
    }

    init(superlayer: CALayer) {
        self.superlayer = superlayer
        siblings = superlayer.sublayerStorage
        for s in siblings {
            if let n = s.name, byName[n] == nil { byName[n] = s }
            frames[ObjectIdentifier(s)] = s.frame
        }
    }

    /// The solved frames of layers that have constraints.
    var results: [(CALayer, CGRect)] {
        siblings.compactMap { s in
            let id = ObjectIdentifier(s)
            guard
                constrained.contains(AxisKey(layer: id, x: true)) || constrained.contains(AxisKey(layer: id, x: false)),
                let f = frames[id]
            else { return nil }
            return (s, f)
        }
    }

    mutating func solveAll() {
        for s in siblings where !s.constraintStorage.isEmpty {
            solve(s, x: true)
            solve(s, x: false)
        }
    }

    /// An axis being solved: its constraints, the next one to read, the values read so far.
    private struct PendingAxis {
        let layer: CALayer
        let key: AxisKey
        let constraints: [CAConstraint]
        var next = 0
        var values: [(CAConstraintAttribute, CGFloat)] = []
    }

    /// Solves one axis of one layer, first solving the siblings it depends on, depth first.
    ///
    /// The depth-first walk keeps its own stack: a chain of siblings each constrained to the one
    /// before is as deep as it is long (a scene may hold 250 000 layers), which overflowed the
    /// thread's stack when the walk recursed (#24).
    private mutating func solve(_ layer: CALayer, x: Bool) {
        guard let first = start(layer, x: x) else { return }
        var stack = [first]
        while var top = stack.popLast() {
            guard top.next < top.constraints.count else {
                finish(top)
                continue
            }
            let c = top.constraints[top.next]
            let rect: CGRect
            if c.sourceName == "superlayer" {
                rect = superlayer.bounds
            } else {
                // An unknown source name, or the layer itself: the constraint is ignored.
                guard let source = byName[c.sourceName], source !== top.layer else {
                    top.next += 1
                    stack.append(top)
                    continue
                }
                if let dependency = start(source, x: c.sourceAttribute.isX) {
                    stack.append(top)  // read this constraint again once its source is solved
                    stack.append(dependency)
                    continue
                }
                // A sibling not laid out by constraints on that axis: this axis is left alone.
                let sourceKey = AxisKey(layer: ObjectIdentifier(source), x: c.sourceAttribute.isX)
                guard constrained.contains(sourceKey) else {
                    state[top.key] = true
                    continue
                }
                rect = frames[ObjectIdentifier(source)] ?? source.frame
            }
            // `source.attribute · scale + offset` (measured on Apple: the superlayer by its
            // bounds, a sibling by its frame once its own constraints are solved).
            top.values.append((c.attribute, c.sourceAttribute.value(of: rect) * c.scale + c.offset))
            top.next += 1
            stack.append(top)
        }
    }

    /// Marks an axis in progress and returns it to be solved, or nil when it is solved already,
    /// in progress (a cycle: reported once, the layers in it keep their frames) or has no
    /// constraints.
    private mutating func start(_ layer: CALayer, x: Bool) -> PendingAxis? {
        let key = AxisKey(layer: ObjectIdentifier(layer), x: x)
        if state[key] == true { return nil }
        if state[key] == false {
            if !reportedCycle {
                Diagnostics.warn(
                    "CAConstraintLayoutManager: constraint cycle through \(layer.diagnosticName) in \(superlayer.diagnosticName); the layers in the cycle keep their frames"
                )
                reportedCycle = true
            }
            return nil
        }
        let all = layer.constraintStorage.filter { $0.attribute.isX == x }
        state[key] = all.isEmpty
        return all.isEmpty ? nil : PendingAxis(layer: layer, key: key, constraints: all)
    }

    /// Sets the frame of an axis whose constraints are all read.
    private mutating func finish(_ axis: PendingAxis) {
        state[axis.key] = true
        let values = axis.values, x = axis.key.x
        // Two constraints on the same attribute leave the axis unconstrained.
        var counts: [Int32: Int] = [:]
        for (a, _) in values { counts[a.slot, default: 0] += 1 }
        if counts.values.contains(where: { $0 > 1 }) { return }
        guard let last = values.last else { return }
        var frame = frames[axis.key.layer] ?? axis.layer.frame
        var (origin, size) = x ? (frame.minX, frame.width) : (frame.minY, frame.height)
        if values.count == 1 {
            guard last.0.slot != 3 else { return }
            origin = Self.origin(slot: last.0.slot, value: last.1, size: size)
        } else {
            let others = values.dropLast().sorted { $0.0.slot < $1.0.slot }
            guard let partner = others.first, let r = Self.pair(last, partner, size: size) else { return }
            (origin, size) = r
        }
        if x {
            frame.origin.x = origin
            frame.size.width = size
        } else {
            frame.origin.y = origin
            frame.size.height = size
        }
        frames[axis.key.layer] = frame.standardized
        constrained.insert(axis.key)
    }

    private static func origin(slot: Int32, value: CGFloat, size: CGFloat) -> CGFloat {
        switch slot {
        case 0: return value
        case 1: return value - size / 2
        default: return value - size
        }
    }

    /// Solves an axis from two constraints of different attributes.
    private static func pair(
        _ a: (CAConstraintAttribute, CGFloat), _ b: (CAConstraintAttribute, CGFloat), size: CGFloat
    ) -> (CGFloat, CGFloat)? {
        var v: [Int32: CGFloat] = [:]
        v[a.0.slot] = a.1
        v[b.0.slot] = b.1
        switch (v[0], v[1], v[2], v[3]) {
        case let (min?, _, max?, nil): return (min, max - min)
        case let (min?, mid?, nil, nil): return (min, 2 * (mid - min))
        case let (nil, mid?, max?, nil): return (2 * mid - max, 2 * (max - mid))
        case let (min?, nil, nil, w?): return (min, w)
        case let (nil, mid?, nil, w?): return (mid - w / 2, w)
        case let (nil, nil, max?, w?): return (max - w, w)
        default: return nil
        }
    }
}
