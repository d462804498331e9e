#version 330 core
// quad.frag.glsl: one draw item: background, contents, border, clips, opacity, blend mode.
//
// Varyings (from quad.vert.glsl): v_local (local point, perspective-correct); flat:
//   v_params (opacity, corner radius, border width), v_rect (shape), v_bg, v_border
//   (premultiplied), v_dst (content rect), v_src (texture sub-rect), v_center (nine-slice
//   centre | blurred-shape sigma | trim: start, end, loop, cap radius), v_extra (natural
//   size, crossfade progress, level-of-detail bias), v_flags (flags, clip index, shape bits,
//   0). Shape bits: 1 2 4 8 the rounded corners (minX/minY, maxX/minY, minX/maxY,
//   maxX/maxY), 16 continuous corners, bits 8–11 the edges drawn hard, not anti-aliased (minX, maxX, minY, maxY). FLAG_TINT: v_bg tints the content.
// Uniforms:
//   u_tex0, u_tex1     content textures (u_tex1: crossfade target, premultiplied RGBA; or a
//                      trimmed stroke's lengths, FLAG_TRIM)
//   u_clips            samplerBuffer, 4 RGBA32F texels per clip node (ClipBuffer.swift):
//                      (g0, rect.x) (g1, rect.y) (g2, rect.width)
//                      (rect.height, radius, shape bits, parent): g0 g1 g2 are the columns of
//                      the inverse homography item space -> clip plane
//   u_pixelToItem      (1 / pass scale, sourceRect.x, sourceRect.y, target height px)
//   u_flipY            1 when framebuffer rows run bottom-up (the screen), else 0
//   u_blendMode        0: normal (fixed-function blending); 1...23: BlendMode order, reads
//                      u_backdrop and writes the blended result with blending off
//   u_backdrop, u_backdropRect  copy of the target behind the item: texture and its
//                      framebuffer rect (x, y, width, height) in GL window coordinates
//   u_overdraw         1: output a constant tint per covered fragment (additive heat map)
// Output: o_color, premultiplied.
// Variant SHAPE (#define SHAPE): rounded rects with background, border and opacity only (no
//   content, blurred shape, clip, blend mode or overdraw tint), so the program is a fraction of
//   the general one's size: what is compiled, and kept by the driver, for a scene whose only
//   shaped items are buttons and frames (the kiosk's selection). It takes NO_CONTINUOUS,
//   NO_BLENDED and NO_BORDER as the general program does: llvmpipe runs the continuous
//   corner's loop for every pixel whether a pixel takes it or not, which made a rounded rect
//   with circular corners cost three times a plain one.
// Leaner general programs (QuadFeatures in FramePlan.swift): NO_CONTINUOUS leaves out
//   continuous corners, NO_BLENDED continuous corners blended toward circular ones (a radius
//   near half the side: continuousBlend below 1), NO_BLURRED the blurred shape, NO_CLIP the
//   clips, NO_BLEND the blend modes and the overdraw tint, NO_BORDER the border, NO_CONTENT
//   the content (texture or screen texture), NO_SAMPLING its nearest and trilinear sampling
//   (linear is always there), NO_CROSSFADE the crossfade, NO_NINESLICE nine-slice stretching,
//   NO_SCREEN the screen texture (backdrop filters), NO_TRIM trimmed strokes (without it, the
//   renderer inserts trim.glsl). A software rasterizer (llvmpipe) runs every branch of a
//   program for every pixel, taken or not: each part left out of a batch that needs none of
//   it is time saved per pixel (docs/renderer.md, "Leaner general programs").

in vec2 v_local;
flat in vec3 v_params;
flat in vec4 v_rect;
flat in vec4 v_bg;
flat in vec4 v_border;
flat in vec4 v_dst;
flat in vec4 v_src;
flat in vec4 v_center;
flat in vec4 v_extra;
flat in ivec4 v_flags;

uniform sampler2D u_tex0;
uniform sampler2D u_tex1;
uniform samplerBuffer u_clips;
uniform vec4 u_pixelToItem;
uniform float u_flipY;
uniform int u_blendMode;
uniform sampler2D u_backdrop;
uniform vec4 u_backdropRect;
uniform int u_overdraw;

out vec4 o_color;

