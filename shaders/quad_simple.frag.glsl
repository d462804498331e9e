#version 330 core
// quad_simple.frag.glsl: the fast path for plain rectangular items (no rounded corners,
// border, clip, nine-slice, crossfade or blend mode; content filling the rect), e.g. the
// snowfall's flakes. Pixels are the budget on a software rasterizer, so this does as little
// per fragment as the result allows.
//
// Varyings (quad.vert.glsl compiled with SIMPLE):
//   v_uv       texture coordinate (perspective-correct with PERSPECTIVE, ARRAY or TRIM;
//              linear in screen space otherwise: the instances of the plain and masked
//              variants are affine)
//   v_edges    signed pixel distances to the four projected edges (noperspective)
//   v_opacity  (flat) the item's opacity
//   v_bg       (flat) background colour, premultiplied (with FLAG_TINT: the content's tint)
//   v_bits     (flat) the item's flags of these: FLAG_TINT, the content is multiplied by v_bg,
//              and no background drawn; FLAG_INVERTED_MASK (MASK), the mask is inverted
//   v_layer    (flat; ARRAY) the content's layer of u_tex0
//   v_maskUV, v_maskEdges, v_shownEdges  (MASK: a fused matte) the mask's texture coordinate,
//              the signed pixel distances to the mask's rect and to the rect the item is
//              shown in (quad.vert.glsl)
//   v_trimRange, v_trimPixels  (flat; TRIM: a trimmed stroke) the trim (trim.glsl's trimSetup)
// Uniforms:
//   u_tex0     the content (a 1×1 transparent texture when the item has none); with ARRAY
//              (tile images), a texture array, each layer an image clamped at its own edges
//              and sampled exactly as a texture of its own
//   u_tex1     (MASK) the mask image; its alpha masks the item, as the mask pass it replaces
//              did (content × the mask image's own edge coverage and alpha; inverted, × one
//              minus them: the mask pass held the image xor-ed out of an opaque fill);
//              (TRIM) the stroke's lengths image
// Output: o_color, premultiplied: (content over background) × edge coverage × opacity (with
//   MASK, × the mask's coverage and alpha × the shown rect's coverage; with TRIM, the content
//   × the trim's coverage).

#if defined(PERSPECTIVE) || defined(ARRAY) || defined(TRIM)
in vec2 v_uv;
#else
noperspective in vec2 v_uv;
#endif
noperspective in vec4 v_edges;
flat in float v_opacity;
flat in vec4 v_bg;
flat in int v_bits;

const int FLAG_TINT = 1024;
const int FLAG_INVERTED_MASK = 2048;

#ifdef ARRAY
flat in float v_layer;
uniform sampler2DArray u_tex0;
#else
uniform sampler2D u_tex0;
#endif
#ifdef TRIM
flat in vec4 v_trimRange;
flat in vec4 v_trimPixels;
uniform sampler2D u_tex1;
#endif
#ifdef MASK
noperspective in vec2 v_maskUV;
noperspective in vec4 v_maskEdges;
noperspective in vec4 v_shownEdges;
uniform sampler2D u_tex1;
#endif

out vec4 o_color;

void main() {
    vec4 c = clamp(v_edges + 0.5, 0.0, 1.0);
#ifdef ARRAY
    vec4 texel = textureLod(u_tex0, vec3(v_uv, v_layer), 0.0);
#else
    vec4 texel = textureLod(u_tex0, v_uv, 0.0);
#endif
#ifdef TRIM
    texel *= trimCoverage(u_tex1, v_uv, v_trimRange, v_trimPixels);
#endif
    vec4 base = (v_bits & FLAG_TINT) != 0 ? texel * v_bg : texel + v_bg * (1.0 - texel.a);
    float coverage = c.x * c.y * c.z * c.w * v_opacity;
#ifdef MASK
    vec4 m = clamp(v_maskEdges + 0.5, 0.0, 1.0);
    vec4 k = clamp(v_shownEdges + 0.5, 0.0, 1.0);
    float masked = m.x * m.y * m.z * m.w * textureLod(u_tex1, v_maskUV, 0.0).a;
    if ((v_bits & FLAG_INVERTED_MASK) != 0) masked = 1.0 - masked;
    coverage *= masked * (k.x * k.y * k.z * k.w);
#endif
    o_color = base * coverage;
}
