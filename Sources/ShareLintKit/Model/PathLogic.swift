import ShareLintMessages
/// Lexical path helpers shared by the file systems. They work on UTF-8 bytes: a `/`
/// followed by a combining mark is one Swift `Character`, so splitting a `String` on
/// `"/"` would miss a separator the operating system sees.
package enum PathLogic {
    private static let slash = UInt8(ascii: "/")

    /// The components of a path, split on every `/` byte (empty ones dropped).
    package static func components(_ path: String) -> [Substring] {
        path.utf8.split(separator: slash, omittingEmptySubsequences: true).map { Substring($0) }
    }

    /// Joins and normalizes `.` and `..` lexically; nil when `..` climbs above `/`.
    package static func normalize(_ path: String) -> String? {
        var parts: [Substring] = []
        for component in components(path) {
            if component.utf8.elementsEqual(".".utf8) { continue }
            if component.utf8.elementsEqual("..".utf8) {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else {
                parts.append(component)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Joins a directory and a relative path.
    package static func join(_ directory: String, _ path: String) -> String {
        if directory.isEmpty || path.utf8.first == slash { return path }
        return directory.utf8.last == slash ? directory + path : directory + "/" + path
    }

    /// Whether a path is relative and has no "." or ".." component (so it can be joined
    /// to a directory without normalizing).
    package static func isPlainRelative(_ path: String) -> Bool {
        var componentStart = true
        var dots = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if componentStart || dots > 0 && dots <= 2 { return false }
                componentStart = true
                dots = 0
            } else if byte == UInt8(ascii: "."), componentStart || dots > 0 {
                dots += 1
                componentStart = false
            } else {
                componentStart = false
                dots = -1
            }
        }
        return !componentStart && !(dots > 0 && dots <= 2)
    }

    /// Whether `path` equals `root` or lies below it (both normalized, absolute).
    /// Compared byte for byte: Swift's `==` and `hasPrefix` use canonical equivalence,
    /// which would take an NFD `é-root` for the NFC directory next to it.
    package static func isInside(_ path: String, root: String) -> Bool {
        // Over the contiguous bytes (a generic walk of the UTF-8 views, and an array for
        // the prefix, were most of resolving a path).
        return path.withBytes { p in
            root.withBytes { r in
                if r.count == 1 && r[0] == slash { return true }
                // An empty root: only an empty path is it, and an absolute one is below it.
                if r.isEmpty { return p.isEmpty || (p.count > 1 && p[0] == slash) }
                let prefixCount = r.last == slash ? r.count : r.count + 1
                guard p.hasPrefix(r) else { return false }
                if p.count == r.count { return true }
                return p.count > prefixCount && (r.last == slash || p[r.count] == slash)
            }
        }
    }

    /// Whether two paths are the same bytes (not merely canonically equivalent strings).
    package static func sameBytes(_ a: String, _ b: String) -> Bool {
        PathBytes.equal(a, b)
    }

    /// The resolution of a path written as absolute (`/…` or `~…`), which configurations
    /// may not use; nil for a relative path.
    package static func absolutePathProblem(_ path: String) -> FileResolution? {
        guard path.utf8.first == slash || path.utf8.first == UInt8(ascii: "~") else { return nil }
        return .outsideRoot(reason: Message(.absolutePath, ["path": path]))
    }

    /// The resolution of a path no file can have: empty (it would name the directory),
    /// or with a NUL character (C would read only the part before it); nil otherwise.
    package static func malformedPathProblem(_ path: String) -> FileResolution? {
        if path.isEmpty { return .notAFile(kind: Message(.emptyPath)) }
        if path.utf8.contains(0) { return .notAFile(kind: Message(.pathWithNUL)) }
        return nil
    }

    /// The relative path from directory `base` to `path` (both absolute and normalized).
    package static func relative(_ path: String, from base: String) -> String {
        let a = components(base), b = components(path)
        var common = 0
        while common < a.count, common < b.count, a[common].utf8.elementsEqual(b[common].utf8) { common += 1 }
        let parts = Array(repeating: "..", count: a.count - common) + b[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The directory part of a path ("." for a bare name).
    package static func directory(of path: String) -> String {
        guard let index = path.utf8.lastIndex(of: slash) else { return "." }
        return index == path.utf8.startIndex ? "/" : String(Substring(path.utf8[..<index]))
    }

    /// The last component of a path.
    package static func fileName(of path: String) -> String {
        // Over the contiguous bytes: a slice of the UTF-8 view made a Substring first.
        let name: String? = path.withBytes { bytes in
            guard let index = bytes.lastIndex(of: slash) else { return nil }
            return bytes.bytes(from: index + 1).string
        }
        return name ?? path
    }

    /// The lowercased extension of a file name, without the dot; nil when there is none.
    package static func fileExtension(of path: String) -> String? {
        if let answer = path.withBytes({ asciiExtension(ofPath: $0) }) { return answer }
        return fileExtensionInCharacters(of: path)
    }

    /// `fileExtension` of a document's value, over its bytes when it is ASCII.
    static func fileExtension(of path: LocatedString) -> String? {
        if let answer = path.withBytes({ asciiExtension(ofPath: $0) }) { return answer }
        return fileExtensionInCharacters(of: path.value)
    }

    /// `fileExtension` in Characters, for any path (the reference the byte path follows).
    static func fileExtensionInCharacters(of path: String) -> String? {
        let name = fileName(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...]
        return ext.isEmpty ? nil : ext.lowercased()
    }

    /// `fileExtension` over the bytes of an ASCII path (where a byte is a Character, and
    /// lowering is byte by byte); nil for a path that is not ASCII, which is read in
    /// Characters (a "." followed by a combining mark is not a dot there).
    private static func asciiExtension(ofPath bytes: ByteView) -> String?? {
        guard bytes.isASCII else { return nil }
        let nameStart = (bytes.lastIndex(of: slash) ?? -1) + 1
        let name = bytes.bytes(from: nameStart)
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != 0, dot + 1 < name.count else { return .some(nil) }
        return .some(name.bytes(from: dot + 1).asciiLowercasedString)
    }
}
