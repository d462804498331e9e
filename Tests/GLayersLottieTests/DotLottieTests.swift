/// dotLottie archives (`.lottie`): the animation the manifest names, its images from the
/// archive, and damaged archives refused with what is wrong (docs/lottie.md, "dotLottie files").
import Foundation
import Testing

@testable import GLayersLottie

struct DotLottieTests {
    /// A dotLottie 1 archive made by Python's `zipfile`: a stored manifest, a deflated
    /// animation and a deflated PNG in `images/` (also a fuzz seed).
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Corpus/lottie/dot.lottie")

    /// `(name, bytes)` files in a zip archive of stored entries.
    static func archive(_ files: [(String, Data)]) -> Data {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: UInt32) -> [UInt8] { le16(Int(v & 0xFFFF)) + le16(Int(v >> 16)) }
        func crc32(_ data: Data) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in data {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return ~crc
        }
        var out: [UInt8] = [], directory: [UInt8] = []
        for (name, bytes) in files {
            let offset = UInt32(out.count), crc = crc32(bytes), size = UInt32(bytes.count)
            let nameBytes = Array(name.utf8)
            out +=
                le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0) + le32(crc) + le32(size)
                + le32(size) + le16(nameBytes.count) + le16(0) + nameBytes + Array(bytes)
            directory +=
                le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(0) + le16(0) + le16(0)
                + le32(crc) + le32(size) + le32(size) + le16(nameBytes.count) + le16(0) + le16(0) + le16(0)
                + le16(0) + le32(0) + le32(offset) + nameBytes
        }
        let start = UInt32(out.count)
        out += directory
        out +=
            le32(0x0605_4B50) + le16(0) + le16(0) + le16(files.count) + le16(files.count)
            + le32(UInt32(directory.count)) + le32(start) + le16(0)
        return Data(out)
    }

    static func composition(_ name: String, width: Int) -> Data {
        Data(#"{"nm":"\#(name)","fr":30,"ip":0,"op":30,"w":\#(width),"h":10,"layers":[]}"#.utf8)
    }

    @Test func theArchivesAnimationPlaysWithItsImages() throws {
        let animation = try LottieAnimation(contentsOf: Self.fixture)
        #expect(animation.size == CGSize(width: 60, height: 40))
        #expect(animation.name == "dot")
        #expect(animation.fileName.hasSuffix("dot.lottie (animations/dot.json)"))
        guard case .image(let data, _, _)? = animation.model.assets["image_0"] else {
            Issue.record("no image asset")
            return
        }
        let png = try #require(data, "the image comes from the archive's images/ folder")
        #expect(png.prefix(4).elementsEqual([0x89, 0x50, 0x4E, 0x47]))
    }

    /// The manifest's active animation (dotLottie 2: `a/`) is the one played; without a
    /// manifest, the first animation by name.
    @Test func theManifestChoosesTheAnimation() throws {
        let two = Self.archive([
            (
                "manifest.json",
                Data(#"{"version":"2","activeAnimationId":"b","animations":[{"id":"a"},{"id":"b"}]}"#.utf8)
            ),
            ("a/a.json", Self.composition("first", width: 10)), ("a/b.json", Self.composition("second", width: 20)),
        ])
        #expect(try LottieAnimation(data: two, name: "two.lottie").name == "second")
        let bare = Self.archive([
            ("animations/y.json", Self.composition("y", width: 10)),
            ("animations/x.json", Self.composition("x", width: 20)),
        ])
        #expect(try LottieAnimation(data: bare, name: "bare.lottie").name == "x")
    }

    /// Damaged archives are errors that name the file and say what is wrong; an error in the
    /// animation names the file and the animation's path in it.
    @Test func damagedArchivesAreRefusedWithWhatIsWrong() throws {
        func message(_ data: Data) -> String? {
            do {
                _ = try LottieAnimation(data: data, name: "x.lottie")
                return nil
            } catch let e as LottieError {
                return "\(e.file): \(e.path): \(e.message)"
            } catch {
                return "\(error)"
            }
        }
        let good = Self.archive([("animations/a.json", Self.composition("a", width: 10))])
        #expect(message(good) == nil)
        #expect(message(good.prefix(40))?.contains("no end of central directory") == true)
        var flipped = good
        flipped[flipped.startIndex + 30 + 17 + 3] ^= 0x20
        #expect(message(flipped)?.contains("checksum") == true)
        #expect(message(Self.archive([("readme.txt", Data("hi".utf8))]))?.contains("holds no animation") == true)
        let broken = Self.archive([
            ("animations/a.json", Data(#"{"fr":30,"ip":0,"op":30,"w":10,"h":10,"layers":[1]}"#.utf8))
        ])
        let inner = try #require(message(broken))
        #expect(inner.hasPrefix("x.lottie (animations/a.json): layers[0]:"), "\(inner)")
    }
}
