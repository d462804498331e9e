/// Errors of the OpenGL backend, each with a message a person can act on.
import Foundation

/// Something the OpenGL backend could not do.
public struct GLError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What kind of failure this is.
    public enum Kind: String, Sendable {
        /// No EGL display, or EGL could not be initialised.
        case noEGL
        /// The driver gives no OpenGL 3.3 core context.
        case noGL33
        /// The GL or EGL context was lost (GPU reset); make a new context and renderer.
        case contextLost
        /// A shader did not compile or a program did not link.
        case shader
        /// A framebuffer or other GL object could not be made.
        case resource
        /// A window surface could not be made or presented.
        case surface
    }

    /// The kind of failure.
    public let kind: Kind
    /// What happened, with the file name and log of a failing shader.
    public let message: String

    /// An error of `kind` with `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// `kind: message`.
    public var description: String { "\(kind.rawValue): \(message)" }
}
