#version 330 core
// quad.vert.glsl: one instanced quad per draw item, anti-aliasing dilation in screen space.
//
// Vertices: none in any buffer; gl_VertexID 0..3 is a triangle-strip corner
//   (0,0) (1,0) (0,1) (1,1) of the instance's quad rect `i_geom`.
// Per-instance attributes (divisor 1; packed by QuadInstance.swift, 12 × 16 bytes):
//   0 i_hx      xyz: homography column for local x (pass pixels X, Y, W); w: opacity
//   1 i_hy      xyz: column for local y;                                 w: corner radius
//   2 i_ht      xyz: constant column;                                    w: border width
//   3 i_rect    shape rect (x, y, width, height) in local points
//   4 i_geom    the rect the quad covers (shape ∪ content; grown 3σ for blurred shapes)
//   5 i_bg      background colour, premultiplied
//   6 i_border  border colour, premultiplied      (SIMPLE: x coefficients of the edge lines)
//   7 i_dst     content destination rect (local points)
//   8 i_src     texture sub-rectangle (unit texture coordinates, top-left origin)
//   9 i_center  nine-slice centre in unit coordinates of i_src; blurred shape: x = sigma;
//               trimmed stroke: (start, end, loop, cap radius) in texels
//               (SIMPLE: y coefficients of the edge lines)
//  10 i_extra   (natural width, natural height, crossfade progress, level-of-detail bias)
//               (SIMPLE: constant terms of the edge lines)
//  11 i_flags   ivec4 (flags, innermost clip index or -1, shape bits, texture array layer or
//               0); shape bits: rounded
//               corners (0–3), continuous corners (4), edges drawn hard (8–11; quad.frag.glsl);
//               with the tint flag (1024) i_bg is the content's tint (premultiplied) instead
//               of a background
// Outputs: gl_Position (z = 0, w = the homography's W), gl_ClipDistance[0] = W − 1e-5 (the
//   renderer enables GL_CLIP_DISTANCE0).
// Uniforms:
//   u_viewport  the target's size in pixels
//   u_ySign     +1: target rows top-down (offscreen passes), -1: bottom-up (the screen)
//   u_dilate    how far each edge moves out, in pixels: 0.5 (a pixel whose centre lies farther
//               out than half a pixel has zero box-filter coverage, so it needs no fragment)
// Varyings: v_local (smooth: perspective-correct local point); the instance fields (flat).
// Variant SIMPLE (#define SIMPLE, with quad_simple.frag.glsl; for plain rects whose content
//   fills the rect and whose four corners lie in front of the eye): instead of most flat
//   fields, v_uv (smooth: texture coordinate) and v_edges (noperspective: signed distances in
//   pixels to the four projected edges, positive inside; exact, since a projected edge is a
//   straight line on screen). With ARRAY as well: v_layer (flat), the layer of the texture
//   array the content is in (i_flags.w). With TRIM as well (a trimmed stroke, with trim.glsl):
//   v_trimRange and v_trimPixels (flat), trimSetup's of the trim the instance holds in place
//   of i_rect (QuadInstance.write). With MASK as
//   well (a fused matte): i_flags.y is the
//   clip node of the mask, a rect lying flat in the pass whose image is u_tex1, and its
//   parent node the rect the item is shown in; v_maskUV (the mask's texture coordinate) and
//   v_maskEdges and v_shownEdges (signed pixel distances to the two rects' edges), all affine
//   in the pixel, hence exact interpolated (noperspective).
// Variant SPRITE (#define SPRITE, with quad_sprite.frag.glsl; for plain rects whose image
//   fades out at its edges, under an affine map: SpriteRim.swift): no dilation (the
//   quad is exactly the rect); v_uv (noperspective) and v_color (flat: the tint with the
//   tint flag, else white, times the opacity); with TRIM as well, the trim's as SIMPLE's.

