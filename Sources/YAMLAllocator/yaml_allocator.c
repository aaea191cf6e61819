// A pool for libyaml's own memory, in the sharelint executable (docs/performance.md,
// docs/decisions.md).
//
// libyaml allocates through four functions of its own, yaml_malloc, yaml_realloc,
// yaml_free and yaml_strdup, and calls them through its procedure linkage table, so an
// executable that defines them takes its calls (ELF symbol interposition). Its scanner
// makes and frees several small strings for every scalar (a 16-byte start, doubled as it
// grows): the system allocator's work on them was about a sixth of sharelint's
// instructions on the benchmark's stream. Here a freed block goes onto a list of its
// size class kept by the thread that freed it, and the next request of that class takes
// it back: a few instructions instead of the allocator's bins.
//
// Whether libyaml's calls come here is checked once, at start-up, before any other code
// runs: a constructor parses a small text with the functions passing every call to the
// system allocator and counting them. Only when all four were called, and every block
// made was freed, does the pool go on. Otherwise (a libyaml linked to call itself, a
// platform without interposition such as macOS's two-level namespace) nothing changes.
// A pooled block carries a 16-byte header with its size class, so no other code may free
// it: libyaml frees only what it allocated, and sharelint hands it no memory to free.
//
// yaml_event_delete is defined here too: it frees what an event owns with the
// pool's own code inline, not through three more calls into the pool and one into libc.
//
// The functions are left out under AddressSanitizer and ThreadSanitizer, which then see
// every block libyaml uses; SHARELINT_YAML_ALLOCATOR=system turns the pool off in a run.
#include "yaml_allocator.h"

#ifndef __has_feature
#define __has_feature(x) 0
#endif

#if defined(__ELF__) && !__has_feature(address_sanitizer) && !__has_feature(thread_sanitizer) \
    && !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define SHARELINT_YAML_POOL 1
#endif

#ifdef SHARELINT_YAML_POOL

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

enum {
    /// Size classes of 128 << class bytes: 128 to 2,048. The smallest is 128 bytes, not the 16
    /// libyaml's scanner asks for first: its strings are doubled as they grow (16, 32, 64,
    /// 128), and a block with room for a short scalar's growth is not moved and copied at
    /// each step (yaml_realloc keeps a block that fits).
    CLASSES = 5,
    /// log2 of the smallest class's size.
    SMALLEST = 7,
    /// A block's header: the class at offset 8 (a larger block's is CLASSES), the rest unused.
    /// Sixteen bytes keep the system allocator's alignment for the block's contents.
    HEADER = 16,
};

/// A free block; `next` is in the header's first eight bytes, which hold nothing else.
typedef struct Block { struct Block *next; } Block;

/// A thread's free blocks, by class.
typedef struct {
    Block *heads[CLASSES];
    uint32_t counts[CLASSES];
    int registered;
    /// Blocks of the classes this thread took from the system allocator (for tests: once
    /// the lists hold what a text needs, parsing it again takes none, unless a block was
    /// never handed back).
    uint64_t created;
} Cache;

/// Initial-exec: the target is linked into executables only, so the thread's lists are at a
/// fixed offset from the thread pointer, read without a call (which would make every fast
/// path save registers).
static __thread Cache cache __attribute__((tls_model("initial-exec")));

/// Set once, by the constructor, before any thread but the first exists; only read after.
static int pooled;
static int checking;
static sharelint_yaml_allocator_state state;
static uint32_t checkAllocations, checkReleases;

/// How many free blocks of each class a thread keeps: enough for libyaml's churn within a
/// document (a few dozen blocks live at once); a block freed past it goes back to the
/// system allocator, so a thread keeps at most about half a megabyte.
enum { KEEP = 128 };

static _Atomic uint64_t drained;

static pthread_key_t exitKey;
static pthread_once_t exitKeyOnce = PTHREAD_ONCE_INIT;

/// At a thread's end, its kept blocks go back to the system allocator.
static void drain(void *unused) {
    (void)unused;
    for (unsigned c = 0; c < CLASSES; c++) {
        while (cache.heads[c]) {
            Block *block = cache.heads[c];
            cache.heads[c] = block->next;
            free(block);
            drained++;
        }
        cache.counts[c] = 0;
    }
    // A block freed after this, by a later destructor, registers the thread again.
    cache.registered = 0;
}

static void makeExitKey(void) { pthread_key_create(&exitKey, drain); }

