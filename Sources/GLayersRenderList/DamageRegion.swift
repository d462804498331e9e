/// The part of the screen a frame must redraw: whole-pixel rectangles, or all of it.
import Foundation

/// A rectangle of whole pixels: columns `minX ..< maxX`, rows `minY ..< maxY`, rows counted
/// from the top (as in an image).
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var minX: Int32, minY: Int32, maxX: Int32, maxY: Int32

    /// The pixels `minX ..< maxX` × `minY ..< maxY`.
    @inlinable public init(minX: Int32, minY: Int32, maxX: Int32, maxY: Int32) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }

    /// The rect at (x, y) of `width` × `height` pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(minX: Int32(x), minY: Int32(y), maxX: Int32(x + width), maxY: Int32(y + height))
    }

    /// No pixels.
    public static let empty = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)

    /// The whole pixels that touch the float box `minX … maxX` × `minY … maxY`, grown by
    /// `margin` pixels (coordinates beyond ±2²⁴ are cut there; NaN gives the ±2²⁴ box).
    @inlinable public static func covering(minX: Float, minY: Float, maxX: Float, maxY: Float, margin: Float)
        -> PixelRect
    {
        let limit: Float = 16_777_216
        func lower(_ v: Float) -> Int32 {
            let r = (v - margin).rounded(.down)
            return Int32(r >= -limit ? min(r, limit) : -limit)
        }
        func upper(_ v: Float) -> Int32 {
            let r = (v + margin).rounded(.up)
            return Int32(r <= limit ? max(r, -limit) : limit)
        }
        return PixelRect(minX: lower(minX), minY: lower(minY), maxX: upper(maxX), maxY: upper(maxY))
    }

    /// The width in pixels.
    public var width: Int32 { maxX - minX }
    /// The height in pixels.
    public var height: Int32 { maxY - minY }
    /// Whether it holds no pixel.
    @inlinable public var isEmpty: Bool { maxX <= minX || maxY <= minY }
    /// Its number of pixels (0 when empty).
    @inlinable public var area: Int64 { isEmpty ? 0 : Int64(maxX - minX) * Int64(maxY - minY) }

    /// Whether the two share a pixel.
    @inlinable public func intersects(_ o: PixelRect) -> Bool {
        minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY && !isEmpty && !o.isEmpty
    }

    /// The pixels in both (empty when none).
    @inlinable public func intersection(_ o: PixelRect) -> PixelRect {
        let r = PixelRect(
            minX: max(minX, o.minX), minY: max(minY, o.minY), maxX: min(maxX, o.maxX), maxY: min(maxY, o.maxY))
        return r.isEmpty ? .empty : r
    }

    /// The smallest rect holding both (an empty one adds nothing).
    @inlinable public func union(_ o: PixelRect) -> PixelRect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return PixelRect(
            minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
    }

    /// Whether every pixel of `o` is in this rect.
    @inlinable public func contains(_ o: PixelRect) -> Bool {
        o.isEmpty || (minX <= o.minX && minY <= o.minY && o.maxX <= maxX && o.maxY <= maxY)
    }

    /// Grown by `d` pixels on every side (an empty rect stays empty).
    @inlinable public func grown(by d: Int32) -> PixelRect {
        if isEmpty || d == 0 { return self }
        return PixelRect(minX: minX &- d, minY: minY &- d, maxX: maxX &+ d, maxY: maxY &+ d)
    }

    /// The rectangle as `(x, y, width×height)`.
    public var description: String { "(\(minX), \(minY), \(width)×\(height))" }
}

/// What a frame redraws: up to a few disjoint pixel rects of the screen, or all of it.
///
/// - Disjoint after `simplify`: the renderer draws every command once per rect, so a pixel in
///   two rects would be blended twice.
/// - Its arrays keep their storage across frames: reuse one region and `reset` it.
public struct DamageRegion: Equatable, Sendable, CustomStringConvertible {
    /// The screen: every rect lies inside it.
    public private(set) var screen: PixelRect
    /// Whether the whole screen is damaged (`rects` is then empty).
    public private(set) var isFull: Bool
    /// The damaged rects (disjoint after `simplify`).
    public private(set) var rects: [PixelRect] = []

