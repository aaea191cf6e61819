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
        do throws(FileWriteFailure) {
            let writer = try AtomicFileWriter(destination)
            defer { writer.discard() }
            try writer.write(bytes)
            try writer.commit()
            return nil
        } catch {
            return error.reason
        }
    }

    /// Whether a file can be created beside `path`: a temporary file is made there the way
    /// a write makes it, and removed at once. The reason it cannot, or nil.
    static func probe(_ path: String) -> String? {
        do throws(FileWriteFailure) {
            try AtomicFileWriter(.named(path)).discard()
            return nil
        } catch {
            return error.reason
        }
    }

    /// The reason a share file may not be replaced now.
    static let replaced = "it was replaced or removed while it was being fixed"
}

/// Why a file could not be written.
struct FileWriteFailure: Error {
    /// The system's message (`strerror`), or what changed.
    var reason: String
}

/// A file written in pieces (`AtomicFile`'s way): `write` as often as needed, then
/// `commit`; `discard` (or a failure) removes the temporary file.
final class AtomicFileWriter {
    private let destination: AtomicFile.Destination
    /// The destination's directory, open, and its name there.
    private let directory: Int32
    private let name: String
    /// The temporary file's name in the directory, and its descriptor (-1 once closed).
    private let temporary: String
    private var descriptor: Int32
    private var finished = false

    /// Opens the destination's directory and creates the temporary file, with the mode a
    /// replaced file had (else a plain create's).
    init(_ destination: AtomicFile.Destination) throws(FileWriteFailure) {
        self.destination = destination
        let directoryPath: String
        switch destination {
        case .named(let path):
            name = PathLogic.fileName(of: path)
            directoryPath = PathLogic.directory(of: path)
            directory = open(directoryPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard directory >= 0 else { throw FileWriteFailure(reason: Platform.errorMessage()) }
        case .beneath(let root, let relative, _):
            guard let parent = ConfinedOpen.openParent(of: relative, beneath: root) else {
                throw FileWriteFailure(reason: errno == ELOOP ? "a directory on its way was replaced by a symlink" : Platform.errorMessage())
            }
            (directory, name) = parent
            directoryPath = PathLogic.directory(of: PathLogic.join(root, relative))
        }
        var current = stat()
        let exists = fstatat(directory, name, &current, AT_SYMLINK_NOFOLLOW) == 0
        guard !name.isEmpty, name != ".", name != "..", Self.stillRead(destination, exists ? current : nil) else {
            close(directory)
            throw FileWriteFailure(reason: name.isEmpty || name == "." || name == ".." ? "not a file name" : AtomicFile.replaced)
        }
        let mask = umask(0)
        umask(mask)
        let mode = exists && current.st_mode & S_IFMT == S_IFREG ? mode_t(current.st_mode & 0o7777) : mode_t(0o666) & ~mask
        guard let created = Self.createTemporary(in: directory, for: name) else {
            let reason = Platform.errorMessage()
            close(directory)
            throw FileWriteFailure(reason: reason)
        }
        (descriptor, temporary) = created
        SignalHandling.removeOnSignal(PathLogic.join(directoryPath, temporary))
        if fchmod(descriptor, mode) != 0 {
            let reason = Platform.errorMessage()
            discard()
            throw FileWriteFailure(reason: reason)
        }
    }

    deinit {
        discard()
        close(directory)
    }

    /// Appends bytes to the temporary file.
    func write(_ bytes: [UInt8]) throws(FileWriteFailure) {
        guard descriptor >= 0 else { throw FileWriteFailure(reason: "the file is closed") }
        if let reason = Platform.write(bytes, to: descriptor) { throw FileWriteFailure(reason: reason) }
    }

    /// Appends text to the temporary file.
    func write(_ text: String) throws(FileWriteFailure) {
        guard descriptor >= 0 else { throw FileWriteFailure(reason: "the file is closed") }
        if let reason = Platform.write(text, to: descriptor) { throw FileWriteFailure(reason: reason) }
    }

    /// Flushes the temporary file to disk and renames it over the destination (a share
    /// file only while it is still the file read); on failure it is removed and the
    /// destination untouched.
    func commit() throws(FileWriteFailure) {
        guard descriptor >= 0 else { throw FileWriteFailure(reason: "the file is closed") }
        var failure: String? = fsync(descriptor) == 0 ? nil : Platform.errorMessage()
        if close(descriptor) != 0, failure == nil { failure = Platform.errorMessage() }
        descriptor = -1
        if failure == nil {
            // Checked again right before the rename: a swap since is refused, not replaced.
            var now = stat()
            let exists = fstatat(directory, name, &now, AT_SYMLINK_NOFOLLOW) == 0
            if !Self.stillRead(destination, exists ? now : nil) { failure = AtomicFile.replaced }
        }
        if failure == nil, renameat(directory, temporary, directory, name) != 0 { failure = Platform.errorMessage() }
        if let failure {
            discard()
            throw FileWriteFailure(reason: failure)
        }
        finished = true
        SignalHandling.removeOnSignal(nil)
        // The rename itself reaches the disk with the directory.
        _ = fsync(directory)
    }

    /// Removes the temporary file unless it was committed (nothing to do then).
    func discard() {
        guard !finished else { return }
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        let saved = errno
        unlinkat(directory, temporary, 0)
        errno = saved
        finished = true
        SignalHandling.removeOnSignal(nil)
    }

    /// Whether what is at the destination now may be replaced: anything for a named
    /// path; for a share file, the regular file that was read.
    private static func stillRead(_ destination: AtomicFile.Destination, _ current: stat?) -> Bool {
        guard case .beneath(_, _, let snapshot) = destination else { return true }
        guard let current, current.st_mode & S_IFMT == S_IFREG else { return false }
        return [UInt64(current.st_dev), UInt64(current.st_ino)] == snapshot.identity
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
