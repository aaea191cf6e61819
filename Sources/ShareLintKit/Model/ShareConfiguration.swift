import YAMLSyntax

// The model is immutable: the loader reads a document into local values, then makes each
// object with one initializer, from its innermost parts out to the `ShareConfiguration`
// (a configuration or part made in code is made the same way, with the public
// initializers). Every stored property is a `let`: reading one is a plain load, with no
// dynamic exclusivity check (the check guards writes, and there are none), and a final
// class whose stored properties are all `let`s of `Sendable` types is `Sendable` by
// construction, checked by the compiler.
//
// The types are classes: each is made once and then read by every rule, the header
// model and the renderers, so sharing beats copying.
//
// Its string values' storage (`strings`) is filled before the configuration is made (by
// the loader, or for one made in code by `ShareConfiguration.Values`, which hands its
// storage over) and never added to after: a configuration shared between threads is only
// read. Each value holds the storage too, so a value kept after its configuration reads.

/// One share configuration: one document of a `*.share.yaml` stream.
public final class ShareConfiguration: Sendable {
    /// The 0-based index of the document in its stream.
    public let documentIndex: Int
    /// Where the document's root mapping stands.
    public let range: SourceRange
    /// `schemaVersion`, when it is an integer.
    public let schemaVersion: Located<Int>?
    /// `name`.
    public let name: LocatedString?
    /// Configuration-level `metadata`.
    public let metadata: Metadata?
    /// `items`, in order (entries that are not mappings are left out).
    public let items: [Item]
    /// How many entries `items` has as written, valid or not.
    public let writtenItemCount: Int
    /// `activityItems` (the `UIActivityViewController(activityItems:)` path), in order.
    public let activityItems: [ActivityItemEntry]
    /// How many entries `activityItems` has as written, valid or not.
    public let writtenActivityItemCount: Int
    /// Whether the document describes the `activityItems` path.
    public let usesActivityItems: Bool
    /// `applicationActivities`.
    public let applicationActivities: [ApplicationActivity]
    /// The types of `applicationActivities`, made on each call: callers ask for it only
    /// once a name is not a built-in activity (most documents never do).
    var applicationActivityTypes: Set<String> { Set(applicationActivities.compactMap { $0.type?.value }) }
    /// `excludedActivityTypes`, as written.
    public let excludedActivityTypes: [LocatedString]
    /// Custom `types` declarations.
    public let types: [TypeDeclarationEntry]
    /// `expect` assertions.
    public let expect: Expectation?
    /// `wechat`.
    package let wechat: WeChatDescription?
    /// `parameters`: the run-time values the configuration declares, in order.
    public let parameters: [Parameter]
    /// Every `$(name)` written in a value, in order. The values themselves read with the
    /// examples in place.
    public let parameterUses: [ParameterUse]
    /// Every `when:` of an entry, in order. A configuration read for one variant holds only
    /// the entries present in it, and still every condition.
    public let conditions: [Condition]
    /// The written pieces (fixed text and `$(name)`) of each value that uses a parameter,
    /// by the value's key path: what `sharelint generate` builds the value from at run time.
    package let valueTemplates: [String: [ParameterSyntax.Piece]]

    /// The storage of the document's string values (each value holds it too, so a value
    /// kept after the configuration still reads: `LocatedString`).
    let strings: LocatedStrings

    /// Creates a configuration whose values are in `strings` (the loader's initializer).
    init(documentIndex: Int, range: SourceRange, strings: LocatedStrings, schemaVersion: Located<Int>?, name: LocatedString?,
         metadata: Metadata?, items: [Item], writtenItemCount: Int, activityItems: [ActivityItemEntry], writtenActivityItemCount: Int,
         usesActivityItems: Bool, applicationActivities: [ApplicationActivity], excludedActivityTypes: [LocatedString],
         types: [TypeDeclarationEntry], expect: Expectation?, wechat: WeChatDescription?,
         parameters: [Parameter] = [], parameterUses: [ParameterUse] = [], conditions: [Condition] = [],
         valueTemplates: [String: [ParameterSyntax.Piece]] = [:]) {
        self.documentIndex = documentIndex
        self.range = range
        self.strings = strings
        self.schemaVersion = schemaVersion
        self.name = name
        self.metadata = metadata
        self.items = items
        self.writtenItemCount = writtenItemCount
        self.activityItems = activityItems
        self.writtenActivityItemCount = writtenActivityItemCount
        self.usesActivityItems = usesActivityItems
        self.applicationActivities = applicationActivities
        self.excludedActivityTypes = excludedActivityTypes
        self.types = types
        self.expect = expect
        self.wechat = wechat
        self.parameters = parameters
        self.parameterUses = parameterUses
        self.conditions = conditions
        self.valueTemplates = valueTemplates
    }

