/// The `api` fuzz target's animations: any class (basic, keyframe, spring, transition, groups
/// nested twice) with any timing, added to and removed from the pool's layers.
import Foundation
import GLayers

extension APIProgram {
    func addAnimation() {
        let target = layer()
        let animation = makeAnimation(depth: 0)
        let key = input.bool() ? input.pick(["a", "b", "transition", "position"]) : nil
        trace("\(id(target)).add(\(animation), forKey: \(key.map { "\"\($0)\"" } ?? "nil"))")
        target.add(animation, forKey: key)
    }

    func makeAnimation(depth: Int) -> CAAnimation {
        let animation: CAAnimation
        switch input.below(depth < 2 ? 5 : 4) {
        case 0: animation = basic(CABasicAnimation())
        case 1: animation = keyframes()
        case 2: animation = spring()
        case 3: animation = transition()
        default:
            let group = CAAnimationGroup()
            group.animations = (0..<input.below(4)).map { _ in makeAnimation(depth: depth + 1) }
            animation = group
        }
        animation.duration = Double(values.number(&input))
        if input.bool() { setTiming(of: animation) }
        if input.below(4) == 0 { animation.timingFunction = CAMediaTimingFunction(name: input.pick(Self.timingNames)) }
        animation.isRemovedOnCompletion = input.below(4) != 0
        return animation
    }

    func setTiming(of animation: CAAnimation) {
        animation.beginTime = Double(values.ordinary(&input))
        animation.speed = Float(values.number(&input))
        animation.timeOffset = Double(values.number(&input))
        animation.repeatCount = Float(values.number(&input))
        animation.repeatDuration = Double(values.number(&input))
        animation.autoreverses = input.bool()
        animation.fillMode = input.pick(Self.fillModes)
    }

    func propertyAnimation<A: CAPropertyAnimation>(_ animation: A) -> (A, ValueKind) {
        let keyPath = self.keyPath()
        animation.keyPath = keyPath
        animation.isAdditive = input.below(4) == 0
        animation.isCumulative = input.below(4) == 0
        if input.below(8) == 0 { animation.valueFunction = CAValueFunction(name: input.pick(Self.valueFunctions)) }
        return (animation, CALayer.valueKind(forKeyPath: keyPath) ?? .number)
    }

    func basic<A: CABasicAnimation>(_ made: A) -> A {
        let (animation, kind) = propertyAnimation(made)
        if input.bool() { animation.fromValue = values.anyValue(for: kind, &input) }
        if input.bool() { animation.toValue = values.anyValue(for: kind, &input) }
        if input.below(3) == 0 { animation.byValue = values.anyValue(for: kind, &input) }
        return animation
    }

    func keyframes() -> CAKeyframeAnimation {
        let (animation, kind) = propertyAnimation(CAKeyframeAnimation())
        let count = input.below(6)
        if input.below(4) == 0 {
            animation.path = values.path(&input)
        } else {
            animation.values = (0..<count).map { _ in values.anyValue(for: kind, &input) as Any }
        }
        if input.bool() {
            animation.keyTimes = (0..<input.below(7)).map { _ in NSNumber(value: Double(values.number(&input))) }
        }
        if input.below(4) == 0 {
            animation.timingFunctions = (0..<input.below(6)).map { _ in
                CAMediaTimingFunction(name: input.pick(Self.timingNames))
            }
        }
        animation.calculationMode = input.pick(Self.calculationModes)
        if input.below(4) == 0 {
            animation.rotationMode = input.pick([CAAnimationRotationMode.rotateAuto, .rotateAutoReverse])
        }
        if input.below(4) == 0 {
            animation.tensionValues = (0..<count).map { _ in NSNumber(value: Double(values.number(&input))) }
        }
        return animation
    }

    func spring() -> CASpringAnimation {
        let animation = basic(CASpringAnimation())
        animation.mass = values.number(&input)
        animation.stiffness = values.number(&input)
        animation.damping = values.number(&input)
        animation.initialVelocity = values.number(&input)
        _ = animation.settlingDuration
        return animation
    }

    func transition() -> CATransition {
        let animation = CATransition()
        animation.type = input.pick([
            CATransitionType.fade, .moveIn, .push, .reveal, CATransitionType(rawValue: "cube"),
        ])
        animation.subtype = input.pick([CATransitionSubtype?.none, .fromLeft, .fromRight, .fromTop, .fromBottom])
        animation.startProgress = Float(values.number(&input))
        animation.endProgress = Float(values.number(&input))
        return animation
    }

    func removeAnimation() {
        let target = layer()
        if input.bool() {
            target.removeAnimation(forKey: input.pick(["a", "b", "transition", "position"]))
        } else {
            target.removeAllAnimations()
        }
    }
}
