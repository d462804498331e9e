/// `CALayer`'s entries in the property table, with Core Animation's names, defaults and implicit
/// actions (CALayer.h; Core Animation Programming Guide, Appendix B "Animatable Properties";
/// docs/semantics.md#actions-and-implicit-animations).
///
/// - `action: .animation`: a change of a live layer animates from the presented value;
///   `.fade`: it runs a fade transition; properties without an action change at once.
/// - Layer classes add their own entries (`CAShapeLayer.swift`, …) through
///   `declaredProperties`.
import Foundation
import GLayersGraphics

extension LayerProperty {
    // MARK: Geometry

    /// The style dictionary is not consulted for `bounds` and `frame` (Apple's reference of
    /// `CALayer.style`).
    static let bounds = StateProperty(
        "bounds", \.bounds, action: .animation, effects: .boundsSize, styled: false, apply: { $0.bounds = $1 })
    static let position = StateProperty("position", \.position, action: .animation, apply: { $0.position = $1 })
    static let zPosition = StateProperty(
        "zPosition", \.zPosition, action: .animation, effects: .paintOrder, apply: { $0.zPosition = $1 })
    static let anchorPoint = StateProperty(
        "anchorPoint", \.anchorPoint, action: .animation, apply: { $0.anchorPoint = $1 })
    static let anchorPointZ = StateProperty(
        "anchorPointZ", \.anchorPointZ, action: .animation, apply: { $0.anchorPointZ = $1 })
    static let transform = TransformProperty("transform", sublayer: false)
    static let sublayerTransform = TransformProperty("sublayerTransform", sublayer: true)
    /// Derived from bounds, position, anchor point and transform; it animates through them.
    static let frame = StateProperty("frame", \.frame, styled: false, apply: { $0.frame = $1 })

    // MARK: Visibility

    static let opacity = StateProperty("opacity", \.opacity, action: .animation, apply: { $0.opacity = $1 })
    static let hidden = StateProperty(
        "hidden", \.isHidden, aliases: ["isHidden"], action: .fade, effects: .ordering, apply: { $0.isHidden = $1 })
    static let masksToBounds = StateProperty(
        "masksToBounds", \.masksToBounds, action: .fade, apply: { $0.masksToBounds = $1 })
    /// Animatable, without an implicit animation (CALayer.h; Appendix B).
    static let doubleSided = StateProperty(
        "doubleSided", \.isDoubleSided, aliases: ["isDoubleSided"], animatable: true, apply: { $0.isDoubleSided = $1 })
    static let opaque = StateProperty("opaque", \.isOpaque, aliases: ["isOpaque"], apply: { $0.isOpaque = $1 })
    static let geometryFlipped = StateProperty(
        "geometryFlipped", \.isGeometryFlipped, aliases: ["isGeometryFlipped"], effects: .contentsFlip,
        apply: { $0.isGeometryFlipped = $1 })
    static let allowsGroupOpacity = StateProperty(
        "allowsGroupOpacity", \.allowsGroupOpacity, apply: { $0.allowsGroupOpacity = $1 })
    static let allowsEdgeAntialiasing = StateProperty(
        "allowsEdgeAntialiasing", \.allowsEdgeAntialiasing, apply: { $0.allowsEdgeAntialiasing = $1 })
    static let edgeAntialiasingMask = StateProperty(
        "edgeAntialiasingMask", \.edgeAntialiasingMask,
        choices: .flags([("layerLeftEdge", 1), ("layerRightEdge", 2), ("layerBottomEdge", 4), ("layerTopEdge", 8)]),
        apply: { $0.edgeAntialiasingMask = $1 })
    static let shouldRasterize = StateProperty("shouldRasterize", \.shouldRasterize, apply: { $0.shouldRasterize = $1 })
    static let rasterizationScale = StateProperty(
        "rasterizationScale", \.rasterizationScale, apply: { $0.rasterizationScale = $1 })

    // MARK: Style

