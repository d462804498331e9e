/// The buffers the quad programs read their instances from: a ring of three, a frame's
/// instances in the next one each frame, so a buffer is written again only three frames after
/// it was drawn from.
///
/// Two ways, chosen when the ring is made:
/// - **Mapped** (OpenGL 4.4 or `ARB_buffer_storage`; not with `GLAYERS_MAPPED_INSTANCES=0`):
///   each buffer's storage is mapped once, persistently and coherently, and the planner is
///   lent that memory for the frame (`InstanceBuffer.lend`): it writes every instance once,
///   where the GPU reads it, and nothing is copied. Before a buffer is lent again, the ring
///   waits for the fence placed after the frame that drew from it (on a GPU, that frame is
///   long done; the wait is there for a GPU that falls behind). Mapped storage cannot grow: a
///   larger buffer replaces it. 10 000 snowflakes are 1.9 MB of instances a frame; copying
///   them (`glBufferSubData`, and Mesa's threaded context copies them once more) took about
///   0.4 ms of a 3.8 ms frame with Mesa's no-op driver (docs/performance.md, "Instances
///   written where they are drawn from").
/// - **Streamed** (older drivers): the planner writes into memory of its own and the frame's
///   instances are copied with `glBufferSubData` into storage that is respecified only when it
///   must grow. Orphaning with `glBufferData` every frame made a driver that allocates fresh
///   memory for it (Mesa's no-op driver among them) clear pages of it every frame: up to 7 ms
///   a frame for 10 000 instances.
import COpenGL
import Foundation
import GLayersPlan

final class InstanceRing {
    /// How many buffers take turns.
    static let length = 3
    /// The longest single wait for a buffer's fence, in nanoseconds.
    private static let timeout: GLuint64 = 1_000_000_000
    /// Waits of `timeout` before a buffer whose fence never signals is given up: the ring
    /// then streams, into buffers of its own (the GPU may still read the old ones), and says
    /// so once. A frame never hangs on a GPU that stopped, nor writes what it may read.
    private static let patience = 5

    /// Whether the buffers are mapped and lent to the planner.
    private(set) var isMapped: Bool
    private var buffers: [GLuint]
    /// Bytes each buffer holds.
    private var capacities: [Int]
    /// Each buffer's mapping (mapped ring).
    private var mappings: [UnsafeMutableRawPointer?]
    /// The fence after the last frame that drew from each buffer (mapped ring).
    private var fences: [GLsync?]
    /// The buffer of the current frame.
    private var index = 0
    /// Instances the last frame wrote (a frame like it is lent as much room).
    private var lastCount = 0

    /// The buffer of the current frame.
    var buffer: GLuint { buffers[index] }

    /// A ring, mapped when `mapped`, the driver can and `GLAYERS_MAPPED_INSTANCES` is not `0`.
    init(mapped: Bool = true) {
        buffers = [GLuint](repeating: 0, count: Self.length)
        glGenBuffers(GLsizei(Self.length), &buffers)
        capacities = [Int](repeating: 0, count: Self.length)
        mappings = [UnsafeMutableRawPointer?](repeating: nil, count: Self.length)
        fences = [GLsync?](repeating: nil, count: Self.length)
        isMapped = mapped && ProcessInfo.processInfo.environment["GLAYERS_MAPPED_INSTANCES"] != "0" && Self.driverMaps()
    }

    deinit {
        for case let fence? in fences { glDeleteSync(fence) }
        // Deleting a buffer unmaps it.
        glDeleteBuffers(GLsizei(buffers.count), &buffers)
    }

