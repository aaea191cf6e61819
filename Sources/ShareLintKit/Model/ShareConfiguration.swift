import YAMLSyntax

// The model types are classes: built once by the loader, then only read (by every
// rule, the header model and the renderers), so sharing beats copying. They are not
// mutated after loading, which is what makes them safe to send across threads.
//
// Their stored properties are `@exclusivity(unchecked)`: a read of a class property
// otherwise goes through the runtime's dynamic exclusivity check (about 110 instructions,
// some 300 times per document, 5% of a run; docs/performance.md). The check guards
// against overlapping writes, and these objects are written only while the loader builds
// them, by one thread, with no access overlapping another.

/// One share configuration: one document of a `*.share.yaml` stream.
public final class ShareConfiguration: @unchecked Sendable {
    /// The 0-based index of the document in its stream.
    @exclusivity(unchecked) public var documentIndex: Int
    /// Where the document's root mapping stands.
    @exclusivity(unchecked) public var range: SourceRange
    /// `schemaVersion`, when it is an integer.
    @exclusivity(unchecked) public var schemaVersion: Located<Int>?
    /// `name`.
    @exclusivity(unchecked) public var name: LocatedString?
    /// Configuration-level `metadata`.
    @exclusivity(unchecked) public var metadata: Metadata?
    /// `items`, in order (entries that are not mappings are left out).
    @exclusivity(unchecked) public var items: [Item] = []
    /// How many entries `items` has as written, valid or not.
    @exclusivity(unchecked) public var writtenItemCount = 0
    /// `activityItems` (the `UIActivityViewController(activityItems:)` path), in order.
    @exclusivity(unchecked) public var activityItems: [ActivityItemEntry] = []
    /// How many entries `activityItems` has as written, valid or not.
    @exclusivity(unchecked) public var writtenActivityItemCount = 0
    /// Whether the document describes the `activityItems` path.
    @exclusivity(unchecked) public var usesActivityItems = false
    /// `applicationActivities`.
    @exclusivity(unchecked) public var applicationActivities: [ApplicationActivity] = []
    /// The types of `applicationActivities`, made on each call: callers ask for it only
    /// once a name is not a built-in activity (most documents never do).
    var applicationActivityTypes: Set<String> { Set(applicationActivities.compactMap { $0.type?.value }) }
    /// `excludedActivityTypes`, as written.
    @exclusivity(unchecked) public var excludedActivityTypes: [LocatedString] = []
    /// Custom `types` declarations.
    @exclusivity(unchecked) public var types: [TypeDeclarationEntry] = []
    /// `expect` assertions.
    @exclusivity(unchecked) public var expect: Expectation?
    /// `wechat`.
    @exclusivity(unchecked) public var wechat: WeChatDescription?

    /// The storage of the document's string values, leased from `StringsPool` by the
    /// loader, or by the first value made in code: handed back when the configuration
    /// goes, which ends its values (`LocatedString`).
    @exclusivity(unchecked) var strings: LocatedStrings?

    /// Creates an empty configuration for a document.
    public init(documentIndex: Int, range: SourceRange) {
        self.documentIndex = documentIndex
        self.range = range
    }

    /// Makes a string value of this configuration, for one built in code: it can be read
    /// while the configuration is held, as a loaded document's values can.
    public func string(_ value: String, range: SourceRange, keyRange: SourceRange? = nil, path: String) -> LocatedString {
        string(value, range: range, keyRange: keyRange, parent: path, key: "")
    }

    /// Makes a mapping value from its mapping's path and its key (`string(_:range:keyRange:path:)`).
    public func string(_ value: String, range: SourceRange, keyRange: SourceRange?, parent: String, key: String) -> LocatedString {
        let storage = strings ?? StringsPool.shared.take()
        strings = storage
        return storage.add(value, range: range, keyRange: keyRange, parent: parent, key: key)
    }

    deinit {
        if let strings { StringsPool.shared.giveBack(strings) }
    }
}

/// `metadata` at configuration or item level.
public final class Metadata: @unchecked Sendable {
    /// Where it stands in the source.
    @exclusivity(unchecked) public var range: SourceRange
    /// `title`.
    @exclusivity(unchecked) public var title: LocatedString?
    /// `messageBody`.
    @exclusivity(unchecked) public var messageBody: LocatedString?
    /// `linkPresentation`.
    @exclusivity(unchecked) public var linkPresentation: LinkPresentation?

    /// Creates an empty value for the loader to fill in.
    public init(range: SourceRange) { self.range = range }
}

