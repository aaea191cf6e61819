#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The entries of a directory, read with `readdir`: the one listing loop of the package
/// (a walk for configurations, and the names beside a missing file).
package enum DirectoryListing {
    /// What an entry is, as the directory itself records it (`d_type`, as `lstat` would
    /// say: a symlink is a symlink).
    package enum Kind: Sendable {
        case file, directory, symlink, other
    }

    /// One entry of a directory.
    package struct Entry: Sendable {
        /// The entry's name. A name that is not valid UTF-8 cannot be a `String`: each byte
        /// that is not part of UTF-8 is written `\xFF` here (no other name holds one, as
        /// it would then be valid), and `isUTF8` is false.
        package let name: String
        /// The recorded kind, nil where the directory records none (`DT_UNKNOWN`, on file
        /// systems that do not keep it): a walk then needs no `lstat` per entry.
        package let kind: Kind?
        /// Whether the name is valid UTF-8 (only then can it be opened by `name`).
        package let isUTF8: Bool
    }

    /// The entries of the directory at `path` (without . and ..), in the order the
    /// directory gives them, at most `limit`; nil, with `errno` set, when it cannot be opened.
    package static func entries(ofDirectoryAt path: String, limit: Int = .max) -> [Entry]? {
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        return read(stream, limit: limit)
    }

    /// The entries of the directory open as `descriptor`, which the listing takes and
    /// closes, as `entries(ofDirectoryAt:limit:)` gives them; nil, with `errno` set, when it
    /// cannot be read.
    package static func entries(ofOpenDirectory descriptor: Int32, limit: Int = .max) -> [Entry]? {
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
            let (name, isUTF8) = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = raw.prefix { $0 != 0 }
                if let valid = String(validating: bytes, as: UTF8.self) { return (valid, true) }
                return (escaped(bytes), false)
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
            entries.append(Entry(name: name, kind: kind, isUTF8: isUTF8))
        }
        return entries
    }

    /// Bytes that are not valid UTF-8 as text: each valid sequence as its character, each
    /// other byte as `\xFF`.
    static func escaped(_ bytes: some Collection<UInt8>) -> String {
        var out = ""
        var rest = Array(bytes)[...]
        while let first = rest.first {
            // A fresh decoder each time: it holds no byte of an earlier sequence.
            var decoder = UTF8()
            var iterator = rest.makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) {
                out.unicodeScalars.append(scalar)
                rest = rest.dropFirst(UTF8.width(scalar))
            } else {
                let hex = String(first, radix: 16, uppercase: true)
                out += "\\x" + (hex.count == 1 ? "0" + hex : hex)
                rest = rest.dropFirst()
            }
        }
        return out
    }
}
