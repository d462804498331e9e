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
        if let p = EmitterCellProperty.named(key) { return declaredValue(p) }
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
        case .setting:
            guard try setSetting(p.key, value) else { throw fail() }
        }
    }

    /// Sets a setting; false when the value is not of its type.
    private func setSetting(_ key: String, _ value: Any?) throws -> Bool {
        func number() -> Double? { NumberCoercion.double(value) }
        switch key {
        case "name":
            guard value == nil || value is String else { return false }
            name = value as? String
        case "enabled":
            guard let b = NumberCoercion.bool(value) else { return false }
            isEnabled = b
        case "contents": contents = value
        case "contentsScale":
            guard let n = number() else { return false }
            contentsScale = CGFloat(n)
        case "minificationFilter", "magnificationFilter":
            guard let s = value as? String ?? (value as? CALayerContentsFilter)?.rawValue else { return false }
            if key == "minificationFilter" { minificationFilter = s } else { magnificationFilter = s }
        case "minificationFilterBias":
            guard let n = number() else { return false }
            minificationFilterBias = Float(n)
        case "emitterCells":
            guard value == nil || value is [CAEmitterCell] else { return false }
            emitterCells = value as? [CAEmitterCell]
        case "style":
            guard value == nil || value is [AnyHashable: Any] else { return false }
            style = value as? [AnyHashable: Any]
        case "fillMode":
            guard let s = value as? String ?? (value as? CAMediaTimingFillMode)?.rawValue else { return false }
            fillMode = CAMediaTimingFillMode(rawValue: s)
        case "autoreverses":
            guard let b = NumberCoercion.bool(value) else { return false }
            autoreverses = b
        default:
            guard let n = number(), n.isFinite || (key == "repeatCount" && n == .infinity) else { return false }
            setTiming(key, n)
        }
        explicitKeys.insert(key)
        return true
    }

    private func setTiming(_ key: String, _ n: Double) {
        switch key {
        case "beginTime": beginTime = n
        case "duration": duration = n
        case "speed": speed = Float(n)
        case "timeOffset": timeOffset = n
        case "repeatCount": repeatCount = Float(n)
        default: repeatDuration = n
        }
    }

    /// The value of a declared property as key-value coding returns it (`Float` for the
    /// properties Apple declares as `float`, `CGFloat` for the others).
    private func declaredValue(_ p: EmitterCellProperty) -> Any? {
        switch p.storage {
        case .number(let slot):
            let floats: Set<EmitterCellSlot> = [
                .birthRate, .lifetime, .lifetimeRange, .redRange, .greenRange, .blueRange, .alphaRange, .redSpeed,
                .greenSpeed, .blueSpeed, .alphaSpeed,
            ]
            return floats.contains(slot) ? Float(number(slot)) : number(slot)
        case .color: return color
        case .contentsRect: return contentsRect
        case .setting: return setting(p.key)
        }
    }

    private func setting(_ key: String) -> Any? {
        switch key {
        case "name": return name
        case "enabled": return isEnabled
        case "contents": return contents
        case "contentsScale": return contentsScale
        case "minificationFilter": return minificationFilter
        case "magnificationFilter": return magnificationFilter
        case "minificationFilterBias": return minificationFilterBias
        case "emitterCells": return emitterCells
        case "style": return style
        case "beginTime": return beginTime
        case "duration": return duration
        case "speed": return speed
        case "timeOffset": return timeOffset
        case "repeatCount": return repeatCount
        case "repeatDuration": return repeatDuration
        case "autoreverses": return autoreverses
        default: return fillMode.rawValue
        }
    }

    /// Core Animation's default of a cell key (nil for undeclared keys).
    static func defaultOf(_ key: String) -> Any? {
        guard let p = EmitterCellProperty.named(key) else { return nil }
        switch p.storage {
        case .number(let slot):
            return CAEmitterCell().declaredValue(EmitterCellProperty(p.key, .number(slot)))
        case .color: return CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        case .contentsRect: return CGRect(x: 0, y: 0, width: 1, height: 1)
        case .setting:
            switch p.key {
            case "name", "contents", "emitterCells", "style": return nil
            default: return CAEmitterCell().setting(p.key)
            }
        }
    }
}
