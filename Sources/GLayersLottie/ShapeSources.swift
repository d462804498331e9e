/// What shape items draw and how: the paths of path items over time, the trims applied to
/// them, and the styles enclosing groups pass down (docs/lottie.md, "Shapes").
import Foundation
import GLayers
import GLayersGraphics

/// A path item as a source of shapes over time.
struct PathSource {
    let tracks: [any Track]
    /// Whether the shape's vertices are linear in its animated values (so the engine may
    /// interpolate between keyframe shapes).
    let linear: Bool
    let shape: (Double) -> BezierShape
    /// Rounded corners applied to it, when a `rd` item lies below it.
    var roundness: Animated<Double>?

    func value(at frame: Double) -> BezierShape {
        let s = shape(frame)
        guard let roundness else { return s }
        // An animated radius splits the corners even where it is 0 (both ends of each cut at
        // the corner), as lottie-ios does: every keyframe's shape has the same vertices, so
        // the shapes interpolate (a radius growing from 0 rounds the corners gradually).
        return s.roundingCorners(radius: roundness.value(at: frame), evenAtZero: roundness.isAnimated)
    }

    var allTracks: [any Track] { tracks + (roundness.map { [$0] } ?? []) }
}

/// A style listed in an enclosing group, drawing the paths of the groups above it.
struct InheritedStyle {
    let item: ShapeItem
    /// How much the groups between the style and here scale lengths up.
    var scale = LineScale()
}

/// How much the groups between a style and the paths it draws scale lengths up: the product of
/// their scales (each the geometric mean of its two factors), those that stand still as one
/// number, those that animate as their keyframes. A stroke's width is a length of the group
/// that lists it, at every frame (lottie-ios divides it by the scale at the scale's keyframes).
struct LineScale {
    /// The groups' scales that stand still, multiplied.
    var constant = 1.0
    /// The scales (in %) of the groups whose scale animates.
    var animated: [Animated<[Double]>] = []

    /// Through one more group with transform `t`.
    func through(_ t: TransformModel) -> LineScale {
        var next = self
        if t.scale.isAnimated {
            next.animated.append(t.scale)
        } else {
            next.constant *= Self.mean(t.scale.initial)
        }
        return next
    }

    /// The scale at `frame`.
    func value(at frame: Double) -> Double {
        animated.reduce(constant) { $0 * Self.mean($1.value(at: frame)) }
    }

    /// The scale at the keyframes' start (for dashes, which do not follow the scale).
    var initial: Double { animated.reduce(constant) { $0 * Self.mean($1.initial) } }

    /// The smallest scale at any keyframe (where a stroke is widest).
    var smallest: Double {
        animated.reduce(constant) { product, track in
            product * (track.keyframes.lazy.map { Self.mean($0.value) }.min() ?? 1)
        }
    }

    /// A scale in % as one factor: the geometric mean of its two, 1 when it is 0 or not finite.
    static func mean(_ s: [Double]) -> Double {
        guard let x = s.first else { return 1 }
        let m = (abs(x * (s.count > 1 ? s[1] : x)) / 10_000).squareRoot()
        return m > 1e-6 && m.isFinite ? m : 1
    }
}

/// A trim applied to the paths above it.
struct TrimSource {
    let start: Animated<Double>
    let end: Animated<Double>
    let offset: Animated<Double>
    let individually: Bool

    /// Whether the trim keeps the whole path at every frame (0 to 100 %, or the reverse).
    var keepsEverything: Bool { Self.keepsEverything(start, end) }

    /// Whether a trim from `start` to `end` (percent) keeps the whole path at every frame.
    static func keepsEverything(_ start: Animated<Double>, _ end: Animated<Double>) -> Bool {
        guard !start.isAnimated, !end.isAnimated else { return false }
        return abs(end.initial - start.initial) >= 100
    }

    /// The trim's own values at `frame`: start and end as fractions of the path (unordered,
    /// unclamped), the offset in turns.
    func raw(at frame: Double) -> TrimValues {
        TrimValues(
            start: start.value(at: frame) / 100, end: end.value(at: frame) / 100, offset: offset.value(at: frame) / 360)
    }
}

/// A trim's values at one frame.
struct TrimValues {
    var start: Double
    var end: Double
    /// In turns.
    var offset: Double