/// `metadata.linkPresentation`: what becomes an `LPLinkMetadata`.
public final class LinkPresentation: @unchecked Sendable {
    /// Where it stands in the source.
    @exclusivity(unchecked) public var range: SourceRange
    /// Where its key stands.
    @exclusivity(unchecked) public var keyRange: SourceRange?
    /// Its key path in the document, such as `items[0]`.
    @exclusivity(unchecked) public var path: String
    /// `title`.
    @exclusivity(unchecked) public var title: LocatedString?
    /// `url`.
    @exclusivity(unchecked) public var url: LocatedString?
    /// `originalURL`.
    @exclusivity(unchecked) public var originalURL: LocatedString?
    /// `icon`: an image path.
    @exclusivity(unchecked) public var icon: LocatedString?
    /// `image`: an image path.
    @exclusivity(unchecked) public var image: LocatedString?
    /// `video`: a movie path.
    @exclusivity(unchecked) public var video: LocatedString?
    /// `remoteVideoURL`.
    @exclusivity(unchecked) public var remoteVideoURL: LocatedString?

    /// Creates an empty value for the loader to fill in.
    public init(range: SourceRange, keyRange: SourceRange?, path: String) {
        self.range = range
        self.keyRange = keyRange
        self.path = path
    }
}

/// One representation's payload.
public enum Payload: Sendable {
    case text(LocatedString)
    case url(LocatedString)
    case file(LocatedString)
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
public final class Representation: @unchecked Sendable {
    /// Where it stands in the source.
    @exclusivity(unchecked) public var range: SourceRange
    /// Its key path in the document, such as `items[0]`.
    @exclusivity(unchecked) public var path: String
    /// The declared `type`, if written.
    @exclusivity(unchecked) public var type: LocatedString?
    /// The payload, when there is exactly one.
    @exclusivity(unchecked) public var payload: Payload?
    /// Its 0-based position among the document's representations, in document order (what
    /// the rule context indexes its per-representation facts by).
    public let ordinal: Int

    /// Creates an empty value for the loader to fill in.
    public init(range: SourceRange, path: String, ordinal: Int = 0) {
        self.range = range
        self.path = path
        self.ordinal = ordinal
    }
}

/// One item provider.
public final class Item: @unchecked Sendable {
    /// The 0-based position in `items`.
    @exclusivity(unchecked) public var index: Int
    /// Where it stands in the source.
    @exclusivity(unchecked) public var range: SourceRange
    /// Its key path in the document, such as `items[0]`.
    @exclusivity(unchecked) public var path: String
    /// Its representations, highest fidelity first (one for the shorthand form).
    @exclusivity(unchecked) public var representations: [Representation] = []
    /// `suggestedName`.
    @exclusivity(unchecked) public var suggestedName: LocatedString?
    /// Per-item `metadata`.
    @exclusivity(unchecked) public var metadata: Metadata?
    /// `previews`.
    @exclusivity(unchecked) public var previews: Previews?

    /// Creates an empty value for the loader to fill in.
    public init(index: Int, range: SourceRange, path: String) {
        self.index = index
        self.range = range
        self.path = path
    }
}

/// Per-item `previews`.
public final class Previews: @unchecked Sendable {
    /// Where it stands in the source.
    @exclusivity(unchecked) public var range: SourceRange
    /// `thumbnail`: an image path.
    @exclusivity(unchecked) public var thumbnail: LocatedString?
    /// `fullSize`: an image path.
    @exclusivity(unchecked) public var fullSize: LocatedString?

    /// Creates an empty value for the loader to fill in.
    public init(range: SourceRange) { self.range = range }
}

/// One custom `UIActivity` from `applicationActivities`.
public final class ApplicationActivity: @unchecked Sendable {
    /// Where it stands in the source.
    @exclusivity(unchecked) public var range: SourceRange
    /// Its key path in the document, such as `items[0]`.
    @exclusivity(unchecked) public var path: String
    /// `type`, as written.
    @exclusivity(unchecked) public var type: LocatedString?
    /// `title`.
    @exclusivity(unchecked) public var title: LocatedString?
    /// `image`: an image path.
    @exclusivity(unchecked) public var image: LocatedString?
    /// `category`: `action` or `share`.
    @exclusivity(unchecked) public var category: LocatedString?

    /// Creates an empty value for the loader to fill in.
    public init(range: SourceRange, path: String) {
        self.range = range
        self.path = path
    }
}

/// One custom type declaration from `types`.
public final class TypeDeclarationEntry: @unchecked Sendable {
    /// Where it stands in the source.
    @exclusivity(unchecked) public var range: SourceRange
    /// Its key path in the document, such as `items[0]`.
    @exclusivity(unchecked) public var path: String
    /// `identifier`.
    @exclusivity(unchecked) public var identifier: LocatedString?
    /// `conformsTo`.
    @exclusivity(unchecked) public var conformsTo: [LocatedString] = []
    /// `extensions`.
    @exclusivity(unchecked) public var extensions: [LocatedString] = []
    /// `mimeTypes`.
    @exclusivity(unchecked) public var mimeTypes: [LocatedString] = []

