/// Colours, as CoreGraphics models them: a colour space plus components and alpha.
///
/// glayers composites in one RGB space (sRGB, unmanaged, as Core Animation does on iOS), so
/// every colour also carries its RGBA equivalent, which the engine and renderer read.
import Foundation

/// A colour space: the model that gives a colour's components their meaning.
public final class CGColorSpace: Hashable, Sendable, CustomStringConvertible {
    /// The colour model of a colour space.
    public enum Model: Int32, Sendable { case monochrome = 0, rgb = 1 }

    /// The space's colour model.
    public let model: Model
    /// The space's name (`CGColorSpace.sRGB`, `genericGrayGamma2_2`, …).
    public let name: String?

    init(model: Model, name: String) {
        self.model = model
        self.name = name
    }

    /// The colour space with one of the standard names, or nil for an unknown name.
    public convenience init?(name: String) {
        switch name {
        case CGColorSpace.sRGB, CGColorSpace.genericRGBLinear, CGColorSpace.extendedSRGB,
            CGColorSpace.deviceRGB, CGColorSpace.genericRGB, CGColorSpace.displayP3, CGColorSpace.extendedDisplayP3:
            self.init(model: .rgb, name: name)
        case CGColorSpace.genericGrayGamma2_2, CGColorSpace.linearGray, CGColorSpace.extendedGray,
            CGColorSpace.deviceGray:
            self.init(model: .monochrome, name: name)
        default: return nil
        }
    }

    /// Number of colour components (alpha excluded).
    public var numberOfComponents: Int { model == .rgb ? 3 : 1 }

    /// The name of the standard sRGB space (IEC 61966-2-1), glayers' working space.
    public static let sRGB = "kCGColorSpaceSRGB"
    /// The name of Apple's generic RGB space.
    ///
    /// - glayers reads its components as sRGB, unconverted.
    public static let genericRGB = "kCGColorSpaceGenericRGB"
    /// The name of the generic RGB space with linear (gamma 1) components.
    ///
    /// - glayers reads its components as sRGB, unconverted: no linear-to-sRGB conversion is made.
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    /// The name of extended-range sRGB (components may lie outside 0 … 1).
    ///
    /// - glayers reads its components as sRGB; the renderer clamps what it draws.
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    /// The name of the generic gray space with gamma 2.2, the space of `CGColor(gray:alpha:)`.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// The name of the gray space with linear (gamma 1) components.
    ///
    /// - glayers reads its gray level as an sRGB gray, unconverted.
    public static let linearGray = "kCGColorSpaceLinearGray"
    /// The name of the extended-range gray space (levels may lie outside 0 … 1).
    public static let extendedGray = "kCGColorSpaceExtendedGray"
    /// The name of Display P3 (the P3 primaries with sRGB's transfer function and white point),
    /// the wide gamut of Apple's displays. glayers converts its colours to sRGB (exactly, then
    /// clipped to sRGB's gamut, as an sRGB display shows them).
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    /// The name of extended-range Display P3: converted to sRGB as Display P3 is.
    public static let extendedDisplayP3 = "kCGColorSpaceExtendedDisplayP3"
    /// Device RGB (glayers treats it as sRGB).
    public static let deviceRGB = "kCGColorSpaceDeviceRGB"
    /// Device gray.
    public static let deviceGray = "kCGColorSpaceDeviceGray"

    static let rgbSpace = CGColorSpace(model: .rgb, name: CGColorSpace.sRGB)
    static let graySpace = CGColorSpace(model: .monochrome, name: CGColorSpace.genericGrayGamma2_2)

    /// Whether the two spaces have the same model and name.
    public static func == (l: CGColorSpace, r: CGColorSpace) -> Bool {
        l.model == r.model && l.name == r.name
    }
    /// Hashes the model and name `==` compares.
    public func hash(into h: inout Hasher) { h.combine(model); h.combine(name) }
    /// The space as `CGColorSpace(name)` for logs.
    public var description: String { "CGColorSpace(\(name ?? "unnamed"))" }
}

/// The device RGB colour space (CoreGraphics' `CGColorSpaceCreateDeviceRGB`).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace.rgbSpace }
/// The device gray colour space (CoreGraphics' `CGColorSpaceCreateDeviceGray`).
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace.graySpace }

