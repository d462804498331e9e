/// The layer tree: sublayers, superlayer, mask, with Core Animation's semantics —
/// adding a layer removes it from its old parent (or from being a mask), cycles are refused
/// with a diagnostic, and live trees run the `sublayers`, `onOrderIn`, `onOrderOut` and
/// `transition` actions. The API is declared in `CALayer.swift` (where subclasses can override
/// it) and implemented here; these implementations call each other, not the overridable API.
import Foundation

extension CALayer {
    /// The default of `sublayers`: a presentation copy shows presentation copies of the model's.
    var sublayersDefault: [CALayer]? {
        if let source = presentationSource {
            let t = presentationTime
            return source.sublayerStorage.isEmpty ? nil : source.sublayerStorage.map { $0.presentation(atMediaTime: t) }
        }
        return sublayerStorage.isEmpty ? nil : sublayerStorage
    }

    /// The default of setting `sublayers`: replaces them all.
    func setSublayersDefault(_ newValue: [CALayer]?) {
        guard !isPresentationCopy else { return }
        let change = willChangeHierarchy()
        let old = sublayerStorage
        for l in old { l.detach(notify: false) }
        sublayerStorage.removeAll()
        for l in newValue ?? [] { _ = insert(l, at: sublayerStorage.count, change: nil) }
        for l in old where l.superlayerStorage == nil { l.runEventAction(kCAOnOrderOut) }
        runAction(forChange: change)
    }

    /// The default of `insertSublayer(_:at:)` (and of `addSublayer(_:)`).
    func insertSublayerDefault(_ layer: CALayer, at index: Int) {
        let change = willChangeHierarchy()
        if insert(layer, at: index, change: change) { layer.runEventAction(kCAOnOrderIn) }
        runAction(forChange: change)
    }

    /// The default of `insertSublayer(_:below:)`.
    func insertSublayerDefault(_ layer: CALayer, below sibling: CALayer?) {
        var index = 0
        if let sibling {
            if let i = sublayerStorage.firstIndex(where: { $0 === sibling }) {
                index = i
            } else {
                Diagnostics.warn(
                    "insertSublayer(_:below:): the sibling is not a sublayer of \(diagnosticName); inserting at the bottom"
                )
            }
        }
        insertSublayerDefault(layer, at: index)
    }

    /// The default of `insertSublayer(_:above:)`.
    func insertSublayerDefault(_ layer: CALayer, above sibling: CALayer?) {
        var index = sublayerStorage.count
        if let sibling {
            if let i = sublayerStorage.firstIndex(where: { $0 === sibling }) {
                index = i + 1
            } else {
                Diagnostics.warn(
                    "insertSublayer(_:above:): the sibling is not a sublayer of \(diagnosticName); inserting at the top"
                )
            }
        }
        insertSublayerDefault(layer, at: index)
    }

    /// The default of `replaceSublayer(_:with:)`.
    func replaceSublayerDefault(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer !== newLayer else { return }
        guard let index = sublayerStorage.firstIndex(where: { $0 === oldLayer }) else {
            Diagnostics.warn(
                "replaceSublayer(_:with:): the layer to replace is not a sublayer of \(diagnosticName); nothing replaced"
            )
            return
        }
        guard !wouldCreateCycle(adding: newLayer) else {
            Diagnostics.warn(
                "replaceSublayer(_:with:): \(newLayer.diagnosticName) is an ancestor of \(diagnosticName); refused (it would make a cycle)"
            )
            return
        }
        let change = willChangeModel(kCATransition)
        oldLayer.detach(notify: false)
        let at = min(index, sublayerStorage.count)
        if insert(newLayer, at: at, change: nil) { newLayer.runEventAction(kCAOnOrderIn) }
        oldLayer.runEventAction(kCAOnOrderOut)
        runAction(forChange: change)
    }

    /// The default of `removeFromSuperlayer()`.
    func removeFromSuperlayerDefault() {
        if let owner = maskOwner {
            owner.setMaskDefault(nil)
            return
        }
        guard let parent = superlayerStorage else { return }
        let change = parent.willChangeHierarchy()
        detach(notify: false)
        runEventAction(kCAOnOrderOut)
        parent.runAction(forChange: change)
    }

    /// The default of `mask`: a presentation copy shows a presentation copy of the model's.
    var maskDefault: CALayer? {
        if let source = presentationSource { return source.maskStorage?.presentation(atMediaTime: presentationTime) }
        return maskStorage
    }

    /// The default of setting `mask`.
    func setMaskDefault(_ newValue: CALayer?) {
        guard !isPresentationCopy, newValue !== maskStorage else { return }
        if let m = newValue, m === self || wouldCreateCycle(adding: m) {
            Diagnostics.warn(
                "mask: \(m.diagnosticName) cannot mask \(diagnosticName) (it is the layer or one of its ancestors); refused"
            )
            return
        }
        let change = willChangeModel(LayerProperty.mask.key)
        if let old = maskStorage { old.maskOwner = nil }
        if let m = newValue { m.detach(notify: true) }
        maskStorage = newValue
        newValue?.maskOwner = self
        newValue?.noteJoinedTree()
        newValue?.redrawContentsIfFlipChanged()
        runAction(forChange: change)
    }

    // MARK: Internals

