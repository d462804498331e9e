/// Decoding `bindings`: layer properties kept in step with the state.
///
///     { "layer": "selection", "keyPath": "position",
///       "follow": { "layer": "menu", "sublayer": "$selected", "keyPath": "position" } }
///     { "layer": "x", "keyPath": "opacity", "values": [1, 0.5, 0.2], "index": "$selected" }
///
/// Indices are checked against the state's bounds at load, so a binding can never pick a value
/// or sublayer that is not there.
import Foundation
import GLayers
import GLayersJSON

extension DecodeContext {
    func bindings(_ node: JSONValue, _ path: JSONPath, _ scope: BehaviourScope) -> [SceneBinding] {
        guard let items = node.array else {
            expected("a list of bindings", node, path)
            return []
        }
        return items.enumerated().compactMap { binding($0.element, path.index($0.offset), scope) }
    }

    private func binding(_ node: JSONValue, _ path: JSONPath, _ scope: BehaviourScope) -> SceneBinding? {
        let what = "a binding { \"layer\", \"keyPath\", and \"follow\" or \"values\" with \"index\" }"
        guard let obj = object(node, path, what) else { return nil }
        checkKeys(obj, allowed: ["layer", "keyPath", "follow", "values", "index"], in: "a binding")
        for required in ["layer", "keyPath"] where !obj.has(required) {
            fail("a binding needs \"\(required)\"", node, path)
            return nil
        }
        guard let (l, lp) = obj.member("layer"), let layer = namedLayer(l, lp, scope),
            let (k, kp) = obj.member("keyPath"), let rawKeyPath = string(k, kp)
        else { return nil }
        let keyPath = canonicalKeyPath(rawKeyPath)
        guard let type = keyPathType(keyPath, on: layer, k, kp) else { return nil }
        switch (obj.member("follow"), obj.member("values")) {
        case (let f?, nil):
            if let (i, ip) = obj.member("index") {
                fail("\"index\" belongs with \"values\"; a follow binding picks with \"sublayer\"", i, ip)
            }
            return follow(f.value, f.path, layer: layer, keyPath: keyPath, type: type, scope)
        case (nil, let v?):
            guard let (i, ip) = obj.member("index") else {
                fail("a \"values\" binding needs \"index\" (an integer or \"$state\")", node, path)
                return nil
            }
            guard let index = intSource(i, ip, scope), let items = v.value.array else {
                if v.value.array == nil { expected("a list of values", v.value, v.path) }
                return nil
            }
            let decoded = items.enumerated().compactMap { value($0.element, v.path.index($0.offset), as: type) }
            guard decoded.count == items.count, checkIndexRange(index, count: items.count, "values", i, ip, scope)
            else { return nil }
            return SceneBinding(layer: layer, keyPath: keyPath, source: .values(decoded, index: index))
        default:
            fail("a binding needs either \"follow\" or \"values\"", node, path)
            return nil
        }
    }

    private func follow(
        _ node: JSONValue, _ path: JSONPath, layer: CALayer, keyPath: String, type: PropertyType,
        _ scope: BehaviourScope
    ) -> SceneBinding? {
        guard let obj = object(node, path, "{ \"layer\": name, \"sublayer\": index, \"keyPath\": path }") else {
            return nil
        }
        checkKeys(obj, allowed: ["layer", "sublayer", "keyPath"], in: "a follow binding")
        guard let (l, lp) = obj.member("layer") else {
            fail("\"follow\" needs \"layer\" (a layer name)", node, path)
            return nil
        }
        guard let source = namedLayer(l, lp, scope) else { return nil }
        var sourceKeyPath = keyPath
        if let (k, kp) = obj.member("keyPath") {
            guard let s = string(k, kp) else { return nil }
            sourceKeyPath = canonicalKeyPath(s)
        }
        var sublayer: IntSource?
        if let (s, sp) = obj.member("sublayer") {
            guard let index = intSource(s, sp, scope) else { return nil }
            let subs = source.sublayers ?? []
            guard checkIndexRange(index, count: subs.count, "sublayers of \"\(source.name ?? "")\"", s, sp, scope)
            else { return nil }
            sublayer = index
        }
        let probe = sublayer == nil ? source : (source.sublayers?.first ?? source)
        let (where_, wherePath) = obj.member("keyPath") ?? (node, path)
        guard let sourceType = keyPathType(sourceKeyPath, on: probe, where_, wherePath) else { return nil }
        guard sourceType == type else {
            fail(
                "\"\(sourceKeyPath)\" holds \(describe(sourceType)) but \"\(keyPath)\" needs \(describe(type))", where_,
                wherePath)
            return nil
        }
        return SceneBinding(
            layer: layer, keyPath: keyPath, source: .follow(layer: source, sublayer: sublayer, keyPath: sourceKeyPath))
    }

    /// Checks that every value `index` can take is in 0..<count (`"$clickedIndex"`, which
    /// only click actions can use, is checked when it is known).
    func checkIndexRange(
        _ index: IntSource, count: Int, _ what: String, _ node: JSONValue, _ path: JSONPath, _ scope: BehaviourScope
    ) -> Bool {
        switch index {
        case .literal(let i):
            guard (0..<count).contains(i) else {
                fail("index \(i) is out of range: there are \(count) \(what)", node, path)
                return false
            }
        case .state(let name):
            guard let s = scope.states[name], let lo = s.min, let hi = s.max else {
                fail("state \"\(name)\" picks one of \(count) \(what), so it needs \"min\" and \"max\"", node, path)
                return false
            }
            guard lo >= 0, hi < count else {
                fail(
                    "state \"\(name)\" ranges over \(lo)…\(hi) but there are \(count) \(what) (indices 0…\(count - 1))",
                    node, path)
                return false
            }
        case .clickedIndex:
            guard scope.inClick else {
                fail("bindings cannot use \"$clickedIndex\"", node, path)
                return false
            }
        }
        return true
    }
}
