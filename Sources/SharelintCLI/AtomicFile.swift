#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ShareLintKit

/// Every write of a user's file (`--fix`, `--write-baseline`, `--output`, `preview`) goes
/// through here: the bytes go into a new temporary file beside the destination, created
/// with `O_EXCL | O_NOFOLLOW`, flushed to disk, and renamed over the destination. A
/// signal, a full disk or a failed write leaves the destination as it was (and the
/// temporary file removed); a symlink at the destination is replaced, never written
/// through. A share file is reached from the root one component at a time without
/// following a symlink, and replaced only while it is still the file that was read.
enum AtomicFile {
    /// Where a file is written.
    enum Destination {
        /// A path the user named (`--output`, `--write-baseline`): its directory is
        /// opened as named.
        case named(String)
        /// `relative` beneath the directory `root`, reached without a symlink; `expecting`
        /// is the identity of the file read there (it must still be that file).
        case beneath(root: String, relative: String, expecting: FileReading.Snapshot)
    }

    /// Writes `bytes` to the destination; returns the reason it failed (the destination
    /// then is unchanged), or nil.
    static func write(_ bytes: [UInt8], to destination: Destination) -> String? {
        let directory: Int32, name: String, directoryPath: String
        switch destination {
        case .named(let path):
            name = PathLogic.fileName(of: path)
            directoryPath = PathLogic.directory(of: path)
            directory = open(directoryPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard directory >= 0 else { return Platform.errorMessage() }
        case .beneath(let root, let relative, _):
            guard let parent = ConfinedOpen.openParent(of: relative, beneath: root) else {
                return errno == ELOOP ? "a directory on its way was replaced by a symlink" : Platform.errorMessage()
            }
            (directory, name) = parent
            directoryPath = PathLogic.directory(of: PathLogic.join(root, relative))
        }
        defer { close(directory) }
        guard !name.isEmpty, name != ".", name != ".." else { return "not a file name" }

        // The mode the file has (a replaced file keeps its permissions), else a plain create's.
        var current = stat()
        let exists = fstatat(directory, name, &current, AT_SYMLINK_NOFOLLOW) == 0
        if case .beneath(_, _, let snapshot) = destination {
            guard exists, current.st_mode & S_IFMT == S_IFREG,
                  [UInt64(current.st_dev), UInt64(current.st_ino)] == snapshot.identity else {
                return "it was replaced or removed while it was being fixed"
            }
        }
        let mask = umask(0)
        umask(mask)
        let mode = exists && current.st_mode & S_IFMT == S_IFREG ? mode_t(current.st_mode & 0o7777) : mode_t(0o666) & ~mask

        guard let created = createTemporary(in: directory, for: name) else { return Platform.errorMessage() }
        let (fd, temporary) = created
        SignalHandling.removeOnSignal(PathLogic.join(directoryPath, temporary))
        defer { SignalHandling.removeOnSignal(nil) }
        var failure: String? = fchmod(fd, mode) == 0 ? nil : Platform.errorMessage()
        if failure == nil { failure = Platform.write(bytes, to: fd) }
        if failure == nil, fsync(fd) != 0 { failure = Platform.errorMessage() }
        if close(fd) != 0, failure == nil { failure = Platform.errorMessage() }
        if failure == nil, case .beneath(_, _, let snapshot) = destination {
            // Checked again right before the rename: a swap since is refused, not replaced.
            var now = stat()
            if fstatat(directory, name, &now, AT_SYMLINK_NOFOLLOW) != 0 || now.st_mode & S_IFMT != S_IFREG
                || [UInt64(now.st_dev), UInt64(now.st_ino)] != snapshot.identity {
                failure = "it was replaced or removed while it was being fixed"
            }
        }
        if failure == nil, renameat(directory, temporary, directory, name) != 0 { failure = Platform.errorMessage() }
        if failure != nil {
            let saved = errno
            unlinkat(directory, temporary, 0)
            errno = saved
            return failure
        }
        // The rename itself reaches the disk with the directory.
        _ = fsync(directory)
        return nil
    }

    /// Whether `write` could create its temporary file for `path` (a `.named`
    /// destination): creates it and removes it at once. Returns the reason it could not
    /// (a missing or read-only directory, no permission), or nil.
    static func probe(_ path: String) -> String? {
        let name = PathLogic.fileName(of: path)
        guard !name.isEmpty, name != ".", name != ".." else { return "not a file name" }
        let directoryPath = PathLogic.directory(of: path)
        let directory = open(directoryPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return Platform.errorMessage() }
        defer { close(directory) }
        guard let (fd, temporary) = createTemporary(in: directory, for: name) else { return Platform.errorMessage() }
        SignalHandling.removeOnSignal(PathLogic.join(directoryPath, temporary))
        defer { SignalHandling.removeOnSignal(nil) }
        close(fd)
        unlinkat(directory, temporary, 0)
        return nil
    }

    /// Creates `.NAME.sharelint-XXXXXXXX` in the directory, new (`O_EXCL`, never through a
    /// symlink) and private until its mode is set: its descriptor and name.
    private static func createTemporary(in directory: Int32, for name: String) -> (Int32, String)? {
        for _ in 0..<16 {
            let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 16)
            let temporary = ".\(name.prefix(200)).sharelint-\(suffix)"
            let fd = openat(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { return (fd, temporary) }
            if errno != EEXIST { return nil }
        }
        return nil
    }
}
