#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Memoized conformance answers shared by copies of one registry (guarded by a lock:
/// the system registry is read by every worker thread).
final class ConformanceAnswers: @unchecked Sendable {
    private var answers: [String: [String: Bool]] = [:]
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lookup(_ type: String, _ parent: String) -> Bool? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return answers[parent]?[type]
    }

    func record(_ type: String, _ parent: String, _ answer: Bool) {
        pthread_mutex_lock(mutex)
        answers[parent, default: [:]][type] = answer
        pthread_mutex_unlock(mutex)
    }
}
