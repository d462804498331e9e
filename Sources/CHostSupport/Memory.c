// Giving freed memory back to the system (see host_support.h).
#include <malloc.h>

#include "host_support.h"

int glayers_release_free_memory(void) { return malloc_trim(0); }
