/// Paths, as CoreGraphics models them: an immutable `CGPath` of typed elements and its
/// mutable subclass `CGMutablePath` (in `CGMutablePath.swift`). Bounds and hit testing are in
/// `CGPath+Bounds.swift`; measurement for keyframe path animations in `CGPath+Measure.swift`.
///
/// - Every subpath starts with a `moveTo`: a line or curve added after `closeSubpath()`
///   gets an explicit `moveTo` to the closed subpath's start (the current point), as cairo's
///   path data has; a line or curve added to an empty path is ignored (CoreGraphics logs
///   "no current point" and ignores it too).
import Foundation

/// One element of a path, with its points (glayers' Swift form of `CGPathElement`).
///
/// - The control points come before the end point, as in `CGPathElement.points`.
public enum PathElement: Equatable, Hashable, Sendable {
    /// Starts a new subpath at the point.
    case moveTo(CGPoint)
    /// A straight line to the point.
    case lineTo(CGPoint)
    /// A quadratic Bézier curve: control point, end point.
    case quadCurveTo(CGPoint, CGPoint)
    /// A cubic Bézier curve: first control point, second control point, end point.
    case curveTo(CGPoint, CGPoint, CGPoint)
    /// A straight line back to the subpath's start, closing it.
    case closeSubpath

    /// The element's end point, or nil for `closeSubpath`.
    public var endPoint: CGPoint? {
        switch self {
        case .moveTo(let p), .lineTo(let p), .quadCurveTo(_, let p), .curveTo(_, _, let p): return p
        case .closeSubpath: return nil
        }
    }

    /// The element with every point mapped by `t`.
    public func applying(_ t: CGAffineTransform) -> PathElement {
        switch self {
        case .moveTo(let p): return .moveTo(p.applying(t))
        case .lineTo(let p): return .lineTo(p.applying(t))
        case .quadCurveTo(let c, let p): return .quadCurveTo(c.applying(t), p.applying(t))
        case .curveTo(let c1, let c2, let p): return .curveTo(c1.applying(t), c2.applying(t), p.applying(t))
        case .closeSubpath: return .closeSubpath
        }
    }
}

/// The kind of a `CGPathElement` (CoreGraphics' raw values).
public enum CGPathElementType: Int32, Sendable {
    /// One point: the start of a subpath.
    case moveToPoint = 0
    /// One point: the end of a line.
    case addLineToPoint = 1
    /// Two points: control, end.
    case addQuadCurveToPoint = 2
    /// Three points: control 1, control 2, end.
    case addCurveToPoint = 3
    /// No points.
    case closeSubpath = 4
}

/// A path element as `CGPath.applyWithBlock` hands it out (CoreGraphics' `CGPathElement`).
public struct CGPathElement {
    /// The element's kind, which says how many of `points` are valid.
    public var type: CGPathElementType
    /// The element's points (valid only during the block call).
    public var points: UnsafeMutablePointer<CGPoint>

    /// An element of `type` with `points`.
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// The rule that decides which points a path encloses.
public enum CGPathFillRule: Int, Sendable {
    /// Non-zero winding number.
    case winding = 0
    /// Odd crossing number.
    case evenOdd = 1
}

/// An immutable graphics path (CoreGraphics' `CGPath`).
public class CGPath: Equatable, Hashable, CustomStringConvertible {
    /// The elements, in order (a `CGMutablePath` appends to them).
    ///
    /// Unchecked for exclusivity: nothing here reads the storage while it is being changed (an
    /// append reads the last element, then appends), and the run-time check on each access of
    /// a class's property cost more than the append itself when shapes of thousands of
    /// vertices are built (a twentieth of building a large Lottie file's shapes).
    @exclusivity(unchecked) var storage: [PathElement]

    /// A path with `elements` (internal: public paths come from `CGMutablePath` or the
    /// convenience initialisers).
    init(elements: [PathElement]) { storage = elements }

