/// Running a scene: key presses and clicks perform their actions inside one transaction (with
/// the scene's `transaction` settings), bindings follow every state change within the
/// transaction that made it, and a final pass after the actions (and after layout) keeps every
/// bound property in step. Runtime problems (an animation the engine refuses) are reported
/// through `Diagnostics`, never by crashing.
import Foundation
import GLayers
import GLayersLottie

extension Scene {
    /// Performs the actions bound to the X11 keysym `keysym` (`"Down"`, `"Return"`, `"a"`);
    /// returns whether the key is bound.
    @discardableResult
    public func handleKey(_ keysym: String) -> Bool {
        guard let action = behaviours.keys[keysym] else { return false }
        perform(action, clickedIndex: nil)
        return true
    }

    /// Hit-tests `point` (window coordinates: the root layer's superlayer space) and performs the
    /// click actions of the nearest layer at or above the hit that has some; returns the layer
    /// hit (nil when nothing is there).
    @discardableResult
    public func handleClick(at point: CGPoint) -> CALayer? {
        guard let hit = rootLayer.hitTest(point) else { return nil }
        var layer: CALayer? = hit, child: CALayer?
        while let l = layer {
            if let binding = behaviours.clicks.first(where: { $0.layer === l }) {
                let index = child.flatMap { c in l.sublayers?.firstIndex { $0 === c } }
                perform(binding.action, clickedIndex: index)
                break
            }
            child = l
            layer = l.superlayer
        }
        return hit
    }

    /// Sets every bound property to the value its binding gives now: animated with the
    /// scene's transaction settings, or at once.
    public func applyBindings(animated: Bool) {
        CATransaction.begin()
        if animated { behaviours.transaction?.apply() } else { CATransaction.setDisableActions(true) }
        applyBindingsNow()
        CATransaction.commit()
    }

