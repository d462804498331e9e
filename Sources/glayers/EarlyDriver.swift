/// OpenGL started before the arguments are parsed, and left to the process's end, for the
/// commands that render one frame or a few headless (`shot`, `filmstrip`).
import ArgumentParser
import GLayersHost

/// The frame driver `glayers` starts before parsing its arguments when the command renders
/// headless: parsing takes 5–8 ms (most of it the Swift runtime's first protocol conformance
/// lookups), which then overlap with loading the OpenGL driver (docs/performance.md, "Start
/// and footprint").
enum EarlyDriver {
    private static var prepared: PreparedFrameDriver?

    /// Starts making the driver when `arguments` (without the program's name) name `shot` or
    /// `filmstrip` and ask for no help.
    static func start(for arguments: [String]) {
        guard let command = arguments.first, command == "shot" || command == "filmstrip" || command == "record",
            !arguments.contains(where: { $0 == "-h" || $0 == "--help" })
        else { return }
        prepared = PreparedFrameDriver()
    }

    /// The driver started early (once), or a new one.
    static func take() -> PreparedFrameDriver {
        defer { prepared = nil }
        return prepared ?? PreparedFrameDriver()
    }

    /// Drops a driver nobody took, which waits until it is made: the process never exits
    /// while a thread is starting OpenGL.
    static func drop() { prepared = nil }
}

/// Keeps `object` (a renderer and what it holds) until the process ends. The commands that
/// render headless end right after writing their image, and destroying the OpenGL context and
/// terminating EGL first would add about 10 ms; the driver's preparing thread has ended by
/// then (the renderer waited for it).
func keepUntilExit(_ object: AnyObject) {
    _ = Unmanaged.passRetained(object)
}
