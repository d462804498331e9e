/// Decoding the behaviour parts of a scene: `state`, `transaction`, `keys`, `clicks` and the
/// actions they run. Layers are referred to by `name` (a name used by two layers cannot be
/// referred to); state variables by name, or as `"$name"` where an integer is expected.
import Foundation
import GLayers
import GLayersJSON

/// What behaviour decoding needs: the layers by name and the state variables.
struct BehaviourScope {
    let index: LayerIndex
    var states: [String: StateVariable] = [:]
    /// Whether `"$clickedIndex"` is available (in click actions).
    var inClick = false
}

extension DecodeContext {
    // MARK: State

    func stateVariables(_ node: JSONValue, _ path: JSONPath) -> [StateVariable] {
        guard let map = object(node, path, "a map of state variable names to { \"initial\", \"min\", \"max\" }") else {
            return []
        }
        var out: [StateVariable] = []
        for m in map.members {
            let p = path.key(m.key)
            guard Self.isIdentifier(m.key), m.key != "clickedIndex" else {
                log.report(
                    "\"\(m.key)\" cannot name a state variable (use letters, digits and _, not starting with a digit; \"clickedIndex\" is reserved)",
                    at: m.keyPosition, p)
                continue
            }
            if m.value.number != nil {
                guard let v = integer(m.value, p) else { continue }
                out.append(StateVariable(name: m.key, initial: v, min: nil, max: nil, wrap: false))
                continue
            }
            guard
                let obj = object(
                    m.value, p, "a state variable { \"initial\": 0, \"min\": 0, \"max\": 4 } or an integer")
            else { continue }
            checkKeys(obj, allowed: ["initial", "min", "max", "wrap"], in: "a state variable")
            func int(_ key: String) -> Int? { obj.member(key).flatMap { integer($0.value, $0.path) } }
            let lo = int("min"), hi = int("max"), initial = int("initial") ?? lo ?? 0
            let wrap = obj.member("wrap").flatMap { bool($0.value, $0.path) } ?? false
            if let lo, let hi, lo > hi, let (v, vp) = obj.member("max") {
                fail("max (\(hi)) is less than min (\(lo))", v, vp)
            }
            if wrap && (lo == nil || hi == nil), let (v, vp) = obj.member("wrap") {
                fail("wrap needs both min and max", v, vp)
            }
            let variable = StateVariable(name: m.key, initial: initial, min: lo, max: hi, wrap: wrap)
            if variable.bounded(initial) != initial, let (v, vp) = obj.member("initial") {
                fail("initial (\(initial)) is outside min…max", v, vp)
            }
            out.append(variable)
        }
        return out
    }