layout(location = 0) in vec4 i_hx;
layout(location = 1) in vec4 i_hy;
layout(location = 2) in vec4 i_ht;
layout(location = 3) in vec4 i_rect;
layout(location = 4) in vec4 i_geom;
layout(location = 5) in vec4 i_bg;
layout(location = 6) in vec4 i_border;
layout(location = 7) in vec4 i_dst;
layout(location = 8) in vec4 i_src;
layout(location = 9) in vec4 i_center;
layout(location = 10) in vec4 i_extra;
layout(location = 11) in ivec4 i_flags;

uniform vec2 u_viewport;
uniform float u_ySign;
uniform float u_dilate;

#if defined(SPRITE)
noperspective out vec2 v_uv;
flat out vec4 v_color;
#ifdef TRIM
flat out vec4 v_trimRange;
flat out vec4 v_trimPixels;
uniform sampler2D u_tex1;
#endif
#elif defined(SIMPLE)
// Affine instances need no perspective divide, which llvmpipe pays at every pixel; tiles and
// trimmed strokes may lie in perspective, and PERSPECTIVE is the program for plain instances
// that do (FramePlanner's batching).
#if defined(PERSPECTIVE) || defined(ARRAY) || defined(TRIM)
out vec2 v_uv;
#else
noperspective out vec2 v_uv;
#endif
noperspective out vec4 v_edges;
flat out float v_opacity;
flat out vec4 v_bg;
flat out int v_bits;
#ifdef ARRAY
flat out float v_layer;
#endif
#ifdef TRIM
flat out vec4 v_trimRange;
flat out vec4 v_trimPixels;
uniform sampler2D u_tex1;
#endif
#ifdef MASK
uniform samplerBuffer u_clips;
uniform vec4 u_pixelToItem;
noperspective out vec2 v_maskUV;
noperspective out vec4 v_maskEdges;
noperspective out vec4 v_shownEdges;
#endif
#else
out vec2 v_local;
flat out vec3 v_params;
flat out vec4 v_rect;
flat out vec4 v_bg;
flat out vec4 v_border;
flat out vec4 v_dst;
flat out vec4 v_src;
flat out vec4 v_center;
flat out vec4 v_extra;
flat out ivec4 v_flags;
#endif

const int FLAG_NO_DILATE = 128;
const int FLAG_TINT = 1024;
const int FLAG_INVERTED_MASK = 2048;

#ifdef MASK
// For the pass point `item`, the clip node's local point as a unit coordinate of its rect, and
// the signed pixel distances to its rect's edges (minX, maxX, minY, maxY; positive inside):
// the node's map is affine (ClipBuffer.swift's layout), so a local coordinate's change per
// pixel is the length of its row of the map times the pass's points per pixel. Returns the
// node's parent.
int rectVaryings(int node, vec2 item, out vec2 uv, out vec4 edges) {
    vec4 t0 = texelFetch(u_clips, node * 4);
    vec4 t1 = texelFetch(u_clips, node * 4 + 1);
    vec4 t2 = texelFetch(u_clips, node * 4 + 2);
    vec4 t3 = texelFetch(u_clips, node * 4 + 3);
    vec2 local = t0.xy * item.x + t1.xy * item.y + t2.xy;
    vec4 rect = vec4(t0.w, t1.w, t2.w, t3.x);
    uv = (local - rect.xy) / rect.zw;
    float perPixelX = length(vec2(t0.x, t1.x)) * u_pixelToItem.x;
    float perPixelY = length(vec2(t0.y, t1.y)) * u_pixelToItem.x;
    edges = vec4(local.x - rect.x, rect.x + rect.z - local.x, local.y - rect.y, rect.y + rect.w - local.y)
        / max(vec4(perPixelX, perPixelX, perPixelY, perPixelY), 1e-12);
    return int(t3.w);
}
#endif

