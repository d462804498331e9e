/// Key-value coding of an emitter layer's cells through the layer:
/// `layer.setValue(0, forKeyPath: "emitterCells.spark.birthRate")` sets the value on the cell
/// and takes a new snapshot of the cells (the change runs the action for that key path);
/// `value(forKeyPath:)` reads the cell's value (on a presentation copy, the presented value).
import Foundation

extension CALayer {
    /// Sets a cell's value at `path` (the key path `keyPath` of this layer).
    ///
    /// - Throws `KeyValueCodingError` when the key path names a whole cell, no cell has the
    ///   names, or the value is not of the property's type.
    func setEmitterCellValue(_ value: Any?, _ path: EmitterCellKeyPath, keyPath: String) throws {
        guard let emitter = self as? CAEmitterLayer else {
            throw KeyValueCodingError(message: "\(diagnosticName): \(keyPath): only emitter layers have cells")
        }
        guard let key = path.key else {
            throw KeyValueCodingError(
                message: "\(diagnosticName): \(keyPath): a cell is not set by key path; set emitterCells")
        }
        guard let cell = emitter.cell(named: path.names) else {
            throw KeyValueCodingError(message: "\(diagnosticName): \(keyPath): \(emitter.missingCell(path.names))")
        }
        try cell.setValueChecked(value, forKey: key)
        emitter.setEmitterCells(emitter.cellsForAPI, actionKey: keyPath)
    }

    /// A cell's value at `path` (the cell itself when the key path ends with its name).
    ///
    /// - Throws `KeyValueCodingError` when no cell has the names.
    func emitterCellValue(_ path: EmitterCellKeyPath, keyPath: String) throws -> Any? {
        guard let emitter = self as? CAEmitterLayer, let cell = emitter.cell(named: path.names) else {
            let why = (self as? CAEmitterLayer)?.missingCell(path.names) ?? "only emitter layers have cells"
            throw KeyValueCodingError(message: "\(diagnosticName): \(keyPath): \(why)")
        }
        return path.key.map { cell.value(forKey: $0) } ?? cell
    }
}

extension CAEmitterLayer {
    /// The cell `names` reach (top-level cell first) among `emitterCells` as the API returns
    /// them: the app's objects, or on a presentation copy cells holding the presented values.
    final func cell(named names: [String]) -> CAEmitterCell? {
        var cells = cellsForAPI
        var found: CAEmitterCell?
        for name in names {
            found = cells?.first { $0.name == name }
            cells = found?.emitterCells
        }
        return found
    }

    /// Why no cell has `names`, listing the names there are.
    final func missingCell(_ names: [String]) -> String {
        var cells = cellsForAPI
        for (depth, name) in names.enumerated() {
            guard let next = cells?.first(where: { $0.name == name }) else {
                let known = (cells ?? []).compactMap(\.name).map { "\"\($0)\"" }
                let place = depth == 0 ? "no emitter cell" : "no sub-cell of \"\(names[depth - 1])\""
                return "\(place) is named \"\(name)\""
                    + (known.isEmpty ? " (no cell has a name)" : " (cells: \(known.joined(separator: ", ")))")
            }
            cells = next.emitterCells
        }
        return "no such cell"
    }
}
