/// Presenting only the damage without EGL (#13): with a software renderer, Mesa's EGL X11
/// path sends the whole window image through the X socket at every swap (it offers neither
/// swap-with-damage nor buffer age). Instead the window's frames are drawn into the renderer's
/// offscreen target, which keeps them, and only the rects each frame redrew are read back into
/// an MIT-SHM image and put with `XShmPutImage`: the X server copies them from shared memory.
import CX11
import Foundation
import GLayersGL
import GLayersRenderList
import Synchronization

/// How a window's frames reach the screen.
public enum PresentPath: String, Sendable, CustomStringConvertible {
    /// EGL's window surface: `eglSwapBuffers` (with damage where EGL offers it).
    case egl
    /// MIT-SHM: frames drawn offscreen, the damaged rects read back into shared memory and put
    /// with `XShmPutImage`.
    case shm

    /// The path named by `GLAYERS_PRESENT` (`egl` or `shm`), or nil (unset, or another value).
    public static var fromEnvironment: PresentPath? {
        ProcessInfo.processInfo.environment["GLAYERS_PRESENT"].flatMap { PresentPath(rawValue: $0.lowercased()) }
    }

    /// Whether the path fits by default: shm for a software renderer (`GL_RENDERER` naming
    /// llvmpipe, softpipe or swrast), EGL for a GPU, which presents without copying.
    public static func preferred(forRenderer name: String) -> PresentPath {
        let lower = name.lowercased()
        return ["llvmpipe", "softpipe", "swrast"].contains { lower.contains($0) } ? .shm : .egl
    }

    /// "egl" or "shm".
    public var description: String { rawValue }
}

/// Why the MIT-SHM path cannot be used on a window (the window then presents with EGL).
struct ShmError: Error, CustomStringConvertible {
    let description: String
    /// Whether the display simply lacks what the path needs (no MIT-SHM, another visual), as
    /// opposed to a step that failed.
    let expected: Bool
    init(_ description: String, expected: Bool = false) {
        self.description = description
        self.expected = expected
    }
}

/// The MIT-SHM image a window's frames are put from; it always holds the last frame presented,
/// so an expose is answered by putting the exposed area again, without drawing.
final class ShmPresenter {
    private let display: OpaquePointer
    private let window: UInt
    private let visual: UnsafeMutablePointer<Visual>
    private let depth: Int32
    private let gc: GC
    /// The segment's description; the image points at it, so it does not move.
    private let segment = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
    private var image: UnsafeMutablePointer<XImage>?
    private var attached = false
    /// The image's size in pixels.
    private(set) var width = 0, height = 0
    /// Whether the image holds a whole frame (else the next present puts all of it).
    private var holdsFrame = false
    /// Whether a put may still be reading the image (the next write waits for the server).
    private var putPending = false

