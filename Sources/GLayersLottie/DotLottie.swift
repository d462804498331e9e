/// dotLottie files (`.lottie`): a zip archive of a Lottie animation's JSON and its images, as
/// LottieFiles and lottie-ios's `DotLottieFile` read them (docs/lottie.md, "dotLottie files").
import CZlib
import Foundation
import GLayersJSON

/// The entries of a zip archive, read from memory: stored and deflated entries, no encryption,
/// no multi-disk archives, no ZIP64 (a `.lottie` is far under 4 GiB).
struct ZipArchive {
    /// Why an archive cannot be read.
    struct Failure: Error {
        var message: String
    }

    /// One file in the archive.
    struct Entry {
        var name: String
        var method: UInt16
        var crc: UInt32
        var compressedSize: Int
        var size: Int
        var localHeaderOffset: Int
    }

    /// At most this many entries are listed.
    static let maximumEntries = 10_000
    /// No entry is inflated past this many bytes (a Lottie file's own limit: 16 MiB).
    static let maximumEntrySize = LottieAnimation.maximumFileSize

    /// The archive's bytes.
    private let bytes: [UInt8]
    private(set) var entries: [String: Entry] = [:]

    /// Whether `data` starts as a zip archive does (a local file header).
    static func isArchive(_ data: Data) -> Bool {
        data.count >= 4 && data.prefix(4).elementsEqual([0x50, 0x4B, 0x03, 0x04])
    }

    /// Lists the archive's entries from its central directory.
    init(_ data: Data) throws {
        bytes = [UInt8](data)
        // The end of the central directory: its 22 bytes and a comment of up to 64 KiB.
        var end = -1
        var at = bytes.count - 22
        while at >= 0 && at >= bytes.count - 22 - 0xFFFF {
            if u32(at) == 0x0605_4B50 {
                end = at
                break
            }
            at -= 1
        }
        guard end >= 0 else { throw Failure(message: "not a zip archive (no end of central directory)") }
        let count = u16(end + 10), directorySize = u32(end + 12), directoryOffset = u32(end + 16)
        guard count <= Self.maximumEntries else {
            throw Failure(message: "the archive lists \(count) files; at most \(Self.maximumEntries) are read")
        }
        guard directoryOffset + directorySize <= end else {
            throw Failure(message: "the archive's central directory lies outside it")
        }
        var p = directoryOffset
        for _ in 0..<count {
            guard p + 46 <= end, u32(p) == 0x0201_4B50 else {
                throw Failure(message: "the archive's central directory is damaged")
            }
            let nameLength = u16(p + 28), extraLength = u16(p + 30), commentLength = u16(p + 32)
            guard p + 46 + nameLength <= end else {
                throw Failure(message: "the archive's central directory is damaged")
            }
            let name = String(decoding: bytes[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self)
            let entry = Entry(
                name: name, method: UInt16(u16(p + 10)), crc: UInt32(u32(p + 16)), compressedSize: u32(p + 20),
                size: u32(p + 24),
                localHeaderOffset: u32(p + 42))
            if u16(p + 8) & 1 != 0 { throw Failure(message: "\(name) is encrypted") }
            entries[name] = entry
            p += 46 + nameLength + extraLength + commentLength
        }
    }

    /// The bytes of the entry `name`, inflated; nil when the archive has no such entry.
    func contents(of name: String) throws -> Data? {
        guard let entry = entries[name] else { return nil }
        guard entry.size <= Self.maximumEntrySize else {
            throw Failure(message: "\(name) is \(entry.size) bytes; at most \(Self.maximumEntrySize) are read")
        }
        let header = entry.localHeaderOffset
        guard header >= 0, header + 30 <= bytes.count else {
            throw Failure(message: "\(name): its header lies outside the archive")
        }
        guard u16(header) == 0x4B50, u16(header + 2) == 0x0403 else {
            throw Failure(message: "\(name): its local header is damaged")
        }
        let start = header + 30 + u16(header + 26) + u16(header + 28)
        guard start >= 0, start + entry.compressedSize <= bytes.count else {
            throw Failure(message: "\(name): its bytes lie outside the archive")
        }
        let stored = bytes[start..<(start + entry.compressedSize)]
        let contents: Data
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.size else { throw Failure(message: "\(name): its sizes disagree") }
            contents = Data(stored)
        case 8:
            contents = try Self.inflate(Data(stored), size: entry.size, name: name)
        default:
            throw Failure(
                message: "\(name) is compressed by method \(entry.method); only stored and deflated files are read")
        }
        let crc = contents.withUnsafeBytes {
            UInt32(crc32(0, $0.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt($0.count)))
        }
        guard crc == entry.crc else { throw Failure(message: "\(name): its checksum does not match its bytes") }
        return contents
    }