    /// Rects kept before they are merged into their bounding box.
    public static let rawLimit = 64

    /// Nothing damaged on a screen of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        screen = PixelRect(x: 0, y: 0, width: width, height: height)
        isFull = false
    }

    /// Empties the region for a screen of `width` × `height` (keeping the storage).
    public mutating func reset(width: Int, height: Int, full: Bool = false) {
        screen = PixelRect(x: 0, y: 0, width: width, height: height)
        isFull = full
        rects.removeAll(keepingCapacity: true)
    }

    /// Whether nothing is damaged.
    public var isEmpty: Bool { !isFull && rects.isEmpty }

    /// The damaged pixels (after `simplify`, when the rects are disjoint).
    public var area: Int64 {
        if isFull { return screen.area }
        var a: Int64 = 0
        for r in rects { a += r.area }
        return a
    }

    /// The bounding box of the damage.
    public var bounds: PixelRect {
        if isFull { return screen }
        var b = PixelRect.empty
        for r in rects { b = b.union(r) }
        return b
    }

    /// Damages the whole screen.
    public mutating func setFull() {
        isFull = true
        rects.removeAll(keepingCapacity: true)
    }

    /// Adds `r`, cut to the screen.
    public mutating func add(_ r: PixelRect) {
        guard !isFull else { return }
        let cut = r.intersection(screen)
        guard !cut.isEmpty else { return }
        if cut == screen { return setFull() }
        for existing in rects where existing.contains(cut) { return }
        if rects.count >= Self.rawLimit {
            // Too many pieces to merge well: keep their bounding box.
            let b = bounds.union(cut)
            rects.removeAll(keepingCapacity: true)
            rects.append(b)
            return
        }
        rects.append(cut)
    }

    /// Adds every rect of `other` (all of the screen when `other` is full).
    public mutating func formUnion(_ other: DamageRegion) {
        if other.isFull { return setFull() }
        for r in other.rects { add(r) }
    }

    /// Whether `r` shares a pixel with the damage.
    public func intersects(_ r: PixelRect) -> Bool {
        if isFull { return r.intersects(screen) }
        for d in rects where d.intersects(r) { return true }
        return false
    }

    /// Makes the rects disjoint and at most `maximumRects`, merging the pairs whose bounding
    /// box adds the fewest pixels first (always those that overlap, and any whose merge adds
    /// under a quarter of their pixels or 4096 pixels); the whole screen when the damage then
    /// covers more than `fullFraction` of it.
    public mutating func simplify(maximumRects: Int = 8, fullFraction: Double = 0.7) {
        guard !isFull else { return }
        // When the rects' bounding box holds at most 4096 pixels, no merge adds more than that,
        // so every merge is taken and the loop would end with the box: take it at once (a
        // small Lottie frame's few dozen rects made the pair search below cost as much as
        // drawing them).
        if rects.count > 1, let box = rects.dropFirst().reduce(rects.first, { $0?.union($1) }), box.area <= 4096 {
            rects.removeAll(keepingCapacity: true)
            rects.append(box)
        }
        if rects.count > 1 { mergePairs(maximumRects: maximumRects) }
        if Double(area) > fullFraction * Double(screen.area) { setFull() }
    }

    /// `simplify`'s merging: while two rects overlap, there are more than `maximumRects`, or
    /// a merge is cheap, the pair whose bounding box adds the fewest pixels (overlapping pairs
    /// first; of equals, the first pair in the rects' order) becomes that box, where the first
    /// of the two lay.
    ///
    /// A search of every pair at every merge costs the cube of the count (a Lottie frame's few
    /// dozen moving shapes: a tenth of the drawing thread's time). Here each rect keeps its
    /// cheapest pair with a later rect, looked for again only when that pair changes, so a
    /// merge costs about as many steps as there are rects. The costs are ordered keys
    /// (overlapping pairs below all others, then by the pixels added), and equal keys go to
    /// the first pair in order, so the result is the search's. The tables are on the stack
    /// (`DamageRegion.rawLimit` rects at most: under a kibibyte each).
    private mutating func mergePairs(maximumRects: Int) {
        let n = rects.count
        var kept = 0
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: n) { bestKey in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: n) { best in
                rects.withUnsafeMutableBufferPointer { rects in
                    // Slot i (a place in `rects`) pairs best with the later slot `best[i]` (-1: none
                    // left; -2: slot i holds no rect any more), at cost `bestKey[i]`.
                    func rescan(_ i: Int) {
                        (best[i], bestKey[i]) = (-1, .max)
                        for k in (i + 1)..<n where best[k] != -2 {
                            let key = Self.mergeKey(rects[i], rects[k])
                            if key < bestKey[i] { (best[i], bestKey[i]) = (Int32(k), key) }
                        }
                    }
                    for i in 0..<n { best[i] = -1 }
                    for i in 0..<n { rescan(i) }
                    var count = n
                    while count > 1 {
                        var i = -1
                        for s in 0..<n where best[s] >= 0 && (i < 0 || bestKey[s] < bestKey[i]) { i = s }
                        let j = Int(best[i]), a = rects[i], b = rects[j], found = bestKey[i]
                        let overlaps = found < 1 << 62, added = Int64(found & (1 << 62 - 1))
                        guard overlaps || count > maximumRects || added <= max(4096, (a.area + b.area) / 4) else {
                            break
                        }
                        rects[i] = a.union(b)
                        best[j] = -2
                        count -= 1
                        rescan(i)
                        // Earlier slots whose cheapest pair was with i or j look again; the others
                        // compare their pair with i's new rect (the earlier of equal keys stays).
                        for s in 0..<j where best[s] != -2 && s != i {
                            if best[s] == Int32(i) || best[s] == Int32(j) {
                                rescan(s)
                            } else if s < i {
                                let key = Self.mergeKey(rects[s], rects[i])
                                if key < bestKey[s] || (key == bestKey[s] && Int32(i) < best[s]) {
                                    (best[s], bestKey[s]) = (Int32(i), key)
                                }
                            }
                        }
                    }
                    // The rects left, in order, to the front (each slot at or after its place).
                    for s in 0..<n where best[s] != -2 {
                        rects[kept] = rects[s]
                        kept += 1
                    }
                }
            }
        }
        rects.removeLast(n - kept)
    }

    /// The cost of merging `a` and `b` (neither empty, as `add` keeps none) as an ordered key:
    /// overlapping pairs below all others, then by the pixels their bounding box adds.
    @inline(__always)
    private static func mergeKey(_ a: PixelRect, _ b: PixelRect) -> UInt64 {
        let w = Int64(max(a.maxX, b.maxX) - min(a.minX, b.minX))
        let h = Int64(max(a.maxY, b.maxY) - min(a.minY, b.minY))
        let iw = Int64(min(a.maxX, b.maxX) - max(a.minX, b.minX))
        let ih = Int64(min(a.maxY, b.maxY) - max(a.minY, b.minY))
        let overlaps = iw > 0 && ih > 0
        let added =
            w * h - Int64(a.width) * Int64(a.height) - Int64(b.width) * Int64(b.height) + (overlaps ? iw * ih : 0)
        return UInt64(max(0, added)) | (overlaps ? 0 : 1 << 62)
    }

    /// The region for logs and test messages: "full W×H", "none", or its rectangles.
    public var description: String {
        isFull
            ? "full \(screen.width)×\(screen.height)"
            : rects.isEmpty ? "none" : rects.map(\.description).joined(separator: " ")
    }
}
