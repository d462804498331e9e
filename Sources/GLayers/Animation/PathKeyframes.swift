/// Keyframe animations along a `CGPath` (the timing guide's bounce): every point of the path
/// except move-tos is a keyframe; segments are followed as curves; `rotationMode` turns the
/// layer to the path's tangent.
import Foundation
import GLayersGraphics

/// Moves a point property along a path.
final class PathKeyframeEvaluator: AnimationEvaluator {
    var timing: AnimationTiming
    let lens: StateAccess<CGPoint>
    let segments: [PathSegment]
    /// One per keyframe (vertex): segments + 1 entries.
    let keyTimes: [Double]
    let functions: [CAMediaTimingFunction?]
    /// Each segment measured once when positions inside it follow arc length (paced modes);
    /// nil when they follow the curve parameter. A point by arc length then costs a few
    /// Gauss–Legendre estimates, not an adaptive integral, at every frame.
    let lengths: [PathSegment.LengthTable]?
    let discrete: Bool
    /// Extra rotation: nil, 0 (auto) or π (autoReverse).
    let rotationOffset: Double?
    let additive: Bool
    /// The point property, and `transform` when the layer turns along the path.
    let resets: [StateReset]

    init(
        timing: AnimationTiming, lens: StateAccess<CGPoint>, segments: [PathSegment], keyTimes: [Double],
        functions: [CAMediaTimingFunction?], byArcLength: Bool, discrete: Bool, rotationOffset: Double?, additive: Bool
    ) {
        self.timing = timing
        self.lens = lens
        self.segments = segments
        self.keyTimes = keyTimes
        self.functions = functions
        lengths = byArcLength ? segments.map { PathSegment.LengthTable($0) } : nil
        self.discrete = discrete
        self.rotationOffset = rotationOffset
        self.additive = additive
        let turn: StateReset = { s, model in s.resetTransform(sublayer: false, to: model) }
        resets = rotationOffset == nil ? [lens.reset] : [lens.reset, turn]
    }

    func apply(to s: inout PresentedState, at time: Double) {
        guard let sample = timing.sample(parentTime: time), !segments.isEmpty else { return }
        let (point, tangent) = locate(sample.progress, turning: rotationOffset != nil)
        lens.set(&s, additive ? CGPoint.sum(lens.get(&s), point) : point)
        if let offset = rotationOffset, tangent != .zero {
            let angle = atan2(Double(tangent.y), Double(tangent.x)) + offset
            s.finish()
            s.state.transform = CATransform3DMakeRotation(angle, 0, 0, 1).concatenating(s.state.transform)
        }
    }

    /// The point and tangent at overall progress `p` (the tangent only when `turning`, else
    /// zero). Inside a segment both are read at one curve parameter, found once.
    func locate(_ p: Double, turning: Bool = true) -> (CGPoint, CGPoint) {
        let n = segments.count
        if discrete {
            // Vertex i (the path's start, then each segment's end) holds on [kt[i], kt[i+1]).
            var i = 0
            while i < n && i + 1 < keyTimes.count && keyTimes[i + 1] <= p { i += 1 }
            let seg = segments[min(i, n - 1)]
            return (i == 0 ? seg.start : segments[i - 1].end, turning ? seg.tangent(at: i == 0 ? 0 : 1) : .zero)
        }
        var i = 0
        while i + 1 < n && keyTimes[i + 1] <= p { i += 1 }
        let span = keyTimes[i + 1] - keyTimes[i]
        var u = span > 0 ? (p - keyTimes[i]) / span : 1
        u = min(max(u, 0), 1)
        if i < functions.count, let f = functions[i] { u = f.evaluate(u) }
        let seg = segments[i]
        let t = lengths.map { $0[i].parameter(atLength: CGFloat(u) * $0[i].length) } ?? CGFloat(u)
        return (seg.point(at: t), turning ? seg.tangent(at: t) : .zero)
    }
}

/// Builds path keyframe evaluators.
struct PathKeyframeBuilder {
    let info: KeyframeBuilder.BuilderInfo
    let animation: CAKeyframeAnimation
    let path: CGPath

    func make(_ lens: StateAccess<CGPoint>) throws -> AnimationEvaluator {
        let segments = path.segments()
        guard !segments.isEmpty else {
            throw AnimationError(message: "the keyframe path has no segments")
        }
        let kb = KeyframeBuilder(builder: info, animation: animation)
        let keyTimes: [Double]
        if kb.isPaced {
            keyTimes = KeyframeBuilder.pacedTimes(segments.map { Double($0.length) })
        } else {
            keyTimes = kb.resolvedKeyTimes(count: segments.count + 1) { Double(segments[$0].length) }
        }
        let functions = kb.segmentFunctions(segments: segments.count, keyframes: segments.count + 1)
        let rotation: Double?
        switch animation.rotationMode {
        case .rotateAuto?: rotation = 0
        case .rotateAutoReverse?: rotation = .pi
        case nil: rotation = nil
        case let other?:
            Diagnostics.warn("\(info.where_): unknown rotationMode \"\(other.rawValue)\"; the layer does not rotate")
            rotation = nil
        }
        return PathKeyframeEvaluator(
            timing: info.timing, lens: lens, segments: segments,
            keyTimes: keyTimes,
            functions: functions, byArcLength: kb.isPaced, discrete: animation.calculationMode == .discrete,
            rotationOffset: rotation, additive: info.additive)
    }
}
