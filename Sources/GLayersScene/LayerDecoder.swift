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

    /// `PropertyTypes.type(of:on:)`, found once per class and key and decode (a scene sets the
    /// same few keys on many layers: it was a fifth of decoding 100 000 layers).
    func propertyType(of key: String, on layerClass: CALayer.Type) -> Result<PropertyType, KeyProblem> {
        let id = PropertyTypeKey(layerClass: ObjectIdentifier(layerClass), key: key)
        if let known = propertyTypes[id] { return known }
        let found = PropertyTypes.type(of: key, on: layerClass)
        propertyTypes[id] = found
        return found
    }

    /// A plain key of a layer class: its canonical name (aliases resolved), its type, and the
    /// entry that sets it.
    ///
    /// - A class, so that looking one up for each member of each layer object copies one
    ///   reference, not a string, a result and an entry.
    final class PlainKey {
        let canonical: String
        let type: Result<PropertyType, KeyProblem>
        let entry: LayerProperty?
        /// Whether the key is an alias of `canonical` (`checkAliases` then has pairs to check).
        let isAlias: Bool
        /// Whether it is `frame`, which is set after the others.
        let isFrame: Bool
        /// The entry, when `LayerValues.set` sets the key through it (not one of the keys it sets
        /// by their Swift accessors): a typed value may go to it without a box.
        let typedEntry: LayerProperty?

        init(key: String, canonical: String, type: Result<PropertyType, KeyProblem>, entry: LayerProperty?) {
            self.canonical = canonical
            self.type = type
            self.entry = entry
            isAlias = key != canonical
            isFrame = canonical == "frame"
            typedEntry = LayerValues.accessorKeys.contains(canonical) ? nil : entry
        }
    }

    /// What a layer object of one class may hold.
    struct LayerKeys {
        /// Its declared keys, their aliases, the structural keys and the class's scene keys
        /// (`SceneClasses.sceneKeys(of:)`).
        let allowed: Set<String>
        /// The allowed keys that are plain property values (not structural, not scene keys),
        /// each with its canonical name and type: one lookup per member of a layer object.
        let plain: [String: PlainKey]
        /// The alias pairs of its declared keys (`checkAliases`).
        let aliasPairs: [(String, String)]
    }

    /// The keys of `layerClass`, made once per class and decode (a scene of 100 000 layers made
    /// each layer's lists afresh).
    func layerKeys(of layerClass: CALayer.Type) -> LayerKeys {
        let id = ObjectIdentifier(layerClass)
        if let known = layerKeysByClass[id] { return known }
        let declared = layerClass.properties.declaredKeySet
        let aliases = PropertyTypes.aliases.filter { declared.contains($0.value) }
        let sceneKeys = SceneClasses.sceneKeys(of: layerClass)
        let allowed = declared.union(aliases.map(\.key) + Self.structuralLayerKeys + sceneKeys)
        var plain: [String: PlainKey] = [:]
        for key in allowed.subtracting(Self.structuralLayerKeys + sceneKeys) {
            let canonical = PropertyTypes.canonical(key)
            plain[key] = PlainKey(
                key: key, canonical: canonical, type: propertyType(of: canonical, on: layerClass),
                entry: layerClass.properties[canonical])
        }
        let keys = LayerKeys(allowed: allowed, plain: plain, aliasPairs: aliases.map { ($0.value, $0.key) })
        layerKeysByClass[id] = keys
        return keys
    }

    /// The layer described by `node`; nil when it cannot be made (reported).
    func layer(_ node: JSONValue, _ path: JSONPath, isRoot: Bool, index: LayerIndex) -> CALayer? {
        layerCount += 1
        guard layerCount <= maximumLayerCount else {
            if layerCount == maximumLayerCount + 1 {
                fail("the scene has more than \(maximumLayerCount) layers (the limit)", node, path)
            }
            return nil
        }
        guard let obj = object(node, path, "a layer object") else { return nil }
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
                let plain = keys.plain[m.key]
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
        plainKeys: UnsafeBufferPointer<PlainKey?>, hasUnknown: Bool, hasAlias: Bool, hasParts: Bool, isRoot: Bool,
        index: LayerIndex
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

    private func sublayers(_ node: JSONValue, _ path: JSONPath, of layer: CALayer, index: LayerIndex) {
        guard let items = node.array else { return expected("a list of layers", node, path) }
        var children: [CALayer] = []
        for (i, item) in items.enumerated() {
            guard !log.isFull else { return }
            if let child = self.layer(item, path.index(i), isRoot: false, index: index) { children.append(child) }
        }
        // A layer without sublayers takes them all in one change of its sublayers rather than
        // one per child (no action runs either way: the tree is not live while it loads).
        if layer.sublayers == nil, !children.isEmpty {
            layer.sublayers = children
        } else {
            for child in children { layer.addSublayer(child) }
        }
        checkConstraintSources(items, path, siblings: Set(children.compactMap(\.name)))
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

/// Setting decoded values on layers (at load, and for `set` actions and bindings at run time).
enum LayerValues {
    /// Sets `value` at `keyPath`; returns what the engine refused or warned about.
    ///
    /// - `entry`: the layer class's entry for `keyPath`, when the caller has it (the decoder,
    ///   for every plain key of every layer): the keys the switch below does not take are set
    ///   through it, as `strictSetValue` would, without looking the key up again.
    /// The keys `set(_:on:keyPath:entry:)` sets through their Swift accessors, not their entries.
    static let accessorKeys: Set<String> = [
        "name", "beginTime", "duration", "repeatDuration", "repeatCount", "speed", "timeOffset",
    ]

    /// Sets `value`, held typed, through `entry` (a key not in `accessorKeys`), as
    /// `set(_:on:keyPath:entry:)` sets it boxed; returns what the engine refused or warned about.
    static func set<T>(typed value: T, on layer: CALayer, entry: LayerProperty) -> [String] {
        let (refusal, warnings) = Diagnostics.capture { () -> String? in
            do {
                try entry.setValue(typed: value, on: layer)
                return nil
            } catch {
                return "\(error)"
            }
        }
        guard let refusal else { return warnings }
        return [refusal] + warnings
    }

    @discardableResult
    static func set(_ value: Any?, on layer: CALayer, keyPath: String, entry: LayerProperty? = nil) -> [String] {
        switch keyPath {
        case "name": layer.name = value as? String
        case "beginTime": layer.beginTime = Double(value as? CGFloat ?? 0)
        case "duration": layer.duration = value as? Double ?? .infinity
        case "repeatDuration": layer.repeatDuration = value as? Double ?? 0
        case "repeatCount": layer.repeatCount = value as? Float ?? 0
        case "speed": layer.speed = Float(value as? CGFloat ?? 1)
        case "timeOffset": layer.timeOffset = Double(value as? CGFloat ?? 0)
        default:
            // The refusal is the closure's result, not a variable it appends to: a captured
            // variable is a box on the heap, made and freed for every value a scene sets.
            let (refusal, warnings) = Diagnostics.capture { () -> String? in
                do {
                    if let entry {
                        try entry.setValue(value, on: layer)
                    } else {
                        try layer.strictSetValue(value, forKeyPath: keyPath)
                    }
                    return nil
                } catch {
                    return "\(error)"
                }
            }
            guard let refusal else { return warnings }
            return [refusal] + warnings
        }
        return []
    }
}
