#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CSystem
import Dispatch

/// Threads that run a job's shares beside the calling thread and stay awake between jobs:
/// a run with `--jobs` hands its team two jobs, the directory walk and the lint.
///
/// `DispatchQueue.concurrentPerform` wakes a pool thread for each call, and the second
/// core of a virtual machine is often slow to wake (docs/performance.md, "The figures
/// behind the code"), a cost paid at the walk and again at the lint. A team's helpers start once, and between jobs each polls for the next one,
/// giving up its core at every turn (`sched_yield`), for at most `spin` before it sleeps;
/// OpenMP runtimes do the same, for 200 ms by default (`KMP_BLOCKTIME`). The caller
/// waits for the helpers at a job's end the same way. Each helper is a thread of its own
/// (`pthread_create`), not a job on Dispatch's pool, which was slower to start one
///; Dispatch is the fallback when no thread can be made.
final class WorkerTeam: @unchecked Sendable { // unchecked: every var is read and written under `mutex`, which it waits on with a condition (not in `Locked`)
    /// The workers, the calling thread included.
    let workers: Int
    private let spin: UInt64
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Read and written only under `mutex`.
    private var job: (@Sendable (Int) -> Void)?
    private var generation = 0
    private var busy = 0
    private var closed = false
    private var live = 0

    /// Starts `workers - 1` helpers; `spinMilliseconds` is how long a thread polls before
    /// it sleeps. The first helper runs `prelude` before it takes any job: work the caller
    /// would otherwise wait for, done while it is busy with other things (a job's shares
    /// that the helper does not take in time the caller does, `WorkShares`).
    init(workers: Int, spinMilliseconds: UInt64 = 10, prelude: (@Sendable () -> Void)? = nil) {
        self.workers = max(workers, 1)
        spin = spinMilliseconds * 1_000_000
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
        live = self.workers - 1
        for helper in 1..<self.workers {
            let life: @Sendable () -> Void = {
                if helper == 1 { prelude?() }
                self.serve(helper)
            }
            if Self.startThread(life) { continue }
            // No thread to be had: the helper runs on Dispatch's pool instead.
            DispatchQueue.global().async(execute: life)
        }
    }

    /// Starts a detached thread running `body`; false when the system has none to give.
    /// A thread of its own starts sooner than Dispatch's pool thread. With glibc it is
    /// started on another CPU than the caller's (`sharelint_thread_start`): queued behind
    /// its creator it began late (docs/performance.md, "The figures behind the code").
    private static func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        let started = sharelint_thread_start({ context in
            guard let context else { return }
            Unmanaged<Box>.fromOpaque(context).takeRetainedValue().body()
        }, context)
        guard started == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return false
        }
        return true
    }

    private final class Box: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    /// Runs `body(0)` on the calling thread and `body(1)` to `body(workers - 1)` on the
    /// helpers, and returns when every one has returned.
    func run(_ body: @escaping @Sendable (Int) -> Void) {
        pthread_mutex_lock(mutex)
        job = body
        generation += 1
        busy = workers - 1
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
        body(0)
        pthread_mutex_lock(mutex)
        waitUntil { self.busy == 0 }
        job = nil
        pthread_mutex_unlock(mutex)
    }

    /// Ends the helpers (once a job has ended); a closed team runs no more jobs. Every
    /// team must be closed: its helpers hold it, so it is not freed before.
    func close() {
        pthread_mutex_lock(mutex)
        if !closed {
            closed = true
            pthread_cond_broadcast(changed)
            waitUntil { self.live == 0 }
        }
        pthread_mutex_unlock(mutex)
    }

    /// A helper's life: each new job, until the team closes.
    private func serve(_ index: Int) {
        var seen = 0
        pthread_mutex_lock(mutex)
        while true {
            waitUntil { self.generation != seen || self.closed }
            if generation == seen { break }
            seen = generation
            let body = job
            pthread_mutex_unlock(mutex)
            body?(index)
            pthread_mutex_lock(mutex)
            busy -= 1
            if busy == 0 { pthread_cond_broadcast(changed) }
        }
        live -= 1
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(mutex)
    }

    /// Waits, holding `mutex` before and after, until `condition` (read under it) holds:
    /// polls for `spin`, then sleeps until the state changes.
    private func waitUntil(_ condition: () -> Bool) {
        let start = Self.now()
        while !condition() {
            if Self.now() &- start < spin {
                pthread_mutex_unlock(mutex)
                sched_yield()
                pthread_mutex_lock(mutex)
            } else {
                pthread_cond_wait(changed, mutex)
            }
        }
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
