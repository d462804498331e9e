/// The items of a shape layer as layers: each group a layer with the group's transform; each
/// fill, stroke or gradient a `CAShapeLayer` (or a `CAGradientLayer` masked by one) drawing the
/// paths listed above it in its group and in the groups above it, trimmed by the trims below
/// those paths. Lottie lists items top first; a style draws where it is listed (docs/lottie.md,
/// "Shapes").
import Foundation
import GLayers
import GLayersGraphics

/// Builds shape items into layers.
struct ShapeBuilder {
    let timeline: Timeline

    /// What enclosing groups pass down: their styles listed below this group (which draw this
    /// group's paths too) and their trims listed below it.
    struct Inherited {
        var styles: [InheritedStyle] = []
        var trims: [TrimSource] = []
        var roundness: Animated<Double>?
    }

    func build(_ items: [ShapeItem], into container: CALayer, inherited: Inherited = Inherited()) {
        // A repeater copies what is listed above it; what is below draws once, underneath the
        // copies (lottie-ios reads no composite order).
        if let r = items.firstIndex(where: { if case .repeater = $0 { return true } else { return false } }),
            case .repeater(let model) = items[r]
        {
            let copies = RepeaterBuilder(timeline: timeline, model: model)
            let above = Array(items[..<r]), below = passedDown(items, after: r, inherited)
            build(Array(items[(r + 1)...]), into: container, inherited: inherited)
            copies.build(above, builder: self, into: container, inherited: below)
            return
        }
        // Paths, by index, rounded by the rounded corners listed below them.
        var paths: [Int: PathSource] = [:]
        for (i, item) in items.enumerated() {
            guard var source = pathSource(item) else { continue }
            source.roundness = passedDown(items, after: i, inherited).roundness
            paths[i] = source
        }
        let directPaths = paths.keys.sorted()
        // Inherited styles draw this group's paths, under everything the group lists.
        if let first = directPaths.first {
            let trims = passedDown(items, after: first, inherited).trims
            for style in inherited.styles.reversed() {
                addStyle(
                    style.item, directPaths.compactMap { paths[$0] }, trims, lineScale: style.scale, into: container)
            }
        }
        // Then bottom to top.
        for k in stride(from: items.count - 1, through: 0, by: -1) {
            switch items[k] {
            case .fill, .stroke, .gradientFill, .gradientStroke:
                let above = directPaths.filter { $0 < k }
                guard let first = above.first else { continue }
                let trims = passedDown(items, after: first, inherited).trims
                addStyle(items[k], above.compactMap { paths[$0] }, trims, into: container)
            case .group(let children, let transform, _) where transform.isIdentity:
                // A group that moves nothing needs no layer: its items go where it would.
                build(children, into: container, inherited: passedDown(items, after: k, inherited))
            case .group(let children, let transform, let name):
                let (outer, inner) = LottieBuilder.groupLayers(transform, timeline)
                outer.name = name
                var passed = passedDown(items, after: k, inherited)
                for i in passed.styles.indices { passed.styles[i].scale = passed.styles[i].scale.through(transform) }
                build(children, into: inner, inherited: passed)
                container.addSublayer(outer)
            default:
                continue
            }
        }
    }

    /// What item `k` of `items` takes from the items listed below it (and from enclosing
    /// groups): their styles, trims and rounded corners (the nearest).
    private func passedDown(_ items: [ShapeItem], after k: Int, _ inherited: Inherited) -> Inherited {
        var passed = inherited
        let below = items[(k + 1)...]
        passed.styles = below.filter(\.isStyle).map { InheritedStyle(item: $0) } + inherited.styles
        passed.trims =
            below.compactMap {
                if case .trim(let s, let e, let o, let m) = $0 {
                    return TrimSource(start: s, end: e, offset: o, individually: m)
                }
                return nil
            } + inherited.trims
        for item in below {
            if case .roundedCorners(let r) = item {
                passed.roundness = r
                break
            }
        }
        return passed
    }

