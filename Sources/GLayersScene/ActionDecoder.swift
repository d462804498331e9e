/// Decoding one action object. The key that names the action decides its kind:
///
///     { "increment": "selected" }              { "decrement": "selected", "by": 2 }
///     { "set": "selected", "value": 2 }        { "layer": "box", "set": { "opacity": 0.5 } }
///     { "layer": "box", "addAnimation": {…}, "forKey": "spin" }
///     { "layer": "box", "removeAnimation": "spin" }   { "layer": "box", "removeAllAnimations": true }
///     { "pause": "box" }  { "resume": "box" }  { "togglePause": "box" }
///     { "actions": […] }
///
/// Any of them may carry `"transaction": {…}`, which wraps that action in a transaction.
import Foundation
import GLayers
import GLayersJSON

extension DecodeContext {
    /// The kinds of action, by their naming key.
    static let actionKinds = [
        "increment", "decrement", "set", "addAnimation", "removeAnimation", "removeAllAnimations", "pause", "resume",
        "togglePause", "actions",
    ]

    func action(_ node: JSONValue, _ path: JSONPath, _ scope: BehaviourScope) -> SceneAction? {
        let what = "an action such as { \"increment\": \"selected\" } or { \"layer\": \"box\", \"set\": { … } }"
        guard let obj = object(node, path, what) else { return nil }
        let kinds = Self.actionKinds.filter(obj.has)
        guard kinds.count == 1, let kind = kinds.first, let (value, vpath) = obj.member(kind) else {
            let found = kinds.isEmpty ? "none" : kinds.joined(separator: ", ")
            checkKeys(
                obj, allowed: Set(Self.actionKinds + ["layer", "by", "value", "forKey", "transaction"]), in: "an action"
            )
            fail(
                "an action needs exactly one of: \(Self.actionKinds.joined(separator: ", ")) (found \(found))", node,
                path)
            return nil
        }
        let targetsLayer =
            ["addAnimation", "removeAnimation", "removeAllAnimations"].contains(kind)
            || (kind == "set" && value.members != nil)
        var allowed: Set<String> = [kind, "transaction"]
        switch kind {
        case "increment", "decrement": allowed.insert("by")
        case "set": allowed.insert(targetsLayer ? "layer" : "value")
        case "addAnimation": allowed.formUnion(["layer", "forKey"])
        default: if targetsLayer { allowed.insert("layer") }
        }
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
            guard let target = namedLayer(value, vpath, scope) else { return nil }
            return kind == "pause" ? .pause(target) : kind == "resume" ? .resume(target) : .togglePause(target)
        default:  // "actions"
            guard value.array != nil else {
                expected("a list of actions", value, vpath)
                return nil
            }
            return actionList(value, vpath, scope)
        }
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
