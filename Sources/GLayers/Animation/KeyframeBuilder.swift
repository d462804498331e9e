/// Compiling `CAKeyframeAnimation`: values or a path, key times (validated; malformed ones are
/// reported and ignored, as Core Animation ignores them), per-segment timing functions and the
/// calculation mode. The animation's own timing function is part of its timing: it eases the
/// whole animation's time before the segment's function eases within the segment.
import Foundation
import GLayersGraphics

/// Builds a keyframe evaluator for one property animation (see `AnimationCompiler`).
struct KeyframeBuilder {
    let builder: BuilderInfo
    let animation: CAKeyframeAnimation

    /// What the keyframe builder needs from the property builder.
    struct BuilderInfo {
        let timing: AnimationTiming
        /// The layer and key, named in warnings (`where_`, made only for one: a name made for
        /// every animation added was a twentieth of building a large Lottie file).
        let context: CompileContext
        let path: String
        let additive: Bool
        let cumulative: Bool
        var layer: CALayer { context.layer }
        var where_: String { context.where_ }
    }

    /// The calculation mode, read once: each read and comparison of the mode (a string) cost
    /// about 60 instructions, six times for every keyframe animation compiled.
    let mode: CAAnimationCalculationMode
    let isPaced: Bool
    let isCubic: Bool

    init(builder: BuilderInfo, animation: CAKeyframeAnimation) {
        self.builder = builder
        self.animation = animation
        mode = animation.calculationMode
        isPaced = mode == .paced || mode == .cubicPaced
        isCubic = mode == .cubic || mode == .cubicPaced
    }

    func make<V: Interpolatable>(_ lens: StateAccess<V>, typed: (Any?, @autoclosure () -> String) throws -> V) throws
        -> AnimationEvaluator
    {
        if let path = animation.path {
            guard let pointLens = lens as? StateAccess<CGPoint> else {
                throw AnimationError(message: "a keyframe path animates points; \"\(builder.path)\" is not a point")
            }
            return try PathKeyframeBuilder(info: builder, animation: animation, path: path).make(pointLens)
        }
        guard let raw = animation.values, !raw.isEmpty else {
            throw AnimationError(message: "the keyframe animation has no values and no path")
        }
        var values: [V] = []
        values.reserveCapacity(raw.count)
        for (i, any) in raw.enumerated() { values.append(try typed(any, "values[\(i)]")) }

        let keyTimes = resolvedKeyTimes(count: values.count, distance: { V.distance(values[$0], values[$0 + 1]) })
        let segmentCount = max(values.count - 1, 1)
        let functions = segmentFunctions(segments: segmentCount, keyframes: values.count)
        let kMode: KeyframeMode = mode == .discrete ? .discrete : (isCubic && values.count > 1 ? .cubic : .linear)
        let canSpline = !(V.self == TransformValue.self || V.self == AnimatableValue.self || V.self == ImageBlend.self)
        let effectiveMode: KeyframeMode = kMode == .cubic && !canSpline ? .linear : kMode
        if kMode == .cubic && !canSpline {
            Diagnostics.warn("\(builder.where_): cubic keyframes of \(builder.path) interpolate linearly", once: true)
        }
        let tangents =
            effectiveMode == .cubic
            ? KeyframeSpline.tangents(
                values, keyTimes: keyTimes, tension: numbers(animation.tensionValues),
                continuity: numbers(animation.continuityValues), bias: numbers(animation.biasValues))
            : []
        let core = KeyframeCore(
            autoreverses: builder.timing.autoreverses, lens: lens, values: values, keyTimes: keyTimes,
            functions: functions,
            mode: effectiveMode, tangents: tangents, arcTables: nil, additive: builder.additive,
            cumulative: builder.cumulative)
        guard mode == .cubicPaced && effectiveMode == .cubic else { return core.evaluator(builder.timing) }
        // Re-time the spline by arc length: key times proportional to segment lengths, and
        // constant speed inside each segment.
        let tables = KeyframeSpline.arcTables(core)
        let lengths = tables.map { $0.last ?? 0 }
        return KeyframeCore(
            autoreverses: builder.timing.autoreverses, lens: lens, values: values, keyTimes: Self.pacedTimes(lengths),
            functions: functions, mode: .cubic, tangents: tangents, arcTables: tables, additive: builder.additive,
            cumulative: builder.cumulative
        ).evaluator(builder.timing)
    }

