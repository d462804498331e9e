/// The property table of `CAEmitterCell` (CAEmitterCell.h): one entry per property, with its
/// key-value coding name, kind, default, whether it animates, where a cell keeps it and a
/// description (the entries: `CAEmitterCell+PropertyTable.swift`). The cell's key-value
/// coding and defaults, the emitter layer's `emitterCells.NAME.KEY` key paths, scenes, dumps,
/// the schema and the docs' cell table read it; nothing else lists cell properties.
///
/// A cell's animatable numbers live in one block of `EmitterCellSlot.count` numbers (colour and
/// `contentsRect` take four each), so an emitter layer keeps the numbers of all its cells in
/// one array of its state, which animations write like any other presented value.
import Foundation
import GLayersGraphics

/// A number of a cell's block of animatable numbers.
package enum EmitterCellSlot: Int, CaseIterable, Sendable {
    case birthRate, lifetime, lifetimeRange, emissionLatitude, emissionLongitude, emissionRange
    case velocity, velocityRange, xAcceleration, yAcceleration, zAcceleration
    case scale, scaleRange, scaleSpeed, spin, spinRange
    case red, green, blue, alpha, redRange, greenRange, blueRange, alphaRange
    case redSpeed, greenSpeed, blueSpeed, alphaSpeed
    case contentsX, contentsY, contentsWidth, contentsHeight

    /// Numbers per cell.
    package static let count = 32

    /// The block of a new cell: Apple's defaults (scale 1, opaque white, the unit contentsRect,
    /// everything else 0).
    package static let defaults: [CGFloat] = allCases.map { slot in
        switch slot {
        case .scale, .red, .green, .blue, .alpha, .contentsWidth, .contentsHeight: return 1
        default: return 0
        }
    }
}

/// What values of a number a cell accepts (bad values are refused or clamped with a warning).
package enum EmitterCellCheck: Sendable {
    /// Any finite number (velocities, accelerations, angles, speeds, scale, spin).
    case finite
    /// A rate or a lifetime: negative values become 0; birth rates above
    /// `EmitterCellLimits.maximumBirthRate` are clamped to it.
    case nonNegative
    /// A range about a mean (`velocityRange`, …): a negative range is its magnitude.
    case range
    /// A positive number (`contentsScale`).
    case positive
}

/// Limits of cell values.
package enum EmitterCellLimits {
    /// The largest birth rate of a cell, per second (larger values are clamped with a warning;
    /// the emitter's live-particle budget bounds what is drawn anyway).
    package static let maximumBirthRate: CGFloat = 1_000_000
}

/// A setting of the cell object (`name`, `contents`, timing, …): key-value coding reaches it
/// through these accessors.
package struct EmitterCellSetting: @unchecked Sendable {
    /// The value as `value(forKey:)` returns it.
    let get: (CAEmitterCell) -> Any?
    /// Sets the value; false when it is not of the setting's type.
    let set: (CAEmitterCell, Any?) -> Bool
}

