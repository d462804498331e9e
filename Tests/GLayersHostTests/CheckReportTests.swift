/// `glayers check DIR --report report.html` (issue #25), opened in a real browser (headless
/// chromium through the DevTools protocol): the failing frame comes first and shows as
/// failed, and the wipe and onion-skin sliders follow the keyboard.
import Foundation
import GLayersGraphics
import Testing

extension CommandTests {
    /// A check folder: the kiosk at 0 s against its own frame (passes) and at 1.2 s after Down
    /// against the frame at 0 s (fails: the selection moved).
    func reportFolder() throws -> URL {
        let dir = temporaryFile("report-check")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestEnvironment.packageRoot.appendingPathComponent("samples/kiosk.json"),
            to: dir.appendingPathComponent("kiosk.json"))
        let shot = try glayers([
            "shot", dir.appendingPathComponent("kiosk.json").path, "--scale", "0.5", "-o",
            dir.appendingPathComponent("k0.png").path,
        ])
        #expect(shot.status == 0, "\(shot.stderr)")
        try FileManager.default.copyItem(
            at: dir.appendingPathComponent("k0.png"), to: dir.appendingPathComponent("k1.png"))
        let manifest = """
            { "entries": [
              { "scene": "kiosk.json", "at": 0, "scale": 0.5, "golden": "k0.png", "tolerance": [2, 10] },
              { "scene": "kiosk.json", "at": 1.2, "keys": "Down@0.3", "scale": 0.5, "golden": "k1.png", "tolerance": [2, 10] }
            ] }
            """
        try Data(manifest.utf8).write(to: dir.appendingPathComponent("manifest.json"))
        return dir
    }

    @Test func reportListsFailuresFirstWithTheirImages() throws {
        let dir = try reportFolder()
        let report = dir.appendingPathComponent("report.html")
        let result = try glayers(["check", dir.path, "--report", report.path])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let html = try String(contentsOf: report, encoding: .utf8)
        let fail = try #require(html.range(of: "FAIL</span> k1.png")),
            pass = try #require(html.range(of: "PASS</span> k0.png"))
        #expect(fail.lowerBound < pass.lowerBound)
        // Expected and actual twice each (wipe, onion skin), and the failure's diff: nine images.
        #expect(html.components(separatedBy: "data:image/png;base64,").count - 1 == 9)
        #expect(
            html.contains(
                "glayers shot \(dir.path)/kiosk.json --at 1.2 --keys &#39;Down@0.3&#39; --scale 0.5 -o \(dir.path)/k1.png"
            ))
        #expect(html.contains("largest channel difference 255"))
        #expect(!html.contains("http://") && !html.contains("https://"), "the page loads nothing from elsewhere")
    }

    @Test func reportWorksInABrowserWithTheKeyboard() throws {
        let dir = try reportFolder()
        let report = dir.appendingPathComponent("report.html")
        _ = try glayers(["check", dir.path, "--report", report.path])
        let browser = try Browser(page: report)
        #expect(try browser.evaluate("document.images.length") as? Int == 9)
        #expect(try browser.evaluate("document.querySelector('section').className") as? String == "fail")
        #expect(try browser.evaluate("document.querySelectorAll('section.fail').length") as? Int == 1)

        // The failure is visible: its red badge and border are on the first screen.
        let shot = try CGImage.decode(data: try browser.screenshot(), name: "report screenshot")
        var red = 0
        shot.withUnsafeBytes { p in
            for i in stride(from: 0, to: p.count, by: 4) where p[i] > 190 && p[i + 1] < 70 && p[i + 2] < 60 { red += 1 }
        }
        #expect(red > 1000, "red pixels on the first screen: \(red)")

        // The wipe slider: focused, ten presses of → move it from 50 to 60, and the actual frame
        // shows from 60 % on; End moves the onion skin to the actual frame alone.
        try browser.evaluate("document.querySelector('input.wipe').focus()")
        for _ in 0..<10 { try browser.press("ArrowRight", code: 39) }
        #expect(try browser.evaluate("document.querySelector('input.wipe').value") as? String == "60")
        let clip = try browser.evaluate("document.querySelector('img.wiped').style.clipPath") as? String ?? ""
        #expect(clip.contains("60%"), "\(clip)")
        try browser.evaluate("document.querySelector('input.onion').focus()")
        try browser.press("End", code: 35)
        #expect(try browser.evaluate("document.querySelector('img.faded').style.opacity") as? String == "1")
    }
}