#ifdef TRIM
// The trim's varyings (trim.glsl's trimSetup), the instance holding the trim in place of its
// rect: the texels of the lengths image per pixel at the quad's corner, from the texels per
// local unit and the projected map's Jacobian there (its determinant: pixels² per unit²).
void trimVaryings(vec3 q) {
    vec2 s = q.xy / q.z;
    vec2 jx = (i_hx.xy - s * i_hx.z) / q.z, jy = (i_hy.xy - s * i_hy.z) / q.z;
    vec2 k = i_src.zw * vec2(textureSize(u_tex1, 0)) / i_dst.zw;
    float det = max(abs(jx.x * jy.y - jx.y * jy.x), 1e-12);
    trimSetup(i_rect, sqrt(abs(k.x * k.y) / det), v_trimRange, v_trimPixels);
}
#endif

void main() {
    mat3 h = mat3(i_hx.xyz, i_hy.xyz, i_ht.xyz);
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vec2 p = i_geom.xy + corner * i_geom.zw;
    vec3 q = h * vec3(p, 1.0);

#ifndef SPRITE
    // Move the corner outward so every edge moves u_dilate pixels on screen: the projected
    // Jacobian J = d(screen)/d(local) at the corner gives the local step per pixel.
    if (u_dilate > 0.0 && q.z > 1e-6 && (i_flags.x & FLAG_NO_DILATE) == 0) {
        vec2 s = q.xy / q.z;
        vec2 jx = (i_hx.xy - s * i_hx.z) / q.z;
        vec2 jy = (i_hy.xy - s * i_hy.z) / q.z;
        float det = abs(jx.x * jy.y - jx.y * jy.x);
        if (det > 1e-8) {
            vec2 step = vec2(length(jy), length(jx)) * (u_dilate / det);
            step = min(step, vec2(max(i_geom.z, i_geom.w)));
            vec2 moved = p + (corner * 2.0 - 1.0) * step;
            vec3 mq = h * vec3(moved, 1.0);
            if (mq.z > 1e-6) {
                p = moved;
                q = mq;
            }
        }
    }
#endif

#if defined(SPRITE)
    v_uv = i_src.xy + (p - i_dst.xy) / i_dst.zw * i_src.zw;
    v_color = ((i_flags.x & FLAG_TINT) != 0 ? i_bg : vec4(1.0)) * i_hx.w;
#ifdef TRIM
    trimVaryings(q);
#endif
#elif defined(SIMPLE)
    // The renderer computed each projected edge's line (a, b, c) once per instance, scaled so
    // a·x + b·y + c is the signed pixel distance (positive inside): four FMAs per corner.
    vec2 s = q.xy / q.z;
    v_edges = i_border * s.x + i_center * s.y + i_extra;
    v_uv = i_src.xy + (p - i_dst.xy) / i_dst.zw * i_src.zw;
    v_opacity = i_hx.w;
    v_bg = i_bg;
    v_bits = i_flags.x & (FLAG_TINT | FLAG_INVERTED_MASK);
#ifdef ARRAY
    v_layer = float(i_flags.w);
#endif
#ifdef TRIM
    trimVaryings(q);
#endif
#ifdef MASK
    vec2 item = u_pixelToItem.yz + s * u_pixelToItem.x;
    vec2 shownUV;
    int shown = rectVaryings(i_flags.y, item, v_maskUV, v_maskEdges);
    rectVaryings(shown, item, shownUV, v_shownEdges);
#endif
#else
    v_local = p;
    v_params = vec3(i_hx.w, i_hy.w, i_ht.w);
    v_rect = i_rect;
    v_bg = i_bg;
    v_border = i_border;
    v_dst = i_dst;
    v_src = i_src;
    v_center = i_center;
    v_extra = i_extra;
    v_flags = i_flags;
#endif
    // z = 0 always: layers never depth-clip. Points behind the eye are cut away by a clip
    // plane just in front of w = 0 (at w = 0 itself a cut vertex would project to infinity).
    gl_ClipDistance[0] = q.z - 1e-5;
    gl_Position = vec4(2.0 * q.x / u_viewport.x - q.z, u_ySign * (2.0 * q.y / u_viewport.y - q.z), 0.0, q.z);
}