    /// Whether the driver has persistently mapped buffer storage (core in OpenGL 4.4).
    private static func driverMaps() -> Bool {
        var major: GLint = 0, minor: GLint = 0, count: GLint = 0
        glGetIntegerv(GLenum(GL_MAJOR_VERSION), &major)
        glGetIntegerv(GLenum(GL_MINOR_VERSION), &minor)
        if major * 10 + minor >= 44 { return true }
        glGetIntegerv(GLenum(GL_NUM_EXTENSIONS), &count)
        for i in 0..<max(0, count) {
            if let name = glGetStringi(GLenum(GL_EXTENSIONS), GLuint(i)),
                strcmp(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self), "GL_ARB_buffer_storage") == 0
            {
                return true
            }
        }
        return false
    }

    /// Starts a frame of about `expected` instances on the ring's next buffer: mapped, lends
    /// `instances` its memory (grown to hold `expected`, or as many as the last frame wrote)
    /// once the GPU is done with it; streamed, gives `instances` its own memory back.
    func begin(_ instances: InstanceBuffer, expected: Int) {
        index = (index + 1) % Self.length
        guard isMapped else { return instances.takeBack() }
        if let fence = fences[index] {
            var waits = 0
            while glClientWaitSync(fence, GLbitfield(GL_SYNC_FLUSH_COMMANDS_BIT), Self.timeout)
                == GLenum(GL_TIMEOUT_EXPIRED)
            {
                waits += 1
                guard waits < Self.patience else {
                    Diagnostics.warnOnce(
                        "mapped-instances-wait",
                        "the GPU did not finish a frame in 5 s: instances are copied from now on")
                    stopMapping()
                    return instances.takeBack()
                }
            }
            glDeleteSync(fence)
            fences[index] = nil
        }
        if let memory = mapping(holding: max(expected, lastCount) * QuadInstance.stride) {
            instances.lend(memory, capacity: capacities[index] / QuadInstance.stride)
        } else {
            instances.takeBack()
        }
    }

    /// Gives the GPU the frame's instances: nothing to do when they were written in the lent
    /// buffer; else copied into the frame's buffer.
    func upload(_ instances: InstanceBuffer) {
        lastCount = instances.count
        let bytes = instances.bytes
        guard !instances.isLent, bytes.count > 0, let source = bytes.baseAddress else { return }
        if isMapped, let memory = mapping(holding: bytes.count) {
            return memory.copyMemory(from: source, byteCount: bytes.count)
        }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let capacity = capacities[index]
        if bytes.count > capacity {
            capacities[index] = Self.grown(capacity, toHold: bytes.count)
            glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(capacities[index]), nil, GLenum(GL_STREAM_DRAW))
        }
        glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, GLsizeiptr(bytes.count), source)
    }

    /// Ends the frame's drawing from its buffer: a mapped ring fences it.
    func end() {
        guard isMapped else { return }
        if let fence = fences[index] { glDeleteSync(fence) }
        fences[index] = glFenceSync(GLenum(GL_SYNC_GPU_COMMANDS_COMPLETE), 0)
    }

    /// Streams from now on (a driver that failed to map, or a test comparing both ways): the
    /// mapped buffers are replaced by new ones, empty.
    func stopMapping() {
        guard isMapped else { return }
        isMapped = false
        for case let fence? in fences { glDeleteSync(fence) }
        fences = [GLsync?](repeating: nil, count: Self.length)
        glDeleteBuffers(GLsizei(buffers.count), &buffers)
        glGenBuffers(GLsizei(Self.length), &buffers)
        capacities = [Int](repeating: 0, count: Self.length)
        mappings = [UnsafeMutableRawPointer?](repeating: nil, count: Self.length)
    }

    /// The current buffer's mapping, replaced by a larger buffer when it holds fewer than
    /// `bytes`; nil when the driver cannot map one (the ring then streams).
    private func mapping(holding bytes: Int) -> UnsafeMutableRawPointer? {
        if let memory = mappings[index], capacities[index] >= bytes { return memory }
        let size = Self.grown(capacities[index], toHold: bytes)
        // Mapped storage is immutable: a larger one is a new buffer (the old one is freed
        // once the GPU is done with it).
        var name: GLuint = 0
        glGenBuffers(1, &name)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), name)
        let flags = GLbitfield(GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT)
        glBufferStorage(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(size), nil, flags)
        guard let memory = glMapBufferRange(GLenum(GL_ARRAY_BUFFER), 0, GLsizeiptr(size), flags) else {
            glDeleteBuffers(1, &name)
            Diagnostics.warnOnce("mapped-instances", "the driver did not map an instance buffer: instances are copied")
            stopMapping()
            return nil
        }
        glDeleteBuffers(1, &buffers[index])
        buffers[index] = name
        capacities[index] = size
        mappings[index] = memory
        return memory
    }

    /// A capacity of at least `bytes`, half as large again as `capacity` at least (and never
    /// below 64 instances), so a growing scene respecifies its buffers a few times only.
    private static func grown(_ capacity: Int, toHold bytes: Int) -> Int {
        max(bytes, capacity + capacity / 2, 64 * QuadInstance.stride)
    }
}
