/// Flattening, what a layer's `shadowPath` casts: a rectangle or rounded rectangle the
/// renderer blurs analytically, or the path filled (non-zero winding, as Apple's
/// `CALayer.shadowPath` reference says) into a coverage mask that a pass of its own blurs.
///
/// Takes a path and the pixels per path unit it will be drawn at; produces a `ShadowShape`,
/// remembered between frames so a steady frame neither rasterizes nor allocates. Does not
/// build items (see `FrameBuilder+Shadows.swift`).
import Foundation
import GLayersGraphics

/// The shape a `shadowPath` casts.
enum ShadowShape {
    /// Nothing (an empty path, or one that encloses no area the mask could hold).
    case none
    /// A rectangle with circular corners of `radius` (0: square corners), in the path's space.
    case roundedRect(CGRect, radius: CGFloat)
    /// The path's coverage: white, premultiplied, alpha = coverage; `rect` is the part of the
    /// path's space the image covers.
    case mask(CGImage, rect: CGRect)

    /// Whether the shape is the same at every scale.
    var isScaleFree: Bool {
        if case .mask = self { return false }
        return true
    }
}

/// Shapes of recent shadow paths, by path (identity, then equality) and scale.
///
/// - Holds at most `capacity` entries; the least recently used goes first.
/// - A `CGMutablePath` may change after it was set, so entries keep an immutable copy and
///   match mutable paths by equality only; immutable paths also match by identity.
final class ShadowPathCache {
    private struct Entry {
        /// The path as given, for identity matches; nil when it was mutable.
        var source: CGPath?
        /// An immutable copy, for equality matches.
        var path: CGPath
        var scale: CGFloat
        var shape: ShadowShape
        var lastUse: UInt64
    }

    /// Entries kept (a resource limit: each mask holds its pixels).
    static let capacity = 32
    /// The largest side of a mask in pixels; larger paths are drawn at a lower scale (the blur
    /// hides it). A resource limit.
    static let maximumMaskSide: CGFloat = 2048

    private var entries: [Entry] = []
    private var clock: UInt64 = 0

    /// The shape `path` casts when drawn at `pixelsPerUnit` pixels per path unit.
    func shape(of path: CGPath, pixelsPerUnit: CGFloat) -> ShadowShape {
        clock &+= 1
        let scale = Self.quantized(pixelsPerUnit)
        var i = 0
        while i < entries.count {
            let e = entries[i]
            if (e.scale == scale || e.shape.isScaleFree) && (e.source === path || e.path == path) {
                entries[i].lastUse = clock
                return e.shape
            }
            i += 1
        }
        let shape = make(path, scale: scale)
        let entry = Entry(
            source: path is CGMutablePath ? nil : path, path: path.copy() ?? path, scale: scale, shape: shape,
            lastUse: clock)
        if entries.count < Self.capacity {
            entries.append(entry)
        } else if let oldest = entries.indices.min(by: { entries[$0].lastUse < entries[$1].lastUse }) {
            entries[oldest] = entry
        }
        return shape
    }

    /// `s` rounded up to a half-octave step (2^(k/2)) in [1/16, 16], so a scale that animates
    /// re-rasterizes a few times, not every frame.
    static func quantized(_ s: CGFloat) -> CGFloat {
        guard s.isFinite, s > 0 else { return 1 }
        let steps = (2 * log2(s)).rounded(.up)
        return pow(2, min(max(steps, -8), 8) / 2)
    }

    private func make(_ path: CGPath, scale: CGFloat) -> ShadowShape {
        let box = path.boundingBoxOfPath
        guard !box.isNull, box.minX.isFinite, box.minY.isFinite, box.width.isFinite, box.height.isFinite,
            box.width > 0, box.height > 0
        else { return .none }
        if Self.isRectangle(path.elements, box) { return .roundedRect(box, radius: 0) }
        if let radius = Self.roundedRectRadius(path, box) { return .roundedRect(box, radius: radius) }
        return Self.rasterize(path, box, scale: scale)
    }

    /// Whether `elements` are one closed or open quadrilateral through the four corners of
    /// `box` with axis-aligned sides, in any order and direction.
    static func isRectangle(_ elements: [PathElement], _ box: CGRect) -> Bool {
        var points: [CGPoint] = []
        for (i, e) in elements.enumerated() {
            switch e {
            case .moveTo(let p) where i == 0: points.append(p)
            case .lineTo(let p): points.append(p)
            case .closeSubpath where i == elements.count - 1: break
            default: return false
            }
        }
        if points.count == 5 && points[4] == points[0] { points.removeLast() }
        guard points.count == 4, Set(points.map { [$0.x, $0.y] }).count == 4 else { return false }
        for (k, a) in points.enumerated() {
            let b = points[(k + 1) % 4]
            guard (a.x == b.x) != (a.y == b.y) else { return false }
            guard a.x == box.minX || a.x == box.maxX, a.y == box.minY || a.y == box.maxY else { return false }
        }
        return true
    }

    /// The corner radius when `path` is `CGPath(roundedRect: box, cornerWidth: r,
    /// cornerHeight: r, transform: nil)` (circular corners, which the renderer blurs
    /// analytically), else nil.
    static func roundedRectRadius(_ path: CGPath, _ box: CGRect) -> CGFloat? {
        guard case .moveTo(let first)? = path.elements.first else { return nil }
        let r = first.y - box.minY
        guard r > 0, first.x == box.maxX else { return nil }
        let candidate = CGPath(roundedRect: box, cornerWidth: r, cornerHeight: r, transform: nil)
        return candidate == path ? r : nil
    }

    /// `path` filled white into a mask of `scale` pixels per unit (less for huge paths), with
    /// a pixel of margin for anti-aliasing.
    static func rasterize(_ path: CGPath, _ box: CGRect, scale requested: CGFloat) -> ShadowShape {
        let limit = maximumMaskSide - 2
        let scale = min(requested, limit / box.width, limit / box.height)
        let width = Int((box.width * scale).rounded(.up)) + 2
        let height = Int((box.height * scale).rounded(.up)) + 2
        guard scale > 0, let context = CGContext.bitmap(width: width, height: height, scale: scale) else {
            return .none
        }
        let margin = 1 / scale
        context.translateBy(x: margin - box.minX, y: margin - box.minY)
        context.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        context.addPath(path)
        context.fillPath(using: .winding)
        guard let image = context.makeImage() else { return .none }
        let rect = CGRect(
            x: box.minX - margin, y: box.minY - margin, width: CGFloat(width) / scale, height: CGFloat(height) / scale)
        return .mask(image, rect: rect)
    }
}
