import ShareLintMessages
/// What sharelint knows about one referenced file. A class: facts are made once per
/// file and path and read by many documents and rules, and copying a struct of a
/// resolution and sniffed content counted each of its references (a retain now).
package final class FileFacts: Sendable, Hashable {
    /// Where the path leads.
    package let resolution: FileResolution
    /// What its bytes say, for a regular file inside the root (nil when empty or unrecognized).
    package let content: SniffedContent?

    /// Creates the facts of a path.
    package init(resolution: FileResolution, content: SniffedContent? = nil) {
        self.resolution = resolution
        self.content = content
    }

    package static func == (a: FileFacts, b: FileFacts) -> Bool {
        a === b || (a.resolution == b.resolution && a.content == b.content)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(resolution)
        hasher.combine(content)
    }
}

extension FileFacts: CustomStringConvertible {
    package var description: String { "FileFacts(resolution: \(resolution), content: \(content.map { "\($0)" } ?? "nil"))" }
}

/// A `FileAccess` that remembers, for the whole run, what each path resolves to and
/// what its headers say (read by seeking, at most `ContentSniffer.readLimit` bytes), so a file referenced by many configurations is looked at
/// once. Safe to share between threads.
package final class FileInspector: FileAccess, Sendable {
    private let files: any FileAccess

    /// The file system this inspector caches.
    package var base: any FileAccess { files }
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
            directory.withBytes { for byte in $0 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 } }
            // A separator no path byte can be confused with: the directory's length.
            hash = (hash ^ UInt64(directory.utf8.count)) &* 0x0000_0100_0000_01B3
            path.withBytes { for byte in $0 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 } }
            bytesHash = hash
        }

        static func == (a: Key, b: Key) -> Bool {
            a.bytesHash == b.bytesHash && PathBytes.equal(a.path, b.path) && PathBytes.equal(a.directory, b.directory)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(bytesHash)
        }
    }

    /// What the run has found, under one lock.
    private struct Found {
        var facts: [Key: FileFacts] = [:]
        var transparencies: [String: PixelTransparency] = [:]
    }
    private let found = Locked(Found())
    /// The real file system, when that is what is inspected: its files are looked up and
    /// opened from the directory of the last one (`kept`), which holds a tree's assets
    /// directory by directory (a walk from the root per lookup and per open was 16 system
    /// calls for each asset of the benchmark's tree; docs/performance.md, "Shared answers").
    private let rooted: RootedFileSystem?
    /// Used by one thread at a time, under its lock.
    private let kept = Locked(ConfinedOpen.KeptDirectory())

    /// Wraps a file system.
    package init(_ files: any FileAccess) {
        self.files = files
        rooted = files as? RootedFileSystem
    }

    /// Wraps `files` unless it already is an inspector.
    package static func wrapping(_ files: any FileAccess) -> FileInspector {
        (files as? FileInspector) ?? FileInspector(files)
    }

    /// The facts of a path written in a configuration whose directory is `directory`.
    package func facts(_ path: String, relativeTo directory: String) -> FileFacts {
        let key = Key(directory: directory, path: path)
        if let cached = found.withLock({ $0.facts[key] }) { return cached }
        let resolution: FileResolution
        var file: (any RandomAccessFile)?
        if let rooted {
            (resolution, file) = kept.withLock { kept in
                let resolution = rooted.resolve(path, relativeTo: directory, keeping: kept)
                guard case .file(let resolved, _) = resolution else { return (resolution, nil) }
                return (resolution, rooted.open(resolved: resolved, keeping: kept))
            }
        } else {
            resolution = files.resolve(path, relativeTo: directory)
            if case .file(let resolved, _) = resolution { file = files.open(resolved: resolved) }
        }
        var content: SniffedContent?
        if let file { content = ContentSniffer.sniff(file: file) }
        let facts = FileFacts(resolution: resolution, content: content)
        found.withLock { $0.facts[key] = facts }
        return facts
    }

    /// Whether any pixel of a PNG is transparent (the bounded alpha check), for a path
    /// whose content is a PNG; nil for anything else.
    package func transparency(_ path: String, relativeTo directory: String) -> PixelTransparency? {
        let facts = facts(path, relativeTo: directory)
        guard case .file(let resolved, _) = facts.resolution, facts.content?.type == "public.png" else { return nil }
        return transparency(ofPNG: resolved)
    }

    /// The bounded alpha check of a PNG whose resolved path is known (its facts already
    /// looked up), remembered for the run.
    package func transparency(ofPNG resolved: String) -> PixelTransparency {
        if let cached = found.withLock({ $0.transparencies[resolved] }) { return cached }
        guard let file = open(resolved: resolved) else { return .unknown(Message(.alphaCannotOpen)) }
        let result = PNGTransparency.check(file)
        found.withLock { $0.transparencies[resolved] = result }
        return result
    }

    package func resolve(_ path: String, relativeTo directory: String) -> FileResolution {
        facts(path, relativeTo: directory).resolution
    }

    /// The regular files this inspector has resolved so far: what the configurations it
    /// looked at refer to (a file written two ways in two places may be listed twice).
    package func resolvedFiles() -> [String] {
        found.withLock { found in
            found.facts.values.compactMap { facts in
                guard case .file(let path, _) = facts.resolution else { return nil }
                return path
            }
        }
    }

    package func head(ofResolved path: String, limit: Int) -> [UInt8]? {
        files.head(ofResolved: path, limit: limit)
    }

    package func namesBeside(_ path: String, relativeTo directory: String, limit: Int) -> [String] {
        files.namesBeside(path, relativeTo: directory, limit: limit)
    }

    package func open(resolved path: String) -> (any RandomAccessFile)? {
        guard let rooted else { return files.open(resolved: path) }
        return kept.withLock { rooted.open(resolved: path, keeping: $0) }
    }
}
