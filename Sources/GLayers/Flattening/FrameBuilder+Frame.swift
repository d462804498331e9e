/// Building into a `RenderFrame`: the list a pipelined host hands to its render thread and gets
/// back, instead of the builder's own `list`.
import Foundation
import GLayersRenderList

extension FrameBuilder {
    /// Builds the render list of `root` at media time `t` into `frame`'s list (as `build`
    /// does into `list`) and gives the frame back: the builder writes that list only during
    /// this call and keeps no reference to it afterwards.
    ///
    /// - Precondition: nothing but `frame` refers to its list (`RenderFrame.isUnshared`): a
    ///   list that a renderer may still read is never written.
    package func build(
        into frame: consuming RenderFrame, root: CALayer, at t: CFTimeInterval, size: CGSize, scale: CGFloat,
        clearColor: CGColor? = nil
    ) -> RenderFrame {
        precondition(frame.isUnshared(), "FrameBuilder: a frame's render list is still referenced elsewhere")
        let own = list
        list = frame.list
        build(root: root, at: t, size: size, scale: scale, clearColor: clearColor)
        list = own
        return frame
    }
}
