import Foundation
import GLayers
import Testing

/// Key-value coding and key paths.
@Suite struct KeyValueCodingTests {
    @Test func declaredPropertiesByName() {
        let l = CALayer()
        l.setValue(0.5, forKey: "opacity")
        l.setValue(CGPoint(x: 3, y: 4), forKey: "position")
        l.setValue(true, forKey: "hidden")
        #expect(l.opacity == 0.5 && l.position == CGPoint(x: 3, y: 4) && l.isHidden)
        #expect(l.value(forKey: "opacity") as? Float == 0.5)
        #expect(l.value(forKey: "isHidden") as? Bool == true)
    }

    @Test func boxedValuesAsApplePlatformsBoxThem() {
        let l = CALayer()
        l.setValue(NSValue(cgRect: CGRect(x: 1, y: 2, width: 30, height: 40)), forKey: "bounds")
        l.setValue(NSValue(cgPoint: CGPoint(x: 5, y: 6)), forKey: "position")
        l.setValue(NSValue(cgSize: CGSize(width: 2, height: 3)), forKey: "shadowOffset")
        l.setValue(NSNumber(value: 0.5), forKey: "opacity")
        l.setValue(NSNumber(value: true), forKey: "hidden")
        l.setValue(NSNumber(value: 12), forKeyPath: "cornerRadius")
        #expect(l.bounds == CGRect(x: 1, y: 2, width: 30, height: 40))
        #expect(l.position == CGPoint(x: 5, y: 6) && l.shadowOffset == CGSize(width: 2, height: 3))
        #expect(l.opacity == 0.5 && l.isHidden && l.cornerRadius == 12)
        l.setValue(NSValue(caTransform3D: CATransform3DMakeScale(2, 3, 4)), forKey: "transform")
        #expect(l.transform == CATransform3DMakeScale(2, 3, 4))
        l.setValue(
            NSValue(cgAffineTransform: CGAffineTransform(translationX: 7, y: 8)), forKeyPath: "sublayerTransform")
        #expect(l.sublayerTransform == CATransform3DMakeTranslation(7, 8, 0))
        l.setValue(NSValue(cgPoint: CGPoint(x: 0.25, y: 0.75)), forKeyPath: "anchorPoint")
        #expect(l.anchorPoint == CGPoint(x: 0.25, y: 0.75))
        // A box of the wrong type is refused, as a bare value of the wrong type is.
        let (_, warnings) = Diagnostics.capture { l.setValue(NSValue(cgPoint: .zero), forKey: "bounds") }
        #expect(warnings.count == 1 && l.bounds.width == 30)
    }

    @Test func customKeysKeepNumbersAndBooleansApart() {
        // Foundation on Linux casts NSNumber(value: 1.0) to Bool; a custom key keeps it a number.
        let l = CALayer()
        l.setValue(NSNumber(value: 1.0), forKey: "progress")
        l.setValue(NSNumber(value: true), forKey: "enabled")
        l.setValue(NSValue(cgPoint: CGPoint(x: 1, y: 2)), forKey: "target")
        #expect(l.value(forKey: "progress") as? CGFloat == 1)
        #expect(l.value(forKey: "enabled") as? Bool == true)
        #expect(l.value(forKey: "target") as? CGPoint == CGPoint(x: 1, y: 2))
    }

    @Test func structKeyPaths() {
        let l = CALayer()
        l.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        l.setValue(100, forKeyPath: "position.x")
        #expect(l.position.x == 100)
        l.setValue(64, forKeyPath: "bounds.size.width")
        #expect(l.bounds.width == 64)
        #expect(l.value(forKeyPath: "bounds.size.height") as? CGFloat == 40)
        l.setValue(5, forKeyPath: "frame.origin.y")
        #expect(close(l.frame.minY, 5))
        #expect(l.value(forKeyPath: "frame.origin.y") as? CGFloat == 5)
        #expect(l.value(forKeyPath: "position") as? CGPoint == l.position)
    }

