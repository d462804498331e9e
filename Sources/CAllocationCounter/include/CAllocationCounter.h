#ifndef GLAYERS_ALLOCATION_COUNTER_H
#define GLAYERS_ALLOCATION_COUNTER_H
/* Counts heap allocations of the whole process (glibc only): the benchmark executable
 * glayers-bench reads the count before and after a frame. */
unsigned long long glayers_allocation_count(void);
/* The heap allocations of the calling thread so far (glibc only). */
unsigned long long glayers_thread_allocation_count(void);
/* Whether malloc is interposed by this library (false when the C library is not glibc). */
int glayers_allocation_counting_enabled(void);
#endif
