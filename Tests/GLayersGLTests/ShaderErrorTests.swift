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

    @Test func everyEmbeddedShaderOpensWithItsInputs() {
        #expect(EmbeddedShaders.all.count >= 10)
        for shader in EmbeddedShaders.all {
            let lines = shader.text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first == "#version 330 core", "\(shader.fileName)")
            #expect(lines.dropFirst().first?.hasPrefix("// \(shader.fileName):") == true, "\(shader.fileName)")
        }
    }
}