    static let backgroundColor = StateProperty(
        "backgroundColor", \.backgroundColor,
        computed: ComputedField(get: { $0.backgroundColor }, set: { $0.backgroundColor = $1 }), action: .animation,
        apply: { $0.backgroundColor = $1.cgColor })
    static let cornerRadius = StateProperty(
        "cornerRadius", \.cornerRadius, action: .animation, apply: { $0.cornerRadius = $1 })
    static let maskedCorners = StateProperty(
        "maskedCorners", \.maskedCorners,
        choices: .flags([
            ("layerMinXMinYCorner", 1), ("layerMaxXMinYCorner", 2), ("layerMinXMaxYCorner", 4),
            ("layerMaxXMaxYCorner", 8),
        ]), apply: { $0.maskedCorners = $1 })
    static let cornerCurve = StateProperty(
        "cornerCurve", \.cornerCurve, choices: .names(["circular", "continuous"]), apply: { $0.cornerCurve = $1 })
    static let borderWidth = StateProperty(
        "borderWidth", \.borderWidth, action: .animation, apply: { $0.borderWidth = $1 })
    static let borderColor = StateProperty(
        "borderColor", \.borderColor, computed: ComputedField(get: { $0.borderColor }, set: { $0.borderColor = $1 }),
        action: .animation, apply: { $0.borderColor = $1.cgColor })
    static let shadowColor = StateProperty(
        "shadowColor", \.shadowColor, computed: ComputedField(get: { $0.shadowColor }, set: { $0.shadowColor = $1 }),
        action: .animation, apply: { $0.shadowColor = $1.cgColor })
    static let shadowOpacity = StateProperty(
        "shadowOpacity", \.shadowOpacity, action: .animation, apply: { $0.shadowOpacity = $1 })
    static let shadowOffset = StateProperty(
        "shadowOffset", \.shadowOffset, action: .animation, apply: { $0.shadowOffset = $1 })
    static let shadowRadius = StateProperty(
        "shadowRadius", \.shadowRadius, action: .animation, apply: { $0.shadowRadius = $1 })
    /// Animatable, without an implicit animation: "Unlike most animatable properties, this
    /// property (as with all CGPathRef animatable properties) does not support implicit
    /// animation" (Apple's reference of `shadowPath`).
    static let shadowPath = StateProperty(
        "shadowPath", \.shadowPath, computed: ComputedField(get: { $0.shadowPath }, set: { $0.shadowPath = $1 }),
        animatable: true, apply: { $0.shadowPath = $1 })
    static let filters = SettingProperty(
        "filters", action: .fade, presented: true, get: { $0.filters },
        set: { layer, v in
            guard v == nil || v is [Any] else { return false }
            layer.filters = v as? [Any]
            return true
        })
    static let backgroundFilters = SettingProperty(
        "backgroundFilters", action: .fade, presented: true, get: { $0.backgroundFilters },
        set: { layer, v in
            guard v == nil || v is [Any] else { return false }
            layer.backgroundFilters = v as? [Any]
            return true
        })
    static let compositingFilter = SettingProperty(
        "compositingFilter", action: .fade, presented: true, get: { $0.compositingFilter },
        set: { layer, v in
            layer.compositingFilter = v
            return true
        })

    // MARK: Contents

    static let contents = StateProperty(
        "contents", \.contents, computed: ComputedField(get: { $0.contents }, set: { $0.contents = $1 }),
        action: .animation, apply: { $0.contents = $1.object })
    static let contentsRect = StateProperty(
        "contentsRect", \.contentsRect, action: .animation, apply: { $0.contentsRect = $1 })
    static let contentsCenter = StateProperty(
        "contentsCenter", \.contentsCenter, action: .animation, apply: { $0.contentsCenter = $1 })
    static let contentsScale = StateProperty("contentsScale", \.contentsScale, apply: { $0.contentsScale = $1 })
    static let contentsGravity = StateProperty(
        "contentsGravity", \.contentsGravity,
        choices: .names([
            "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight", "resize",
            "resizeAspect", "resizeAspectFill",
        ]), apply: { $0.contentsGravity = $1 })
    static let contentsFormat = SettingProperty(
        "contentsFormat", \.contentsFormat, choices: .names(["RGBA8", "RGBAh", "Gray8"]))
    static let minificationFilter = StateProperty(
        "minificationFilter", \.minificationFilter, choices: .names(["linear", "nearest", "trilinear"]),
        apply: { $0.minificationFilter = $1 })
    static let magnificationFilter = StateProperty(
        "magnificationFilter", \.magnificationFilter, choices: .names(["linear", "nearest", "trilinear"]),
        apply: { $0.magnificationFilter = $1 })
    static let minificationFilterBias = StateProperty(
        "minificationFilterBias", \.minificationFilterBias, apply: { $0.minificationFilterBias = $1 })
    static let needsDisplayOnBoundsChange = SettingProperty("needsDisplayOnBoundsChange", \.needsDisplayOnBoundsChange)
    static let drawsAsynchronously = SettingProperty("drawsAsynchronously", \.drawsAsynchronously)

    // MARK: The tree, layout and actions

