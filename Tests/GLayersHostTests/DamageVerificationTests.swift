/// Redrawing only what changed must not change a single pixel (#13): every sample's film strip
/// (the key scripts of `Tests/Goldens/RenderLists/manifest.json`, frames around each named time) and
/// randomly generated scenes are rendered with `debug.verifyDamage`, which draws each partial
/// frame a second time in full and compares the two, headless and in an X11 window.
import Foundation
import GLayers
import GLayersHost
import GLayersScene
import GLayersTestSupport
import Testing

@Suite(.serialized, .mediaClock) struct DamageVerificationTests {
    /// A run of a sample: its key script and the times the manifest names.
    struct Run: Decodable {
        var keys: String?
        var at: [Double]
    }

    /// Every sample file with its runs (the manifest's, else one over two seconds).
    static let strips: [(sample: String, runs: [Run])] = {
        struct Entry: Decodable {
            var sample: String
            var runs: [Run]
        }
        struct Manifest: Decodable { var entries: [Entry] }
        let root = TestEnvironment.packageRoot
        let url = root.appendingPathComponent("Tests/Goldens/RenderLists/manifest.json")
        let manifest = (try? JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url)))?.entries ?? []
        let folder = root.appendingPathComponent("samples")
        var names: [String] = []
        for sub in ["", "bench/"] {
            let files =
                (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(sub).path)) ?? []
            names += files.filter { $0.hasSuffix(".json") }.map { sub + String($0.dropLast(5)) }.sorted()
        }
        return names.map { name in
            (name, manifest.first { $0.sample == name }?.runs ?? [Run(keys: nil, at: [0, 2])])
        }
    }()

    /// Frames of a strip: the manifest's times, each followed a frame of 30 Hz later (a small
    /// step, where partial redraws are smallest), and every quarter second up to the last.
    static func times(of run: Run) -> [Double] {
        var times = Set<Double>()
        for t in run.at {
            times.insert(t)
            times.insert(t + 1.0 / 30)
        }
        let end = run.at.max() ?? 0
        for k in 0...Int(end * 4) { times.insert(Double(k) / 4) }
        return times.sorted()
    }

    /// Samples drawn small (the longer side 320 pixels, a fractional scale that puts edges
    /// between pixels) to keep the test fast.
    @Test(arguments: strips.map(\.sample)) func sampleFilmStrip(_ sample: String) throws {
        defer { CAMediaClock.useSystemTime() }
        let runs = try #require(Self.strips.first { $0.sample == sample }).runs
        let url = TestEnvironment.packageRoot.appendingPathComponent("samples/\(sample).json")
        for run in runs {
            let playback = try ScenePlayback(contentsOf: url, keys: try TimedKey.list(parsing: run.keys ?? ""))
            let scene = playback.scene
            let scale = scene.scale * min(1, 320 / max(scene.size.width, scene.size.height))
            let renderer = try HeadlessRenderer(size: scene.size, scale: scale, background: scene.backgroundColor)
            let gl = renderer.driver.renderer
            gl.debug.verifyDamage = true
            gl.debug.minimumSavedPixels = 0
            var largest = 0
            for (n, t) in Self.times(of: run).enumerated() {
                playback.advance(to: t)
                _ = try renderer.render(scene.rootLayer, at: t)
                if n > 0 { largest = max(largest, gl.stats.redrawnPixels) }
            }
            let v = gl.damageVerification
            #expect(
                v.mismatchedFrames == 0,
                "\(sample) keys \(run.keys ?? "none"): \(v.mismatchedFrames) of \(v.comparedFrames) frames differ; \(v.firstMismatch ?? "")"
            )
            if sample == "kiosk" && run.keys == nil {
                // The pulsing selection alone changes: about its own area, a small part of the screen.
                let screen = Int(scene.size.width * scene.size.height * scale * scale)
                #expect(v.comparedFrames > 10 && largest < screen / 10, "kiosk redrew \(largest) of \(screen) pixels")
            }
        }
    }

    /// Random scenes: layers moving, fading, masked, rotated in 3D, filtered, shadowed, blended,
    /// rasterized, reordered, added and removed, with animations; the frame resized and exposed
    /// now and then. Seeds alternate scales 1, 1.5 and 0.75; small frames, few of them, so
    /// that the test stays fast.
    @Test(arguments: 1...8) func randomScene(seed: UInt64) throws {
        defer { CAMediaClock.useSystemTime() }
        CAMediaClock.useManualTime(0)
        let scale: CGFloat = [1, 1.5, 0.75][Int(seed % 3)]
        let scene = RandomScene(seed: seed, size: CGSize(width: 200, height: 150))
        let renderer = try HeadlessRenderer(size: scene.size, scale: scale, background: scene.background)
        let gl = renderer.driver.renderer
        gl.debug.verifyDamage = true
        gl.debug.minimumSavedPixels = 0
        var t = 0.0
        for frame in 0..<25 {
            t += 1.0 / 30
            CAMediaClock.setTime(t)
            scene.mutate(frame: frame)
            if scene.chance(0.08) {
                renderer.size = CGSize(width: 160 + scene.int(0...80), height: 120 + scene.int(0...60))
            }
            if scene.chance(0.05) { gl.invalidate() }
            _ = try renderer.render(scene.root, at: t)
        }
        let v = gl.damageVerification
        #expect(
            v.mismatchedFrames == 0,
            "seed \(seed): \(v.mismatchedFrames) of \(v.comparedFrames) differ; \(v.firstMismatch ?? "")")
        // At least a fifth of the frames are redrawn in part (the others change too much).
        #expect(v.comparedFrames >= 5, "seed \(seed): only \(v.comparedFrames) frames were redrawn in part")
    }

    /// The window path: a random scene in an X11 window, the back buffer kept between frames
    /// (preserved, or aged), presented with the damage; an expose redraws everything.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DISPLAY"] != nil), arguments: [UInt64(101), 102])
    func randomSceneInAWindow(seed: UInt64) throws {
        defer { CAMediaClock.useSystemTime() }
        CAMediaClock.useManualTime(0)
        let scene = RandomScene(seed: seed, size: CGSize(width: 200, height: 150))
        var options = WindowOptions()
        options.size = scene.size
        options.scale = 1
        options.title = "glayers damage \(seed)"
        let window = try WindowHost(options: options)
        let host = CALayerHost(rootLayer: scene.root)
        defer { host.detach() }
        let driver = window.driver, gl = driver.renderer
        driver.context.setSwapInterval(0)
        gl.debug.verifyDamage = true
        gl.debug.minimumSavedPixels = 0
        var t = 0.0
        for frame in 0..<20 {
            _ = window.window.pendingEvents()
            t += 1.0 / 30
            CAMediaClock.setTime(t)
            scene.mutate(frame: frame)
            if frame == 10 { gl.invalidate() }
            driver.drawFrame(
                scene.root, at: t, size: scene.size, scale: 1, background: scene.background, target: .window)
            if let error = gl.lastError { throw error }
            try driver.present()
        }
        let v = gl.damageVerification
        #expect(
            v.mismatchedFrames == 0,
            "seed \(seed): \(v.mismatchedFrames) of \(v.comparedFrames) differ; \(v.firstMismatch ?? "")")
        if driver.context.presentation.preservedBackBuffer || driver.context.presentation.bufferAge {
            #expect(v.comparedFrames > 5)
        }
    }
}

