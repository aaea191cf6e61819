#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Opening below a directory without following any symlink on the way: each component
/// is opened with `openat` and `O_NOFOLLOW` from the directory before it, so nothing can
/// be swapped for a symlink between a check and the open (`realpath` then `open` can
/// race).
package enum ConfinedOpen {
    /// The directory that the last file was opened from, kept open by one worker so that
    /// the next file there takes one `openat` instead of an open and a close per
    /// component (a walk's files come directory by directory: on a tree of 2,000 files in
    /// 20 directories, six system calls fewer per file). It was reached like any other,
    /// from the base one component at a time with `O_NOFOLLOW`; what it adds is time: a
    /// directory renamed away while its files are being read is still read from, as it
    /// was between one component's `openat` and the next (docs/decisions.md). Used by one
    /// thread at a time.
    package final class KeptDirectory {
        fileprivate var base = ""
        /// The components before the file's name, joined by `/`.
        fileprivate var parent = ""
        fileprivate var descriptor: Int32 = -1

        package init() {}

        deinit {
            if descriptor >= 0 { close(descriptor) }
        }
    }

    /// Opens `relative` (components separated by `/`; `..` is refused) beneath the
    /// directory `base`; returns the descriptor, or -1 with `errno` set (ELOOP for a
    /// symlink anywhere on the way). With `kept`, its directory is used when the file is
    /// in it, and otherwise replaced by the file's directory.
    package static func open(_ relative: String, beneath base: String, flags: Int32, keeping kept: KeptDirectory? = nil) -> Int32 {
        withParent(relative, beneath: base, keeping: kept) { directory, name in
            openat(directory, name, flags | O_NOFOLLOW | O_CLOEXEC)
        }
    }

    /// `lstat` of `relative` beneath `base` without following any symlink on the way;
    /// 0 on success, -1 with `errno` set. With `kept`, as in `open`.
    package static func status(_ relative: String, beneath base: String, _ info: inout stat, keeping kept: KeptDirectory? = nil) -> Int32 {
        var result = stat()
        let status = withParent(relative, beneath: base, keeping: kept) { directory, name in
            fstatat(directory, name, &result, AT_SYMLINK_NOFOLLOW)
        }
        info = result
        return status
    }

    /// Opens the directory that holds `relative` beneath `base`, one component at a time
    /// with `O_NOFOLLOW`: its descriptor, which the caller closes, and the file's name in
    /// it; nil with `errno` set when it cannot be reached without a symlink.
    package static func openParent(of relative: String, beneath base: String) -> (directory: Int32, name: String)? {
        let parts = PathLogic.components(relative).filter { !$0.utf8.elementsEqual(".".utf8) }
        guard let last = parts.last, !parts.contains(where: { $0.utf8.elementsEqual("..".utf8) }) else {
            errno = EINVAL
            return nil
        }
        let directory = walk(to: parts.dropLast(), beneath: base)
        return directory >= 0 ? (directory, String(last)) : nil
    }

    private static func withParent(_ relative: String, beneath base: String, keeping kept: KeptDirectory? = nil,
                                   _ body: (Int32, String) -> Int32) -> Int32 {
        // The usual case, a file right in the kept directory, is found over the bytes
        // (splitting and joining the path cost about ten thousand instructions a file).
        if let kept, kept.descriptor >= 0, let name = name(of: relative, rightIn: kept, beneath: base) {
            return body(kept.descriptor, name)
        }
        let parts = PathLogic.components(relative).filter { !$0.utf8.elementsEqual(".".utf8) }
        guard let last = parts.last, !parts.contains(where: { $0.utf8.elementsEqual("..".utf8) }) else {
            errno = EINVAL
            return -1
        }
        if let kept {
            // Compared as bytes, as paths are everywhere (an NFD twin is another directory).
            let parent = parts.dropLast().joined(separator: "/")
            if kept.descriptor < 0 || !PathLogic.sameBytes(kept.parent, parent) || !PathLogic.sameBytes(kept.base, base) {
                let directory = walk(to: parts.dropLast(), beneath: base)
                guard directory >= 0 else { return -1 }
                if kept.descriptor >= 0 { close(kept.descriptor) }
                (kept.base, kept.parent, kept.descriptor) = (base, parent, directory)
            }
            return body(kept.descriptor, String(last))
        }
        let directory = walk(to: parts.dropLast(), beneath: base)
        guard directory >= 0 else { return -1 }
        let result = body(directory, String(last))
        let saved = errno
        close(directory)
        errno = saved
        return result
    }

    /// The name of the file `relative` names when its bytes are the kept directory's path
    /// below `base`, a `/`, and one component that is neither empty, `.` nor `..`; else nil
    /// (any other spelling takes the general way, which keeps the directory anew).
    private static func name(of relative: String, rightIn kept: KeptDirectory, beneath base: String) -> String? {
        guard PathBytes.equal(kept.base, base) else { return nil }
        var relative = relative, parent = kept.parent
        return relative.withUTF8 { path -> String? in
            parent.withUTF8 { directory -> String? in
                let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
                var start = 0
                if !directory.isEmpty {
                    guard path.count > directory.count + 1, path[directory.count] == slash,
                          let p = path.baseAddress, let d = directory.baseAddress, memcmp(p, d, directory.count) == 0 else { return nil }
                    start = directory.count + 1
                }
                let name = UnsafeBufferPointer(rebasing: path[start...])
                guard !name.isEmpty, !name.contains(slash),
                      !(name.count == 1 && name[0] == dot), !(name.count == 2 && name[0] == dot && name[1] == dot) else { return nil }
                return String(decoding: name, as: UTF8.self)
            }
        }
    }

    /// Opens the directory `parts` beneath `base`, one component at a time with
    /// `O_NOFOLLOW`; -1 with `errno` set when one cannot be opened.
    private static func walk(to parts: ArraySlice<Substring>, beneath base: String) -> Int32 {
        var directory = Self.openDirectory(base)
        guard directory >= 0 else { return -1 }
        for part in parts {
            let next = openat(directory, String(part), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let saved = errno
            close(directory)
            guard next >= 0 else {
                errno = saved
                return -1
            }
            directory = next
        }
        return directory
    }

    private static func openDirectory(_ path: String) -> Int32 {
        #if canImport(Darwin)
        return Darwin.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        #elseif canImport(Glibc)
        return Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        #else
        return Musl.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        #endif
    }
}
