/// Compiling and linking the embedded GLSL sources into programs, with uniform lookups.
import COpenGL
import Foundation

/// A linked GL program and the locations of its uniforms.
final class ShaderProgram {
    /// The GL program name.
    let name: GLuint
    /// The files it was built from, for messages.
    let label: String

    /// Compiles `vertex` and `fragment` (each with `#define NAME` lines for `defines` after
    /// its `#version` line, and the functions of `library` after them) and links them.
    ///
    /// - Throws `GLError.shader` naming the file and quoting the GL log.
    init(vertex: ShaderSource, fragment: ShaderSource, defines: [String] = [], library: [ShaderSource] = []) throws {
        let vs = try ShaderProgram.compile(vertex, type: GLenum(GL_VERTEX_SHADER), defines: defines, library: library)
        defer { glDeleteShader(vs) }
        let fs = try ShaderProgram.compile(
            fragment, type: GLenum(GL_FRAGMENT_SHADER), defines: defines, library: library)
        defer { glDeleteShader(fs) }
        let program = glCreateProgram()
        glAttachShader(program, vs)
        glAttachShader(program, fs)
        glLinkProgram(program)
        var ok: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &ok)
        label =
            "\(vertex.fileName) + \(fragment.fileName)"
            + (defines.isEmpty ? "" : " (\(defines.joined(separator: ", ")))")
        guard ok == GL_TRUE else {
            let log = ShaderProgram.log(program, isProgram: true)
            glDeleteProgram(program)
            throw GLError(.shader, "linking \(label) failed:\n\(log)")
        }
        name = program
    }

    deinit { glDeleteProgram(name) }

    /// The location of uniform `uniform`, or -1 when the program has none by that name.
    func location(_ uniform: String) -> GLint { glGetUniformLocation(name, uniform) }

    /// Binds sampler uniform `uniform` to texture unit `unit` (once, at set-up).
    func bindSampler(_ uniform: String, unit: GLint) {
        glUseProgram(name)
        glUniform1i(location(uniform), unit)
    }

    private static func compile(_ source: ShaderSource, type: GLenum, defines: [String], library: [ShaderSource] = [])
        throws -> GLuint
    {
        let shader = glCreateShader(type)
        var text = source.text
        if !defines.isEmpty || !library.isEmpty, let end = text.firstIndex(of: "\n") {
            let lines = defines.map { "#define \($0) 1\n" }.joined() + library.map { $0.text + "\n" }.joined()
            // Keep the file's line numbers in the log: #line 2 after the inserted lines.
            text.insert(contentsOf: "\n" + lines + "#line 2", at: end)
        }
        text.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var ok: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
        guard ok == GL_TRUE else {
            let log = ShaderProgram.log(shader, isProgram: false)
            glDeleteShader(shader)
            let variant = defines.isEmpty ? "" : " (with \(defines.joined(separator: ", ")))"
            throw GLError(.shader, "compiling shaders/\(source.fileName)\(variant) failed:\n\(log)")
        }
        return shader
    }

    private static func log(_ object: GLuint, isProgram: Bool) -> String {
        var length: GLint = 0
        if isProgram {
            glGetProgramiv(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        } else {
            glGetShaderiv(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        }
        guard length > 1 else { return "(no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        if isProgram {
            glGetProgramInfoLog(object, length, nil, &buffer)
        } else {
            glGetShaderInfoLog(object, length, nil, &buffer)
        }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
