import Foundation
import GLayers
import Testing

extension ClockTests {
    /// Implicit animations and actions, transactions, the layer animation
    /// API and delegates.
    @Suite struct ActionsAndTransactions {
        /// A live layer: its root is shown by a host.
        func liveLayer() -> (CALayerHost, CALayer) {
            let root = CALayer(), layer = CALayer()
            root.addSublayer(layer)
            let host = CALayerHost(rootLayer: root)
            CATransaction.flush()
            return (host, layer)
        }

        @Test func implicitAnimationUsesQuarterSecondAndTheDefaultCurve() {
            withManualClock {
                let (host, layer) = liveLayer()
                layer.opacity = 0
                #expect(layer.opacity == 0)
                #expect(layer.animationKeys() == ["opacity"])
                let a = layer.animation(forKey: "opacity") as? CABasicAnimation
                #expect(a?.duration == 0.25 && a?.keyPath == "opacity")
                #expect(a?.timingFunction == CAMediaTimingFunction(name: .default))
                frame(at: 0)
                frame(at: 0.125)
                let expected = 1 - CAMediaTimingFunction(name: .default).evaluate(0.5)
                #expect(abs(presented(layer, "opacity") - CGFloat(expected)) < 1e-6)
                frame(at: 0.25)
                #expect(layer.animationKeys() == nil && presented(layer, "opacity") == 0)
                host.detach()
            }
        }

        @Test func standaloneLayersDoNotAnimateImplicitly() {
            withManualClock {
                let layer = CALayer()
                layer.opacity = 0
                #expect(layer.animationKeys() == nil)
                #expect(layer.action(forKey: "opacity") is CABasicAnimation)
            }
        }

        @Test func aChangeMidAnimationStartsFromWhatIsOnScreen() {
            withManualClock {
                let (host, layer) = liveLayer()
                CATransaction.begin()
                CATransaction.setAnimationDuration(1)
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                layer.position = CGPoint(x: 100, y: 0)
                CATransaction.commit()
                frame(at: 0)
                frame(at: 0.5)
                #expect(presented(layer, "position.x") == 50)
                CATransaction.begin()
                CATransaction.setAnimationDuration(1)
                CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
                layer.position = CGPoint(x: 0, y: 0)
                CATransaction.commit()
                frame(at: 0.5)
                #expect(presented(layer, "position.x") == 50)
                frame(at: 1.0)
                #expect(presented(layer, "position.x") == 25)
                host.detach()
            }
        }

        /// The guide's listing 4: outer duration 2 (position), inner duration 5 (zPosition,
        /// opacity); nothing starts until the outer commit.
        @Test func nestedTransactions() {
            withManualClock {
                let (host, layer) = liveLayer()
                CATransaction.begin()
                CATransaction.setValue(2.0, forKey: kCATransactionAnimationDuration)
                layer.position = CGPoint(x: 0, y: 0)
                CATransaction.begin()
                CATransaction.setValue(5.0, forKey: kCATransactionAnimationDuration)
                layer.zPosition = 200
                layer.opacity = 0
                CATransaction.commit()
                #expect(CATransaction.animationDuration() == 2)
                CATransaction.commit()
                #expect(layer.animation(forKey: "position")?.duration == 2)
                #expect(layer.animation(forKey: "zPosition")?.duration == 5)
                #expect(layer.animation(forKey: "opacity")?.duration == 5)
                host.detach()
            }
        }

        @Test func transactionSettingsAndKeys() {
            withManualClock {
                CATransaction.begin()
                #expect(CATransaction.animationDuration() == 0.25 && !CATransaction.disableActions())
                CATransaction.setDisableActions(true)
                #expect(CATransaction.value(forKey: kCATransactionDisableActions) as? Bool == true)
                CATransaction.begin()
                #expect(CATransaction.disableActions())  // inherited
                CATransaction.setValue(false, forKey: kCATransactionDisableActions)
                #expect(!CATransaction.disableActions())
                CATransaction.commit()
                #expect(CATransaction.disableActions())
                let (_, warnings) = Diagnostics.capture {
                    CATransaction.setValue("slow", forKey: kCATransactionAnimationDuration)
                }
                #expect(warnings.count == 1)
                CATransaction.setValue("mine", forKey: "custom")
                #expect(CATransaction.value(forKey: "custom") as? String == "mine")
                CATransaction.commit()
                CATransaction.lock()
                CATransaction.lock()
                CATransaction.unlock()
                CATransaction.unlock()
            }
        }

