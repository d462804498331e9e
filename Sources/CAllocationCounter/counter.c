/* Interposes the C allocator of the process to count allocations: each entry point adds one
 * to an atomic counter of the process and to a counter of the calling thread, and forwards to
 * glibc's implementation (__libc_*). Linked only into the benchmark executable glayers-bench:
 * never into a library or the glayers command, which would then replace the allocator of every
 * program that links them. */
#define _GNU_SOURCE
#include "CAllocationCounter.h"
#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define GLAYERS_SANITIZED 1
#endif
#endif

/* A sanitizer interposes the allocator itself: counting is off there (the count reads 0 and
 * glayers_allocation_counting_enabled answers 0, as on a C library without __libc_*). */
#if defined(__GLIBC__) && !defined(GLAYERS_SANITIZED)
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static _Atomic unsigned long long allocations;
/* In the executable's static TLS (initial-exec): reading and writing it never allocates. */
static _Thread_local unsigned long long thread_allocations;

#define COUNT_ALLOCATION()                                                   \
    do {                                                                     \
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);   \
        thread_allocations++;                                                \
    } while (0)

void *malloc(size_t n) {
    COUNT_ALLOCATION();
    return __libc_malloc(n);
}

void *calloc(size_t count, size_t size) {
    COUNT_ALLOCATION();
    return __libc_calloc(count, size);
}

void *realloc(void *p, size_t n) {
    COUNT_ALLOCATION();
    return __libc_realloc(p, n);
}

void *memalign(size_t alignment, size_t n) {
    COUNT_ALLOCATION();
    return __libc_memalign(alignment, n);
}

void *aligned_alloc(size_t alignment, size_t n) {
    COUNT_ALLOCATION();
    return __libc_memalign(alignment, n);
}

int posix_memalign(void **out, size_t alignment, size_t n) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    COUNT_ALLOCATION();
    void *p = __libc_memalign(alignment, n);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}

void free(void *p) { __libc_free(p); }

unsigned long long glayers_allocation_count(void) {
    return atomic_load_explicit(&allocations, memory_order_relaxed);
}

unsigned long long glayers_thread_allocation_count(void) { return thread_allocations; }

int glayers_allocation_counting_enabled(void) { return 1; }
#else
unsigned long long glayers_allocation_count(void) { return 0; }
unsigned long long glayers_thread_allocation_count(void) { return 0; }
int glayers_allocation_counting_enabled(void) { return 0; }
#endif
