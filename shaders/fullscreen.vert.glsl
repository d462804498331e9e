#version 330 core
// fullscreen.vert.glsl: one triangle covering the viewport, for image-space effects.
//
// Vertices: none in any buffer; gl_VertexID 0..2 gives (0,0) (2,0) (0,2) in unit space.
// Uniforms: none.
// Varyings: v_uv, the unit texture coordinate of the target pixel (0..1 across the viewport;
//   texture row 0 is the first framebuffer row, so a texture-to-texture effect keeps its
//   orientation).

out vec2 v_uv;

void main() {
    vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    v_uv = p;
    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}
