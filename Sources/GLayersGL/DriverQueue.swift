/// How much drawing a frame lets the OpenGL driver hold queued ahead of the GPU.
///
/// A driver keeps every draw call it has accepted and not yet executed: a GPU driver in its
/// command buffers, Mesa's llvmpipe as the binned triangles and per-draw state of its tiled
/// "scenes", which it rasterizes at a flush. A frame of 100 000 small items in 39 000 draw
/// calls (scripts/many-layers.sh) held 112 MiB there at its peak, almost as much as the layer
/// tree. So the renderer marks the queue every `drawLimit` draw calls or `instanceLimit`
/// instances with a fence and, at each new mark, waits for the one before: the driver holds
/// at most two such stretches, and while it executes one the renderer issues the next. With
/// fences every 1 024, 256 and 128 calls llvmpipe held 64, 31 and 15 MiB (docs/renderer.md,
/// "Queued drawing"). Frames below the limits (every sample; 10 000 snowflakes in a few
/// instanced draws) place no fence.
///
/// The wait bounds memory; the picture does not depend on it: a wait gives up after a second
/// (a slow GPU then queues more) and never fails a frame. Fences are core OpenGL since 3.2.
import COpenGL

final class DriverQueue {
    /// Draw calls between two fences.
    var drawLimit = 128
    /// Instances between two fences (a few instanced draws of small items).
    var instanceLimit = 16_384
    /// Fences waited for this frame (`RenderStats.queueWaits`).
    private(set) var waits = 0

    private var draws = 0
    private var instances = 0
    /// The fence of the stretch before the current one, not yet waited for.
    private var pending: GLsync?

    /// The longest wait for a fence, in nanoseconds.
    private static let timeout: GLuint64 = 1_000_000_000

    /// Counts a draw call of `count` instances just issued; at a limit, fences the queue and
    /// waits for the previous fence.
    @inline(__always)
    func drew(instances count: Int) {
        draws &+= 1
        instances &+= count
        if draws >= drawLimit || instances >= instanceLimit { mark() }
    }

    private func mark() {
        draws = 0
        instances = 0
        let fence = glFenceSync(GLenum(GL_SYNC_GPU_COMMANDS_COMPLETE), 0)
        if let previous = pending {
            // Flushing sends the stretch just fenced to the driver's executor, which works on
            // it while this thread waits for the one before.
            _ = glClientWaitSync(previous, GLbitfield(GL_SYNC_FLUSH_COMMANDS_BIT), Self.timeout)
            glDeleteSync(previous)
            waits += 1
        }
        pending = fence
    }

    /// Starts a frame's count.
    func beginFrame() {
        waits = 0
        draws = 0
        instances = 0
    }

    /// Drops the frame's last fence (the frame's end, read-back or swap, waits for its
    /// drawing as it always has).
    func endFrame() {
        if let fence = pending { glDeleteSync(fence) }
        pending = nil
    }
}
