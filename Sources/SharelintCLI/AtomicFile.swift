#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CSystem
import ShareLintKit

/// Every write of a user's file (`--fix`, `--write-baseline`, `--output`, `preview`) goes
/// through here: the bytes go into a new temporary file beside the destination, created
/// with `O_EXCL | O_NOFOLLOW`, flushed to disk, and renamed over the destination. A
/// signal, a full disk or a failed write leaves the destination as it was (and the
/// temporary file removed); a symlink at the destination is replaced, never written
/// through. A share file is reached from the root one component at a time without
/// following a symlink, and replaced only while it is still the file that was read, with
/// the same bytes.
///
/// A replaced file keeps what the user had: its mode, its owner and group (the temporary
/// file is given them with `fchown`: so a run as root leaves another user's file theirs,
/// and a run that cannot give them refuses), and its extended attributes (copied; one
/// that cannot be copied makes the write fail, the file untouched). A file with more than
/// one hard link is left alone: a replacement would give this name the new text and leave
/// the old one under the other names.
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

    /// Writes `bytes` to the destination; returns why it failed (the destination then is
    /// unchanged), or nil.
    static func write(_ bytes: [UInt8], to destination: Destination) -> FileWriteFailure? {
        do throws(FileWriteFailure) {
            let writer = try AtomicFileWriter(destination)
            defer { writer.discard() }
            try writer.write(bytes)
            try writer.commit()
            return nil
        } catch {
            return error
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

    /// The reason a share file may not be replaced now: another file stands there.
    static let replaced = "it was replaced or removed while it was being fixed"
    /// The reason a share file may not be replaced now: its bytes changed.
    static let changed = "it was changed while it was being fixed (saved from an editor?), and the change is kept; run --fix again"

    /// The longest part of a destination's name (in UTF-8 bytes) that its temporary file's
    /// name repeats: with the dot and `.sharelint-XXXXXXXX` around it, the name stays
    /// within the 255 bytes file systems allow.
    static let temporaryNameBytes = 200

    /// `name` cut to at most `limit` UTF-8 bytes, at a character's boundary.
    static func prefix(_ name: String, bytes limit: Int) -> String {
        var used = 0
        var out = ""
        for character in name {
            used += character.utf8.count
            guard used <= limit else { break }
            out.append(character)
        }
        return out
    }
}

/// Why a file could not be written.
struct FileWriteFailure: Error {
    /// The system's message (`strerror`), or what changed.
    var reason: String
    /// The file was left alone on purpose (it changed, or it is not what was read): a note
    /// for the user, not a failure of the tool.
    var leftAlone = false
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
            let bad = name.isEmpty || name == "." || name == ".."
            throw FileWriteFailure(reason: bad ? "not a file name" : AtomicFile.replaced, leftAlone: !bad)
        }
        let replacesFile = exists && current.st_mode & S_IFMT == S_IFREG
        if replacesFile && current.st_nlink > 1 {
            close(directory)
            throw FileWriteFailure(reason: "it has \(current.st_nlink) hard links, and a replacement would give only this name the new text; "
                                       + "sharelint leaves such a file alone (copy it to a file of its own first)", leftAlone: true)
        }
        let mask = umask(0)
        umask(mask)
        let mode = replacesFile ? mode_t(current.st_mode & 0o7777) : mode_t(0o666) & ~mask
        guard let created = Self.createTemporary(in: directory, for: name) else {
            let reason = Platform.errorMessage()
            close(directory)
            throw FileWriteFailure(reason: reason)
        }
        (descriptor, temporary) = created
        SignalHandling.removeOnSignal(PathLogic.join(directoryPath, temporary))
        do throws(FileWriteFailure) {
            if replacesFile { try keepOwnerAndAttributes(of: current) }
            // After fchown, which may clear the set-user-ID and set-group-ID bits.
            if fchmod(descriptor, mode) != 0 { throw FileWriteFailure(reason: Platform.errorMessage()) }
        } catch {
            discard()
            throw error
        }
    }

    /// Gives the temporary file the replaced file's owner and group, and its extended
    /// attributes.
    private func keepOwnerAndAttributes(of current: stat) throws(FileWriteFailure) {
        var made = stat()
        guard fstat(descriptor, &made) == 0 else { throw FileWriteFailure(reason: Platform.errorMessage()) }
        if made.st_uid != current.st_uid || made.st_gid != current.st_gid, fchown(descriptor, current.st_uid, current.st_gid) != 0 {
            throw FileWriteFailure(reason: "cannot keep its owner and group (\(current.st_uid):\(current.st_gid)): \(Platform.errorMessage()); "
                                       + "the file was left as it was")
        }
        let original = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard original >= 0 else {
            throw FileWriteFailure(reason: "cannot read its extended attributes: \(Platform.errorMessage()); the file was left as it was")
        }
        defer { close(original) }
        var failed = [CChar](repeating: 0, count: 256)
        let error = sharelint_copy_xattrs(original, descriptor, &failed, UInt(failed.count))
        if error != 0 {
            let attribute = String(decoding: failed.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw FileWriteFailure(reason: "cannot keep its extended attribute\(attribute.isEmpty ? "s" : " " + TerminalText.visible(attribute)): "
                                       + "\(String(cString: strerror(error))); the file was left as it was")
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
        var leftAlone = false
        if failure == nil {
            // Checked again right before the rename: a swap or an edit since is refused,
            // not replaced.
            var now = stat()
            let exists = fstatat(directory, name, &now, AT_SYMLINK_NOFOLLOW) == 0
            if !Self.stillRead(destination, exists ? now : nil) {
                failure = AtomicFile.replaced
            } else if !stillHoldsReadBytes() {
                failure = AtomicFile.changed
            }
            leftAlone = failure != nil
        }
        if failure == nil, renameat(directory, temporary, directory, name) != 0 { failure = Platform.errorMessage() }
        if let failure {
            discard()
            throw FileWriteFailure(reason: failure, leftAlone: leftAlone)
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

    /// Whether a share file still holds the bytes that were read (always true for a named
    /// path): it is read again, whole, right before the rename.
    private func stillHoldsReadBytes() -> Bool {
        guard case .beneath(_, _, let snapshot) = destination, let read = snapshot.bytes else { return true }
        let fd = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return Platform.readAll(fd: fd, limit: read.count) == read
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
            let temporary = ".\(AtomicFile.prefix(name, bytes: AtomicFile.temporaryNameBytes)).sharelint-\(suffix)"
            let fd = openat(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { return (fd, temporary) }
            if errno != EEXIST { return nil }
        }
        return nil
    }
}
