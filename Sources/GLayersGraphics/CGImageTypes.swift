/// The small value types around `CGImage`: alpha and bitmap layouts (with Apple's raw
/// values, so `bitmapInfo:` arguments written for CoreGraphics mean the same here), the
/// rendering intent, the data provider and the image error.
import Foundation

/// Where alpha is stored in a pixel and whether colours are premultiplied by it.
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// No alpha channel.
    case none = 0
    /// Alpha last (RGBA), colours premultiplied.
    case premultipliedLast = 1
    /// Alpha first (ARGB), colours premultiplied.
    case premultipliedFirst = 2
    /// Alpha last (RGBA), colours straight.
    case last = 3
    /// Alpha first (ARGB), colours straight.
    case first = 4
    /// An ignored byte last (RGBX).
    case noneSkipLast = 5
    /// An ignored byte first (XRGB).
    case noneSkipFirst = 6
    /// Only an alpha channel.
    case alphaOnly = 7
}

/// Bitmap layout flags: an alpha info in the low bits plus byte order (CoreGraphics' `CGBitmapInfo`).
public struct CGBitmapInfo: OptionSet, Sendable, Hashable {
    /// The layout bits.
    public let rawValue: UInt32
    /// A layout from its raw value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The bits that hold a `CGImageAlphaInfo`.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// Floating-point components (not supported by glayers).
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    /// The bits that hold the byte order.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// The default byte order (big-endian: components in memory order).
    public static let byteOrderDefault = CGBitmapInfo([])
    /// 16-bit little-endian pixels.
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    /// 32-bit little-endian pixels (ARGB becomes B, G, R, A in memory).
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    /// 16-bit big-endian pixels.
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    /// 32-bit big-endian pixels.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)

    /// The alpha info part, or nil for a value CoreGraphics does not define.
    public var alphaInfo: CGImageAlphaInfo? { CGImageAlphaInfo(rawValue: rawValue & 0x1F) }
    /// The byte-order part.
    public var byteOrder: CGBitmapInfo { CGBitmapInfo(rawValue: rawValue & 0x7000) }
}

/// How colours outside the destination gamut are mapped (accepted and ignored by glayers).
public enum CGColorRenderingIntent: Int32, Sendable {
    /// The default intent.
    case defaultIntent = 0
    /// Absolute colorimetric.
    case absoluteColorimetric = 1
    /// Relative colorimetric.
    case relativeColorimetric = 2
    /// Perceptual.
    case perceptual = 3
    /// Saturation.
    case saturation = 4
}

/// Bytes that an image is made from (CoreGraphics' `CGDataProvider`, in-memory only).
public final class CGDataProvider: @unchecked Sendable {
    /// The provided bytes, as Core Graphics hands them out (`CFData`, which is `NSData` here):
    /// `CFDataGetBytePtr(provider.data)` points at them while the provider or the returned
    /// object lives.
    public var data: NSData? { object }

    /// The provided bytes.
    package var bytes: Data { Data(referencing: object) }

    private let object: NSData
    /// What owns the memory `object` points at, kept alive with it (an image's pixels).
    private let owner: AnyObject?

    /// A provider of bytes that `owner` holds.
    init(data: NSData, owner: AnyObject) {
        object = data
        self.owner = owner
    }

    /// A provider of `data` (glayers: a `Data`, without a cast).
    public init(data: Data) {
        object = data as NSData
        owner = nil
    }

    /// A provider of `data` (Core Graphics' `init?(data: CFData)`; `data as CFData` passes a
    /// `Data`). Never nil here.
    public init?(data: NSData) {
        object = data
        owner = nil
    }

    /// A provider of the bytes of the file at `url`, or nil when it cannot be read.
    public convenience init?(url: URL) {
        guard let d = try? Data(contentsOf: url) else { return nil }
        self.init(data: d)
    }
}

/// An error decoding, encoding or making an image; its description names the file.
///
/// For example `images/big.png: image is 100000 × 100000 pixels; the limit is 32768 per side
/// and 268435456 pixels`.
public struct CGImageError: Error, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Equatable, Sendable {
        /// The file is missing, unreadable or a directory.
        case unreadable(String)
        /// The file could not be written.
        case unwritable(String)
        /// The file or data holds zero bytes.
        case empty
        /// The bytes are not PNG, JPEG or WebP (nor another recognised image format).
        case notAnImage
        /// The data ends before the image does.
        case truncated(String)
        /// The data is damaged.
        case corrupt(String)
        /// The image exceeds `CGImage.maximumSide` or `CGImage.maximumPixelCount`.
        case tooLarge(width: Int, height: Int)
        /// The encoded file exceeds `CGImage.maximumFileSize`.
        case fileTooLarge(bytes: Int)
        /// A recognised but unsupported format or variant (GIF, CMYK JPEG, …).
        case unsupported(String)
        /// Pixel bytes passed to an initialiser do not describe a valid bitmap.
        case invalidBitmap(String)
        /// The encoder failed.
        case encodingFailed(String)
        /// The images a file loaded before this one, `loaded` pixels, and this one's would pass
        /// the file's `budget` of pixels together.
        case overBudget(loaded: Int, width: Int, height: Int, budget: Int)
    }

    /// What went wrong.
    public let kind: Kind
    /// The file path or name the error is about.
    public let name: String

    /// An error of `kind` about the file or data called `name`.
    public init(_ kind: Kind, name: String) {
        self.kind = kind
        self.name = name
    }

    /// The message, starting with the file name: "name: what went wrong".
    public var description: String {
        let what: String
        switch kind {
        case .unreadable(let d): what = "cannot read: \(d)"
        case .unwritable(let d): what = "cannot write: \(d)"
        case .empty: what = "file is empty"
        case .notAnImage: what = "not a PNG, JPEG or WebP image"
        case .truncated(let d): what = "image data is truncated (\(d))"
        case .corrupt(let d): what = "image data is corrupt (\(d))"
        case .tooLarge(let w, let h):
            what =
                "image is \(w) × \(h) pixels; the limit is \(CGImage.maximumSide) per side and "
                + "\(CGImage.maximumPixelCount) pixels"
        case .fileTooLarge(let n): what = "file is \(n) bytes; the limit is \(CGImage.maximumFileSize) bytes"
        case .unsupported(let d): what = "unsupported image: \(d)"
        case .invalidBitmap(let d): what = "invalid bitmap: \(d)"
        case .encodingFailed(let d): what = "cannot encode PNG: \(d)"
        case .overBudget(let loaded, let w, let h, let budget):
            what =
                "image is \(w) × \(h) pixels, and the file's images before it hold \(loaded); together they "
                + "would pass \(budget) pixels, the limit for one file's images"
        }
        return "\(name): \(what)"
    }
}
