#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that threads share, read and changed only inside `withLock` (a pthread mutex:
/// `Synchronization.Mutex` needs macOS 15, and the package supports macOS 13). The value
/// lives behind a pointer, not in a class `var`, so an access takes the lock and no
/// dynamic exclusivity check.
package final class Locked<Value>: @unchecked Sendable { // unchecked: every access to `value` holds `mutex`
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline let value: UnsafeMutablePointer<Value>

    /// Guards `initial`.
    package init(_ initial: sending Value) {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        value = .allocate(capacity: 1)
        value.initialize(to: initial)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// `body` over the value, holding the lock; no other thread reads or changes it meanwhile.
    @inlinable
    package func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}

/// One slot per index for threads that share out the indexes: each index is written by
/// the one worker handed it, with no lock, and the values are taken after every worker
/// has finished (what orders the writes before `takeValues` is the caller's join:
/// `DispatchQueue.concurrentPerform` returning, or a `WorkerTeam` job's end). The values
/// are moved out, not copied (a locked box of copies cost time between the workers' end
/// and the report; docs/performance.md, "The figures behind the code").
package final class ResultSlots<Value>: @unchecked Sendable { // unchecked: workers write disjoint slots, read after the join
    private let values: UnsafeMutablePointer<Value>
    private let filled: UnsafeMutablePointer<Bool>
    private let count: Int

    /// `count` empty slots.
    package init(count: Int) {
        self.count = max(count, 0)
        values = .allocate(capacity: self.count)
        filled = .allocate(capacity: self.count)
        filled.initialize(repeating: false, count: self.count)
    }

    deinit {
        for index in 0..<count where filled[index] { (values + index).deinitialize(count: 1) }
        values.deallocate()
        filled.deinitialize(count: count)
        filled.deallocate()
    }

    /// Stores the result of `index` (in `0..<count`, each index once; a second write
    /// replaces the first).
    package func set(_ index: Int, _ value: consuming sending Value) {
        precondition(index >= 0 && index < count, "a result slot out of range")
        if filled[index] {
            values[index] = value
        } else {
            (values + index).initialize(to: value)
            filled[index] = true
        }
    }

    /// The results in index order, moved out (the slots are then empty); indexes never
    /// set are skipped.
    package func takeValues() -> [Value] {
        let taken = (0..<count).reduce(0) { $0 + (filled[$1] ? 1 : 0) }
        return [Value](unsafeUninitializedCapacity: taken) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            for index in 0..<count where filled[index] {
                (base + initialized).moveInitialize(from: values + index, count: 1)
                filled[index] = false
                initialized += 1
            }
        }
    }
}
