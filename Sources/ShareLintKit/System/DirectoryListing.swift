#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The entries of a directory, read with `readdir`: the one listing loop of the package
/// (a walk for configurations, and the names beside a missing file).
public enum DirectoryListing {
    /// What an entry is, as the directory itself records it (`d_type`, as `lstat` would
    /// say: a symlink is a symlink).
    public enum Kind: Sendable {
        case file, directory, symlink, other
    }

    /// One entry of a directory.
    public struct Entry: Sendable {
        /// The entry's name (bytes that are not UTF-8 read as U+FFFD).
        public let name: String
        /// The recorded kind, nil where the directory records none (`DT_UNKNOWN`, on file
        /// systems that do not keep it): a walk then needs no `lstat` per entry.
        public let kind: Kind?
    }

    /// The entries of the directory at `path` (without . and ..), in the order the
    /// directory gives them, at most `limit`; nil, with `errno` set, when it cannot be opened.
    public static func entries(ofDirectoryAt path: String, limit: Int = .max) -> [Entry]? {
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        return read(stream, limit: limit)
    }

    /// The entries of the directory open as `descriptor`, which the listing takes and
    /// closes, as `entries(ofDirectoryAt:limit:)` gives them; nil, with `errno` set, when it
    /// cannot be read.
    public static func entries(ofOpenDirectory descriptor: Int32, limit: Int = .max) -> [Entry]? {
        guard let stream = fdopendir(descriptor) else {
            let reason = errno
            close(descriptor)
            errno = reason
            return nil
        }
        defer { closedir(stream) }
        return read(stream, limit: limit)
    }

    #if canImport(Darwin)
    private typealias Stream = UnsafeMutablePointer<DIR>
    #else
    private typealias Stream = OpaquePointer
    #endif

    private static func read(_ stream: Stream, limit: Int) -> [Entry] {
        var entries: [Entry] = []
        while entries.count < limit, let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != "." && name != ".." else { continue }
            let kind: Kind?
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .file
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .symlink
            case Int32(DT_UNKNOWN): kind = nil
            default: kind = .other
            }
            entries.append(Entry(name: name, kind: kind))
        }
        return entries
    }
}
