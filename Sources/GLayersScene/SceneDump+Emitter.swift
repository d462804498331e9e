/// `glayers dump` of an emitter layer's cells: each cell as an object of its name and the
/// values that differ from Core Animation's defaults (presented values, in the encodings scenes
/// use), its sub-cells nested in `emitterCells`.
import Foundation
import GLayers
import GLayersJSON

extension Scene {
    /// A cell as a dump object.
    func encode(cell: CAEmitterCell) -> JSONOutput {
        var members: [(String, JSONOutput)] = []
        for key in EmitterCellProperty.keys where !["style", "emitterCells"].contains(key) {
            let value = cell.value(forKey: key)
            let shown = encode(value)
            guard shown.render() != encode(CAEmitterCell.defaultValue(forKey: key)).render() else { continue }
            members.append((key, shown))
        }
        if let subs = cell.emitterCells, !subs.isEmpty {
            members.append(("emitterCells", .array(subs.map { encode(cell: $0) })))
        }
        return .object(members)
    }
}
