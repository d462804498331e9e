/// Animations of named sublayers added to their superlayer: `CABasicAnimation(keyPath:
/// "sublayers.dot.opacity")` added to a layer animates its first sublayer named "dot", as Core
/// Animation does (docs/semantics.md#animations-through-named-sublayers).
///
/// The superlayer keeps the animation under its key (`animation(forKey:)`, `animationKeys()`,
/// `removeAnimation(forKey:)` and `removeAllAnimations()` see it there); it runs on the sublayer
/// found when it is added, in that sublayer's time (a begin time other than 0 is converted from
/// the superlayer's time).
import Foundation

/// An animation a layer holds for one of its named sublayers.
final class SublayerAnimation {
    /// The key it was added under.
    let key: String?
    /// The superlayer's copy, with the key path as it was added (`sublayers.NAME.KEY`).
    let animation: CAAnimation
    /// The sublayer it runs on, and its entry there.
    weak var target: CALayer?
    let entry: AnimationEntry

    init(key: String?, animation: CAAnimation, target: CALayer, entry: AnimationEntry) {
        self.key = key
        self.animation = animation
        self.target = target
        self.entry = entry
    }

    /// Whether it is still on its sublayer (not removed, not finished and removed on completion).
    var isAttached: Bool { target?.animations.entries.contains { $0 === entry } ?? false }
}

extension CALayer {
    /// Adds `anim` (the layer's copy) to the named sublayer its key path goes through, when it
    /// goes through one; returns false when it does not (the caller adds it to this layer).
    func addThroughNamedSublayer(_ anim: CAPropertyAnimation, forKey key: String?) -> Bool {
        guard let path = anim.keyPath, path.hasPrefix("sublayers."), let (target, rest) = namedSublayerTarget(path)
        else { return false }
        guard let target else { return true }  // reported by namedSublayerTarget
        guard let inner = anim.copy() as? CAPropertyAnimation else { return true }
        inner.keyPath = rest
        if inner.beginTime != 0 { inner.beginTime = target.convertTime(inner.beginTime, from: self) }
        if let key { removeAnimationDefault(forKey: key) }
        guard let entry = target.attach(inner, forKey: nil) else { return true }
        entry.isSublayerAnimation = true
        sublayerAnimations.removeAll { !$0.isAttached }
        sublayerAnimations.append(SublayerAnimation(key: key, animation: anim, target: target, entry: entry))
        return true
    }

    /// The layer a `sublayers.NAME(.sublayers.NAME…).KEY` key path animates and the key path
    /// left for it; nil when `path` does not go through a named sublayer; a nil layer (with a
    /// warning) when no sublayer has the name.
    private func namedSublayerTarget(_ path: String) -> (CALayer?, String)? {
        var layer = self
        var rest = path
        while rest.hasPrefix("sublayers.") {
            guard
                let resolved = try? KeyPathResolver.resolve(
                    rest, for: type(of: layer), storedKinds: layer.storedCustomKinds(rest)),
                case .related(.sublayer(let name), let next?) = resolved.base
            else { break }
            guard let found = layer.sublayerStorage.first(where: { $0.name == name }) else {
                let names = layer.sublayerStorage.compactMap(\.name).map { "\"\($0)\"" }
                Diagnostics.warn(
                    "\(diagnosticName), animation of \"\(path)\": \(layer.diagnosticName) has no sublayer named "
                        + "\"\(name)\"" + (names.isEmpty ? "" : " (sublayers: \(names.joined(separator: ", ")))")
                        + "; the animation is ignored")
                return (nil, rest)
            }
            layer = found
            rest = next
        }
        return layer === self ? nil : (layer, rest)
    }

    /// The animation held for a sublayer under `key`, while it runs.
    func sublayerAnimation(forKey key: String) -> CAAnimation? {
        sublayerAnimations.last { $0.key == key && $0.isAttached }?.animation
    }

    /// The keys of the animations held for sublayers that still run.
    func sublayerAnimationKeys() -> [String] {
        guard !sublayerAnimations.isEmpty else { return [] }
        return sublayerAnimations.filter(\.isAttached).compactMap(\.key)
    }

    /// Removes the animations held for sublayers under `key` from their sublayers.
    func removeSublayerAnimation(forKey key: String) {
        guard !sublayerAnimations.isEmpty else { return }
        for held in sublayerAnimations where held.key == key { detach(held) }
        sublayerAnimations.removeAll { $0.key == key || !$0.isAttached }
    }

    /// Removes every animation held for a sublayer from its sublayer.
    func removeAllSublayerAnimations() {
        guard !sublayerAnimations.isEmpty else { return }
        for held in sublayerAnimations { detach(held) }
        sublayerAnimations.removeAll()
    }

    private func detach(_ held: SublayerAnimation) {
        guard let target = held.target, target.changeAnimations({ $0.remove(held.entry) }) else { return }
        TransactionContext.current.noteCompleted(held.entry, finished: false)
    }
}
