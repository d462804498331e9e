/// The parts of animation decoding that depend on the key path: resolving it on the target
/// layer (with the engine's key-path rules and the layer's filter names), value functions, and
/// keyframe animations (values, path, key times, per-segment timing, spline parameters).
import Foundation
import GLayers
import GLayersJSON

extension DecodeContext {
    /// Decodes `keyPath`, `additive`, `cumulative` and `valueFunction`; returns the type of the
    /// animation's values, or nil when the key path cannot be animated (reported).
    func propertyAnimation(_ anim: CAPropertyAnimation, _ obj: ObjectNode, _ target: AnimationTarget) -> PropertyType? {
        for key in ["additive", "isAdditive"] {
            if let (v, p) = obj.member(key), let b = bool(v, p) { anim.isAdditive = b }
        }
        for key in ["cumulative", "isCumulative"] {
            if let (v, p) = obj.member(key), let b = bool(v, p) { anim.isCumulative = b }
        }
        let keyPathMember = obj.member("keyPath")
        let keyPath: String
        if let (v, p) = keyPathMember {
            guard let s = string(v, p) else { return nil }
            keyPath = s
        } else if let key = target.key {
            keyPath = key
        } else {
            fail("a grouped \(type(of: anim)) needs a keyPath", obj.node, obj.path)
            return nil
        }
        anim.keyPath = keyPath
        let (where_, wherePath) = keyPathMember ?? (obj.node, obj.path)
        guard
            var type = keyPathType(keyPath, on: target.layer, where_, wherePath, fromKey: keyPathMember == nil),
            checkAnimates(keyPath, on: target.layer, where_, wherePath)
        else {
            return nil
        }
        if let (v, p) = obj.member("valueFunction") {
            guard let vf = valueFunction(v, p, keyPath: keyPath) else { return nil }
            anim.valueFunction = vf
            switch vf.name {
            case .rotateX, .rotateY, .rotateZ: type = .number(angle: true)
            case .scale, .translate: type = .vector3
            default: type = .number(angle: false)
            }
        }
        return type
    }

    /// The type of `keyPath` on `layer`; reports unknown properties, bad components and
    /// filters the layer does not have.
    func keyPathType(
        _ keyPath: String, on layer: CALayer, _ node: JSONValue, _ path: JSONPath, fromKey: Bool = false
    ) -> PropertyType? {
        switch propertyType(of: keyPath, on: type(of: layer)) {
        case .failure(let problem):
            let message = problem.message
            let prefix = fromKey ? "the animation has no keyPath, so it animates its key \"\(keyPath)\": " : ""
            fail(prefix + message, node, path)
            return nil
        case .success(let t):
            guard checkFilterPath(keyPath, on: layer, node, path) else { return nil }
            return t
        }
    }

    /// The key path's property animates: an animation of one the property table marks not
    /// animatable would change nothing (docs/semantics.md#animations-of-keys-that-do-not-animate).
    /// Reported here, every time, rather than through the engine's warning, which it gives once.
    func checkAnimates(_ keyPath: String, on layer: CALayer, _ node: JSONValue, _ path: JSONPath) -> Bool {
        guard !type(of: layer).animatesKeyPath(keyPath) else { return true }
        let shown = JSONPath.shortened(keyPath), key = JSONPath.shortened(String(keyPath.prefix { $0 != "." }))
        fail(
            "\"\(shown)\" does not animate: \(key) is not animatable (an animation of it would change nothing)", node,
            path)
        return false
    }
    /// For `filters.NAME.INPUT` key paths: the layer has a filter NAME with input INPUT.
    func checkFilterPath(_ keyPath: String, on layer: CALayer, _ node: JSONValue, _ path: JSONPath) -> Bool {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1, parts[0] == "filters" || parts[0] == "backgroundFilters" else { return true }
        guard parts.count == 3 else {
            fail("expected \(parts[0]).FILTERNAME.INPUTKEY, got \"\(keyPath)\"", node, path)
            return false
        }
        let filters = ((parts[0] == "filters" ? layer.filters : layer.backgroundFilters) ?? []).compactMap {
            $0 as? CIFilter
        }
        guard let filter = filters.first(where: { $0.name == parts[1] }) else {
            let names = filters.map(\.name)
            let list =
                names.isEmpty ? "the layer has no \(parts[0])" : "its \(parts[0]): \(names.joined(separator: ", "))"
            fail("the layer has no filter named \"\(parts[1])\" (\(list))", node, path)
            return false
        }
        guard filter.inputKeys.contains(parts[2]) else {
            let hint =
                Suggestions.closest(to: parts[2], among: filter.inputKeys).map { "did you mean \"\($0)\"? " } ?? ""
            fail(
                "\(filter.kind.rawValue) has no input \"\(parts[2])\"; \(hint)inputs: \(filter.inputKeys.joined(separator: ", "))",
                node, path)
            return false
        }
        return true
    }

