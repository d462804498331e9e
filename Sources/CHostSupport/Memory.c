// Giving freed memory back to the system, and keeping it for the next frame (see
// host_support.h).
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include "host_support.h"

int glayers_release_free_memory(void) { return malloc_trim(0); }

int glayers_tune_allocator(void) {
    const char *tunables = getenv("GLIBC_TUNABLES");
    if (tunables != NULL && strstr(tunables, "glibc.malloc.") != NULL) return 0;
    // Without them, glibc maps each allocation over its threshold (128 KiB at first) afresh
    // and trims the heap's top past twice it: a raster freed and allocated again at every
    // frame had the kernel zero its pages again (74 page faults a frame for a 250-pixel arc).
    // The heap's top is given back past 2 MiB: keeping 64 MiB made a window's resident memory
    // ratchet up to the peak of its frames' swings (a snowfall's: 1.7 MiB in 200 s, in steps),
    // where past 2 MiB it stays level (docs/performance.md, "Memory between frames").
    int mapped = mallopt(M_MMAP_THRESHOLD, 32 << 20);
    int trimmed = mallopt(M_TRIM_THRESHOLD, 2 << 20);
    return mapped == 1 && trimmed == 1;
}
