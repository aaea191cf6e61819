#ifndef SHARELINT_SYSTEM_H
#define SHARELINT_SYSTEM_H

// What sharelint asks of the system that Swift's Glibc and Darwin modules do not show.

/// Starts a detached thread running `body(context)`; 0 on success, else an error number
/// (`ENOMEM`, or what `pthread_create` returned: the thread did not start and `body` is
/// never called).
///
/// With glibc the thread is created allowed only on the CPUs the caller may use, less the
/// one it runs on, and its first act is to take back the caller's whole set: a hint for
/// where it starts, not a pin. A new thread is otherwise queued on its creator's CPU,
/// where it waits for the creator to yield or for the idle CPU to pull it (up to 3.4 ms,
/// 1.6 at the median, on the benchmark's two-core virtual machine; docs/performance.md).
/// With one allowed CPU, and with other C libraries (macOS's, musl, which has
/// no `pthread_attr_setaffinity_np`), it is a plain `pthread_create`.
int sharelint_thread_start(void (*body)(void *), void *context);

/// How many CPUs the calling thread may run on (0 when the system does not say; for tests).
int sharelint_thread_allowed_cpus(void);

/// Has glibc keep the memory a run frees for the run's next files (elsewhere, nothing):
/// blocks up to 32 MiB come from the heap (`M_MMAP_THRESHOLD`), and only then the top of
/// a heap goes back to the system only past 64 MiB free (`M_TRIM_THRESHOLD`; 128 KiB by
/// default). Setting the second alone would pin the first at 128 KiB (glibc stops adapting
/// it), each larger block a mapping of its own faulted in page by page; where glibc refuses
/// 32 MiB (a 32-bit build), neither is set. With glibc's defaults a tree's run gave memory
/// back and took it again for nearly every file (docs/performance.md).
void sharelint_hold_heap_memory(void);

/// Copies every extended attribute of the open file `from` to the open file `to` (with
/// Linux's or macOS's calls; elsewhere there are none to copy). 0 when all were copied or
/// the file system has none; else an error number, with the name of the attribute that
/// could not be copied in `failed` (at most `failed_size` bytes, NUL-terminated). An
/// attribute of the system's own that it does not let a program set (security.*,
/// system.*, com.apple.*) is left to the system, not an error.
int sharelint_copy_xattrs(int from, int to, char *failed, unsigned long failed_size);

#endif
