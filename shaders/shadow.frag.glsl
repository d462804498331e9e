#version 330 core
// shadow.frag.glsl: a pass's content over its shadow (the blurred alpha, offset, tinted), or
// the shadow alone.
//
// Varyings: v_uv (fullscreen.vert.glsl).
// Uniforms:
//   u_source   the pass content (premultiplied)
//   u_blurred  the content blurred (only its alpha is used); transparent outside
//   u_offset   the shadow's offset in unit texture coordinates (y down)
//   u_color    the shadow colour, premultiplied (opacity folded in)
//   u_content  1: the content is drawn over its shadow; 0: the shadow alone (the content
//              only casts it, as a layer's shadowPath mask does)
// Output: o_color = content + shadow × (1 − content alpha), content weighted by u_content.

in vec2 v_uv;
uniform sampler2D u_source;
uniform sampler2D u_blurred;
uniform vec2 u_offset;
uniform vec4 u_color;
uniform float u_content;
out vec4 o_color;

void main() {
    vec4 c = textureLod(u_source, v_uv, 0.0) * u_content;
    float a = textureLod(u_blurred, v_uv - u_offset, 0.0).a;
    o_color = c + u_color * a * (1.0 - c.a);
}
