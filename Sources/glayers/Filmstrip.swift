/// `glayers filmstrip`: a contact sheet of frames of a scene with their times under them.
import ArgumentParser
import Foundation
import GLayers
import GLayersGraphics
import GLayersHost
import GLayersScene

struct Filmstrip: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filmstrip",
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
            // The sheet is sized from the first frame, before the others are rendered, and each frame
            // is drawn into it as it comes: 400 frames of a large scene are not held at once.
            let first = try timeline.image(at: times[0])
            let sheet = try ContactSheet(
                cellWidth: first.width, cellHeight: first.height, count: frames, columns: columns ?? min(frames, 5))
            sheet.draw(first, time: times[0], at: 0)
            for (i, t) in times.enumerated().dropFirst() { sheet.draw(try timeline.image(at: t), time: t, at: i) }
            let image = try sheet.image()
            try image.writePNG(to: URL(fileURLWithPath: output))
            keepUntilExit(timeline)
            print("wrote \(output) (\(frames) frames, \(image.width)×\(image.height))")
        }
    }
}

/// Frames in a grid on dark gray, each with "t = …s" under it.
final class ContactSheet {
    private let ctx: CGContext
    private let cellWidth: Int, cellHeight: Int, columns: Int
    private let pad = 8, label = 22
    private var style = TextStyle()

    /// A sheet for `count` frames of `cellWidth` × `cellHeight` pixels, `columns` a row; refused
    /// when it would be over 16 384 pixels a side.
    init(cellWidth: Int, cellHeight: Int, count: Int, columns: Int) throws {
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.columns = max(1, min(columns, count))
        let rows = (count + self.columns - 1) / self.columns
        let width = pad + self.columns * (cellWidth + pad), height = pad + rows * (cellHeight + label + pad)
        guard width <= 16384, height <= 16384, let ctx = CGContext.bitmap(width: width, height: height, scale: 1) else {
            throw CommandFailure(
                message: "the film strip would be \(width)×\(height) pixels; use fewer frames or a smaller --scale")
        }
        self.ctx = ctx
        ctx.setFillColor(CGColor(gray: 0.15, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: width, height: height))
        style.fontName = "DejaVu Sans"
        style.fontSize = 13
        style.color = RGBA(0.9, 0.9, 0.9, 1)
        style.alignment = .center
    }

    /// Draws frame `index` (shown at `time`) in its cell, with its label.
    func draw(_ image: CGImage, time: Double, at index: Int) {
        let x = pad + (index % columns) * (cellWidth + pad), y = pad + (index / columns) * (cellHeight + label + pad)
        ctx.draw(image, in: CGRect(x: x, y: y, width: cellWidth, height: cellHeight))
        let text = String(format: "t = %.3f s", time)
        if let labelImage = TextRenderer.render(
            text, style: style, size: CGSize(width: cellWidth, height: label - 4), scale: 1)
        {
            ctx.draw(labelImage, in: CGRect(x: x, y: y + cellHeight + 4, width: cellWidth, height: label - 4))
        }
    }

    /// The sheet.
    func image() throws -> CGImage {
        guard let sheet = ctx.makeImage() else { throw CommandFailure(message: "could not make the film strip") }
        return sheet
    }
}
