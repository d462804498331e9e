/// What each emitter cell property holds, as scenes write it, from the cell's entries: the cell
/// decoder reads values by it and the schema describes them by it.
import Foundation
import GLayers

/// The type of a cell property's value in a scene.
enum CellValueType: Equatable {
    /// The cell's name (no `.`: key paths use it).
    case name
    case bool, color, rect
    /// An image path, or null.
    case image
    /// A number > 0.
    case positive
    /// One name of a fixed list.
    case names([String])
    /// Seconds ≥ 0.
    case duration
    /// A repeat count ≥ 0, or `"infinity"`.
    case repeatCount
    /// A list of cells.
    case cells
    /// A number: an angle (`"90deg"` allowed), or one the engine keeps ≥ 0 (a rate, a lifetime,
    /// a range).
    case number(angle: Bool, nonNegative: Bool)

    init(_ p: EmitterCellProperty) {
        if let names = p.names {
            self = .names(names)
            return
        }
        switch (p.kind, p.key) {
        case (.bool, _): self = .bool
        case (.color, _): self = .color
        case (.rect, _): self = .rect
        case (.image, _): self = .image
        case (_, "emitterCells"): self = .cells
        case (.object, _): self = .name
        case (_, "duration"), (_, "repeatDuration"): self = .duration
        case (_, "repeatCount"): self = .repeatCount
        default:
            switch p.check {
            case .positive: self = .positive
            case .nonNegative, .range: self = .number(angle: p.isAngle, nonNegative: true)
            case .finite: self = .number(angle: p.isAngle, nonNegative: false)
            }
        }
    }
}