    private func valueFunction(_ node: JSONValue, _ path: JSONPath, keyPath: String) -> CAValueFunction? {
        guard let s = name(node, path, among: AnimationKeys.names(of: "valueFunction"), what: "value function") else {
            return nil
        }
        guard keyPath == "transform" || keyPath == "sublayerTransform" else {
            fail(
                "a valueFunction needs the keyPath \"transform\" or \"sublayerTransform\", not \"\(keyPath)\"", node,
                path)
            return nil
        }
        return CAValueFunction.named(CAValueFunctionName(rawValue: s))
    }

    // MARK: Keyframe animations

    func keyframeAnimation(_ obj: ObjectNode, _ target: AnimationTarget) -> CAKeyframeAnimation {
        let anim = CAKeyframeAnimation()
        guard let type = propertyAnimation(anim, obj, target) else { return anim }
        var count: Int?
        if let (v, p) = obj.member("values") {
            if let items = v.array {
                let decoded = items.enumerated().compactMap { value($0.element, p.index($0.offset), as: type) }
                let present = decoded.compactMap { $0 }
                if present.count != decoded.count { fail("keyframe values cannot be null", v, p) }
                if present.count == items.count { anim.values = present }
                count = items.count
                if items.isEmpty { fail("expected at least one keyframe value", v, p) }
            } else {
                expected("a list of keyframe values", v, p)
            }
        }
        if let (v, p) = obj.member("path") {
            if type != .point {
                fail(
                    "a keyframe path animates a point property (position, anchorPoint), not \"\(anim.keyPath ?? "")\"",
                    v, p)
            } else if let path = path(v, p) {
                anim.path = path
                count = nil
            }
        }
        if !obj.has("values") && !obj.has("path") && !target.isAction {
            fail("a CAKeyframeAnimation needs \"values\" or \"path\"", obj.node, obj.path)
        }
        keyframeTiming(anim, obj, valueCount: count)
        return anim
    }

    private func keyframeTiming(_ anim: CAKeyframeAnimation, _ obj: ObjectNode, valueCount: Int?) {
        if let (v, p) = obj.member("calculationMode"),
            let s = name(v, p, among: AnimationKeys.names(of: "calculationMode"), what: "calculation mode")
        {
            anim.calculationMode = CAAnimationCalculationMode(rawValue: s)
        }
        if let (v, p) = obj.member("rotationMode"),
            let s = name(v, p, among: AnimationKeys.names(of: "rotationMode"), what: "rotation mode")
        {
            anim.rotationMode = CAAnimationRotationMode(rawValue: s)
            if !obj.has("path") { fail("rotationMode applies to animations along a \"path\"", v, p) }
        }
        if let (v, p) = obj.member("keyTimes"), let times = numbers(v, p, what: "a list of key times 0…1") {
            if let n = valueCount, times.count != n {
                fail("expected \(n) key times (one per value), got \(times.count)", v, p)
            } else if let bad = times.firstIndex(where: { !(0...1).contains($0) }) {
                fail("key times must be between 0 and 1", v.array?[bad] ?? v, p.index(bad))
            } else if let bad = Array(zip(times, times.dropFirst())).firstIndex(where: { $0 > $1 }) {
                fail("key times must not decrease", v.array?[bad + 1] ?? v, p.index(bad + 1))
            } else {
                anim.keyTimes = times.map { NSNumber(value: Double($0)) }
            }
        }
        if let (v, p) = obj.member("timingFunctions") {
            if let items = v.array {
                let fs = items.enumerated().compactMap { timingFunction($0.element, p.index($0.offset)) }
                if let n = valueCount, items.count != max(0, n - 1) {
                    fail(
                        "expected \(max(0, n - 1)) timing functions (one per segment between values), got \(items.count)",
                        v, p)
                } else if fs.count == items.count {
                    anim.timingFunctions = fs
                }
            } else {
                expected("a list of timing functions", v, p)
            }
        }
        for key in ["tensionValues", "continuityValues", "biasValues"] {
            guard let (v, p) = obj.member(key), let a = numbers(v, p, what: "a list of numbers −1…1") else { continue }
            if let n = valueCount, a.count != n {
                fail("expected \(n) \(key) (one per value), got \(a.count)", v, p)
                continue
            }
            let ns = a.map { NSNumber(value: Double($0)) }
            switch key {
            case "tensionValues": anim.tensionValues = ns
            case "continuityValues": anim.continuityValues = ns
            default: anim.biasValues = ns
            }
        }
    }
}