    /// A presenter for `window`, its image made at the window's size.
    ///
    /// - Throws `ShmError` when the display is not a local one (`:N` or `unix:N`), the server
    ///   has no MIT-SHM, the window's visual is not a 24- or 32-bit little-endian TrueColor
    ///   one, or shared memory cannot be made or attached.
    init(window: X11Window) throws {
        display = window.display
        self.window = window.window
        segment.initialize(to: XShmSegmentInfo())
        // Shared memory is shared with a server on this machine only: a display over TCP, even
        // to localhost (ssh's forwarding), may name another machine's segments (as SDL checks).
        let name = String(cString: XDisplayString(display))
        guard name.hasPrefix(":") || name.hasPrefix("unix:") else {
            segment.deallocate()
            throw ShmError("the display \"\(name)\" is not a local one", expected: true)
        }
        guard XShmQueryExtension(display) != 0 else {
            segment.deallocate()
            throw ShmError("the X server has no MIT-SHM", expected: true)
        }
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, self.window, &attributes) != 0, let visual = attributes.visual,
            visual.pointee.`class` == TrueColor, attributes.depth == 24 || attributes.depth == 32,
            visual.pointee.red_mask == 0xff0000, visual.pointee.green_mask == 0xff00,
            visual.pointee.blue_mask == 0xff
        else {
            segment.deallocate()
            throw ShmError("the window's visual is not 24- or 32-bit TrueColor with 8-bit RGB", expected: true)
        }
        self.visual = visual
        depth = attributes.depth
        gc = XCreateGC(display, self.window, 0, nil)
        do { try allocate(width: window.width, height: window.height) } catch {
            XFreeGC(display, gc)
            segment.deallocate()
            throw error
        }
    }

    deinit {
        release()
        XFreeGC(display, gc)
        segment.deallocate()
    }

    /// Makes the image and its shared memory for `width` × `height` pixels, attached to the
    /// X server.
    private func allocate(width w: Int, height h: Int) throws {
        release()
        let w = max(1, w), h = max(1, h)
        guard
            let made = XShmCreateImage(display, visual, UInt32(depth), ZPixmap, nil, segment, UInt32(w), UInt32(h))
        else { throw ShmError("XShmCreateImage failed") }
        image = made
        guard made.pointee.bits_per_pixel == 32, made.pointee.byte_order == LSBFirst else {
            release()
            throw ShmError("the image is not 32 bits a pixel in little-endian order")
        }
        let bytes = Int(made.pointee.bytes_per_line) * h
        let id = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0o600)
        guard id >= 0 else {
            release()
            throw ShmError("shmget of \(bytes) bytes failed: \(String(cString: strerror(errno)))")
        }
        guard let address = shmat(id, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            shmctl(id, IPC_RMID, nil)
            release()
            throw ShmError("shmat failed: \(String(cString: strerror(errno)))")
        }
        segment.pointee.shmid = id
        segment.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        segment.pointee.readOnly = 0
        made.pointee.data = segment.pointee.shmaddr
        // An attach the server refuses (a remote display) arrives as an X error: caught here.
        shmAttachFailed.store(false, ordering: .relaxed)
        let previous = XSetErrorHandler(shmErrorHandler)
        let sent = XShmAttach(display, segment)
        XSync(display, 0)
        XSetErrorHandler(previous)
        // Marked for removal now: the segment goes when the server and this process detach.
        shmctl(id, IPC_RMID, nil)
        attached = sent != 0 && !shmAttachFailed.load(ordering: .relaxed)
        guard attached else {
            release()
            throw ShmError("XShmAttach failed (the X server cannot share this process's memory)")
        }
        width = w
        height = h
    }

    /// Detaches and frees the image and its shared memory.
    func release() {
        guard let image else { return }
        if attached {
            XShmDetach(display, segment)
            XSync(display, 0)
            attached = false
        }
        if let address = segment.pointee.shmaddr { shmdt(address) }
        segment.pointee = XShmSegmentInfo()
        image.pointee.data = nil
        _ = glayers_destroy_image(image)
        self.image = nil
        width = 0
        height = 0
        holdsFrame = false
        putPending = false
    }

    /// Puts the last frame's damage (`renderer.damage`, drawn `.offscreen`) on the window:
    /// reads those rects back into the image and puts them; nothing when the damage is empty.
    /// A frame of another size makes the image again, and puts all of it.
    ///
    /// - Throws `ShmError` when the image cannot be made again or the renderer has no
    ///   offscreen frame.
    func present(_ renderer: Renderer) throws {
        let damage = renderer.damage
        if damage.isEmpty { return }
        let w = Int(damage.screen.width), h = Int(damage.screen.height)
        if w != width || h != height || image == nil { try allocate(width: w, height: h) }
        guard let image, let data = image.pointee.data else { throw ShmError("no image") }
        let whole = PixelRect(x: 0, y: 0, width: w, height: h)
        let rects = damage.isFull || !holdsFrame ? [whole] : damage.rects
        // The server must have read the last puts before the image changes under them.
        if putPending { XSync(display, 0) }
        let bytesPerRow = Int(image.pointee.bytes_per_line)
        for r in rects where !renderer.readBGRA(r, into: data, bytesPerRow: bytesPerRow) {
            holdsFrame = false
            throw ShmError("the renderer has no offscreen frame of \(w)×\(h) pixels to read")
        }
        holdsFrame = true
        for r in rects { put(r.intersection(whole)) }
        XFlush(display)
    }

    /// Puts `area` (pixels, origin top-left) of the kept frame on the window again (an
    /// expose); nothing before the first frame.
    func putAgain(_ area: CGRect) {
        guard holdsFrame else { return }
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        let r = PixelRect.covering(
            minX: Float(area.minX), minY: Float(area.minY), maxX: Float(area.maxX), maxY: Float(area.maxY), margin: 0)
        put(r.intersection(whole))
        XFlush(display)
    }

    private func put(_ r: PixelRect) {
        guard let image, !r.isEmpty else { return }
        XShmPutImage(
            display, window, gc, image, r.minX, r.minY, r.minX, r.minY, UInt32(r.width), UInt32(r.height), 0)
        putPending = true
    }
}

/// Set by `shmErrorHandler` when an X error arrives while a segment is attached (the handler
/// runs on whichever thread reads the error: with a render thread, the image is made again
/// there while the window's thread reads events).
private let shmAttachFailed = Atomic<Bool>(false)

/// The X error handler in force while a segment is attached: notes the error.
private let shmErrorHandler: XErrorHandler = { _, _ in
    shmAttachFailed.store(true, ordering: .relaxed)
    return 0
}
