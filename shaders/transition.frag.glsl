#version 330 core
// transition.frag.glsl: CATransition between a pass's old and new appearance.
//
// Varyings: v_uv (fullscreen.vert.glsl).
// Uniforms:
//   u_new, u_old          the new content (this pass) and the old one (the `before` pass),
//                         premultiplied; nothing outside 0...1
//   u_kind                0 fade, 1 moveIn, 2 push, 3 reveal
//   u_progress            0...1 (fade)
//   u_newOffset, u_oldOffset  where each image lies now, in unit coordinates (y down):
//                         moveIn/push move the new one in, push/reveal move the old one out
// Output: o_color, premultiplied.

in vec2 v_uv;
uniform sampler2D u_new;
uniform sampler2D u_old;
uniform int u_kind;
uniform float u_progress;
uniform vec2 u_newOffset;
uniform vec2 u_oldOffset;
out vec4 o_color;

vec4 fetch(sampler2D tex, vec2 uv) {
    if (any(lessThan(uv, vec2(0.0))) || any(greaterThan(uv, vec2(1.0)))) return vec4(0.0);
    return textureLod(tex, uv, 0.0);
}

void main() {
    vec4 n = fetch(u_new, v_uv - u_newOffset);
    vec4 o = fetch(u_old, v_uv - u_oldOffset);
    if (u_kind == 0) {
        o_color = mix(o, n, u_progress);
    } else if (u_kind == 3) {
        o_color = o + n * (1.0 - o.a);
    } else {
        o_color = n + o * (1.0 - n.a);
    }
}
