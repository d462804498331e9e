/// The cells of an emitter layer as the layer took them when its `emitterCells` were set: an
/// immutable snapshot (cells and their sub-cells, depth first, each a node with its image,
/// timing and place in the tree) plus the model values of their animatable numbers, one block
/// of `EmitterCellSlot.count` per node. The layer's state holds the snapshot and the numbers
/// (which animations write); the particle simulation and flattening read them.
///
/// Bad trees are cut, with a warning naming the layer: cells nested deeper than
/// `maximumDepth` (a cell that contains itself would nest for ever) and cells beyond
/// `maximumCount` are left out.
import Foundation
import GLayersGraphics

/// When a cell emits, from its `CAMediaTiming`.
struct EmitterCellTiming: Equatable {
    var beginTime: Double = 0
    var duration: Double = 0
    /// The rate the cell's time runs at (`speed`; negative speeds count as 0).
    var rate: Double = 1
    var timeOffset: Double = 0
    var repeatCount: Double = 0
    var repeatDuration: Double = 0
    var autoreverses = false

    init() {}

    init(_ cell: CAEmitterCell) {
        beginTime = cell.beginTime.isFinite ? cell.beginTime : 0
        duration = cell.duration.isFinite ? cell.duration : 0
        rate = cell.speed.isFinite ? Double(max(0, cell.speed)) : 1
        timeOffset = cell.timeOffset.isFinite ? cell.timeOffset : 0
        repeatCount = cell.repeatCount.isNaN ? 0 : Double(max(0, cell.repeatCount))
        repeatDuration = cell.repeatDuration.isFinite ? max(0, cell.repeatDuration) : 0
        autoreverses = cell.autoreverses
    }

    /// Whether the cell emits at its parent's time `t` (the emitter layer's time for its own
    /// cells, a particle's age for the cells that particle emits): from `beginTime` on, for ever
    /// when `duration` is 0, else for its active duration (`repeatDuration`, or `duration` ×
    /// `repeatCount`, doubled by `autoreverses`).
    func isActive(atParentTime t: Double) -> Bool {
        guard t >= beginTime else { return false }
        guard duration > 0 else { return true }
        let local = (t - beginTime) * rate + timeOffset
        let cycle = duration * (autoreverses ? 2 : 1)
        let active = repeatDuration > 0 ? repeatDuration : cycle * max(1, repeatCount)
        return local >= 0 && local < active
    }
}

