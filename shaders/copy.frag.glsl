#version 330 core
// copy.frag.glsl: copies (and rescales, with linear filtering) a texture region.
//
// Varyings: v_uv (fullscreen.vert.glsl).
// Uniforms:
//   u_source   the texture read
//   u_region   the part of u_source mapped onto the target: (x, y, width, height) in unit
//              texture coordinates
// Output: o_color, the texel.

in vec2 v_uv;
uniform sampler2D u_source;
uniform vec4 u_region;
out vec4 o_color;

void main() {
    o_color = textureLod(u_source, u_region.xy + v_uv * u_region.zw, 0.0);
}
