/// The zoom workload (#12): a generated map of 32 768 × 32 768 points drawn by a
/// `CATiledLayer`, and a view that zooms into it from the whole map to 4× with a keyframe
/// animation of `transform.scale` — built with the public Core Animation API, as an app would.
/// The sample of the tiled-layer tests and of `glayers bench --zoom`.
import Foundation
import GLayers

/// A map drawn tile by tile: districts, a hierarchy of roads and round plazas at their
/// crossings, each drawn only where it is at least a fraction of a pixel at the tile's scale
/// (so coarse levels are cheap and finer levels show more). Thread-safe: it draws from the
/// tile's clip and scale alone.
open class MapTiledLayer: CATiledLayer {
    /// The map's side in points.
    public static let side: CGFloat = 32768

    /// The whole map, with 18 levels of detail of which 2 magnify (4× down to 2^-15).
    public override init() {
        super.init()
        bounds = CGRect(x: 0, y: 0, width: Self.side, height: Self.side)
        levelsOfDetail = 18
        levelsOfDetailBias = 2
    }
    /// A copy of `layer` (presentation copies).
    public override init(layer: Any) { super.init(layer: layer) }
    /// A map from an archive.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Draws the tile's part of the map at the tile's scale.
    open override func draw(in ctx: CGContext) {
        MapDrawing.draw(in: ctx, rect: ctx.boundingBoxOfClipPath, pixelsPerPoint: ctx.ctm.a)
    }
}

/// The map's drawing: a pure function of the rect and the scale.
public enum MapDrawing {
    /// A pseudo-random number in 0 ..< 1 for three integers.
    static func hash(_ a: Int, _ b: Int, _ c: Int) -> CGFloat {
        var h = UInt64(bitPattern: Int64(a)) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(bitPattern: Int64(b)) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= UInt64(bitPattern: Int64(c)) &* 0x1656_67B1_9E37_79F9
        h ^= h >> 29
        h = h &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 32
        return CGFloat(h & 0xFFFFFF) / 16_777_216
    }

    /// Draws the part `rect` of the map at `pixelsPerPoint`.
    public static func draw(in ctx: CGContext, rect: CGRect, pixelsPerPoint p: CGFloat) {
        guard p > 0, p.isFinite, !rect.isNull, rect.width > 0, rect.height > 0 else { return }
        districts(ctx, rect)
        // Roads every 8192 points, then every 4096, … down to 2, each level half as wide; then
        // round plazas at their crossings, coarse to fine.
        var levels: [(spacing: CGFloat, width: CGFloat)] = []
        var spacing: CGFloat = 8192
        while spacing >= 2, spacing / 48 * p >= 0.3 {
            levels.append((spacing, spacing / 48))
            spacing /= 2
        }
        for (level, road) in levels.enumerated() {
            roads(ctx, rect, spacing: road.spacing, width: road.width, level: level)
        }
        for (level, road) in levels.enumerated() where road.spacing / 12 * p >= 1.5 {
            plazas(ctx, rect, spacing: road.spacing, level: level)
        }
    }

    /// Blocks of 1024 points in pale colours.
    private static func districts(_ ctx: CGContext, _ rect: CGRect) {
        let size: CGFloat = 1024
        for j in Int((rect.minY / size).rounded(.down))..<Int((rect.maxY / size).rounded(.up)) {
            for i in Int((rect.minX / size).rounded(.down))..<Int((rect.maxX / size).rounded(.up)) {
                let h = hash(i, j, 7)
                ctx.setFillColor(
                    CGColor(
                        red: 0.80 + 0.12 * h, green: 0.86 + 0.08 * hash(i, j, 8), blue: 0.70 + 0.2 * (1 - h), alpha: 1))
                ctx.fill(CGRect(x: CGFloat(i) * size, y: CGFloat(j) * size, width: size, height: size))
            }
        }
    }