        @Test func disablingActions() {
            withManualClock {
                let (host, layer) = liveLayer()
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.opacity = 0.5
                layer.position = CGPoint(x: 9, y: 9)
                CATransaction.commit()
                #expect(layer.animationKeys() == nil)
                #expect(layer.action(forKey: "opacity") != nil)  // disabling does not change the lookup
                host.detach()
            }
        }

        final class Delegate: CALayerDelegate {
            var answers: [String: CAAction?] = [:]
            var asked: [String] = []
            func action(for layer: CALayer, forKey event: String) -> CAAction? {
                asked.append(event)
                return answers[event] ?? nil
            }
        }

        final class Marker: CAAction {
            let name: String
            var runs: [String] = []
            init(_ name: String) { self.name = name }
            func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
                runs.append(event)
            }
        }

        @Test func actionSearchOrder() {
            let layer = CALayer()
            let delegate = Delegate()
            layer.delegate = delegate
            let fromDelegate = Marker("delegate"), fromActions = Marker("actions"), fromStyle = Marker("style")
            layer.actions = ["a": fromActions, "b": fromActions, "n": NSNull()]
            layer.style = [
                "actions": ["a": fromStyle, "c": fromStyle, "s": NSNull()], "style": ["actions": ["d": fromStyle]],
            ]
            delegate.answers = ["a": fromDelegate, "x": NSNull()]
            #expect((layer.action(forKey: "a") as? Marker) === fromDelegate)  // delegate first
            #expect((layer.action(forKey: "b") as? Marker) === fromActions)  // delegate nil: go on
            #expect((layer.action(forKey: "c") as? Marker) === fromStyle)  // then the style
            #expect((layer.action(forKey: "d") as? Marker) === fromStyle)  // nested styles
            #expect(layer.action(forKey: "n") == nil)  // NSNull in actions stops
            #expect(layer.action(forKey: "s") == nil)  // NSNull in the style stops
            delegate.answers["opacity"] = .some(NSNull())
            #expect(layer.action(forKey: "opacity") == nil)  // NSNull from the delegate stops
            #expect(layer.action(forKey: "position") is CABasicAnimation)  // built in last
            #expect(CALayer.defaultAction(forKey: "position") == nil)
            #expect(layer.action(forKey: "sublayers") is CATransition)
            #expect(layer.action(forKey: "onOrderIn") == nil)
            #expect(delegate.asked.first == "a")
        }

        @Test func actionsRunOnLiveChangesAndAnimationsWithoutKeyPathTakeTheKey() {
            withManualClock {
                let (host, layer) = liveLayer()
                let marker = Marker("m")
                let slow = CABasicAnimation()
                slow.duration = 3
                layer.actions = ["zPosition": marker, "opacity": slow]
                layer.zPosition = 5
                #expect(marker.runs == ["zPosition"])
                layer.opacity = 0.5
                let added = layer.animation(forKey: "opacity") as? CABasicAnimation
                #expect(added?.keyPath == "opacity" && added?.duration == 3)
                #expect(slow.keyPath == nil)  // the caller's object is not changed
                host.detach()
            }
        }

        @Test func hiddenAndOrderEvents() {
            withManualClock {
                let (host, layer) = liveLayer()
                let delegate = Delegate()
                layer.delegate = delegate
                layer.isHidden = true
                #expect(delegate.asked == ["hidden", "onOrderOut"])
                #expect(layer.animation(forKey: "hidden") is CATransition)
                let child = CALayer()
                let childDelegate = Delegate()
                child.delegate = childDelegate
                layer.addSublayer(child)
                #expect(delegate.asked.last == "sublayers" && childDelegate.asked == ["onOrderIn"])
                host.detach()
            }
        }

        @Test func addCopiesAndExplicitAnimationsLeaveTheModel() {
            withManualClock {
                let layer = CALayer()
                let a = CABasicAnimation(keyPath: "opacity")
                a.toValue = 0
                layer.add(a, forKey: "fade")
                a.toValue = 1
                a.duration = 9
                let stored = layer.animation(forKey: "fade") as? CABasicAnimation
                #expect(stored !== a && stored?.toValue as? Int == 0 && stored?.duration == 0.25)
                #expect(a.duration == 9)
                #expect(layer.opacity == 1)
                layer.add(CABasicAnimation(keyPath: "position.x"), forKey: "move")
                #expect(layer.animationKeys() == ["fade", "move"])
                layer.add(CABasicAnimation(keyPath: "zPosition"), forKey: "fade")
                #expect(layer.animationKeys() == ["move", "fade"])
                layer.removeAnimation(forKey: "move")
                #expect(layer.animationKeys() == ["fade"])
                layer.removeAllAnimations()
                #expect(layer.animationKeys() == nil)
                let t = CATransition()
                layer.add(t, forKey: nil)
                #expect(layer.animationKeys() == ["transition"])
            }
        }

