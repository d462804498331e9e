/// Building a composition's layer tree, once: every Lottie layer becomes a few `CALayer`s
/// (its transform, then what it draws) with `CAKeyframeAnimation`s for whatever changes, and
/// the engine plays them; nothing is drawn per frame by the CPU except where a path itself
/// animates (a shape layer re-tessellates its path). How each Lottie rule maps to layers is
/// in docs/lottie.md ("The layer tree").
import Foundation
import GLayers
import GLayersGraphics

/// Builds the layer tree of one composition.
final class LottieBuilder {
    let model: CompositionModel
    let warn: (String) -> Void
    private var builtLayers = 0
    private var images: [String: CGImage?] = [:]
    /// The images decoded, by their bytes: one decode for assets that hold the same image, and a
    /// budget for them all.
    private let loads = ImageLoads()

    init(model: CompositionModel, warn: @escaping (String) -> Void) {
        self.model = model
        self.warn = warn
    }

    /// What the layers of one composition are built in.
    struct Context {
        var timeline: Timeline
        /// The composition's size (track mattes cover it).
        var size: CGSize
        /// Precomps being built, outermost first (a precomp that contains itself stops there).
        var assetPath: [String]
    }

    /// The root composition: a layer of the composition's size whose local time is the
    /// composition's frame divided by its frame rate.
    func build() -> CALayer {
        let root = CALayer()
        root.name = "lottie composition"
        root.anchorPoint = .zero
        root.bounds = CGRect(origin: .zero, size: model.size)
        let timeline = Timeline(
            frameRate: model.frameRate, remap: nil, range: model.inPoint...model.outPoint,
            budget: BuildBudget(warn: warn))
        let context = Context(timeline: timeline, size: model.size, assetPath: [])
        for layer in buildLayers(model.layers, context).reversed() { root.addSublayer(layer) }
        return root
    }

    /// The layers of a composition, top first (as Lottie lists them).
    func buildLayers(_ layers: [LayerModel], _ context: Context) -> [CALayer] {
        let byIndex = LayersByIndex(layers)
        var result: [CALayer] = []
        for (i, layer) in layers.enumerated() {
            // A matte source is drawn only as a matte: one marked so (`td`), or the layer above
            // a matted layer that names no source (`tp`; or none found), marked or not, as
            // lottie-ios pairs them by position; except above a layer with a luma-inverted
            // matte: lottie-ios reads no such matte, and draws the source as any layer.
            let below = i + 1 < layers.count ? layers[i + 1] : nil
            let aboveLumaInverted = below?.matte == .lumaInverted
            let sourceOfBelow = below.map { $0.matte != nil && $0.matteParent.flatMap { byIndex[$0] } == nil } ?? false
            if layer.hidden || ((layer.isMatteSource || sourceOfBelow) && !aboveLumaInverted) { continue }
            guard builtLayers < Limits.builtLayers else {
                warn("more than \(Limits.builtLayers) layers to build; the rest are not drawn")
                break
            }
            guard let built = buildLayer(layer, byIndex, context) else { continue }
            // Luma mattes are not applied, as lottie-ios, which has no luma mattes, plays them:
            // the layer is drawn without its matte (docs/lottie.md, "The layer tree").
            guard let mode = layer.matte, mode != .luma, mode != .lumaInverted else {
                result.append(built)
                continue
            }
            // The track matte: the layer named by `tp`, else the one above.
            let source = layer.matteParent.flatMap { byIndex[$0] } ?? (i > 0 ? layers[i - 1] : nil)
            guard let source, let matte = buildLayer(source, byIndex, context, asMatte: true) else {
                result.append(built)
                continue
            }
            result.append(matted(built, by: matte, mode: mode, context))
        }
        return result
    }

    /// One Lottie layer: its parents' transforms (outermost first), its own transform with its
    /// opacity, visibility and masks, and what it draws.
    private func buildLayer(
        _ layer: LayerModel, _ byIndex: LayersByIndex, _ context: Context, asMatte: Bool = false
    ) -> CALayer? {
        builtLayers += 1
        let timeline = context.timeline
        let (outer, inner) = Self.transformLayers(layer.transform, timeline, autoOrient: layer.autoOrient)
        outer.name = layer.name
        timeline.apply(layer.transform.opacity, "opacity", on: inner, set: { inner.opacity = Float($0) }) { $0 / 100 }
        applyVisibility(layer, on: inner, timeline)
        if !layer.masks.isEmpty, let mask = masks(layer.masks, timeline) { inner.mask = mask }
        addContent(of: layer, to: inner, context)
        if let shadow = layer.shadow { applyShadow(shadow, on: inner, timeline) }
        if let filter = Self.blendFilter(layer.blendMode) { outer.compositingFilter = filter }
        // Parents move their children (not their opacity): copies of their transforms.
        var top = outer
        var seen: Set<Int> = []
        var parent = layer.parent
        while let p = parent, let model = byIndex[p], !seen.contains(p), seen.count < 64 {
            seen.insert(p)
            let (o, i) = Self.transformLayers(model.transform, timeline, autoOrient: model.autoOrient)
            o.name = "parent " + model.name
            i.addSublayer(top)
            top = o
            parent = model.parent
        }
        return top
    }

