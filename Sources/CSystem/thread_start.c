#if defined(__linux__)
#define _GNU_SOURCE
#include <features.h>
#include <sched.h>
#endif
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include "sharelint_system.h"

typedef struct {
    void (*body)(void *);
    void *context;
#if defined(__GLIBC__)
    int restores;
    cpu_set_t allowed;
#endif
} start_block;

static void *run(void *argument) {
    start_block *block = argument;
#if defined(__GLIBC__)
    if (block->restores) sched_setaffinity(0, sizeof block->allowed, &block->allowed);
#endif
    void (*body)(void *) = block->body;
    void *context = block->context;
    free(block);
    body(context);
    return NULL;
}

int sharelint_thread_start(void (*body)(void *), void *context) {
    start_block *block = calloc(1, sizeof *block);
    if (block == NULL) return ENOMEM;
    block->body = body;
    block->context = context;
    pthread_attr_t attributes;
    int status = pthread_attr_init(&attributes);
    if (status != 0) {
        free(block);
        return status;
    }
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
#if defined(__GLIBC__)
    int here = sched_getcpu();
    if (here >= 0 && here < CPU_SETSIZE && sched_getaffinity(0, sizeof block->allowed, &block->allowed) == 0
        && CPU_ISSET(here, &block->allowed) && CPU_COUNT(&block->allowed) > 1) {
        cpu_set_t elsewhere = block->allowed;
        CPU_CLR(here, &elsewhere);
        if (pthread_attr_setaffinity_np(&attributes, sizeof elsewhere, &elsewhere) == 0) block->restores = 1;
    }
#endif
    pthread_t thread;
    status = pthread_create(&thread, &attributes, run, block);
    pthread_attr_destroy(&attributes);
    if (status != 0) free(block);
    return status;
}

int sharelint_thread_allowed_cpus(void) {
#if defined(__linux__)
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return 0;
    return CPU_COUNT(&allowed);
#else
    return 0;
#endif
}
