#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What sharelint knows about one referenced file. A class: facts are made once per
/// file and path and read by many documents and rules, and copying a struct of a
/// resolution and sniffed content cost about 200 instructions (a retain now).
public final class FileFacts: Sendable, Hashable {
    /// Where the path leads.
    public let resolution: FileResolution
    /// What its bytes say, for a regular file inside the root (nil when empty or unrecognized).
    public let content: SniffedContent?

    /// Creates the facts of a path.
    public init(resolution: FileResolution, content: SniffedContent? = nil) {
        self.resolution = resolution
        self.content = content
    }

    public static func == (a: FileFacts, b: FileFacts) -> Bool {
        a === b || (a.resolution == b.resolution && a.content == b.content)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(resolution)
        hasher.combine(content)
    }
}

extension FileFacts: CustomStringConvertible {
    public var description: String { "FileFacts(resolution: \(resolution), content: \(content.map { "\($0)" } ?? "nil"))" }
}

/// A `FileAccess` that remembers, for the whole run, what each path resolves to and
/// what its headers say (read by seeking, at most `ContentSniffer.readLimit` bytes), so a file referenced by many configurations is looked at
/// once. Safe to share between threads.
public final class FileInspector: FileAccess, @unchecked Sendable {
    private let files: any FileAccess

    /// The file system this inspector caches.
    public var base: any FileAccess { files }
    /// Paths as bytes: `String` hashing and `==` use canonical equivalence, so an NFD
    /// name would find the facts of its NFC twin (a different file on Linux). The directory
    /// and the path are hashed and compared as their bytes, in place (no array is built per
    /// lookup); both are hashed, so that one relative path written in many directories does
    /// not pile into one bucket. The bytes are hashed once, with FNV-1a, and the `Hasher`
    /// (seeded SipHash) mixes that one word: SipHash over some sixty bytes of path was about
    /// a thousand instructions a lookup, four lookups per file of a tree.
    private struct Key: Hashable {
        var directory: String
        var path: String
        private let bytesHash: UInt64

        init(directory: String, path: String) {
            self.directory = directory
            self.path = path
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var directory = directory, path = path
            directory.withUTF8 { for byte in $0 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 } }
            // A separator no path byte can be confused with: the directory's length.
            hash = (hash ^ UInt64(directory.utf8.count)) &* 0x0000_0100_0000_01B3
            path.withUTF8 { for byte in $0 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 } }
            bytesHash = hash
        }

        static func == (a: Key, b: Key) -> Bool {
            a.bytesHash == b.bytesHash && PathBytes.equal(a.path, b.path) && PathBytes.equal(a.directory, b.directory)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(bytesHash)
        }
    }

    /// Read and written under `mutex` only, so the dynamic exclusivity check is skipped.
    @exclusivity(unchecked) private var cache: [Key: FileFacts] = [:]
    @exclusivity(unchecked) private var transparencies: [String: PixelTransparency] = [:]
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// The real file system, when that is what is inspected: its files are looked up and
    /// opened from the directory of the last one (`kept`), which holds a tree's assets
    /// directory by directory (a walk from the root per lookup and per open was 16 system
    /// calls for each asset of the benchmark's tree; docs/performance.md).
    private let rooted: RootedFileSystem?
    /// Used under `opening` only: one thread at a time.
    private let kept = ConfinedOpen.KeptDirectory()
    private let opening = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    /// Wraps a file system.
    public init(_ files: any FileAccess) {
        self.files = files
        rooted = files as? RootedFileSystem
        pthread_mutex_init(mutex, nil)
        pthread_mutex_init(opening, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        pthread_mutex_destroy(opening)
        opening.deallocate()
    }

    /// Wraps `files` unless it already is an inspector.
    public static func wrapping(_ files: any FileAccess) -> FileInspector {
        (files as? FileInspector) ?? FileInspector(files)
    }

    /// The facts of a path written in a configuration whose directory is `directory`.
    public func facts(_ path: String, relativeTo directory: String) -> FileFacts {
        let key = Key(directory: directory, path: path)
        pthread_mutex_lock(mutex)
        let cached = cache[key]
        pthread_mutex_unlock(mutex)
        if let cached { return cached }
        let resolution: FileResolution
        var file: (any RandomAccessFile)?
        if let rooted {
            pthread_mutex_lock(opening)
            resolution = rooted.resolve(path, relativeTo: directory, keeping: kept)
            if case .file(let resolved, _) = resolution { file = rooted.open(resolved: resolved, keeping: kept) }
            pthread_mutex_unlock(opening)
        } else {
            resolution = files.resolve(path, relativeTo: directory)
            if case .file(let resolved, _) = resolution { file = files.open(resolved: resolved) }
        }
        var content: SniffedContent?
        if let file { content = ContentSniffer.sniff(file: file) }
        let facts = FileFacts(resolution: resolution, content: content)
        pthread_mutex_lock(mutex)
        cache[key] = facts
        pthread_mutex_unlock(mutex)
        return facts
    }

    /// Whether any pixel of a PNG is transparent (the bounded alpha check), for a path
    /// whose content is a PNG; nil for anything else.
    public func transparency(_ path: String, relativeTo directory: String) -> PixelTransparency? {
        let facts = facts(path, relativeTo: directory)
        guard case .file(let resolved, _) = facts.resolution, facts.content?.type == "public.png" else { return nil }
        return transparency(ofPNG: resolved)
    }

    /// The bounded alpha check of a PNG whose resolved path is known (its facts already
    /// looked up), remembered for the run.
    public func transparency(ofPNG resolved: String) -> PixelTransparency {
        pthread_mutex_lock(mutex)
        let cached = transparencies[resolved]
        pthread_mutex_unlock(mutex)
        if let cached { return cached }
        guard let file = open(resolved: resolved) else { return .unknown("the file cannot be opened") }
        let result = PNGTransparency.check(file)
        pthread_mutex_lock(mutex)
        transparencies[resolved] = result
        pthread_mutex_unlock(mutex)
        return result
    }

    public func resolve(_ path: String, relativeTo directory: String) -> FileResolution {
        facts(path, relativeTo: directory).resolution
    }

    public func head(ofResolved path: String, limit: Int) -> [UInt8]? {
        files.head(ofResolved: path, limit: limit)
    }

    public func namesBeside(_ path: String, relativeTo directory: String, limit: Int) -> [String] {
        files.namesBeside(path, relativeTo: directory, limit: limit)
    }

    public func open(resolved path: String) -> (any RandomAccessFile)? {
        guard let rooted else { return files.open(resolved: path) }
        pthread_mutex_lock(opening)
        defer { pthread_mutex_unlock(opening) }
        return rooted.open(resolved: path, keeping: kept)
    }
}
