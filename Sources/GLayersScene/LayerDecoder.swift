/// Decoding layer objects into layers.
///
/// A layer object names its `class` (CALayer by default) and then any property the class
/// declares (`CALayer.declaredKeys`), by Core Animation's KVC name or Swift's `is…` spelling.
/// Properties are set in file order, except `frame`, which is set last so that it works as
/// Apple's frame setter does (from the bounds, position, anchor point and transform already
/// set). A class's scene keys come next (what a scene gives where an app runs code: a tiled
/// layer's image, a Lottie layer's file and playback). Then come the parts that are not plain
/// values, in this order: `filters`,
/// `backgroundFilters`, `emitterCells`, `sublayers`, `mask`, `constraints`, `layoutManager`,
/// `actions` and `animations` (last, so their key paths can name the layer's filters and cells).
import Foundation
import GLayers
import GLayersJSON
import GLayersLottie

/// Layers by name, as decoded (behaviours refer to layers by name).
final class LayerIndex {
    private(set) var byName: [String: [(layer: CALayer, path: JSONPath)]] = [:]

    func add(_ layer: CALayer, named name: String, at path: JSONPath) {
        byName[name, default: []].append((layer, path))
    }
}

extension DecodeContext {
    /// The key of a `CATiledLayer`'s image, drawn over its bounds in every tile (scenes cannot
    /// run drawing code; docs/scene-format.md#tiled-layers).
    static let tiledImageKey = SceneKey(
        "tiledImage", .type(["string", "null"]),
        "An image file (PNG or JPEG) relative to the scene file, drawn over the bounds tile by tile at each level "
            + "(glayers; scenes cannot run draw(in:)).")

    /// Keys of layer objects that are not plain property values.
    static let structuralLayerKeys = [
        "class", "filters", "backgroundFilters", "sublayers", "mask", "constraints", "layoutManager", "actions",
        "animations", "emitterCells",
    ]

    /// The layer described by `node`; nil when it cannot be made (reported).
    ///
    /// The document stays alive beside the layers made from it until the end: its values are
    /// one array (`JSONTape`), a third of the size of the tree of values the decoder once freed
    /// layer by layer as it went.
    func layer(_ node: JSONValue, _ path: JSONPath, isRoot: Bool, index: LayerIndex) -> CALayer? {
        layerCount += 1
        guard layerCount <= maximumLayerCount else {
            if layerCount == maximumLayerCount + 1 {
                fail("the scene has more than \(maximumLayerCount) layers (the limit)", node, path)
            }
            return nil
        }
        guard let members = node.members else {
            expected("a layer object", node, path)
            return nil
        }
        let obj = ObjectNode(node: node, path: path, members: members)
        var className = "CALayer"
        if let (c, cp) = obj.member("class") {
            guard let n = name(c, cp, among: SceneClasses.layers.map(\.0), what: "layer class") else { return nil }
            className = n
        }
        guard let layer = SceneClasses.makeLayer(named: className) else { return nil }
        if isRoot { layer.frame = CGRect(origin: .zero, size: rootSize) }
        let keys = layerKeys(of: type(of: layer))
        // What the object holds besides plain values: most layer objects of a big scene hold
        // nothing else, and need no key check, no alias check and no look-up of each part.
        // Each member's plain key is kept for the loop that sets them (looking each key up
        // twice hashed every key of every layer twice: a twentieth of decoding).
        var hasUnknown = false, hasAlias = false, hasParts = false
        return withUnsafeTemporaryAllocation(of: PlainKey?.self, capacity: obj.members.count) { plainKeys in
            for (i, m) in obj.members.enumerated() {
                let plain = keys.recent.lookUp(m.key, in: keys.plain)
                plainKeys.initializeElement(at: i, to: plain)
                if let plain {
                    if plain.isAlias { hasAlias = true }
                } else if keys.allowed.contains(m.key) {
                    hasParts = true
                } else {
                    hasUnknown = true
                }
            }
            defer { plainKeys.deinitialize() }
            return finishLayer(
                layer, obj, path, className: className, keys: keys, plainKeys: UnsafeBufferPointer(plainKeys),
                hasUnknown: hasUnknown, hasAlias: hasAlias, hasParts: hasParts, isRoot: isRoot, index: index)
        }
    }

