// trim.glsl: trimmed strokes (docs/renderer.md, "Trimmed strokes"), inserted into the quad
// programs that draw them (quad.frag.glsl without NO_TRIM; quad.vert.glsl with
// quad_simple.frag.glsl or quad_sprite.frag.glsl, with TRIM).
//
// A stroke's raster comes with its lengths image: at each texel the arc length of the path
// nearest it (R, G, B: texels times 16, R the highest byte) and that point's distance from the
// texel (A: 200ths of half the line width). The trim (an instance's vector) is (start, end,
// loop, cap radius), in texels along the path: the part shown; the length of the loop when the
// path is one closed subpath (lengths wrap around there), else 0; the radius of round caps,
// else 0. The shown lengths' overlap with the pixel cuts the ends square to the path,
// anti-aliased; round caps are discs about the path's points at the cuts.

// What trimCoverage needs of the trim, once per item: (start, loop, the length past the
// start beyond which a length counts as before it, 0) in texels, and (pixels per texel, the
// shown length, the cap radius, the distance per unit of the lengths' alpha) in pixels.
void trimSetup(vec4 trim, float texelsPerPixel, out vec4 range, out vec4 pixels) {
    float len = trim.y - trim.x, perTexel = 1.0 / max(texelsPerPixel, 1e-3);
    range = vec4(trim.x, trim.z, 0.5 * (len + trim.z), 0.0);
    pixels = vec4(perTexel, len * perTexel, trim.w * perTexel, trim.w / 200.0 * 255.0 * perTexel);
}

// How much of the stroke's raster shows at uv, given trimSetup's range and pixels.
float trimCoverage(sampler2D lengths, vec2 uv, vec4 range, vec4 pixels) {
    ivec2 size = textureSize(lengths, 0);
    vec4 t = texelFetch(lengths, clamp(ivec2(uv * vec2(size)), ivec2(0), size - 1), 0);
    float u = dot(t.rgb, vec3(255.0 * 4096.0, 255.0 * 16.0, 255.0 / 16.0)) - range.x;
    if (range.y > 0.0) {
        u -= range.y * floor(u / range.y);
        if (u > range.z) u -= range.y;
    }
    float a = u * pixels.x;
    float cover = clamp(min(pixels.y, a + 0.5) - max(0.0, a - 0.5), 0.0, 1.0);
    if (pixels.z > 0.0) {
        // Past the nearer cut by `beyond` along the path and `t.a · pixels.w` across it.
        float beyond = max(max(-a, a - pixels.y), 0.0);
        cover = max(cover, clamp(pixels.z + 0.5 - length(vec2(beyond, t.a * pixels.w)), 0.0, 1.0));
    }
    return cover;
}