    @Test func transformKeyPaths() throws {
        let l = CALayer()
        l.setValue(CGFloat.pi / 4, forKeyPath: "transform.rotation.z")
        l.setValue(CGFloat.pi / 4, forKeyPath: "transform.rotation.z")
        let z = try #require(l.value(forKeyPath: "transform.rotation.z") as? CGFloat)
        #expect(close(z, .pi / 4))
        #expect(close(l.transform, CATransform3DMakeRotation(.pi / 4, 0, 0, 1)))
        #expect(close(try #require(l.value(forKeyPath: "transform.rotation") as? CGFloat), .pi / 4))

        l.transform = CATransform3DMakeScale(2, 3, 4)
        #expect(close(try #require(l.value(forKeyPath: "transform.scale") as? CGFloat), 3))
        #expect(close(try #require(l.value(forKeyPath: "transform.scale.y") as? CGFloat), 3))
        l.setValue(1.5, forKeyPath: "transform.scale")
        #expect(close(l.transform, CATransform3DMakeScale(1.5, 1.5, 1.5)))

        l.transform = CATransform3DMakeTranslation(7, 8, 9)
        #expect(close(try #require(l.value(forKeyPath: "transform.translation.x") as? CGFloat), 7))
        #expect(l.value(forKeyPath: "transform.translation") as? CGSize == CGSize(width: 7, height: 8))
        l.setValue(20, forKeyPath: "transform.translation.y")
        #expect(close(l.transform, CATransform3DMakeTranslation(7, 20, 9)))
    }

    @Test func rotationKeyPathKeepsOtherComponents() throws {
        let l = CALayer()
        l.transform = CATransform3DMakeScale(2, 2, 1)
        l.setValue(CGFloat.pi / 2, forKeyPath: "transform.rotation.z")
        #expect(
            close(
                l.transform,
                CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeRotation(.pi / 2, 0, 0, 1))))
        #expect(close(try #require(l.value(forKeyPath: "transform.scale.x") as? CGFloat), 2))
    }

    /// A mirror decomposes as a negative x scale: setting `transform.scale.y` keeps a layer
    /// flipped in x (it used to flip it in y as well, the mirror read as all three scales
    /// negated and a half turn about x), and reading `transform.scale.x` says −1.
    @Test func aMirrorIsANegativeXScale() throws {
        let l = CALayer()
        l.setValue(-1, forKeyPath: "transform.scale.x")
        l.setValue(2, forKeyPath: "transform.scale.y")
        #expect(close(l.transform, CATransform3DMakeScale(-1, 2, 1)))
        #expect(close(try #require(l.value(forKeyPath: "transform.scale.x") as? CGFloat), -1))
        #expect(close(try #require(l.value(forKeyPath: "transform.rotation.x") as? CGFloat), 0))
        // Mirrored in y and turned: the same matrix back, whichever axis carries the sign.
        let m = CATransform3DConcat(CATransform3DMakeScale(1, -3, 1), CATransform3DMakeRotation(.pi / 6, 0, 0, 1))
        l.transform = m
        l.setValue(0.5, forKeyPath: "transform.translation.x")
        #expect(close(l.transform, CATransform3DConcat(m, CATransform3DMakeTranslation(0.5, 0, 0))))
        // Skewed and mirrored.
        var skewed = CATransform3DMakeScale(-2, 1, 1)
        skewed.m21 = 0.5
        l.transform = skewed
        l.setValue(0, forKeyPath: "transform.translation.y")
        #expect(close(l.transform, skewed))
    }

    @Test func unknownKeyPathsAreReportedNotCrashing() {
        let l = CALayer()
        #expect(throws: KeyValueCodingError.self) { try l.strictSetValue(1, forKeyPath: "position.z") }
        #expect(throws: KeyValueCodingError.self) { try l.strictValue(forKeyPath: "transform.rotation.w") }
        #expect(throws: KeyValueCodingError.self) { try l.strictValue(forKeyPath: "opacity.x") }
        let (_, warnings) = Diagnostics.capture {
            l.setValue(1, forKeyPath: "bounds.size.depth")
            _ = l.value(forKeyPath: "position.z")
        }
        #expect(warnings.count == 2)
        #expect(warnings[0].contains("bounds") && warnings[0].contains("size.width"))
    }

    @Test func wrongTypesAreRefused() {
        let l = CALayer()
        let (_, warnings) = Diagnostics.capture {
            l.setValue("big", forKey: "opacity")
            l.setValue(CGFloat.nan, forKey: "zPosition")
            l.setValue(3, forKey: "position")
        }
        #expect(warnings.count == 3)
        #expect(l.opacity == 1 && l.zPosition == 0 && l.position == .zero)
        #expect(throws: KeyValueCodingError.self) { try l.strictSetValue("x", forKeyPath: "position.x") }
    }

    @Test func customKeysAreStored() {
        let l = CALayer()
        l.setValue(42, forKey: "angle")
        l.setValue("hello", forKey: "greeting")
        #expect(l.value(forKey: "angle") as? CGFloat == 42)
        #expect(l.value(forKey: "greeting") as? String == "hello")
        #expect(l.value(forKey: "unset") == nil)
        l.setValue(CGPoint(x: 1, y: 2), forKey: "spot")
        #expect(l.value(forKeyPath: "spot.y") as? CGFloat == 2)
    }

    @Test func subclassDefaultsAnswerUnsetKeys() {
        final class Dial: CALayer {
            override class func defaultValue(forKey key: String) -> Any? {
                key == "angle" ? CGFloat(0.25) : super.defaultValue(forKey: key)
            }
        }
        #expect(Dial().value(forKey: "angle") as? CGFloat == 0.25)
    }
}

