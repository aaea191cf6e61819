import YAMLSyntax

/// The parts of an absolute URL that the rules and the header need, parsed by hand
/// (over UTF-8 bytes, without allocating on the way) so Linux and macOS agree.
public struct URLParts: Sendable, Hashable {
    /// The scheme, lowercased.
    public var scheme: String
    /// The host, lowercased (without brackets for IPv6); empty when there is none.
    public var host: String

    /// Parses `scheme:` and, after `//`, the authority's host. Nil when there is no scheme.
    public init?(_ text: String) {
        guard let parts = text.withUTF8Bytes({ Self.parse($0) }) else { return nil }
        (scheme, host) = parts
    }

    /// Parses a URL given as its UTF-8 bytes (`init(_:)` without the string).
    public init?(utf8 text: UnsafeBufferPointer<UInt8>) {
        guard let parts = Self.parse(text) else { return nil }
        (scheme, host) = parts
    }

    /// Whether `text` has the scheme `file` (`URLParts(text)?.scheme == "file"`), found
    /// without making the parts.
    public static func isFileURL(_ text: String) -> Bool {
        text.withUTF8Bytes(isFileURL(utf8:))
    }

    /// `isFileURL` over a URL's UTF-8 bytes.
    static func isFileURL(utf8 text: UnsafeBufferPointer<UInt8>) -> Bool {
        var utf8 = text.makeIterator()
        for expected in "file:".utf8 {
            guard let byte = utf8.next() else { return false }
            // The scheme compares case-insensitively; ':' as it is.
            guard byte == expected || (expected != UInt8(ascii: ":") && byte | 0x20 == expected) else { return false }
        }
        return true
    }

    private static func isAlpha(_ b: UInt8) -> Bool { (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) }

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

    private static func parse(_ b: UnsafeBufferPointer<UInt8>) -> (String, String)? {
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

    /// The host as LinkPresentation shows it for an http(s) URL
    /// (`-[NSString _lp_simplifiedUserVisibleURLStringWithSimplifications:forDisplayOnly:]`):
    /// the labels in front of the registrable domain cut to the last one, then a leading
    /// `www.`, else `m.`, else `mobile.` removed, unless the host is the registrable domain
    /// itself. Nil for other schemes (LinkPresentation shows their whole URL) and without a host.
    public var simplifiedHost: String? {
        guard scheme == "http" || scheme == "https", !host.isEmpty else { return nil }
        return Self.simplifiedASCIIHost(host) ?? Self.simplifiedHost(inCharacters: host)
    }

    /// `simplifiedHost` in Characters, for any host.
    static func simplifiedHost(inCharacters host: String) -> String {
        // An IP address has no domain to simplify.
        if host.contains(":") || host.allSatisfy({ $0 == "." || $0.isNumber }) { return host }
        let domain = registrableDomain(of: host)
        guard host.count > domain.count else { return host }
        let subdomains = host.dropLast(domain.count + 1).split(separator: ".")
        guard let last = subdomains.last else { return host }
        if ["www", "m", "mobile"].contains(last) { return String(domain) }
        return last + "." + domain
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

    /// The registrable domain of the host (example.com, example.co.uk): the last two
    /// labels, or three under a public suffix of two labels that sharelint knows
    /// (`URLParts.twoLabelSuffixes`; LinkPresentation consults the full public suffix list).
    public var registrableDomain: Substring { Self.registrableDomain(of: host) }

    static func registrableDomain(of host: String) -> Substring {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count > 2 else { return host[...] }
        let suffix = labels[labels.count - 2] + "." + labels[labels.count - 1]
        let keep = Self.twoLabelSuffixes.contains(String(suffix)) ? 3 : 2
        guard labels.count > keep else { return host[...] }
        return host[labels[labels.count - keep].startIndex...]
    }

    /// Public suffixes of two labels common in the markets content authors share to.
    static let twoLabelSuffixes: Set<String> = [
        "co.uk", "org.uk", "ac.uk", "gov.uk", "com.cn", "net.cn", "org.cn", "gov.cn", "edu.cn", "com.hk", "com.tw",
        "co.jp", "ne.jp", "or.jp", "co.kr", "com.au", "net.au", "org.au", "co.nz", "com.sg", "com.br", "com.mx", "co.in", "co.za",
    ]

    /// Whether two URLs' hosts are on the same site (`a.site == b.site`), compared over
    /// the hosts' bytes: no substrings made. Equal bytes are the same site, and two ASCII
    /// sites with other bytes are not; only a site that is not ASCII is compared as a
    /// `String` (canonical equivalence), as `==` compares it.
    static func sameSite(_ a: URLParts, _ b: URLParts) -> Bool {
        let answer: Bool? = a.host.withUTF8Bytes { x in
            b.host.withUTF8Bytes { y in
                let siteA = UnsafeBufferPointer(rebasing: x[siteStart(x)...]), siteB = UnsafeBufferPointer(rebasing: y[siteStart(y)...])
                if KeyTable.equal(siteA, siteB) { return true }
                var high: UInt8 = 0
                for byte in siteA { high |= byte }
                for byte in siteB { high |= byte }
                return high < 0x80 ? false : nil
            }
        }
        return answer ?? (a.site == b.site)
    }

    /// Where the last two labels of a host start (0 when it has fewer than two dots): the
    /// byte after its second dot from the end.
    private static func siteStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
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

    /// The registrable "site" of the host, approximated as its last two labels.
    public var site: Substring {
        // Over the UTF-8: walking Characters back segments graphemes, ten times the cost.
        // (A '.' followed by a combining mark counts as a dot here, not as one character
        // with it: no valid host name holds one.)
        // Over the contiguous bytes (a step of the view's index took some forty
        // instructions); the byte offset found becomes an index in one step.
        let start = host.withUTF8Bytes { Self.siteStart($0) }
        return host[host.utf8.index(host.utf8.startIndex, offsetBy: start)...]
    }
}