const int FLAG_TEXTURE = 1;
const int FLAG_CROSSFADE = 2;
const int FLAG_NINE_SLICE = 4;
const int FLAG_NEAREST = 8;
const int FLAG_CLIPS_CONTENT = 16;
const int FLAG_BLURRED_SHAPE = 32;
const int FLAG_SCREEN_TEXTURE = 64;
const int FLAG_MINIFY_NEAREST = 256;
const int FLAG_MINIFY_TRILINEAR = 512;
const int FLAG_TINT = 1024;
const int FLAG_TRIM = 4096;
const int SHAPE_CONTINUOUS = 16;
const int MAX_CLIP_DEPTH = 32;

// Continuous corners (docs/renderer.md#continuous-corners): half of one corner, from where it
// leaves the edge to the diagonal, as a polyline in units of the radius: x along the edge
// from the corner, y into the rect. CONTINUOUS samples the published reverse-engineering of
// Apple's curve (two cubic Béziers and a line, 6 and 8 steps of the curve parameter; within
// 0.0015 radii of the curve); CIRCULAR the circle in the same steps, so that mixing the two
// morphs one corner into the other. The mirror image across the diagonal is the other half.
const int CORNER_POINTS = 16;
const float CONTINUOUS_REACH = 1.52866483;
const vec2 CONTINUOUS[CORNER_POINTS] = vec2[CORNER_POINTS](
    vec2(1.52866483, 0.00000000), vec2(1.32600062, 0.00030322), vec2(1.15450419, 0.00242578),
    vec2(1.00866243, 0.00818700), vec2(0.88296226, 0.01940622), vec2(0.77189057, 0.03790278),
    vec2(0.66993427, 0.06549600), vec2(0.63149399, 0.07491100), vec2(0.58365014, 0.09383506),
    vec2(0.53717329, 0.11524810), vec2(0.49214357, 0.13906997), vec2(0.44864112, 0.16522054),
    vec2(0.40674610, 0.19361967), vec2(0.36653863, 0.22418721), vec2(0.32809887, 0.25684301),
    vec2(0.29150695, 0.29150695));
const vec2 CIRCULAR[CORNER_POINTS] = vec2[CORNER_POINTS](
    vec2(1.00000000, 0.00000000), vec2(1.00000000, 0.00000000), vec2(1.00000000, 0.00000000),
    vec2(1.00000000, 0.00000000), vec2(1.00000000, 0.00000000), vec2(1.00000000, 0.00000000),
    vec2(1.00000000, 0.00000000), vec2(1.00000000, 0.00000000), vec2(0.89775581, 0.00516289),
    vec2(0.79846512, 0.02031645), vec2(0.70263059, 0.04495802), vec2(0.61075487, 0.07858496),
    vec2(0.52334062, 0.12069460), vec2(0.44089049, 0.17078429), vec2(0.36390714, 0.22835139),
    vec2(0.29289322, 0.29289322));

// How continuous a corner of radius r can be in a rect of half size hs: 1 when its full reach
// (1.53 r) fits in the shorter half side, falling to 0 (circular) as r grows to that half
// side, so a radius of half the side still gives a capsule.
float continuousBlend(float r, vec2 hs) {
#ifdef NO_BLENDED
    return 1.0;
#else
    return clamp((min(hs.x, hs.y) / r - 1.0) / (CONTINUOUS_REACH - 1.0), 0.0, 1.0);
#endif
}

// Point i of a corner's polyline blended by `blend`: the continuous curve's own where `blend`
// is 1. Without blended corners (NO_BLENDED: every continuous corner the batch draws reaches
// its full length), always that; the compiler then folds the segments' normals into
// constants, where the blended corner computes them at every pixel (a square root and a
// division a segment).
vec2 cornerPoint(int i, float blend) {
#ifdef NO_BLENDED
    return CONTINUOUS[i];
#else
    return blend == 1.0 ? CONTINUOUS[i] : mix(CIRCULAR[i], CONTINUOUS[i], blend);
#endif
}