    /// The roads of one level that are not roads of a coarser one.
    private static func roads(_ ctx: CGContext, _ rect: CGRect, spacing: CGFloat, width: CGFloat, level: Int) {
        let shade = min(1, 0.55 + 0.07 * CGFloat(level))
        ctx.setFillColor(CGColor(red: shade, green: shade * 0.97, blue: shade * 0.92, alpha: 1))
        for i in indices(rect.minX - width, rect.maxX + width, spacing) where level == 0 || i % 2 == 1 {
            ctx.fill(CGRect(x: CGFloat(i) * spacing - width / 2, y: rect.minY, width: width, height: rect.height))
        }
        for j in indices(rect.minY - width, rect.maxY + width, spacing) where level == 0 || j % 2 == 1 {
            ctx.fill(CGRect(x: rect.minX, y: CGFloat(j) * spacing - width / 2, width: rect.width, height: width))
        }
    }

    /// The multiples of `spacing` from `lo` to `hi`, by index.
    private static func indices(_ lo: CGFloat, _ hi: CGFloat, _ spacing: CGFloat) -> Range<Int> {
        let a = Int((lo / spacing).rounded(.up)), b = Int((hi / spacing).rounded(.down))
        return a..<max(a, b + 1)
    }

    /// Round plazas at the crossings of one level's roads, coloured by place.
    private static func plazas(_ ctx: CGContext, _ rect: CGRect, spacing: CGFloat, level: Int) {
        let r = spacing / 12
        for j in indices(rect.minY - r, rect.maxY + r, spacing) {
            for i in indices(rect.minX - r, rect.maxX + r, spacing) where level == 0 || i % 2 == 1 || j % 2 == 1 {
                let h = hash(i, j, level)
                ctx.setFillColor(
                    CGColor(
                        red: 0.85 * h + 0.1, green: 0.35 + 0.3 * (1 - h), blue: 0.45 + 0.5 * hash(j, i, level), alpha: 1
                    ))
                ctx.fillEllipse(
                    in: CGRect(x: CGFloat(i) * spacing - r, y: CGFloat(j) * spacing - r, width: 2 * r, height: 2 * r))
            }
        }
    }
}

/// Builds the zoom scene.
public enum ZoomWorkload {
    /// The map point the view zooms into, in unit coordinates of the map.
    public static let target = CGPoint(x: 0.3349, y: 0.6651)
    /// The zoom's scales: 2^-7 (the whole map in 256 points) to 2^2, one power of two per step.
    public static let exponents = Array(-7...2)

    /// A root of `size` with the map centred on `target`, zooming from 2^-7 to 4 over
    /// `duration` seconds from media time `start`; returns the root and the map layer.
    public static func makeScene(
        size: CGSize, duration: CFTimeInterval = 9, start: CFTimeInterval = 0, map: MapTiledLayer = MapTiledLayer()
    ) -> (root: CALayer, map: MapTiledLayer) {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        root.backgroundColor = CGColor(red: 0.12, green: 0.14, blue: 0.18, alpha: 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        map.anchorPoint = target
        map.position = CGPoint(x: size.width / 2, y: size.height / 2)
        let first = pow(2, CGFloat(exponents[0]))
        map.transform = CATransform3DMakeScale(first, first, 1)
        let zoom = CAKeyframeAnimation(keyPath: "transform.scale")
        zoom.values = exponents.map { pow(2, Double($0)) }
        zoom.duration = duration
        zoom.beginTime = start
        zoom.fillMode = .both
        zoom.isRemovedOnCompletion = false
        map.add(zoom, forKey: "zoom")
        root.addSublayer(map)
        CATransaction.commit()
        return (root, map)
    }

    /// The scale the zoom shows at `t` seconds after it starts.
    public static func scale(at t: CFTimeInterval, duration: CFTimeInterval = 9) -> CGFloat {
        let steps = Double(exponents.count - 1)
        let u = min(max(t / duration, 0), 1) * steps
        let i = min(Int(u), exponents.count - 2)
        let a = pow(2, Double(exponents[i])), b = pow(2, Double(exponents[i + 1]))
        return CGFloat(a + (b - a) * (u - Double(i)))
    }
}