    /// Creates an empty value for the loader to fill in.
    public init(range: SourceRange, path: String) {
        self.range = range
        self.path = path
    }
}

/// `expect`: assertions on the predicted header and destinations.
public final class Expectation: @unchecked Sendable {
    /// `header.title`.
    @exclusivity(unchecked) public var title: LocatedString?
    /// `header.subtitle`.
    @exclusivity(unchecked) public var subtitle: LocatedString?
    /// `destinations`, in written order.
    @exclusivity(unchecked) public var destinations: [ExpectedDestination] = []

    /// Creates an empty value for the loader to fill in.
    public init() {}
}

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

    /// The located string, whatever the kind.
    public var located: LocatedString {
        switch self {
        case .text(let v), .url(let v), .image(let v), .fileURL(let v): return v
        }
    }

    /// The key it is written with: `text`, `url`, `image` or `fileURL`.
    public var key: String {
        switch self {
        case .text: return "text"
        case .url: return "url"
        case .image: return "image"
        case .fileURL: return "fileURL"
        }
    }
}

/// What an item source returns for one activity, or for every activity not listed.
public final class ActivityResponse: @unchecked Sendable {
    /// Where it stands in the source.
    @exclusivity(unchecked) public var range: SourceRange
    /// Its key path, such as `activityItems[2].source.forActivity.mail`.
    @exclusivity(unchecked) public var path: String
    /// `item`: what the activity receives.
    @exclusivity(unchecked) public var item: ActivityValue?
    /// `subject`.
    @exclusivity(unchecked) public var subject: LocatedString?
    /// `dataType`.
    @exclusivity(unchecked) public var dataType: LocatedString?
    /// `thumbnail`: an image path.
    @exclusivity(unchecked) public var thumbnail: LocatedString?

    /// Creates an empty value for the loader to fill in.
    public init(range: SourceRange, path: String) {
        self.range = range
        self.path = path
    }
}

/// A `UIActivityItemSource`.
public final class ItemSource: @unchecked Sendable {
    /// Where it stands in the source.
    @exclusivity(unchecked) public var range: SourceRange
    /// Its key path, such as `activityItems[2].source`.
    @exclusivity(unchecked) public var path: String
    /// `placeholder`.
    @exclusivity(unchecked) public var placeholder: ActivityValue?
    /// What it returns for activities not listed under `forActivity`.
    @exclusivity(unchecked) public var defaults: ActivityResponse
    /// `forActivity`: the activity as written (short name, raw value or custom type) and its response.
    @exclusivity(unchecked) public var overrides: [(activity: LocatedString, response: ActivityResponse)] = []
    /// `linkPresentation`: what `activityViewControllerLinkMetadata(_:)` returns.
    @exclusivity(unchecked) public var linkPresentation: LinkPresentation?

    /// Creates an empty value for the loader to fill in.
    public init(range: SourceRange, path: String) {
        self.range = range
        self.path = path
        self.defaults = ActivityResponse(range: range, path: path)
    }

    /// What it returns for an activity (a raw value or custom type): the override, else the defaults.
    public func response(for activityType: String) -> ActivityResponse {
        overrides.first { (BuiltInActivityTypes.rawValue(for: $0.activity.value) ?? $0.activity.value) == activityType }?.response ?? defaults
    }
}

/// One entry of `activityItems`.
public final class ActivityItemEntry: @unchecked Sendable {
    /// The 0-based position in `activityItems`.
    @exclusivity(unchecked) public var index: Int
    /// Where it stands in the source.
    @exclusivity(unchecked) public var range: SourceRange
    /// Its key path, such as `activityItems[0]`.
    @exclusivity(unchecked) public var path: String
    /// The object, for a plain entry.
    @exclusivity(unchecked) public var value: ActivityValue?
    /// The item source, for a `source` entry.
    @exclusivity(unchecked) public var source: ItemSource?

    /// Creates an empty value for the loader to fill in.
    public init(index: Int, range: SourceRange, path: String) {
        self.index = index
        self.range = range
        self.path = path
    }
}

/// One entry of `expect.destinations`.
public struct ExpectedDestination: Sendable {
    /// The activity's name as written (a key of `destinations`), located at the key.
    public var name: LocatedString
    /// The expected state (`offered`, `notOffered`, `decidedAtRunTime`), if given.
    public var state: LocatedString?
    /// The expected subject, if given.
    public var subject: LocatedString?
    /// The expected message text, if given.
    public var body: LocatedString?

    /// Creates an entry.
    public init(name: LocatedString, state: LocatedString? = nil, subject: LocatedString? = nil, body: LocatedString? = nil) {
        self.name = name
        self.state = state
        self.subject = subject
        self.body = body
    }
}