// Signed distance (radii, positive outside) to a continuous corner blended by `blend`, with
// the outward unit normal, at a point c in corner units with c.x >= c.y (below the diagonal):
// the largest of the signed distances to the lines of the polyline's segments and of the
// edge y = 0, exact inside and within a hair outside for a convex shape. `onCurve` is false
// where the edge is the nearest.
vec3 continuousCorner(vec2 c, float blend, out bool onCurve) {
    vec3 best = vec3(-c.y, 0.0, -1.0);
    onCurve = false;
    vec2 from = cornerPoint(0, blend);
    for (int i = 1; i < CORNER_POINTS; i++) {
        vec2 to = cornerPoint(i, blend);
        vec2 e = to - from;
        float len = length(e);
        if (len > 1e-6) {
            vec2 n = vec2(-e.y, e.x) / len;
            float s = dot(n, c - from);
            if (s > best.x) {
                best = vec3(s, n);
                onCurve = true;
            }
        }
        from = to;
    }
    return best;
}

// Where a continuous corner blended by `blend` begins at depth v (radii) into the rect from an
// edge: its distance from the corner along that edge, in radii.
float continuousInset(float v, float blend) {
    float reach = blend == 1.0 ? CONTINUOUS_REACH : mix(1.0, CONTINUOUS_REACH, blend);
    if (v >= reach) return 0.0;
    if (v <= 0.0) return reach;
    float diagonal = cornerPoint(CORNER_POINTS - 1, blend).x;
    bool mirrored = v > diagonal;
    vec2 from = cornerPoint(0, blend);
    for (int i = 1; i < CORNER_POINTS; i++) {
        vec2 to = cornerPoint(i, blend);
        if (!mirrored && v <= to.y) return mix(from.x, to.x, (v - from.y) / max(to.y - from.y, 1e-6));
        if (mirrored && v >= to.x) return mix(from.y, to.y, (from.x - v) / max(from.x - to.x, 1e-6));
        from = to;
    }
    return diagonal;
}

// Signed distance to a rounded rect (negative inside) with its unit gradient, in local units,
// and the straight edge nearest the point (0 minX, 1 maxX, 2 minY, 3 maxY; -1 on a rounded
// corner). Shape bits as v_flags.z (the corners and whether they are continuous).
vec3 roundedRectSDF(vec2 p, vec4 rect, float radius, int shape, out int edge) {
    vec2 hs = rect.zw * 0.5;
    vec2 q = p - (rect.xy + hs);
    vec2 sides = vec2(q.x < 0.0 ? -1.0 : 1.0, q.y < 0.0 ? -1.0 : 1.0);
    int quadrant = (q.x > 0.0 ? 1 : 0) + (q.y > 0.0 ? 2 : 0);
    float r = ((shape >> quadrant) & 1) != 0 ? clamp(radius, 0.0, min(hs.x, hs.y)) : 0.0;
    int xEdge = q.x < 0.0 ? 0 : 1, yEdge = q.y < 0.0 ? 2 : 3;
#ifndef NO_CONTINUOUS
    if ((shape & SHAPE_CONTINUOUS) != 0 && r > 0.0) {
        float blend = continuousBlend(r, hs);
        // Distances from the corner along x and y, in radii.
        vec2 c = (hs - abs(q)) / r;
        if (max(c.x, c.y) < (blend == 1.0 ? CONTINUOUS_REACH : mix(1.0, CONTINUOUS_REACH, blend))) {
            bool swapped = c.y > c.x;
            bool onCurve;
            vec3 s = continuousCorner(swapped ? c.yx : c, blend, onCurve);
            vec2 n = swapped ? s.zy : s.yz;
            edge = onCurve ? -1 : (swapped ? xEdge : yEdge);
            // Outward in corner units points toward the corner: against abs(q)'s growth.
            return vec3(s.x * r, -n * sides);
        }
    }
#endif
    vec2 w = abs(q) - hs + r;
    float g = max(w.x, w.y);
    vec2 m = max(w, 0.0);
    float l = length(m);
    float d = g > 0.0 ? l - r : g - r;
    vec2 n = g > 0.0 ? m / l : (w.x > w.y ? vec2(1.0, 0.0) : vec2(0.0, 1.0));
    edge = r > 0.0 && w.x > 0.0 && w.y > 0.0 ? -1 : (w.x > w.y ? xEdge : yEdge);
    return vec3(d, n * sides);
}

vec3 roundedRectSDF(vec2 p, vec4 rect, float radius, int shape) {
    int edge;
    return roundedRectSDF(p, rect, radius, shape, edge);
}

// Box-filter coverage of a pixel by the region sdf < 0: the local distance divided by how
// fast it changes per pixel (its gradient through the local point's screen derivatives).
float coverage(vec3 sdf, vec2 dx, vec2 dy) {
    float rate = length(vec2(dot(sdf.yz, dx), dot(sdf.yz, dy)));
    return clamp(0.5 - sdf.x / max(rate, 1e-6), 0.0, 1.0);
}