    static let mask = SettingProperty(
        "mask", action: .fade, get: { $0.mask },
        set: { layer, v in
            guard v == nil || v is CALayer else { return false }
            layer.mask = v as? CALayer
            return true
        })
    static let sublayers = SettingProperty(
        "sublayers", action: .fade, get: { $0.sublayers },
        set: { layer, v in
            guard v == nil || v is [CALayer] else { return false }
            layer.sublayers = v as? [CALayer]
            return true
        })
    static let superlayer = SettingProperty("superlayer", get: { $0.superlayer }, set: nil)
    static let name = SettingProperty(
        "name", get: { $0.name },
        set: { layer, v in
            guard v == nil || v is String else { return false }
            layer.name = v as? String
            return true
        })
    static let style = SettingProperty(
        "style", get: { $0.style },
        set: { layer, v in
            guard v == nil || v is [AnyHashable: Any] else { return false }
            layer.style = v as? [AnyHashable: Any]
            return true
        })
    static let actions = SettingProperty(
        "actions", get: { $0.actions },
        set: { layer, v in
            guard v == nil || v is [String: CAAction] else { return false }
            layer.actions = v as? [String: CAAction]
            return true
        })
    static let delegate = SettingProperty(
        "delegate", get: { $0.delegate },
        set: { layer, v in
            guard v == nil || v is CALayerDelegate else { return false }
            layer.delegate = v as? CALayerDelegate
            return true
        })
    static let layoutManager = SettingProperty(
        "layoutManager", get: { $0.layoutManager },
        set: { layer, v in
            guard v == nil || v is CALayoutManager else { return false }
            layer.layoutManager = v as? CALayoutManager
            return true
        })
    static let constraints = SettingProperty(
        "constraints", get: { $0.constraints },
        set: { layer, v in
            guard v == nil || v is [CAConstraint] else { return false }
            layer.constraints = v as? [CAConstraint]
            return true
        })
    static let autoresizingMask = SettingProperty(
        "autoresizingMask", \.autoresizingMask,
        choices: .flags([
            ("layerMinXMargin", 1), ("layerWidthSizable", 2), ("layerMaxXMargin", 4), ("layerMinYMargin", 8),
            ("layerHeightSizable", 16), ("layerMaxYMargin", 32),
        ]))

    // MARK: CAMediaTiming (a layer's duration is infinite; docs/semantics.md#timing-model)

    static let beginTime = SettingProperty("beginTime", \.beginTime, effects: .timing)
    static let duration = SettingProperty("duration", \.duration, effects: .timing, accepts: { !$0.isNaN })
    static let speed = SettingProperty("speed", \.speed, effects: .timing)
    static let timeOffset = SettingProperty("timeOffset", \.timeOffset, effects: .timing)
    static let repeatCount = SettingProperty("repeatCount", \.repeatCount, effects: .timing, accepts: { !$0.isNaN })
    static let repeatDuration = SettingProperty(
        "repeatDuration", \.repeatDuration, effects: .timing, accepts: { !$0.isNaN })
    static let autoreverses = SettingProperty("autoreverses", \.autoreverses, effects: .timing)
    static let fillMode = SettingProperty(
        "fillMode", \.fillMode, effects: .timing, choices: .names(["removed", "forwards", "backwards", "both"]))

    /// Every `CALayer` property, in the order tools list them.
    static let layerProperties: [LayerProperty] = [
        bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform, frame,
        opacity, hidden, masksToBounds, doubleSided, opaque, geometryFlipped, allowsGroupOpacity,
        allowsEdgeAntialiasing, edgeAntialiasingMask, shouldRasterize, rasterizationScale,
        backgroundColor, cornerRadius, maskedCorners, cornerCurve, borderWidth, borderColor,
        shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath, filters, backgroundFilters,
        compositingFilter,
        contents, contentsRect, contentsCenter, contentsScale, contentsGravity, contentsFormat,
        minificationFilter, magnificationFilter, minificationFilterBias, needsDisplayOnBoundsChange,
        drawsAsynchronously,
        mask, sublayers, superlayer, name, style, actions, delegate, layoutManager, constraints, autoresizingMask,
        beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode,
    ]
}

extension SettingProperty {
    /// A setting kept in a `CALayer` property of a `PropertyValue` type; its default is the
    /// property's value on a new layer.
    /// - `accepts`: which values key-value coding takes (finite ones unless told otherwise:
    ///   durations and repeat counts may be infinite).
    convenience init<V: PropertyValue>(
        _ key: String, _ path: ReferenceWritableKeyPath<CALayer, V>, effects: ChangeEffects = [],
        choices: PropertyChoices? = nil, accepts: @escaping (V) -> Bool = { $0.isFinite }
    ) {
        self.init(
            key, kind: V.kind, default: SettingDefaults.layer[keyPath: path].apiValue, effects: effects,
            choices: choices, get: { $0[keyPath: path].apiValue },
            set: { layer, any in
                guard let v = V(apiValue: any), accepts(v) else { return false }
                layer[keyPath: path] = v
                return true
            })
    }
}

/// A layer with every setting at its default, read once for the table's defaults.
private enum SettingDefaults {
    nonisolated(unsafe) static let layer = CALayer()
}
