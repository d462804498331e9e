/// The table of `CALayer` properties by their Core Animation names: one typed identifier per
/// property, with what the engine needs to know about it (animatable, what it invalidates).
///
/// Strings enter through this table once (`LayerKey(rawValue:)`); the rest of the engine works
/// with the enum.
import Foundation

/// A `CALayer` property, named as Core Animation names it for key-value coding.
public enum LayerKey: String, CaseIterable, Sendable {
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform, frame
    case opacity, hidden, masksToBounds, doubleSided, opaque, geometryFlipped
    case allowsGroupOpacity, allowsEdgeAntialiasing, edgeAntialiasingMask
    case shouldRasterize, rasterizationScale
    case backgroundColor, cornerRadius, maskedCorners, cornerCurve, borderWidth, borderColor
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath
    case filters, backgroundFilters, compositingFilter
    case contents, contentsRect, contentsCenter, contentsScale, contentsGravity, contentsFormat
    case minificationFilter, magnificationFilter, minificationFilterBias
    case mask, sublayers, superlayer, name, style, actions, delegate
    case needsDisplayOnBoundsChange, drawsAsynchronously, autoresizingMask, constraints, layoutManager
    case beginTime, duration, speed, timeOffset, repeatCount, repeatDuration, autoreverses, fillMode

    /// Whether Core Animation animates changes to this property (CAPG Appendix B; SPEC A2).
    ///
    /// - `doubleSided` is animatable but has no default animation; `frame` animates through
    ///   `bounds` and `position`.
    public var isAnimatable: Bool {
        switch self {
        case .anchorPoint, .backgroundColor, .backgroundFilters, .borderColor, .borderWidth, .bounds,
            .compositingFilter, .contents, .contentsRect, .contentsCenter, .cornerRadius, .doubleSided,
            .filters, .hidden, .mask, .masksToBounds, .opacity, .position, .shadowColor, .shadowOffset,
            .shadowOpacity, .shadowRadius, .shadowPath, .sublayers, .sublayerTransform, .transform,
            .zPosition, .anchorPointZ:
            return true
        default:
            return false
        }
    }

    /// Whether the implicit action for this key is a fade transition rather than a basic
    /// animation (CAPG Appendix B: "default implied CATransition").
    var defaultActionIsTransition: Bool {
        switch self {
        case .hidden, .mask, .masksToBounds, .sublayers, .backgroundFilters, .filters, .compositingFilter:
            return true
        default:
            return false
        }
    }

    /// Whether the implicit action animates the value (a basic animation from the old presented
    /// value to the new one).
    var hasDefaultBasicAnimation: Bool {
        isAnimatable && !defaultActionIsTransition && self != .doubleSided
    }

    /// Whether the property is part of `CAMediaTiming`.
    var isTiming: Bool {
        switch self {
        case .beginTime, .duration, .speed, .timeOffset, .repeatCount, .repeatDuration, .autoreverses,
            .fillMode:
            return true
        default:
            return false
        }
    }
}
