import Foundation
import Testing

@testable import GLayers

/// A layer's stored values (`StoredValues`): keys found by fingerprint, then by text.
@Suite struct StoredValuesTests {
    /// Keys alike in their length and first seven bytes are different keys; setting nil removes
    /// a key's value and leaves the others; a key set again keeps one value.
    @Test func keysAlikeInTheirFirstBytesKeepTheirOwnValues() {
        var values = StoredValues()
        #expect(values.isEmpty)
        let names = ["strokeStartX", "strokeStartY", "strokeS", "stroke", "s", "", "caf\u{E9}"]
        for (i, name) in names.enumerated() { values[name] = .number(CGFloat(i)) }
        for (i, name) in names.enumerated() {
            guard case .number(let n)? = values[StoredKey(name)] else {
                Issue.record("no value for \(name)")
                continue
            }
            #expect(n == CGFloat(i), "\(name)")
        }
        #expect(values["strokeStartZ"] == nil && values["strokeStar"] == nil)
        values["strokeStartX"] = nil
        #expect(values["strokeStartX"] == nil)
        guard case .number(let y)? = values["strokeStartY"] else {
            Issue.record("strokeStartY lost")
            return
        }
        #expect(y == 1)
        values["s"] = .number(40)
        guard case .number(let s)? = values.removeValue(forKey: "s") else {
            Issue.record("s lost")
            return
        }
        #expect(s == 40 && values["s"] == nil && !values.isEmpty)
    }

    private func number(_ value: Any?) -> Double? {
        (value as? CGFloat).map(Double.init) ?? (value as? Double) ?? (value as? NSNumber)?.doubleValue
    }

    /// A layer's custom key set by key-value coding is read back under its name, beside the
    /// stored properties of its class.
    @Test func customKeysLiveBesideStoredProperties() {
        let layer = CAShapeLayer()
        layer.setValue(3, forKey: "myCounterKeyLongName")
        layer.setValue(4, forKey: "myCounterKeyLongNamf")
        layer.strokeEnd = 0.5
        layer.lineWidth = 2
        #expect(number(layer.value(forKey: "myCounterKeyLongName")) == 3)
        #expect(number(layer.value(forKey: "myCounterKeyLongNamf")) == 4)
        #expect(layer.strokeEnd == 0.5 && layer.lineWidth == 2)
    }
}