static inline unsigned classOf(size_t size) {
    if (size <= (size_t)1 << SMALLEST) return 0;
    unsigned bits = 64 - (unsigned)__builtin_clzll((unsigned long long)(size - 1));
    return bits - SMALLEST < CLASSES ? bits - SMALLEST : CLASSES;
}

/// The size of a block of class `c` (< CLASSES).
static inline size_t classSize(unsigned c) { return (size_t)1 << (SMALLEST + c); }

static inline unsigned classOfBlock(const void *contents) {
    return *(const uint32_t *)((const char *)contents - HEADER + 8);
}

// The slow paths are functions of their own, so the fast ones save no registers.

/// A new block from the system allocator, with its header.
__attribute__((noinline)) static void *newBlock(size_t size, unsigned c) {
    if (c >= CLASSES && size > SIZE_MAX - HEADER) return NULL;
    char *base = malloc(HEADER + (c < CLASSES ? classSize(c) : size));
    if (!base) return NULL;
    if (c < CLASSES) cache.created++;
    *(uint32_t *)(base + 8) = c;
    return base + HEADER;
}

/// A block the thread does not keep: larger than the classes, past `KEEP`, or the first
/// one kept, which registers the thread for `drain`.
__attribute__((noinline)) static void freeBlock(void *contents) {
    unsigned c = classOfBlock(contents);
    Block *block = (Block *)((char *)contents - HEADER);
    if (c < CLASSES && cache.counts[c] < KEEP) {
        pthread_once(&exitKeyOnce, makeExitKey);
        pthread_setspecific(exitKey, &cache);
        cache.registered = 1;
        block->next = cache.heads[c];
        cache.heads[c] = block;
        cache.counts[c]++;
        return;
    }
    free(block);
}

static inline void *poolAllocate(size_t size) {
    unsigned c = classOf(size);
    Block *block = c < CLASSES ? cache.heads[c] : NULL;
    if (__builtin_expect(block != NULL, 1)) {
        cache.heads[c] = block->next;
        cache.counts[c]--;
        return (char *)block + HEADER;
    }
    return newBlock(size, c);
}

static inline void poolFree(void *contents) {
    unsigned c = classOfBlock(contents);
    if (__builtin_expect(c < CLASSES && cache.counts[c] < KEEP && cache.registered, 1)) {
        Block *block = (Block *)((char *)contents - HEADER);
        block->next = cache.heads[c];
        cache.heads[c] = block;
        cache.counts[c]++;
        return;
    }
    freeBlock(contents);
}

/// The system allocator's calls, counted during the start-up check.
__attribute__((noinline)) static void *systemMalloc(size_t size) {
    if (checking) { state.checkMallocs++; checkAllocations++; }
    return malloc(size ? size : 1);
}

__attribute__((noinline)) static void systemFree(void *ptr) {
    if (checking) { state.checkFrees++; checkReleases++; }
    free(ptr);
}

void *yaml_malloc(size_t size) {
    if (__builtin_expect(pooled, 1)) return poolAllocate(size);
    return systemMalloc(size);
}

void *yaml_realloc(void *ptr, size_t size) {
    if (!pooled) {
        if (checking) { state.checkReallocs++; if (!ptr) checkAllocations++; }
        return ptr ? realloc(ptr, size ? size : 1) : malloc(size ? size : 1);
    }
    if (!ptr) return poolAllocate(size);
    unsigned c = classOfBlock(ptr);
    if (c < CLASSES) {
        size_t capacity = classSize(c);
        if (size <= capacity) return ptr;
        void *grown = poolAllocate(size);
        if (!grown) return NULL;
        memcpy(grown, ptr, capacity);
        poolFree(ptr);
        return grown;
    }
    if (size > SIZE_MAX - HEADER) return NULL;
    char *base = realloc((char *)ptr - HEADER, HEADER + size);
    return base ? base + HEADER : NULL;
}

void yaml_free(void *ptr) {
    if (!ptr) return;
    if (__builtin_expect(pooled, 1)) poolFree(ptr);
    else systemFree(ptr);
}

yaml_char_t *yaml_strdup(const yaml_char_t *str) {
    if (!str) return NULL;
    size_t size = strlen((const char *)str) + 1;
    if (!pooled && checking) state.checkStrdups++;
    yaml_char_t *copy = pooled ? poolAllocate(size) : malloc(size);
    if (copy) {
        memcpy(copy, str, size);
        if (!pooled && checking) checkAllocations++;
    }
    return copy;
}

