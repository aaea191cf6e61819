#if defined(__linux__)
#include <features.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include "sharelint_system.h"

void sharelint_hold_heap_memory(void) {
#if defined(__GLIBC__)
    if (mallopt(M_MMAP_THRESHOLD, 32 << 20) == 1) mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}
