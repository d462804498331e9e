/// The command's help and shell integration (issue #25): every sub-command's help shows an
/// example, and the completion scripts `make install` installs (written by the command
/// itself) complete sub-commands and options in a real shell.
import Foundation
import Testing

extension CommandTests {
    @Test(arguments: ["", "run", "shot", "record", "dump", "filmstrip", "diff", "check", "validate", "bench"])
    func helpShowsAnExample(_ subcommand: String) throws {
        let result = try glayers((subcommand.isEmpty ? [] : [subcommand]) + ["--help"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Examples:\n  glayers"), "\(result.stdout)")
    }

    /// The bash script, sourced in bash, completes `glayers sh` to `shot` and `glayers shot
    /// --a` to `--at`; the zsh and fish scripts name every sub-command.
    @Test func completionScriptsComplete() throws {
        let bash = try glayers(["--generate-completion-script", "bash"])
        #expect(bash.status == 0)
        let script = temporaryFile("completion.bash")
        try Data(bash.stdout.utf8).write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }
        let glayers = try #require(TestEnvironment.executable("glayers"))
        let probe = """
            source '\(script.path)'
            PATH='\(glayers.deletingLastPathComponent().path)':"$PATH"
            COMP_WORDS=(glayers sh); COMP_CWORD=1; COMP_LINE='glayers sh'; COMP_POINT=10
            _glayers glayers sh glayers; echo "1:${COMPREPLY[*]}"
            COMP_WORDS=(glayers shot --a); COMP_CWORD=2; COMP_LINE='glayers shot --a'; COMP_POINT=16
            _glayers glayers --a shot; echo "2:${COMPREPLY[*]}"
            """
        let shell = try Subprocess(
            URL(fileURLWithPath: "/bin/bash"), ["-c", probe], environment: ProcessInfo.processInfo.environment,
            directory: TestEnvironment.packageRoot)
        #expect(shell.wait())
        let lines = shell.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("1:shot"), "\(shell.stdout)\(shell.stderr)")
        #expect(lines.contains { $0.hasPrefix("2:") && $0.split(separator: " ").contains("--at") }, "\(shell.stdout)")
        for shellName in ["zsh", "fish"] {
            let other = try self.glayers(["--generate-completion-script", shellName])
            #expect(other.status == 0)
            for name in ["run", "shot", "record", "dump", "filmstrip", "diff", "check", "validate", "schema", "bench"] {
                #expect(other.stdout.contains(name), "\(shellName) lacks \(name)")
            }
        }
    }
}

extension CommandTests {
    /// What `make manual` reads (swift-argument-parser's generate-manual runs the command with
    /// --experimental-dump-help): every sub-command with its abstract and the examples.
    @Test func manualInputNamesEverySubcommand() throws {
        let result = try glayers(["--experimental-dump-help"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let command = try #require(json["command"] as? [String: Any])
        let subcommands = try #require(command["subcommands"] as? [[String: Any]])
        let names = Set(subcommands.compactMap { $0["commandName"] as? String })
        #expect(
            names.isSuperset(of: [
                "run", "shot", "record", "dump", "filmstrip", "diff", "check", "validate", "schema", "bench",
            ]))
        for sub in subcommands where sub["commandName"] as? String != "help" {
            #expect((sub["discussion"] as? String)?.contains("Examples:") == true, "\(sub["commandName"] ?? "?")")
        }
    }
}