/// Subclass keys reached by key-value coding with Apple's names and any value.
@Suite struct SubclassKeyValueCodingTests {
    @Test func wrappedIsTheKeyOfIsWrapped() {
        let text = CATextLayer()
        text.setValue(true, forKey: "wrapped")
        #expect(text.isWrapped)
        #expect(text.value(forKey: "wrapped") as? Bool == true)
        #expect(text.value(forKey: "isWrapped") as? Bool == true)
        text.isWrapped = false
        #expect(text.value(forKey: "wrapped") as? Bool == false)
        #expect(CATextLayer.declaredKeys.contains("wrapped"))
        #expect(CATextLayer.valueKind(forKeyPath: "wrapped") == .bool)
    }

    @Test func scrollModeBySetValue() {
        let scroll = CAScrollLayer()
        scroll.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        scroll.setValue("vertically", forKey: "scrollMode")
        #expect(scroll.scrollMode == .vertically)
        scroll.scroll(to: CGPoint(x: 30, y: 40))
        #expect(scroll.bounds.origin == CGPoint(x: 0, y: 40))
        #expect(scroll.presentation()?.scrollMode == .vertically)
    }

    @Test func hugeAndNaNInstanceCountsDoNotTrap() {
        let replicator = CAReplicatorLayer()
        replicator.setValue(1e300, forKey: "instanceCount")
        #expect(replicator.instanceCount == Int(1e15))
        replicator.setValue(Double.nan, forKey: "instanceCount")
        #expect(replicator.instanceCount == 0)
        replicator.setValue(-Double.infinity, forKey: "instanceCount")
        #expect(replicator.instanceCount == Int(-1e15))
    }

    @Test func bitmaskKeysAreNumbers() {
        #expect(CALayer.valueKind(forKeyPath: "autoresizingMask") == .number)
        #expect(CALayer.valueKind(forKeyPath: "maskedCorners") == .number)
        #expect(CALayer.valueKind(forKeyPath: "edgeAntialiasingMask") == .number)
        let layer = CALayer()
        layer.setValue(1e300, forKey: "autoresizingMask")
        layer.setValue(Double.nan, forKey: "maskedCorners")
        #expect(layer.maskedCorners.rawValue == 15, "NaN is refused with a warning; the default stays")
        #expect(layer.autoresizingMask.rawValue == UInt32.max)
    }
}
