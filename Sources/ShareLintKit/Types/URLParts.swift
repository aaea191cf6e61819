/// The parts of an absolute URL that the rules and the header need, parsed by hand
/// so Linux and macOS agree.
public struct URLParts: Sendable, Hashable {
    /// The scheme, lowercased.
    public var scheme: String
    /// The host, lowercased (without brackets for IPv6); empty when there is none.
    public var host: String

    /// Parses `scheme:` and, after `//`, the authority's host. Nil when there is no scheme.
    public init?(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        guard let colon = scalars.firstIndex(of: ":"), colon > 0 else { return nil }
        let schemeScalars = scalars[..<colon]
        guard Self.isAlpha(schemeScalars.first!),
              schemeScalars.allSatisfy({ Self.isAlpha($0) || ($0 >= "0" && $0 <= "9") || $0 == "+" || $0 == "-" || $0 == "." }) else {
            return nil
        }
        scheme = String(String.UnicodeScalarView(schemeScalars)).lowercased()
        let rest = scalars[(colon + 1)...]
        guard rest.starts(with: ["/", "/"]) else {
            host = ""
            return
        }
        var authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[(at + 1)...] }
        let hostPart: ArraySlice<Unicode.Scalar>
        if authority.first == "[" {
            hostPart = authority.dropFirst().prefix { $0 != "]" }
        } else {
            hostPart = authority.prefix { $0 != ":" }
        }
        host = String(String.UnicodeScalarView(hostPart)).lowercased()
    }

    private static func isAlpha(_ s: Unicode.Scalar) -> Bool {
        (s >= "a" && s <= "z") || (s >= "A" && s <= "Z")
    }

    /// The host without a leading `www.`, as the header shows it.
    public var displayHost: String? {
        guard !host.isEmpty else { return nil }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }

    /// The registrable "site" of the host, approximated as its last two labels.
    public var site: String {
        let labels = host.split(separator: ".")
        return labels.suffix(2).joined(separator: ".")
    }
}