// The same, except where the nearest edge is one of the `aliased` edges (bits as the shape
// bits 8–11, shifted down): there 1 when the pixel centre is inside and 0 when not, a centre
// on the edge counting for left and top edges (the sample nudged 1/256 pixel right and down
// on the target, the rasterization rule of GL).
float coverage(vec3 sdf, int edge, int aliased, vec2 dx, vec2 dy) {
    if (edge < 0 || ((aliased >> edge) & 1) == 0) return coverage(sdf, dx, dy);
    vec2 nudge = vec2(1.0, u_flipY > 0.5 ? -1.0 : 1.0) / 256.0;
    return sdf.x + dot(vec2(dot(sdf.yz, dx), dot(sdf.yz, dy)), nudge) < 0.0 ? 1.0 : 0.0;
}

// The coverage of a rect's shape with its hard edges (shape bits as v_flags.z).
float shapeCoverage(vec2 p, vec4 rect, float radius, int shape, vec2 dx, vec2 dy) {
    int edge;
    vec3 sdf = roundedRectSDF(p, rect, radius, shape, edge);
    return coverage(sdf, edge, (shape >> 8) & 15, dx, dy);
}

// Nine-slice: a point in the destination (points from its origin) to unit source coordinates.
float nineSlice(float x, float size, float natural, float c0, float cw) {
    float lo = c0 * natural;
    float hi = (1.0 - c0 - cw) * natural;
    float caps = lo + hi;
    if (caps >= size) {
        // Too small for the caps: they shrink together, the centre vanishes.
        float k = size / max(caps, 1e-6);
        return x < lo * k ? x / (k * natural) : 1.0 - (size - x) / (k * natural);
    }
    if (x < lo) return x / natural;
    if (x > size - hi) return 1.0 - (size - x) / natural;
    return c0 + (x - lo) / max(size - caps, 1e-6) * cw;
}

// Samples content at uv, whose texel footprint per pixel is spanned by duvdx and duvdy (unit
// texture coordinates per pixel): where it is drawn larger than its texels (level of detail
// plus bias at most 0) by the magnification filter, else by the minification filter, as GL
// chooses between them: nearest snaps to the texel centre, linear samples level 0, trilinear
// blends the two mipmap levels nearest the level of detail.
vec4 sampleContent(sampler2D tex, vec2 uv, vec2 duvdx, vec2 duvdy, int flags, float bias) {
#ifdef NO_SAMPLING
    return textureLod(tex, uv, 0.0);
#else
    vec2 size = vec2(textureSize(tex, 0));
    bool filtered = (flags & (FLAG_NEAREST | FLAG_MINIFY_NEAREST | FLAG_MINIFY_TRILINEAR)) != 0;
    if (!filtered) return textureLod(tex, uv, 0.0);
    vec2 tx = duvdx * size, ty = duvdy * size;
    float lod = 0.5 * log2(max(max(dot(tx, tx), dot(ty, ty)), 1e-12)) + bias;
    bool minified = lod > 0.0;
    if (minified ? (flags & FLAG_MINIFY_NEAREST) != 0 : (flags & FLAG_NEAREST) != 0) {
        return textureLod(tex, (floor(uv * size) + 0.5) / size, 0.0);
    }
    return textureLod(tex, uv, minified && (flags & FLAG_MINIFY_TRILINEAR) != 0 ? lod : 0.0);
#endif
}

// Evan Wallace's Gaussian-blurred rounded rect (erf approximation, 4 samples along y).
vec2 erf2(vec2 x) {
    vec2 s = sign(x), a = abs(x);
    x = 1.0 + (0.278393 + (0.230389 + 0.000972 * a + 0.078108 * a * a) * a) * a;
    x *= x;
    return s - s / (x * x);
}

// The integral along x at height y; a continuous corner (blend >= 0) narrows the row by its
// inset at that depth instead of a circle's.
float blurredBoxX(float x, float y, float sigma, float corner, vec2 hs, float blend) {
    float curved;
#ifndef NO_CONTINUOUS
    if (blend >= 0.0 && corner > 0.0) {
        curved = hs.x - corner * continuousInset((hs.y - abs(y)) / corner, blend);
    } else
#endif
    {
        float delta = min(hs.y - corner - abs(y), 0.0);
        curved = hs.x - corner + sqrt(max(0.0, corner * corner - delta * delta));
    }
    vec2 integral = 0.5 + 0.5 * erf2((x + vec2(-curved, curved)) * (sqrt(0.5) / sigma));
    return integral.y - integral.x;
}

