#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What sharelint knows about one referenced file.
public struct FileFacts: Sendable, Hashable {
    /// Where the path leads.
    public var resolution: FileResolution
    /// What its first bytes say, for a regular file inside the root.
    public var content: SniffedContent?
}

/// A `FileAccess` that remembers, for the whole run, what each path resolves to and
/// what its first 64 KiB say, so a file referenced by many configurations is looked at
/// once. Safe to share between threads.
public final class FileInspector: FileAccess, @unchecked Sendable {
    private let files: any FileAccess

    /// The file system this inspector caches.
    public var base: any FileAccess { files }
    /// Paths as bytes: `String` hashing and `==` use canonical equivalence, so an NFD
    /// name would find the facts of its NFC twin (a different file on Linux).
    private struct Key: Hashable {
        var directory: [UInt8]
        var path: [UInt8]
    }

    private var cache: [Key: FileFacts] = [:]
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    /// Wraps a file system.
    public init(_ files: any FileAccess) {
        self.files = files
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Wraps `files` unless it already is an inspector.
    public static func wrapping(_ files: any FileAccess) -> FileInspector {
        (files as? FileInspector) ?? FileInspector(files)
    }

    /// The facts of a path written in a configuration whose directory is `directory`.
    public func facts(_ path: String, relativeTo directory: String) -> FileFacts {
        let key = Key(directory: Array(directory.utf8), path: Array(path.utf8))
        pthread_mutex_lock(mutex)
        let cached = cache[key]
        pthread_mutex_unlock(mutex)
        if let cached { return cached }
        let resolution = files.resolve(path, relativeTo: directory)
        var facts = FileFacts(resolution: resolution)
        if case .file(let resolved, _) = resolution, let head = files.head(ofResolved: resolved, limit: ContentSniffer.headLimit) {
            facts.content = ContentSniffer.sniff(head)
        }
        pthread_mutex_lock(mutex)
        cache[key] = facts
        pthread_mutex_unlock(mutex)
        return facts
    }

    public func resolve(_ path: String, relativeTo directory: String) -> FileResolution {
        facts(path, relativeTo: directory).resolution
    }

    public func head(ofResolved path: String, limit: Int) -> [UInt8]? {
        files.head(ofResolved: path, limit: limit)
    }
}
