import QuartzCore
import Testing

/// Constants and small types that code written for Apple's platforms uses with
/// `import QuartzCore`, used as that code uses them.
@Suite struct AppleConstants {
    @Test func coreFoundationAndCNames() {
        let started: CFTimeInterval = CACurrentMediaTime()
        #expect(started >= 0)
        let object: CFTypeRef = CALayer()
        #expect(object is CALayer)
        let forever = CABasicAnimation(keyPath: "transform.rotation.z")
        forever.repeatCount = HUGE
        #expect(forever.repeatCount == Float.greatestFiniteMagnitude)
        forever.repeatCount = MAXFLOAT
        let bound = CGSize(width: CGFloat(MAXFLOAT), height: .greatestFiniteMagnitude)
        #expect(bound.width == CGFloat(Float.greatestFiniteMagnitude))
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
    }

    @Test func coreFoundationBooleansAreBooleans() {
        let layer = CALayer()
        layer.setValue(kCFBooleanTrue, forKey: "hidden")
        layer.setValue(kCFBooleanTrue, forKey: "masksToBounds")
        #expect(layer.isHidden && layer.masksToBounds)
        layer.setValue(kCFBooleanFalse, forKeyPath: "hidden")
        #expect(!layer.isHidden)
        CATransaction.begin()
        CATransaction.setValue(kCFBooleanTrue, forKey: kCATransactionDisableActions)
        #expect(CATransaction.disableActions())
        CATransaction.commit()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.setValue(kCFBooleanFalse, forKey: "removedOnCompletion")
        #expect(!fade.isRemovedOnCompletion)
    }

    @Test func constantsOfSwiftBefore4Point2() {
        // As Swift 3 and 4 code wrote them.
        let anim = CABasicAnimation(keyPath: "position")
        anim.fillMode = kCAFillModeForwards
        anim.timingFunction = CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseInEaseOut)
        #expect(anim.fillMode == .forwards && anim.fillMode == kCAFillModeForwards)
        anim.setValue(kCAFillModeBoth, forKey: "fillMode")
        #expect(anim.fillMode == .both)
        let curves = [
            kCAMediaTimingFunctionLinear, kCAMediaTimingFunctionEaseIn, kCAMediaTimingFunctionEaseOut,
            kCAMediaTimingFunctionDefault,
        ].map { CAMediaTimingFunction(name: $0) }
        #expect(curves.count == 4)
        let key = CAKeyframeAnimation(keyPath: "position")
        key.calculationMode = kCAAnimationPaced
        key.rotationMode = kCAAnimationRotateAuto
        #expect(key.calculationMode == .paced && key.rotationMode == .rotateAuto)
        let transition = CATransition()
        transition.type = kCATransitionPush
        transition.subtype = kCATransitionFromLeft
        #expect(transition.type == .push && transition.subtype == .fromLeft)
        let spin = CABasicAnimation(keyPath: "transform")
        spin.valueFunction = CAValueFunction(name: kCAValueFunctionRotateZ)
        #expect(spin.valueFunction != nil)

        let layer = CALayer()
        layer.contentsGravity = kCAGravityResizeAspectFill
        layer.magnificationFilter = kCAFilterNearest
        layer.setValue(kCAGravityTopLeft, forKey: "contentsGravity")
        #expect(layer.contentsGravity == .topLeft && layer.magnificationFilter == .nearest)
        let shape = CAShapeLayer()
        shape.lineCap = kCALineCapRound
        shape.lineJoin = kCALineJoinBevel
        shape.fillRule = kCAFillRuleEvenOdd
        #expect(shape.lineCap == .round && shape.lineJoin == .bevel && shape.fillRule == .evenOdd)
        let text = CATextLayer()
        text.alignmentMode = kCAAlignmentCenter
        text.truncationMode = kCATruncationEnd
        #expect(text.alignmentMode == .center && text.truncationMode == .end)
        let gradient = CAGradientLayer()
        gradient.type = kCAGradientLayerRadial
        #expect(gradient.type == .radial)
        let scroll = CAScrollLayer()
        scroll.scrollMode = kCAScrollVertically
        #expect(scroll.scrollMode == .vertically)
    }

    @Test func typedNamesOfCurrentSwift() {
        let anim = CABasicAnimation(keyPath: "opacity")
        anim.fillMode = CAMediaTimingFillMode.forwards
        anim.timingFunction = CAMediaTimingFunction(name: CAMediaTimingFunctionName.easeIn)
        #expect(anim.fillMode.rawValue == "forwards")
        let layer = CALayer()
        layer.contentsGravity = CALayerContentsGravity.resizeAspect
        #expect(layer.contentsGravity == .resizeAspect)
    }

    @Test func cornerCurvesAndFrameRates() throws {
        #expect(kCACornerCurveContinuous == .continuous && kCACornerCurveCircular == .circular)
        #expect(CALayer.cornerCurveExpansionFactor(.circular) == 1)
        #expect(abs(CALayer.cornerCurveExpansionFactor(.continuous) - 1.52866) < 1e-9)
        let a = CABasicAnimation(keyPath: "opacity")
        #expect(a.preferredFrameRateRange == .default)
        a.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 120, preferred: 60)
        let copy = try #require(a.copy() as? CABasicAnimation)
        #expect(copy.preferredFrameRateRange == CAFrameRateRange(minimum: 30, maximum: 120, preferred: 60))
    }
}
