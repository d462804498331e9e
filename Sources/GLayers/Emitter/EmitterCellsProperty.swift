/// The `emitterCells` entry of `CAEmitterLayer`'s property table, and where its values live in
/// the layer's state: the snapshot of the cells (`EmitterCellTree`) and the numbers of every
/// cell in one array, which key paths such as `emitterCells.spark.birthRate` read and animations
/// write like any other presented value (`EmitterCellKeyPath.swift`).
import Foundation
import GLayersGraphics

/// `CAEmitterLayer.emitterCells`: a list of cells, not animated as a whole (its cells' values
/// animate by key path); setting it takes a new snapshot.
final class EmitterCellsProperty: LayerProperty {
    /// The state key of the cells' numbers (`.numbers`, `EmitterCellSlot.count` per node).
    static let valuesKey = "emitterCells"
    /// The state key of the snapshot (`.object(EmitterCellTree)`); a key with a space, which no
    /// Core Animation key has.
    static let treeKey = "emitterCells tree"

    init() {
        super.init(
            key: "emitterCells", aliases: [], kind: .object, action: .noAction, animatable: false, effects: [],
            choices: nil, summary: "The kinds of particle the layer emits.")
    }

    override var defaultValue: Any? { nil }
    override var isPresented: Bool { true }

    override package func value(of layer: CALayer) -> Any? { (layer as? CAEmitterLayer)?.emitterCells }

    override package func setValue(_ value: Any?, on layer: CALayer) throws {
        guard let emitter = layer as? CAEmitterLayer else { throw typeError(value, on: layer) }
        guard let cells = Self.cells(value) else { throw typeError(value, on: layer) }
        emitter.emitterCells = cells
    }

    /// `value` as a list of cells (nil inside: no cells), or nil when it is not one.
    static func cells(_ value: Any?) -> [CAEmitterCell]?? {
        guard let value else { return .some(nil) }
        if let cells = value as? [CAEmitterCell] { return .some(cells) }
        guard let list = value as? [Any] else { return nil }
        var out: [CAEmitterCell] = []
        for element in list {
            guard let cell = element as? CAEmitterCell else { return nil }
            out.append(cell)
        }
        return .some(out)
    }

    // MARK: The values in a state

    /// Puts the snapshot and its model numbers into `state`.
    static func store(_ tree: EmitterCellTree, into state: inout LayerState) {
        state.custom[treeKey] = .object(tree)
        state.custom[valuesKey] = .numbers(tree.values)
    }

    /// The snapshot in `state` (the empty tree when there is none).
    static func tree(in state: LayerState) -> EmitterCellTree {
        guard case .object(let o)? = state.custom[treeKey], let tree = o as? EmitterCellTree else { return .empty }
        return tree
    }

    /// The cells' numbers in `state` (empty when there are none).
    static func values(in state: LayerState) -> [CGFloat] {
        guard case .numbers(let a)? = state.custom[valuesKey] else { return [] }
        return a
    }

    /// Runs `body` on the cells' numbers in `state` (in place when the state's storage is its
    /// own; nothing when there are none).
    static func modifyValues(in state: inout LayerState, _ body: (inout [CGFloat]) -> Void) {
        guard case .numbers(var a)? = state.custom.removeValue(forKey: valuesKey) else { return }
        body(&a)
        state.custom[valuesKey] = .numbers(a)
    }
}
