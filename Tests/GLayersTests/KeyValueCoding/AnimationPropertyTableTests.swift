import Foundation
import GLayers
import Testing

/// The animation classes' property table (`AnimationProperty`): every stored property of every
/// class has an entry (forgetting one fails here), key-value coding reaches each entry's
/// property and keeps any other key, and `defaultValue(forKey:)` is what a new animation shows.
@Suite struct AnimationPropertyTableTests {
    static let animations: [CAAnimation] = [
        CAAnimation(), CAPropertyAnimation(), CABasicAnimation(), CASpringAnimation(), CAKeyframeAnimation(),
        CAAnimationGroup(), CATransition(),
    ]

    /// The stored properties of `object`'s class and its superclasses up to `NSObject`: each
    /// class keeps its settings in one struct (`animationSettings`, …), whose fields are listed.
    static func storedProperties(of object: Any) -> [String] {
        var labels: [String] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let m = mirror {
            for child in m.children {
                guard let label = child.label else { continue }
                if label.hasSuffix("Settings") {
                    labels += Mirror(reflecting: child.value).children.compactMap(\.label)
                } else {
                    labels.append(label)
                }
            }
            mirror = m.superclassMirror
        }
        return labels
    }

    @Test func everyStoredPropertyHasAnEntry() {
        for anim in Self.animations {
            let names = Set(AnimationProperty.declared(by: type(of: anim)).flatMap { [$0.key] + $0.aliases })
            // `extraValues` keeps the keys no entry declares.
            for label in Self.storedProperties(of: anim) where label != "extraValues" {
                #expect(names.contains(label), "\(type(of: anim)).\(label) has no entry in AnimationProperty.all")
            }
        }
    }

    @Test func everyEntryIsDescribedAndDeclaredByAClass() {
        for p in AnimationProperty.all {
            #expect(!p.summary.isEmpty, "\(p.key) has no summary")
            #expect(Self.animations.contains { p.isDeclared(type(of: $0)) }, "\(p.key): no class declares it")
        }
    }

    @Test func defaultValueForKeyIsWhatANewAnimationShows() {
        for anim in Self.animations {
            let cls = type(of: anim)
            for p in AnimationProperty.declared(by: cls) {
                let shown = anim.value(forKey: p.key), declared = cls.defaultValue(forKey: p.key)
                // `same` knows the layers' value types; a frame rate range compares as itself.
                let equal =
                    same(shown, declared)
                    || (shown as? CAFrameRateRange).map { $0 == declared as? CAFrameRateRange }
                        ?? false
                #expect(equal, "\(cls).\(p.key): shows \(String(describing: shown))")
            }
        }
        #expect(CABasicAnimation.defaultValue(forKey: "speed") as? Float == 1)
        #expect(CABasicAnimation.defaultValue(forKey: "isRemovedOnCompletion") as? Bool == true)
        #expect(CAAnimation.defaultValue(forKey: "toValue") == nil)
        #expect(CASpringAnimation.defaultValue(forKey: "stiffness") as? CGFloat == 100)
    }

    @Test func keyValueCodingSetsTheClassesProperties() {
        let spring = CASpringAnimation()
        spring.setValue("position.x", forKey: "keyPath")
        spring.setValue(CGFloat(10), forKey: "toValue")
        spring.setValue(2, forKey: "mass")
        spring.setValue(true, forKey: "isAdditive")
        spring.setValue(3.5, forKey: "duration")
        spring.setValue(CAMediaTimingFillMode.both, forKey: "fillMode")
        #expect(spring.keyPath == "position.x" && spring.toValue as? CGFloat == 10 && spring.mass == 2)
        #expect(spring.isAdditive && spring.duration == 3.5 && spring.fillMode == .both)
        #expect(
            spring.value(forKey: "additive") as? Bool == true && spring.value(forKey: "fillMode") as? String == "both")
        let keyframe = CAKeyframeAnimation()
        keyframe.setValue("paced", forKey: "calculationMode")
        keyframe.setValue([0, 1] as [Any], forKey: "values")
        #expect(keyframe.calculationMode == .paced && keyframe.values?.count == 2)
        let transition = CATransition()
        transition.setValue("push", forKey: "type")
        transition.setValue(0.25, forKey: "startProgress")
        #expect(transition.type == .push && transition.startProgress == 0.25)
    }

    @Test func otherKeysAndOtherClassesKeysAreKeptAsGiven() {
        let basic = CABasicAnimation()
        basic.setValue("tag", forKey: "owner")
        basic.setValue(4, forKey: "mass")  // a spring's property: kept as a value of this one
        #expect(basic.value(forKey: "owner") as? String == "tag")
        #expect(basic.value(forKey: "mass") as? Int == 4)
        let copy = basic.copy() as? CABasicAnimation
        #expect(copy?.value(forKey: "owner") as? String == "tag")
    }

    @Test func valuesOfTheWrongTypeAreReportedAndIgnored() {
        let anim = CABasicAnimation()
        let (_, warnings) = Diagnostics.capture { anim.setValue("soon", forKey: "beginTime") }
        #expect(anim.beginTime == 0)
        #expect(warnings.count == 1 && warnings[0].contains("beginTime"))
        anim.speed = 2
        anim.setValue(nil, forKey: "speed")
        #expect(anim.speed == 1, "nil sets a number to its default")
    }
}
