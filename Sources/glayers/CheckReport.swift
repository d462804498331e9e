/// `glayers check DIR --report report.html`: one self-contained HTML page (the images are in it
/// as data URLs; no script or style from anywhere else) listing every frame checked, failures
/// first, each with its expected and actual frame side by side, a slider that wipes from one
/// to the other, an onion skin that fades between them, the diff image, the tolerance and what
/// was measured, and the command that renders the frame again. It opens from the file system
/// in any browser; the sliders are range inputs, which the keyboard moves.
import Foundation
import GLayersGraphics

/// What `check` found for one frame.
struct CheckResult {
    enum Status { case pass, fail, missing }
    var entry: CheckEntry
    var directory: String
    var status: Status
    var message: String
    var tolerance: ImageTolerance?
    var comparison: ImageComparison?
    var expected: CGImage?
    var actual: CGImage?
    var diff: CGImage?
}

enum CheckReport {
    /// The page for `results` (checked in `directory`).
    static func html(_ results: [CheckResult], directory: String) throws -> String {
        let failed = results.filter { $0.status != .pass }, passed = results.filter { $0.status == .pass }
        var page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>glayers check: \(escape(directory))</title>
            <style>\(style)</style></head><body>
            <h1>glayers check <code>\(escape(directory))</code></h1>
            <p class="summary \(failed.isEmpty ? "ok" : "bad")">\(summary(failed.count, results.count))</p>

            """
        for (i, result) in (failed + passed).enumerated() { page += try section(result, index: i) }
        page += "<script>\(script)</script></body></html>\n"
        return page
    }

    private static func summary(_ failed: Int, _ total: Int) -> String {
        failed == 0 ? "All \(total) frames match their goldens." : "\(failed) of \(total) frames differ."
    }

    private static func section(_ r: CheckResult, index: Int) throws -> String {
        let e = r.entry
        let label: String
        switch r.status {
        case .pass: label = "PASS"
        case .fail: label = "FAIL"
        case .missing: label = "NO GOLDEN"
        }
        var keys = ""
        if let k = e.keys, !k.isEmpty { keys = " --keys '\(k)'" }
        var size = ""
        if let s = e.size, s.count == 2 { size = " --size \(format(s[0]))x\(format(s[1]))" }
        let scale = e.scale.map { " --scale \(format($0))" } ?? ""
        let command =
            "glayers shot \(r.directory)/\(e.scene) --at \(format(e.at))\(keys)\(size)\(scale) -o \(r.directory)/\(e.golden)"
        var html = """
            <section class="\(r.status == .pass ? "pass" : "fail")" id="frame-\(index)">
            <h2><span class="badge">\(label)</span> \(escape(e.golden))</h2>
            <p>\(escape(e.scene)) at \(format(e.at)) s\(e.keys.map { ", keys " + escape($0) } ?? "")</p>
            <p>\(escape(r.message))</p>

            """
        if let t = r.tolerance {
            html += "<p>Tolerance: \(escape(t.description))"
            if let c = r.comparison {
                html +=
                    c.sizeMismatch
                    ? "; measured: the sizes differ"
                    : "; measured: largest channel difference \(c.maxChannelDifference), \(c.differingPixels) pixels beyond the tolerance"
            }
            html += "</p>\n"
        }
        html += "<p>Render it again (write the golden): <code>\(escape(command))</code>, or all of them: "
        html += "<code>glayers check \(escape(r.directory)) --record</code></p>\n"
        if let expected = r.expected, let actual = r.actual {
            let a = try dataURL(expected), b = try dataURL(actual)
            let w = expected.width, h = expected.height
            html += """
                <div class="views">
                <figure><figcaption>expected | actual: wipe <input type="range" min="0" max="100" value="50" class="wipe" aria-label="wipe between expected and actual of \(escape(e.golden))"></figcaption>
                <div class="stack" style="width:\(w)px;aspect-ratio:\(w)/\(h)"><img src="\(a)" alt="expected"><img src="\(b)" alt="actual" class="top wiped"></div></figure>
                <figure><figcaption>onion skin: expected → actual <input type="range" min="0" max="100" value="50" class="onion" aria-label="fade between expected and actual of \(escape(e.golden))"></figcaption>
                <div class="stack" style="width:\(w)px;aspect-ratio:\(w)/\(h)"><img src="\(a)" alt="expected"><img src="\(b)" alt="actual" class="top faded"></div></figure>

                """
            if let diff = r.diff {
                html +=
                    "<figure><figcaption>diff (red: beyond the tolerance)</figcaption><img src=\"\(try dataURL(diff))\" alt=\"diff\" style=\"width:\(w)px\"></figure>\n"
            }
            html += "</div>\n"
        } else if let actual = r.actual {
            html +=
                "<div class=\"views\"><figure><figcaption>actual</figcaption><img src=\"\(try dataURL(actual))\" alt=\"actual\"></figure></div>\n"
        }
        return html + "</section>\n"
    }

    private static func dataURL(_ image: CGImage) throws -> String {
        "data:image/png;base64," + (try image.pngData()).base64EncodedString()
    }

    private static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v)
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }

    private static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:24px;background:#fafafa;color:#222}
        h1{font-size:20px}h2{font-size:16px;margin:0 0 6px}
        .summary{font-weight:600;padding:8px 12px;border-radius:6px;display:inline-block}
        .summary.bad{background:#fde2e1;color:#a3120a}.summary.ok{background:#e0f5e4;color:#17692c}
        section{background:#fff;border:1px solid #ddd;border-left:6px solid #2e9b47;border-radius:6px;padding:12px 16px;margin:16px 0}
        section.fail{border-left-color:#d42b1e}
        .badge{display:inline-block;padding:1px 8px;border-radius:4px;color:#fff;background:#2e9b47;font-size:12px}
        section.fail .badge{background:#d42b1e}
        .views{display:flex;flex-wrap:wrap;gap:16px}figure{margin:0}figcaption{margin-bottom:4px}
        .stack{position:relative;max-width:100%;background:repeating-conic-gradient(#ccc 0 25%,#fff 0 50%) 0 0/16px 16px}
        .stack img{position:absolute;inset:0;width:100%;height:100%}
        .views>figure>img{max-width:100%;image-rendering:pixelated}
        input[type=range]{vertical-align:middle;width:200px}
        code{background:#f0f0f0;padding:1px 4px;border-radius:3px}
        """

    private static let script = """
        function wire(cls, apply){document.querySelectorAll('input.'+cls).forEach(function(input){
          var top=input.closest('figure').querySelector('img.top');
          function update(){apply(top, input.value)} input.addEventListener('input', update); update();})}
        wire('wipe', function(img, v){img.style.clipPath='inset(0 0 0 '+v+'%)'});
        wire('onion', function(img, v){img.style.opacity=v/100});
        """
}
