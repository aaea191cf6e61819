import YAMLSyntax

/// The parts of an absolute URL that the rules and the header need, parsed by hand
/// (over UTF-8 bytes, without allocating on the way) so Linux and macOS agree.
package struct URLParts: Sendable, Hashable {
    /// The scheme, lowercased.
    package var scheme: String
    /// The host, lowercased (without brackets for IPv6); empty when there is none.
    package var host: String

    /// Parses `scheme:` and, after `//`, the authority's host. Nil when there is no scheme.
    package init?(_ text: String) {
        guard let parts = text.withBytes({ Self.parse($0) }) else { return nil }
        (scheme, host) = parts
    }

    /// Whether `text` has the scheme `file` (`URLParts(text)?.scheme == "file"`), found
    /// without making the parts.
    package static func isFileURL(_ text: String) -> Bool {
        text.withBytes(isFileURL(bytes:))
    }

    /// The host as LinkPresentation shows it for an http(s) URL
    /// (`-[NSString _lp_simplifiedUserVisibleURLStringWithSimplifications:forDisplayOnly:]`):
    /// the labels in front of the registrable domain cut to the last one, then a leading
    /// `www.`, else `m.`, else `mobile.` removed, unless the host is the registrable domain
    /// itself. Nil for other schemes (LinkPresentation shows their whole URL) and without a host.
    package var simplifiedHost: String? {
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

    /// The registrable domain of the host (example.com, example.co.uk): the last two
    /// labels, or three under a public suffix of two labels that sharelint knows
    /// (`URLParts.twoLabelSuffixes`; LinkPresentation consults the full public suffix list).
    package var registrableDomain: Substring { Self.registrableDomain(of: host) }

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
        sameSiteByBytes(a.host, b.host) ?? (a.site == b.site)
    }

    /// The registrable "site" of the host, approximated as its last two labels.
    package var site: Substring {
        // Over the UTF-8: walking Characters back segments graphemes, ten times the cost.
        // (A '.' followed by a combining mark counts as a dot here, not as one character
        // with it: no valid host name holds one.)
        // Over the contiguous bytes (a step of the view's index took some forty
        // instructions); the byte offset found becomes an index in one step.
        let start = host.withBytes { Self.siteStart($0) }
        return host[host.utf8.index(host.utf8.startIndex, offsetBy: start)...]
    }
}