    /// How long before time 0 the visibility of a layer coming in at frame 0 begins, in
    /// seconds (a nanosecond).
    static let visibilityLead: CFTimeInterval = 1e-9

    /// Visible from the in point up to (not including) the out point, in the layer's time.
    private func applyVisibility(_ layer: LayerModel, on target: CALayer, _ timeline: Timeline) {
        let range = timeline.range
        if let remap = timeline.remap {
            let frames = Timeline.sampleFrames(from: range.lowerBound, to: range.upperBound)
            let keyframes = frames.map { f -> Keyframe<Bool> in
                let local = remap(f)
                return Keyframe(time: f, value: !(local >= layer.inPoint && local < layer.outPoint), hold: true)
            }
            timeline.applyResolved(Animated(keyframes), "hidden", on: target, set: { target.isHidden = $0 }) { $0 }
            return
        }
        if layer.inPoint <= range.lowerBound && layer.outPoint >= range.upperBound { return }
        target.isHidden = true
        guard layer.outPoint > layer.inPoint else { return }
        let show = CAKeyframeAnimation(keyPath: "hidden")
        show.values = [false, false]
        show.keyTimeValues = [0, 1]
        show.calculationMode = .discrete
        show.beginTime = timeline.seconds(layer.inPoint)
        show.duration = (layer.outPoint - layer.inPoint) / timeline.frameRate
        if layer.inPoint == 0 {
            // From a hair before time 0, not from `beginTimeAtZero` (a hair after it): a
            // precomp's layer coming in at its frame 0 shows when the precomp starts (at a
            // cut between sequential precomps, neither showed). The end stays where it was.
            show.beginTime = -Self.visibilityLead
            show.duration += Self.visibilityLead
        }
        show.isRemovedOnCompletion = false
        // From the start of the time space (which may be a hair before the animation's
        // begin: `beginTimeAtZero`) or to its end, the layer stays visible.
        let backwards = layer.inPoint <= range.lowerBound, forwards = layer.outPoint >= range.upperBound
        show.fillMode = backwards ? (forwards ? .both : .backwards) : (forwards ? .forwards : .removed)
        target.addUncopied(show, forKey: "lottie visibility")
    }

    // MARK: Content

    /// Adds what `layer` draws to `target`, its transform's inner layer: a shape layer's items
    /// directly (a container between them drew nothing: a seventh of a shape file's layers),
    /// anything else as one layer.
    private func addContent(of layer: LayerModel, to target: CALayer, _ context: Context) {
        if case .shapes(let items) = layer.content {
            ShapeBuilder(timeline: context.timeline).build(items, into: target)
        } else if case .text(let document) = layer.content {
            let builder = TextBuilder(fonts: model.fonts, glyphs: model.glyphs, budget: context.timeline.budget)
            for text in builder.build(document) {
                target.addSublayer(text)
            }
        } else if let content = content(of: layer, context) {
            target.addSublayer(content)
        }
    }

    private func content(of layer: LayerModel, _ context: Context) -> CALayer? {
        switch layer.content {
        case .null, .unsupported:
            return nil
        case .solid(let color, let size):
            let solid = CALayer()
            solid.anchorPoint = .zero
            solid.bounds = CGRect(origin: .zero, size: size)
            solid.backgroundColor = cgColor(color)
            return solid
        case .image(let id):
            guard case .image(let data, let size, let name)? = model.assets[id] else {
                warn("image asset \"\(id)\" not found")
                return nil
            }
            let layer = CALayer()
            layer.anchorPoint = .zero
            guard let image = image(id: id, data: data, name: name) else { return nil }
            layer.bounds = CGRect(
                origin: .zero,
                size: size == .zero ? CGSize(width: image.width, height: image.height) : size)
            layer.contents = image
            return layer
        case .precomp(let id, let size):
            return precomp(layer, id: id, size: size, context)
        case .shapes, .text:
            return nil  // Built into the transform's layer (`addContent`).
        }
    }

    private func image(id: String, data: Data?, name: String) -> CGImage? {
        if let cached = images[id] { return cached }
        var image: CGImage?
        if let data {
            do {
                image = try loads.image(key: ImageLoads.key(of: data), name: name) {
                    try CGImage.decode(data: data, name: name)
                }
            } catch {
                warn("image asset \"\(id)\": \(error)")
            }
        } else {
            warn("image asset \"\(id)\" (\(name)) not found; not drawn")
        }
        images[id] = image
        return image
    }

