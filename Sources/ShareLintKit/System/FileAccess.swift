import ShareLintMessages
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a `file:` path in a configuration resolves to.
package enum FileResolution: Sendable, Hashable {
    /// A regular file inside the root, with its size in bytes.
    case file(path: String, size: Int)
    /// Nothing exists there.
    case notFound
    /// The path is absolute or resolves outside the root; the reason says which.
    case outsideRoot(reason: Message)
    /// Something exists but it is not a regular file ("a directory", "a FIFO").
    case notAFile(kind: Message)
}

/// Looks up files that configurations refer to. Implementations never write and never
/// look outside the root.
package protocol FileAccess: Sendable {
    /// Resolves `path` as written in a configuration whose directory is `directory`.
    func resolve(_ path: String, relativeTo directory: String) -> FileResolution
    /// At most the first `limit` bytes of a file that `resolve` returned as `.file`.
    func head(ofResolved path: String, limit: Int) -> [UInt8]?
    /// Random access to a file that `resolve` returned as `.file`, for sniffing by seeking.
    /// (No default: a head-only stand-in would make every file past its head look truncated.)
    func open(resolved path: String) -> (any RandomAccessFile)?
    /// The names of the entries of the directory that holds `path` (as written, relative
    /// to `directory`), for "did you mean": at most `limit` of them, none when that
    /// directory is outside the root or cannot be listed.
    func namesBeside(_ path: String, relativeTo directory: String, limit: Int) -> [String]
}

extension FileAccess {
    /// None: a file access that cannot list directories suggests no names.
    package func namesBeside(_ path: String, relativeTo directory: String, limit: Int) -> [String] { [] }
}

/// Random access to the bytes of one open file. Sniffers read through it in small
/// pieces (never the whole file); `ByteWindow` counts what they read.
package protocol RandomAccessFile: AnyObject {
    /// The file's size in bytes when it was opened.
    var size: Int { get }
    /// Up to `count` bytes at `offset`: fewer when the file ends (or has shrunk) before.
    func read(at offset: Int, count: Int) -> [UInt8]
}

/// Bytes in memory (a decoded base64 payload, a test file) as a `RandomAccessFile`.
package final class InMemoryFile: RandomAccessFile {
    private let bytes: [UInt8]
    /// Wraps bytes.
    package init(_ bytes: [UInt8]) { self.bytes = bytes }
    /// The number of bytes.
    package var size: Int { bytes.count }
    /// The bytes in `offset..<offset+count` that exist.
    package func read(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, count > 0, offset < bytes.count else { return [] }
        return Array(bytes[offset..<min(bytes.count, offset + min(count, bytes.count))])
    }
}

/// A regular file opened read-only; closed when released.
final class OpenFile: RandomAccessFile {
    private let descriptor: Int32
    let size: Int

    /// Opens a regular file (nil for anything else: FIFOs are never read).
    convenience init?(path: String) {
        self.init(descriptor: open(path, O_RDONLY | O_NONBLOCK))
    }

    /// Takes an open descriptor (closed here when it is not a regular file).
    init?(descriptor fd: Int32) {
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return nil
        }
        descriptor = fd
        size = Int(info.st_size)
    }

    deinit { close(descriptor) }

    func read(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, count > 0 else { return [] }
        // Read into uninitialized storage: callers ask for windows of up to 64 KiB, often
        // past the end of a small file, and zeroing them first was most of sniffing one.
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var total = 0
            while total < count, let base = buffer.baseAddress {
                let n = pread(descriptor, base + total, count - total, off_t(offset + total))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                total += n
            }
            initialized = total
        }
        // A short read keeps no more storage than it holds.
        return bytes.count == count ? bytes : Array(bytes[0..<bytes.count])
    }
}

