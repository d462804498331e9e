import Foundation
import GLayers
import Testing

/// Every entry of the property table of every layer class: key-value coding round trips,
/// `defaultValue(forKey:)` answers the default a new layer shows, and the implicit action is
/// the one Apple's documentation gives (Core Animation Programming Guide, Appendix B, and the
/// current class references: `shadowPath` and `CAShapeLayer.path`, as every `CGPath`
/// property, "do not support implicit animation").
@Suite struct PropertyTableTests {
    static let classes = [
        "CALayer", "CAShapeLayer", "CATextLayer", "CAGradientLayer", "CAReplicatorLayer", "CATransformLayer",
        "CAScrollLayer", "CATiledLayer", "CAEmitterLayer",
    ]

    /// A new layer of the class named `name`.
    static func make(_ name: String) -> CALayer {
        switch name {
        case "CAShapeLayer": return CAShapeLayer()
        case "CATextLayer": return CATextLayer()
        case "CAGradientLayer": return CAGradientLayer()
        case "CAReplicatorLayer": return CAReplicatorLayer()
        case "CATransformLayer": return CATransformLayer()
        case "CAScrollLayer": return CAScrollLayer()
        case "CATiledLayer": return CATiledLayer()
        case "CAEmitterLayer": return CAEmitterLayer()
        default: return CALayer()
        }
    }

    /// Apple's implicit animations (a basic animation from the presented value).
    static let animated: Set<String> = [
        "anchorPoint", "anchorPointZ", "backgroundColor", "borderColor", "borderWidth", "bounds", "contents",
        "contentsRect", "contentsCenter", "cornerRadius", "opacity", "position", "shadowColor", "shadowOffset",
        "shadowOpacity", "shadowRadius", "sublayerTransform", "transform", "zPosition",
        // CAShapeLayer.h
        "fillColor", "strokeColor", "strokeStart", "strokeEnd", "lineWidth", "miterLimit", "lineDashPhase",
        // CATextLayer.h
        "fontSize", "foregroundColor",
        // CAGradientLayer.h
        "colors", "locations", "startPoint", "endPoint",
        // CAReplicatorLayer.h
        "instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
        "instanceBlueOffset", "instanceAlphaOffset",
        // CAEmitterLayer.h
        "birthRate", "lifetime", "emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth", "velocity",
        "scale", "spin",
    ]

    /// Apple's implicit fade transitions ("default implied CATransition").
    static let faded: Set<String> = [
        "backgroundFilters", "compositingFilter", "filters", "hidden", "mask", "masksToBounds", "sublayers",
    ]

    @Test(arguments: classes)
    func implicitActionsAreApples(_ name: String) {
        let layer = Self.make(name)
        let cls = type(of: layer)
        for key in cls.declaredKeys {
            let action = layer.action(forKey: key)
            if Self.animated.contains(key) {
                #expect(action is CABasicAnimation, "\(cls).\(key) animates implicitly")
            } else if Self.faded.contains(key) {
                #expect((action as? CATransition)?.type == .fade, "\(cls).\(key) fades")
            } else {
                #expect(action == nil, "\(cls).\(key) changes at once, not with \(String(describing: action))")
            }
        }
    }

    /// Animations reach every animatable field in place: a key path to a field the state
    /// computes (one it keeps in its reference box) allocates every frame (#21).
    @Test(arguments: classes)
    func animatableFieldsAreReachedInPlace(_ name: String) throws {
        let cls = type(of: Self.make(name))
        for key in cls.declaredKeys {
            let p = try #require(cls.properties[key])
            #expect(!p.isAnimatable || p.animatesInPlace, "\(cls).\(key): give its entry computed: accessors")
        }
    }

    @Test(arguments: classes)
    func defaultsAreWhatANewLayerShows(_ name: String) {
        let layer = Self.make(name)
        let cls = type(of: layer)
        for key in cls.declaredKeys where !["sublayers", "delegate"].contains(key) {
            let shown = layer.value(forKey: key), declared = cls.defaultValue(forKey: key)
            if let declared {
                #expect(same(shown, declared), "\(cls).\(key): shows \(describe(shown)), default \(describe(declared))")
            } else {
                #expect(shown == nil || (shown as? [Any])?.isEmpty == true, "\(cls).\(key) has no default and no value")
            }
        }
    }

