/// Lottie's gradient stops as a `CAGradientLayer`'s colours and locations (docs/lottie.md,
/// "The layer tree").
import Foundation
import GLayersGraphics

/// A gradient's colours at fixed offsets: the colour stops' colours and the opacity stops'
/// alphas, each interpolated at every offset either list has. Two stops of one list at one
/// offset are a hard edge (After Effects draws one; so does a `CAGradientLayer` given one
/// location twice, as lottie-ios passes them): the ramp keeps that offset twice, the first
/// stop's value then the second's.
struct GradientRamp {
    var colors: [CGColor]

    /// One entry of the ramp: an offset (clamped to 0…1), and which of the stops lying exactly
    /// there it takes (0 for the first; past the last, the last).
    struct Entry: Equatable {
        var offset: Double
        var occurrence = 0
    }

    /// The offsets of the colour stops and of the opacity stops, merged: each offset once, or
    /// as many times as one list has stops there.
    static func offsets(_ count: Int, _ values: [Double]) -> [Entry] {
        let (colorStops, alphaStops) = stops(count, values)
        let all = (colorStops + alphaStops).map { min(max($0.0, 0), 1) }
        var entries: [Entry] = []
        for x in Set(all).sorted() {
            let repeats = max(
                colorStops.lazy.filter { $0.0 == x }.count, alphaStops.lazy.filter { $0.0 == x }.count, 1)
            for k in 0..<repeats { entries.append(Entry(offset: x, occurrence: k)) }
        }
        return entries
    }

    /// The colour stops (offset, red, green, blue) and the opacity stops (offset, alpha) of
    /// Lottie's flat list: `count` colour stops of four numbers, then pairs.
    private static func stops(_ count: Int, _ values: [Double]) -> ([(Double, [Double])], [(Double, [Double])]) {
        var colorStops: [(Double, [Double])] = []
        for i in 0..<count where i * 4 + 3 < values.count {
            colorStops.append((values[i * 4], [values[i * 4 + 1], values[i * 4 + 2], values[i * 4 + 3]]))
        }
        var alphaStops: [(Double, [Double])] = []
        var k = count * 4
        while k + 1 < values.count {
            alphaStops.append((values[k], [values[k + 1]]))
            k += 2
        }
        return (colorStops, alphaStops)
    }

    init(count: Int, values: [Double], offsets: [Entry]) {
        let (colorStops, alphaStops) = Self.stops(count, values)
        func at(_ stops: [(Double, [Double])], _ entry: Entry, _ fallback: [Double]) -> [Double] {
            guard let first = stops.first else { return fallback }
            let x = entry.offset
            // A stop exactly there: the occurrence-th of those (a hard edge's side).
            if let i = stops.firstIndex(where: { $0.0 == x }) {
                var j = i
                for _ in 0..<entry.occurrence where j + 1 < stops.count && stops[j + 1].0 == x { j += 1 }
                return stops[j].1
            }
            if x <= first.0 { return first.1 }
            for i in 1..<stops.count where x <= stops[i].0 {
                let (a, b) = (stops[i - 1], stops[i])
                let t = b.0 > a.0 ? (x - a.0) / (b.0 - a.0) : 1
                return [Double].blend(a.1, b.1, t)
            }
            return stops[stops.count - 1].1
        }
        colors = offsets.map { entry in
            let c = at(colorStops, entry, [0, 0, 0])
            let a = at(alphaStops, entry, [1])
            return cgColor([c[0], c[1], c[2], a[0]])
        }
    }
}
