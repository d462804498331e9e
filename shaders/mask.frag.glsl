#version 330 core
// mask.frag.glsl: a pass's content multiplied by the alpha of its mask pass.
//
// Varyings: v_uv (fullscreen.vert.glsl).
// Uniforms:
//   u_source   the pass content (premultiplied)
//   u_mask     the mask pass's result (same source rect, so the same unit coordinates)
// Output: o_color = content × mask alpha.

in vec2 v_uv;
uniform sampler2D u_source;
uniform sampler2D u_mask;
out vec4 o_color;

void main() {
    o_color = textureLod(u_source, v_uv, 0.0) * textureLod(u_mask, v_uv, 0.0).a;
}
