/// Video through ffmpeg: frames piped as raw RGBA to an `ffmpeg` process, which picks the
/// encoder from the output's extension (H.264 for .mp4, VP9 for .webm, …). glayers does not
/// link ffmpeg; without it on PATH, recording to video says how to install it.
import Foundation
import GLayersGraphics

/// An ffmpeg process taking frames of one size on its standard input.
public final class VideoPipe {
    /// The frame size in pixels.
    public let width: Int, height: Int
    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    private var finished = false

    /// The `ffmpeg` executable on `PATH`, or nil.
    public static func ffmpeg(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> URL? {
        for directory in (path ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// What to do without ffmpeg.
    public static let installHint =
        "ffmpeg is not installed (on Debian: apt-get install ffmpeg); or record an animated WebP (-o NAME.webp), which needs nothing else"

    /// Starts ffmpeg writing `output` from frames of `width` × `height` pixels at `fps`.
    public init(output: URL, width: Int, height: Int, fps: Double) throws {
        guard let ffmpeg = Self.ffmpeg() else { throw RecordingError(Self.installHint) }
        self.width = width
        self.height = height
        process.executableURL = ffmpeg
        process.arguments = [
            "-hide_banner", "-loglevel", "error", "-y",
            "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-r", String(fps), "-i", "-",
            // Most players want an even size and 4:2:0 colour.
            "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p", output.path,
        ]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
    }

    /// Sends one frame (straight RGBA: video has no alpha; what is transparent shows black).
    public func add(_ image: CGImage) throws {
        guard image.width == width, image.height == height else {
            throw RecordingError("a frame of \(image.width)×\(image.height) pixels in a \(width)×\(height) video")
        }
        let data = image.withStraightRGBA { Data($0) }
        do {
            try input.fileHandleForWriting.write(contentsOf: data)
        } catch {
            throw RecordingError("ffmpeg stopped taking frames: \(finishAndReadErrors())")
        }
    }

    /// Closes the input and waits for ffmpeg; throws with its messages when it failed.
    public func finish() throws {
        let messages = finishAndReadErrors()
        guard process.terminationStatus == 0 else {
            throw RecordingError("ffmpeg failed (status \(process.terminationStatus)): \(messages)")
        }
    }

    private func finishAndReadErrors() -> String {
        if !finished {
            finished = true
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
