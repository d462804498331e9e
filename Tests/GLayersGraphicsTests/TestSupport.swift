import Foundation
import GLayersGraphics
import Testing

/// Shared helpers of the graphics tests.
enum Fixtures {
    /// The URL of a file in the copied `Fixtures` folder.
    static func url(_ name: String) throws -> URL {
        let base = try #require(Bundle.module.resourceURL)
        return base.appendingPathComponent("Fixtures").appendingPathComponent(name)
    }

    /// The straight RGBA pixels of `rgba.png` (scripts/make-graphics-fixtures.py writes them).
    static let rgba: [[(UInt8, UInt8, UInt8, UInt8)]] = [
        [(255, 0, 0, 255), (0, 255, 0, 128), (0, 0, 255, 1), (10, 20, 30, 0)],
        [(255, 255, 255, 255), (200, 100, 50, 200), (17, 34, 51, 64), (255, 128, 0, 254)],
        [(0, 0, 0, 255), (128, 128, 128, 127), (250, 5, 99, 3), (1, 2, 3, 255)],
    ]

    /// `rgba` premultiplied with the documented rounding, as a flat byte array.
    static var rgbaPremultiplied: [UInt8] {
        rgba.flatMap { row in
            row.flatMap { p -> [UInt8] in
                let a = UInt32(p.3)
                func pm(_ c: UInt8) -> UInt8 { UInt8((UInt32(c) * a + 127) / 255) }
                return [pm(p.0), pm(p.1), pm(p.2), p.3]
            }
        }
    }
}

/// A pixel as a comparable array `[r, g, b, a]` (premultiplied), `[]` outside the image.
func px(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
    guard let p = image.pixel(x: x, y: y) else { return [] }
    return [p.r, p.g, p.b, p.a]
}

/// Whether two pixels differ by at most `tolerance` in every channel.
func near(_ a: [UInt8], _ b: [UInt8], _ tolerance: Int) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
}

/// The bounding box (in pixels) of pixels whose alpha exceeds `threshold`, or nil if none.
func inkBounds(_ image: CGImage, threshold: UInt8 = 0) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    var box: (Int, Int, Int, Int)?
    for y in 0..<image.height {
        for x in 0..<image.width where image.pixels[(y * image.width + x) * 4 + 3] > threshold {
            if let b = box {
                box = (min(b.0, x), min(b.1, y), max(b.2, x), max(b.3, y))
            } else {
                box = (x, y, x, y)
            }
        }
    }
    return box.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
}

/// How the alpha of two images of one size differs: pixels with ink in `a`, the largest and the
/// summed per-pixel difference, and the total alpha of each.
struct AlphaDifference {
    var inked = 0, worst = 0, differences = 0, inkA = 0, inkB = 0

    init(_ a: CGImage, _ b: CGImage) {
        for y in 0..<a.height {
            for x in 0..<a.width {
                let (p, q) = (Int(px(a, x, y)[3]), Int(px(b, x, y)[3]))
                if p > 0 { inked += 1 }
                differences += abs(p - q)
                worst = max(worst, abs(p - q))
                (inkA, inkB) = (inkA + p, inkB + q)
            }
        }
    }
}