    /// The shapes of a path item over time.
    private func pathSource(_ item: ShapeItem) -> PathSource? {
        switch item {
        case .path(let shape, let reversed):
            return PathSource(tracks: [shape], linear: true) { f in
                let s = shape.value(at: f)
                return reversed ? s.reversed : s
            }
        case .rect(let p, let s, let r, let reversed):
            return PathSource(tracks: [p, s, r], linear: !r.isAnimated) { f in
                let c = p.value(at: f), size = s.value(at: f)
                return .rect(
                    center: CGPoint(x: c[0], y: c[1]), size: CGSize(width: size[0], height: size[1]),
                    roundness: r.value(at: f), reversed: reversed)
            }
        case .ellipse(let p, let s, let reversed):
            return PathSource(tracks: [p, s], linear: true) { f in
                let c = p.value(at: f), size = s.value(at: f)
                return .ellipse(
                    center: CGPoint(x: c[0], y: c[1]), size: CGSize(width: size[0], height: size[1]), reversed: reversed
                )
            }
        case .star(let m):
            let tracks: [any Track] = [
                m.position, m.points, m.rotation, m.outerRadius, m.innerRadius, m.outerRoundness, m.innerRoundness,
            ]
            return PathSource(tracks: tracks, linear: false) { f in
                let c = m.position.value(at: f)
                return .star(
                    center: CGPoint(x: c[0], y: c[1]), points: m.points.value(at: f), rotation: m.rotation.value(at: f),
                    outerRadius: m.outerRadius.value(at: f), innerRadius: m.innerRadius.value(at: f),
                    outerRoundness: m.outerRoundness.value(at: f), innerRoundness: m.innerRoundness.value(at: f),
                    polygon: m.isPolygon, reversed: m.reversed)
            }
        default:
            return nil
        }
    }

    // MARK: Styles

    /// Draws `style` over `sources` into `container`; `lineScale` is how much the groups
    /// between the style and the paths scale them up (a stroke's width and dashes are in the
    /// space of the group that lists the style, as lottie-web and lottie-ios draw them).
    private func addStyle(
        _ style: ShapeItem, _ sources: [PathSource], _ trims: [TrimSource], lineScale: LineScale = LineScale(),
        into container: CALayer
    ) {
        guard !sources.isEmpty else { return }
        // A trim that keeps the whole path at every frame changes nothing: the first one that
        // cuts applies. Strokes take it (once for all their layers).
        let trim = trims.first { !$0.keepsEverything }
        let plan: TrimPlan? =
            switch style {
            case .stroke, .gradientStroke: trim.map { TrimPlan($0, timeline) }
            default: nil
            }
        // Trimmed one at a time ("simultaneously"): a layer per path. Fills and gradient
        // fills take no trim, so they draw every path in one layer (as when nothing trims).
        if let trim, plan != nil, !trim.individually, sources.count > 1 {
            for source in sources { drawStyle(style, [source], plan, lineScale: lineScale, into: container) }
        } else {
            drawStyle(style, sources, plan, lineScale: lineScale, into: container)
        }
    }

    /// Draws `style` over `sources`, trimmed by `trim`, into `container`.
    private func drawStyle(
        _ style: ShapeItem, _ sources: [PathSource], _ trim: TrimPlan?, lineScale: LineScale, into container: CALayer
    ) {
        switch style {
        case .fill(let color, let opacity, let evenOdd):
            let layer = shapeLayer(sources, trim: nil)
            layer.fillRule = evenOdd ? .evenOdd : .nonZero
            timeline.apply(color, "fillColor", on: layer, set: { layer.fillColor = $0 }) { styleColor($0) }
            timeline.apply(opacity, "opacity", on: layer, set: { layer.opacity = Float($0) }) { $0 / 100 }
            container.addSublayer(layer)
        case .stroke(let stroke):
            let layer = shapeLayer(sources, trim: trim)
            layer.fillColor = nil
            timeline.apply(stroke.color, "strokeColor", on: layer, set: { layer.strokeColor = $0 }) { styleColor($0) }
            timeline.apply(stroke.opacity, "opacity", on: layer, set: { layer.opacity = Float($0) }) { $0 / 100 }
            applyLine(stroke, lineScale, on: layer)
            container.addSublayer(layer)
        case .gradientFill(let gradient):
            let mask = shapeLayer(sources, trim: nil)
            mask.fillRule = gradient.evenOdd ? .evenOdd : .nonZero
            container.addSublayer(gradientLayer(gradient, masked: mask, sources))
        case .gradientStroke(let gradient, let stroke):
            let mask = shapeLayer(sources, trim: trim)
            mask.fillColor = nil
            mask.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            applyLine(stroke, lineScale, on: mask)
            container.addSublayer(gradientLayer(gradient, masked: mask, sources, stroke: (stroke, lineScale)))
        default:
            return
        }
    }

