/// The snowfall workload of the benchmarks (the scene of the floor program `snow.c`):
/// N textured 64×64 flakes under an `m34` perspective, each with a linear position animation
/// and cumulative rotations about x, y and z — built with the public Core Animation API.
import Foundation
import GLayers

/// Builds snowfall scenes.
public enum SnowfallWorkload {
    /// A 64×64 premultiplied snowflake image (the same drawing as snow.c's texture).
    public static func flakeImage(size: Int = 64, variant: Int = 0) -> CGImage? {
        var px = [UInt8](repeating: 0, count: size * size * 4)
        for y in 0..<size {
            for x in 0..<size {
                let dx = (Double(x) + 0.5) / Double(size) * 2 - 1, dy = (Double(y) + 0.5) / Double(size) * 2 - 1
                let r = (dx * dx + dy * dy).squareRoot()
                let arm = pow(abs(cos(3 * atan2(dy, dx))), 24)
                var a = r < 1 ? max(0.35 * (1 - r), arm * (1 - r)) : 0
                if r < 0.15 { a = 1 }
                a = min(a * 1.6, 1)
                let tint = 1 - 0.1 * Double(variant % 4)
                let i = (y * size + x) * 4
                px[i] = UInt8(255 * a * tint)
                px[i + 1] = UInt8(255 * a * tint)
                px[i + 2] = UInt8(255 * a)
                px[i + 3] = UInt8(255 * a)
            }
        }
        return try? CGImage(width: size, height: size, premultipliedRGBA: px)
    }

    /// A root layer of `size` with `count` falling flakes; animations begin at media time
    /// `start` (deterministic: the same seed gives the same scene).
    public static func makeScene(count: Int, size: CGSize, seed: UInt32 = 12345, start: CFTimeInterval = 0) -> CALayer {
        var rng = seed
        func rand() -> CGFloat {
            rng ^= rng << 13
            rng ^= rng >> 17
            rng ^= rng << 5
            return CGFloat(rng >> 8) / 16_777_216
        }
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = CGColor(red: 0.05, green: 0.07, blue: 0.15, alpha: 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 800
        root.sublayerTransform = perspective
        let image = flakeImage()
        let flake: CGFloat = 64
        let span = size.height + 2 * flake
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for _ in 0..<count {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: flake, height: flake)
            layer.contents = image
            let x = rand() * size.width, y0 = rand() * span - flake, z = (rand() - 0.5) * 200
            let speed = 40 + rand() * 120
            layer.position = CGPoint(x: x, y: y0)
            layer.zPosition = z
            let fall = CABasicAnimation(keyPath: "position.y")
            fall.fromValue = y0
            fall.toValue = y0 + span
            fall.duration = Double(span / speed)
            fall.repeatCount = .infinity
            fall.beginTime = start
            fall.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(fall, forKey: "fall")
            for axis in ["x", "y", "z"] {
                let spin = CABasicAnimation(keyPath: "transform.rotation.\(axis)")
                spin.fromValue = 0
                spin.toValue = CGFloat.pi
                spin.duration = Double(1 + rand() * 3)
                spin.repeatCount = .infinity
                spin.isCumulative = true
                spin.beginTime = start
                spin.timingFunction = CAMediaTimingFunction(name: .linear)
                layer.add(spin, forKey: "rotate \(axis)")
            }
            root.addSublayer(layer)
        }
        CATransaction.commit()
        return root
    }
}