    /// The little-endian 16- and 32-bit numbers at `at` (callers check the bounds).
    private func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    private func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }

    /// Raw deflate data inflated into exactly `size` bytes.
    private static func inflate(_ input: Data, size: Int, name: String) throws -> Data {
        var output = Data(count: size)
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure(message: "\(name): zlib cannot start inflating")
        }
        defer { inflateEnd(&stream) }
        var input = input
        let status: Int32 = input.withUnsafeMutableBytes { (inBuffer: UnsafeMutableRawBufferPointer) in
            output.withUnsafeMutableBytes { (outBuffer: UnsafeMutableRawBufferPointer) in
                stream.next_in = inBuffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(outBuffer.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == size else {
            throw Failure(message: "\(name): its deflated bytes are damaged or longer than its size")
        }
        return output
    }
}

/// The animation of a dotLottie archive: its JSON and the archive, which holds its images.
final class DotLottie {
    /// The most bytes inflated from one archive: an entry that deflates 16 MiB of zeros into a
    /// few kilobytes, named by a thousand image assets, must not become 16 GiB.
    static let maximumInflatedBytes = 64 << 20

    let archive: ZipArchive
    /// Images read so far, by path (an entry named by several assets is inflated once).
    private var images: [String: Data] = [:]
    private var inflatedBytes = 0
    /// The path of the animation's JSON in the archive.
    let animationPath: String
    let json: Data

    /// Reads the first animation the manifest lists (or the archive's only one).
    init(_ data: Data) throws {
        archive = try ZipArchive(data)
        var id: String?
        if let manifest = try archive.contents(of: "manifest.json"),
            let document = try? JSONReader.parse(manifest)
        {
            id = document["activeAnimationId"]?.string ?? document["animations"]?.array?.first?["id"]?.string
        }
        // dotLottie 1 keeps animations in `animations/`, dotLottie 2 in `a/`.
        let candidates =
            id.map { ["animations/\($0).json", "a/\($0).json"] }
            ?? archive.entries.keys.filter {
                ($0.hasPrefix("animations/") || $0.hasPrefix("a/")) && $0.hasSuffix(".json")
            }
            .sorted()
        for path in candidates {
            if let json = try archive.contents(of: path) {
                animationPath = path
                self.json = json
                return
            }
        }
        throw ZipArchive.Failure(message: "the archive holds no animation (animations/…json or a/…json)")
    }

    /// The bytes of an image asset whose folder is `directory` (`u`) and name `name` (`p`):
    /// at that path in the archive, or in its image folder (`images/`, `i/`).
    func image(directory: String, name: String) -> Data? {
        var folder = directory
        while folder.hasPrefix("/") { folder.removeFirst() }
        if !folder.isEmpty && !folder.hasSuffix("/") { folder += "/" }
        for path in [folder + name, "images/" + name, "i/" + name] {
            if let data = images[path] { return data }
            guard let entry = archive.entries[path], inflatedBytes + entry.size <= Self.maximumInflatedBytes,
                let data = try? archive.contents(of: path)
            else { continue }
            inflatedBytes += data.count
            images[path] = data
            return data
        }
        return nil
    }
}
