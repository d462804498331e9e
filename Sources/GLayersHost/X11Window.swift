/// An X11 window for the layer host: created with Xlib, titled, optionally full screen,
/// announcing `WM_DELETE_WINDOW`, and turning X events into `WindowEvent`s (key names are X11
/// keysym names). Knows nothing of layers or OpenGL.
import CHostSupport
import CX11
import Foundation

/// Something that happened to the window.
public enum WindowEvent: Equatable {
    /// A key was pressed: its X11 keysym name ("Down", "Return", "space", "a", "A", …).
    case key(String)
    /// A mouse button was pressed at a point in pixels (origin top-left).
    case click(x: Int, y: Int, button: Int)
    /// The window's size changed (pixels).
    case resize(width: Int, height: Int)
    /// The window must be redrawn.
    case expose
    /// The window manager asked the window to close.
    case close
}

/// Why a window could not be made.
public struct WindowError: Error, CustomStringConvertible {
    /// What went wrong, for example that no X display could be opened.
    public let message: String
    /// The error as text: its `message`.
    public var description: String { message }
}

/// A top-level X11 window.
public final class X11Window {
    /// The Xlib `Display*`.
    public let display: OpaquePointer
    /// The X window id.
    public let window: UInt
    /// The window's size in pixels.
    public private(set) var width: Int
    /// The window's height in pixels.
    public private(set) var height: Int
    private let wmProtocols: Atom
    private let wmDelete: Atom
    /// Whether another client destroyed the window (it must not be destroyed again).
    private var destroyed = false
    private var watchdog: ConnectionWatchdog?
    /// The rect around the areas exposed since `takeExposedArea()` last ran.
    private var exposed: CGRect?

    /// Opens the display named by `$DISPLAY` and makes a mapped window.
    ///
    /// - Throws `WindowError` when there is no display (say so in one line: `glayers` exits
    ///   with status 2 and suggests `glayers shot`).
    public init(title: String, width: Int, height: Int, fullscreen: Bool) throws {
        _ = Self.errorHandlers
        guard let d = Self.openDisplay() else {
            let name = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
            throw WindowError(
                message: name.isEmpty ? "no X11 display ($DISPLAY is not set)" : "cannot open X11 display \"\(name)\"")
        }
        display = d
        let screen = glayers_default_screen(d)
        let root = glayers_root_window(d, screen)
        var w = max(1, width), h = max(1, height)
        if fullscreen {
            w = Int(glayers_display_width(d, screen))
            h = Int(glayers_display_height(d, screen))
        }
        var attributes = XSetWindowAttributes()
        attributes.background_pixel = glayers_black_pixel(d, screen)
        attributes.event_mask = KeyPressMask | ButtonPressMask | StructureNotifyMask | ExposureMask
        let mask = UInt(CWBackPixel | CWEventMask)
        window = XCreateWindow(
            d, root, 0, 0, UInt32(w), UInt32(h), 0, Int32(CopyFromParent), UInt32(InputOutput), nil, mask, &attributes)
        self.width = w
        self.height = h
        wmProtocols = XInternAtom(d, "WM_PROTOCOLS", 0)
        wmDelete = XInternAtom(d, "WM_DELETE_WINDOW", 0)
        var protocols = [wmDelete]
        XSetWMProtocols(d, window, &protocols, 1)
        setTitle(title)
        var hints = XClassHint()
        title.withCString { name in
            "glayers".withCString { cls in
                hints.res_name = UnsafeMutablePointer(mutating: name)
                hints.res_class = UnsafeMutablePointer(mutating: cls)
                XSetClassHint(d, window, &hints)
            }
        }
        if fullscreen { requestFullscreen() }
        XMapWindow(d, window)
        XFlush(d)
        watchdog = ConnectionWatchdog(
            fd: glayers_connection_number(d), displayName: String(cString: XDisplayString(d)), window: window)
    }

    deinit {
        watchdog?.stop()
        if !destroyed { XDestroyWindow(display, window) }
        XCloseDisplay(display)
    }

