/// Decoding animation objects: the class (`CABasicAnimation` unless `class` says otherwise),
/// the `CAMediaTiming` properties, and each class's own properties. Values (`fromValue`,
/// keyframe `values`) are decoded by the type of the key path on the layer that will run the
/// animation, so a bad value is reported at its own position rather than when it runs.
import Foundation
import GLayers
import GLayersJSON

/// Where an animation will run: the layer (for key paths and filter names) and its key.
struct AnimationTarget {
    let layer: CALayer
    /// The animation's key: the action key in `actions`, the map key in `animations`, the
    /// `forKey` of an `addAnimation` action; nil inside a group.
    let key: String?
    /// Whether the animation is a layer's action (its values may come from the change).
    let isAction: Bool
}

/// The keys each animation class accepts: its properties scenes can set
/// (`AnimationProperty.all`), by name and alias, and `class`.
enum AnimationKeys {
    /// The class of an animation object without `class`.
    static let defaultClass = "CABasicAnimation"

    /// The entries scenes can set on animations of the class named `name` (`CAAnimation`: the
    /// timing every class has).
    static func entries(for name: String) -> [AnimationProperty] {
        let type =
            name == "CAAnimation"
            ? CAAnimation.self
            : SceneClasses.animationClasses.first { $0.0 == name }?.1
                ?? CABasicAnimation.self
        return AnimationProperty.declared(by: type).filter { $0.sceneType != nil }
    }

    /// The keys an animation object of the class named `name` must hold.
    static func required(for name: String) -> [String] { name == "CAAnimationGroup" ? ["animations"] : [] }

    /// The keys of class `name` (made once per class: a scene may hold many animations).
    static func allowed(for name: String) -> Set<String> {
        allowedByClass[name] ?? allowedByClass[defaultClass] ?? []
    }

    private static let allowedByClass: [String: Set<String>] = Dictionary(
        uniqueKeysWithValues: SceneClasses.animations.map { name in
            (name, Set(["class"] + entries(for: name).flatMap { [$0.key] + $0.aliases }))
        })

    /// The class that declares `key`, for "it is a … property" hints.
    static func owner(of key: String) -> String? {
        AnimationProperty.all.first { $0.key == key || $0.aliases.contains(key) }.map(\.owner)
            .flatMap { $0 == "CAAnimation" || $0 == "CAPropertyAnimation" ? nil : $0 }
    }

    /// The names property `key` may take (`fillMode`, a transition's `type`).
    static func names(of key: String) -> [String] {
        for p in AnimationProperty.all where p.key == key {
            if case .names(let list)? = p.sceneType { return list }
        }
        return []
    }

    /// The keys of a basic animation's values.
    static let basic = AnimationProperty.all.filter { $0.sceneType == .value }.map(\.key)

    /// Pairs of Core Animation's name and Swift's spelling of the same property.
    static let aliasPairs: [(String, String)] = AnimationProperty.all.flatMap { p in p.aliases.map { (p.key, $0) } }
}

extension DecodeContext {
    /// The animation described by `node`, or nil when it has errors (reported).
    func animation(_ node: JSONValue, _ path: JSONPath, target: AnimationTarget) -> CAAnimation? {
        guard let obj = object(node, path, "an animation object") else { return nil }
        let errorsBefore = log.errors.count
        var className = AnimationKeys.defaultClass
        if let (c, cp) = obj.member("class") {
            guard let n = name(c, cp, among: SceneClasses.animations, what: "animation class") else { return nil }
            className = n
        }
        checkKeys(obj, allowed: AnimationKeys.allowed(for: className), in: className) { key in
            AnimationKeys.owner(of: key).map { "it is a \($0) property (set \"class\": \"\($0)\")" }
        }
        checkAliases(obj, AnimationKeys.aliasPairs)
        let anim: CAAnimation
        switch className {
        case "CAKeyframeAnimation": anim = keyframeAnimation(obj, target)
        case "CAAnimationGroup": anim = group(obj, target)
        case "CATransition": anim = transition(obj)
        case "CASpringAnimation":
            let spring = CASpringAnimation()
            basicAnimation(spring, obj, target)
            springProperties(spring, obj)
            anim = spring
        default:
            let basic = CABasicAnimation()
            basicAnimation(basic, obj, target)
            anim = basic
        }
        timing(anim, obj)
        return log.errors.count == errorsBefore ? anim : nil
    }

    // MARK: Timing