    /// A closed rectangle (see `CGMutablePath.addRect`).
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let p = CGMutablePath()
        p.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: p.storage)
    }

    /// A closed ellipse inscribed in `rect` (see `CGMutablePath.addEllipse`).
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let p = CGMutablePath()
        p.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: p.storage)
    }

    /// A closed rounded rectangle (see `CGMutablePath.addRoundedRect`).
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>?
    ) {
        let p = CGMutablePath()
        p.addRoundedRect(
            in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
            transform: transform?.pointee ?? .identity)
        self.init(elements: p.storage)
    }

    /// The path's elements, in order.
    public var elements: [PathElement] { storage }

    /// Whether the path has no elements.
    public var isEmpty: Bool { storage.isEmpty }

    /// The point where the next element would start, `.zero` for an empty path.
    ///
    /// - After `closeSubpath` it is the start of the closed subpath.
    public var currentPoint: CGPoint { lastPoint ?? .zero }

    /// The current point, or nil for an empty path.
    var lastPoint: CGPoint? {
        guard let last = storage.last else { return nil }
        if let p = last.endPoint { return p }
        return subpathStart
    }

    /// The first point of the last subpath (its `moveTo`), or nil when there is none.
    var subpathStart: CGPoint? {
        for e in storage.reversed() { if case .moveTo(let p) = e { return p } }
        return nil
    }

    /// An immutable copy (CoreGraphics' `copy()`; never nil here): the path itself when it is
    /// immutable already, since nothing can change it and a copy could not differ (a shape
    /// layer copies its path at every drawing, each frame of an animated one).
    public func copy() -> CGPath? { self is CGMutablePath ? CGPath(elements: storage) : self }

    /// A copy with every point mapped by `transform` (CoreGraphics' `copy(using:)`).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee else { return copy() }
        return applying(t)
    }

    /// A copy with every point mapped by `t` (glayers' non-optional spelling of `copy(using:)`).
    public func applying(_ t: CGAffineTransform) -> CGPath {
        CGPath(elements: t.isIdentity ? storage : storage.map { $0.applying(t) })
    }

    /// A mutable copy (CoreGraphics' `mutableCopy()`; never nil here).
    public func mutableCopy() -> CGMutablePath? {
        let p = CGMutablePath()
        p.storage = storage
        return p
    }

    /// A mutable copy with every point mapped by `transform`.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        let p = CGMutablePath()
        p.storage = transform.map { t in storage.map { $0.applying(t.pointee) } } ?? storage
        return p
    }

    /// Calls `block` with each element in order (CoreGraphics' `applyWithBlock`).
    ///
    /// - The element and its points are valid only during the call.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let points = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        points.initialize(repeating: .zero, count: 3)
        defer { points.deallocate() }
        for e in storage {
            var element: CGPathElement
            switch e {
            case .moveTo(let p):
                points[0] = p
                element = CGPathElement(type: .moveToPoint, points: points)
            case .lineTo(let p):
                points[0] = p
                element = CGPathElement(type: .addLineToPoint, points: points)
            case .quadCurveTo(let c, let p):
                (points[0], points[1]) = (c, p)
                element = CGPathElement(type: .addQuadCurveToPoint, points: points)
            case .curveTo(let c1, let c2, let p):
                (points[0], points[1], points[2]) = (c1, c2, p)
                element = CGPathElement(type: .addCurveToPoint, points: points)
            case .closeSubpath:
                element = CGPathElement(type: .closeSubpath, points: points)
            }
            withUnsafePointer(to: &element) { block($0) }
        }
    }

    /// Whether two paths have the same elements (CoreGraphics' `CGPathEqualToPath`).
    public static func == (l: CGPath, r: CGPath) -> Bool { l === r || l.storage == r.storage }
    /// Hashes the elements.
    public func hash(into h: inout Hasher) { h.combine(storage) }

    /// The elements in SVG-like notation (`M 0 0 L 1 0 Z`).
    public var description: String {
        let parts = storage.map { e -> String in
            func f(_ p: CGPoint) -> String { String(format: "%g %g", Double(p.x), Double(p.y)) }
            switch e {
            case .moveTo(let p): return "M \(f(p))"
            case .lineTo(let p): return "L \(f(p))"
            case .quadCurveTo(let c, let p): return "Q \(f(c)) \(f(p))"
            case .curveTo(let c1, let c2, let p): return "C \(f(c1)) \(f(c2)) \(f(p))"
            case .closeSubpath: return "Z"
            }
        }
        return "<CGPath \(parts.joined(separator: " "))>"
    }
}
