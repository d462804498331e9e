/// Colours as the engine holds them.
import Foundation
import GLayersGraphics

/// A colour as the engine holds it: the caller's `CGColor` (kept for identity and colour space)
/// or an interpolated RGBA value (produced per frame without allocating).
package enum ColorValue: Equatable {
    case none
    case object(CGColor)
    case rgba(RGBA)

    init(_ color: CGColor?) { self = color.map { .object($0) } ?? .none }

    /// Straight RGBA, or nil when there is no colour.
    package var rgba: RGBA? {
        switch self {
        case .none: return nil
        case .object(let c): return c.rgba
        case .rgba(let v): return v
        }
    }

    /// The colour as a `CGColor` (the caller's object when there is one).
    package var cgColor: CGColor? {
        switch self {
        case .none: return nil
        case .object(let c): return c
        case .rgba(let v): return CGColor(v)
        }
    }

    /// Whether the colour draws nothing (absent or fully transparent).
    var isInvisible: Bool { (rgba?.a ?? 0) <= 0 }
}
