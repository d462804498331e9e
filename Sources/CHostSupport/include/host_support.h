// What the window host needs below Swift: a guard for faults Mesa's software renderer takes on
// a window that another client destroyed (see WindowGuard.c).
#pragma once

/// Installs the guard (once per process; later calls do nothing).
void glayers_install_window_loss_guard(void);

/// Records that another client destroyed the window (async-signal-safe).
void glayers_set_window_lost(void);

/// Gives the heap's free pages back to the system (glibc's `malloc_trim`): after a large
/// structure is freed, so that what is allocated next does not add to the process's resident
/// memory. Returns 1 when memory was released.
int glayers_release_free_memory(void);

/// Tunes glibc's allocator for frames that allocate and free rasters (a shape whose path
/// animates is rasterized at every frame): allocations up to 32 MiB come from the heap instead
/// of fresh mappings, and up to 2 MiB of memory freed at the heap's top is kept for the next
/// frame instead of given back at once (`glayers_release_free_memory` still gives it back).
/// Leaves the allocator as it is when `GLIBC_TUNABLES` sets any of its values. Returns 1 when
/// both settings took.
int glayers_tune_allocator(void);
