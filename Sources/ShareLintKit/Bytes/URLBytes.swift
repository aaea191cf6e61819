import YAMLSyntax

/// The byte scans behind `URLParts`: the scheme and host parsed over UTF-8 without
/// allocating on the way, the file-scheme test, the site's start and the ASCII host's
/// simplification.
extension URLParts {
    /// Parses a document's value (`init(_:)` over its bytes, without the string).
    init?(_ text: LocatedString) {
        guard let parts = text.withBytes({ Self.parse($0) }) else { return nil }
        (scheme, host) = parts
    }

    /// Parses a URL's UTF-8 bytes.
    init?(bytes: ByteView) {
        guard let parts = Self.parse(bytes) else { return nil }
        (scheme, host) = parts
    }

    /// Parses a URL given as its UTF-8 bytes (`init(_:)` without the string).
    package init?(utf8 text: UnsafeBufferPointer<UInt8>) {
        guard let parts = Self.parse(ByteView(text)) else { return nil }
        (scheme, host) = parts
    }

    /// `isFileURL` over a URL's UTF-8 bytes.
    static func isFileURL(bytes text: ByteView) -> Bool {
        var utf8 = text.makeIterator()
        for expected in "file:".utf8 {
            guard let byte = utf8.next() else { return false }
            // The scheme compares case-insensitively; ':' as it is.
            guard byte == expected || (expected != UInt8(ascii: ":") && byte | 0x20 == expected) else { return false }
        }
        return true
    }

    private static func isAlpha(_ b: UInt8) -> Bool { (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) }

    /// The bytes as a string, ASCII capitals lowered (other text lowered as a string).
    private static func lowered(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> String {
        // ASCII (nearly every scheme and host) is lowered byte by byte, into one string, and
        // ASCII with no capital (most of them) is taken as it is.
        var capitals = false
        for byte in bytes {
            if byte >= 0x80 { return String(decoding: bytes, as: UTF8.self).lowercased() }
            if byte &- 0x41 < 26 { capitals = true }
        }
        guard capitals else { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count) { buffer in
            var i = 0
            for byte in bytes {
                buffer[i] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                i += 1
            }
            return i
        }
    }

    /// The scheme and host of a URL's bytes, lowercased (the host empty without `//`);
    /// nil when there is no scheme.
    static func parse(_ view: ByteView) -> (String, String)? {
        let b = view.buffer
        // Unchecked reads: every index is tested against `b.count` first.
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"; the usual two, written in
        // lowercase, are the literals (no string is made for them).
        guard let first = b.first, isAlpha(first) else { return nil }
        var i = 1
        while i < b.count, isAlpha(b[i]) || (b[i] >= 0x30 && b[i] <= 0x39) || b[i] == 0x2B || b[i] == 0x2D || b[i] == 0x2E { i += 1 }
        guard i < b.count, b[i] == 0x3A else { return nil }
        let scheme = i == 5 && b[0] == 0x68 && b[1] == 0x74 && b[2] == 0x74 && b[3] == 0x70 && b[4] == 0x73 ? "https"
            : i == 4 && b[0] == 0x68 && b[1] == 0x74 && b[2] == 0x74 && b[3] == 0x70 ? "http"
            : lowered(b[0..<i])
        i += 1
        guard i + 1 < b.count, b[i] == 0x2F, b[i + 1] == 0x2F else { return (scheme, "") }
        let authorityStart = i + 2
        var end = authorityStart
        while end < b.count, b[end] != 0x2F, b[end] != 0x3F, b[end] != 0x23 { end += 1 }
        // Skip user information up to the last "@".
        var hostStart = authorityStart
        for j in authorityStart..<end where b[j] == 0x40 { hostStart = j + 1 }
        var hostEnd = hostStart
        if hostStart < end, b[hostStart] == 0x5B {
            hostStart += 1
            hostEnd = hostStart
            while hostEnd < end, b[hostEnd] != 0x5D { hostEnd += 1 }
        } else {
            while hostEnd < end, b[hostEnd] != 0x3A { hostEnd += 1 }
        }
        return (scheme, lowered(b[hostStart..<hostEnd]))
    }

    /// `simplifiedHost` for an ASCII host, over its bytes (the usual case, and about a
    /// twentieth of the cost of working in Characters); nil for other hosts.
    static func simplifiedASCIIHost(_ host: String) -> String? {
        return host.withUTF8Bytes { bytes -> String? in
            let dot = UInt8(ascii: ".")
            var high: UInt8 = 0, onlyDigitsAndDots = true, colon = false
            // The last three dots, the last first.
            var dot1 = -1, dot2 = -1, dot3 = -1, found = 0
            for i in bytes.indices {
                let byte = bytes[i]
                high |= byte
                if byte == UInt8(ascii: ":") { colon = true }
                if byte != dot && (byte < 0x30 || byte > 0x39) { onlyDigitsAndDots = false }
                if byte == dot {
                    (dot3, dot2, dot1) = (dot2, dot1, i)
                    found += 1
                }
            }
            guard high < 0x80 else { return nil }
            if colon || onlyDigitsAndDots { return host }
            // The start of the k-th label from the end (empty labels count, as
            // split(omittingEmptySubsequences: false) counts them).
            func labelStart(_ k: Int) -> Int {
                guard found >= k else { return 0 }
                return (k == 1 ? dot1 : k == 2 ? dot2 : dot3) + 1
            }
            guard found >= 2 else { return host }
            let suffix = String(decoding: UnsafeBufferPointer(rebasing: bytes[labelStart(2)...]), as: UTF8.self)
            let keep = twoLabelSuffixes.contains(suffix) ? 3 : 2
            guard found >= keep else { return host }
            let domainStart = labelStart(keep)
            // The last non-empty label in front of the domain.
            var end = domainStart - 1
            while end > 0, bytes[end - 1] == dot { end -= 1 }
            guard end > 0 else { return host }
            var start = end
            while start > 0, bytes[start - 1] != dot { start -= 1 }
            let domain = String(decoding: UnsafeBufferPointer(rebasing: bytes[domainStart...]), as: UTF8.self)
            let last = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if last.elementsEqual("www".utf8) || last.elementsEqual("m".utf8) || last.elementsEqual("mobile".utf8) { return domain }
            return String(decoding: last, as: UTF8.self) + "." + domain
        }
    }

    /// Where the last two labels of a host start (0 when it has fewer than two dots): the
    /// byte after its second dot from the end.
    static func siteStart(_ view: ByteView) -> Int {
        let bytes = view.buffer
        var dots = 0, i = bytes.count
        while i > 0 {
            i -= 1
            if bytes[i] == UInt8(ascii: ".") {
                dots += 1
                if dots == 2 { return i + 1 }
            }
        }
        return 0
    }

    /// Whether two hosts are on the same site by their bytes: true for equal bytes, false
    /// for other ASCII bytes, nil when a site is not ASCII (compare the strings then).
    static func sameSiteByBytes(_ a: String, _ b: String) -> Bool? {
        a.withBytes { x in
            b.withBytes { y in
                let siteA = x.bytes(from: siteStart(x)), siteB = y.bytes(from: siteStart(y))
                if siteA == siteB { return true }
                return siteA.isASCII && siteB.isASCII ? false : nil
            }
        }
    }
}
