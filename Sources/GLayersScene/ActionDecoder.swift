/// Decoding one action object. The key that names the action decides its kind:
///
///     { "increment": "selected" }              { "decrement": "selected", "by": 2 }
///     { "set": "selected", "value": 2 }        { "layer": "box", "set": { "opacity": 0.5 } }
///     { "layer": "box", "addAnimation": {…}, "forKey": "spin" }
///     { "layer": "box", "removeAnimation": "spin" }   { "layer": "box", "removeAllAnimations": true }
///     { "pause": "box" }  { "resume": "box" }  { "togglePause": "box" }
///     { "play": "icon", "fromProgress": 0, "toProgress": 1, "loopMode": "loop" }
///     { "scrub": "icon", "progress": 0.5 }   { "scrub": "icon", "by": -0.1 }
///     { "actions": […] }
///
/// The playback actions (`pause`, `resume`, `togglePause`, `play`, `scrub`) may name a sublayer
/// of the layer, picked when the action runs: `{ "play": "icons", "sublayer": "$selected" }`.
/// Any action may carry `"transaction": {…}`, which wraps that action in a transaction.
import Foundation
import GLayers
import GLayersJSON
import GLayersLottie

extension DecodeContext {
    /// The kinds of action, by their naming key.
    static let actionKinds = [
        "increment", "decrement", "set", "addAnimation", "removeAnimation", "removeAllAnimations", "pause", "resume",
        "togglePause", "play", "scrub", "actions",
    ]

    /// The keys an action of each kind may hold besides its kind and `transaction`.
    static let actionOptions: [String: [String]] = [
        "increment": ["by"], "decrement": ["by"], "addAnimation": ["layer", "forKey"],
        "removeAnimation": ["layer"], "removeAllAnimations": ["layer"], "pause": ["sublayer"], "resume": ["sublayer"],
        "togglePause": ["sublayer"], "play": ["sublayer", "fromProgress", "toProgress", "loopMode"],
        "scrub": ["sublayer", "progress", "by"],
    ]

    func action(_ node: JSONValue, _ path: JSONPath, _ scope: BehaviourScope) -> SceneAction? {
        let what = "an action such as { \"increment\": \"selected\" } or { \"layer\": \"box\", \"set\": { … } }"
        guard let obj = object(node, path, what) else { return nil }
        let kinds = Self.actionKinds.filter(obj.has)
        guard kinds.count == 1, let kind = kinds.first, let (value, vpath) = obj.member(kind) else {
            let found = kinds.isEmpty ? "none" : kinds.joined(separator: ", ")
            let options = Self.actionOptions.values.joined() + ["layer", "value", "transaction"]
            checkKeys(obj, allowed: Set(Self.actionKinds + options), in: "an action")
            fail(
                "an action needs exactly one of: \(Self.actionKinds.joined(separator: ", ")) (found \(found))", node,
                path)
            return nil
        }
        let targetsLayer =
            ["addAnimation", "removeAnimation", "removeAllAnimations"].contains(kind)
            || (kind == "set" && value.members != nil)
        var allowed = Set([kind, "transaction"] + (Self.actionOptions[kind] ?? []))
        if kind == "set" { allowed.insert(targetsLayer ? "layer" : "value") }
        checkKeys(obj, allowed: allowed, in: "a \"\(kind)\" action")
        var layer: CALayer?
        if targetsLayer {
            guard let (l, lp) = obj.member("layer") else {
                fail("a \"\(kind)\" action needs \"layer\" (a layer name)", node, path)
                return nil
            }
            guard let found = namedLayer(l, lp, scope) else { return nil }
            layer = found
        }
        guard let action = actionBody(kind, value, vpath, obj, layer, scope) else { return nil }
        guard let (t, tp) = obj.member("transaction") else { return action }
        guard let spec = transactionSpec(t, tp) else { return nil }
        return .group(spec, [action])
    }

