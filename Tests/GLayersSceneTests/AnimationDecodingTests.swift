import Foundation
import GLayers
import Testing

@testable import GLayersScene

extension SceneSerialTests {
    /// Animations: every class, the timing properties, values decoded by key path.
    @Suite struct AnimationDecodingTests {
        /// The animation `key` of the first sublayer of a scene whose layer has `animations`.
        func decodeAnimation(_ animation: String, layer: String = "", key: String = "a") throws -> CAAnimation {
            let json = withLayer(#"{ \#(layer) "animations": { "\#(key)": \#(animation) } }"#)
            let scene = try loadScene(json)
            let l = try #require(scene.rootLayer.sublayers?.first)
            return try #require(l.animation(forKey: key))
        }

        @Test func timingProperties() throws {
            let a = try decodeAnimation(
                #"""
                { "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 2, "speed": 0.5, "timeOffset": 0.25,
                  "repeatCount": 2.5, "autoreverses": true, "fillMode": "both", "isRemovedOnCompletion": false,
                  "timingFunction": [0.1, 0.2, 0.3, 0.4] }
                """#)
            #expect(a.duration == 2 && a.speed == 0.5 && a.timeOffset == 0.25 && a.repeatCount == 2.5)
            #expect(a.autoreverses && a.fillMode == .both && !a.isRemovedOnCompletion)
            #expect(a.timingFunction.map { close($0.c1.x, 0.1, 1e-6) && close($0.c2.y, 0.4, 1e-6) } == true)
            let b = try decodeAnimation(#"{ "keyPath": "opacity", "toValue": 1, "repeatDuration": 10 }"#)
            #expect(b.repeatDuration == 10)
        }

        @Test func basicValuesFollowTheKeyPath() throws {
            let p = try #require(
                try decodeAnimation(
                    #"{ "keyPath": "position", "fromValue": [1, 2], "toValue": [3, 4], "additive": true, "cumulative": true }"#
                ) as? CABasicAnimation)
            #expect(p.fromValue as? CGPoint == CGPoint(x: 1, y: 2) && p.toValue as? CGPoint == CGPoint(x: 3, y: 4))
            #expect(p.isAdditive && p.isCumulative)
            let c = try #require(
                try decodeAnimation(#"{ "keyPath": "backgroundColor", "toValue": "white" }"#) as? CABasicAnimation)
            #expect((c.toValue as? CGColor)?.rgba == RGBA(1, 1, 1, 1))
            let t = try #require(
                try decodeAnimation(#"{ "keyPath": "transform", "toValue": [{ "scale": 2 }] }"#) as? CABasicAnimation)
            #expect((t.toValue as? CATransform3D)?.m11 == 2)
            let w = try #require(
                try decodeAnimation(#"{ "keyPath": "bounds.size.width", "byValue": 10 }"#) as? CABasicAnimation)
            #expect(w.byValue as? CGFloat == 10)
        }

        @Test func valueFunctions() throws {
            let r = try #require(
                try decodeAnimation(
                    #"{ "keyPath": "transform", "valueFunction": "rotateZ", "fromValue": 0, "toValue": "180deg" }"#)
                    as? CABasicAnimation)
            #expect(r.valueFunction?.name == .rotateZ && close(r.toValue as? CGFloat ?? 0, .pi))
            let s = try #require(
                try decodeAnimation(#"{ "keyPath": "transform", "valueFunction": "scale", "toValue": [2, 2, 1] }"#)
                    as? CABasicAnimation)
            #expect(s.toValue as? [CGFloat] == [2, 2, 1])
            #expect(
                theError(
                    withLayer(
                        #"{ "animations": { "a": { "keyPath": "opacity", "valueFunction": "rotateZ", "toValue": 1 } } }"#
                    ))
                    == "test.json:3:69: root.sublayers[0].animations.a.valueFunction: a valueFunction needs the keyPath \"transform\" or \"sublayerTransform\", not \"opacity\""
            )
        }

        @Test func springs() throws {
            let s = try #require(
                try decodeAnimation(
                    #"{ "class": "CASpringAnimation", "keyPath": "position.y", "toValue": 100, "mass": 2, "stiffness": 200, "damping": 5, "initialVelocity": 1 }"#
                ) as? CASpringAnimation)
            #expect(s.mass == 2 && s.stiffness == 200 && s.damping == 5 && s.initialVelocity == 1)
            #expect(s.duration == s.settlingDuration && s.duration > 0)
        }

        @Test func keyframes() throws {
            let k = try #require(
                try decodeAnimation(
                    #"""
                    { "class": "CAKeyframeAnimation", "keyPath": "borderColor", "values": ["red", "lime", "blue"],
                      "keyTimes": [0, 0.25, 1], "timingFunctions": ["easeIn", "linear"], "timingFunction": "easeOut",
                      "calculationMode": "cubic",
                      "tensionValues": [0, 0.5, 0], "continuityValues": [0, 0, 0], "biasValues": [0, -1, 1] }
                    """#) as? CAKeyframeAnimation)
            #expect(k.values?.count == 3 && (k.values?[1] as? CGColor)?.rgba == RGBA(0, 1, 0, 1))
            #expect(k.keyTimes?.map(\.doubleValue) == [0, 0.25, 1] && k.timingFunctions?.count == 2)
            #expect(k.timingFunction == CAMediaTimingFunction(name: .easeOut))
            #expect(
                k.calculationMode == .cubic && k.tensionValues?[1].doubleValue == 0.5
                    && k.biasValues?[1].doubleValue == -1)
            let p = try #require(
                try decodeAnimation(
                    #"{ "class": "CAKeyframeAnimation", "keyPath": "position", "path": "M 0 0 L 10 10", "rotationMode": "auto" }"#
                ) as? CAKeyframeAnimation)
            #expect(p.path?.elements.count == 2 && p.rotationMode == .rotateAuto)
            let images = try #require(
                try decodeAnimation(
                    #"{ "class": "CAKeyframeAnimation", "keyPath": "contents", "values": ["images/flake0.png", "images/flake1.png"], "calculationMode": "discrete" }"#
                ) as? CAKeyframeAnimation)
            #expect(images.values?.allSatisfy { $0 is CGImage } == true)
        }

        @Test func groupsAndTransitions() throws {
            let g = try #require(
                try decodeAnimation(
                    #"""
                    { "class": "CAAnimationGroup", "duration": 5, "animations": [
                      { "class": "CAKeyframeAnimation", "keyPath": "borderWidth", "values": [1, 10, 0], "calculationMode": "paced" },
                      { "keyPath": "opacity", "toValue": 0 } ] }
                    """#) as? CAAnimationGroup)
            #expect(g.duration == 5 && g.animations?.count == 2)
            #expect((g.animations?[0] as? CAKeyframeAnimation)?.calculationMode == .paced)
            let t = try #require(
                try decodeAnimation(
                    #"{ "class": "CATransition", "type": "push", "subtype": "fromLeft", "startProgress": 0.2, "endProgress": 0.8 }"#,
                    key: "transition") as? CATransition)
            #expect(t.type == .push && t.subtype == .fromLeft && t.startProgress == 0.2 && t.endProgress == 0.8)
            #expect(
                theError(
                    withLayer(
                        #"{ "animations": { "g": { "class": "CAAnimationGroup", "animations": [{ "toValue": 1 }] } } }"#
                    ))
                    == "test.json:3:74: root.sublayers[0].animations.g.animations[0]: a grouped CABasicAnimation needs a keyPath"
            )
            #expect(
                theError(
                    withLayer(
                        #"{ "animations": { "t": { "class": "CATransition", "startProgress": 0.9, "endProgress": 0.1 } } }"#
                    ))
                    == "test.json:3:92: root.sublayers[0].animations.t.endProgress: endProgress must not be less than startProgress"
            )
        }

        @Test func beginTimeCountsFromWhenTheAnimationIsAdded() throws {
            CAMediaClock.useManualTime(100)
            let a = try decodeAnimation(#"{ "keyPath": "opacity", "toValue": 0, "beginTime": 0.5, "duration": 1 }"#)
            #expect(a.beginTime == 100.5)
            let b = try decodeAnimation(#"{ "keyPath": "opacity", "toValue": 0, "duration": 1 }"#)
            #expect(b.beginTime == 0 || b.beginTime == 100)
        }
    }
}