    /// Creates a configuration in code, taking over the storage of `values`, where its
    /// string values were made (`Values.string(_:range:keyRange:path:)`). A written count left nil is its list's count, and
    /// `usesActivityItems` left nil is whether `activityItems` has entries.
    package convenience init(documentIndex: Int, range: SourceRange, values: Values? = nil, schemaVersion: Located<Int>? = nil,
                            name: LocatedString? = nil, metadata: Metadata? = nil, items: [Item] = [], writtenItemCount: Int? = nil,
                            activityItems: [ActivityItemEntry] = [], writtenActivityItemCount: Int? = nil, usesActivityItems: Bool? = nil,
                            applicationActivities: [ApplicationActivity] = [], excludedActivityTypes: [LocatedString] = [],
                            types: [TypeDeclarationEntry] = [], expect: Expectation? = nil, wechat: WeChatDescription? = nil) {
        self.init(documentIndex: documentIndex, range: range, strings: values?.handOver() ?? LocatedStrings(), schemaVersion: schemaVersion,
                  name: name, metadata: metadata, items: items, writtenItemCount: writtenItemCount ?? items.count,
                  activityItems: activityItems, writtenActivityItemCount: writtenActivityItemCount ?? activityItems.count,
                  usesActivityItems: usesActivityItems ?? !activityItems.isEmpty, applicationActivities: applicationActivities,
                  excludedActivityTypes: excludedActivityTypes, types: types, expect: expect, wechat: wechat)
    }

    /// The string values of a configuration being made in code: made here, then handed
    /// over with the storage that holds them when the configuration is made
    /// (`ShareConfiguration(documentIndex:range:values:…)`). Each value holds its storage,
    /// so it reads for as long as it is kept.
    ///
    /// Not `Sendable`: values are added from one thread. What is handed over is never added
    /// to again: the next values go into a new storage, for the next configuration.
    package final class Values {
        private var strings: LocatedStrings

        /// Creates an empty set of values.
        package init() {
            strings = LocatedStrings()
        }

        /// Makes a string value.
        package func string(_ value: String, range: SourceRange, keyRange: SourceRange? = nil, path: String) -> LocatedString {
            string(value, range: range, keyRange: keyRange, parent: path, key: "")
        }

        /// Makes a mapping value from its mapping's path and its key (`string(_:range:keyRange:path:)`).
        package func string(_ value: String, range: SourceRange, keyRange: SourceRange?, parent: String, key: String) -> LocatedString {
            strings.add(value, range: range, keyRange: keyRange, parent: parent, key: key)
        }

        /// The storage of the values made so far, for a configuration to take over; a new
        /// one takes its place here.
        fileprivate func handOver() -> LocatedStrings {
            let filled = strings
            strings = LocatedStrings()
            return filled
        }

        /// The storage values are made in now (for tests).
        var storage: LocatedStrings { strings }
    }
}

/// One custom `UIActivity` from `applicationActivities`.
public final class ApplicationActivity: Sendable {
    /// Where it stands in the source.
    public let range: SourceRange
    /// Its key path in the document, such as `applicationActivities[0]`.
    public let path: String
    /// `type`, as written.
    public let type: LocatedString?
    /// `title`.
    public let title: LocatedString?
    /// `image`: an image path.
    public let image: LocatedString?
    /// `symbol`: an SF Symbol's name, the image made by `UIImage(systemName:)`.
    public let symbol: LocatedString?
    /// `category`: `action` or `share`.
    public let category: LocatedString?

    /// Creates an application activity.
    package init(range: SourceRange, path: String, type: LocatedString? = nil, title: LocatedString? = nil, image: LocatedString? = nil,
                symbol: LocatedString? = nil, category: LocatedString? = nil) {
        self.symbol = symbol
        self.range = range
        self.path = path
        self.type = type
        self.title = title
        self.image = image
        self.category = category
    }
}

/// One custom type declaration from `types`.
public final class TypeDeclarationEntry: Sendable {
    /// Where it stands in the source.
    public let range: SourceRange
    /// Its key path in the document, such as `types[0]`.
    public let path: String
    /// `identifier`.
    public let identifier: LocatedString?
    /// `conformsTo`.
    public let conformsTo: [LocatedString]
    /// `extensions`.
    public let extensions: [LocatedString]
    /// `mimeTypes`.
    public let mimeTypes: [LocatedString]

    /// Creates a type declaration.
    package init(range: SourceRange, path: String, identifier: LocatedString? = nil, conformsTo: [LocatedString] = [],
                extensions: [LocatedString] = [], mimeTypes: [LocatedString] = []) {
        self.range = range
        self.path = path
        self.identifier = identifier
        self.conformsTo = conformsTo
        self.extensions = extensions
        self.mimeTypes = mimeTypes
    }
}

/// `expect`: assertions on the predicted header and destinations.
public final class Expectation: Sendable {
    /// `header.title`.
    public let title: LocatedString?
    /// `header.subtitle`.
    public let subtitle: LocatedString?
    /// `destinations`, in written order.
    public let destinations: [ExpectedDestination]

    /// Creates the assertions.
    package init(title: LocatedString? = nil, subtitle: LocatedString? = nil, destinations: [ExpectedDestination] = []) {
        self.title = title
        self.subtitle = subtitle
        self.destinations = destinations
    }
}

/// One entry of `expect.destinations`.
public struct ExpectedDestination: Sendable {
    /// The activity's name as written (a key of `destinations`), located at the key.
    public let name: LocatedString
    /// The expected state (`offered`, `notOffered`, `decidedAtRunTime`), if given.
    public let state: LocatedString?
    /// The expected subject, if given.
    public let subject: LocatedString?
    /// The expected message text, if given.
    public let body: LocatedString?

    /// Creates an entry.
    package init(name: LocatedString, state: LocatedString? = nil, subject: LocatedString? = nil, body: LocatedString? = nil) {
        self.name = name
        self.state = state
        self.subject = subject
        self.body = body
    }
}
