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
        "bounds", \.bounds, action: .animation, effects: .boundsSize, styled: false, apply: { $0.bounds = $1 },
        summary: "The layer's bounds [x, y, width, height].")
    static let position = StateProperty(
        "position", \.position, action: .animation, apply: { $0.position = $1 },
        summary: "The position of the anchor point in the superlayer [x, y].")
    static let zPosition = StateProperty(
        "zPosition", \.zPosition, action: .animation, effects: .paintOrder, apply: { $0.zPosition = $1 },
        summary: "The position on the z axis; siblings draw in zPosition order.")
    static let anchorPoint = StateProperty(
        "anchorPoint", \.anchorPoint, action: .animation, apply: { $0.anchorPoint = $1 },
        summary: "The anchor point in unit coordinates of the bounds (default [0.5, 0.5]).")
    static let anchorPointZ = StateProperty(
        "anchorPointZ", \.anchorPointZ, action: .animation, apply: { $0.anchorPointZ = $1 },
        summary: "The anchor point's z.")
    static let transform = TransformProperty(
        "transform", sublayer: false, summary: "The layer's transform, about its anchor point.")
    static let sublayerTransform = TransformProperty(
        "sublayerTransform", sublayer: true,
        summary: "The transform applied to the sublayers (perspective: [{ \"perspective\": 500 }]).")
    /// Derived from bounds, position, anchor point and transform; it animates through them.
    static let frame = StateProperty(
        "frame", \.frame, styled: false, apply: { $0.frame = $1 },
        summary:
            "The frame in the superlayer [x, y, width, height]; set after bounds and position, as Apple's frame setter."
    )

    // MARK: Visibility

    static let opacity = StateProperty(
        "opacity", \.opacity, action: .animation, apply: { $0.opacity = $1 }, summary: "The opacity, 0…1.")
    static let hidden = StateProperty(
        "hidden", \.isHidden, aliases: ["isHidden"], action: .fade, effects: .ordering, apply: { $0.isHidden = $1 },
        summary: "Whether the layer is hidden.")
    static let masksToBounds = StateProperty(
        "masksToBounds", \.masksToBounds, action: .fade, apply: { $0.masksToBounds = $1 },
        summary: "Whether sublayers and contents are clipped to the bounds (and cornerRadius).")
    /// Animatable, without an implicit animation (CALayer.h; Appendix B).
    static let doubleSided = StateProperty(
        "doubleSided", \.isDoubleSided, aliases: ["isDoubleSided"], animatable: true, apply: { $0.isDoubleSided = $1 },
        summary: "Whether the back of the layer is drawn.")
    static let opaque = StateProperty(
        "opaque", \.isOpaque, aliases: ["isOpaque"], apply: { $0.isOpaque = $1 },
        summary: "Whether the contents are opaque.")
    static let geometryFlipped = StateProperty(
        "geometryFlipped", \.isGeometryFlipped, aliases: ["isGeometryFlipped"], effects: .contentsFlip,
        apply: { $0.isGeometryFlipped = $1 }, summary: "Whether the sublayers' y axis points up.")
    static let allowsGroupOpacity = StateProperty(
        "allowsGroupOpacity", \.allowsGroupOpacity, apply: { $0.allowsGroupOpacity = $1 },
        summary: "Whether opacity applies to the layer and its sublayers as a group.")
    static let allowsEdgeAntialiasing = StateProperty(
        "allowsEdgeAntialiasing", \.allowsEdgeAntialiasing, apply: { $0.allowsEdgeAntialiasing = $1 },
        summary: "Whether edges are anti-aliased.")
    static let edgeAntialiasingMask = StateProperty(
        "edgeAntialiasingMask", \.edgeAntialiasingMask,
        choices: .flags([("layerLeftEdge", 1), ("layerRightEdge", 2), ("layerBottomEdge", 4), ("layerTopEdge", 8)]),
        apply: { $0.edgeAntialiasingMask = $1 }, summary: "Which edges are anti-aliased.")
    static let shouldRasterize = StateProperty(
        "shouldRasterize", \.shouldRasterize, apply: { $0.shouldRasterize = $1 },
        summary: "Whether the layer's subtree is rendered once into a cached texture.")
    static let rasterizationScale = StateProperty(
        "rasterizationScale", \.rasterizationScale, apply: { $0.rasterizationScale = $1 },
        summary: "The scale of the rasterized texture.")

    // MARK: Style

    static let backgroundColor = StateProperty(
        "backgroundColor", \.backgroundColor,
        computed: ComputedField(get: { $0.backgroundColor }, set: { $0.backgroundColor = $1 }), action: .animation,
        apply: { $0.backgroundColor = $1.cgColor }, summary: "The background colour (null: none).")
    static let cornerRadius = StateProperty(
        "cornerRadius", \.cornerRadius, action: .animation, apply: { $0.cornerRadius = $1 },
        summary: "The radius of the rounded corners.")
    static let maskedCorners = StateProperty(
        "maskedCorners", \.maskedCorners,
        choices: .flags([
            ("layerMinXMinYCorner", 1), ("layerMaxXMinYCorner", 2), ("layerMinXMaxYCorner", 4),
            ("layerMaxXMaxYCorner", 8),
        ]), apply: { $0.maskedCorners = $1 }, summary: "Which corners cornerRadius rounds.")
    static let cornerCurve = StateProperty(
        "cornerCurve", \.cornerCurve, choices: .names(["circular", "continuous"]), apply: { $0.cornerCurve = $1 },
        summary: "The shape of the corners.")
    static let borderWidth = StateProperty(
        "borderWidth", \.borderWidth, action: .animation, apply: { $0.borderWidth = $1 }, summary: "The border's width."
    )
    static let borderColor = StateProperty(
        "borderColor", \.borderColor, computed: ComputedField(get: { $0.borderColor }, set: { $0.borderColor = $1 }),
        action: .animation, apply: { $0.borderColor = $1.cgColor }, summary: "The border's colour.")
    static let shadowColor = StateProperty(
        "shadowColor", \.shadowColor, computed: ComputedField(get: { $0.shadowColor }, set: { $0.shadowColor = $1 }),
        action: .animation, apply: { $0.shadowColor = $1.cgColor }, summary: "The shadow's colour.")
    static let shadowOpacity = StateProperty(
        "shadowOpacity", \.shadowOpacity, action: .animation, apply: { $0.shadowOpacity = $1 },
        summary: "The shadow's opacity, 0…1.")
    static let shadowOffset = StateProperty(
        "shadowOffset", \.shadowOffset, action: .animation, apply: { $0.shadowOffset = $1 },
        summary: "The shadow's offset [width, height].")
    static let shadowRadius = StateProperty(
        "shadowRadius", \.shadowRadius, action: .animation, apply: { $0.shadowRadius = $1 },
        summary: "The shadow's blur radius.")
    /// Animatable, without an implicit animation: "Unlike most animatable properties, this
    /// property (as with all CGPathRef animatable properties) does not support implicit
    /// animation" (Apple's reference of `shadowPath`).
    static let shadowPath = StateProperty(
        "shadowPath", \.shadowPath, computed: ComputedField(get: { $0.shadowPath }, set: { $0.shadowPath = $1 }),
        animatable: true, apply: { $0.shadowPath = $1 }, summary: "The shadow's shape (null: the layer's alpha).")
    static let filters = SettingProperty(
        "filters", action: .fade, presented: true, get: { $0.filters },
        set: { layer, v in
            guard v == nil || v is [Any] else { return false }
            layer.filters = v as? [Any]
            return true
        }, summary: "Filters applied to the layer and its sublayers.")
    static let backgroundFilters = SettingProperty(
        "backgroundFilters", action: .fade, presented: true, get: { $0.backgroundFilters },
        set: { layer, v in
            guard v == nil || v is [Any] else { return false }
            layer.backgroundFilters = v as? [Any]
            return true
        }, summary: "Filters applied to what lies behind the layer.")
    static let compositingFilter = SettingProperty(
        "compositingFilter", action: .fade, presented: true, get: { $0.compositingFilter },
        set: { layer, v in
            layer.compositingFilter = v
            return true
        }, summary: "How the layer is composited with what lies behind it.")

    // MARK: Contents

    static let contents = StateProperty(
        "contents", \.contents, computed: ComputedField(get: { $0.contents }, set: { $0.contents = $1 }),
        action: .animation, apply: { $0.contents = $1.object },
        summary: "An image file (PNG or JPEG) relative to the scene file.")
    static let contentsRect = StateProperty(
        "contentsRect", \.contentsRect, action: .animation, apply: { $0.contentsRect = $1 },
        summary: "The part of the contents shown, in unit coordinates.")
    static let contentsCenter = StateProperty(
        "contentsCenter", \.contentsCenter, action: .animation, apply: { $0.contentsCenter = $1 },
        summary: "The stretchable middle of the contents (nine-slice), in unit coordinates.")
    static let contentsScale = StateProperty(
        "contentsScale", \.contentsScale, apply: { $0.contentsScale = $1 }, summary: "Pixels per point of the contents."
    )
    static let contentsGravity = StateProperty(
        "contentsGravity", \.contentsGravity,
        choices: .names([
            "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight", "resize",
            "resizeAspect", "resizeAspectFill",
        ]), apply: { $0.contentsGravity = $1 }, summary: "How the contents fit the bounds.")
    static let contentsFormat = SettingProperty(
        "contentsFormat", \.contentsFormat, choices: .names(["RGBA8", "RGBAh", "Gray8"]),
        summary: "The pixel format of the backing store.")
    static let minificationFilter = StateProperty(
        "minificationFilter", \.minificationFilter, choices: .names(CALayerContentsFilter.names),
        apply: { $0.minificationFilter = $1 }, summary: "The filter used to shrink contents.")
    static let magnificationFilter = StateProperty(
        "magnificationFilter", \.magnificationFilter, choices: .names(CALayerContentsFilter.names),
        apply: { $0.magnificationFilter = $1 }, summary: "The filter used to enlarge contents.")
    static let minificationFilterBias = StateProperty(
        "minificationFilterBias", \.minificationFilterBias, apply: { $0.minificationFilterBias = $1 },
        summary: "The level-of-detail bias of the minification filter.")
    static let needsDisplayOnBoundsChange = SettingProperty(
        "needsDisplayOnBoundsChange", \.needsDisplayOnBoundsChange,
        summary: "Whether a change of bounds redraws the contents.")
    static let drawsAsynchronously = SettingProperty(
        "drawsAsynchronously", \.drawsAsynchronously, summary: "Whether drawing may happen on another thread.")

    // MARK: The tree, layout and actions

    static let mask = SettingProperty(
        "mask", action: .fade, get: { $0.mask },
        set: { layer, v in
            guard v == nil || v is CALayer else { return false }
            layer.mask = v as? CALayer
            return true
        }, summary: "A layer whose alpha masks this one.")
    static let sublayers = SettingProperty(
        "sublayers", action: .fade, get: { $0.sublayers },
        set: { layer, v in
            guard v == nil || v is [CALayer] else { return false }
            layer.sublayers = v as? [CALayer]
            return true
        }, summary: "The sublayers, back to front.")
    static let superlayer = SettingProperty(
        "superlayer", get: { $0.superlayer }, set: nil,
        summary: "The layer's superlayer (read-only: nest the layer in sublayers).")
    static let name = SettingProperty(
        "name", get: { $0.name },
        set: { layer, v in
            guard v == nil || v is String else { return false }
            layer.name = v as? String
            return true
        }, summary: "The layer's name: behaviours refer to it, constraints use it (relativeTo).")
    static let style = SettingProperty(
        "style", get: { $0.style },
        set: { layer, v in
            guard v == nil || v is [AnyHashable: Any] else { return false }
            layer.style = v as? [AnyHashable: Any]
            return true
        }, summary: "Default values of properties not set on the layer (scenes set the properties directly).")
    static let actions = SettingProperty(
        "actions", get: { $0.actions },
        set: { layer, v in
            guard v == nil || v is [String: CAAction] else { return false }
            layer.actions = v as? [String: CAAction]
            return true
        },
        summary:
            "Actions by key (a property name, onOrderIn, onOrderOut, transition): an animation, or null to disable.")
    static let delegate = SettingProperty(
        "delegate", get: { $0.delegate },
        set: { layer, v in
            guard v == nil || v is CALayerDelegate else { return false }
            layer.delegate = v as? CALayerDelegate
            return true
        }, summary: "The layer's delegate (code: scenes cannot set it).")
    static let layoutManager = SettingProperty(
        "layoutManager", get: { $0.layoutManager },
        set: { layer, v in
            guard v == nil || v is CALayoutManager else { return false }
            layer.layoutManager = v as? CALayoutManager
            return true
        }, summary: "\"constraints\" for a CAConstraintLayoutManager (implied when a sublayer has constraints).")
    static let constraints = SettingProperty(
        "constraints", get: { $0.constraints },
        set: { layer, v in
            guard v == nil || v is [CAConstraint] else { return false }
            layer.constraints = v as? [CAConstraint]
            return true
        }, summary: "Constraints for the superlayer's constraint layout manager.")
    static let autoresizingMask = SettingProperty(
        "autoresizingMask", \.autoresizingMask,
        choices: .flags([
            ("layerMinXMargin", 1), ("layerWidthSizable", 2), ("layerMaxXMargin", 4), ("layerMinYMargin", 8),
            ("layerHeightSizable", 16), ("layerMaxYMargin", 32),
        ]), summary: "How the layer resizes with its superlayer.")

    // MARK: CAMediaTiming (a layer's duration is infinite; docs/semantics.md#timing-model)

    static let beginTime = SettingProperty(
        "beginTime", \.beginTime, effects: .timing, summary: "The layer's begin time in its parent's time.")
    static let duration = SettingProperty(
        "duration", \.duration, effects: .timing, accepts: { !$0.isNaN },
        summary: "The layer's duration (infinite by default).")
    static let speed = SettingProperty(
        "speed", \.speed, effects: .timing, summary: "How fast the layer's time runs (0 pauses).")
    static let timeOffset = SettingProperty(
        "timeOffset", \.timeOffset, effects: .timing, summary: "An offset added to the layer's time.")
    static let repeatCount = SettingProperty(
        "repeatCount", \.repeatCount, effects: .timing, accepts: { !$0.isNaN },
        summary: "How many times the layer's time repeats.")
    static let repeatDuration = SettingProperty(
        "repeatDuration", \.repeatDuration, effects: .timing, accepts: { !$0.isNaN },
        summary: "How long the layer's time repeats.")
    static let autoreverses = SettingProperty(
        "autoreverses", \.autoreverses, effects: .timing,
        summary: "Whether the layer's time plays backward after forward.")
    static let fillMode = SettingProperty(
        "fillMode", \.fillMode, effects: .timing, choices: .names(CAMediaTimingFillMode.names),
        summary: "The layer's fill mode.")

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
        choices: PropertyChoices? = nil, accepts: @escaping (V) -> Bool = { $0.isFinite }, summary: String
    ) {
        self.init(
            key, kind: V.kind, default: SettingDefaults.layer[keyPath: path].apiValue, effects: effects,
            choices: choices, get: { $0[keyPath: path].apiValue },
            set: { layer, any in
                guard let v = V(apiValue: any), accepts(v) else { return false }
                layer[keyPath: path] = v
                return true
            }, summary: summary)
    }
}

/// A layer with every setting at its default, read once for the table's defaults.
private enum SettingDefaults {
    nonisolated(unsafe) static let layer = CALayer()
}
