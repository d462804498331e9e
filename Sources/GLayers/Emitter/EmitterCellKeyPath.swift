/// Key paths into an emitter layer's cells, as Core Animation spells them:
/// `emitterCells.NAME.KEY`, and for sub-cells `emitterCells.NAME.emitterCells.SUB.KEY`. Resolved
/// once into names and a cell property; the typed access animations use finds the cell's
/// numbers by name in the presented state (remembering the node while the snapshot is the same),
/// so an animation added before the cells are set, or that outlives a change of them, still
/// reaches the cell of that name.
import Foundation
import GLayersGraphics

/// `emitterCells.NAME….KEY` resolved.
struct EmitterCellKeyPath: Hashable {
    /// The cell names, the layer's cell first.
    let names: [String]
    /// The cell property (nil: the key path names the cell itself).
    let key: String?

    /// The cell property the key path ends in.
    var property: EmitterCellProperty? { key.flatMap(EmitterCellProperty.named) }

    /// The kind of value at the key path.
    var kind: ValueKind { property?.kind ?? .object }

    /// Parses what follows `emitterCells.` in `path`.
    ///
    /// - Throws `KeyPathError` for an empty name, an unknown cell property (with a suggestion),
    ///   or a key path into a cell value's parts.
    static func parse(_ rest: String, path: String) throws -> EmitterCellKeyPath {
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts[0].isEmpty else {
            throw KeyPathError(
                keyPath: path, reason: "expected emitterCells.NAME.KEY (a cell's name after emitterCells)")
        }
        var names = [parts[0]]
        var i = 1
        while i + 1 < parts.count && parts[i] == "emitterCells" && !parts[i + 1].isEmpty {
            names.append(parts[i + 1])
            i += 2
        }
        let tail = parts[i...]
        guard let key = tail.first else { return EmitterCellKeyPath(names: names, key: nil) }
        guard let property = EmitterCellProperty.named(key) else {
            let best = EmitterCellProperty.keys.min {
                EditDistance.between($0.lowercased(), key.lowercased())
                    < EditDistance.between($1.lowercased(), key.lowercased())
            }
            let close = best.map { EditDistance.between($0.lowercased(), key.lowercased()) <= max(2, key.count / 3) }
            let hint = close == true ? "; did you mean \"\(best ?? "")\"?" : ""
            throw KeyPathError(keyPath: path, reason: "an emitter cell has no property \"\(key)\"\(hint)")
        }
        guard tail.count == 1 else {
            throw KeyPathError(keyPath: path, reason: "key paths into a cell's \(property.key) are not supported")
        }
        return EmitterCellKeyPath(names: names, key: property.key)
    }

    /// Typed access to the value in a presented state (inert for settings, which do not animate).
    func stateAccess() -> AnyStateAccess {
        guard let property, let first = property.firstSlot else { return .inert }
        let locate = NodeLocator(names: names)
        let slot = first.rawValue
        let width: Int
        switch property.storage {
        case .number: width = 1
        case .color, .contentsRect: width = 4
        case .setting: return .inert
        }
        /// The index of the value's first number among the cells' numbers in `state`.
        func index(_ state: LayerState) -> Int? {
            locate.node(in: state).map { $0 * EmitterCellSlot.count + slot }
        }
        func read(_ s: inout PresentedState, _ offset: Int) -> CGFloat {
            guard let i = index(s.state) else { return 0 }
            let values = EmitterCellsProperty.values(in: s.state)
            return i + offset < values.count ? values[i + offset] : 0
        }
        /// Runs `body` on the numbers and the index of the value's first, in place.
        func write(_ s: inout PresentedState, _ body: (inout [CGFloat], Int) -> Void) {
            guard let i = index(s.state) else { return }
            EmitterCellsProperty.modifyValues(in: &s.state) { values in
                if i >= 0 && i + width <= values.count { body(&values, i) }
            }
        }
        let reset: StateReset = { s, model in
            guard let i = index(model.pointee) else { return }
            let original = EmitterCellsProperty.values(in: model.pointee)
            guard i >= 0 && i + width <= original.count else { return }
            write(&s) { values, j in
                for k in 0..<width { values[j + k] = original[i + k] }
            }
        }
        switch property.storage {
        case .number:
            return .number(StateAccess(get: { read(&$0, 0) }, set: { s, v in write(&s) { $0[$1] = v } }, reset: reset))
        case .color:
            return .color(
                StateAccess(
                    get: { s in .rgba(RGBA(read(&s, 0), read(&s, 1), read(&s, 2), read(&s, 3))) },
                    set: { s, c in
                        let v = c.rgba ?? RGBA(1, 1, 1, 1)
                        write(&s) { a, i in (a[i], a[i + 1], a[i + 2], a[i + 3]) = (v.r, v.g, v.b, v.a) }
                    }, reset: reset))
        case .contentsRect:
            return .rect(
                StateAccess(
                    get: { s in CGRect(x: read(&s, 0), y: read(&s, 1), width: read(&s, 2), height: read(&s, 3)) },
                    set: { s, r in
                        write(&s) { a, i in
                            (a[i], a[i + 1], a[i + 2], a[i + 3]) = (r.origin.x, r.origin.y, r.width, r.height)
                        }
                    }, reset: reset))
        case .setting:
            return .inert
        }
    }
}

/// Finds a cell's node by name in a state's snapshot, remembering it for that snapshot.
private final class NodeLocator {
    let names: [String]
    private var tree: EmitterCellTree?
    private var node: Int?

    init(names: [String]) { self.names = names }

    func node(in state: LayerState) -> Int? {
        let current = EmitterCellsProperty.tree(in: state)
        if current !== tree {
            tree = current
            node = current.node(named: names)
        }
        return node
    }
}