    /// Makes the root layer fill a window of `size` (origin top-left), re-runs autoresizing and
    /// constraint layout, and re-applies the bindings, all without animation.
    public func layout(size: CGSize) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.frame = CGRect(origin: .zero, size: size)
        rootLayer.setNeedsLayout()
        applyBindingsNow()
        CATransaction.commit()
    }

    // MARK: Actions

    private func perform(_ action: SceneAction, clickedIndex: Int?) {
        CATransaction.begin()
        behaviours.transaction?.apply()
        run(action, clickedIndex)
        applyBindingsNow()
        CATransaction.commit()
    }

    private func run(_ action: SceneAction, _ clickedIndex: Int?) {
        switch action {
        case .add(let state, let by):
            setState(state, (stateValues[state] ?? 0) + by)
        case .setState(let state, let source):
            guard let v = resolve(source, clickedIndex) else { return }
            setState(state, v)
        case .setProperties(let layer, let changes):
            for (keyPath, value) in changes {
                for problem in LayerValues.set(value, on: layer, keyPath: keyPath) {
                    Diagnostics.warn("\(fileName): \(problem)")
                }
            }
        case .addAnimation(let layer, let animation, let key):
            for w in SceneAnimationAction.add(animation, to: layer, forKey: key) {
                Diagnostics.warn("\(fileName): \(w)")
            }
        case .removeAnimation(let layer, let key):
            layer.removeAnimation(forKey: key)
        case .removeAllAnimations(let layer):
            layer.removeAllAnimations()
        case .pause(let target):
            if let layer = resolve(target, clickedIndex) { Self.pause(layer) }
        case .resume(let target):
            if let layer = resolve(target, clickedIndex) { Self.resume(layer) }
        case .togglePause(let target):
            if let layer = resolve(target, clickedIndex) { Self.togglePause(layer) }
        case .play(let target, let request):
            if let player = resolve(target, clickedIndex) as? LottieLayer { Self.play(player, request) }
        case .scrub(let target, let scrub):
            if let player = resolve(target, clickedIndex) as? LottieLayer { Self.scrub(player, scrub) }
        case .group(let spec, let actions):
            CATransaction.begin()
            spec?.apply()
            for a in actions { run(a, clickedIndex) }
            CATransaction.commit()
        }
    }

    /// Sets a state variable within its bounds; the bindings follow inside the current
    /// transaction, so they animate with its settings.
    private func setState(_ name: String, _ value: Int) {
        guard let variable = behaviours.states.first(where: { $0.name == name }) else { return }
        let v = variable.bounded(value)
        guard stateValues[name] != v else { return }
        stateValues[name] = v
        applyBindingsNow()
    }

    private func resolve(_ source: IntSource, _ clickedIndex: Int?) -> Int? {
        switch source {
        case .literal(let v): return v
        case .state(let name): return stateValues[name]
        case .clickedIndex: return clickedIndex
        }
    }

    /// The layer `target` names now (nil when its index is out of range).
    private func resolve(_ target: LayerTarget, _ clickedIndex: Int?) -> CALayer? {
        guard let sublayer = target.sublayer else { return target.layer }
        guard let i = resolve(sublayer, clickedIndex), let subs = target.layer.sublayers, subs.indices.contains(i)
        else {
            return nil
        }
        return subs[i]
    }

    /// QA1673: stop the layer's clock where it is; a Lottie layer's playback stops at the
    /// frame shown (`LottieLayer.pause()`).
    static func pause(_ layer: CALayer) {
        if let player = layer as? LottieLayer { return player.pause() }
        guard layer.speed != 0 else { return }
        let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = paused
    }

    /// QA1673: restart the layer's clock from where it was paused; a Lottie layer that is not
    /// playing plays on from the frame shown (`LottieLayer.play()`).
    static func resume(_ layer: CALayer) {
        if let player = layer as? LottieLayer {
            if !player.isAnimationPlaying { player.play() }
            return
        }
        guard layer.speed == 0 else { return }
        let paused = layer.timeOffset
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - paused
    }

    /// Pauses a running layer (a playing Lottie layer) or resumes a paused one.
    static func togglePause(_ layer: CALayer) {
        var running = layer.speed != 0
        if let player = layer as? LottieLayer { running = player.isAnimationPlaying }
        if running { pause(layer) } else { resume(layer) }
    }

    // MARK: Bindings

    /// Lays out what needs it, then sets every binding whose value changed.
    func applyBindingsNow() {
        rootLayer.layoutIfNeeded()
        for binding in behaviours.bindings {
            guard let value = currentValue(of: binding) else { continue }
            if let now = try? binding.layer.strictValue(forKeyPath: binding.keyPath), ValueEquality.same(now, value) {
                continue
            }
            for problem in LayerValues.set(value, on: binding.layer, keyPath: binding.keyPath) {
                Diagnostics.warn("\(fileName): binding of \(binding.keyPath): \(problem)")
            }
        }
    }

    /// The value `binding` gives now (nil when its index is out of range).
    private func currentValue(of binding: SceneBinding) -> Any?? {
        switch binding.source {
        case .values(let values, let index):
            guard let i = resolve(index, nil), values.indices.contains(i) else { return nil }
            return .some(values[i])
        case .follow(let layer, let sublayer, let keyPath):
            var source = layer
            if let sublayer {
                guard let i = resolve(sublayer, nil), let subs = layer.sublayers, subs.indices.contains(i) else {
                    return nil
                }
                source = subs[i]
            }
            guard let value = try? source.strictValue(forKeyPath: keyPath) else { return nil }
            guard let from = source.superlayer, let to = binding.layer.superlayer, from !== to else {
                return .some(value)
            }
            if keyPath == "position", let p = value as? CGPoint { return .some(to.convert(p, from: from)) }
            if keyPath == "frame", let r = value as? CGRect { return .some(to.convert(r, from: from)) }
            return .some(value)
        }
    }
}

/// Equality of the values bindings set (so unchanged values start no animation).
enum ValueEquality {
    static func same(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x as CGPoint, let y as CGPoint): return x == y
        case (let x as CGSize, let y as CGSize): return x == y
        case (let x as CGRect, let y as CGRect): return x == y
        case (let x as CATransform3D, let y as CATransform3D): return x == y
        case (let x as CGColor, let y as CGColor): return x.rgba == y.rgba
        case (let x as String, let y as String): return x == y
        case (let x as Bool, let y as Bool): return x == y
        case (let x as [CGFloat], let y as [CGFloat]): return x == y
        default:
            guard let x = number(a), let y = number(b) else { return false }
            return x == y
        }
    }

    private static func number(_ v: Any?) -> Double? {
        switch v {
        case let d as Double: return d
        case let c as CGFloat: return Double(c)
        case let f as Float: return Double(f)
        case let i as Int: return Double(i)
        default: return nil
        }
    }
}
