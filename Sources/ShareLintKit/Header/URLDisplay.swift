/// How LinkPresentation shows a URL as text, and the search query it reads out of a search
/// engine's result URL (docs/header.md, "One entry").
enum URLDisplay {
    /// `NSURL(LPPrivate) -_lp_simplifiedStringForDisplayOnly:` →
    /// `NSString(LPInternal) -_lp_simplifiedUserVisibleURLStringWithSimplifications:forDisplayOnly:`
    /// with flags 1023 (URLFormatting, read in iOS 18.2 and 26.1): an http(s) URL shows its
    /// simplified host; any other URL with `scheme://` loses a trailing `#` (when it is the
    /// first one), a `?` ending the part before the fragment, and the `/` right after the host
    /// when the rest is `/`, `/?...` or `/#...` (flag 4); a URL without `://` stays whole.
    static func simplified(_ url: String) -> String {
        if let parts = URLParts(url), let host = parts.simplifiedHost { return host }
        return trimmedAfterHost(url)
    }

    /// Flag 4 of the simplification, for a URL whose scheme is not http(s).
    static func trimmedAfterHost(_ url: String) -> String {
        var text = Array(url.unicodeScalars)
        guard let separator = (0..<max(0, text.count - 2)).first(where: { text[$0] == ":" && text[$0 + 1] == "/" && text[$0 + 2] == "/" }) else {
            return url
        }
        // The characters before "://" must all be scheme characters.
        let schemeCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-.".unicodeScalars)
        guard text[..<separator].allSatisfy({ schemeCharacters.contains($0) }) else { return url }
        // The host (with any user and port) ends at the first "/", "?" or "#" after "://".
        let afterScheme = separator + 3
        let hostEnd = text[afterScheme...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? text.count
        // A "#" that is the first one and the last character goes.
        if let hash = text.firstIndex(of: "#"), hash == text.count - 1 { text.removeLast() }
        // A "?" ending the part before the first "#" goes.
        let beforeFragment = text.firstIndex(of: "#") ?? text.count
        if beforeFragment > 0, text[beforeFragment - 1] == "?" { text.remove(at: beforeFragment - 1) }
        // The "/" after the host goes when the rest is "/", or starts "/#" or "/?".
        if hostEnd < text.count, text[hostEnd] == "/" {
            let next = hostEnd + 1 < text.count ? text[hostEnd + 1] : nil
            if next == nil || next == "#" || next == "?" { text.remove(at: hostEnd) }
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: text)
        return String(result)
    }

    // MARK: Search queries

    /// A search engine `+[LPPresentationSpecializations searchQueryForURL:]` recognises: the
    /// host's registrable domain (the suffix checkers' lists are not in the image: inferred),
    /// the first path components that mark a result page (the sets are elided: inferred), and
    /// the query key (read).
    struct SearchEngine {
        var domains: [String]
        var paths: Set<String>
        var key: String
        /// Google: the host may carry only `www.` before its domain, and the path may also be `/`.
        var wholeHostOnly = false
        var rootPathCounts = false
        /// Yahoo: a first path component starting `search;` also counts (read).
        var semicolonPrefix = false
    }

    /// In the order the method tries them: Google (`q`, else `q` in the fragment), Yahoo (`p`),
    /// Yandex (`text`), Bing (`q`), DuckDuckGo and Baidu (their helper functions are not in the
    /// image: `q` and `wd` are inferred).
    static let searchEngines: [SearchEngine] = [
        SearchEngine(domains: ["google.com", "google.co.uk", "google.com.hk", "google.co.jp", "google.de", "google.fr", "google.ca", "google.com.au",
                               "google.cn", "google.com.tw", "google.co.in", "google.es", "google.it", "google.nl", "google.com.br", "google.ru"],
                     paths: ["search", "webhp"], key: "q", wholeHostOnly: true, rootPathCounts: true),
        SearchEngine(domains: ["search.yahoo.com", "search.yahoo.co.jp"], paths: ["search"], key: "p", semicolonPrefix: true),
        SearchEngine(domains: ["yandex.ru", "yandex.com"], paths: ["search"], key: "text"),
        SearchEngine(domains: ["bing.com", "cn.bing.com"], paths: ["search"], key: "q"),
        SearchEngine(domains: ["duckduckgo.com"], paths: [], key: "q", rootPathCounts: true),
        SearchEngine(domains: ["baidu.com"], paths: ["s"], key: "wd"),
    ]

    /// `+[LPPresentationSpecializations searchQueryForURL:]`: the query of a search engine's
    /// result URL, `+` read as a space; nil for any other URL.
    static func searchQuery(of url: String) -> String? {
        guard let parts = URLParts(url), parts.scheme == "http" || parts.scheme == "https", !parts.host.isEmpty else { return nil }
        let host = parts.host
        let (path, query, fragment) = components(of: url)
        let firstComponent = path.split(separator: "/", omittingEmptySubsequences: true).first.map(String.init)
        for engine in searchEngines {
            guard let domain = engine.domains.first(where: { host == $0 || host.hasSuffix("." + $0) }) else { continue }
            if engine.wholeHostOnly, host != domain, host != "www." + domain { return nil }
            let pathMatches: Bool
            if let first = firstComponent?.lowercased() {
                pathMatches = engine.paths.contains(first) || (engine.semicolonPrefix && first.hasPrefix("search;"))
            } else {
                pathMatches = engine.rootPathCounts
            }
            guard pathMatches else { return nil }
            let value = value(of: engine.key, in: query) ?? (engine.wholeHostOnly ? value(of: engine.key, in: fragment) : nil)
            // The value is read decoded (NSURLComponents), then "+" becomes a space.
            return value.map { String(PercentDecoding.decode($0).map { $0 == "+" ? " " : $0 }) }
        }
        return nil
    }

    /// The path, query and fragment of a URL with an authority.
    private static func components(of url: String) -> (path: Substring, query: Substring?, fragment: Substring?) {
        var rest = Substring(url)
        if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") { rest = rest[rest.index(colon, offsetBy: 3)...] }
        var fragment: Substring?
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        var query: Substring?
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        let path = rest.firstIndex(of: "/").map { rest[$0...] } ?? ""
        return (path, query, fragment)
    }

    /// `-[NSURL _lp_valueForQueryKey:]`: the first value of a key (inferred: the first).
    private static func value(of key: String, in query: Substring?) -> String? {
        guard let query else { return nil }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts[0] == key { return parts.count > 1 ? String(parts[1]) : "" }
        }
        return nil
    }
}
