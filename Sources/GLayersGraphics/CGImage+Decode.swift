/// Decoding entry points: read a file (refusing ones over `CGImage.maximumFileSize` before
/// reading them), recognise the format by its magic bytes (never by its extension) and hand
/// the bytes to the PNG, JPEG or WebP decoder. Every failure is a `CGImageError` naming the file.
import Foundation

/// Image file formats recognised by their first bytes.
package enum ImageFormat: Equatable {
    case png, jpeg, webp
    /// A recognised format that glayers does not decode, by name.
    case other(String)

    /// The format of `bytes`, or nil when nothing is recognised.
    package static func sniff(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            guard bytes.count >= offset + magic.count else { return false }
            for (i, m) in magic.enumerated() where bytes[offset + i] != m { return false }
            return true
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF8".utf8)) { return .other("GIF") }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("BM".utf8)) { return .other("BMP") }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .other("TIFF") }
        if starts(Array("ftyp".utf8), at: 4) { return .other("HEIF/AVIF") }
        if starts([0x00, 0x00, 0x01, 0x00]) { return .other("ICO") }
        return nil
    }
}

extension CGImage {
    /// Decodes the PNG, JPEG or WebP file at `url` (the format is recognised by content).
    ///
    /// - Throws `CGImageError` (its description starts with the path) when the file is
    ///   missing or unreadable, larger than `maximumFileSize`, empty, not an image, truncated,
    ///   corrupt, larger than `maximumSide`/`maximumPixelCount`, or an unsupported variant.
    public static func decode(contentsOf url: URL) throws -> CGImage {
        let name = url.isFileURL ? url.relativePath : url.absoluteString
        let data = try readFile(url, name: name)
        return try decode(data: data, name: name)
    }

    /// Decodes PNG, JPEG or WebP bytes; `name` (a path or label) starts every error message.
    public static func decode(data: Data, name: String) throws -> CGImage {
        if data.isEmpty { throw CGImageError(.empty, name: name) }
        if data.count > maximumFileSize { throw CGImageError(.fileTooLarge(bytes: data.count), name: name) }
        return try data.withUnsafeBytes { bytes in
            switch ImageFormat.sniff(bytes) {
            case .png: return try decodePNG(bytes, name: name)
            case .jpeg: return try decodeJPEG(bytes, name: name)
            case .webp: return try decodeWebP(bytes, name: name)
            case .other(let format): throw CGImageError(.unsupported("\(format) images are not supported"), name: name)
            case nil: throw CGImageError(.notAnImage, name: name)
            }
        }
    }

    /// Reads a whole file after checking that it exists, is a regular readable file and is
    /// not larger than `maximumFileSize`.
    static func readFile(_ url: URL, name: String) throws -> Data {
        guard url.isFileURL else { throw CGImageError(.unreadable("not a file URL"), name: name) }
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CGImageError(.unreadable("no such file"), name: name)
        }
        if isDirectory.boolValue { throw CGImageError(.unreadable("is a directory"), name: name) }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw CGImageError(.unreadable("permission denied"), name: name)
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = (attributes?[.size] as? NSNumber)?.intValue, size > maximumFileSize {
            throw CGImageError(.fileTooLarge(bytes: size), name: name)
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw CGImageError(.unreadable(error.localizedDescription), name: name)
        }
    }
}
