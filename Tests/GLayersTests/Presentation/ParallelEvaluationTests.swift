import Foundation
import GLayersRenderList
import Testing

@testable import GLayers

extension ClockTests {
    /// Evaluation of a wide tree split among threads (`EngineThreads`, #21) gives the render
    /// lists one thread gives, frame after frame.
    @Suite struct ParallelEvaluation {
        /// A root with `count` sublayers, each moving, turning and fading (a few with their own
        /// sublayer), and one animated mask.
        func scene(_ count: Int) -> CALayer {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 640, height: 480)
            for i in 0..<count {
                let layer = Self.movingLayer(i)
                let colour = CAKeyframeAnimation(keyPath: "backgroundColor")
                colour.values = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
                colour.duration = 0.75
                colour.beginTime = Double(i % 4) / 8
                layer.add(colour, forKey: "colour")
                if i % 50 == 0 {
                    let inner = CALayer()
                    inner.frame = CGRect(x: 2, y: 2, width: 4, height: 4)
                    inner.backgroundColor = CGColor(gray: 0.5, alpha: 1)
                    let fade = CABasicAnimation(keyPath: "opacity")
                    fade.toValue = 0
                    fade.duration = 1
                    inner.add(fade, forKey: "fade")
                    layer.addSublayer(inner)
                }
                root.addSublayer(layer)
            }
            return root
        }

        /// The `i`th square of a grid of 40 a row, coloured by `i`, moving down and turning,
        /// each at its own pace.
        static func movingLayer(_ i: Int) -> CALayer {
            let layer = CALayer()
            layer.frame = CGRect(x: Double(i % 40) * 16, y: Double(i / 40) * 16, width: 12, height: 12)
            layer.backgroundColor = CGColor(red: Double(i % 7) / 7, green: 0.5, blue: 0.25, alpha: 1)
            let move = CABasicAnimation(keyPath: "position.y")
            move.byValue = 30 + Double(i % 13)
            move.duration = 0.5 + Double(i % 5) / 10
            move.repeatCount = .infinity
            layer.add(move, forKey: "move")
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.toValue = Double(i % 3) + 0.5
            turn.duration = 1
            layer.add(turn, forKey: "turn")
            return layer
        }

        /// What `describe` says of frames 0, 0.1, … 1.2 s of the tree `makeRoot` makes, with
        /// `threads` threads and wide layers from `minimum` sublayers.
        static func frames(
            threads: Int, minimum: Int, of makeRoot: () -> CALayer,
            _ describe: (FrameBuilder, CALayer, CFTimeInterval) -> String
        ) -> [String] {
            let saved = (EngineThreads.count, EngineThreads.minimumParallelSublayers)
            EngineThreads.count = threads
            EngineThreads.minimumParallelSublayers = minimum
            defer { (EngineThreads.count, EngineThreads.minimumParallelSublayers) = saved }
            var out: [String] = []
            withManualClock {
                let root = makeRoot()
                let host = CALayerHost(rootLayer: root)
                defer { host.detach() }
                let builder = FrameBuilder()
                for f in 0...12 {
                    let t = Double(f) / 10
                    frame(at: t)
                    out.append(describe(builder, root, t))
                }
            }
            return out
        }

        /// The render lists of frames 0, 0.1, … 1.2 s with `threads` threads.
        func dumps(threads: Int, count: Int) -> [String] {
            Self.frames(threads: threads, minimum: 64, of: { scene(count) }) { builder, root, t in
                root.evaluatePresentationTree(atMediaTime: t)
                return builder.build(root: root, at: t, size: CGSize(width: 640, height: 480), scale: 1).dump()
            }
        }

        /// A wide layer's sweep counts its sublayers that have sublayers or a mask once, not
        /// every frame, and counts again after any change that may make a sublayer a branch or
        /// a leaf: its own sublayers, or a sublayer's sublayers or mask.
        @Test func branchesAreCountedAgainAfterTheTreeChanges() {
            let saved = (EngineThreads.count, EngineThreads.minimumParallelSublayers)
            EngineThreads.count = 2
            EngineThreads.minimumParallelSublayers = 64
            defer { (EngineThreads.count, EngineThreads.minimumParallelSublayers) = saved }
            withManualClock {
                let root = CALayer()
                let subs = (0..<100).map { _ in CALayer() }
                for sub in subs { root.addSublayer(sub) }
                func counted() -> Int8 {
                    root.evaluatePresentationTree(atMediaTime: 0)
                    return root.sublayerBranches
                }
                #expect(counted() == 0)
                let inner = CALayer()
                subs[3].addSublayer(inner)
                #expect(root.sublayerBranches == -1)
                #expect(counted() == 1)
                subs[5].mask = CALayer()
                #expect(root.sublayerBranches == -1)
                #expect(counted() == 2)
                inner.removeFromSuperlayer()
                #expect(counted() == 1)
                subs[5].mask = nil
                #expect(counted() == 0)
                let branch = CALayer()
                branch.addSublayer(CALayer())
                root.addSublayer(branch)
                #expect(counted() == 1)
                branch.removeFromSuperlayer()
                #expect(counted() == 0)
            }
        }

        @Test func threadsGiveTheListsOfOneThread() {
            let one = dumps(threads: 1, count: 600)
            for threads in [2, 3, 8] {
                #expect(dumps(threads: threads, count: 600) == one, "\(threads) threads")
            }
        }
    }
}
