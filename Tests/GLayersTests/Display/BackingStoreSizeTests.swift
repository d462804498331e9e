import Foundation
import GLayers
import Testing

/// Issue #14 (found by fuzzing): layers that draw their own contents sized the bitmap with
/// `Int(width × contentsScale)`, which traps for bounds (or a shape's extent) that are huge or
/// not finite. Such layers are now simply not drawn (shape layers: ShapeLayerTests).
@Suite struct BackingStoreSizeTests {
    @Test(arguments: [CGFloat.nan, .infinity, 1e300, -1e300])
    func hugeOrNonFiniteBoundsAreNotDrawn(_ width: CGFloat) {
        let gradient = CAGradientLayer()
        gradient.colors = [CGColor.black, CGColor.white]
        for layer in [CALayer(), gradient] {
            layer.bounds = CGRect(x: 0, y: 0, width: width, height: 10)
            Diagnostics.capture { layer.display() }
            #expect(layer.contents == nil, "\(type(of: layer)) with width \(width)")
        }
    }
}
