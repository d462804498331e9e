/// Layout: needs-layout flags and passes, the layout manager, and autoresizing with
/// Core Animation's measured distribution rule (docs/semantics.md#autoresizing).
import Foundation

extension CALayer {
    /// Marks the layer as needing layout; the next commit lays it out.
    func markNeedsLayout() {
        if isPresentationCopy || needsLayoutFlag { return }
        needsLayoutFlag = true
        let context = TransactionContext.current
        context.ensureFrame()
        context.layoutRequests.append(self)
    }

    /// Lays out, from the highest ancestor that needs layout, every layer below it that does.
    func layoutIfNeededDefault() {
        var top: CALayer = self
        while let up = top.superlayerStorage, up.needsLayoutFlag { top = up }
        top.layoutTree(depth: 0)
    }

    private func layoutTree(depth: Int) {
        guard depth < 4096 else {
            Diagnostics.warn(
                "layout: the layer tree is deeper than 4096 levels; deeper layers are not laid out", once: true)
            return
        }
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        for sub in sublayerStorage { sub.layoutTree(depth: depth + 1) }
    }

    /// The default of `layoutSublayers()`: the delegate, else the layout manager.
    func layoutSublayersDefault() {
        if let delegate { delegate.layoutSublayers(of: self) } else { layoutWithManager() }
    }

    /// Lays out the sublayers with the layout manager, if there is one.
    public func layoutWithManager() {
        layoutManager?.layoutSublayers(of: self)
    }

    // MARK: Autoresizing

    /// The default of `resizeSublayers(withOldSize:)`: every sublayer resizes itself.
    func resizeSublayersDefault(oldSize: CGSize) {
        for sub in sublayerStorage { sub.resize(withOldSuperlayerSize: oldSize) }
    }

    /// The default of `resize(withOldSuperlayerSize:)`: applies `autoresizingMask`.
    func resizeDefault(oldSuperlayerSize old: CGSize) {
        guard let parent = superlayerStorage, !autoresizingMask.isEmpty else { return }
        let new = parent.layerState.bounds.size
        let f = frame
        let (x, w) = Self.autoresize(
            origin: f.minX, size: f.width, delta: new.width - old.width,
            minMargin: autoresizingMask.contains(.layerMinXMargin),
            sizable: autoresizingMask.contains(.layerWidthSizable),
            maxMargin: autoresizingMask.contains(.layerMaxXMargin))
        let (y, h) = Self.autoresize(
            origin: f.minY, size: f.height, delta: new.height - old.height,
            minMargin: autoresizingMask.contains(.layerMinYMargin),
            sizable: autoresizingMask.contains(.layerHeightSizable),
            maxMargin: autoresizingMask.contains(.layerMaxYMargin))
        let result = CGRect(x: x, y: y, width: w, height: h).standardized
        if result != f { frame = result }
    }

    /// One axis of autoresizing: the change is split in thirds between the min margin, the
    /// size and the max margin; a fixed part's third goes to the flexible margins (equally), or
    /// to the size when no margin is flexible; margins are floored, the size takes the rest.
    static func autoresize(
        origin: CGFloat, size: CGFloat, delta: CGFloat, minMargin: Bool, sizable: Bool, maxMargin: Bool
    ) -> (CGFloat, CGFloat) {
        guard delta != 0, minMargin || sizable || maxMargin else { return (origin, size) }
        let third = delta / 3
        var shares = (min: minMargin ? third : 0, size: sizable ? third : 0, max: maxMargin ? third : 0)
        let fixedThirds = CGFloat([minMargin, sizable, maxMargin].filter { !$0 }.count) * third
        let flexibleMargins = (minMargin ? 1 : 0) + (maxMargin ? 1 : 0)
        if flexibleMargins > 0 {
            let each = fixedThirds / CGFloat(flexibleMargins)
            if minMargin { shares.min += each }
            if maxMargin { shares.max += each }
        } else {
            shares.size += fixedThirds
        }
        let minChange = shares.min.rounded(.down)
        let maxChange = shares.max.rounded(.down)
        let sizeChange = sizable ? delta - minChange - maxChange : 0
        return (origin + minChange, size + sizeChange)
    }
}
