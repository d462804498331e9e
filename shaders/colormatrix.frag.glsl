#version 330 core
// colormatrix.frag.glsl: a 4×5 colour matrix on straight (unpremultiplied) colour.
//
// Varyings: v_uv (fullscreen.vert.glsl).
// Uniforms:
//   u_source   the pass content (premultiplied)
//   u_matrix   the 4×4 part: (r', g', b', a') = u_matrix · (r, g, b, a) + u_bias
//   u_bias     the fifth column
// Output: o_color, premultiplied, components clamped to 0...1.

in vec2 v_uv;
uniform sampler2D u_source;
uniform mat4 u_matrix;
uniform vec4 u_bias;
out vec4 o_color;

void main() {
    vec4 c = textureLod(u_source, v_uv, 0.0);
    vec4 straight = vec4(c.a > 0.0 ? c.rgb / c.a : vec3(0.0), c.a);
    vec4 v = clamp(u_matrix * straight + u_bias, 0.0, 1.0);
    o_color = vec4(v.rgb * v.a, v.a);
}
