#version 330 core
// blur.frag.glsl: one direction of a separable Gaussian blur, premultiplied RGBA.
//
// Varyings: v_uv (fullscreen.vert.glsl).
// Uniforms:
//   u_source   the texture to blur (its wrap mode decides what lies outside: transparent
//              border for passes, extended edges for backdrops)
//   u_step     one texel along the blur direction, in unit texture coordinates
//   u_taps     tap count in u_offsets/u_weights (the first tap is the centre)
//   u_offsets  texel offsets of the taps: 0, then pairs merged into one linear fetch each
//   u_weights  normalised Gaussian weights of the taps (a pair's sum)
// Output: o_color, the blurred texel.

in vec2 v_uv;
uniform sampler2D u_source;
uniform vec2 u_step;
uniform int u_taps;
uniform float u_offsets[64];
uniform float u_weights[64];
out vec4 o_color;

void main() {
    vec4 sum = textureLod(u_source, v_uv, 0.0) * u_weights[0];
    for (int i = 1; i < u_taps; i++) {
        vec2 offset = u_step * u_offsets[i];
        sum += (textureLod(u_source, v_uv + offset, 0.0) + textureLod(u_source, v_uv - offset, 0.0)) * u_weights[i];
    }
    o_color = sum;
}