/// The real file system, confined to a root directory (symlinks resolved).
package struct RootedFileSystem: FileAccess {
    /// The root, absolute and with symlinks resolved.
    package let root: String
    /// The root as the user gave it, for messages.
    package let displayRoot: String

    /// The current directory when this file system was made, which relative directories
    /// are resolved against (asked once: a `getcwd` per file looked up was 220 calls on the
    /// benchmark's tree).
    private let workingDirectory: String

    /// Creates a file system confined to `root` (resolved against the current directory).
    package init(root: String) {
        displayRoot = root
        workingDirectory = Self.currentDirectory()
        let absolute = root.hasPrefix("/") ? root : PathLogic.join(workingDirectory, root)
        self.root = Self.realPath(absolute) ?? PathLogic.normalize(absolute) ?? absolute
    }

    /// How to read files outside the root, said with every path outside it.
    static let widening = Message(.widenRoot)

    /// The process's current directory.
    package static func currentDirectory() -> String {
        guard let pointer = getcwd(nil, 0) else { return "." }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// The path with symlinks and `..` resolved, or nil when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The components of a resolved path below the root, or nil when it is not below it.
    private func components(below path: String) -> String? {
        guard PathLogic.isInside(path, root: root), !PathLogic.sameBytes(path, root) else { return nil }
        let prefixCount = root.utf8.last == UInt8(ascii: "/") ? root.utf8.count : root.utf8.count + 1
        return String(decoding: path.utf8.dropFirst(prefixCount), as: UTF8.self)
    }

    package func head(ofResolved path: String, limit: Int) -> [UInt8]? {
        guard let file = open(resolved: path) else { return nil }
        return file.read(at: 0, count: max(0, min(limit, file.size)))
    }

    package func open(resolved path: String) -> (any RandomAccessFile)? {
        open(resolved: path, keeping: nil)
    }

    /// `open(resolved:)` from the directory `kept` holds when the file is right in it
    /// (`ConfinedOpen.KeptDirectory`).
    func open(resolved path: String, keeping kept: ConfinedOpen.KeptDirectory?) -> (any RandomAccessFile)? {
        // Opened from the root one component at a time with O_NOFOLLOW, so a file or
        // directory swapped for a symlink after `resolve` checked it is not followed.
        guard let relative = components(below: path) else { return nil }
        let fd = ConfinedOpen.open(relative, beneath: root, flags: O_RDONLY | O_NONBLOCK, keeping: kept)
        guard fd >= 0 else { return nil }
        return OpenFile(descriptor: fd)
    }

    /// Opens any regular file by path, outside any root: for `sharelint inspect FILE`,
    /// where the user names the file. Nil for anything but a readable regular file.
    package static func openRegularFile(_ path: String) -> (any RandomAccessFile)? {
        OpenFile(path: path)
    }

    /// Whether the last component of `real` differs from `written` only by case (nil when
    /// the names are equal or differ otherwise, as through a symlink).
    static func isCaseFolded(_ real: String, comparedTo written: String) -> Bool? {
        let a = PathLogic.fileName(of: real), b = PathLogic.fileName(of: written)
        if a == b { return nil }
        return a.lowercased() == b.lowercased() ? false : nil
    }

    package func resolve(_ path: String, relativeTo directory: String) -> FileResolution {
        resolve(path, relativeTo: directory, keeping: nil)
    }

    /// Lists the directory beneath the root, reached one component at a time without
    /// following a symlink (`ConfinedOpen.openParent`).
    package func namesBeside(_ path: String, relativeTo directory: String, limit: Int) -> [String] {
        guard PathLogic.absolutePathProblem(path) == nil, PathLogic.malformedPathProblem(path) == nil else { return [] }
        let absolute = directory.hasPrefix("/") ? directory : PathLogic.join(workingDirectory, directory)
        let base = Self.realPath(absolute) ?? absolute
        guard let lexical = PathLogic.normalize(PathLogic.join(base, path)), let relative = components(below: lexical),
              let (fd, _) = ConfinedOpen.openParent(of: relative, beneath: root) else { return [] }
        return DirectoryListing.entries(ofOpenDirectory: fd, limit: limit)?.map(\.name).sorted() ?? []
    }

    /// `resolve(_:relativeTo:)`, looking the file up from the directory `kept` holds when
    /// it is right in it.
    func resolve(_ path: String, relativeTo directory: String, keeping kept: ConfinedOpen.KeptDirectory?) -> FileResolution {
        if let absolute = PathLogic.absolutePathProblem(path) { return absolute }
        if let malformed = PathLogic.malformedPathProblem(path) { return malformed }
        #if canImport(Glibc)
        if let plain = plainResolution(path, relativeTo: directory, keeping: kept) { return plain }
        #endif
        let absolute = directory.hasPrefix("/") ? directory : PathLogic.join(workingDirectory, directory)
        let base = Self.realPath(absolute) ?? absolute
        let joined = PathLogic.join(base, path)
        guard let lexical = PathLogic.normalize(joined), PathLogic.isInside(lexical, root: root) else {
            return .outsideRoot(reason: Message(.pointsOutsideRoot, ["path": path, "root": root, "widening": Self.widening]))
        }
        guard let real = Self.realPath(joined) else {
            if errno == ENAMETOOLONG { return .notAFile(kind: Message(.pathTooLong)) }
            // A dangling symlink inside the root is still "not found"; a path whose
            // directory is outside the root was refused above.
            return .notFound
        }
        guard PathLogic.isInside(real, root: root) else {
            // The target is not named: it may be anything on the machine.
            return .outsideRoot(reason: Message(.symlinkOutsideRoot, ["path": path, "root": root, "widening": Self.widening]))
        }
        var info = stat()
        if PathLogic.sameBytes(real, root) {
            return .notAFile(kind: Message(.aDirectory))
        }
        guard let relative = components(below: real),
              ConfinedOpen.status(relative, beneath: root, &info, keeping: kept) == 0 else { return .notFound }
        if Self.isCaseFolded(real, comparedTo: lexical) == false {
            // On a case-insensitive file system (macOS) 'Poster.PNG' finds 'poster.png';
            // the app bundle on the device is case-sensitive, so report it as missing.
            return .notFound
        }
        return Self.resolution(of: info, at: real)
    }

    /// What a file that `lstat` described is, at its real path.
    private static func resolution(of info: stat, at real: String) -> FileResolution {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(path: real, size: Int(info.st_size))
        case S_IFDIR: return .notAFile(kind: Message(.aDirectory))
        case S_IFIFO: return .notAFile(kind: Message(.aFIFO))
        case S_IFCHR, S_IFBLK: return .notAFile(kind: Message(.aDevice))
        case S_IFSOCK: return .notAFile(kind: Message(.aSocket))
        default: return .notAFile(kind: Message(.notRegularFile))
        }
    }

    #if canImport(Glibc)
    /// The resolution of a path that is its own real path, found without `realpath`; nil
    /// sends the path the general way. The directory and the path are plain (no empty,
    /// `.` or `..` component), so their join (to the working directory when the directory
    /// is relative) needs no normalizing; it is absolute, shorter than `PATH_MAX`, and lies
    /// below the root (which is real); and `lstat` reached it from the
    /// root one component at a time without meeting a symlink, and it is none itself. Then
    /// no component of it is a symlink, and glibc's `realpath` would return it unchanged
    /// (it keeps each component's spelling: the general way's case check compares a name
    /// with itself). The two `realpath` calls of the general way were a `readlink` per
    /// component, 14 for an asset of the benchmark's tree (docs/performance.md, "The design of the fast path").
    private func plainResolution(_ path: String, relativeTo directory: String, keeping kept: ConfinedOpen.KeptDirectory?) -> FileResolution? {
        guard PathLogic.isPlainRelative(path) else { return nil }
        let base: String
        if directory == "." {
            base = workingDirectory
        } else if PathLogic.isPlainRelative(directory) {
            base = PathLogic.join(workingDirectory, directory)
        } else if directory.utf8.first == UInt8(ascii: "/"), PathLogic.isPlainRelative(String(directory.dropFirst())) {
            base = directory
        } else {
            return nil
        }
        let joined = PathLogic.join(base, path)
        // An absolute join (the working directory may be unknown), and one the system
        // takes whole: a longer path, walked a component at a time, would be found where
        // `realpath` says it is too long.
        guard joined.utf8.first == UInt8(ascii: "/"), joined.utf8.count < Int(PATH_MAX) else { return nil }
        var info = stat()
        guard let relative = components(below: joined),
              ConfinedOpen.status(relative, beneath: root, &info, keeping: kept) == 0,
              info.st_mode & S_IFMT != S_IFLNK else { return nil }
        return Self.resolution(of: info, at: joined)
    }
    #endif
}

