import Foundation
import GLayers
import GLayersRenderList
import Testing

extension ClockTests {
    /// A wide layer's sublayers flattened on several threads (FrameBuilder+ParallelLeaves.swift,
    /// #21) give the render list, the layer numbers, the images and the warnings of one thread,
    /// frame after frame, whatever mix of memoized leaves and other sublayers it has.
    @Suite struct ParallelFlattening {
        /// A root with `count` moving, turning, fading leaves (their items memoized), among
        /// them: images shared in runs, hidden layers, layers that fade out, layers placed at
        /// infinity, layers whose colour animates (not memoized), layers with a sublayer, and a
        /// wide sublayer of its own (flattened in parallel inside the parallel one).
        func scene(_ count: Int, images: [CGImage]) -> CALayer {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 640, height: 480)
            for i in 0..<count {
                let layer = ParallelEvaluation.movingLayer(i)
                layer.zPosition = Double(i % 3)
                if i % 9 < 4 { layer.contents = images[(i / 9) % images.count] }
                if i % 31 == 0 { layer.isHidden = true }
                if i % 97 == 5 {
                    layer.transform = CATransform3DMakeTranslation(1e308, 0, 0)
                    layer.position = CGPoint(x: 1e308, y: 0)
                }
                if i % 23 == 0 {
                    let fade = CABasicAnimation(keyPath: "opacity")
                    fade.toValue = 0
                    fade.duration = 0.6
                    fade.fillMode = .forwards
                    fade.isRemovedOnCompletion = false
                    layer.add(fade, forKey: "fade")
                }
                if i % 41 == 0 {
                    let colour = CAKeyframeAnimation(keyPath: "backgroundColor")
                    colour.values = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
                    colour.duration = 0.75
                    layer.add(colour, forKey: "colour")
                }
                if i % 50 == 7 {
                    let inner = CALayer()
                    inner.frame = CGRect(x: 2, y: 2, width: 4, height: 4)
                    inner.backgroundColor = CGColor(gray: 0.5, alpha: 1)
                    layer.addSublayer(inner)
                }
                if i == count / 2 {
                    for j in 0..<300 {
                        let leaf = CALayer()
                        leaf.frame = CGRect(x: Double(j % 20), y: Double(j / 20), width: 1, height: 1)
                        leaf.backgroundColor = CGColor(gray: Double(j % 10) / 10, alpha: 1)
                        if j % 4 == 0 { leaf.contents = images[j % images.count] }
                        layer.addSublayer(leaf)
                    }
                }
                root.addSublayer(layer)
            }
            return root
        }

        /// The render lists (as text, with the layer numbers and the images counted) and the warnings of frames
        /// 0, 0.1, … 1.2 s with `threads` threads.
        func frames(threads: Int, count: Int) throws -> [String] {
            let images = try (0..<3).map { k in
                try CGImage(width: 2, height: 2, premultipliedRGBA: [UInt8](repeating: UInt8(80 * k), count: 16))
            }
            return ParallelEvaluation.frames(threads: threads, minimum: 256, of: { scene(count, images: images) }) {
                builder, root, t in
                let (list, warnings) = Diagnostics.capture {
                    builder.build(root: root, at: t, size: CGSize(width: 640, height: 480), scale: 1)
                }
                return list.dump() + "layers \(list.items.map(\.layerIndex))\nimages \(list.images.count)\n"
                    + "warnings \(warnings)\ncount \(list.layerCount)"
            }
        }

        @Test func threadsGiveTheListsOfOneThread() throws {
            let one = try frames(threads: 1, count: 900)
            #expect(one.contains { $0.contains("not finite") }, "the scene has layers placed at infinity")
            for threads in [2, 3, 8] {
                let many = try frames(threads: threads, count: 900)
                for (f, (a, b)) in zip(one, many).enumerated() where a != b {
                    let line = zip(a.split(separator: "\n"), b.split(separator: "\n")).first { $0 != $1 }
                    Issue.record("\(threads) threads, frame \(f): \(line.map { "\($0.1) instead of \($0.0)" } ?? "")")
                }
                #expect(many.count == one.count)
            }
        }
    }
}