    /// The rest of `layer(_:_:isRoot:index:)`, with each member's plain key (nil: not plain).
    private func finishLayer(
        _ layer: CALayer, _ obj: ObjectNode, _ path: JSONPath, className: String, keys: LayerKeys,
        plainKeys: UnsafeBufferPointer<PlainKey?>, hasUnknown: Bool, hasAlias: Bool, hasParts: Bool,
        isRoot: Bool, index: LayerIndex
    ) -> CALayer {
        if hasUnknown {
            checkKeys(obj, allowed: keys.allowed, in: className) { key in
                if let owner = SceneClasses.layerClassWithSceneKey(key), owner != type(of: layer) {
                    return "it is a \(owner) key (set \"class\": \"\(owner)\")"
                }
                return SceneClasses.layerClassDeclaring(key).flatMap { owner in
                    owner == type(of: layer) ? nil : "it is a \(owner) property (set \"class\": \"\(owner)\")"
                }
            }
        }
        if hasAlias { checkAliases(obj, keys.aliasPairs) }
        var frame: (JSONMember, PlainKey)?
        for (m, plain) in zip(obj.members, plainKeys) {
            guard let plain else { continue }
            if plain.isFrame {
                frame = (m, plain)
            } else {
                setProperty(layer, m, plain, obj.path, isRoot: isRoot)
            }
        }
        if let (m, plain) = frame { setProperty(layer, m, plain, obj.path, isRoot: isRoot) }
        if let tiled = layer as? CATiledLayer { checkTiledSettings(tiled, obj) }
        if let player = layer as? LottieLayer { lottie(player, obj) }
        if let name = layer.name { index.add(layer, named: name, at: path) }
        if hasParts { decodeParts(layer, obj, index: index) }
        if isRoot {
            anchorEmitters()
            startLottiePlayers()
        }
        return layer
    }

    private func setProperty(_ layer: CALayer, _ m: JSONMember, _ plain: PlainKey, _ owner: JSONPath, isRoot: Bool) {
        let key = plain.canonical
        let path = owner.key(m.key)
        if isRoot && ["bounds", "position", "frame"].contains(key) {
            log.report(
                "the root layer follows the window; set the scene's \"size\" instead of \"\(m.key)\"",
                at: m.keyPosition, path)
            return
        }
        switch plain.type {
        case .failure(let problem):
            let message = problem.message
            fail(message, m.value, path)
        case .success(let t):
            let problems: [String]
            switch (t, plain.typedEntry) {
            // Numbers, rectangles and colours (most values of a big scene) go to their entry as
            // the decoder made them, without a box in `Any` (null takes the general way).
            case (.number(let angle), let entry?) where !m.value.isNull:
                guard let n = number(m.value, path, angle: angle) else { return }
                problems = LayerValues.set(typed: n, on: layer, entry: entry)
            case (.rect, let entry?) where !m.value.isNull:
                guard let r = rect(m.value, path) else { return }
                problems = LayerValues.set(typed: r, on: layer, entry: entry)
            case (.color, let entry?) where !m.value.isNull:
                guard let c = color(m.value, path) else { return }
                problems = LayerValues.set(typed: c, on: layer, entry: entry)
            default:
                guard let v = value(m.value, path, as: t) else { return }
                problems = LayerValues.set(v, on: layer, keyPath: key, entry: plain.entry)
            }
            for problem in problems { fail(problem, m.value, path) }
        }
    }

    /// Refuses the tiled layer settings drawing would clamp (docs/scene-format.md#tiled-layers),
    /// where the file sets them; levels are whole numbers.
    private func checkTiledSettings(_ layer: CATiledLayer, _ obj: ObjectNode) {
        var fractional: Set<String> = []
        for key in ["levelsOfDetail", "levelsOfDetailBias"] {
            if let (v, p) = obj.member(key), v.number != nil, integer(v, p) == nil { fractional.insert(key) }
        }
        for problem in layer.unusableSettings() where !fractional.contains(problem.key) {
            guard let (v, p) = obj.member(problem.key) else { continue }
            fail(problem.message, v, p)
        }
    }

    // MARK: Parts that are not plain values

