#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a watched path looked like: enough to notice a file created, removed or rewritten.
package struct FileStamp: Equatable, Sendable {
    /// Whether anything was there.
    package var exists: Bool
    /// The size in bytes.
    package var size: Int
    /// The modification time, in seconds since 1970.
    package var modified: Int
    /// The nanoseconds of the modification time.
    package var modifiedNanoseconds: Int
    /// The inode (a file replaced by another has a new one).
    package var inode: UInt64

    /// The stamp of a path now.
    package static func of(_ path: String) -> FileStamp {
        var info = stat()
        guard stat(path, &info) == 0 else { return FileStamp(exists: false, size: 0, modified: 0, modifiedNanoseconds: 0, inode: 0) }
        #if canImport(Darwin)
        let seconds = Int(info.st_mtimespec.tv_sec), nanoseconds = Int(info.st_mtimespec.tv_nsec)
        #else
        let seconds = Int(info.st_mtim.tv_sec), nanoseconds = Int(info.st_mtim.tv_nsec)
        #endif
        return FileStamp(exists: true, size: Int(info.st_size), modified: seconds, modifiedNanoseconds: nanoseconds, inode: UInt64(info.st_ino))
    }
}
