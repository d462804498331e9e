#ifndef GLAYERS_ENGINE_SUPPORT_H
#define GLAYERS_ENGINE_SUPPORT_H
/* Two machine primitives the engine's per-frame path needs and Swift does not spell:
 * a cache prefetch hint, and sine and cosine of one angle in one call. */

/* Asks the CPU to start loading the cache line at `address` (no effect on program state;
 * a null or stale address is harmless). */
static inline void glayers_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/* Sine and cosine of `x` (glibc computes both with one argument reduction). */
void glayers_sincos(double x, double *s, double *c);
#endif