    private func timing(_ anim: CAAnimation, _ obj: ObjectNode) {
        if let (v, p) = obj.member("beginTime"), let n = number(v, p) { anim.beginTime = Double(n) }
        if let (v, p) = obj.member("duration"), let d = duration(v, p) { anim.duration = d }
        if let (v, p) = obj.member("speed"), let n = number(v, p) { anim.speed = Float(n) }
        if let (v, p) = obj.member("timeOffset"), let n = number(v, p) { anim.timeOffset = Double(n) }
        if let (v, p) = obj.member("repeatCount"), let n = repeatCount(v, p) { anim.repeatCount = n }
        if let (v, p) = obj.member("repeatDuration"), let d = duration(v, p) { anim.repeatDuration = d }
        if obj.has("repeatCount"), let (v, p) = obj.member("repeatDuration") {
            fail("give repeatCount or repeatDuration, not both (Core Animation leaves the pair undefined)", v, p)
        }
        if let (v, p) = obj.member("autoreverses"), let b = bool(v, p) { anim.autoreverses = b }
        if let (v, p) = obj.member("fillMode"),
            let s = name(v, p, among: AnimationKeys.names(of: "fillMode"), what: "fill mode")
        {
            anim.fillMode = CAMediaTimingFillMode(rawValue: s)
        }
        for key in ["removedOnCompletion", "isRemovedOnCompletion"] {
            if let (v, p) = obj.member(key), let b = bool(v, p) { anim.isRemovedOnCompletion = b }
        }
        if let (v, p) = obj.member("timingFunction"), let f = timingFunction(v, p) {
            anim.timingFunction = f
        }
    }

    // MARK: Basic and spring animations

    private func basicAnimation(_ anim: CABasicAnimation, _ obj: ObjectNode, _ target: AnimationTarget) {
        guard let type = propertyAnimation(anim, obj, target) else { return }
        func decode(_ key: String) -> Any? {
            guard let (v, p) = obj.member(key), let d = value(v, p, as: type) else { return nil }
            return d
        }
        anim.fromValue = decode("fromValue")
        anim.toValue = decode("toValue")
        anim.byValue = decode("byValue")
        if !target.isAction && !AnimationKeys.basic.contains(where: obj.has) {
            fail("a \(Swift.type(of: anim)) needs fromValue, toValue or byValue", obj.node, obj.path)
        }
    }

    private func springProperties(_ spring: CASpringAnimation, _ obj: ObjectNode) {
        if let (v, p) = obj.member("mass"), let n = positive(v, p) { spring.mass = n }
        if let (v, p) = obj.member("stiffness"), let n = positive(v, p) { spring.stiffness = n }
        if let (v, p) = obj.member("damping"), let n = number(v, p, atLeast: 0) { spring.damping = n }
        if let (v, p) = obj.member("initialVelocity"), let n = number(v, p) { spring.initialVelocity = n }
        // A spring runs until it settles unless the scene says otherwise.
        if !obj.has("duration") { spring.duration = spring.settlingDuration }
    }

    // MARK: Groups and transitions

    private func group(_ obj: ObjectNode, _ target: AnimationTarget) -> CAAnimationGroup {
        let group = CAAnimationGroup()
        guard let (list, lp) = obj.member("animations") else {
            fail("a CAAnimationGroup needs \"animations\" (a list of animations)", obj.node, obj.path)
            return group
        }
        guard let items = list.array else {
            expected("a list of animations", list, lp)
            return group
        }
        let child = AnimationTarget(layer: target.layer, key: nil, isAction: false)
        group.animations = items.enumerated().compactMap { animation($0.element, lp.index($0.offset), target: child) }
        return group
    }

    private func transition(_ obj: ObjectNode) -> CATransition {
        let t = CATransition()
        if let (v, p) = obj.member("type"),
            let s = name(v, p, among: AnimationKeys.names(of: "type"), what: "transition type")
        {
            t.type = CATransitionType(rawValue: s)
        }
        if let (v, p) = obj.member("subtype"),
            let s = name(v, p, among: AnimationKeys.names(of: "subtype"), what: "transition subtype")
        {
            t.subtype = CATransitionSubtype(rawValue: s)
        }
        for key in ["startProgress", "endProgress"] {
            guard let (v, p) = obj.member(key), let n = number(v, p) else { continue }
            guard (0...1).contains(n) else {
                fail("expected a number between 0 and 1, got \(JSONValue.format(Double(n)))", v, p)
                continue
            }
            if key == "startProgress" { t.startProgress = Float(n) } else { t.endProgress = Float(n) }
        }
        if t.startProgress > t.endProgress, let (v, p) = obj.member("endProgress") {
            fail("endProgress must not be less than startProgress", v, p)
        }
        return t
    }
}
