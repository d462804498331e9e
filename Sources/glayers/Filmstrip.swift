/// `glayers filmstrip`: a contact sheet of frames of a scene with their times under them.
import ArgumentParser
import Foundation
import GLayers
import GLayersGraphics
import GLayersHost
import GLayersScene

struct Filmstrip: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render frames of a scene between two times into one contact-sheet PNG, each labelled with its time.",
        discussion: """
            Examples:
              glayers filmstrip samples/kiosk.json --to 2 --frames 9 -o strip.png
            """)

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(help: "The first time, in seconds.")
    var from: Double = 0

    @Option(help: "The last time, in seconds.")
    var to: Double = 1

    @Option(help: "How many frames (evenly spaced, both ends included).")
    var frames: Int = 9

    @Option(help: "Frames per row (default: up to 5).")
    var columns: Int?

    @Option(help: "Keys pressed at times, e.g. \"Down@0.5\".")
    var keys: String?

    @Option(help: "Pixels per point of each frame (default 0.5).")
    var scale: Double = 0.5

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    func validate() throws {
        guard frames >= 1, frames <= 400 else { throw ValidationError("--frames must be between 1 and 400") }
        guard from.isFinite, to.isFinite, from >= 0, to >= from else { throw ValidationError("need 0 ≤ --from ≤ --to") }
        guard scale > 0, scale <= 4 else { throw ValidationError("--scale must be in (0, 4]") }
    }

    func run() throws {
        try reporting {
            let prepared = EarlyDriver.take()  // OpenGL started before the arguments were parsed.
            let loaded = try loadScene(scene, onTimeline: true)
            let timeline = SceneTimeline(
                scene: loaded, keys: try TimedKey.parseList(keys), size: nil, scale: CGFloat(scale), prepared: prepared)
            let times = (0..<frames).map { frames == 1 ? from : from + (to - from) * Double($0) / Double(frames - 1) }
            var images: [CGImage] = []
            for t in times { images.append(try timeline.image(at: t)) }
            let sheet = try Self.contactSheet(images, times: times, columns: columns ?? min(frames, 5))
            try sheet.writePNG(to: URL(fileURLWithPath: output))
            keepUntilExit(timeline)
            print("wrote \(output) (\(frames) frames, \(sheet.width)×\(sheet.height))")
        }
    }

    /// Frames in a grid on dark gray, each with "t = …s" under it.
    static func contactSheet(_ images: [CGImage], times: [Double], columns: Int) throws -> CGImage {
        guard let first = images.first else { throw CommandFailure(message: "no frames") }
        let cols = max(1, min(columns, images.count)), rows = (images.count + cols - 1) / cols
        let pad = 8, label = 22
        let cellW = first.width, cellH = first.height
        let width = pad + cols * (cellW + pad), height = pad + rows * (cellH + label + pad)
        guard width <= 16384, height <= 16384, let ctx = CGContext.bitmap(width: width, height: height, scale: 1) else {
            throw CommandFailure(
                message: "the film strip would be \(width)×\(height) pixels; use fewer frames or a smaller --scale")
        }
        ctx.setFillColor(CGColor(gray: 0.15, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: width, height: height))
        var style = TextStyle()
        style.fontName = "DejaVu Sans"
        style.fontSize = 13
        style.color = RGBA(0.9, 0.9, 0.9, 1)
        style.alignment = .center
        for (i, image) in images.enumerated() {
            let x = pad + (i % cols) * (cellW + pad), y = pad + (i / cols) * (cellH + label + pad)
            ctx.draw(image, in: CGRect(x: x, y: y, width: cellW, height: cellH))
            let text = String(format: "t = %.3f s", times[i])
            if let labelImage = TextRenderer.render(
                text, style: style, size: CGSize(width: cellW, height: label - 4), scale: 1)
            {
                ctx.draw(labelImage, in: CGRect(x: x, y: y + cellH + 4, width: cellW, height: label - 4))
            }
        }
        guard let sheet = ctx.makeImage() else { throw CommandFailure(message: "could not make the film strip") }
        return sheet
    }
}