/// Frees what an event owns (the pointers yaml.h lists for each event type) and zeroes
/// it, as libyaml's own function does; defined here, it takes libyaml's calls and
/// sharelint's as `yaml_free` does. With the pool on, a scalar's value, tag and anchor go
/// back to their lists inline: libyaml's function made three calls through its procedure
/// linkage table for each scalar, two of them for null pointers (about 70 instructions a
/// scalar, 2.7% of sharelint's on the benchmark's stream).
void yaml_event_delete(yaml_event_t *event) {
    if (!event) return;
    switch (event->type) {
    case YAML_SCALAR_EVENT:
        if (__builtin_expect(pooled, 1)) {
            if (event->data.scalar.value) poolFree(event->data.scalar.value);
            if (event->data.scalar.tag) poolFree(event->data.scalar.tag);
            if (event->data.scalar.anchor) poolFree(event->data.scalar.anchor);
        } else {
            yaml_free(event->data.scalar.value);
            yaml_free(event->data.scalar.tag);
            yaml_free(event->data.scalar.anchor);
        }
        break;
    case YAML_SEQUENCE_START_EVENT:
        yaml_free(event->data.sequence_start.anchor);
        yaml_free(event->data.sequence_start.tag);
        break;
    case YAML_MAPPING_START_EVENT:
        yaml_free(event->data.mapping_start.anchor);
        yaml_free(event->data.mapping_start.tag);
        break;
    case YAML_ALIAS_EVENT:
        yaml_free(event->data.alias.anchor);
        break;
    case YAML_DOCUMENT_START_EVENT: {
        yaml_tag_directive_t *start = event->data.document_start.tag_directives.start;
        for (yaml_tag_directive_t *d = start; d && d != event->data.document_start.tag_directives.end; d++) {
            yaml_free(d->handle);
            yaml_free(d->prefix);
        }
        yaml_free(start);
        yaml_free(event->data.document_start.version_directive);
        break;
    }
    default:
        // Stream start and end, document end, collection ends: nothing owned.
        break;
    }
    memset(event, 0, sizeof *event);
}

/// The start-up check: a text that makes libyaml call all four functions (a tag
/// directive and a tag for yaml_strdup, a scalar longer than 16 bytes for yaml_realloc).
__attribute__((constructor)) static void startPool(void) {
    const char *choice = getenv("SHARELINT_YAML_ALLOCATOR");
    if (choice && strcmp(choice, "system") == 0) return;
    static const char text[] =
        "%TAG !e! tag:example.com,2000:\n---\n"
        "key: !e!t a plain scalar longer than sixteen bytes\nlist: [&a one, *a]\n";
    yaml_parser_t parser;
    yaml_event_t event;
    checking = 1;
    if (yaml_parser_initialize(&parser)) {
        yaml_parser_set_input_string(&parser, (const unsigned char *)text, sizeof text - 1);
        while (yaml_parser_parse(&parser, &event)) {
            int done = event.type == YAML_STREAM_END_EVENT;
            yaml_event_delete(&event);
            if (done) break;
        }
        yaml_parser_delete(&parser);
    }
    checking = 0;
    pooled = state.checkMallocs > 0 && state.checkReallocs > 0 && state.checkFrees > 0 && state.checkStrdups > 0
        && checkAllocations == checkReleases;
    state.pooled = pooled;
}

sharelint_yaml_allocator_state sharelint_yaml_allocator_get_state(void) { return state; }

int sharelint_yaml_allocator_built(void) { return 1; }

uint64_t sharelint_yaml_allocator_drained_blocks(void) { return drained; }

uint64_t sharelint_yaml_allocator_cached_blocks(void) {
    uint64_t total = 0;
    for (unsigned c = 0; c < CLASSES; c++) total += cache.counts[c];
    return total;
}

uint64_t sharelint_yaml_allocator_created_blocks(void) { return cache.created; }

#else

sharelint_yaml_allocator_state sharelint_yaml_allocator_get_state(void) {
    sharelint_yaml_allocator_state off = {0, 0, 0, 0, 0};
    return off;
}

int sharelint_yaml_allocator_built(void) { return 0; }

uint64_t sharelint_yaml_allocator_cached_blocks(void) { return 0; }

uint64_t sharelint_yaml_allocator_drained_blocks(void) { return 0; }

uint64_t sharelint_yaml_allocator_created_blocks(void) { return 0; }

#endif
