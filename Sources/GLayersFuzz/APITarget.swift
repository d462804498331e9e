/// The `api` fuzz target: bytes as a program of public API calls on a small pool of layers,
/// one hosted as the root of a live tree. Each step is one call picked by a byte: make a
/// layer, change the tree (cycles included: a layer made its own sublayer or mask, an
/// ancestor added to its descendant), set a property or key path to any value, add or remove
/// an animation of any class, open or commit a transaction, flush, move the manual clock,
/// read presentation, flatten. After every step the pool's trees must be consistent; after
/// time moves, presented values must be finite while every number used was ordinary, and
/// render lists well formed.
import Foundation
import GLayers
import GLayersRenderList

extension FuzzTarget {
    /// The most steps one input runs.
    static let maximumSteps = 200

    static func runAPI(_ bytes: UnsafeRawBufferPointer) {
        Diagnostics.capture {
            CAMediaClock.useManualTime(0)
            var layers: [Weak<CALayer>] = []
            do {
                let program = APIProgram(FuzzInput(bytes))
                program.run()
                layers = program.layers.map(Weak.init)
            }
            CATransaction.flush()
            Invariants.requireReleased(layers, "the api program")
        }
    }
}

/// One run of the `api` target.
final class APIProgram {
    var input: FuzzInput
    var values = APIValues()
    /// The layers the program works on; the first is the hosted root.
    private(set) var layers: [CALayer]
    private let host: CALayerHost
    private let builder = FrameBuilder()
    private var openTransactions = 0
    private var now: CFTimeInterval = 0
    private var keyPaths: [String] = APIProgram.knownKeyPaths

    /// The most layers in the pool.
    static let maximumLayers = 24