    /// Whether `name` is a letter or _ followed by letters, digits and _.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
    }

    // MARK: Transactions

    func transactionSpec(_ node: JSONValue, _ path: JSONPath) -> TransactionSpec? {
        let what = "transaction settings { \"animationDuration\", \"disableActions\", \"timingFunction\" }"
        guard let obj = object(node, path, what) else { return nil }
        checkKeys(
            obj, allowed: ["animationDuration", "disableActions", "timingFunction", "animationTimingFunction"],
            in: "a transaction")
        checkAliases(obj, [("timingFunction", "animationTimingFunction")])
        var spec = TransactionSpec()
        if let (v, p) = obj.member("animationDuration") { spec.animationDuration = duration(v, p) }
        if let (v, p) = obj.member("disableActions") { spec.disableActions = bool(v, p) }
        for key in ["timingFunction", "animationTimingFunction"] {
            if let (v, p) = obj.member(key) { spec.timingFunction = timingFunction(v, p) }
        }
        return spec
    }

    // MARK: Keys and clicks

    func keyBindings(_ node: JSONValue, _ path: JSONPath, _ scope: BehaviourScope) -> [String: SceneAction] {
        guard let map = object(node, path, "a map of X11 key names (\"Down\", \"Return\", \"a\") to actions") else {
            return [:]
        }
        var out: [String: SceneAction] = [:]
        for m in map.members {
            let p = path.key(m.key)
            guard KeySyms.isKnown(m.key) else {
                let hint = Suggestions.closest(to: m.key, among: KeySyms.all).map { "did you mean \"\($0)\"? " } ?? ""
                log.report(
                    "\"\(m.key)\" is not an X11 keysym name; \(hint)(names are case-sensitive: \"Down\", \"Return\", \"space\", \"a\")",
                    at: m.keyPosition, p)
                continue
            }
            if let a = actionList(m.value, p, scope) { out[m.key] = a }
        }
        return out
    }

    func clickBindings(_ node: JSONValue, _ path: JSONPath, _ scope: BehaviourScope) -> [(
        layer: CALayer, action: SceneAction
    )] {
        guard let map = object(node, path, "a map of layer names to actions") else { return [] }
        var scope = scope
        scope.inClick = true
        var out: [(CALayer, SceneAction)] = []
        for m in map.members {
            let p = path.key(m.key)
            guard let layer = namedLayer(m.key, scope, at: m.keyPosition, p) else { continue }
            if let a = actionList(m.value, p, scope) { out.append((layer, a)) }
        }
        return out
    }

    /// A list of actions (as one group), or one action such as
    /// `{ "transaction": {…}, "actions": […] }`.
    func actionList(_ node: JSONValue, _ path: JSONPath, _ scope: BehaviourScope) -> SceneAction? {
        if node.members != nil { return action(node, path, scope) }
        guard let items = node.array else {
            expected("a list of actions", node, path)
            return nil
        }
        let actions = items.enumerated().compactMap { action($0.element, path.index($0.offset), scope) }
        return actions.count == items.count ? .group(nil, actions) : nil
    }

    // MARK: References

    /// The layer named `name`; reports unknown and ambiguous names.
    func namedLayer(_ name: String, _ scope: BehaviourScope, at position: SourcePosition, _ path: JSONPath) -> CALayer?
    {
        guard let found = scope.index.byName[name] else {
            let hint =
                Suggestions.closest(to: name, among: scope.index.byName.keys).map { "; did you mean \"\($0)\"?" } ?? ""
            log.report("no layer is named \"\(name)\"\(hint)", at: position, path)
            return nil
        }
        guard found.count == 1, let only = found.first else {
            let where_ = found.map { "\($0.path)" }.joined(separator: ", ")
            log.report(
                "\(found.count) layers are named \"\(name)\" (\(where_)); give the one you mean a unique name",
                at: position, path)
            return nil
        }
        return only.layer
    }

    /// The layer named by the string `node`.
    func namedLayer(_ node: JSONValue, _ path: JSONPath, _ scope: BehaviourScope) -> CALayer? {
        guard let s = string(node, path) else { return nil }
        return namedLayer(s, scope, at: node.position, path)
    }

    /// A state variable name; reports unknown ones.
    func stateName(_ node: JSONValue, _ path: JSONPath, _ scope: BehaviourScope) -> String? {
        guard let s = string(node, path) else { return nil }
        let name = s.hasPrefix("$") ? String(s.dropFirst()) : s
        guard scope.states[name] != nil else {
            fail(unknownState(name, scope), node, path)
            return nil
        }
        return name
    }

    func unknownState(_ name: String, _ scope: BehaviourScope) -> String {
        let hint = Suggestions.closest(to: name, among: scope.states.keys).map { "; did you mean \"\($0)\"?" } ?? ""
        let declared = scope.states.isEmpty ? " (the scene declares no \"state\")" : ""
        return "unknown state variable \"\(name)\"\(hint)\(declared)"
    }

    /// An integer, `"$state"` or (in clicks) `"$clickedIndex"`.
    func intSource(_ node: JSONValue, _ path: JSONPath, _ scope: BehaviourScope) -> IntSource? {
        if node.number != nil { return integer(node, path).map { .literal($0) } }
        guard let s = node.string, s.hasPrefix("$") else {
            expected("an integer or \"$stateName\"", node, path)
            return nil
        }
        let name = String(s.dropFirst())
        if name == "clickedIndex" {
            guard scope.inClick else {
                fail("\"$clickedIndex\" is only available in \"clicks\" actions", node, path)
                return nil
            }
            return .clickedIndex
        }
        guard scope.states[name] != nil else {
            fail(unknownState(name, scope), node, path)
            return nil
        }
        return .state(name)
    }
}