    @Test(arguments: classes)
    func everyPropertyRoundTrips(_ name: String) throws {
        let cls = type(of: Self.make(name))
        for key in cls.declaredKeys where key != "superlayer" {
            let layer = Self.make(name)
            guard let value = sample(for: key, kind: cls.valueKind(forKeyPath: key), current: layer.value(forKey: key))
            else {
                Issue.record("no sample value for \(cls).\(key)")
                continue
            }
            try layer.strictSetValue(value, forKeyPath: key)
            let back = layer.value(forKey: key)
            #expect(same(back, value), "\(cls).\(key): set \(describe(value)), got \(describe(back))")
        }
    }

    /// The schema's descriptions and the docs' tables are made from the entries' summaries.
    @Test(arguments: classes)
    func everyEntryIsDescribed(_ name: String) {
        for p in type(of: Self.make(name)).properties.all {
            #expect(!p.summary.isEmpty && p.summary.hasSuffix("."), "\(name).\(p.key): summary \"\(p.summary)\"")
        }
    }

    /// A field of the presented state without an entry would be a property key-value coding,
    /// animations, scenes and the schema do not know: adding a field means adding its entry.
    @Test func everyFieldOfTheStateHasAnEntry() {
        // Fields keeping an entry's value in the form drawing reads (the entry's field is a
        // computed one of the entry's name), and the reference box, walked below.
        let forms = [
            "cornerCurveIsContinuous": "cornerCurve", "minificationSampling": "minificationFilter",
            "magnificationSampling": "magnificationFilter",
        ]
        // What the box keeps that no one sets: drawn contents and shapes, the state of a running
        // transition, and the layer classes' stored values (`StoredProperty`, by key); and the
        // box of its rare fields, walked below too (it exists once one of them is set).
        let kept: Set = ["references", "rare", "backing", "shape", "contentsBlend", "transition", "custom"]
        let names = Set(CALayer.properties.all.flatMap { [$0.key] + $0.aliases })
        var state = LayerState()
        state.compositingFilter = FilterValue(kind: .sepiaTone)
        let fields = Mirror(reflecting: state).children
        let box = fields.first { $0.label == "references" }.map { Mirror(reflecting: $0.value).children }
        let rare = box?.first { $0.label == "rare" }.flatMap { Mirror(reflecting: $0.value).children.first }
            .map { Mirror(reflecting: $0.value).children }
        let nothing = Mirror(reflecting: 0).children
        let labels = (Array(fields) + Array(box ?? nothing) + Array(rare ?? nothing)).compactMap(\.label)
        #expect(box != nil, "LayerState keeps its reference box in `references`")
        #expect(rare != nil, "the reference box keeps its rare fields in `rare`")
        for label in labels where !kept.contains(label) {
            #expect(names.contains(forms[label] ?? label), "LayerState.\(label) has no entry in the property table")
        }
    }

    @Test func aliasesReachTheirProperty() throws {
        let layer = CALayer()
        for (alias, key) in [
            ("isHidden", "hidden"), ("isDoubleSided", "doubleSided"), ("isOpaque", "opaque"),
            ("isGeometryFlipped", "geometryFlipped"),
        ] {
            try layer.strictSetValue(true, forKeyPath: alias)
            #expect(layer.value(forKey: key) as? Bool == true)
            try layer.strictSetValue(false, forKeyPath: key)
            #expect(layer.value(forKey: alias) as? Bool == false)
        }
    }

    // MARK: Sample values

