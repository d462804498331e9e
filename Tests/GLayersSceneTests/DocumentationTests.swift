import Foundation
import Testing

/// The repository explains itself: every `docs/…md#anchor` that code, tests and docs point at
/// exists, and nothing points at documents outside the repository.
@Suite struct DocumentationTests {
    /// The repository's root (three levels above this file).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The text files of `folders` (Swift sources, Markdown, shell and Python scripts).
    static func files(in folders: [String]) -> [URL] {
        let fm = FileManager.default
        var out: [URL] = []
        for folder in folders {
            let url = root.appendingPathComponent(folder)
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            guard isDirectory.boolValue else {
                out.append(url)
                continue
            }
            let walker = fm.enumerator(at: url, includingPropertiesForKeys: nil)
            while let file = walker?.nextObject() as? URL {
                if file.path.contains("/.build") || file.path.contains("/Failures/") { continue }
                if ["swift", "md", "sh", "py"].contains(file.pathExtension) { out.append(file) }
            }
        }
        return out
    }

    static let scanned = [
        "Sources", "Tests", "docs", "scripts", "schema", "samples", "README.md", "Makefile", "Package.swift",
    ]

    /// GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces to hyphens.
    static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { c -> Character? in
                if c == " " { return "-" }
                return c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil
            })
    }

    @Test func everyDocumentationLinkResolves() throws {
        let pattern = try NSRegularExpression(pattern: #"docs/([A-Za-z0-9_-]+\.md)(#[a-z0-9_-]+)?"#)
        var anchors: [String: Set<String>] = [:]
        for file in Self.files(in: Self.scanned) {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let range = NSRange(text.startIndex..., in: text)
            for m in pattern.matches(in: text, range: range) {
                guard let doc = Range(m.range(at: 1), in: text).map({ String(text[$0]) }) else { continue }
                let url = Self.root.appendingPathComponent("docs").appendingPathComponent(doc)
                guard let page = try? String(contentsOf: url, encoding: .utf8) else {
                    Issue.record("\(file.lastPathComponent) points at docs/\(doc), which does not exist")
                    continue
                }
                guard let a = Range(m.range(at: 2), in: text).map({ String(text[$0].dropFirst()) }) else { continue }
                let known =
                    anchors[doc]
                    ?? Set(
                        page.split(separator: "\n").filter { $0.hasPrefix("#") }.map { line in
                            Self.anchor(line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces))
                        })
                anchors[doc] = known
                #expect(
                    known.contains(a), "\(file.lastPathComponent) points at docs/\(doc)#\(a), which has no such heading"
                )
            }
        }
    }

    /// Documents are named by files the repository holds (docs/architecture.md#the-repository-explains-itself):
    /// every upper-case Markdown name (`README.md`, `CHANGELOG.md`) is a file here, and no path
    /// climbs out of the repository (`../` and then a name that is not a folder of the root).
    @Test func nothingPointsOutsideTheRepository() throws {
        let fm = FileManager.default
        let markdown = Set(Self.files(in: ["."]).filter { $0.pathExtension == "md" }.map(\.lastPathComponent))
        let rootFolders = Set((try? fm.contentsOfDirectory(atPath: Self.root.path)) ?? [])
        let names = try NSRegularExpression(pattern: #"\b[A-Z][A-Z0-9_-]*\.md\b"#)
        let climbs = try NSRegularExpression(pattern: #"(?:\.\./)+([A-Za-z][\w.-]*)/"#)
        for file in Self.files(in: Self.scanned) {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let name = file.path.replacingOccurrences(of: Self.root.path + "/", with: "")
            let range = NSRange(text.startIndex..., in: text)
            for m in names.matches(in: text, range: range) {
                let doc = (text as NSString).substring(with: m.range)
                #expect(markdown.contains(doc), "\(name) names \(doc), which is not in the repository")
            }
            for m in climbs.matches(in: text, range: range) {
                let folder = (text as NSString).substring(with: m.range(at: 1))
                #expect(rootFolders.contains(folder), "\(name) points at ../\(folder)/, outside the repository")
            }
        }
    }
}