float blurredRoundedRect(vec2 p, vec4 rect, float sigma, float corner, bool continuous) {
    vec2 hs = rect.zw * 0.5;
    p -= rect.xy + hs;
    corner = min(corner, min(hs.x, hs.y));
    float blend = continuous && corner > 0.0 ? continuousBlend(corner, hs) : -1.0;
    float low = p.y - hs.y;
    float high = p.y + hs.y;
    float start = clamp(-3.0 * sigma, low, high);
    float end = clamp(3.0 * sigma, low, high);
    float stepY = (end - start) / 4.0;
    float y = start + stepY * 0.5;
    float value = 0.0;
    for (int i = 0; i < 4; i++) {
        float g = exp(-(y * y) / (2.0 * sigma * sigma)) / (2.5066283 * sigma);
        value += blurredBoxX(p.x, p.y - y, sigma, corner, hs, blend) * g * stepY;
        y += stepY;
    }
    return value;
}

// The framebuffer pixel (y down, origin top-left of the target).
vec2 targetPixel() {
    vec2 f = gl_FragCoord.xy;
    return vec2(f.x, u_flipY > 0.5 ? u_pixelToItem.w - f.y : f.y);
}

// Product of the coverage of every clip from `clip` up its chain.
float clipCoverage(int clip) {
    if (clip < 0) return 1.0;
    vec2 item = u_pixelToItem.yz + targetPixel() * u_pixelToItem.x;
    float result = 1.0;
    for (int depth = 0; depth < MAX_CLIP_DEPTH && clip >= 0; depth++) {
        vec4 t0 = texelFetch(u_clips, clip * 4);
        vec4 t1 = texelFetch(u_clips, clip * 4 + 1);
        vec4 t2 = texelFetch(u_clips, clip * 4 + 2);
        vec4 t3 = texelFetch(u_clips, clip * 4 + 3);
        vec3 q = t0.xyz * item.x + t1.xyz * item.y + t2.xyz;
        if (q.z <= 1e-6 || t3.y < 0.0) return 0.0;
        vec2 local = q.xy / q.z;
        // d(local)/d(pixel): the homography's derivative, times item points per pixel.
        vec2 dx = (t0.xy - local * t0.z) / q.z * u_pixelToItem.x;
        vec2 dy = (t1.xy - local * t1.z) / q.z * u_pixelToItem.x;
        result *= shapeCoverage(local, vec4(t0.w, t1.w, t2.w, t3.x), t3.y, int(t3.z), dx, dy);
        clip = int(t3.w);
    }
    return result;
}

