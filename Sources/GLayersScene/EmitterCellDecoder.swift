/// Decoding an emitter layer's `emitterCells`: a list of cell objects with `CAEmitterCell`'s
/// property names (`birthRate`, `emissionLongitude` in radians or `"90deg"`, `color`, `contents`
/// as an image path relative to the scene file, `emitterCells` for sub-cells, and the cell's
/// timing), checked as the engine checks them: what it refuses or clamps (NaN, negative rates)
/// is an error at the value's position.
///
/// Emitter layers start emitting when the scene loads: their `beginTime` counts from the load,
/// as animations' begin times do (`anchorEmitters`).
import Foundation
import GLayers
import GLayersJSON

extension DecodeContext {
    /// The keys of a cell object: the engine's cell properties, without `style`.
    static let cellKeys: [String] = EmitterCellProperty.all.filter { $0.key != "style" }.flatMap {
        [$0.key] + $0.aliases
    }

    /// Sets `emitterCells` of `layer` from the list at `node`.
    func emitterCells(_ node: JSONValue, _ path: JSONPath, of layer: CALayer) {
        guard let emitter = layer as? CAEmitterLayer else {
            fail("emitterCells is a CAEmitterLayer property (set \"class\": \"CAEmitterLayer\")", node, path)
            return
        }
        guard let cells = cellList(node, path, depth: 1) else { return }
        let (_, warnings) = Diagnostics.capture { emitter.emitterCells = cells }
        for w in warnings { fail(w, node, path) }
        let count = emitter.steadyParticleCount
        if count > Double(CAEmitterLayer.particleBudget) {
            fail(
                String(format: count < 1e15 ? "%.0f" : "%.3g", count) + " particles would live at once (birth "
                    + "rates × lifetimes), over the budget of \(CAEmitterLayer.particleBudget) of an emitter layer; "
                    + "lower birthRate or lifetime", node, path)
        }
        emitters.append(emitter)
    }

    /// The cells of a list, or nil when it is not a list (reported).
    private func cellList(_ node: JSONValue, _ path: JSONPath, depth: Int) -> [CAEmitterCell]? {
        guard let items = node.array else {
            expected(
                "a list of emitter cells such as { \"birthRate\": 10, \"lifetime\": 2, \"contents\": \"spark.png\" }",
                node, path)
            return nil
        }
        guard depth <= EmitterCellTree.maximumDepth else {
            fail("emitter cells are nested more than \(EmitterCellTree.maximumDepth) deep", node, path)
            return nil
        }
        var names: [String: JSONPath] = [:]
        var cells: [CAEmitterCell] = []
        for (i, item) in items.enumerated() {
            guard !log.isFull, let cell = self.cell(item, path.index(i), depth: depth) else { continue }
            if let name = cell.name {
                if let first = names[name] {
                    fail(
                        "two cells here are named \"\(name)\" (the other is \(first)); key paths need unique names",
                        item, path.index(i))
                }
                names[name] = path.index(i)
            }
            cells.append(cell)
        }
        return cells
    }

    /// One cell object.
    private func cell(_ node: JSONValue, _ path: JSONPath, depth: Int) -> CAEmitterCell? {
        guard let obj = object(node, path, "an emitter cell object") else { return nil }
        checkKeys(obj, allowed: Set(Self.cellKeys), in: "an emitter cell")
        checkAliases(obj, [("enabled", "isEnabled")])
        let cell = CAEmitterCell()
        for m in obj.members where Self.cellKeys.contains(m.key) {
            let p = path.key(m.key)
            if m.key == "emitterCells" {
                if let subs = cellList(m.value, p, depth: depth + 1) { cell.emitterCells = subs }
                continue
            }
            guard let value = cellValue(m.key, m.value, p) else { continue }
            let (_, warnings) = Diagnostics.capture { cell.setValue(value, forKey: m.key) }
            for w in warnings { fail(w, m.value, p) }
        }
        if let name = cell.name, name.isEmpty || name.contains(".") {
            fail("a cell name must be non-empty and contain no '.' (it is used in key paths)", node, path.key("name"))
        }
        return cell
    }

    /// The value of cell key `key` at `node` (`.some(nil)` for null contents), or nil (reported).
    private func cellValue(_ key: String, _ node: JSONValue, _ path: JSONPath) -> Any?? {
        guard let p = EmitterCellProperty.named(key) else { return nil }
        switch CellValueType(p) {
        case .name: return string(node, path).map { $0 }
        case .bool: return bool(node, path).map { $0 }
        case .color: return color(node, path).map { $0 }
        case .rect: return rect(node, path).map { $0 }
        case .image:
            if node.isNull { return .some(nil) }
            guard let s = string(node, path) else { return nil }
            return image(s, node, path).map { $0 }
        case .positive: return positive(node, path).map { $0 }
        case .names(let list):
            // The cell's names are its fill mode and its contents filters.
            let what = p.key == "fillMode" ? "fill mode" : "filter"
            return name(node, path, among: list, what: what).map { $0 }
        case .duration: return duration(node, path).map { $0 }
        case .repeatCount: return repeatCount(node, path).map { $0 }
        case .cells: return nil
        case .number(let angle, _): return number(node, path, angle: angle).map { $0 }
        }
    }

    /// Makes the emitter layers decoded so far start now: their `beginTime` counts from the
    /// current time of their superlayer (0 on the manual clock at load, so scenes played on a
    /// timeline are unchanged).
    func anchorEmitters() {
        let now = CACurrentMediaTime()
        for emitter in emitters {
            emitter.beginTime += emitter.superlayer?.convertTime(now, from: nil) ?? now
        }
        emitters.removeAll()
    }
}
