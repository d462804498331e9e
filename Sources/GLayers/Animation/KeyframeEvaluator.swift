/// `CAKeyframeAnimation` compiled: keyframe values with key times, per-segment timing
/// functions and the calculation modes (docs/semantics.md#calculation-modes).
///
/// The progress a keyframe core receives is already eased by the animation's own timing
/// function; the segment's function then eases within the segment. Before the first key time
/// the first value holds, after the last key time the last value.
///
/// - linear: piecewise linear between keyframes at their key times.
/// - discrete: value i holds on [keyTimes[i], keyTimes[i+1]); the last holds to the end.
/// - paced: linear, with key times recomputed from the distances between values (constant
///   speed); keyTimes and timingFunctions ignored.
/// - cubic: a Kochanek–Bartels spline (Catmull-Rom when tension, continuity and bias are 0),
///   with tangents adjusted for uneven key times; the end keyframes repeat themselves.
/// - cubicPaced: the cubic spline re-timed by arc length.
import Foundation

/// How a keyframe evaluator computes values between keyframes.
enum KeyframeMode {
    case linear, discrete, cubic
}

/// Keyframe values of a value type `V`, with their timing (run by a `PropertyEvaluator`).
struct KeyframeCore<V: Interpolatable> {
    let autoreverses: Bool
    let lens: StateAccess<V>
    let values: [V]
    /// One per value (one more than the values for discrete mode).
    let keyTimes: [Double]
    /// Per segment; nil entries, and segments past the end, are linear.
    let functions: [CAMediaTimingFunction?]
    let mode: KeyframeMode
    /// Outgoing and incoming tangents per keyframe (cubic mode).
    let tangents: [(out: V, into: V)]
    /// Per-segment arc-length tables for cubicPaced: cumulative lengths at even parameter steps.
    let arcTables: [[Double]]?
    let additive: Bool
    let cumulative: Bool

    init(
        autoreverses: Bool, lens: StateAccess<V>, values: [V], keyTimes: [Double], functions: [CAMediaTimingFunction?],
        mode: KeyframeMode, tangents: [(out: V, into: V)], arcTables: [[Double]]?, additive: Bool, cumulative: Bool
    ) {
        self.autoreverses = autoreverses
        self.lens = lens
        self.values = values
        self.keyTimes = keyTimes
        self.functions = functions
        self.mode = mode
        self.tangents = tangents
        self.arcTables = arcTables
        self.additive = additive
        self.cumulative = cumulative
    }

    @inline(__always)
    func step(_ s: inout PresentedState, _ sample: TimingSample) {
        guard let first = values.first else { return }
        var v = value(at: sample.progress, first: first)
        if cumulative && sample.iteration > 0, let last = values.last {
            v = V.sum(v, V.scaled(autoreverses ? first : last, sample.iteration))
        }
        if additive { v = V.sum(lens.get(&s), v) }
        lens.set(&s, v)
    }

    /// The evaluator running this core.
    func evaluator(_ timing: AnimationTiming) -> AnimationEvaluator {
        let core = self
        return PropertyEvaluator(timing: timing, reset: lens.reset) { core.step(&$0, $1) }
    }

    /// The value at overall progress `p` in [0, 1] (eased by the animation's timing function).
    func value(at p: Double, first: V) -> V {
        let n = values.count
        if n == 1 { return first }
        if mode == .discrete {
            var i = 0
            while i + 1 < n && keyTimes[i + 1] <= p { i += 1 }
            return values[i]
        }
        var i = 0
        while i + 2 < n && keyTimes[i + 1] <= p { i += 1 }
        let span = keyTimes[i + 1] - keyTimes[i]
        var u = span > 0 ? (p - keyTimes[i]) / span : 1
        u = min(max(u, 0), 1)
        if i < functions.count, let f = functions[i] { u = f.evaluate(u) }
        if mode == .linear { return V.lerp(values[i], values[i + 1], u) }
        if let tables = arcTables { u = Self.parameter(forFraction: u, table: tables[i]) }
        return hermite(i, u)
    }

    /// The cubic Hermite segment from keyframe i to i + 1 at parameter u.
    func hermite(_ i: Int, _ u: Double) -> V {
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        let p = V.sum(V.scaled(values[i], h00), V.scaled(values[i + 1], h01))
        let m = V.sum(V.scaled(tangents[i].out, h10), V.scaled(tangents[i + 1].into, h11))
        return V.sum(p, m)
    }

    /// Inverts a cumulative arc-length table: the parameter at which `fraction` of the
    /// segment's length is covered.
    static func parameter(forFraction fraction: Double, table: [Double]) -> Double {
        guard let total = table.last, total > 0, table.count > 1 else { return fraction }
        let target = fraction * total
        var lo = 0, hi = table.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if table[mid] < target { lo = mid } else { hi = mid }
        }
        let seg = table[hi] - table[lo]
        let f = seg > 0 ? (target - table[lo]) / seg : 0
        return (Double(lo) + f) / Double(table.count - 1)
    }
}

/// Spline construction for cubic keyframes.
enum KeyframeSpline {
    /// Kochanek–Bartels tangents (outgoing, incoming) at every keyframe, adjusted for uneven
    /// key times; the end keyframes use themselves as their missing neighbours.
    static func tangents<V: Interpolatable>(
        _ p: [V], keyTimes: [Double], tension: [Double], continuity: [Double], bias: [Double]
    ) -> [(out: V, into: V)] {
        let n = p.count
        var result: [(out: V, into: V)] = []
        result.reserveCapacity(n)
        for i in 0..<n {
            let prev = p[max(i - 1, 0)], next = p[min(i + 1, n - 1)]
            let t = i < tension.count ? tension[i] : 0
            let c = i < continuity.count ? continuity[i] : 0
            let b = i < bias.count ? bias[i] : 0
            let back = V.difference(p[i], prev), ahead = V.difference(next, p[i])
            var out = V.sum(
                V.scaled(back, (1 - t) * (1 + b) * (1 + c) / 2), V.scaled(ahead, (1 - t) * (1 - b) * (1 - c) / 2))
            var into = V.sum(
                V.scaled(back, (1 - t) * (1 + b) * (1 - c) / 2), V.scaled(ahead, (1 - t) * (1 - b) * (1 + c) / 2))
            if i > 0 && i < n - 1 {
                let dPrev = keyTimes[i] - keyTimes[i - 1], dNext = keyTimes[i + 1] - keyTimes[i]
                let sum = dPrev + dNext
                if sum > 0 {
                    out = V.scaled(out, 2 * dNext / sum)
                    into = V.scaled(into, 2 * dPrev / sum)
                }
            }
            result.append((out, into))
        }
        return result
    }

    /// Cumulative arc-length tables (64 steps) of each cubic segment.
    static func arcTables<V: Interpolatable>(_ evaluator: KeyframeCore<V>) -> [[Double]] {
        let steps = 64
        return (0..<(evaluator.values.count - 1)).map { i in
            var table = [0.0]
            var prev = evaluator.hermite(i, 0)
            var total = 0.0
            for s in 1...steps {
                let cur = evaluator.hermite(i, Double(s) / Double(steps))
                total += V.distance(prev, cur)
                table.append(total)
                prev = cur
            }
            return table
        }
    }
}
