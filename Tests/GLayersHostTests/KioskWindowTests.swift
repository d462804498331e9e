/// The window host end to end under X: `glayers samples/kiosk.json` opens a
/// window, Down moves the selection to Music, the menu stays centred when the window is
/// resized, and the window manager's close request ends the program cleanly.
import CX11
import Foundation
import GLayers
import GLayersScene
import Testing

@Suite(.serialized) struct KioskWindowTests {
    static let size = CGSize(width: 800, height: 600)

    @Test func downMovesTheSelectionAndDeleteWindowQuits() throws {
        let display = try TestDisplay.shared.get()
        guard let glayers = TestEnvironment.glayers else {
            throw HarnessError("the glayers executable is not built (swift build)")
        }
        let sceneURL = TestEnvironment.packageRoot.appendingPathComponent("samples/kiosk.json")
        let rows = try Self.itemRows(sceneURL, size: Self.size)

        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display.name
        let process = try Subprocess(
            glayers, [sceneURL.path, "--size", "800x600", "--scale", "1"], environment: environment)

        let scene = try Scene.load(contentsOf: sceneURL)
        let window = try display.window(titled: scene.name, of: process)
        // The pulse keeps animating, so the window redraws continuously; wait for a frame that
        // shows the selection on the first item.
        #expect(try waitForSelection(at: 0, rows: rows, window: window, of: process, display: display))

        try display.run("xdotool", ["key", "--window", String(window), "Down"])
        #expect(
            try waitForSelection(at: 1, rows: rows, window: window, of: process, display: display),
            "the selection did not reach Music")

        // Resizing re-runs the constraints: the menu stays centred and the selection stays on
        // Music.
        try display.run("xdotool", ["windowsize", String(window), "1000", "500"])
        let resized = try Self.itemRows(sceneURL, size: CGSize(width: 1000, height: 500))
        #expect(resized[1].x != rows[1].x && resized[1].y != rows[1].y)
        #expect(
            try waitForSelection(at: 1, rows: resized, window: window, of: process, display: display),
            "the menu did not follow the window")

        try display.sendDeleteWindow(to: window)
        let quit = process.wait(timeout: 10)
        #expect(quit, "glayers did not quit on WM_DELETE_WINDOW")
        if quit {
            #expect(process.exitedNormally && process.status == 0, "\(process.endReport)")
        }
    }

    /// Where each menu item lies in the window: its left edge (where the selection's 2-point
    /// border runs when it sits on the item) and its middle row, from the scene laid out at the
    /// window's size.
    static func itemRows(_ url: URL, size: CGSize) throws -> [(x: Int, y: Int)] {
        let scene = try Scene.load(contentsOf: url)
        scene.layout(size: size)
        CATransaction.flush()
        let menu = try #require(scene.rootLayer.sublayers?.first { $0.name == "menu" })
        return (menu.sublayers ?? []).map { item in
            let frame = item.convert(item.bounds, to: scene.rootLayer)
            return (Int(frame.minX) + 1, Int(frame.midY))
        }
    }

    /// Grabs the window until the selection's border shows on item `index` and on no other
    /// (gives up at once if `owner`, the program showing it, has exited).
    private func waitForSelection(
        at index: Int, rows: [(x: Int, y: Int)], window: UInt, of owner: Subprocess, display: TestDisplay
    ) throws -> Bool {
        let deadline = Date().addingTimeInterval(15)
        var last: [Bool] = []
        while Date() < deadline {
            guard owner.isRunning else {
                Issue.record("\(owner.endReport)")
                return false
            }
            let image = try display.grab(window)
            last = rows.map { row in
                guard row.x < image.width, row.y < image.height else { return false }
                return image.withUnsafeBytes { $0[row.y * image.bytesPerRow + row.x * 4] } > 160
            }
            if last.enumerated().allSatisfy({ $0.element == ($0.offset == index) }) { return true }
            usleep(100_000)
        }
        Issue.record("border seen on items \(last)")
        return false
    }
}