    /// A precomp: the asset's layers in a layer of the precomp's size that clips them, their
    /// time `(t − st) / sr`, or the time remap's value.
    private func precomp(_ layer: LayerModel, id: String, size: CGSize, _ context: Context) -> CALayer? {
        guard case .precomp(let layers)? = model.assets[id] else {
            warn("precomp asset \"\(id)\" not found")
            return nil
        }
        if context.assetPath.contains(id) {
            warn("precomp \"\(id)\" contains itself; the inner copy is not drawn")
            return nil
        }
        if context.assetPath.count >= Limits.precompDepth {
            warn("precomps nested more than \(Limits.precompDepth) deep; the inner ones are not drawn")
            return nil
        }
        let container = CALayer()
        container.name = "precomp " + id
        container.anchorPoint = .zero
        container.bounds = CGRect(origin: .zero, size: size)
        container.masksToBounds = true
        var inner = context
        inner.assetPath.append(id)
        let fr = context.timeline.frameRate
        let (st, sr) = (layer.startTime, layer.stretch)
        if let remapValue = layer.timeRemap {
            let outer = context.timeline.remap
            inner.timeline.remap = { f in remapValue.value(at: outer?(f) ?? f) * fr }
            // Sampled over the layer's in and out points; inside another remapped space they
            // are times of that space, not of the frames sampled, so its whole range is.
            if outer == nil { inner.timeline.range = clampedRange(layer, context.timeline) }
        } else if let outer = context.timeline.remap {
            inner.timeline.remap = { f in (outer(f) - st) / sr }
        } else {
            container.beginTime = st / fr
            container.speed = Float(1 / sr)
            let lower = (context.timeline.range.lowerBound - st) / sr
            let upper = (context.timeline.range.upperBound - st) / sr
            inner.timeline.range = min(lower, upper)...max(lower, upper)
        }
        for child in buildLayers(layers, inner).reversed() { container.addSublayer(child) }
        return container
    }

    /// The frames of the enclosing time space a remapped precomp is sampled over: its layer's
    /// in and out points within the enclosing range.
    private func clampedRange(_ layer: LayerModel, _ timeline: Timeline) -> ClosedRange<Double> {
        let lower = max(layer.inPoint, timeline.range.lowerBound)
        let upper = max(lower, min(layer.outPoint, timeline.range.upperBound))
        return lower...upper
    }
}

extension LottieBuilder {
    /// A layer's blend mode (`bm`) as the compositing filter Core Animation blends it with, as
    /// lottie-ios sets it: After Effects' modes 1–15 in its order (multiply, screen, overlay,
    /// darken, lighten, color dodge, color burn, hard light, soft light, difference,
    /// exclusion, hue, saturation, color, luminosity); nil for normal, and for add (16) and
    /// hard mix (17), which Core Image has no filter for (reported).
    static func blendFilter(_ mode: Int) -> String? {
        guard mode >= 1, mode <= blendFilters.count else { return nil }
        return blendFilters[mode - 1]
    }

    private static let blendFilters = [
        "multiply", "screen", "overlay", "darken", "lighten", "colorDodge", "colorBurn", "hardLight", "softLight",
        "difference", "exclusion", "hue", "saturation", "color", "luminosity",
    ].map { $0 + "BlendMode" }
}

/// RGBA in 0…1 as a colour (`alpha`, when given, in place of the fourth number).
func cgColor(_ c: [Double], alpha: Double? = nil) -> CGColor {
    CGColor(
        red: c[0], green: c.count > 1 ? c[1] : 0, blue: c.count > 2 ? c[2] : 0,
        alpha: alpha ?? (c.count > 3 ? c[3] : 1))
}

/// A fill's, stroke's or shadow's colour: its red, green and blue, opaque. The fourth number
/// of a Bodymovin colour is not its opacity (the item's `o` is): After Effects exports it as
/// it pleases, 0 included, and lottie-web and lottie-ios draw such a colour all the same.
func styleColor(_ c: [Double]) -> CGColor { cgColor(c, alpha: 1) }

/// A composition's layers by their index (`ind`), for parents and track mattes: their places in
/// the list, where a dictionary of the models copied each one (a dozen retains a layer).
struct LayersByIndex {
    private let layers: [LayerModel]
    private var places: [Int: Int] = [:]

    init(_ layers: [LayerModel]) {
        self.layers = layers
        for (place, layer) in layers.enumerated() { if let i = layer.index { places[i] = place } }
    }

    /// The layer whose index is `index`, if any.
    subscript(index: Int) -> LayerModel? { places[index].map { layers[$0] } }
}
