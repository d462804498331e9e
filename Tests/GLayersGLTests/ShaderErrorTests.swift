/// Shader failures name the file and quote the GL log.
import Foundation
import Testing

@testable import GLayersGL

@Suite(.serialized) struct ShaderErrorTests {
    @Test func compileErrorsNameTheFileAndQuoteTheLog() throws {
        try GLHarness.withRenderer { _ in
            let broken = ShaderSource(
                fileName: "broken.frag.glsl",
                text: "#version 330 core\nout vec4 o;\nvoid main() { o = undefinedThing; }\n")
            do {
                _ = try ShaderProgram(vertex: EmbeddedShaders.fullscreen_vert, fragment: broken)
                Issue.record("a broken shader compiled")
            } catch let error as GLError {
                #expect(error.kind == .shader)
                #expect(error.message.contains("shaders/broken.frag.glsl"))
                #expect(error.message.contains("undefinedThing"))
            }
        }
    }

    /// A shader opens with its version, then its name and what it does; a library of functions
    /// (no `main`: inserted into the programs that use it, after their version) with its name.
    @Test func everyEmbeddedShaderOpensWithItsInputs() {
        #expect(EmbeddedShaders.all.count >= 10)
        for shader in EmbeddedShaders.all {
            var lines = shader.text.split(separator: "\n", omittingEmptySubsequences: false)[...]
            if shader.text.contains("void main(") {
                #expect(lines.first == "#version 330 core", "\(shader.fileName)")
                lines = lines.dropFirst()
            } else {
                #expect(!shader.text.contains("#version"), "\(shader.fileName): a library has no version")
            }
            #expect(lines.first?.hasPrefix("// \(shader.fileName):") == true, "\(shader.fileName)")
        }
    }
}
