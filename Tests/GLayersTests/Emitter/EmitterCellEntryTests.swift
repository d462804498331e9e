import Foundation
import GLayers
import Testing

/// `CAEmitterCell`'s property table: every stored property and every number of a cell's block
/// has an entry (forgetting one fails here), and every entry is described.
@Suite struct EmitterCellEntryTests {
    @Test func everyStoredPropertyHasAnEntry() {
        // The block of numbers, the keys kept as given and the keys set are the cell's storage
        // for its entries, not properties.
        let storage: Set<String> = ["numbers", "extraValues", "explicitKeys"]
        for child in Mirror(reflecting: CAEmitterCell()).children {
            guard let label = child.label, !storage.contains(label) else { continue }
            #expect(EmitterCellProperty.named(label) != nil, "CAEmitterCell.\(label) has no entry")
        }
    }

    @Test func everyNumberOfTheBlockHasAnEntry() {
        let colour: Set<EmitterCellSlot> = [.red, .green, .blue, .alpha]
        let rect: Set<EmitterCellSlot> = [.contentsX, .contentsY, .contentsWidth, .contentsHeight]
        for slot in EmitterCellSlot.allCases where !colour.contains(slot) && !rect.contains(slot) {
            #expect(EmitterCellProperty.all.contains { $0.slot == slot }, "\(slot) has no entry")
        }
        #expect(EmitterCellProperty.named("color")?.kind == .color)
        #expect(EmitterCellProperty.named("contentsRect")?.kind == .rect)
    }

    @Test func everyEntryIsDescribed() {
        for p in EmitterCellProperty.all { #expect(!p.summary.isEmpty, "\(p.key) has no summary") }
    }
}