vec3 blendFunction(vec3 cb, vec3 cs, int mode) {
    if (mode == 1) return cb * cs;
    if (mode == 2) return cb + cs - cb * cs;
    if (mode == 3) return mix(cs * 2.0 * cb, 1.0 - (1.0 - cs) * (1.0 - (2.0 * cb - 1.0)), step(0.5, cb));
    if (mode == 4) return min(cb, cs);
    if (mode == 5) return max(cb, cs);
    if (mode == 6) return abs(cb - cs);
    if (mode == 7) {
        vec3 dodge = min(vec3(1.0), cb / max(1.0 - cs, 1e-6));
        return mix(mix(dodge, vec3(1.0), step(1.0, cs)), vec3(0.0), step(cb, vec3(0.0)));
    }
    if (mode == 8) {
        vec3 burn = 1.0 - min(vec3(1.0), (1.0 - cb) / max(cs, 1e-6));
        return mix(mix(burn, vec3(0.0), step(cs, vec3(0.0))), vec3(1.0), step(1.0, cb));
    }
    if (mode == 9) {
        vec3 d = mix(((16.0 * cb - 12.0) * cb + 4.0) * cb, sqrt(cb), step(0.25, cb));
        return mix(cb - (1.0 - 2.0 * cs) * cb * (1.0 - cb), cb + (2.0 * cs - 1.0) * (d - cb), step(0.5, cs));
    }
    if (mode == 10) return mix(cb * 2.0 * cs, 1.0 - (1.0 - cb) * (1.0 - (2.0 * cs - 1.0)), step(0.5, cs));
    if (mode == 11) return cb + cs - 2.0 * cb * cs;
    // Core Image's further modes (docs/semantics.md#filters-and-blend-modes).
    if (mode == 13) return max(cb + cs - 1.0, 0.0);
    if (mode == 14) return min(cb + cs, 1.0);
    if (mode == 15) return clamp(cb + 2.0 * cs - 1.0, 0.0, 1.0);
    if (mode == 16) return mix(min(cb, 2.0 * cs), max(cb, 2.0 * cs - 1.0), step(0.5, cs));
    if (mode == 17) {
        // Vivid light: colour burn by 2cs below one half, colour dodge by 2cs − 1 above.
        vec3 s2 = 2.0 * cs;
        vec3 burn = 1.0 - min(vec3(1.0), (1.0 - cb) / max(s2, 1e-6));
        burn = mix(mix(burn, vec3(0.0), step(s2, vec3(0.0))), vec3(1.0), step(1.0, cb));
        vec3 d = s2 - 1.0;
        vec3 dodge = min(vec3(1.0), cb / max(1.0 - d, 1e-6));
        dodge = mix(mix(dodge, vec3(1.0), step(1.0, d)), vec3(0.0), step(cb, vec3(0.0)));
        return mix(burn, dodge, step(0.5, cs));  // both give cb at cs = 0.5
    }
    if (mode == 18) return max(cb - cs, 0.0);
    if (mode == 19) {
        vec3 q = min(vec3(1.0), cb / max(cs, 1e-6));
        return mix(mix(q, vec3(1.0), step(cs, vec3(0.0))), vec3(0.0), step(cb, vec3(0.0)));
    }
    return cs;
}

// W3C non-separable blending (Compositing and Blending Level 1, "Non-separable blend modes").
float lum(vec3 c) { return dot(c, vec3(0.3, 0.59, 0.11)); }

vec3 clipColor(vec3 c) {
    float l = lum(c);
    float n = min(c.r, min(c.g, c.b));
    float x = max(c.r, max(c.g, c.b));
    if (n < 0.0) c = l + (c - l) * l / max(l - n, 1e-6);
    if (x > 1.0) c = l + (c - l) * (1.0 - l) / max(x - l, 1e-6);
    return c;
}

vec3 setLum(vec3 c, float l) { return clipColor(c + (l - lum(c))); }

float sat(vec3 c) { return max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)); }

// The W3C SetSat: the largest component becomes s, the smallest 0, the middle one scaled.
vec3 setSat(vec3 c, float s) {
    float mx = max(c.r, max(c.g, c.b));
    float mn = min(c.r, min(c.g, c.b));
    return mx > mn ? (c - mn) * s / (mx - mn) : vec3(0.0);
}

vec3 nonSeparable(vec3 cb, vec3 cs, int mode) {
    if (mode == 20) return setLum(setSat(cs, sat(cb)), lum(cb));
    if (mode == 21) return setLum(setSat(cb, sat(cs)), lum(cb));
    if (mode == 22) return setLum(cs, lum(cb));
    return setLum(cb, lum(cs));
}

// W3C compositing: source-over with a blend function, premultiplied in and out.
vec4 blendW3C(vec4 src, vec4 dst, int mode) {
    vec3 cs = src.a > 0.0 ? src.rgb / src.a : vec3(0.0);
    vec3 cb = dst.a > 0.0 ? dst.rgb / dst.a : vec3(0.0);
    cb = clamp(cb, 0.0, 1.0);
    cs = clamp(cs, 0.0, 1.0);
    vec3 mixed = mode >= 20 ? nonSeparable(cb, cs, mode) : blendFunction(cb, cs, mode);
    vec3 rgb = src.rgb * (1.0 - dst.a) + dst.rgb * (1.0 - src.a) + src.a * dst.a * mixed;
    return vec4(rgb, src.a + dst.a * (1.0 - src.a));
}

