/// Core Animation's default values of `CALayer` properties, for `defaultValue(forKey:)`.
import Foundation
import GLayersGraphics

enum LayerDefaults {
    /// The default of a declared property by its KVC name; nil for other keys.
    static func value(forKey key: String) -> Any? {
        guard let k = LayerKey(canonical: key) else { return nil }
        let s = LayerState()
        switch k {
        case .anchorPoint: return s.anchorPoint
        case .opacity: return s.opacity
        case .transform, .sublayerTransform: return CATransform3D.identity
        case .shadowOffset: return s.shadowOffset
        case .shadowRadius: return s.shadowRadius
        case .shadowOpacity: return s.shadowOpacity
        case .shadowColor, .borderColor: return CGColor.black
        case .contentsRect, .contentsCenter: return CGRect(x: 0, y: 0, width: 1, height: 1)
        case .contentsScale, .rasterizationScale: return CGFloat(1)
        case .contentsGravity: return CALayerContentsGravity.resize.rawValue
        case .minificationFilter, .magnificationFilter: return CALayerContentsFilter.linear.rawValue
        case .doubleSided, .allowsGroupOpacity, .allowsEdgeAntialiasing: return true
        case .hidden, .masksToBounds, .opaque, .geometryFlipped, .shouldRasterize, .needsDisplayOnBoundsChange,
            .drawsAsynchronously, .autoreverses:
            return false
        case .speed: return Float(1)
        case .duration: return CFTimeInterval.infinity
        case .bounds, .frame: return CGRect.zero
        case .position: return CGPoint.zero
        case .zPosition, .anchorPointZ, .cornerRadius, .borderWidth, .beginTime, .timeOffset, .repeatDuration:
            return CGFloat(0)
        case .repeatCount: return Float(0)
        case .fillMode: return CAMediaTimingFillMode.removed.rawValue
        case .cornerCurve: return CALayerCornerCurve.circular.rawValue
        default: return nil
        }
    }
}