/// An immutable colour (CoreGraphics' `CGColor`).
///
/// - Equality compares colour space and components exactly, as `CGColorEqualToColor` does.
public final class CGColor: Hashable, Sendable, CustomStringConvertible {
    /// The colour's space.
    public let colorSpace: CGColorSpace?
    /// Components in the colour space followed by alpha.
    ///
    /// - Made from `rgba` when read, but in spaces whose components are not those (Display P3):
    ///   an array kept in every colour was an allocation and 80 bytes more for each of a scene's
    ///   100 000 colours, and few are ever asked for their components.
    public var components: [CGFloat]? {
        if let otherComponents { return otherComponents }
        return colorSpace?.model == .monochrome ? [rgba.r, rgba.a] : [rgba.r, rgba.g, rgba.b, rgba.a]
    }
    /// The components, when they are not `rgba`'s (nil in RGB spaces read as sRGB, and gray).
    private let otherComponents: [CGFloat]?
    /// Straight (not premultiplied) red, green, blue and alpha, each in [0, 1] for
    /// standard colours. The engine and renderer read colours through this.
    public let rgba: RGBA

    /// A colour in the generic RGB space.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        colorSpace = CGColorSpace.rgbSpace
        otherComponents = nil
        rgba = RGBA(red, green, blue, alpha)
    }

    /// A colour in the sRGB space.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A colour in the generic RGB space (the Swift spelling of `CGColorCreateGenericRGB`).
    public convenience init(genericRGBRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A gray colour.
    public init(gray: CGFloat, alpha: CGFloat) {
        colorSpace = CGColorSpace.graySpace
        otherComponents = nil
        rgba = RGBA(gray, gray, gray, alpha)
    }

    /// A gray colour in the generic gray (gamma 2.2) space.
    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(gray: gray, alpha: alpha)
    }

    /// A colour from components (the colour space's components, then alpha).
    ///
    /// - Returns nil when the number of components does not match the space.
    public init?(colorSpace space: CGColorSpace, components comps: [CGFloat]) {
        guard comps.count == space.numberOfComponents + 1 else { return nil }
        colorSpace = space
        if space.model == .monochrome {
            otherComponents = nil
            rgba = RGBA(comps[0], comps[0], comps[0], comps[1])
        } else if space.name == CGColorSpace.displayP3 || space.name == CGColorSpace.extendedDisplayP3 {
            otherComponents = comps
            rgba = CGColor.sRGB(fromDisplayP3: comps)
        } else {
            otherComponents = nil
            rgba = RGBA(comps[0], comps[1], comps[2], comps[3])
        }
    }

    /// Display P3 components (and alpha) as sRGB: both encode with sRGB's transfer function
    /// and share the D65 white, so the linear components go through the matrix from P3's
    /// primaries to sRGB's (rows sum to 1: white stays white); Display P3 keeps what is outside
    /// sRGB's gamut out of range, which the renderer clamps.
    static func sRGB(fromDisplayP3 c: [CGFloat]) -> RGBA {
        func linear(_ v: CGFloat) -> CGFloat {
            let a = abs(v)
            return (a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)) * (v < 0 ? -1 : 1)
        }
        func encoded(_ v: CGFloat) -> CGFloat {
            let a = abs(v)
            return (a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055) * (v < 0 ? -1 : 1)
        }
        let (r, g, b) = (linear(c[0]), linear(c[1]), linear(c[2]))
        return RGBA(
            encoded(1.2249401 * r - 0.2249404 * g),
            encoded(-0.0420569 * r + 1.0420571 * g),
            encoded(-0.0196376 * r - 0.0786361 * g + 1.0982735 * b),
            c[3])
    }

    /// The colour in `space` (CoreGraphics' `converted(to:intent:options:)`): sRGB (and the
    /// spaces glayers reads as sRGB) from Display P3 or gray, gray from RGB by its luminance
    /// (Rec. 709 weights on the sRGB components); `intent` and `options` are not used.
    public func converted(to space: CGColorSpace, intent: CGColorRenderingIntent, options: NSDictionary?) -> CGColor? {
        if space == colorSpace { return self }
        let c = rgba
        switch space.model {
        case .monochrome:
            return CGColor(colorSpace: space, components: [0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b, c.a])
        case .rgb:
            guard space.name != CGColorSpace.displayP3, space.name != CGColorSpace.extendedDisplayP3 else {
                return nil  // glayers converts into sRGB only
            }
            return CGColor(colorSpace: space, components: [c.r, c.g, c.b, c.a])
        }
    }

    /// A colour from straight RGBA components.
    public convenience init(_ rgba: RGBA) {
        self.init(red: rgba.r, green: rgba.g, blue: rgba.b, alpha: rgba.a)
    }

    /// Opaque black.
    public static let black = CGColor(gray: 0, alpha: 1)
    /// Opaque white.
    public static let white = CGColor(gray: 1, alpha: 1)
    /// Fully transparent black.
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// Number of components including alpha.
    public var numberOfComponents: Int { otherComponents?.count ?? (colorSpace?.model == .monochrome ? 2 : 4) }
    /// The alpha component.
    public var alpha: CGFloat { rgba.a }

    /// The same colour with another alpha (CoreGraphics' `copy(alpha:)`).
    public func copy(alpha: CGFloat) -> CGColor? {
        guard let space = colorSpace, var comps = components else { return nil }
        comps[comps.count - 1] = alpha
        return CGColor(colorSpace: space, components: comps)
    }

    /// Whether the colours are the same object or have equal colour spaces and identical components.
    ///
    /// - Equal-looking colours in different spaces (gray 1 and RGB white) are not equal.
    public static func == (l: CGColor, r: CGColor) -> Bool {
        guard l !== r else { return true }
        guard l.colorSpace == r.colorSpace else { return false }
        // The components compared without making them (`components` is an array made on read;
        // colours are compared every frame): where they are not kept, `rgba` holds them.
        if l.otherComponents != nil || r.otherComponents != nil { return l.otherComponents == r.otherComponents }
        let (a, b) = (l.rgba, r.rgba)
        let gray = l.colorSpace?.model == .monochrome
        return a.r == b.r && (gray || (a.g == b.g && a.b == b.b)) && a.a == b.a
    }
    /// Hashes the components (as their array hashes: its count, then each in turn), without
    /// making them.
    public func hash(into h: inout Hasher) {
        if let otherComponents { return h.combine(otherComponents) }
        if colorSpace?.model == .monochrome {
            h.combine(2)
            h.combine(rgba.r)
        } else {
            h.combine(4)
            h.combine(rgba.r)
            h.combine(rgba.g)
            h.combine(rgba.b)
        }
        h.combine(rgba.a)
    }

    /// The colour as `<CGColor rgb [r g b a]>` or `<CGColor gray [w a]>` for logs.
    public var description: String {
        let c = (components ?? []).map { String(format: "%g", Double($0)) }.joined(separator: " ")
        return "<CGColor \(colorSpace?.model == .monochrome ? "gray" : "rgb") [\(c)]>"
    }
}