    private func actionBody(
        _ kind: String, _ value: JSONValue, _ vpath: JSONPath, _ obj: ObjectNode, _ layer: CALayer?,
        _ scope: BehaviourScope
    ) -> SceneAction? {
        switch kind {
        case "increment", "decrement":
            guard let state = stateName(value, vpath, scope) else { return nil }
            var by = 1
            if let (b, bp) = obj.member("by") {
                guard let n = integer(b, bp) else { return nil }
                by = n
            }
            return .add(state: state, by: kind == "increment" ? by : -by)
        case "set":
            if let layer { return setProperties(value, vpath, on: layer) }
            guard let state = stateName(value, vpath, scope) else { return nil }
            guard let (v, vp) = obj.member("value") else {
                fail("setting a state variable needs \"value\" (an integer or \"$state\")", obj.node, obj.path)
                return nil
            }
            return intSource(v, vp, scope).map { .setState(state, $0) }
        case "addAnimation":
            guard let layer else { return nil }
            var key: String?
            if let (k, kp) = obj.member("forKey") {
                guard let s = string(k, kp) else { return nil }
                key = s
            }
            let target = AnimationTarget(layer: layer, key: key, isAction: false)
            return animation(value, vpath, target: target).map { .addAnimation(layer, $0, key: key) }
        case "removeAnimation":
            guard let layer, let key = string(value, vpath) else { return nil }
            return .removeAnimation(layer, key: key)
        case "removeAllAnimations":
            guard let layer else { return nil }
            guard value.bool == true else {
                expected("true", value, vpath)
                return nil
            }
            return .removeAllAnimations(layer)
        case "pause", "resume", "togglePause":
            guard let target = layerTarget(obj, value, vpath, scope, lottieFor: nil) else { return nil }
            return kind == "pause" ? .pause(target) : kind == "resume" ? .resume(target) : .togglePause(target)
        case "play": return lottiePlay(obj, value, vpath, scope)
        case "scrub": return lottieScrub(obj, value, vpath, scope)
        default:  // "actions"
            guard value.array != nil else {
                expected("a list of actions", value, vpath)
                return nil
            }
            return actionList(value, vpath, scope)
        }
    }

    /// The layer a playback action names, with the sublayer it picks (`"sublayer"`: an
    /// integer, `"$state"` or in clicks `"$clickedIndex"`); `lottieFor` names an action that
    /// needs Lottie layers, which every layer it may pick must be.
    func layerTarget(
        _ obj: ObjectNode, _ value: JSONValue, _ vpath: JSONPath, _ scope: BehaviourScope, lottieFor kind: String?
    ) -> LayerTarget? {
        guard let layer = namedLayer(value, vpath, scope) else { return nil }
        guard let (s, sp) = obj.member("sublayer") else {
            if let kind, !(layer is LottieLayer) {
                fail(
                    "\"\(layer.name ?? "")\" is a \(type(of: layer)); a \"\(kind)\" action needs a LottieLayer", value,
                    vpath)
                return nil
            }
            return LayerTarget(layer: layer, sublayer: nil)
        }
        let subs = layer.sublayers ?? []
        guard let index = intSource(s, sp, scope),
            checkIndexRange(index, count: subs.count, "sublayers of \"\(layer.name ?? "")\"", s, sp, scope)
        else { return nil }
        if let kind, let other = subs.first(where: { !($0 is LottieLayer) }) {
            fail(
                "\"\(layer.name ?? "")\" has a sublayer that is a \(type(of: other)); a \"\(kind)\" action needs LottieLayers",
                s, sp)
            return nil
        }
        return LayerTarget(layer: layer, sublayer: index)
    }

    /// `{ "keyPath": value, … }` for a `set` action on `layer`.
    private func setProperties(_ node: JSONValue, _ path: JSONPath, on layer: CALayer) -> SceneAction? {
        guard let map = node.members else { return nil }
        var changes: [(keyPath: String, value: Any?)] = []
        var ok = true
        for m in map {
            let p = path.key(m.key)
            let keyPath = canonicalKeyPath(m.key)
            guard let type = keyPathType(keyPath, on: layer, m.value, p), let v = value(m.value, p, as: type) else {
                ok = false
                continue
            }
            changes.append((keyPath, v))
        }
        return ok ? .setProperties(layer, changes) : nil
    }

    /// `keyPath` with its first component's alias resolved (`isHidden` → `hidden`).
    func canonicalKeyPath(_ keyPath: String) -> String {
        let parts = keyPath.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let head = PropertyTypes.canonical(parts[0])
        return parts.count > 1 ? head + "." + parts[1] : head
    }
}