    /// Each segment's timing function, nil when linear; segments past the end are linear (the
    /// evaluators read none for them), and paced modes take none. Appended: an
    /// `Array(repeating:count:)` of optional functions ran unspecialized, a sixth of compiling a
    /// keyframe animation of numbers.
    func segmentFunctions(segments: Int, keyframes: Int) -> [CAMediaTimingFunction?] {
        guard !isPaced, let given = animation.timingFunctions else { return [] }
        if given.count != segments && given.count != keyframes {
            Diagnostics.warn(
                "\(builder.where_): \(given.count) timingFunctions for \(segments) segments; extra ones are ignored, missing ones are linear"
            )
        }
        var functions: [CAMediaTimingFunction?] = []
        functions.reserveCapacity(min(given.count, segments))
        for i in 0..<min(given.count, segments) { functions.append(given[i].isLinear ? nil : given[i]) }
        return functions
    }

    /// Key times for `count` values: the given ones when valid for the mode, else evenly spaced
    /// (paced modes: proportional to the distance between values).
    ///
    /// - Key times need not start at 0 nor end at 1: the first value holds before the first key
    ///   time and the last value after the last one (docs/semantics.md#values-paths-and-key-times).
    /// - Discrete mode takes n + 1 key times (the last one ends the last value's slot, which
    ///   holds to the end anyway) or n (where each value starts).
    func resolvedKeyTimes(count: Int, distance: (Int) -> Double) -> [Double] {
        if isPaced {
            return Self.pacedTimes((0..<max(count - 1, 0)).map(distance))
        }
        let discrete = mode == .discrete
        if let given = animation.keyTimeValues {
            if let problem = Self.keyTimesProblem(given, values: count, discrete: discrete) {
                Diagnostics.warn("\(builder.where_): keyTimes ignored: \(problem)")
            } else {
                return given
            }
        }
        if discrete {
            // n values share the duration in n equal slots (a decision: docs/semantics.md#decisions).
            return Self.evenlySpaced(count + 1)
        }
        if count < 2 { return [0] }
        return Self.evenlySpaced(count)
    }

    /// `count` times from 0 to 1, evenly spaced. A loop: mapping a closed range ran unspecialized
    /// code on its indices (a twentieth of compiling a discrete keyframe animation).
    static func evenlySpaced(_ count: Int) -> [Double] {
        guard count > 1 else { return count == 1 ? [0] : [] }
        var times: [Double] = []
        times.reserveCapacity(count)
        for i in 0..<count { times.append(Double(i) / Double(count - 1)) }
        return times
    }

    /// Why `keyTimes` is malformed for `values` keyframes, or nil when it is usable: one key time
    /// per value (discrete mode: n or n + 1), each a number in [0, 1], never decreasing.
    static func keyTimesProblem(_ t: [Double], values n: Int, discrete: Bool) -> String? {
        // Not an array of the counts allowed: one was made for every keyframe animation compiled.
        if t.count != n && !(discrete && t.count == n + 1) {
            let wanted = discrete ? "\(n + 1) (or \(n))" : "\(n)"
            return "\(t.count) key times for \(n) \(discrete ? "discrete " : "")values; \(wanted) expected"
        }
        if let bad = t.first(where: \.isNaN) { return "\(bad) is not a number" }
        if let bad = t.first(where: { $0 < 0 || $0 > 1 }) { return "\(bad) is outside [0, 1]" }
        for i in t.indices.dropFirst() where t[i] < t[i - 1] {
            return "key times decrease (\(t[i - 1]) then \(t[i]))"
        }
        return nil
    }

    /// Key times proportional to cumulative `lengths` (evenly spaced when all are zero).
    static func pacedTimes(_ lengths: [Double]) -> [Double] {
        let total = lengths.reduce(0, +)
        var times = [0.0]
        var acc = 0.0
        for (i, l) in lengths.enumerated() {
            acc += l
            times.append(total > 0 ? acc / total : Double(i + 1) / Double(lengths.count))
        }
        if let last = times.indices.last, last > 0 { times[last] = 1 }
        return times
    }

    private func numbers(_ a: [NSNumber]?) -> [Double] { (a ?? []).map { $0.doubleValue } }
}

extension PropertyAnimationBuilder {
    var info: KeyframeBuilder.BuilderInfo {
        KeyframeBuilder.BuilderInfo(
            timing: timing, context: ctx, path: path, additive: additive, cumulative: animation.isCumulative)
    }
}