void main() {
    int flags = v_flags.x;
    vec2 p = v_local;
    vec2 dx = dFdx(p);
    vec2 dy = dFdy(p);
    float opacity = v_params.x;
    float radius = v_params.y;
    float border = v_params.z;
    vec4 color;

    int shapeBits = v_flags.z;
#ifdef SHAPE
    float shape = shapeCoverage(p, v_rect, radius, shapeBits, dx, dy);
    color = v_bg * shape;
    {
#else
#ifndef NO_BLURRED
    if ((flags & FLAG_BLURRED_SHAPE) != 0) {
        float sigma = v_center.x;
        bool continuous = (shapeBits & SHAPE_CONTINUOUS) != 0;
        float a = sigma > 1e-3
            ? blurredRoundedRect(p, v_rect, sigma, radius, continuous)
            : coverage(roundedRectSDF(p, v_rect, radius, 15 | (shapeBits & SHAPE_CONTINUOUS)), dx, dy);
        color = v_bg * a;
    } else
#endif
    {
        float shape = shapeCoverage(p, v_rect, radius, shapeBits, dx, dy);
        bool tinted = (flags & FLAG_TINT) != 0;  // v_bg: the content's tint, no background
        color = tinted ? vec4(0.0) : v_bg * shape;
#ifndef NO_CONTENT
        if ((flags & (FLAG_TEXTURE | FLAG_SCREEN_TEXTURE)) != 0) {
            float c = shapeCoverage(p, v_dst, 0.0, shapeBits & 0xF00, dx, dy);
            if ((flags & FLAG_CLIPS_CONTENT) != 0) c = min(c, shape);
            vec4 texel;
#ifndef NO_SCREEN
            if ((flags & FLAG_SCREEN_TEXTURE) != 0) {
                texel = textureLod(u_tex0, (gl_FragCoord.xy - u_backdropRect.xy) / u_backdropRect.zw, 0.0);
            } else
#endif
            {
                vec2 u = (p - v_dst.xy) / v_dst.zw;
#ifndef NO_NINESLICE
                if ((flags & FLAG_NINE_SLICE) != 0) {
                    u = vec2(nineSlice(u.x * v_dst.z, v_dst.z, v_extra.x, v_center.x, v_center.z),
                             nineSlice(u.y * v_dst.w, v_dst.w, v_extra.y, v_center.y, v_center.w));
                }
#endif
                vec2 uv = v_src.xy + u * v_src.zw;
                // d(uv)/d(pixel), ignoring nine-slice stretching (which only chooses filters).
                vec2 k = v_src.zw / v_dst.zw;
                texel = sampleContent(u_tex0, uv, dx * k, dy * k, flags, v_extra.w);
#ifndef NO_CROSSFADE
                if ((flags & FLAG_CROSSFADE) != 0) {
                    texel = mix(texel, sampleContent(u_tex1, uv, dx * k, dy * k, flags, v_extra.w), v_extra.z);
                }
#endif
#ifndef NO_TRIM
                if ((flags & FLAG_TRIM) != 0) {
                    vec2 size = vec2(textureSize(u_tex1, 0));
                    vec4 range, pixels;
                    trimSetup(v_center, 0.5 * (length(dx * k * size) + length(dy * k * size)), range, pixels);
                    texel *= trimCoverage(u_tex1, uv, range, pixels);
                }
#endif
            }
            if (tinted) texel *= v_bg;
            color = texel * c + color * (1.0 - texel.a * c);
        }
#endif
#endif
#ifndef NO_BORDER
        if (border > 0.0) {
            vec4 inner = vec4(v_rect.xy + border, v_rect.zw - 2.0 * border);
            float innerCoverage = (inner.z > 0.0 && inner.w > 0.0)
                ? shapeCoverage(p, inner, max(radius - border, 0.0), shapeBits, dx, dy) : 0.0;
            float ring = max(shape - innerCoverage, 0.0);
            color = v_border * ring + color * (1.0 - v_border.a * ring);
        }
#endif
    }

#ifdef SHAPE
    o_color = color * opacity;
#else
#ifdef NO_CLIP
    color *= opacity;
#else
    color *= opacity * clipCoverage(v_flags.y);
#endif

#ifdef NO_BLEND
    o_color = color;
#else
    if (u_overdraw != 0) {
        o_color = color.a > 0.0 ? vec4(0.125, 0.0625, 0.03125, 0.125) : vec4(0.0);
    } else if (u_blendMode != 0) {
        vec4 dst = textureLod(u_backdrop, (gl_FragCoord.xy - u_backdropRect.xy) / u_backdropRect.zw, 0.0);
        o_color = blendW3C(color, dst, u_blendMode);
    } else {
        o_color = color;
    }
#endif
#endif
}