/// One property of `CAEmitterCell`.
package struct EmitterCellProperty: Sendable {
    /// Where a cell keeps the value.
    package enum Storage: Sendable {
        /// One number of the block.
        case number(EmitterCellSlot)
        /// `color`: red, green, blue, alpha.
        case color
        /// `contentsRect`: x, y, width, height.
        case contentsRect
        /// A setting of the cell object, not animated (`name`, `contents`, timing, …).
        case setting(EmitterCellSetting)
    }

    /// The key-value coding name.
    package let key: String
    /// Other names key-value coding accepts (Swift's `isEnabled`).
    package let aliases: [String]
    /// The kind of value.
    package let kind: ValueKind
    /// Where a cell keeps it.
    package let storage: Storage
    /// How numbers are checked.
    package let check: EmitterCellCheck
    /// Whether the number is an angle in radians (scenes may write `"90deg"`).
    package let isAngle: Bool
    /// Whether key-value coding returns the number as a `Float` (the properties Apple declares
    /// as `float`) rather than a `CGFloat`.
    let isFloat: Bool
    /// The names the value may take, when they form a closed set (`fillMode`).
    package let names: [String]?
    /// What it is, in one sentence: the scene schema's description and the cell table of
    /// docs/scene-format.md are made from it (`glayers schema`).
    package let summary: String

    /// Whether `emitterCells.NAME.KEY` animates (CAEmitterCell.h says "Animatable"; glayers
    /// does not animate `contents` and `emitterCells`, which it only switches by setting).
    package var isAnimatable: Bool {
        if case .setting = storage { return false }
        return true
    }

    init(
        _ key: String, _ storage: Storage, kind: ValueKind = .number, check: EmitterCellCheck = .finite,
        aliases: [String] = [], angle: Bool = false, float: Bool = false, names: [String]? = nil, summary: String
    ) {
        self.key = key
        self.storage = storage
        self.kind = kind
        self.check = check
        self.aliases = aliases
        self.isAngle = angle
        self.isFloat = float
        self.names = names
        self.summary = summary
    }

    /// The slot of a number property.
    package var slot: EmitterCellSlot? {
        if case .number(let s) = storage { return s }
        return nil
    }

    /// The first of the four slots of a colour or rect, or the slot of a number.
    var firstSlot: EmitterCellSlot? {
        switch storage {
        case .number(let s): return s
        case .color: return .red
        case .contentsRect: return .contentsX
        case .setting: return nil
        }
    }

    /// Core Animation's default (nil: none), the value of a new cell.
    package var defaultValue: Any? { value(of: EmitterCellDefaults.cell) }

    /// The value of `cell` as key-value coding returns it.
    func value(of cell: CAEmitterCell) -> Any? {
        switch storage {
        case .number(let slot): return isFloat ? Float(cell.number(slot)) : cell.number(slot)
        case .color: return cell.color
        case .contentsRect: return cell.contentsRect
        case .setting(let s): return s.get(cell)
        }
    }
}

/// A cell with every property at its default, read for the table's defaults.
private enum EmitterCellDefaults {
    nonisolated(unsafe) static let cell = CAEmitterCell()
}

extension EmitterCellProperty {
    private static let byName: [String: EmitterCellProperty] = {
        var out: [String: EmitterCellProperty] = [:]
        for p in all {
            out[p.key] = p
            for a in p.aliases { out[a] = p }
        }
        return out
    }()

    /// The entry for a key or alias, or nil for an undeclared key.
    package static func named(_ key: String) -> EmitterCellProperty? { byName[key] }

    /// The key-value coding names of every property (for tools: schemas, "did you mean").
    package static var keys: [String] { all.map(\.key) }

    /// `value` checked for this property: the number to keep, or nil when it is refused; the
    /// warning (naming `owner` and the property) says what was done.
    func checked(_ value: CGFloat, owner: String) -> (value: CGFloat?, warning: String?) {
        guard value.isFinite else {
            return (nil, "\(owner): \(key) must be a finite number, got \(value); ignored")
        }
        switch check {
        case .finite:
            return (value, nil)
        case .nonNegative:
            if value < 0 { return (0, "\(owner): \(key) \(value) is negative; using 0") }
            if slot == .birthRate && value > EmitterCellLimits.maximumBirthRate {
                let limit = EmitterCellLimits.maximumBirthRate
                return (limit, "\(owner): birthRate \(value) is above \(Int(limit)) a second; using \(Int(limit))")
            }
            return (value, nil)
        case .range:
            if value < 0 { return (-value, "\(owner): \(key) \(value) is negative; a range is ±\(-value)") }
            return (value, nil)
        case .positive:
            if value <= 0 { return (nil, "\(owner): \(key) must be positive, got \(value); ignored") }
            return (value, nil)
        }
    }
}
