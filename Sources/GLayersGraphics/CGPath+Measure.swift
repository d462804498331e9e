/// Path measurement for keyframe path animations (glayers' extension): the path as drawn
/// segments, its length, and points and tangents by distance along it.
///
/// - Moves draw nothing and start no segment; a `closeSubpath` whose start differs from
///   the current point is a line segment (`closesSubpath == true`).
/// - Zero-length lines and curves are kept (they are elements that a keyframe animation
///   counts); zero-length closes are dropped (they draw nothing).
import Foundation

extension CGPath {
    /// The drawn segments of the path, one per line, curve or non-empty close, in order.
    public func segments() -> [PathSegment] {
        var out: [PathSegment] = []
        out.reserveCapacity(storage.count)
        var current = CGPoint.zero, start = CGPoint.zero
        for e in storage {
            switch e {
            case .moveTo(let p):
                start = p
            case .lineTo(let p):
                out.append(PathSegment(.line(current, p)))
            case .quadCurveTo(let c, let p):
                out.append(PathSegment(.quadCurve(current, c, p)))
            case .curveTo(let c1, let c2, let p):
                out.append(PathSegment(.curve(current, c1, c2, p)))
            case .closeSubpath:
                if current != start { out.append(PathSegment(.line(current, start), closesSubpath: true)) }
                current = start
            }
            if let p = e.endPoint { current = p }
        }
        return out
    }

    /// The total length of the drawn segments.
    ///
    /// - Computes the segments each time; keep `segments()` when measuring repeatedly.
    public var length: CGFloat { segments().reduce(0) { $0 + $1.length } }

    /// The point at `distance` along the path (clamped to [0, length]); nil when the path
    /// draws nothing.
    public func point(atDistance distance: CGFloat) -> CGPoint? {
        locate(distance).map { $0.segment.point(atLength: $0.offset) }
    }

    /// The unit tangent at `distance` along the path; nil when the path draws nothing.
    public func tangent(atDistance distance: CGFloat) -> CGPoint? {
        locate(distance).map { $0.segment.tangent(atLength: $0.offset) }
    }

    /// The segment containing `distance` and the distance within it.
    private func locate(_ distance: CGFloat) -> (segment: PathSegment, offset: CGFloat)? {
        let all = segments()
        guard let last = all.last else { return nil }
        var remaining = distance.isNaN ? 0 : max(0, distance)
        for s in all {
            if remaining <= s.length { return (s, remaining) }
            remaining -= s.length
        }
        return (last, last.length)
    }
}
