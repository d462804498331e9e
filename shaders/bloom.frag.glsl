#version 330 core
// bloom.frag.glsl: the two ends of a bloom (CIBloom-like glow), one program each (a software
// rasterizer such as llvmpipe runs both sides of a branch for every pixel):
//   without COMBINE, the bright pass: keeps the parts of u_source whose straight luminance is
//     above u_threshold, fading in over the knee (u_threshold .. 1);
//   with COMBINE: u_source + u_glow × u_intensity, clamped to valid premultiplied.
//
// Varyings: v_uv (fullscreen.vert.glsl).
// Uniforms:
//   u_source     the pass content (premultiplied)
//   u_glow       the blurred bright parts (stage 1)
//   u_threshold  luminance where the glow starts
//   u_intensity  how much glow is added
// Output: o_color, premultiplied.

in vec2 v_uv;
uniform sampler2D u_source;
uniform sampler2D u_glow;
uniform float u_threshold;
uniform float u_intensity;
out vec4 o_color;

void main() {
    vec4 c = textureLod(u_source, v_uv, 0.0);
#ifdef COMBINE
    vec4 sum = c + textureLod(u_glow, v_uv, 0.0) * u_intensity;
    float a = min(sum.a, 1.0);
    o_color = vec4(min(sum.rgb, vec3(a)), a);
#else
    vec3 straight = c.a > 0.0 ? c.rgb / c.a : vec3(0.0);
    float luma = dot(straight, vec3(0.2126, 0.7152, 0.0722));
    o_color = c * smoothstep(u_threshold, 1.0, luma);
#endif
}
