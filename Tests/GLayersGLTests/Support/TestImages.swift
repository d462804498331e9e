/// Small procedural images for renderer tests (premultiplied RGBA, made in code so no
/// fixture files are needed).
import GLayersGraphics

enum TestImages {
    /// A `size`×`size` checkerboard of `cells` cells per side with a colour ramp, opaque.
    static func checker(size: Int = 16, cells: Int = 4) -> CGImage {
        make(size, size) { x, y in
            let dark = ((x * cells / size) + (y * cells / size)) % 2 == 0
            let r = UInt8(40 + 200 * x / max(1, size - 1)), b = UInt8(40 + 200 * y / max(1, size - 1))
            return dark ? (r, 40, b, 255) : (230, 230, 230, 255)
        }
    }

    /// A 12×12 nine-slice frame: 4-pixel corners of distinct colours, edges and a centre.
    static func frame() -> CGImage {
        make(12, 12) { x, y in
            let col = x < 4 ? 0 : (x < 8 ? 1 : 2), row = y < 4 ? 0 : (y < 8 ? 1 : 2)
            switch (col, row) {
            case (1, 1): return (250, 250, 250, 255)
            case (0, 0): return (220, 30, 30, 255)
            case (2, 0): return (30, 160, 30, 255)
            case (0, 2): return (30, 60, 220, 255)
            case (2, 2): return (230, 180, 20, 255)
            default: return (60, 60, 60, 255)
            }
        }
    }

    /// A translucent disc (alpha falls off at the rim), premultiplied white-blue.
    static func disc(size: Int = 32) -> CGImage {
        make(size, size) { x, y in
            let dx = (Float(x) + 0.5) / Float(size) * 2 - 1, dy = (Float(y) + 0.5) / Float(size) * 2 - 1
            let r = (dx * dx + dy * dy).squareRoot()
            let a = max(0, min(1, (1 - r) * 4))
            return (UInt8(200 * a), UInt8(220 * a), UInt8(255 * a), UInt8(255 * a))
        }
    }

    static func make(_ w: Int, _ h: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> CGImage {
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let p = pixel(x, y), i = (y * w + x) * 4
                (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) = p
            }
        }
        // The closures above only produce valid premultiplied pixels of positive size.
        return (try? CGImage(width: w, height: h, premultipliedRGBA: bytes)) ?? placeholder
    }

    private static let placeholder: CGImage = {
        guard let image = try? CGImage(width: 1, height: 1, premultipliedRGBA: [255, 0, 255, 255]) else {
            fatalError("1×1 image")
        }
        return image
    }()
}
