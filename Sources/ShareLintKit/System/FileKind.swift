#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path names, as `stat` or `lstat` says.
package enum FileKind: Sendable {
    case file, directory, symlink, other, missing

    /// The kind of `path`: following a final symlink when `follow` is set (`stat`), else
    /// the symlink itself (`lstat`).
    package static func of(_ path: String, follow: Bool) -> FileKind {
        var info = stat()
        let status = follow ? stat(path, &info) : lstat(path, &info)
        guard status == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        default: return .other
        }
    }
}
