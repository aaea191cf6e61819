import YAMLSyntax

// The `activityItems` path of the model (`UIActivityViewController(activityItems:)`):
// plain objects and item sources. Immutable, as all the model is (`ShareConfiguration.swift`).

/// An object handed to `UIActivityViewController`: a string, a web URL, an image or a file URL.
public enum ActivityValue: Sendable {
    /// An `NSString`.
    case text(LocatedString)
    /// An `NSURL` (a web link).
    case url(LocatedString)
    /// A `UIImage`, from the image file at this path.
    case image(LocatedString)
    /// A file URL to the file at this path.
    case fileURL(LocatedString)
    /// An `NSData` of the bytes of the file at this path (a raw `Data`: no type travels with it).
    case data(LocatedString)
    /// A `UISimpleTextPrintFormatter` of this text.
    case printText(LocatedString)
    /// A `UIMarkupTextPrintFormatter` of this HTML.
    case printMarkup(LocatedString)

    /// The located string, whatever the kind.
    public var located: LocatedString {
        switch self {
        case .text(let v), .url(let v), .image(let v), .fileURL(let v), .data(let v), .printText(let v), .printMarkup(let v): return v
        }
    }

    /// The key it is written with: `text`, `url`, `image` or `fileURL`.
    public var key: String {
        switch self {
        case .text: return "text"
        case .url: return "url"
        case .image: return "image"
        case .fileURL: return "fileURL"
        case .data: return "data"
        case .printText, .printMarkup: return "printFormatter"
        }
    }
}

/// What an item source returns for one activity, or for every activity not listed.
public final class ActivityResponse: Sendable {
    /// Where it stands in the source.
    public let range: SourceRange
    /// Its key path, such as `activityItems[2].source.forActivity.mail`.
    public let path: String
    /// `item`: what the activity receives.
    public let item: ActivityValue?
    /// `subject`.
    public let subject: LocatedString?
    /// `dataType`.
    public let dataType: LocatedString?
    /// `thumbnail`: an image path.
    public let thumbnail: LocatedString?
    /// `withheld: true`: `itemForActivityType` returns nil, and the activity receives
    /// nothing from the source (a `forActivity` entry only).
    public let withheld: Bool

    /// Creates a response.
    package init(range: SourceRange, path: String, item: ActivityValue? = nil, subject: LocatedString? = nil, dataType: LocatedString? = nil,
                thumbnail: LocatedString? = nil, withheld: Bool = false) {
        self.withheld = withheld
        self.range = range
        self.path = path
        self.item = item
        self.subject = subject
        self.dataType = dataType
        self.thumbnail = thumbnail
    }
}

/// A `UIActivityItemSource`.
public final class ItemSource: Sendable {
    /// Where it stands in the source.
    public let range: SourceRange
    /// Its key path, such as `activityItems[2].source`.
    public let path: String
    /// `placeholder`.
    public let placeholder: ActivityValue?
    /// What it returns for activities not listed under `forActivity`.
    public let defaults: ActivityResponse
    /// `forActivity`: the activity as written (short name, raw value or custom type) and its response.
    public let overrides: [(activity: LocatedString, response: ActivityResponse)]
    /// `linkPresentation`: what `activityViewControllerLinkMetadata(_:)` returns.
    public let linkPresentation: LinkPresentation?

    /// Creates an item source; `defaults` left nil is a response with nothing written, at
    /// the source's range and path.
    package init(range: SourceRange, path: String, placeholder: ActivityValue? = nil, defaults: ActivityResponse? = nil,
                overrides: [(activity: LocatedString, response: ActivityResponse)] = [], linkPresentation: LinkPresentation? = nil) {
        self.range = range
        self.path = path
        self.placeholder = placeholder
        self.defaults = defaults ?? ActivityResponse(range: range, path: path)
        self.overrides = overrides
        self.linkPresentation = linkPresentation
    }

    /// What it returns for an activity (a raw value or custom type): the override, else the defaults.
    public func response(for activityType: String) -> ActivityResponse {
        overrides.first { (BuiltInActivityTypes.rawValue(for: $0.activity.value) ?? $0.activity.value) == activityType }?.response ?? defaults
    }
}

/// One entry of `activityItems`.
public final class ActivityItemEntry: Sendable {
    /// The 0-based position in `activityItems`.
    public let index: Int
    /// Where it stands in the source.
    public let range: SourceRange
    /// Its key path, such as `activityItems[0]`.
    public let path: String
    /// The object, for a plain entry.
    public let value: ActivityValue?
    /// The item source, for a `source` entry.
    public let source: ItemSource?

    /// Creates an entry.
    package init(index: Int, range: SourceRange, path: String, value: ActivityValue? = nil, source: ItemSource? = nil) {
        self.index = index
        self.range = range
        self.path = path
        self.value = value
        self.source = source
    }
}
