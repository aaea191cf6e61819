#ifndef SHARELINT_YAML_ALLOCATOR_H
#define SHARELINT_YAML_ALLOCATOR_H
#include <stdint.h>

/// What the allocator for libyaml's own memory is doing (docs/performance.md).
typedef struct {
    /// 1 when libyaml's allocations go through the pool, 0 when they go to the system
    /// allocator (libyaml binds its calls inside the library, the platform is not ELF,
    /// a sanitizer is on, or SHARELINT_YAML_ALLOCATOR=system).
    int pooled;
    /// Calls libyaml made of each function in the start-up check, when it ran.
    uint32_t checkMallocs, checkReallocs, checkFrees, checkStrdups;
} sharelint_yaml_allocator_state;

/// The allocator's state.
sharelint_yaml_allocator_state sharelint_yaml_allocator_get_state(void);

/// Whether the pool is built in: an ELF platform (Linux), no AddressSanitizer or
/// ThreadSanitizer.
int sharelint_yaml_allocator_built(void);

/// Blocks this thread keeps for reuse, over every size (for tests).
uint64_t sharelint_yaml_allocator_cached_blocks(void);

/// Blocks handed back to the system allocator when threads ended, over the run (for tests).
uint64_t sharelint_yaml_allocator_drained_blocks(void);

/// Blocks of the size classes this thread took from the system allocator, over the run
/// (for tests).
uint64_t sharelint_yaml_allocator_created_blocks(void);

#endif
