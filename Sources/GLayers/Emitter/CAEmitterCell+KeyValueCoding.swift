/// Key-value coding on emitter cells: every property of the cell's table by its Core Animation
/// name (`birthRate`, `enabled`, `color`, …), key paths into sub-cells by name
/// (`emitterCells.spark.birthRate`), any other key kept as given. Values are converted and
/// checked as the Swift setters check them; a value of the wrong type is reported and ignored.
import Foundation
import GLayersGraphics

extension CAEmitterCell {
    /// The default of `setValue(_:forKey:)`.
    func setValueDefault(_ value: Any?, forKey key: String) {
        do { try setValueChecked(value, forKey: key) } catch { Diagnostics.warn("\(error)") }
    }

    /// The default of `value(forKey:)`.
    func valueDefault(forKey key: String) -> Any? {
        if let p = EmitterCellProperty.named(key) { return p.value(of: self) }
        return extraValues[key] ?? style?[key] ?? type(of: self).defaultValue(forKey: key)
    }

    /// The default of `setValue(_:forKeyPath:)`.
    func setValueDefault(_ value: Any?, forKeyPath keyPath: String) {
        do {
            let (cell, key) = try target(of: keyPath)
            try cell.setValueChecked(value, forKey: key)
        } catch {
            Diagnostics.warn("\(error)")
        }
    }

    /// The default of `value(forKeyPath:)`.
    func valueDefault(forKeyPath keyPath: String) -> Any? {
        do {
            let (cell, key) = try target(of: keyPath)
            return cell.value(forKey: key)
        } catch {
            Diagnostics.warn("\(error)")
            return nil
        }
    }

    // MARK: Implementation

    /// The cell and key a key path names.
    ///
    /// - Throws `KeyValueCodingError` for a sub-cell no cell is named, or a key path into a
    ///   value that has no parts.
    private func target(of keyPath: String) throws -> (CAEmitterCell, String) {
        let parts = keyPath.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return (self, keyPath) }
        guard parts[0] == "emitterCells", parts.count == 3 else {
            throw KeyValueCodingError(
                message: "\(diagnosticName): key path \"\(keyPath)\": expected a key or emitterCells.NAME.KEY")
        }
        guard let sub = emitterCells?.first(where: { $0.name == parts[1] }) else {
            throw KeyValueCodingError(message: "\(diagnosticName): \(keyPath): no sub-cell named \"\(parts[1])\"")
        }
        return try sub.target(of: parts[2])
    }

    /// Sets a declared property (or keeps another key); throws for a value of the wrong type.
    func setValueChecked(_ value: Any?, forKey key: String) throws {
        guard let p = EmitterCellProperty.named(key) else {
            extraValues[key] = value
            return
        }
        func fail() -> KeyValueCodingError {
            KeyValueCodingError(
                message: "\(diagnosticName): \(p.key) expects \(p.kind.expected), got \(describeValue(value))")
        }
        switch p.storage {
        case .number(let slot):
            guard let n = NumberCoercion.double(value) else { throw fail() }
            setNumber(slot, CGFloat(n))
        case .color:
            guard case .color(let c)? = ValueConversion.convert(value, to: .color) else { throw fail() }
            color = c.cgColor
        case .contentsRect:
            guard case .rect(let r)? = ValueConversion.convert(value, to: .rect) else { throw fail() }
            contentsRect = r
        case .setting(let setting):
            guard setting.set(self, value) else { throw fail() }
            explicitKeys.insert(p.key)
        }
    }
}
