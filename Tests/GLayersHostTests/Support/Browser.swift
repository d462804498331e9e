/// A real browser for tests: Debian's `chromium`, headless, driven through the Chrome DevTools
/// Protocol over `--remote-debugging-pipe` (messages are JSON ended by a NUL byte, read from
/// descriptor 3 and written to 4; two FIFOs stand for them, so no WebSocket client is needed:
/// Debian's libcurl has none for Foundation's).
import Foundation

final class Browser {
    private let process = Process()
    private let folder: URL
    private let commands: FileHandle
    private let replies: FileHandle
    private var buffer = Data()
    private var nextID = 0
    private var session: String?

    /// `chromium` (or `chromium-browser`) on PATH.
    static var executable: URL? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            for name in ["chromium", "chromium-browser"] {
                let url = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
        }
        return nil
    }

    /// Opens `page` in a headless window of `width` × `height` pixels, attached to it, once it
    /// and its images are loaded.
    init(page: URL, width: Int = 1200, height: Int = 1400) throws {
        guard let chromium = Self.executable else {
            throw HarnessError("chromium is not installed (scripts/install-deps.sh test installs it)")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("glayers-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let input = folder.appendingPathComponent("in"), output = folder.appendingPathComponent("out")
        guard mkfifo(input.path, 0o600) == 0, mkfifo(output.path, 0o600) == 0 else {
            throw HarnessError("mkfifo failed: \(String(cString: strerror(errno)))")
        }
        let quoted = [
            chromium.path, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--remote-debugging-pipe", "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
            "--window-size=\(width),\(height)", page.absoluteString,
        ].map { "'\($0)'" }.joined(separator: " ")
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \(quoted) 3<'\(input.path)' 4>'\(output.path)' 2>/dev/null"]
        try process.run()
        // The shell opens the command FIFO first, then the reply FIFO: open them in that order.
        commands = try FileHandle(forWritingTo: input)
        replies = try FileHandle(forReadingFrom: output)
        let targets = try send("Target.getTargets", [:], toPage: false)
        let infos = (targets["targetInfos"] as? [[String: Any]]) ?? []
        guard let target = infos.first(where: { $0["type"] as? String == "page" })?["targetId"] as? String else {
            throw HarnessError("chromium shows no page")
        }
        let attached = try send("Target.attachToTarget", ["targetId": target, "flatten": true], toPage: false)
        session = attached["sessionId"] as? String
        _ = try send("Page.enable", [:])
        _ = try send("Runtime.enable", [:])
        // The first page may still be a blank one: load the page in it, and wait for it and its
        // images (5 s at most).
        _ = try send("Page.navigate", ["url": page.absoluteString])
        let ready = """
            location.href === \(Self.quote(page.absoluteString)) && document.readyState === 'complete'
              && Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)
            """
        for _ in 0..<100 {
            if try evaluate(ready) as? Bool == true { return }
            usleep(50_000)
        }
        throw HarnessError("chromium did not load \(page.path)")
    }

    /// `text` as a JavaScript string literal.
    private static func quote(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    deinit {
        try? commands.close()
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Sends a command and returns its result (to the page, or to the browser).
    @discardableResult
    func send(_ method: String, _ parameters: [String: Any], toPage: Bool = true) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": parameters]
        if toPage, let session { message["sessionId"] = session }
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(0)
        try commands.write(contentsOf: data)
        while true {
            let reply = try readMessage()
            guard reply["id"] as? Int == nextID else { continue }  // events and other replies
            if let error = reply["error"] as? [String: Any] {
                throw HarnessError("\(method): \(error["message"] ?? error)")
            }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    /// The value of a JavaScript expression in the page.
    func evaluate(_ expression: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true])
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Presses and releases a key (a DOM key name such as "ArrowRight") in the focused element.
    func press(_ key: String, code: Int) throws {
        for type in ["rawKeyDown", "keyUp"] {
            try send(
                "Input.dispatchKeyEvent",
                ["type": type, "key": key, "code": key, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code])
        }
    }

    /// A PNG of the page as shown.
    func screenshot() throws -> Data {
        let result = try send("Page.captureScreenshot", ["format": "png"])
        guard let text = result["data"] as? String, let data = Data(base64Encoded: text) else {
            throw HarnessError("no screenshot")
        }
        return data
    }

    private func readMessage() throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = buffer[buffer.startIndex..<end]
                buffer.removeSubrange(buffer.startIndex...end)
                return (try JSONSerialization.jsonObject(with: message) as? [String: Any]) ?? [:]
            }
            // read(2) itself: FileHandle.read(upToCount:) waits for the whole count.
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(replies.fileDescriptor, $0.baseAddress, $0.count) }
            guard n > 0 else { throw HarnessError("chromium closed its DevTools pipe") }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }
}
