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
        return s.roundingCorners(radius: roundness.value(at: frame))
    }

    var allTracks: [any Track] { tracks + (roundness.map { [$0] } ?? []) }
}

/// A style listed in an enclosing group, drawing the paths of the groups above it.
struct InheritedStyle {
    let item: ShapeItem
    /// How much the groups between the style and here scale lengths up.
    var scale: Double
}

/// A trim applied to the paths above it.
struct TrimSource {
    let start: Animated<Double>
    let end: Animated<Double>
    let offset: Animated<Double>
    let individually: Bool

    /// Whether the trim keeps the whole path at every frame (0 to 100 %, or the reverse).
    var keepsEverything: Bool {
        guard !start.isAnimated, !end.isAnimated else { return false }
        return abs(end.initial - start.initial) >= 100
    }

    /// The visible part at `frame` as fractions of the path's length: start in [0, 1] (1 only
    /// when it lies at the very end), end in [start, start + 1] (an end past 1 wraps to the
    /// path's start).
    func range(at frame: Double) -> (start: Double, end: Double) {
        var s = start.value(at: frame) / 100, e = end.value(at: frame) / 100
        if s > e { swap(&s, &e) }
        s = min(max(s, 0), 1)
        e = min(max(e, 0), 1)
        if e - s >= 1 { return (0, 1) }
        let o = offset.value(at: frame) / 360
        s += o
        e += o
        // Whole turns off, keeping a start at the very end at 1 (not 0): a start animating to
        // 100 % with the end at 100 % reaches (1, 1), and the keyframes between stay in order.
        var shift = s.rounded(.down)
        if shift > 0 && s == shift { shift -= 1 }
        return (s - shift, e - shift)
    }
}