    /// Opens `$DISPLAY`, trying a few times over half a second: a server that is starting (a
    /// kiosk launched with its X session) or busy may refuse a connection for a moment.
    private static func openDisplay() -> OpaquePointer? {
        for attempt in 0..<5 {
            if let d = XOpenDisplay(nil) { return d }
            if attempt < 4 { usleep(100_000) }
        }
        return nil
    }

    /// Xlib's handlers, installed once: an X protocol error (a drawable that another client
    /// destroyed, say) is not fatal — the window's `DestroyNotify` ends the loop — and a lost
    /// connection ends the program with a clear message and status 1 instead of Xlib's
    /// "fatal IO error".
    private static let errorHandlers: Void = {
        // Two connections are used from two threads (the watchdog has its own).
        XInitThreads()
        XSetErrorHandler { _, _ in 0 }
        XSetIOErrorHandler { _ in ConnectionWatchdog.serverWentAway() }
    }()

    /// Sets the title (`WM_NAME` and the UTF-8 `_NET_WM_NAME`).
    public func setTitle(_ title: String) {
        XStoreName(display, window, title)
        let utf8 = XInternAtom(display, "UTF8_STRING", 0), netName = XInternAtom(display, "_NET_WM_NAME", 0)
        let bytes = Array(title.utf8)
        bytes.withUnsafeBufferPointer {
            XChangeProperty(display, window, netName, utf8, 8, PropModeReplace, $0.baseAddress, Int32($0.count))
        }
    }

    private func requestFullscreen() {
        let state = XInternAtom(display, "_NET_WM_STATE", 0), full = XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", 0)
        var value = full
        withUnsafePointer(to: &value) {
            $0.withMemoryRebound(to: UInt8.self, capacity: MemoryLayout<Atom>.size) {
                XChangeProperty(display, window, state, XA_ATOM, 32, PropModeReplace, $0, 1)
            }
        }
    }

    /// The events that have arrived, without waiting.
    public func pendingEvents() -> [WindowEvent] {
        var out: [WindowEvent] = []
        while XPending(display) > 0 {
            var e = XEvent()
            XNextEvent(display, &e)
            if let event = translate(&e) { out.append(event) }
        }
        return out
    }

    /// The rect (pixels, origin top-left) around every area the X server exposed since the
    /// last call, or nil when none was; the next call starts afresh.
    public func takeExposedArea() -> CGRect? {
        defer { exposed = nil }
        return exposed
    }

    /// Waits until an event arrives, or `timeout` seconds pass (nil: no limit).
    public func waitForEvents(timeout: Double?) {
        if XPending(display) > 0 { return }
        var fd = pollfd(fd: glayers_connection_number(display), events: Int16(POLLIN), revents: 0)
        let ms = timeout.map { Int32(max(0, min($0, 3600)) * 1000) } ?? -1
        _ = poll(&fd, 1, ms)
    }

    private func translate(_ e: inout XEvent) -> WindowEvent? {
        switch e.type {
        case KeyPress:
            let shifted = (e.xkey.state & UInt32(ShiftMask)) != 0
            var sym = XLookupKeysym(&e.xkey, shifted ? 1 : 0)
            if sym == 0 { sym = XLookupKeysym(&e.xkey, 0) }
            guard sym != 0, let name = XKeysymToString(sym) else { return nil }
            return .key(String(cString: name))
        case ButtonPress:
            return .click(x: Int(e.xbutton.x), y: Int(e.xbutton.y), button: Int(e.xbutton.button))
        case ConfigureNotify:
            let w = Int(e.xconfigure.width), h = Int(e.xconfigure.height)
            guard w != width || h != height else { return nil }
            width = w
            height = h
            return .resize(width: w, height: h)
        case Expose:
            let area = CGRect(
                x: Int(e.xexpose.x), y: Int(e.xexpose.y), width: Int(e.xexpose.width), height: Int(e.xexpose.height))
            exposed = exposed.map { $0.union(area) } ?? area
            return e.xexpose.count == 0 ? .expose : nil
        case ClientMessage:
            if e.xclient.message_type == wmProtocols && Atom(e.xclient.data.l.0) == wmDelete { return .close }
            return nil
        case DestroyNotify:
            // Another client (`xdotool windowclose`) destroyed the window: close as on a request.
            guard e.xdestroywindow.window == window else { return nil }
            destroyed = true
            return .close
        default:
            return nil
        }
    }

