/// A layer's contents as the engine holds them.
import Foundation
import GLayersGraphics

/// A layer's `contents`: an image, or an object glayers cannot draw (kept so the getter
/// returns what was set; reported once when set).
package enum ContentsValue {
    case none
    case image(CGImage)
    /// Boxed: an `Any` inline made this value, and so every layer's reference box, 24 bytes
    /// larger.
    case unsupported(UnsupportedContents)

    init(_ any: Any?) {
        switch any {
        case nil: self = .none
        case let image as CGImage: self = .image(image)
        case let value?: self = .unsupported(UnsupportedContents(value))
        }
    }

    /// The image, when the contents are one.
    package var image: CGImage? {
        if case .image(let i) = self { return i }
        return nil
    }

    /// The value as `contents` returns it.
    var object: Any? {
        switch self {
        case .none: return nil
        case .image(let i): return i
        case .unsupported(let v): return v.value
        }
    }

    /// Identity comparison: the same image object, or both empty.
    func isSame(as other: ContentsValue) -> Bool {
        switch (self, other) {
        case (.none, .none): return true
        case (.image(let a), .image(let b)): return a === b
        default: return false
        }
    }
}

/// An object set as `contents` that glayers cannot draw, kept for the getter.
package final class UnsupportedContents {
    let value: Any
    init(_ value: Any) { self.value = value }
}
