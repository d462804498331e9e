/// EmbedShaders: a build tool plugin that turns the package's top-level `shaders/*.glsl` into
/// `EmbeddedShaders.swift` (string constants) for the target it is applied to.
///
/// - The shader files are the command's inputs, so editing one re-runs the embedder.
/// - Adding or removing a file is seen the next time the build plans (every `swift build`).
import Foundation
import PackagePlugin

@main
struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let tool = try context.tool(named: "ShaderEmbedder")
        let folder = context.package.directoryURL.appending(path: "shaders")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "glsl" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedShaders.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) shaders into \(target.name)",
                executable: tool.url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}
