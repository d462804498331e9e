/// Pixel-format conversions between the layouts glayers meets: straight RGBA (PNG files),
/// premultiplied RGBA (`CGImage`) and cairo's ARGB32 (premultiplied, one native-endian
/// 32-bit word per pixel). All loops run over unsafe buffers and allocate nothing per pixel.
import Foundation

/// Conversions between pixel layouts (internal to the graphics module).
enum PixelConversion {
    /// Premultiplies straight RGBA in place, `c' = (c·a + 127) / 255`; returns whether every
    /// alpha is 255.
    static func premultiplyInPlace(_ pixels: inout [UInt8]) -> Bool {
        var opaque = true
        pixels.withUnsafeMutableBufferPointer { buf in
            var i = 0
            let n = buf.count - buf.count % 4
            while i < n {
                let a = UInt32(buf[i + 3])
                if a != 255 {
                    opaque = false
                    buf[i] = UInt8((UInt32(buf[i]) * a + 127) / 255)
                    buf[i + 1] = UInt8((UInt32(buf[i + 1]) * a + 127) / 255)
                    buf[i + 2] = UInt8((UInt32(buf[i + 2]) * a + 127) / 255)
                }
                i += 4
            }
        }
        return opaque
    }

    /// Whether every alpha byte (every fourth byte, starting at index 3) is 255.
    static func isOpaque(_ pixels: [UInt8]) -> Bool { pixels.withUnsafeBytes { isOpaque($0) } }

    /// Whether every alpha byte (every fourth byte, starting at index 3) is 255.
    static func isOpaque(_ pixels: UnsafeRawBufferPointer) -> Bool {
        let buf = pixels.bindMemory(to: UInt8.self)
        var i = 3
        while i < buf.count {
            if buf[i] != 255 { return false }
            i += 4
        }
        return true
    }

    /// Straight RGBA from premultiplied RGBA, `c = (p·255 + a/2) / a` clamped to 255;
    /// fully transparent pixels become (0, 0, 0, 0).
    static func unpremultiplied(_ src: UnsafeRawBufferPointer) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: src.count) { dst, initialized in
            initialized = unpremultiply(src, into: UnsafeMutableRawBufferPointer(dst))
        }
    }

    /// Writes the straight RGBA of premultiplied `src` (as `unpremultiplied`) into `dst`, which
    /// holds at least as many bytes; returns the bytes written (whole pixels).
    static func unpremultiply(_ src: UnsafeRawBufferPointer, into dst: UnsafeMutableRawBufferPointer) -> Int {
        let s = src.bindMemory(to: UInt8.self), d = dst.bindMemory(to: UInt8.self)
        var i = 0
        let n = s.count - s.count % 4
        while i < n {
            let a = UInt32(s[i + 3])
            if a == 255 {
                d[i] = s[i]; d[i + 1] = s[i + 1]; d[i + 2] = s[i + 2]
            } else if a == 0 {
                d[i] = 0; d[i + 1] = 0; d[i + 2] = 0
            } else {
                let half = a / 2
                d[i] = UInt8(min(255, (UInt32(s[i]) * 255 + half) / a))
                d[i + 1] = UInt8(min(255, (UInt32(s[i + 1]) * 255 + half) / a))
                d[i + 2] = UInt8(min(255, (UInt32(s[i + 2]) * 255 + half) / a))
            }
            d[i + 3] = UInt8(a)
            i += 4
        }
        return n
    }

    /// RGB (alpha dropped) from opaque RGBA.
    static func rgb(fromOpaqueRGBA src: UnsafeRawBufferPointer) -> [UInt8] {
        let s = src.bindMemory(to: UInt8.self)
        let count = s.count / 4
        return [UInt8](unsafeUninitializedCapacity: count * 3) { dst, initialized in
            for p in 0..<count {
                dst[p * 3] = s[p * 4]; dst[p * 3 + 1] = s[p * 4 + 1]; dst[p * 3 + 2] = s[p * 4 + 2]
            }
            initialized = count * 3
        }
    }

    /// Premultiplied RGBA rows from cairo ARGB32 rows (`stride` bytes apart); returns the
    /// pixels and whether every alpha is 255.
    static func rgba(fromARGB32 src: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> ([UInt8], Bool) {
        // A pixel at a time as one 32-bit word (the loop vectorizes): cairo's native-endian
        // 0xAARRGGBB becomes the bytes R, G, B, A, the little-endian word 0xAABBGGRR (red and
        // blue swap places); the alphas are and-ed together to tell whether all are 255.
        var all: UInt32 = 0xFFFF_FFFF
        let out = [UInt8](unsafeUninitializedCapacity: width * height * 4) { bytes, initialized in
            guard let base = bytes.baseAddress else { return }
            let dst = UnsafeMutableRawPointer(base)
            for y in 0..<height {
                let row = (src + y * stride).assumingMemoryBound(to: UInt32.self)
                let o = (dst + y * width * 4).bindMemory(to: UInt32.self, capacity: width)
                for x in 0..<width {
                    let v = row[x]
                    all &= v
                    let swapped = (v & 0xFF00_FF00) | (v >> 16 & 0xFF) | (v & 0xFF) << 16
                    o[x] = UInt32(littleEndian: swapped)
                }
            }
            initialized = width * height * 4
        }
        return (out, all >> 24 == 0xFF)
    }

    /// Writes premultiplied RGBA pixels as cairo ARGB32 rows (`stride` bytes apart).
    static func writeARGB32(
        fromRGBA src: UnsafeRawBufferPointer, to dst: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int
    ) {
        let s = src.bindMemory(to: UInt8.self)
        for y in 0..<height {
            let row = (dst + y * stride).assumingMemoryBound(to: UInt32.self)
            var i = y * width * 4
            for x in 0..<width {
                row[x] = UInt32(s[i + 3]) << 24 | UInt32(s[i]) << 16 | UInt32(s[i + 1]) << 8 | UInt32(s[i + 2])
                i += 4
            }
        }
    }
}