    /// The scale the desktop asks for: `Xft.dpi` / 96, or nil when unset.
    public func desktopScale() -> CGFloat? {
        guard let resources = XResourceManagerString(display) else { return nil }
        let text = String(cString: resources)
        for line in text.split(separator: "\n") where line.hasPrefix("Xft.dpi:") {
            let value = line.dropFirst("Xft.dpi:".count).trimmingCharacters(in: .whitespaces)
            if let dpi = Double(value), dpi > 0 { return CGFloat(dpi / 96) }
        }
        return nil
    }
}

/// Watches, from a thread of its own, for the two things the frame loop cannot notice itself:
///
/// - the X server going away (killed, crashed): the loop may be stuck in a buffer swap that
///   never returns on a dead connection (Mesa's software swap retries forever). The program
///   ends with a message and status 1.
/// - another client destroying the window (`xdotool windowclose`): Mesa's software renderer may
///   fault on the destroyed drawable before the loop reads its `DestroyNotify`. The watchdog
///   holds a connection of its own that listens for the window's destruction and ends the
///   program as a close would (status 0); a fault in that moment ends it the same way.
final class ConnectionWatchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false

    /// Watches the main connection `fd`, and `window` through a connection of its own to
    /// `displayName` (when one can be opened).
    init(fd: Int32, displayName: String, window: UInt) {
        var own: OpaquePointer?
        if let d = XOpenDisplay(displayName) {
            XSelectInput(d, window, StructureNotifyMask)
            XFlush(d)
            own = d
            Self.installGuard
        }
        let watched = own.map { Unmanaged<ConnectionBox>.passRetained(ConnectionBox($0)) }
        let thread = Thread { [self] in
            watch(fd, own: watched?.takeRetainedValue().display, window: window)
        }
        thread.name = "glayers X connection watchdog"
        thread.start()
    }

    private static let installGuard: Void = glayers_install_window_loss_guard()

    /// Stops watching (before the window is destroyed and the connection closed on purpose).
    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func watch(_ fd: Int32, own: OpaquePointer?, window: UInt) {
        defer { if let own { XCloseDisplay(own) } }
        let hangup = glayers_poll_hangup_events()
        var fds = [pollfd(fd: fd, events: glayers_poll_rdhup(), revents: 0)]
        if let own { fds.append(pollfd(fd: glayers_connection_number(own), events: Int16(POLLIN), revents: 0)) }
        while !isStopped {
            for i in fds.indices { fds[i].revents = 0 }
            let ready = poll(&fds, nfds_t(fds.count), 250)
            if isStopped { return }
            guard ready > 0 else { continue }
            if (fds[0].revents & hangup) != 0 { Self.serverWentAway() }
            guard let own, fds.count > 1, fds[1].revents != 0 else { continue }
            // Reading a dead connection calls the IO error handler (serverWentAway).
            while XPending(own) > 0 {
                var e = XEvent()
                XNextEvent(own, &e)
                if e.type == DestroyNotify && e.xdestroywindow.window == window && !isStopped {
                    Self.windowWasClosed()
                }
            }
        }
    }

    /// Says the X server went away and exits with status 1 (async-signal-safe: `write`, `_exit`).
    static func serverWentAway() -> Never {
        let message = "glayers: the X server closed the connection (it stopped or was killed); exiting\n"
        message.withCString { _ = write(2, $0, strlen($0)) }
        _exit(1)
    }

    /// Ends the program as a close request would, when another client destroyed the window.
    static func windowWasClosed() -> Never {
        glayers_set_window_lost()
        let message = "glayers: the window was closed by another program\n"
        message.withCString { _ = write(2, $0, strlen($0)) }
        _exit(0)
    }
}

/// A connection handed to the watchdog thread.
private final class ConnectionBox {
    let display: OpaquePointer
    init(_ display: OpaquePointer) { self.display = display }
}