    /// The visible part as fractions of the path's length: start in [0, 1] (1 only when it lies
    /// at the very end), end in [start, start + 1] (an end past 1 wraps to the path's start); the
    /// whole path is the range from the offset, once round.
    var range: (start: Double, end: Double) {
        var s = start, e = end
        if s > e { swap(&s, &e) }
        s = min(max(s, 0), 1)
        e = min(max(e, 0), 1)
        // The whole path from the offset once round: as the frames around it place it (a
        // range growing to the whole path and back keeps its place between frames, where the
        // keyframes are interpolated).
        if e - s >= 1 { (s, e) = (0, 1) }
        s += offset
        e += offset
        // Whole turns off, keeping a start at the very end at 1 (not 0): a start animating to
        // 100 % with the end at 100 % reaches (1, 1), and the keyframes between stay in order.
        var shift = s.rounded(.down)
        if shift > 0 && s == shift { shift -= 1 }
        return (s - shift, e - shift)
    }
}

/// How a trim reaches the shape layers it cuts: whether its range wraps past the path's end (the
/// path is then drawn twice over and the range halved) and `strokeStart` and `strokeEnd` over
/// time, resolved for the timeline (docs/lottie.md, "Timing"). Made once per trim and style,
/// for every layer of paths trimmed one at a time.
struct TrimPlan {
    let wraps: Bool
    let strokeStart: Animated<Double>
    let strokeEnd: Animated<Double>

    /// The trim checked at every frame of its keyframes' span: kept as keyframes when both
    /// ends are linear in one keyframed value each (`keyframes`), sampled otherwise.
    init(_ trim: TrimSource, _ timeline: Timeline) {
        let tracks: [any Track] = [trim.start, trim.end, trim.offset]
        let animated = tracks.filter { $0.isAnimated }
        let frames = Timeline.sampleFrames(of: animated)
        let values = frames.map { trim.raw(at: $0) }
        let wraps = values.contains { $0.range.end > 1 }
        self.wraps = wraps
        let scale = wraps ? 0.5 : 1
        if let (start, end) = Self.keyframes(trim, values, scale: scale) {
            strokeStart = timeline.resolve(start)
            strokeEnd = timeline.resolve(end)
        } else if timeline.remap == nil && !animated.isEmpty {
            // The frames `combine` would sample, sampled above.
            let ranges = values.map(\.range)
            strokeStart = Timeline.sampled(animated, at: frames, ranges.map { $0.start * scale })
            strokeEnd = Timeline.sampled(animated, at: frames, ranges.map { $0.end * scale })
        } else {
            let range = timeline.combine(tracks, linear: false) { f -> [Double] in
                let r = trim.raw(at: f).range
                return [r.start * scale, r.end * scale]
            }
            strokeStart = range.map { $0[0] }
            strokeEnd = range.map { $0[1] }
        }
    }

    /// The range as two keyframed values, each times `scale`, when at every one of `values`
    /// start and end keep their order, neither is clamped, the range is short of the whole path
    /// and stays within the same turn, and each end moves with its own keyframes or with the
    /// offset's, not both: each is then linear in one keyframed value, whose easing it keeps
    /// exactly. nil otherwise.
    static func keyframes(
        _ trim: TrimSource, _ values: [TrimValues], scale: Double
    ) -> (Animated<Double>, Animated<Double>)? {
        guard let first = values.first else { return nil }
        let swapped = first.start > first.end
        var turn: Double?
        for v in values {
            let (s, e) = swapped ? (v.end, v.start) : (v.start, v.end)
            guard s <= e, s >= 0, e <= 1, e - s < 1 else { return nil }
            let r = v.range
            let whole = (s + v.offset - r.start).rounded()
            guard abs(s + v.offset - whole - r.start) < 1e-9, turn == nil || turn == whole else { return nil }
            turn = whole
        }
        let shift = turn ?? 0
        func linear(_ end: Animated<Double>) -> Animated<Double>? {
            if !trim.offset.isAnimated {
                let o = trim.offset.initial / 360
                return end.map { ($0 / 100 + o - shift) * scale }
            }
            guard !end.isAnimated else { return nil }
            let e = end.initial / 100
            return trim.offset.map { (e + $0 / 360 - shift) * scale }
        }
        let (low, high) = swapped ? (trim.end, trim.start) : (trim.start, trim.end)
        guard let a = linear(low), let b = linear(high) else { return nil }
        return (a, b)
    }
}
