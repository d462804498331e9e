import Foundation
import GLayers
import Testing

@testable import GLayersScene

/// `LayerValues.accessorKeys` names exactly the keys `LayerValues.set(_:on:keyPath:entry:)` sets
/// through their Swift accessors: the decoder sets every other key's numbers, rectangles and
/// colours through its entry, typed, so a key the switch takes but the set leaves out would be
/// set the other way.
@Suite struct LayerValuesTests {
    @Test func accessorKeysAreTheSwitchsCases() throws {
        // An entry that is not the key's: a key the switch takes leaves opacity alone, any other
        // is set through the entry given.
        let opacity = try #require(CALayer.properties["opacity"])
        for key in CALayer.declaredKeys {
            let layer = CALayer()
            _ = LayerValues.set(CGFloat(0.25), on: layer, keyPath: key, entry: opacity)
            let throughEntry = layer.opacity == 0.25
            #expect(throughEntry != LayerValues.accessorKeys.contains(key), "\(key)")
        }
        #expect(LayerValues.accessorKeys.isSubset(of: CALayer.declaredKeys))
    }
}