    private func decodeParts(_ layer: CALayer, _ obj: ObjectNode, index: LayerIndex) {
        if let tiled = layer as? CATiledLayer, let (v, p) = obj.member(Self.tiledImageKey.key) {
            tiledImage(v, p, of: tiled)
        }
        if let (v, p) = obj.member("filters"), let f = filters(v, p) { layer.filters = f }
        if let (v, p) = obj.member("backgroundFilters"), let f = filters(v, p) { layer.backgroundFilters = f }
        if let (v, p) = obj.member("emitterCells") { emitterCells(v, p, of: layer) }
        if let (v, p) = obj.member("sublayers") { sublayers(v, p, of: layer, index: index) }
        if let (v, p) = obj.member("mask"), let mask = self.layer(v, p, isRoot: false, index: index) {
            layer.mask = mask
        }
        if let (v, p) = obj.member("constraints"), let c = constraints(v, p) { layer.constraints = c }
        layoutManager(layer, obj)
        if let (v, p) = obj.member("actions") { actions(v, p, of: layer) }
        if let (v, p) = obj.member("animations") { animations(v, p, of: layer) }
    }

    /// The layers of `node`, a list of layer objects.
    private func sublayers(_ node: JSONValue, _ path: JSONPath, of layer: CALayer, index: LayerIndex) {
        guard node.isArray else { return expected("a list of layers", node, path) }
        var children: [CALayer] = []
        // The layer objects with constraints, which `checkConstraintSources` reads once their
        // siblings are made.
        var constrained: [(index: Int, item: JSONValue)] = []
        // Settled once: each element's path then shares its steps (settling it for each element
        // copied them into an array of its own, and each layer settles its own path again).
        let listPath = path.settled
        for (i, item) in node.elements.enumerated() {
            guard !log.isFull else { return }
            if item["constraints"] != nil { constrained.append((i, item)) }
            if let child = self.layer(item, listPath.index(i), isRoot: false, index: index) {
                children.append(child)
            }
        }
        // A layer without sublayers takes them all in one change of its sublayers rather than
        // one per child (no action runs either way: the tree is not live while it loads).
        if layer.sublayers == nil, !children.isEmpty {
            layer.sublayers = children
        } else {
            for child in children { layer.addSublayer(child) }
        }
        checkConstraintSources(constrained, path, siblings: Set(children.compactMap(\.name)))
    }

    /// `tiledImage: "PATH"`: the image a tiled layer draws over its bounds, tile by tile.
    private func tiledImage(_ node: JSONValue, _ path: JSONPath, of layer: CATiledLayer) {
        if node.isNull { return }
        guard let s = string(node, path) else { return }
        layer.tiledImage = image(s, node, path)
    }

    /// `layoutManager: "constraints"` sets a constraint layout manager; without the key, one is
    /// implied when a sublayer has constraints.
    private func layoutManager(_ layer: CALayer, _ obj: ObjectNode) {
        let constrained = layer.sublayers?.contains { $0.constraints != nil } ?? false
        guard let (v, p) = obj.member("layoutManager") else {
            if constrained { layer.layoutManager = CAConstraintLayoutManager() }
            return
        }
        if v.isNull {
            if constrained { fail("sublayers have constraints, so the layout manager cannot be null", v, p) }
            return
        }
        guard name(v, p, among: ["constraints"], what: "layout manager") != nil else { return }
        layer.layoutManager = CAConstraintLayoutManager()
    }

    private func actions(_ node: JSONValue, _ path: JSONPath, of layer: CALayer) {
        guard let map = object(node, path, "a map of action keys to animations (or null)") else { return }
        let events = ["onOrderIn", "onOrderOut", "transition"]
        let valid = Set(type(of: layer).declaredKeys + events)
        var actions: [String: CAAction] = [:]
        for m in map.members {
            let p = path.key(m.key)
            guard valid.contains(m.key) else {
                let hint = Suggestions.closest(to: m.key, among: valid).map { "; did you mean \"\($0)\"?" } ?? ""
                log.report(
                    "unknown action key \"\(m.key)\" (a property name or \(events.joined(separator: ", ")))\(hint)",
                    at: m.keyPosition, p)
                continue
            }
            if m.value.isNull {
                actions[m.key] = NSNull()
            } else if let a = animation(m.value, p, target: AnimationTarget(layer: layer, key: m.key, isAction: true)) {
                actions[m.key] = SceneAnimationAction.wrapping(a)
            }
        }
        layer.actions = actions
    }

    private func animations(_ node: JSONValue, _ path: JSONPath, of layer: CALayer) {
        guard let map = object(node, path, "a map of animation keys to animations") else { return }
        for m in map.members {
            let p = path.key(m.key)
            guard let a = animation(m.value, p, target: AnimationTarget(layer: layer, key: m.key, isAction: false))
            else {
                continue
            }
            let warnings = SceneAnimationAction.add(a, to: layer, forKey: m.key)
            for w in warnings { fail(w, m.value, p) }
        }
    }
}
