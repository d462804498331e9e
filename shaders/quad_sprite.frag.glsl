#version 330 core
// quad_sprite.frag.glsl: sprites, the cheapest quads of all. A sprite is a plain rectangular
// item whose whole image fades out to (nearly) transparent texels at its edges: a particle's
// soft dot or snowflake, a glow. Its edges need no coverage: the pixels that edge coverage
// would weigh sample only the image's transparent rim, so the image is its own anti-aliasing
// (SpriteRim.swift decides which items qualify, and says how close the result is).
// One texture fetch and one multiply per fragment: what a hand-written particle renderer does.
//
// Varyings (quad.vert.glsl compiled with SPRITE):
//   v_uv       texture coordinate (noperspective: sprites are only drawn under affine maps)
//   v_color    (flat) what the texel is multiplied by: the item's tint (premultiplied) or
//              white, times its opacity
//   v_trimRange, v_trimPixels  (flat; TRIM: a trimmed stroke) the trim (trim.glsl's trimSetup)
// Uniforms:
//   u_tex0     the image, sampled bilinearly at level 0, edges clamped
//   u_tex1     (TRIM) the stroke's lengths image
// Output: o_color, premultiplied: texel × v_color (with TRIM, × the trim's coverage).

noperspective in vec2 v_uv;
flat in vec4 v_color;

uniform sampler2D u_tex0;
#ifdef TRIM
flat in vec4 v_trimRange;
flat in vec4 v_trimPixels;
uniform sampler2D u_tex1;
#endif

out vec4 o_color;

void main() {
#ifdef TRIM
    o_color = textureLod(u_tex0, v_uv, 0.0) * v_color * trimCoverage(u_tex1, v_uv, v_trimRange, v_trimPixels);
#else
    o_color = textureLod(u_tex0, v_uv, 0.0) * v_color;
#endif
}
