import YAMLSyntax

// The `items` path of the model (`UIActivityItemsConfiguration`): items, their
// representations and the metadata they carry. Immutable, as all the model is
// (`ShareConfiguration.swift`).

/// `metadata` at configuration or item level.
public final class Metadata: Sendable {
    /// Where it stands in the source.
    public let range: SourceRange
    /// `title`.
    public let title: LocatedString?
    /// `messageBody`.
    public let messageBody: LocatedString?
    /// `linkPresentation`.
    public let linkPresentation: LinkPresentation?

    /// Creates a `metadata`.
    package init(range: SourceRange, title: LocatedString? = nil, messageBody: LocatedString? = nil, linkPresentation: LinkPresentation? = nil) {
        self.range = range
        self.title = title
        self.messageBody = messageBody
        self.linkPresentation = linkPresentation
    }
}

/// `metadata.linkPresentation`: what becomes an `LPLinkMetadata`.
public final class LinkPresentation: Sendable {
    /// Where it stands in the source.
    public let range: SourceRange
    /// Where its key stands.
    public let keyRange: SourceRange?
    /// Its key path in the document, such as `items[0].metadata.linkPresentation`.
    public let path: String
    /// `title`.
    public let title: LocatedString?
    /// `url`.
    public let url: LocatedString?
    /// `originalURL`.
    public let originalURL: LocatedString?
    /// `icon`: an image path.
    public let icon: LocatedString?
    /// `image`: an image path.
    public let image: LocatedString?
    /// `video`: a movie path.
    public let video: LocatedString?
    /// `remoteVideoURL`.
    public let remoteVideoURL: LocatedString?

    /// Creates a `linkPresentation`.
    package init(range: SourceRange, keyRange: SourceRange?, path: String, title: LocatedString? = nil, url: LocatedString? = nil,
                originalURL: LocatedString? = nil, icon: LocatedString? = nil, image: LocatedString? = nil, video: LocatedString? = nil,
                remoteVideoURL: LocatedString? = nil) {
        self.range = range
        self.keyRange = keyRange
        self.path = path
        self.title = title
        self.url = url
        self.originalURL = originalURL
        self.icon = icon
        self.image = image
        self.video = video
        self.remoteVideoURL = remoteVideoURL
    }
}

/// One representation's payload.
public enum Payload: Sendable {
    /// `text`: a string.
    case text(LocatedString)
    /// `url`: a URL, as written.
    case url(LocatedString)
    /// `file`: a file path, relative to the configuration's directory.
    case file(LocatedString)
    /// `base64`: bytes, base64-encoded.
    case base64(LocatedString)

    /// The located string, whatever the kind.
    public var located: LocatedString {
        switch self {
        case .text(let v), .url(let v), .file(let v), .base64(let v): return v
        }
    }

    /// The payload key: `text`, `url`, `file` or `base64`.
    public var key: String {
        switch self {
        case .text: return "text"
        case .url: return "url"
        case .file: return "file"
        case .base64: return "base64"
        }
    }
}

/// One registered representation of an item: a type and one payload.
public final class Representation: Sendable {
    /// Where it stands in the source.
    public let range: SourceRange
    /// Its key path in the document, such as `items[0]`.
    public let path: String
    /// The declared `type`, if written.
    public let type: LocatedString?
    /// The payload, when there is exactly one.
    public let payload: Payload?
    /// Its 0-based position among the document's representations, in document order (what
    /// the rule context indexes its per-representation facts by).
    public let ordinal: Int

    /// Creates a representation.
    package init(range: SourceRange, path: String, ordinal: Int = 0, type: LocatedString? = nil, payload: Payload? = nil) {
        self.range = range
        self.path = path
        self.ordinal = ordinal
        self.type = type
        self.payload = payload
    }
}

/// One item provider.
public final class Item: Sendable {
    /// The 0-based position in `items`.
    public let index: Int
    /// Where it stands in the source.
    public let range: SourceRange
    /// Its key path in the document, such as `items[0]`.
    public let path: String
    /// Its representations, highest fidelity first (one for the shorthand form).
    public let representations: [Representation]
    /// `suggestedName`.
    public let suggestedName: LocatedString?
    /// Per-item `metadata`.
    public let metadata: Metadata?
    /// `previews`.
    public let previews: Previews?

    /// Creates an item.
    package init(index: Int, range: SourceRange, path: String, representations: [Representation] = [], suggestedName: LocatedString? = nil,
                metadata: Metadata? = nil, previews: Previews? = nil) {
        self.index = index
        self.range = range
        self.path = path
        self.representations = representations
        self.suggestedName = suggestedName
        self.metadata = metadata
        self.previews = previews
    }
}

/// Per-item `previews`.
public final class Previews: Sendable {
    /// Where it stands in the source.
    public let range: SourceRange
    /// `thumbnail`: an image path.
    public let thumbnail: LocatedString?
    /// `fullSize`: an image path.
    public let fullSize: LocatedString?

    /// Creates a `previews`.
    package init(range: SourceRange, thumbnail: LocatedString? = nil, fullSize: LocatedString? = nil) {
        self.range = range
        self.thumbnail = thumbnail
        self.fullSize = fullSize
    }
}