    /// A shape layer drawing the paths (twice over when a trim wraps past the end, so that
    /// `strokeStart`/`strokeEnd` can reach across it).
    private func shapeLayer(_ sources: [PathSource], trim: TrimPlan?) -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.anchorPoint = .zero
        layer.bounds = .zero
        let wraps = trim?.wraps ?? false
        if let trim {
            // The plan's values are resolved already.
            timeline.applyResolved(trim.strokeStart, "strokeStart", on: layer, set: { layer.strokeStart = $0 }) { $0 }
            timeline.applyResolved(trim.strokeEnd, "strokeEnd", on: layer, set: { layer.strokeEnd = $0 }) { $0 }
        }
        let linear = sources.allSatisfy(\.linear)
        let path = timeline.combine(sources.flatMap { $0.allTracks }, linear: linear) { f -> CGPath in
            let shapes = sources.map { $0.value(at: f) }
            let vertices = shapes.reduce(0) { $0 + $1.vertices.count } * (wraps ? 2 : 1)
            guard timeline.budget.chargePath(vertices: vertices) else { return CGMutablePath() }
            return makePath(wraps ? shapes + shapes : shapes)
        }
        timeline.applyResolved(path, "path", on: layer, set: { layer.path = $0 }, convert: { $0 })
        return layer
    }

    private func applyLine(_ stroke: StrokeModel, _ scale: LineScale, on layer: CAShapeLayer) {
        if scale.animated.isEmpty {
            timeline.apply(stroke.width, "lineWidth", on: layer, set: { layer.lineWidth = $0 }) { $0 / scale.constant }
        } else {
            // The width at the keyframes of the width and of the groups' scales, interpolated
            // between them as lottie-ios's combined keyframes are.
            let width = timeline.combine([stroke.width] + scale.animated, linear: true) { f in
                stroke.width.value(at: f) / scale.value(at: f)
            }
            timeline.applyResolved(width, "lineWidth", on: layer, set: { layer.lineWidth = $0 }, convert: { $0 })
        }
        let lineScale = scale.initial
        switch stroke.cap {
        case .butt: layer.lineCap = .butt
        case .round: layer.lineCap = .round
        case .square: layer.lineCap = .square
        }
        switch stroke.join {
        case .miter: layer.lineJoin = .miter
        case .round: layer.lineJoin = .round
        case .bevel: layer.lineJoin = .bevel
        }
        layer.miterLimit = stroke.miterLimit
        if !stroke.dashes.isEmpty {
            var pattern = stroke.dashes.map { $0.initial / lineScale }
            if pattern.count % 2 == 1 { pattern += pattern }
            if pattern.allSatisfy({ $0 >= 0 }) && pattern.contains(where: { $0 > 0 }) {
                layer.lineDashPattern = pattern.map { NSNumber(value: $0) }
                timeline.apply(stroke.dashOffset, "lineDashPhase", on: layer, set: { layer.lineDashPhase = $0 }) {
                    $0 / lineScale
                }
            }
        }
    }

    // MARK: Gradients

    /// A gradient layer over the paths' bounds (grown by what `stroke` reaches past them, for a
    /// gradient stroke), masked by `mask`.
    private func gradientLayer(
        _ g: GradientModel, masked mask: CAShapeLayer, _ sources: [PathSource],
        stroke: (model: StrokeModel, lineScale: LineScale)? = nil
    ) -> CALayer {
        // The gradient's box: the paths' bounds at every keyframe, with the gradient's points.
        var box = CGRect.null
        var reach: CGFloat = 0
        // A stroke at its widest width (in the paths' units).
        let width =
            stroke.map { s in (s.model.width.keyframes.map { abs($0.value) }.max() ?? 0) / s.lineScale.smallest } ?? 0
        let frames = Set(sources.flatMap { $0.allTracks }.flatMap { $0.times } + [0])
        for f in frames {
            for s in sources {
                let path = makePath([s.value(at: f)])
                box = box.union(path.boundingBox)
                if let stroke = stroke?.model {
                    reach = max(
                        reach,
                        path.strokeReach(
                            lineWidth: width, lineCap: stroke.cgCap, lineJoin: stroke.cgJoin,
                            miterLimit: stroke.miterLimit))
                }
            }
        }
        if !box.isNull, reach > 0, reach.isFinite { box = box.insetBy(dx: -reach, dy: -reach) }
        for p in g.start.keyframes.map({ $0.value }) + g.end.keyframes.map({ $0.value }) {
            box = box.union(CGRect(x: p[0], y: p[1], width: 0, height: 0))
        }
        if box.isNull || box.width < 1 || box.height < 1 {
            box = box.isNull ? CGRect(x: 0, y: 0, width: 1, height: 1) : box.insetBy(dx: -1, dy: -1)
        }
        let layer = CAGradientLayer()
        layer.anchorPoint = .zero
        layer.frame = box
        layer.type = g.radial ? .radial : .axial
        func unit(_ p: [Double]) -> CGPoint {
            CGPoint(x: (p[0] - box.minX) / box.width, y: (p[1] - box.minY) / box.height)
        }
        if g.radial {
            // The end point is the start moved by the radius: it follows both of Lottie's points,
            // as lottie-ios animates it: the radius worked out at the points' keyframes (when
            // they share their timing, or one stands still) and interpolated between them.
            let points = timeline.combine([g.start, g.end], linear: true) { f -> [Double] in
                let s = g.start.value(at: f), e = g.end.value(at: f)
                let r = hypot(e[0] - s[0], e[1] - s[1])
                let a = unit(s)
                return [a.x, a.y, a.x + r / box.width, a.y + r / box.height]
            }
            timeline.applyResolved(points, "startPoint", on: layer, set: { layer.startPoint = $0 }) {
                CGPoint(x: $0[0], y: $0[1])
            }
            timeline.applyResolved(points, "endPoint", on: layer, set: { layer.endPoint = $0 }) {
                CGPoint(x: $0[2], y: $0[3])
            }
        } else {
            // Each point follows its own keyframes with their easing, not samples of both.
            let start = timeline.combine([g.start], linear: true) { unit(g.start.value(at: $0)) }
            timeline.applyResolved(start, "startPoint", on: layer, set: { layer.startPoint = $0 }, convert: { $0 })
            let end = timeline.combine([g.end], linear: true) { unit(g.end.value(at: $0)) }
            timeline.applyResolved(end, "endPoint", on: layer, set: { layer.endPoint = $0 }, convert: { $0 })
        }
        let stops = g.stops
        let offsets = GradientRamp.offsets(stops.colorCount, stops.values.initial)
        let ramp = timeline.combine([stops.values], linear: true) { f in
            GradientRamp(count: stops.colorCount, values: stops.values.value(at: f), offsets: offsets)
        }
        timeline.applyResolved(ramp, "colors", on: layer, set: { layer.colors = $0 }, convert: { $0.colors })
        layer.locations = offsets.map { NSNumber(value: $0.offset) }
        timeline.apply(g.opacity, "opacity", on: layer, set: { layer.opacity = Float($0) }) { $0 / 100 }
        // The mask is in the gradient layer's space: move the paths there.
        mask.position = CGPoint(x: -box.minX, y: -box.minY)
        layer.mask = mask
        return layer
    }
}

extension StrokeModel {
    /// The cap and join as CoreGraphics names them.
    var cgCap: CGLineCap { cap == .butt ? .butt : cap == .round ? .round : .square }
    var cgJoin: CGLineJoin { join == .miter ? .miter : join == .round ? .round : .bevel }
}

extension ShapeItem {
    /// Whether the item is a fill, stroke or gradient.
    var isStyle: Bool {
        switch self {
        case .fill, .stroke, .gradientFill, .gradientStroke: return true
        default: return false
        }
    }
}

extension LottieBuilder {
    /// A shape group's layers: its transform (`tr`), with the group's opacity on the inner one.
    static func groupLayers(_ t: TransformModel, _ timeline: Timeline) -> (CALayer, CALayer) {
        let (outer, inner) = transformLayers(t, timeline)
        timeline.apply(t.opacity, "opacity", on: inner, set: { inner.opacity = Float($0) }) { $0 / 100 }
        return (outer, inner)
    }
}
