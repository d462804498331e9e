/// A render list as a value one stage owns at a time: the engine fills it, hands it to the
/// renderer (on a render thread of its own when frames are pipelined), and gets it back to
/// fill again with its storage reused, as WebRender's `Frame` travels from its frame builder
/// to its renderer.
import Foundation

/// A render list that one stage of the frame pipeline holds at a time.
///
/// - Non-copyable: a frame has one holder, and handing it over (`consume`, passing it to a
///   `consuming` parameter) gives it away; the compiler rejects a use after that.
/// - The list is a class, so a holder can still copy the reference out of `list`: the builder
///   refuses to write a frame's list while anything but the frame refers to it
///   (`isUnshared`, checked by a precondition before every build into a frame), so a list the
///   renderer still reads is never written.
/// - The list holds the images its items draw (`RenderList.images`): they stay alive while
///   the frame is in flight, whatever the engine does to its layers meanwhile.
public struct RenderFrame: ~Copyable, @unchecked Sendable {
    private var storage: RenderList

    /// A frame of a new, empty render list.
    public init() { storage = RenderList() }

    /// The frame's render list: read it while holding the frame, and keep no reference to it
    /// after handing the frame on.
    public var list: RenderList { storage }

    /// Whether nothing but this frame refers to its list (no renderer, no caller kept it).
    public mutating func isUnshared() -> Bool { isKnownUniquelyReferenced(&storage) }
}
