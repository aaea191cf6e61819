/// The parts of an absolute URL that the rules and the header need, parsed by hand
/// (over UTF-8 bytes, without allocating on the way) so Linux and macOS agree.
public struct URLParts: Sendable, Hashable {
    /// The scheme, lowercased.
    public var scheme: String
    /// The host, lowercased (without brackets for IPv6); empty when there is none.
    public var host: String

    /// Parses `scheme:` and, after `//`, the authority's host. Nil when there is no scheme.
    public init?(_ text: String) {
        var copy = text
        guard let parts = copy.withUTF8({ Self.parse($0) }) else { return nil }
        (scheme, host) = parts
    }

    private static func isAlpha(_ b: UInt8) -> Bool { (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) }

    private static func lowered(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> String {
        String(decoding: bytes, as: UTF8.self).lowercased()
    }

    private static func parse(_ b: UnsafeBufferPointer<UInt8>) -> (String, String)? {
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        guard let first = b.first, isAlpha(first) else { return nil }
        var i = 1
        while i < b.count, isAlpha(b[i]) || (b[i] >= 0x30 && b[i] <= 0x39) || b[i] == 0x2B || b[i] == 0x2D || b[i] == 0x2E { i += 1 }
        guard i < b.count, b[i] == 0x3A else { return nil }
        let scheme = lowered(b[0..<i])
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

    /// The host without a leading `www.`, as the header shows it.
    public var displayHost: String? {
        guard !host.isEmpty else { return nil }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }

    /// The registrable "site" of the host, approximated as its last two labels.
    public var site: Substring {
        var dots = 0
        var index = host.endIndex
        while index > host.startIndex {
            let previous = host.index(before: index)
            if host[previous] == "." {
                dots += 1
                if dots == 2 { return host[index...] }
            }
            index = previous
        }
        return host[...]
    }
}