/// A reproducible random layer tree and its random changes.
final class RandomScene {
    let size: CGSize
    let root = CALayer()
    let background = CGColor(red: 0.1, green: 0.12, blue: 0.16, alpha: 1)
    private var state: UInt64
    private var layers: [CALayer] = []
    private var images: [CGImage] = []

    init(seed: UInt64, size: CGSize) {
        self.size = size
        state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.frame = CGRect(origin: .zero, size: size)
        for _ in 0..<3 {
            var pixels: [UInt8] = []
            for _ in 0..<(8 * 8) { pixels += [UInt8(int(0...255)), UInt8(int(0...255)), UInt8(int(0...255)), 255] }
            if let image = try? CGImage(width: 8, height: 8, premultipliedRGBA: pixels) { images.append(image) }
        }
        for _ in 0..<(5 + int(0...5)) { root.addSublayer(makeLayer(depth: 0)) }
        CATransaction.commit()
        CATransaction.flush()
    }

    // MARK: Random numbers (SplitMix64)

    private func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`.
    func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    private func unit() -> CGFloat { CGFloat(next() >> 11) / CGFloat(1 << 53) }
    private func value(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * unit() }
    /// True with probability `p`.
    func chance(_ p: Double) -> Bool { Double(unit()) < p }
    private func colour(alpha: CGFloat? = nil) -> CGColor {
        CGColor(red: unit(), green: unit(), blue: unit(), alpha: alpha ?? [1, 1, 0.6, 0.3][int(0...3)])
    }

    // MARK: Building

    private func makeLayer(depth: Int) -> CALayer {
        let layer: CALayer = chance(0.1) ? CATextLayer() : CALayer()
        layer.frame = CGRect(
            x: value(-20, size.width - 10), y: value(-20, size.height - 10), width: value(8, 90), height: value(8, 70))
        layer.backgroundColor = chance(0.9) ? colour() : nil
        if let text = layer as? CATextLayer {
            text.string = ["Aa", "glayers", "13"][int(0...2)]
            text.fontSize = value(8, 20)
        }
        if chance(0.3) { layer.cornerRadius = value(0, 20) }
        if chance(0.3) {
            layer.borderWidth = value(0.5, 4)
            layer.borderColor = colour()
        }
        if chance(0.25) { layer.opacity = Float(value(0.2, 0.9)) }
        if chance(0.2), !images.isEmpty {
            layer.contents = images[int(0...(images.count - 1))]
            layer.contentsGravity = [.resize, .center, .resizeAspect][int(0...2)]
        }
        if chance(0.3) { layer.transform = randomTransform() }
        if chance(0.15) {
            var p = CATransform3DIdentity
            p.m34 = -1 / value(150, 600)
            layer.sublayerTransform = p
        }
        if chance(0.2) { layer.masksToBounds = true }
        if chance(0.2) {
            layer.shadowOpacity = Float(value(0.3, 1))
            layer.shadowRadius = value(0, 8)
            layer.shadowOffset = CGSize(width: value(-6, 6), height: value(-6, 6))
            if chance(0.3) { layer.shadowPath = CGPath(ellipseIn: layer.bounds, transform: nil) }
        }
        if chance(0.2) { layer.filters = [randomFilter()].compactMap { $0 } }
        if chance(0.06) {
            layer.backgroundFilters = [CIFilter(name: "CIGaussianBlur", parameters: ["inputRadius": value(1, 6)])]
                .compactMap { $0 }
        }
        if chance(0.08) {
            layer.compositingFilter =
                ["multiplyBlendMode", "screenBlendMode", "differenceBlendMode", "overlayBlendMode"][int(0...3)]
        }
        if chance(0.1) {
            let mask = CALayer()
            mask.frame = layer.bounds.insetBy(dx: value(0, 10), dy: value(0, 10))
            mask.cornerRadius = value(0, 15)
            mask.backgroundColor = CGColor(gray: 0, alpha: value(0.4, 1))
            layer.mask = mask
        }
        if chance(0.1) { layer.shouldRasterize = true }
        if chance(0.1) { layer.zPosition = value(-2, 2) }
        if chance(0.15) { addAnimation(to: layer) }
        if depth < 2 {
            for _ in 0..<int(0...(depth == 0 ? 3 : 1)) { layer.addSublayer(makeLayer(depth: depth + 1)) }
        }
        layers.append(layer)
        return layer
    }

    private func randomTransform() -> CATransform3D {
        switch int(0...3) {
        case 0: return CATransform3DMakeRotation(value(-1, 1), 0, 0, 1)
        case 1: return CATransform3DMakeRotation(value(-1.2, 1.2), 0, 1, 0)
        case 2: return CATransform3DMakeRotation(value(-1.2, 1.2), 1, 0.3, 0)
        default: return CATransform3DMakeScale(value(0.5, 1.5), value(0.5, 1.5), 1)
        }
    }

    private func randomFilter() -> CIFilter? {
        switch int(0...3) {
        case 0: return CIFilter(name: "CIGaussianBlur", parameters: ["inputRadius": value(0, 12), "name": "f"])
        case 1:
            return CIFilter(
                name: "CIBloom", parameters: ["inputRadius": value(1, 6), "inputIntensity": value(0, 2), "name": "f"])
        case 2: return CIFilter(name: "CIColorInvert")
        default: return CIFilter(name: "CISepiaTone", parameters: ["inputIntensity": value(0, 1)])
        }
    }

    private func addAnimation(to layer: CALayer) {
        let a: CABasicAnimation
        switch int(0...3) {
        case 0:
            a = CABasicAnimation(keyPath: "position.x")
            a.byValue = value(-40, 40)
        case 1:
            a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 1
            a.toValue = value(0, 1)
        case 2:
            a = CABasicAnimation(keyPath: "transform.rotation.y")
            a.byValue = value(-2, 2)
        default:
            a = CABasicAnimation(keyPath: "backgroundColor")
            a.toValue = colour()
        }
        a.duration = value(0.3, 1.2)
        a.autoreverses = chance(0.5)
        a.repeatCount = chance(0.7) ? .infinity : 1
        layer.add(a, forKey: "random")
    }

    // MARK: Changing

    /// Up to three random changes (without implicit animations), every few frames a pause.
    func mutate(frame: Int) {
        guard frame % 7 != 3 else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(!chance(0.2))
        for _ in 0..<int(0...3) {
            guard !layers.isEmpty else { break }
            let layer = layers[int(0...(layers.count - 1))]
            switch int(0...13) {
            case 0: layer.position.x += value(-15, 15)
            case 1: layer.position.y += value(-15, 15)
            case 2: layer.backgroundColor = colour()
            case 3: layer.opacity = Float(value(0, 1))
            case 4: layer.isHidden.toggle()
            case 5: layer.zPosition = value(-2, 2)
            case 6: layer.transform = randomTransform()
            case 7: layer.bounds.size = CGSize(width: value(8, 90), height: value(8, 70))
            case 8: layer.filters = chance(0.3) ? nil : [randomFilter()].compactMap { $0 }
            case 9: layer.shadowOffset = CGSize(width: value(-6, 6), height: value(-6, 6))
            case 10: layer.mask?.frame = layer.bounds.insetBy(dx: value(0, 12), dy: value(0, 12))
            case 11:
                if layer.superlayer != nil && layer !== root {
                    layer.removeFromSuperlayer()
                    layers.removeAll { $0 === layer }
                }
            case 12: (layers.isEmpty ? root : layers[int(0...(layers.count - 1))]).addSublayer(makeLayer(depth: 2))
            default: layer.cornerRadius = value(0, 20)
            }
        }
        CATransaction.commit()
    }
}