    /// A valid value for `key` that differs from `current`.
    func sample(for key: String, kind: ValueKind?, current: Any?) -> Any? {
        switch key {
        case "mask": return CALayer()
        case "sublayers": return [CALayer()]
        case "emitterCells": return [CAEmitterCell()]
        case "seed": return CGFloat(42)
        case "delegate": return Delegate.shared
        case "layoutManager": return CAConstraintLayoutManager()
        case "constraints": return [CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX)]
        case "actions": return ["opacity": NSNull()] as [String: CAAction]
        case "style": return ["opacity": 0.5] as [AnyHashable: Any]
        case "filters", "backgroundFilters": return [CIFilter(name: "CIGaussianBlur") as Any]
        case "compositingFilter": return CIFilter(name: "CIMultiplyBlendMode")
        case "name", "string", "font": return "Sample"
        case "contents": return try? CGImage(width: 2, height: 2, premultipliedRGBA: [UInt8](repeating: 255, count: 16))
        case "instanceCount": return CGFloat(3)
        case "autoresizingMask", "maskedCorners", "edgeAntialiasingMask": return UInt32(5)
        case "speed", "opacity", "shadowOpacity", "minificationFilterBias", "repeatCount": return Float(0.25)
        case "beginTime", "duration", "timeOffset", "repeatDuration", "instanceDelay": return 0.75
        case "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset":
            return Float(-0.25)
        case "locations", "lineDashPattern": return [0.25, 0.75].map { NSNumber(value: $0) }
        case "colors":
            return [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        default: break
        }
        if let names = names[key] { return names.first { $0 != current as? String } }
        switch kind {
        case .number?: return CGFloat(7.5)
        case .bool?: return !((current as? Bool) ?? false)
        case .point?: return CGPoint(x: 3, y: 4)
        case .size?: return CGSize(width: 5, height: -6)
        case .rect?: return CGRect(x: 1, y: 2, width: 30, height: 40)
        case .transform?: return CATransform3DMakeRotation(0.5, 0, 0, 1)
        case .color?: return CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 1)
        case .path?: return CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 20), transform: nil)
        default: return nil
        }
    }

    /// The values of the properties whose value is one of a few names.
    let names: [String: [String]] = [
        "contentsGravity": ["center", "resizeAspect"], "contentsFormat": ["RGBAh", "RGBA8"],
        "minificationFilter": ["nearest", "linear"], "magnificationFilter": ["nearest", "linear"],
        "cornerCurve": ["continuous", "circular"], "fillMode": ["both", "removed"],
        "fillRule": ["even-odd", "non-zero"],
        "lineCap": ["round", "butt"], "lineJoin": ["bevel", "miter"], "alignmentMode": ["center", "natural"],
        "truncationMode": ["end", "none"], "type": ["radial", "axial"], "scrollMode": ["vertically", "both"],
        "emitterShape": ["circle", "point"], "emitterMode": ["outline", "volume"],
        "renderMode": ["additive", "unordered"],
    ]

    final class Delegate: CALayerDelegate {
        nonisolated(unsafe) static let shared = Delegate()
    }
}

/// Whether two property values are the same (numbers of any type by value, colours by
/// components, objects by identity, lists element by element).
func same(_ a: Any?, _ b: Any?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (nil, _), (_, nil): return false
    default: break
    }
    if let x = number(a), let y = number(b) { return x == y || (x.isNaN && y.isNaN) }
    switch (a, b) {
    case (let x as Bool, let y as Bool): return x == y
    case (let x as String, let y as String): return x == y
    case (let x as CGPoint, let y as CGPoint): return x == y
    case (let x as CGSize, let y as CGSize): return x == y
    case (let x as CGRect, let y as CGRect): return x == y
    case (let x as CATransform3D, let y as CATransform3D): return x == y
    case (let x as CGColor, let y as CGColor): return x.rgba == y.rgba
    case (let x as CGPath, let y as CGPath): return x == y
    case (let x as CIFilter, let y as CIFilter): return x.kind == y.kind
    case (let x as [Any], let y as [Any]): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
    case (let x as [String: CAAction], let y as [String: CAAction]): return Set(x.keys) == Set(y.keys)
    case (let x as [AnyHashable: Any], let y as [AnyHashable: Any]): return Set(x.keys) == Set(y.keys)
    case (let x as AnyObject, let y as AnyObject): return x === y
    default: return false
    }
}

private func number(_ v: Any?) -> Double? {
    switch v {
    case let x as Double: return x
    case let x as CGFloat: return Double(x)
    case let x as Float: return Double(x)
    case let x as Int: return Double(x)
    case let x as UInt32: return Double(x)
    case let x as UInt: return Double(x)
    case let x as NSNumber: return x.doubleValue
    default: return nil
    }
}

private func describe(_ v: Any?) -> String { v.map { "\($0) (\(type(of: $0)))" } ?? "nil" }
