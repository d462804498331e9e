/// The values a layer keeps by key (`LayerState.custom`): its class's stored properties
/// (`CAShapeLayer.path`, `strokeEnd`, `CAGradientLayer.colors`, …) and the keys code sets by
/// key-value coding.
///
/// A layer keeps a handful of them, so they are a short list searched by a key's fingerprint
/// rather than a hash table: a shape layer reads a dozen when it makes its drawing and an
/// animation of one writes it every frame, and hashing the key's string each time cost ten
/// times the search (a twentieth of building a large Lottie file).
import Foundation

/// A key of `StoredValues`: its name and a fingerprint of it (its UTF-8 length and first seven
/// bytes), compared first. Keys of different bytes are different keys, as `NSString` keys are
/// on Apple's platforms (a hash table of Swift strings also equated canonically equivalent
/// spellings of an accented letter).
package struct StoredKey: Hashable, Sendable {
    package let name: String
    private let fingerprint: UInt64

    package init(_ name: String) {
        self.name = name
        var name = name
        fingerprint = name.withUTF8 { bytes in
            var f = UInt64(min(bytes.count, 255)) << 56
            for i in 0..<min(bytes.count, 7) { f |= UInt64(bytes[i]) << (8 * i) }
            return f
        }
    }

    package static func == (a: StoredKey, b: StoredKey) -> Bool {
        guard a.fingerprint == b.fingerprint else { return false }
        // Same length, same first seven bytes: the rest compared (a key of the same name is
        // the same small string, which `==` tells by its bits).
        return a.fingerprint >> 56 <= 7 || a.name == b.name
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }
}

/// Values by key, in the order they were first set (no operation depends on the order). The
/// keys are a list of their own, so that a search reads keys only (a list of pairs copied each
/// value it passed, 136 bytes for a transform).
package struct StoredValues {
    private var keys: [StoredKey] = []
    private var values: [AnimatableValue] = []

    package init() {}

    /// Whether no key has a value.
    package var isEmpty: Bool { keys.isEmpty }

    private func index(of key: StoredKey) -> Int? {
        keys.firstIndex(of: key)
    }

    /// The value of `key` (nil: none); setting nil removes it.
    package subscript(key: StoredKey) -> AnimatableValue? {
        get {
            guard let i = index(of: key) else { return nil }
            return values[i]
        }
        set {
            if let i = index(of: key) {
                if let newValue {
                    values[i] = newValue
                } else {
                    keys.remove(at: i)
                    values.remove(at: i)
                }
            } else if let newValue {
                if keys.isEmpty {
                    // A layer that stores one value mostly stores a few (a shape's path, fill
                    // colour, rule, line width…): room for four, not one then two then four.
                    keys.reserveCapacity(4)
                    values.reserveCapacity(4)
                }
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    /// The value of the key named `name` (key-value coding's keys).
    package subscript(name: String) -> AnimatableValue? {
        get { self[StoredKey(name)] }
        set { self[StoredKey(name)] = newValue }
    }

    /// Removes the value of the key named `name`, returning it.
    @discardableResult
    package mutating func removeValue(forKey name: String) -> AnimatableValue? {
        guard let i = index(of: StoredKey(name)) else { return nil }
        keys.remove(at: i)
        return values.remove(at: i)
    }
}