    /// Bookkeeping before the sublayers change (the "sublayers" action of the superlayer).
    func willChangeHierarchy() -> PendingChange? {
        willChangeModel(LayerProperty.sublayers.key)
    }

    /// Inserts without running actions; returns false when refused.
    @discardableResult
    func insert(_ layer: CALayer, at index: Int, change: PendingChange?) -> Bool {
        guard !isPresentationCopy else { return false }
        guard layer !== self, !wouldCreateCycle(adding: layer) else {
            Diagnostics.warn(
                "addSublayer: \(layer.diagnosticName) is \(diagnosticName) or one of its ancestors; refused (it would make a cycle)"
            )
            return false
        }
        let (height, drawn) = layer.subtreeHeightAndDrawing
        let depth = depthInTree + 1 + height
        guard depth <= CALayer.maximumTreeDepth else {
            Diagnostics.warn(
                "addSublayer: the tree would be \(depth) levels deep (the limit is \(CALayer.maximumTreeDepth)); refused"
            )
            return false
        }
        var index = index
        if layer.superlayerStorage === self, let old = sublayerStorage.firstIndex(where: { $0 === layer }) {
            sublayerStorage.remove(at: old)
            if old < index { index -= 1 }
        } else {
            layer.detach(notify: true)
        }
        if index > sublayerStorage.count {
            Diagnostics.warn(
                "insertSublayer(_:at: \(index)): past the end of \(sublayerStorage.count) sublayers; appending")
            index = sublayerStorage.count
        }
        sublayerStorage.insert(layer, at: max(index, 0))
        layer.superlayerStorage = self
        layer.noteJoinedTree()
        setNeedsLayout()
        // Only drawn contents can be the wrong way up (a tree being built has none yet: walking it
        // again was a third of inserting a built Lottie composition).
        if drawn { layer.redrawContentsIfFlipChanged() }
        return true
    }

    /// Takes the layer out of its superlayer or mask owner.
    func detach(notify: Bool) {
        if let owner = maskOwner {
            if notify { _ = owner.willChangeModel(LayerProperty.mask.key) }
            owner.maskStorage = nil
            maskOwner = nil
        }
        guard let parent = superlayerStorage else { return }
        if notify { _ = parent.willChangeHierarchy() }
        parent.sublayerStorage.removeAll { $0 === self }
        superlayerStorage = nil
        parent.setNeedsLayout()
    }

    /// The deepest a layer tree may be (deeper trees are refused on insertion, so recursive
    /// walks — layout, hit testing, flattening — stay within the stack).
    package static let maximumTreeDepth = EngineLimits.maximumTreeDepth

    /// How many ancestors the layer has.
    var depthInTree: Int {
        var n = 0
        var node = superlayerStorage ?? maskOwner
        while let x = node {
            n += 1
            node = x.superlayerStorage ?? x.maskOwner
        }
        return n
    }

    /// The number of levels below the layer (0 for a leaf), computed without recursion, and
    /// whether any layer of the subtree has drawn contents, in one walk.
    var subtreeHeightAndDrawing: (height: Int, drawn: Bool) {
        // A leaf (most layers inserted, as every one of a scene's decoded layers without
        // sublayers) needs no stack: making one was a quarter of inserting it.
        if sublayerStorage.isEmpty && maskStorage == nil { return (0, layerState.backing != nil) }
        var deepest = 0, drawn = false
        var stack: [(CALayer, Int)] = [(self, 0)]
        while let (layer, d) = stack.popLast() {
            deepest = max(deepest, d)
            drawn = drawn || layer.layerState.backing != nil
            if d > CALayer.maximumTreeDepth { break }
            for sub in layer.sublayerStorage { stack.append((sub, d + 1)) }
            if let m = layer.maskStorage { stack.append((m, d + 1)) }
        }
        return (deepest, drawn)
    }

    /// How many layers the tree holds: this layer, its sublayers and masks, and theirs.
    package var treeLayerCount: Int {
        var count = 0
        var stack: [CALayer] = [self]
        while let layer = stack.popLast() {
            count += 1
            stack.append(contentsOf: layer.sublayerStorage)
            if let m = layer.maskStorage { stack.append(m) }
        }
        return count
    }

    /// Lets go of the layer's sublayers and mask, and of theirs, in a tree that will not be
    /// shown or changed again: no change is recorded (no action, layout, display or
    /// transaction), and each layer goes away as soon as nothing else holds it. A one-frame
    /// render frees the model tree once its frame is flattened, before drawing it
    /// (`FrameDriver.releasesTreeOnceFlattened`): the render list holds all the frame draws.
    package func releaseSubtree() {
        var stack: [CALayer] = [self]
        while let layer = stack.popLast() {
            let sublayers = layer.sublayerStorage
            layer.sublayerStorage = []
            for sub in sublayers where sub.superlayerStorage === layer { sub.superlayerStorage = nil }
            stack.append(contentsOf: sublayers)
            if let mask = layer.maskStorage {
                layer.maskStorage = nil
                if mask.maskOwner === layer { mask.maskOwner = nil }
                stack.append(mask)
            }
        }
    }

    /// Whether making `layer` a child of this layer would make a cycle.
    func wouldCreateCycle(adding layer: CALayer) -> Bool {
        var node: CALayer? = self
        while let n = node {
            if n === layer { return true }
            node = n.superlayerStorage ?? n.maskOwner
        }
        return false
    }
}