        /// Issue #14 (found by fuzzing): a transition snapshots the tree as it was before the
        /// transaction, from the recorded sublayers of live layers that changed and the current
        /// ones of the others. A root moved under its former sublayer led back to itself: the
        /// snapshot recursed until the stack overflowed, and, once bounded, kept the root alive
        /// through its own transition (freed in the middle of removing it when it ended).
        @Test func transitionOnARootMovedUnderItsFormerSublayer() {
            withManualClock {
                weak var weakRoot: CALayer?
                do {
                    let root = CALayer(), former = CALayer()
                    weakRoot = root
                    let host = CALayerHost(rootLayer: root)
                    root.addSublayer(former)
                    CATransaction.flush()
                    CATransaction.begin()
                    former.removeFromSuperlayer()
                    former.addSublayer(root)
                    root.add(CATransition(), forKey: nil)
                    CATransaction.commit()
                    #expect(root.superlayer === former)
                    #expect(root.animation(forKey: "transition") is CATransition)
                    frame(at: 0.1)
                    host.detach()
                }
                frame(at: 1)
                #expect(weakRoot == nil)
            }
        }

        @Test func delegateHearsStartAndStop() {
            withManualClock {
                let layer = CALayer()
                let recorder = AnimationRecorder()
                let a = CABasicAnimation(keyPath: "opacity")
                a.toValue = 0
                a.duration = 1
                a.delegate = recorder
                layer.add(a, forKey: "a")
                frame(at: 0)
                #expect(recorder.events == ["start"])
                frame(at: 1)
                #expect(recorder.events == ["start", "stop true"])
                let early = AnimationRecorder()
                a.delegate = early
                layer.add(a, forKey: "b")
                frame(at: 1.5)
                layer.removeAnimation(forKey: "b")
                frame(at: 1.6)
                #expect(early.events == ["start", "stop false"])
            }
        }

        /// Detecting `finished` in a completion block with removedOnCompletion = NO
        /// and fillMode forwards.
        @Test func completionBlockDetectsFinished() {
            withManualClock {
                let layer = CALayer()
                var outcome: String?
                CATransaction.begin()
                CATransaction.setCompletionBlock {
                    if layer.animation(forKey: "myAnimation") != nil {
                        outcome = "finished"
                        layer.removeAnimation(forKey: "myAnimation")
                    } else {
                        outcome = "removed"
                    }
                }
                let a = CABasicAnimation(keyPath: "position.x")
                a.duration = 3
                a.byValue = 100
                a.isRemovedOnCompletion = false
                a.fillMode = .forwards
                layer.add(a, forKey: "myAnimation")
                CATransaction.commit()
                frame(at: 0)
                frame(at: 2.9)
                #expect(outcome == nil)
                #expect(presented(layer, "position.x") > 90)
                frame(at: 3)
                #expect(outcome == "finished")
                #expect(layer.animationKeys() == nil)

                outcome = nil
                CATransaction.begin()
                CATransaction.setCompletionBlock {
                    outcome = layer.animation(forKey: "myAnimation") == nil ? "removed" : "finished"
                }
                layer.add(a, forKey: "myAnimation")
                CATransaction.commit()
                frame(at: 4)
                layer.removeAnimation(forKey: "myAnimation")
                frame(at: 4.1)
                #expect(outcome == "removed")
            }
        }

        @Test func completionBlocksWithoutAnimationsRunAtTheNextFlushOnce() {
            withManualClock {
                var runs = 0, second = 0
                CATransaction.begin()
                CATransaction.setCompletionBlock { runs += 1 }
                CATransaction.setCompletionBlock { second += 1 }
                CATransaction.commit()
                #expect(runs == 0)
                CATransaction.flush()
                #expect(runs == 1 && second == 1)
                CATransaction.flush()
                #expect(runs == 1)
            }
        }

        @Test func nestedCompletionWaitsForInnerAnimations() {
            withManualClock {
                let (host, layer) = liveLayer()
                var done = false
                CATransaction.begin()
                CATransaction.setAnimationDuration(2)
                CATransaction.setCompletionBlock { done = true }
                layer.opacity = 0
                CATransaction.begin()
                CATransaction.setAnimationDuration(1)
                layer.transform = CATransform3DMakeScale(3, 3, 3)
                #expect(CATransaction.completionBlock() != nil)
                CATransaction.commit()
                CATransaction.commit()
                frame(at: 0)
                frame(at: 1.5)
                #expect(!done)
                frame(at: 2)
                #expect(done)
                host.detach()
            }
        }
    }
}
