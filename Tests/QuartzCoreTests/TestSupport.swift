import QuartzCore

/// Removes the animations a test added to a standalone layer and runs the frame boundary, so
/// nothing stays pending in this thread's transaction for the next test that runs on it.
func finishAnimations(of layer: CALayer) {
    layer.removeAllAnimations()
    CATransaction.flush()
}
