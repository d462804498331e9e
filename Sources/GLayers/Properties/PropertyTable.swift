/// The property table of one layer class: `CALayer`'s entries and the class's own, by name and
/// by alias, built once per class.
import Foundation
import GLayersGraphics

/// The properties layers of one class declare (a class: handing a table out retains one
/// object, not its four collections).
package final class PropertyTable: @unchecked Sendable {
    /// Every entry, `CALayer`'s first, in declaration order.
    package let all: [LayerProperty]
    /// The names of the entries a scene or a tool may set (all but `superlayer`), in order, and
    /// as a set (made once per class: decoding a scene asks for every layer and key).
    package let declaredKeys: [String]
    package let declaredKeySet: Set<String>
    private let byName: [String: LayerProperty]

    init(_ entries: [LayerProperty]) {
        var byName: [String: LayerProperty] = [:]
        var all: [LayerProperty] = []
        for p in entries {
            // A class may redeclare an inherited property; the last entry wins.
            if let old = byName[p.key] { all.removeAll { $0 === old } }
            all.append(p)
            byName[p.key] = p
            for alias in p.aliases { byName[alias] = p }
        }
        self.all = all
        self.byName = byName
        declaredKeys = all.filter { $0 !== LayerProperty.superlayer }.map(\.key)
        declaredKeySet = Set(declaredKeys)
    }

    /// The entry for a key-value coding name or alias, or nil for an undeclared key.
    package subscript(name: String) -> LayerProperty? { byName[name] }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var tables: [ObjectIdentifier: PropertyTable] = [:]
    /// The class asked for last and its table: most asks in a row are for one class (building
    /// a tree sets and animates key after key of each layer), and a comparison costs less than
    /// hashing the class.
    nonisolated(unsafe) private static var last: (id: ObjectIdentifier, table: PropertyTable)?

    /// The table of `layerClass` (made on first use).
    static func of(_ layerClass: CALayer.Type) -> PropertyTable {
        let id = ObjectIdentifier(layerClass)
        lock.lock()
        if let last, last.id == id {
            lock.unlock()
            return last.table
        }
        if let t = tables[id] {
            last = (id, t)
            lock.unlock()
            return t
        }
        lock.unlock()
        let table = PropertyTable(layerClass.declaredProperties)
        lock.lock()
        tables[id] = table
        lock.unlock()
        return table
    }
}

extension CALayer {
    /// The property table of this class.
    package static var properties: PropertyTable { PropertyTable.of(self) }

    /// The names of the properties layers of this class declare (for tools: completion,
    /// validation, "did you mean").
    package static var declaredKeys: [String] { properties.declaredKeys }

    /// Whether layers of this class declare `key` (one of `declaredKeys`).
    package static func declares(_ key: String) -> Bool { properties.declaredKeySet.contains(key) }
}