/// Straight (non-premultiplied) red, green, blue and alpha.
public struct RGBA: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The components, straight (not premultiplied), usually 0 … 1.
    public var r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat

    /// A colour from straight red, green, blue and alpha.
    public init(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    /// Transparent black.
    public static let clear = RGBA(0, 0, 0, 0)

    /// The colour premultiplied by its alpha.
    public var premultiplied: RGBA { RGBA(r * a, g * a, b * a, a) }

    /// Each component in [0, 1] (a value that is not finite as 0), as a drawing's source
    /// colour takes it.
    package var clampedToUnit: RGBA {
        func unit(_ v: CGFloat) -> CGFloat { v.isFinite ? min(1, max(0, v)) : 0 }
        return RGBA(unit(r), unit(g), unit(b), unit(a))
    }

    /// The colour as `rgba(r, g, b, a)` for logs.
    public var description: String {
        String(format: "rgba(%g, %g, %g, %g)", Double(r), Double(g), Double(b), Double(a))
    }
}

/// `#colorLiteral(red:green:blue:alpha:)` where a `CGColor` is expected (Xcode's colour
/// literals, which Apple code assigns to `strokeColor`, `backgroundColor`, …): sRGB
/// components, as UIKit's and AppKit's literals are.
extension CGColor: _ExpressibleByColorLiteral {
    /// The colour of a colour literal.
    public convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }
}
