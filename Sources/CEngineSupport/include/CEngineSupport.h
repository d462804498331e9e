#ifndef GLAYERS_ENGINE_SUPPORT_H
#define GLAYERS_ENGINE_SUPPORT_H
/* Two machine primitives the engine's per-frame path needs and Swift does not spell:
 * a cache prefetch hint, and sine and cosine of one angle in one call; and the call of a
 * layer class's `init(layer:)` through its vtable (layer_copy.c), which Swift spells only
 * for required initializers. */

/* Asks the CPU to start loading the cache line at `address` (no effect on program state;
 * a null or stale address is harmless). */
static inline void glayers_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/* A new layer of the class whose Swift metadata is `metadata` (GLayers.CALayer or a subclass),
 * made by that class's `init(layer:)` from the `Any` at `value`, which it consumes (the
 * caller frees the memory without destroying the value). Returns the layer at +1. */
void *glayers_layer_init_layer(const void *metadata, void *value);

/* Sine and cosine of `x` by the C library (one argument reduction for both). */
void glayers_sincos_libm(double x, double *s, double *c);

/* Two lanes of doubles and of 64-bit integers (SSE2's registers). */
typedef double glayers_double2 __attribute__((vector_size(16)));
typedef long long glayers_long2 __attribute__((vector_size(16)));

/* Sine and cosine of two angles, each |x| < 2^20 · π/2, lane by lane (the same operations on
 * each lane, so a lane's values do not depend on the other's): the argument is reduced by π/2
 * in three parts (Cody and Waite) and both are evaluated by the classic minimax polynomials on
 * [−π/4, π/4] (the coefficients of fdlibm's kernels; error about 1 ulp, like the C library's).
 * No branch: the quadrant is read from the low bits of `shifted` (adding 1.5 · 2^52 leaves the
 * rounded multiple there, in two's complement) and chosen and signed with bit masks, so callers
 * that evaluate several angles in a row (a rotation's three Euler angles) do not pay a
 * mispredicted jump for each. */
static inline void glayers_sincos_reduced2(glayers_double2 x, glayers_double2 *s, glayers_double2 *c) {
    const double invpio2 = 6.36619772367581382433e-01;
    const double pio2_1 = 1.57079632673412561417e+00;  /* first 33 bits of π/2 */
    const double pio2_2 = 6.07710050630396597660e-11;  /* next 33 bits */
    const double pio2_3 = 2.02226624871116645580e-21;  /* the rest */
    const double round = 6755399441055744.0; /* 1.5 · 2^52: adding it rounds to an integer */
    glayers_double2 shifted = x * invpio2 + round;
    glayers_double2 fn = shifted - round;
    glayers_long2 n = (glayers_long2)shifted;
    glayers_double2 r = ((x - fn * pio2_1) - fn * pio2_2) - fn * pio2_3;
    glayers_double2 z = r * r;
    glayers_double2 sr = r + r * z * (-1.66666666666666324348e-01 + z * (8.33333333332248946124e-03 +
                z * (-1.98412698298579493134e-04 + z * (2.75573137070700676789e-06 +
                z * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10)))));
    glayers_double2 hz = 0.5 * z, w = 1.0 - hz;
    glayers_double2 cr = w + (((1.0 - w) - hz) + z * z * (4.16666666666666019037e-02 +
                z * (-1.38888888888741095749e-03 + z * (2.48015872894767294178e-05 +
                z * (-2.75573143513906633035e-07 + z * (2.08757232129817482790e-09 +
                z * -1.13596475577881948265e-11))))));
    const glayers_long2 sign = {(long long)0x8000000000000000ULL, (long long)0x8000000000000000ULL};
    glayers_long2 odd = (n & 1) != 0;
    glayers_long2 srBits = (glayers_long2)sr, crBits = (glayers_long2)cr;
    glayers_long2 sv = (odd & crBits) | (~odd & srBits), cv = (odd & srBits) | (~odd & crBits);
    *s = (glayers_double2)(sv ^ (((n & 2) != 0) & sign));
    *c = (glayers_double2)(cv ^ ((((n + 1) & 2) != 0) & sign));
}

/* The kernel of `glayers_sincos` for |x| < 2^20 · π/2: the first lane of
 * `glayers_sincos_reduced2` (on SSE2 a lane costs what a scalar does). */
static inline void glayers_sincos_reduced(double x, double *s, double *c) {
    glayers_double2 sv, cv;
    glayers_sincos_reduced2((glayers_double2){x, 0.0}, &sv, &cv);
    *s = sv[0];
    *c = cv[0];
}

/* Sine and cosine of `x`, inlined (`glayers_sincos_reduced`); larger or non-finite arguments
 * go to the C library. Every animated rotation needs both, every frame. */
static inline void glayers_sincos(double x, double *s, double *c) {
    double ax = x < 0 ? -x : x;
    if (!(ax < 1647099.0)) { /* 2^20 · π/2, and NaN */
        glayers_sincos_libm(x, s, c);
        return;
    }
    glayers_sincos_reduced(x, s, c);
}

/* Sine and cosine of three angles (a rotation's Euler angles), the same values as three calls
 * of `glayers_sincos`: when all three are in the kernel's range, x and y in the two lanes of
 * one evaluation and z in the other's first (two evaluations' instructions for three angles). */
static inline void glayers_sincos3(double x, double y, double z, double *sx, double *cx, double *sy,
                                   double *cy, double *sz, double *cz) {
    double ax = x < 0 ? -x : x, ay = y < 0 ? -y : y, az = z < 0 ? -z : z;
    if (!(ax < 1647099.0 && ay < 1647099.0 && az < 1647099.0)) {
        glayers_sincos(x, sx, cx);
        glayers_sincos(y, sy, cy);
        glayers_sincos(z, sz, cz);
        return;
    }
    glayers_double2 s01, c01, s2, c2;
    glayers_sincos_reduced2((glayers_double2){x, y}, &s01, &c01);
    glayers_sincos_reduced2((glayers_double2){z, 0.0}, &s2, &c2);
    *sx = s01[0];
    *cx = c01[0];
    *sy = s01[1];
    *cy = c01[1];
    *sz = s2[0];
    *cz = c2[0];
}
#endif
