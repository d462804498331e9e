/// Numbers read by the JSON reader: the fast path for short decimals (`FastDecimal`) gives the
/// same double as `Double(String)`, bit for bit, and everything else still goes through it.
import Foundation
import GLayersJSON
import GLayersTestSupport
import Testing

@Suite struct JSONNumberTests {
    private func read(_ text: String) throws -> Double? {
        try JSONReader.parse(Data("[\(text)]".utf8)).array?.first?.number
    }

    @Test func numbersAreTheDoublesTheirTextNames() throws {
        var generator = SplitMix(seed: 0x5EED)
        var texts = [
            "0", "-0", "0.5", "-3.25", "12", "0.1", "0.3", "1.7976931348623157e308", "5e-324", "2.5E+3",
            "9007199254740991", "9007199254740993", "123456789012345678901234567890", "0.000000000000000000000001",
            "3.14159265358979323846", "1.00000000000000000000000", "-0.0", "100.0010",
        ]
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...17, using: &generator)
            var text = String(UInt64.random(in: 0..<UInt64(pow(10, Double(digits))), using: &generator))
            let point = Int.random(in: 0...text.count, using: &generator)
            if point < text.count { text.insert(".", at: text.index(text.startIndex, offsetBy: point)) }
            if text.hasPrefix(".") { text = "0" + text }
            if text.hasSuffix(".") { text += "0" }
            if text.count > 1 && text.hasPrefix("0") && !text.hasPrefix("0.") { continue }
            texts.append(Bool.random(using: &generator) ? "-" + text : text)
        }
        for text in texts {
            let value = try read(text)
            #expect(value?.bitPattern == Double(text)?.bitPattern, "\(text): \(String(describing: value))")
        }
    }
}