/// A snapshot of an emitter layer's cells.
package final class EmitterCellTree {
    /// One cell of the tree.
    package struct Node {
        /// The names from the top-level cell down to this one (nil for unnamed cells).
        let names: [String?]
        /// The node's place as names or positions (`rocket/burst`, `#0/#1`): how particles of
        /// a cell are matched when the tree is replaced.
        let identity: String
        /// The parent node, or -1 for a cell of the layer.
        let parent: Int
        /// The nodes of the cell's sub-cells.
        var children: [Int] = []
        /// Whether the cell emits and is drawn (false also when an ancestor is disabled).
        let isEnabled: Bool
        /// The image particles show (nil: they draw nothing).
        let image: CGImage?
        /// Pixels per point of the image.
        let contentsScale: CGFloat
        /// How the image is sampled drawn smaller and larger (`minificationFilter`,
        /// `magnificationFilter`), and the bias between them (`minificationFilterBias`).
        let minification: ContentsSampling
        let magnification: ContentsSampling
        let filterBias: Float
        let timing: EmitterCellTiming
        /// A copy of the cell without its sub-cells (presentation copies' cells are made from it).
        let cell: CAEmitterCell
    }

    /// The nodes, depth first.
    package let nodes: [Node]
    /// The nodes of the layer's own cells.
    package let roots: [Int]
    /// The model numbers, `EmitterCellSlot.count` per node.
    package let values: [CGFloat]
    private let byPath: [String: Int]

    /// The deepest nesting of cells kept (a cell of the layer is at depth 1).
    package static let maximumDepth = 16
    /// The most cells kept in one tree.
    package static let maximumCount = 1024
    /// A tree without cells.
    package static let empty = EmitterCellTree(cells: nil, owner: "")

    /// The snapshot of `cells`; `owner` names the layer in warnings.
    init(cells: [CAEmitterCell]?, owner: String) {
        var nodes: [Node] = [], values: [CGFloat] = [], roots: [Int] = [], byPath: [String: Int] = [:]
        var warnedDepth = false, warnedCount = false
        func add(_ cell: CAEmitterCell, parent: Int, position: Int, names: [String?], identity: String, enabled: Bool)
            -> Int?
        {
            guard nodes.count < Self.maximumCount else {
                if !warnedCount {
                    Diagnostics.warn("\(owner): more than \(Self.maximumCount) emitter cells; the others are ignored")
                    warnedCount = true
                }
                return nil
            }
            let copy = cell.snapshotCopy()
            let index = nodes.count
            let path = names + [copy.name]
            let id = identity + "/" + (copy.name ?? "#\(position)")
            let image = copy.contents as? CGImage
            if copy.contents != nil && image == nil {
                Diagnostics.warn(
                    "\(owner): \(copy.diagnosticName): contents is not a CGImage; its particles draw nothing",
                    once: true)
            }
            nodes.append(
                Node(
                    names: path, identity: id, parent: parent, isEnabled: enabled && copy.isEnabled, image: image,
                    contentsScale: copy.contentsScale,
                    minification: ContentsSampling(CALayerContentsFilter(rawValue: copy.minificationFilter)),
                    magnification: ContentsSampling(CALayerContentsFilter(rawValue: copy.magnificationFilter)),
                    filterBias: copy.minificationFilterBias.isFinite ? copy.minificationFilterBias : 0,
                    timing: EmitterCellTiming(copy), cell: copy))
            values += copy.numbers
            if path.allSatisfy({ $0 != nil }) {
                let key = path.compactMap { $0 }.joined(separator: ".")
                if byPath[key] == nil { byPath[key] = index }
            }
            guard let subs = cell.emitterCells, !subs.isEmpty else { return index }
            guard path.count < Self.maximumDepth else {
                if !warnedDepth {
                    Diagnostics.warn(
                        "\(owner): emitter cells nested deeper than \(Self.maximumDepth) levels are ignored")
                    warnedDepth = true
                }
                return index
            }
            for (i, sub) in subs.enumerated() {
                if let child = add(
                    sub, parent: index, position: i, names: path, identity: id, enabled: nodes[index].isEnabled)
                {
                    nodes[index].children.append(child)
                }
            }
            return index
        }
        for (i, cell) in (cells ?? []).enumerated() {
            if let root = add(cell, parent: -1, position: i, names: [], identity: "", enabled: true) {
                roots.append(root)
            }
        }
        self.nodes = nodes
        self.values = values
        self.roots = roots
        self.byPath = byPath
    }

    /// The node of the cell that `names` (top-level cell first) reach, or nil.
    package func node(named names: [String]) -> Int? { byPath[names.joined(separator: ".")] }

    /// Whether the two trees have the same cells in the same places (then particles carry over).
    func hasSameShape(as other: EmitterCellTree) -> Bool {
        nodes.count == other.nodes.count && zip(nodes, other.nodes).allSatisfy { $0.identity == $1.identity }
    }

    /// New cell objects holding `values` (the presented numbers), with their sub-cells: the
    /// `emitterCells` of a presentation copy.
    func makeCells(values: [CGFloat]) -> [CAEmitterCell] {
        func make(_ i: Int) -> CAEmitterCell {
            let cell = nodes[i].cell.snapshotCopy()
            let start = i * EmitterCellSlot.count
            if values.count >= start + EmitterCellSlot.count {
                cell.numbers = Array(values[start..<start + EmitterCellSlot.count])
            }
            let subs = nodes[i].children.map(make)
            cell.emitterCells = subs.isEmpty ? nil : subs
            return cell
        }
        return roots.map(make)
    }
}

extension CAEmitterCell {
    /// A copy of the cell's values without its sub-cells, with the values its `style` supplies
    /// for the properties not set on it.
    func snapshotCopy() -> CAEmitterCell {
        let c = CAEmitterCell()
        c.numbers = numbers
        c.name = name
        c.isEnabled = isEnabled
        c.contents = contents
        c.contentsScale = contentsScale
        c.minificationFilter = minificationFilter
        c.magnificationFilter = magnificationFilter
        c.minificationFilterBias = minificationFilterBias
        c.style = style
        c.beginTime = beginTime
        c.duration = duration
        c.speed = speed
        c.timeOffset = timeOffset
        c.repeatCount = repeatCount
        c.repeatDuration = repeatDuration
        c.autoreverses = autoreverses
        c.fillMode = fillMode
        c.extraValues = extraValues
        c.explicitKeys = explicitKeys
        if let style {
            for p in EmitterCellProperty.all where p.key != "emitterCells" && !explicitKeys.contains(p.key) {
                if let v = style[p.key] { c.setValue(v, forKey: p.key) }
            }
        }
        return c
    }
}