/// An in-memory file system for tests and rule examples: paths relative to a virtual root.
package struct InMemoryFileSystem: FileAccess {
    /// File contents by normalized absolute path under `/root`.
    package var files: [String: [UInt8]]
    /// The virtual root.
    package static let root = "/root"

    /// Creates a file system with files given by paths relative to the root.
    package init(files: [String: [UInt8]] = [:]) {
        var normalized: [String: [UInt8]] = [:]
        for (path, bytes) in files {
            if let p = PathLogic.normalize(PathLogic.join(Self.root, path)) { normalized[p] = bytes }
        }
        self.files = normalized
    }

    package func resolve(_ path: String, relativeTo directory: String) -> FileResolution {
        if let absolute = PathLogic.absolutePathProblem(path) { return absolute }
        if let malformed = PathLogic.malformedPathProblem(path) { return malformed }
        guard let full = PathLogic.normalize(PathLogic.join(PathLogic.join(Self.root, directory), path)),
              PathLogic.isInside(full, root: Self.root) else {
            return .outsideRoot(reason: Message(.pointsOutsideTheRoot, ["path": path]))
        }
        if let bytes = files[full] { return .file(path: full, size: bytes.count) }
        if files.keys.contains(where: { $0.hasPrefix(full + "/") }) { return .notAFile(kind: Message(.aDirectory)) }
        return .notFound
    }

    package func head(ofResolved path: String, limit: Int) -> [UInt8]? {
        files[path].map { Array($0.prefix(limit)) }
    }

    package func namesBeside(_ path: String, relativeTo directory: String, limit: Int) -> [String] {
        guard let full = PathLogic.normalize(PathLogic.join(PathLogic.join(Self.root, directory), path)),
              PathLogic.isInside(full, root: Self.root) else { return [] }
        let parent = PathLogic.directory(of: full) + "/"
        let names = Set(files.keys.filter { $0.hasPrefix(parent) }.map { String($0.dropFirst(parent.count).split(separator: "/")[0]) })
        return Array(names.sorted().prefix(limit))
    }

    package func open(resolved path: String) -> (any RandomAccessFile)? {
        files[path].map { InMemoryFile($0) }
    }
}
