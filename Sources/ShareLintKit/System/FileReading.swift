import YAMLSyntax
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a share file is opened from.
package enum FileLocation: Sendable, Hashable {
    /// The path as named on the command line: symlinks on the way are followed.
    case named(String)
    /// `relative` beneath the directory `base`, following no symlink on the way (a file
    /// met in a directory walk, or the target of a symlink that leads inside the root).
    case beneath(base: String, relative: String)
}

/// Reading files with the size limit checked before reading (never blocks on a FIFO).
package enum FileReading {
    /// What reading gave.
    package enum Outcome: Sendable {
        case bytes([UInt8])
        case tooLarge(Int)
    }

    /// An error reading a file.
    package struct Failure: Error, CustomStringConvertible {
        /// What went wrong, from the system.
        package var description: String

        /// The system's message for the error of the call that just failed (`errno`).
        static var ofLastCall: Failure { Failure(description: String(cString: strerror(errno))) }
    }

    /// What reading into a buffer gave.
    package enum BufferOutcome: Sendable {
        case buffer(ByteBuffer)
        case tooLarge(Int)
    }

    /// Reads a regular file whole, unless it is larger than `limit` bytes.
    package static func contents(of path: String, limit: Int) throws -> Outcome {
        switch try buffer(of: .named(path), limit: limit) {
        case .buffer(let buffer): return .bytes(buffer.withBytes(\.array))
        case .tooLarge(let size): return .tooLarge(size)
        }
    }

    /// Reads a regular file into a buffer the YAML reader parses in place, unless it is
    /// larger than `limit` bytes.
    package static func buffer(of location: FileLocation, limit: Int) throws -> BufferOutcome {
        try withRegularFile(location) { file in
            file.size > limit ? .tooLarge(file.size) : .buffer(try file.whole())
        }
    }

    /// Opens a regular file for reading (never blocking on a FIFO) and lends it to `body`;
    /// the file is closed when `body` returns or throws.
    static func withRegularFile<Result>(_ location: FileLocation, keeping kept: ConfinedOpen.KeptDirectory? = nil,
                                        _ body: (ReadableFile) throws -> Result) throws -> Result {
        let (fd, size) = try openRegular(location, keeping: kept)
        defer { close(fd) }
        return try body(ReadableFile(descriptor: fd, size: size))
    }

    /// Opens a regular file for reading (never blocking on a FIFO): its descriptor, which
    /// the caller closes, and its size.
    static func openRegular(_ location: FileLocation, keeping kept: ConfinedOpen.KeptDirectory? = nil) throws -> (fd: Int32, size: Int) {
        let fd: Int32
        switch location {
        case .named(let path): fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        case .beneath(let base, let relative): fd = ConfinedOpen.open(relative, beneath: base, flags: O_RDONLY | O_NONBLOCK, keeping: kept)
        }
        guard fd >= 0 else {
            if errno == ELOOP, case .beneath = location {
                throw Failure(description: "it was replaced by a symlink while it was being checked; it is not read")
            }
            throw Failure.ofLastCall
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let failure = Failure.ofLastCall
            close(fd)
            throw failure
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw Failure(description: "not a regular file")
        }
        return (fd, Int(info.st_size))
    }

    /// A regular file read beneath a base without following a symlink on the way: its
    /// bytes (nil when it is larger than the limit), size, and identity (device, inode
    /// and mode), so that a writer can tell whether it is still the file it read.
    package struct Snapshot: Sendable {
        /// The bytes, or nil when the file is larger than the limit.
        package let bytes: [UInt8]?
        /// The size when it was opened.
        package let size: Int
        /// The device and inode.
        package let identity: [UInt64]
        /// The permission bits.
        package let mode: UInt32
    }

    /// Reads `relative` beneath `base` (see `Snapshot`).
    package static func snapshot(_ relative: String, beneath base: String, limit: Int) throws -> Snapshot {
        let (fd, size) = try openRegular(.beneath(base: base, relative: relative))
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure.ofLastCall }
        var bytes: [UInt8]?
        if size <= limit {
            let buffer = try whole(fd, size: size)
            bytes = buffer.withBytes(\.array)
        }
        return Snapshot(bytes: bytes, size: size, identity: [UInt64(info.st_dev), UInt64(info.st_ino)], mode: UInt32(info.st_mode & 0o7777))
    }

    /// Reads at most `size` bytes of an open regular file from its start (by offset, so
    /// wherever an earlier read left the file's position: no seek first).
    static func whole(_ fd: Int32, size: Int) throws -> ByteBuffer {
        let buffer = ByteBuffer(count: size)
        var total = 0
        while total < size {
            let n = pread(fd, buffer.bytes.baseAddress! + total, size - total, off_t(total))
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure.ofLastCall
            }
            if n == 0 { break }
            total += n
        }
        buffer.truncate(to: total)
        return buffer
    }
}

/// A regular file open for reading, lent by `FileReading.withRegularFile` and valid only
/// while it is lent (the descriptor is closed after).
struct ReadableFile {
    /// The open descriptor.
    let descriptor: Int32
    /// The size the file had when it was opened.
    let size: Int

    /// At most `size` bytes from the file's start (see `FileReading.whole`).
    func whole() throws -> ByteBuffer {
        try FileReading.whole(descriptor, size: size)
    }

    /// Reads up to `count` bytes from the file's position to the end of `buffer`, which
    /// must have room for them: the number read, fewer than `count` only at the end of the
    /// file.
    func readNext(_ count: Int, into buffer: ByteBuffer) throws -> Int {
        // `fill` answers 0 for a full buffer as for the end of the file: there must be room.
        precondition(buffer.capacity - buffer.count >= count, "a buffer without room for the read")
        var total = 0
        while total < count {
            let n = buffer.fill { room, size in read(descriptor, room, min(size, count - total)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileReading.Failure.ofLastCall
            }
            if n == 0 { break }
            total += n
        }
        return total
    }
}
