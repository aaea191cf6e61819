import ShareLintMessages
import YAMLSyntax

extension RuleContext {
    /// Whether a URL's scheme is allowed in links: http, https or a configured app scheme.
    func isAllowedScheme(_ scheme: String) -> Bool {
        scheme == "http" || scheme == "https" || options.allowedURLSchemes.contains(scheme)
    }
}

/// Not an absolute URL with scheme and host.
package struct InvalidURLRule: Rule {
    package init() {}

    /// White space anywhere in the text (ASCII checked byte by byte, the rest by property).
    static func containsWhitespace(_ text: String) -> Bool {
        // Over the contiguous UTF-8 (free for a native string): a third of the view's cost.
        let (space, ascii) = text.withBytes(\.asciiWhitespace)
        return space || !ascii && text.unicodeScalars.contains { $0.properties.isWhitespace }
    }

    /// `containsWhitespace` for a document's value, over its bytes (its string is made only
    /// for text that is not ASCII).
    static func containsWhitespace(_ text: LocatedString) -> Bool {
        let (space, ascii) = text.withBytes(\.asciiWhitespace)
        return space || !ascii && text.value.unicodeScalars.contains { $0.properties.isWhitespace }
    }

    package static let description = RuleDescription(
        id: .invalidURL, severity: .error,
        summary: "A URL is not absolute, with a scheme and a host.",
        rationale: "URL(string:) returns nil or a relative URL for such text; the link preview and the shared link both break.",
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - url: ↓example.com/invite\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - url: https://example.com/invite\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        let urls = context.urls
        for i in urls.indices {
            if Self.containsWhitespace(urls[i]) {
                let url = urls[i]
                findings.report(description.id, Message(.urlWhitespace, ["url": url.value]), at: url)
                continue
            }
            guard let parts = context.urlParts[i] else {
                let url = urls[i]
                findings.report(description.id, Message(.urlNotAbsolute, ["url": url.value]),
                                at: url, suggestion: "https://" + url.value)
                continue
            }
            if parts.host.isEmpty && context.isAllowedScheme(parts.scheme) {
                let url = urls[i]
                findings.report(description.id, Message(.urlNoHost, ["url": url.value]), at: url)
            }
        }
    }
}

/// An `http:` link.
package struct InsecureURLRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .insecureURL, severity: .warning,
        summary: "A link uses plain `http:`.",
        rationale: "App Transport Security blocks plain HTTP loads by default, so the link preview fails; shared links should be https.",
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - url: ↓http://example.com/invite\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - url: https://example.com/invite\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        for i in context.urls.indices {
            guard let parts = context.urlParts[i], parts.scheme == "http", !parts.host.isEmpty else { continue }
            let url = context.urls[i]
            findings.report(description.id, Message(.urlHTTP, ["url": url.value]), at: url,
                            suggestion: "https" + url.value.dropFirst(4))
        }
    }
}

/// A link with a scheme other than http(s) or a configured app scheme.
package struct DisallowedURLSchemeRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .disallowedURLScheme, severity: .error,
        summary: "A link uses `javascript:`, `data:`, `file:` or another scheme that is not http(s) or a configured app scheme.",
        rationale: "Such links run code, embed content or point at the sender's device; receivers refuse or misuse them.",
        triggering: [
            RuleExample("schemaVersion: 1\nitems:\n  - url: ↓javascript:alert(1)\n"),
            RuleExample("schemaVersion: 1\nitems:\n  - url: ↓file:///tmp/order.pdf\n"),
        ],
        nonTriggering: [
            RuleExample("schemaVersion: 1\nitems:\n  - url: https://example.com/\n"),
            // A file URL names the file the header's subtitle shows, and a file URL item is one by type.
            RuleExample("schemaVersion: 1\nmetadata:\n  linkPresentation:\n    title: 订单\n    originalURL: file:///orders/order-42.pdf\nitems:\n  - type: public.file-url\n    url: file:///orders/order-42.pdf\n"),
        ])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        // Worked out at the first file URL, not for every document.
        var fileURLsAllowed: Set<SourcePosition>?
        for i in context.urls.indices {
            guard let parts = context.urlParts[i], !context.isAllowedScheme(parts.scheme) else { continue }
            let url = context.urls[i]
            if parts.scheme == "file" {
                if fileURLsAllowed == nil { fileURLsAllowed = Self.fileURLsAllowed(in: context) }
                if fileURLsAllowed!.contains(url.range.start) { continue }
            }
            findings.report(description.id, Message(.urlScheme, ["scheme": parts.scheme]), at: url)
        }
    }
}

extension DisallowedURLSchemeRule {
    /// Where a `file:` URL is legitimate: `linkPresentation.originalURL` (its last path
    /// component becomes the header's subtitle) and the payload of a public.file-url item.
    static func fileURLsAllowed(in context: RuleContext) -> Set<SourcePosition> {
        var allowed: Set<SourcePosition> = []
        func add(_ metadata: Metadata?) {
            if let original = metadata?.linkPresentation?.originalURL { allowed.insert(original.range.start) }
        }
        add(context.configuration.metadata)
        for item in context.configuration.items { add(item.metadata) }
        for source in context.configuration.itemSources {
            if let original = source.linkPresentation?.originalURL { allowed.insert(original.range.start) }
        }
        for (_, representation) in context.representations {
            if case .url(let url)? = representation.payload, let type = context.effectiveType(of: representation),
               context.registry.conforms(type, to: "public.file-url") {
                allowed.insert(url.range.start)
            }
        }
        return allowed
    }
}
