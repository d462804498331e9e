/// A segment measured once for many points by arc length (a paced keyframe path, read at
/// every frame): the lengths at the ends of pieces of its parameter, so that finding a point
/// integrates only inside one piece, with one 5-point Gauss–Legendre estimate per Newton step.
///
/// - `PathSegment.parameter(atLength:from:)` integrates adaptively at every step (at least
///   three estimates, often seven): 2 300 instructions a point, against 960 here (measured on
///   35 000 points of motion paths); a paced path animation of a turning layer went from
///   10 000 to 2 400 instructions a frame.
/// - Pieces are halved until smooth: until halving one changes its one estimate by no more than
///   its share of the tolerance. That estimate is then within it, and since the 5-point rule's
///   error shrinks as the tenth power of the interval, so is one estimate of any part of the
///   piece. Short tangents make the speed change fast near the ends (a 1 MB file's motion
///   paths halve their end pieces five to eight times); a piece still not smooth after 12 halvings (a
///   cusp, where the speed vanishes) is integrated adaptively at each step, as before.
/// - The points are those `PathSegment.parameter(atLength:)` finds, within 1e-12 of the
///   segment's length.
import Foundation

extension PathSegment {
    /// The arc lengths of a segment at the ends of pieces of its parameter, each piece halved
    /// until smooth.
    public final class LengthTable: Sendable {
        /// The segment measured.
        public let segment: PathSegment
        /// The parameter where each piece starts (and, last, 1).
        private let knots: [CGFloat]
        /// The length from the start to the end of each piece (`ends[i]`: pieces 0…i).
        private let ends: [CGFloat]
        /// Whether each piece is smooth (one estimate measures any part of it).
        private let smooth: [Bool]
        private let speed: Speed
        /// How close the lengths are: 1e-12 of the segment's length.
        private let tolerance: CGFloat

        /// The deepest a piece is halved (a piece still not smooth there is integrated
        /// adaptively at each step).
        private static let depthLimit = 12

        /// The segment's length: the sum of its pieces (within 1e-12 of `segment.length`).
        public var length: CGFloat { ends.last ?? 0 }

        /// `segment` measured in `pieces` equal steps of its parameter (1 to 64), each halved
        /// until smooth: until halving it changes its one estimate by no more than its share of
        /// the tolerance.
        public init(_ segment: PathSegment, pieces: Int = 4) {
            let speed = Speed(segment.geometry)
            let tolerance = max(segment.length, 1e-300) * 1e-12
            var knots: [CGFloat] = [0], ends: [CGFloat] = [], smooth: [Bool] = []
            var total: CGFloat = 0
            func append(_ end: CGFloat, _ length: CGFloat, _ isSmooth: Bool) {
                total += length
                knots.append(end)
                ends.append(total)
                smooth.append(isSmooth)
            }
            func measure(_ a: CGFloat, _ b: CGFloat, _ whole: CGFloat, depth: Int) {
                let m = (a + b) / 2
                let left = PathSegment.gauss(speed, a, m), right = PathSegment.gauss(speed, m, b)
                let share = tolerance * (b - a)
                if abs(left + right - whole) <= share || !(left + right).isFinite {
                    append(b, left + right, true)
                } else if depth >= Self.depthLimit {
                    append(b, PathSegment.arcLength(segment.geometry, from: a, to: b, tolerance: share), false)
                } else {
                    measure(a, m, left, depth: depth + 1)
                    measure(m, b, right, depth: depth + 1)
                }
            }
            let n = min(max(pieces, 1), 64)
            for i in 0..<n {
                let a = CGFloat(i) / CGFloat(n), b = CGFloat(i + 1) / CGFloat(n)
                measure(a, b, PathSegment.gauss(speed, a, b), depth: 0)
            }
            (self.segment, self.speed, self.tolerance) = (segment, speed, tolerance)
            (self.knots, self.ends, self.smooth) = (knots, ends, smooth)
        }

        /// The curve parameter at arc length `s` from the start (clamped to [0, length]).
        public func parameter(atLength s: CGFloat) -> CGFloat {
            let length = self.length
            guard length > 0, s.isFinite, s > 0 else { return 0 }
            if s >= length { return 1 }
            if case .line = segment.geometry { return s / length }
            // The piece holding s (the first whose end lies beyond it).
            var lo = 0, hi = ends.count - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if ends[mid] > s { hi = mid } else { lo = mid + 1 }
            }
            let i = lo, a = knots[i], b = knots[i + 1]
            let start = i == 0 ? 0 : ends[i - 1]
            let target = s - start, pieceLength = ends[i] - start
            guard pieceLength > 0 else { return a }
            // Newton steps on the length from the piece's start, kept inside the piece.
            var (low, high) = (a, b)
            var t = a + (b - a) * target / pieceLength
            for _ in 0..<50 {
                let measured =
                    smooth[i]
                    ? PathSegment.gauss(speed, a, t)
                    : PathSegment.arcLength(segment.geometry, from: a, to: t, tolerance: tolerance * (b - a))
                let f = measured - target
                if abs(f) <= tolerance { break }
                if f > 0 { high = t } else { low = t }
                let v = speed.at(t)
                var next = v > 0 ? t - f / v : (low + high) / 2
                if !(next > low && next < high) { next = (low + high) / 2 }
                if abs(next - t) < 1e-15 { break }
                t = next
            }
            return t
        }

        /// The point at arc length `s` from the start.
        public func point(atLength s: CGFloat) -> CGPoint { segment.point(at: parameter(atLength: s)) }
    }
}