    init(_ input: FuzzInput) {
        self.input = input
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 320, height: 240)
        root.position = CGPoint(x: 160, y: 120)
        layers = [root]
        host = CALayerHost(rootLayer: root)
    }

    func run() {
        var steps = 0
        while !input.isAtEnd && steps < FuzzTarget.maximumSteps {
            step()
            steps += 1
            for layer in layers where layer.superlayer == nil { Invariants.checkTree(layer, maximumLayers: 10_000) }
        }
        while openTransactions > 0 {
            CATransaction.commit()
            openTransactions -= 1
        }
        advance(by: 0.5)
        flatten()
        for layer in layers { layer.removeAllAnimations() }
        CATransaction.flush()
        host.detach()
    }

    // MARK: Steps

    private func step() {
        switch input.below(20) {
        case 0: makeLayer()
        case 1:
            let (parent, child) = (layer(), layer())
            trace("\(id(parent)).addSublayer(\(id(child)))")
            parent.addSublayer(child)
        case 2:
            let (parent, child, index) = (layer(), layer(), input.below(8))
            trace("\(id(parent)).insertSublayer(\(id(child)), at: \(index))")
            parent.insertSublayer(child, at: UInt32(index))
        case 3:
            let (parent, child, sibling) = (layer(), layer(), input.bool() ? layer() : nil)
            trace("\(id(parent)).insertSublayer(\(id(child)), below: \(sibling.map(id) ?? "nil"))")
            parent.insertSublayer(child, below: sibling)
        case 4:
            let (parent, old, new) = (layer(), layer(), layer())
            trace("\(id(parent)).replaceSublayer(\(id(old)), with: \(id(new)))")
            parent.replaceSublayer(old, with: new)
        case 5:
            let target = layer()
            trace("\(id(target)).removeFromSuperlayer()")
            target.removeFromSuperlayer()
        case 6:
            let (target, mask) = (layer(), input.below(4) == 0 ? nil : layer())
            trace("\(id(target)).mask = \(mask.map(id) ?? "nil")")
            target.mask = mask
        case 7:
            let (target, sublayers) = (layer(), (0..<input.below(4)).map { _ in layer() })
            trace("\(id(target)).sublayers = \(sublayers.map(id))")
            target.sublayers = sublayers
        case 8: setProperty()
        case 9: setKeyPath()
        case 10: setGeometry()
        case 11: addAnimation()
        case 12: removeAnimation()
        case 13: setTiming(of: layer())
        case 14: transaction()
        case 15:
            trace("CATransaction.flush()")
            CATransaction.flush()
        case 16: advance(by: Double(values.ordinary(&input, limit: 4)))
        case 17: checkPresentation()
        case 18: flatten()
        default: queries()
        }
    }

    /// Whether steps are printed (`GLAYERS_FUZZ_TRACE=1`), to turn a crashing input into a test.
    static let tracing = ProcessInfo.processInfo.environment["GLAYERS_FUZZ_TRACE"] == "1"

    /// The layer's name in traces: `l` and its index in the pool.
    func id(_ layer: CALayer) -> String { "l\(layers.firstIndex { $0 === layer } ?? -1)" }

    func trace(_ line: @autoclosure () -> String) {
        if Self.tracing { FileHandle.standardError.write(Data((line() + "\n").utf8)) }
    }

    /// A layer of the pool, picked by the input.
    func layer() -> CALayer { layers[input.below(layers.count)] }

    private func makeLayer() {
        guard layers.count < Self.maximumLayers else { return }
        let made: CALayer
        switch input.below(8) {
        case 0: made = CAShapeLayer()
        case 1: made = CATextLayer()
        case 2: made = CAGradientLayer()
        case 3: made = CAReplicatorLayer()
        case 4: made = CATransformLayer()
        case 5: made = CAScrollLayer()
        default: made = CALayer()
        }
        made.name = "l\(layers.count)"
        trace("let l\(layers.count) = \(type(of: made))()")
        layers.append(made)
    }

    private func setProperty() {
        let target = layer()
        let properties = type(of: target).properties.all
        let property = input.pick(properties)
        let value = values.anyValue(for: property.kind, &input)
        trace("\(id(target)).setValue(\(String(describing: value)), forKey: \"\(property.key)\")")
        target.setValue(value, forKey: property.key)
    }

    private func setKeyPath() {
        let target = layer()
        let keyPath = self.keyPath()
        let kind = type(of: target).valueKind(forKeyPath: keyPath) ?? input.pick(APIValues.kinds)
        let value = values.anyValue(for: kind, &input)
        trace("\(id(target)).setValue(\(String(describing: value)), forKeyPath: \"\(keyPath)\")")
        if input.bool() {
            target.setValue(value, forKeyPath: keyPath)
        } else {
            try? target.strictSetValue(value, forKeyPath: keyPath)
        }
    }

    /// Setters with logic of their own (frame from bounds, position, anchor and transform).
    private func setGeometry() {
        let target = layer()
        switch input.below(6) {
        case 0: target.frame = values.rect(&input)
        case 1: target.setAffineTransform(CGAffineTransform(rotationAngle: values.number(&input)))
        case 2: target.anchorPoint = values.point(&input)
        case 3: target.contents = APIValues.image
        case 4:
            target.filters = [
                CIFilter(name: input.pick(Self.filterNames)).map { f in
                    f.name = "f"; return f
                } as Any
            ]
        default: target.zPosition = values.number(&input)
        }
    }

    private func setTiming(of target: CALayer) {
        switch input.below(6) {
        case 0: target.speed = Float(values.number(&input))
        case 1: target.timeOffset = Double(values.number(&input))
        case 2: target.beginTime = Double(values.number(&input))
        case 3: target.repeatCount = Float(values.number(&input))
        case 4: target.autoreverses = input.bool()
        default: target.fillMode = input.pick(Self.fillModes)
        }
    }

    private func transaction() {
        if openTransactions > 0 && input.bool() {
            trace("CATransaction.commit()")
            CATransaction.commit()
            openTransactions -= 1
            return
        }
        guard openTransactions < 8 else { return }
        trace("CATransaction.begin()")
        CATransaction.begin()
        openTransactions += 1
        switch input.below(4) {
        case 0: CATransaction.setAnimationDuration(Double(values.number(&input)))
        case 1: CATransaction.setDisableActions(input.bool())
        case 2: CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: input.pick(Self.timingNames)))
        default: CATransaction.setValue(values.value(of: .number, &input), forKey: kCATransactionAnimationDuration)
        }
    }

    // MARK: Time, presentation, flattening

    private func advance(by dt: Double) {
        guard dt.isFinite else { return }
        now += dt
        trace("CAMediaClock.setTime(\(now)); CATransaction.flush()")
        CAMediaClock.setTime(now)
        CATransaction.flush()
        checkPresentation()
    }

    /// Presented values are finite while every number the program used was ordinary.
    private func checkPresentation() {
        let t = CACurrentMediaTime()
        for layer in layers {
            let shown = layer.presentation(atMediaTime: t)
            guard values.worst == .ordinary else { continue }
            let numbers: [CGFloat] = [
                shown.position.x, shown.position.y, shown.bounds.origin.x, shown.bounds.origin.y, shown.bounds.width,
                shown.bounds.height, shown.anchorPoint.x, shown.anchorPoint.y, shown.zPosition, CGFloat(shown.opacity),
                shown.cornerRadius, shown.borderWidth, CGFloat(shown.shadowOpacity), shown.shadowRadius,
            ]
            Invariants.require(
                numbers.allSatisfy(\.isFinite) && shown.transform.isFinite && shown.sublayerTransform.isFinite,
                "\(layer) presents values that are not finite from ordinary inputs at \(t): \(numbers), \(shown.transform)"
            )
        }
    }

    private func flatten() {
        let root = layers[0]
        let list = builder.build(root: root, at: CACurrentMediaTime(), size: CGSize(width: 320, height: 240), scale: 1)
        Invariants.checkRenderList(list)
        if values.worst == .ordinary {
            for (i, item) in list.items.enumerated() {
                Invariants.require(item.opacity.isFinite, "item \(i) has opacity \(item.opacity) from ordinary inputs")
            }
        }
    }

    private func queries() {
        let target = layer(), other = layer()
        switch input.below(6) {
        case 0: _ = target.hitTest(values.point(&input))
        case 1: _ = target.convert(values.point(&input), to: input.bool() ? other : nil)
        case 2: _ = target.convert(values.rect(&input), from: other)
        case 3: target.layoutIfNeeded()
        case 4: target.setNeedsDisplay()
        default: _ = target.value(forKeyPath: keyPath())
        }
    }

    // MARK: Names

    /// A key path: a known one, or text from the input (remembered for later steps).
    func keyPath() -> String {
        if input.below(8) == 0 {
            let made = input.string(limit: 24)
            if keyPaths.count < 64 { keyPaths.append(made) }
            return made
        }
        return input.pick(keyPaths)
    }

    static let knownKeyPaths: [String] = {
        var paths = Set<String>()
        for cls: CALayer.Type in [
            CALayer.self, CAShapeLayer.self, CATextLayer.self, CAGradientLayer.self, CAReplicatorLayer.self,
        ] {
            for p in cls.properties.all { paths.insert(p.key) }
        }
        paths.formUnion([
            "position.x", "position.y", "bounds.size", "bounds.size.width", "bounds.origin", "anchorPoint.y",
            "transform.rotation", "transform.rotation.x", "transform.rotation.z", "transform.scale",
            "transform.scale.y",
            "transform.translation", "transform.translation.z", "sublayerTransform.rotation.y",
            "sublayerTransform.scale",
            "shadowOffset.height", "contentsRect.size.width", "filters.f.inputRadius", "filters.f.inputIntensity",
            "backgroundFilters.f.inputRadius", "instanceTransform.rotation.z", "custom", "custom.x", "",
        ])
        return paths.sorted()
    }()

    static let filterNames = [
        "CIGaussianBlur", "CIBloom", "CIColorInvert", "CISepiaTone", "CIColorControls", "CIMultiplyBlendMode",
    ]
    static let timingNames: [CAMediaTimingFunctionName] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]
    static let fillModes: [CAMediaTimingFillMode] = [.removed, .forwards, .backwards, .both]
    static let calculationModes: [CAAnimationCalculationMode] = [.linear, .discrete, .paced, .cubic, .cubicPaced]
    static let valueFunctions: [CAValueFunctionName] = [.rotateZ, .scale, .translate, .translateX, .scaleY]
}
