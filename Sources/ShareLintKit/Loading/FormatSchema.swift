import YAMLSyntax

/// The declarative description of share file format (docs/format.md): the loader checks documents
/// against it (unknown, missing and wrongly-kinded keys), and the JSON Schema is
/// generated from it, so the two cannot drift.
package enum FormatSchema {
    /// What a field's value must be.
    package indirect enum ValueKind: Sendable {
        /// A string; `text` strings are for humans (empty-text applies).
        case string(text: Bool)
        /// An integer.
        case integer
        /// A boolean: `true` or `false`.
        case boolean
        /// One of a fixed set of strings.
        case enumeration([String])
        /// A mapping of the given shape.
        case object(Shape)
        /// A list of values of one kind.
        case list(ValueKind, nonEmpty: Bool)
        /// A mapping from names (editors offer `keyExamples`) to values of one kind.
        case dictionary(keyExamples: [String], value: ValueKind)
        /// A value of one of several kinds.
        case oneOf([ValueKind])

        /// The words used in messages: "a string", "a list", "a mapping".
        package var noun: String {
            switch self {
            case .string, .enumeration: return "a string"
            case .integer: return "an integer"
            case .boolean: return "a boolean (true or false)"
            case .object, .dictionary: return "a mapping"
            case .list: return "a list"
            case .oneOf(let kinds): return kinds.map(\.noun).joined(separator: " or ")
            }
        }
    }

    /// One key of a mapping.
    package struct Field: Sendable {
        /// The key.
        package var name: String
        /// What its value must be.
        package var kind: ValueKind
        /// Whether the key is required.
        package var required: Bool
        /// One sentence for editors and docs.
        package var summary: String
        /// Values editors offer for completion (other values stay allowed).
        package var examples: [String] {
            get {
                switch exampleSource {
                case .listed(let values): return values
                case .made(let make): return make()
                }
            }
            set { exampleSource = .listed(newValue) }
        }
        /// The examples, or how to make them when first asked: the type identifiers are
        /// worked out from the whole system registry (some 5 M instructions), which only
        /// editors and the schema ask for, never a run that checks files.
        private var exampleSource: ExampleSource
        /// A regular expression the value must match (JSON Schema `pattern`).
        package var pattern: String?
        /// The smallest and largest values of an integer (JSON Schema `minimum`, `maximum`).
        package var bounds: ClosedRange<Int>?

        /// Creates a field.
        package init(_ name: String, _ kind: ValueKind, required: Bool = false, _ summary: String,
                    examples: [String] = [], pattern: String? = nil, bounds: ClosedRange<Int>? = nil) {
            self.name = name
            self.kind = kind
            self.required = required
            self.summary = summary
            self.exampleSource = .listed(examples)
            self.pattern = pattern
            self.bounds = bounds
        }

        /// Creates a field whose examples are made when first asked for.
        init(_ name: String, _ kind: ValueKind, _ summary: String, examplesMadeBy make: @escaping @Sendable () -> [String]) {
            self.init(name, kind, summary)
            self.exampleSource = .made(make)
        }

        private enum ExampleSource: Sendable {
            case listed([String])
            case made(@Sendable () -> [String])
        }
    }

    /// A mapping's allowed keys.
    package final class Shape: Sendable {
        /// The shape's name (its `$defs` entry in the JSON Schema).
        package let name: String
        /// One sentence for editors and docs.
        package let summary: String
        /// The allowed keys.
        package let fields: [Field]
        /// The allowed keys' names, in the order of `fields` (matched without copying a field).
        let names: [String]
        /// The UTF-8 length of each name: a key is compared only with names as long as it.
        let nameLengths: [Int]
        /// The names as bytes, for matching a document's keys without making strings.
        let keyTable: KeyTable
        /// The indexes (in `fields`) of the required keys (`schemaVersion` left out: its own
        /// rule reports it).
        let requiredKeys: [Int]
        /// How payload keys combine: exactly one payload, or the item rule
        /// (shorthand or representations).
        package let payloadRule: PayloadRule
        /// The indexes in `names` of the payload keys, in `Loader.payloadKeys`' order (-1 for
        /// a key the shape does not allow): the loader finds a payload by index, not by
        /// comparing strings.
        let payloadIndexes: SIMD4<Int32>

        /// How a shape's payload keys combine.
        package enum PayloadRule: Sendable {
            case none
            /// Exactly one of text, url, file and base64.
            case exactlyOne
            /// The shorthand (type and one payload) or representations.
            case shorthandOrRepresentations
            /// Exactly one of the given keys.
            case exactlyOneOf([String])
        }

        /// Creates a shape.
        package init(name: String, summary: String, fields: [Field], payloadRule: PayloadRule = .none) {
            self.name = name
            self.summary = summary
            self.fields = fields
            self.names = fields.map(\.name)
            self.nameLengths = fields.map(\.name.utf8.count)
            self.keyTable = KeyTable(fields.map(\.name))
            self.requiredKeys = fields.indices.filter { fields[$0].required && fields[$0].name != "schemaVersion" }
            self.payloadRule = payloadRule
            let names = self.names
            func index(_ key: String) -> Int32 { names.firstIndex(of: key).map(Int32.init) ?? -1 }
            let keys = Loader.payloadKeys
            self.payloadIndexes = SIMD4(index(keys[0]), index(keys[1]), index(keys[2]), index(keys[3]))
        }

        /// The field of a key, if the key is allowed.
        package func field(_ key: String) -> Field? {
            let length = key.utf8.count
            return fields.first { $0.name.utf8.count == length && $0.name == key }
        }
    }

    /// Reverse-DNS identifiers: labels of letters, digits and `-`, separated by dots.
    package static let reverseDNS = "^[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+$"
    /// Concrete types of things people share (content, links, contacts, events): not
    /// folders, bundles, executables or symlinks. Made the first time a field's examples
    /// are asked for (`Field.examples`), not when the shapes are.
    static let typeExamples = UTTypeRegistry.system.declarations.filter { declaration in
        !declaration.isAbstract && ["public.content", "public.url", "public.contact", "public.calendar-event", "public.archive"].contains {
            UTTypeRegistry.system.conforms(declaration.identifier, to: $0)
        } && !UTTypeRegistry.system.conforms(declaration.identifier, to: "public.executable")
    }.map(\.identifier)
    static let activityExamples = BuiltInActivityTypes.all.map(\.shortName) + BuiltInActivityTypes.all.map(\.rawValue)

    static let text = ValueKind.string(text: true)
    static let string = ValueKind.string(text: false)
    static let identifiers = ValueKind.list(string, nonEmpty: false)

    /// `metadata.linkPresentation`.
    package static let linkPresentation = Shape(name: "LinkPresentation", summary: "What becomes the LPLinkMetadata of the share sheet header.", fields: [
        Field("title", text, "LPLinkMetadata.title."),
        Field("url", string, "LPLinkMetadata.url: the link the header describes."),
        Field("originalURL", string, "LPLinkMetadata.originalURL: the link before redirects."),
        Field("icon", string, "iconProvider: path of an image file."),
        Field("image", string, "imageProvider: path of an image file."),
        Field("video", string, "videoProvider: path of a movie file."),
        Field("remoteVideoURL", string, "LPLinkMetadata.remoteVideoURL."),
    ])

    /// `metadata`, at configuration or item level.
    package static let metadata = Shape(name: "Metadata", summary: "activityItemsConfigurationMetadata values.", fields: [
        Field("title", text, ".title: the share sheet's title."),
        Field("messageBody", text, ".messageBody: text sent with the items; it becomes a Plain Text item in the header."),
        Field("linkPresentation", .object(linkPresentation), ".linkPresentationMetadata."),
    ])

    /// Per-item `previews`.
    package static let previews = Shape(name: "Previews", summary: "activityItemsConfigurationPreview images by intent.", fields: [
        Field("thumbnail", string, "Path of the thumbnail image."),
        Field("fullSize", string, "Path of the full-size image."),
    ])

    /// Payload keys shared by the shorthand item and a representation.
    static let payloadFields = [
        Field("type", string, "The uniform type identifier; inferred from the payload when omitted.", examplesMadeBy: { typeExamples }),
        Field("text", text, "A string payload (public.plain-text)."),
        Field("url", string, "A URL payload (public.url)."),
        Field("file", string, "A file payload: a path relative to this file, inside the root."),
        Field("base64", string, "The payload's bytes in standard base64."),
    ]

    /// `when`: an entry present only when a boolean parameter is true, or with `not` false.
    static let when = Field("when", string, "$(name) or not $(name): the entry is present only when that boolean parameter is true (or false).")

    /// One entry of `representations`.
    package static let representation = Shape(name: "Representation", summary: "One registered representation: a type and exactly one payload.",
                                             fields: payloadFields + [when], payloadRule: .exactlyOne)

    /// One entry of `items`.
    package static let item = Shape(name: "Item", summary: "One item provider: the shorthand (type plus one payload) or representations.", fields: payloadFields + [
        Field("suggestedName", string, "NSItemProvider.suggestedName."),
        Field("metadata", .object(metadata), "Per-item metadata; overrides the configuration's for this item."),
        Field("previews", .object(previews), "Per-item previews."),
        Field("representations", .list(.object(representation), nonEmpty: true), "Registered representations, highest fidelity first."),
        when,
    ], payloadRule: .shorthandOrRepresentations)

    /// One entry of `applicationActivities`.
    package static let activity = Shape(name: "ApplicationActivity", summary: "A custom UIActivity.", fields: [
        Field("type", string, required: true, "The activity type, unique: any string iOS takes; reverse-DNS (com.example.app.save-qr) by Apple's convention."),
        Field("title", text, required: true, "The title under the activity's icon."),
        Field("image", string, "Path of a PNG template image with alpha."),
        Field("symbol", string, "An SF Symbol's name (square.and.arrow.down) for UIImage(systemName:), instead of image.",
              pattern: "^[a-z0-9]+(\\.[a-z0-9]+)*$"),
        Field("category", .enumeration(["action", "share"]), "action (default) or share."),
        when,
    ])

    /// An `excludedActivityTypes` entry in its mapping form: an exclusion under a condition.
    package static let exclusion = Shape(name: "Exclusion", summary: "An excluded activity type present only under a condition.", fields: [
        Field("type", string, required: true, "A built-in short name or raw value, or another app's reverse-DNS identifier.", examples: activityExamples),
        when,
    ])

    /// One entry of `types`.
    package static let typeDeclaration = Shape(name: "TypeDeclaration", summary: "A custom uniform type declaration.", fields: [
        Field("identifier", string, required: true, "The reverse-DNS identifier; not under public.", pattern: reverseDNS),
        Field("conformsTo", .list(string, nonEmpty: false), "The types it conforms to.", examplesMadeBy: { typeExamples }),
        Field("extensions", identifiers, "Filename extensions, without the dot."),
        Field("mimeTypes", identifiers, "MIME types."),
    ])

    /// `expect.header`.
    package static let expectedHeader = Shape(name: "ExpectedHeader", summary: "The header the share sheet must show.", fields: [
        Field("title", string, "The expected header title."),
        Field("subtitle", string, "The expected header subtitle."),
    ])

    /// The states of `expect.destinations` entries (`Destination.Availability`).
    package static let destinationStates = Destination.Availability.allCases.map(\.rawValue)

    /// One entry of `expect.destinations` in its mapping form.
    package static let expectedDestination = Shape(name: "ExpectedDestination", summary: "What an activity must do: whether it is offered and what it receives.", fields: [
        Field("offered", .enumeration(destinationStates), "offered, notOffered or decidedAtRunTime."),
        Field("subject", string, "The subject it receives (Mail's subject line); \"\" for none."),
        Field("body", string, "The message text it receives; \"\" for none."),
    ])

    /// `expect`.
    package static let expect = Shape(name: "Expect", summary: "Assertions checked by the linter.", fields: [
        Field("header", .object(expectedHeader), "The expected header."),
        Field("destinations", .dictionary(keyExamples: BuiltInActivity.allCases.map(\.shortName),
                                          value: .oneOf([.enumeration(destinationStates), .object(expectedDestination)])),
              "Per activity (a built-in short name or an application activity's type): a state, or a mapping of what it must receive."),
    ])

    /// The `api` values of `wechat.miniProgramCode`: WeChat's three code APIs.
    package static let miniProgramCodeAPIs = ["getUnlimited", "get", "createQRCode"]
    /// The `envVersion` values of `wechat.miniProgramCode`.
    package static let miniProgramEnvVersions = ["release", "trial", "develop"]

    /// A scene: 1 to 32 of its characters, or, with a `$(name)` in it, its characters and
    /// parameters (the example's length is checked by `wechat-code-scene`).
    static let sceneWithParameters = "^(?:[0-9A-Za-z!#$&'()*+,/:;=?@._~-]{1,32}|(?=.*\\$\\()(?:[0-9A-Za-z!#$&'()*+,/:;=?@._~-]|\\$\\([A-Za-z_][A-Za-z0-9_]*\\))+)$"

    /// `wechat.miniProgramCode`.
    package static let miniProgramCode = Shape(name: "MiniProgramCode", summary: "How the WeChat mini-program code on the shared poster is made (docs/wechat.md).", fields: [
        Field("api", .enumeration(miniProgramCodeAPIs), required: true,
              "The API that makes the code: getUnlimited (wxacode.getUnlimited, on demand, with scene), get (wxacode.get) or createQRCode (wxaapp.createQRCode), both limited in number."),
        Field("page", string, "getUnlimited: the page the code opens, such as pages/invite/index: no leading '/', no query."),
        Field("path", string, "get and createQRCode: the page the code opens, with an optional query; at most 128 bytes."),
        Field("scene", string, "getUnlimited: the parameters the page receives; at most 32 characters of [0-9A-Za-z!#$&'()*+,/:;=?@-._~].",
              pattern: sceneWithParameters),
        Field("width", .integer, "The code's width in px, 280 to 1280 (WeChat's default: 430).", bounds: MiniProgramCode.widths),
        Field("envVersion", .enumeration(miniProgramEnvVersions), "The version the code opens: release (default), trial or develop."),
        Field("checkPath", .boolean, "getUnlimited: whether WeChat checks that page is published (default true)."),
        Field("image", string, required: true, "The code image as shared: the file of one of this configuration's image items."),
    ])

    /// `wechat`.
    package static let wechat = Shape(name: "WeChat", summary: "WeChat-specific descriptions of what is shared.", fields: [
        Field("miniProgramCode", .object(miniProgramCode), "The mini-program code on the shared poster."),
    ])

    /// The kinds of value an activity item is, in `activityItems` and item sources.
    package static let activityValueKeys = ["text", "url", "image", "fileURL", "data", "printFormatter"]

    /// A print formatter: `UISimpleTextPrintFormatter(text:)` or `UIMarkupTextPrintFormatter(markupText:)`.
    package static let printFormatter = Shape(name: "PrintFormatter", summary: "A UIPrintFormatter: plain text or HTML markup to print.", fields: [
        Field("text", text, "UISimpleTextPrintFormatter(text:)."),
        Field("markup", string, "UIMarkupTextPrintFormatter(markupText:): HTML."),
    ], payloadRule: .exactlyOneOf(["text", "markup"]))

    static let activityValueFields = [
        Field("text", text, "An NSString."),
        Field("url", string, "An NSURL: a web link."),
        Field("image", string, "A UIImage: the path of an image file."),
        Field("fileURL", string, "A file URL: the path of a file, relative to this file, inside the root."),
        Field("data", string, "An NSData: the bytes of the file at this path (relative to this file, inside the root), without a type."),
        Field("printFormatter", .object(printFormatter), "A UIPrintFormatter: brings Print, and with it Books and Markup."),
    ]

    /// A plain activity value: what an item source's placeholder or item is.
    package static let activityValue = Shape(name: "ActivityValue", summary: "An object handed to UIActivityViewController: a string, a URL, an image or a file URL.",
                                            fields: activityValueFields, payloadRule: .exactlyOneOf(activityValueKeys))

    /// What an item source answers for one activity (or for every activity not listed).
    package static let activityResponse = Shape(name: "ActivityResponse", summary: "What a UIActivityItemSource returns for an activity.", fields: [
        Field("item", .object(activityValue), "activityViewController(_:itemForActivityType:): the object this activity receives."),
        Field("subject", text, "activityViewController(_:subjectForActivityType:): the subject (Mail)."),
        Field("dataType", string, "activityViewController(_:dataTypeIdentifierForActivityType:): the item's type identifier.", examplesMadeBy: { typeExamples }),
        Field("thumbnail", string, "activityViewController(_:thumbnailImageForActivityType:suggestedSize:): the path of an image file."),
        Field("withheld", .boolean, "true: activityViewController(_:itemForActivityType:) returns nil, and the activity receives nothing from this source (only under forActivity)."),
    ])

    /// A `UIActivityItemSource`.
    package static let itemSource = Shape(name: "ItemSource", summary: "A UIActivityItemSource: a placeholder, what it returns per activity, and its link metadata.", fields: [
        Field("placeholder", .object(activityValue), required: true, "activityViewControllerPlaceholderItem(_:): what the sheet decides its activities from."),
        Field("item", .object(activityValue), "The object returned for activities not listed under forActivity (default: the placeholder)."),
        Field("subject", text, "The subject for activities not listed under forActivity."),
        Field("dataType", string, "The type identifier for activities not listed under forActivity.", examplesMadeBy: { typeExamples }),
        Field("thumbnail", string, "The thumbnail for activities not listed under forActivity: the path of an image file."),
        Field("forActivity", .dictionary(keyExamples: activityExamples, value: .object(activityResponse)),
              "Per activity (a built-in short name or raw value, an application activity's type, or another app's extension type): what the source returns."),
        Field("linkPresentation", .object(linkPresentation), "activityViewControllerLinkMetadata(_:): the header's LPLinkMetadata."),
    ])

    /// One entry of `activityItems`.
    package static let activityItem = Shape(name: "ActivityItem", summary: "One activity item: a string, a URL, an image, a file URL or an item source.",
                                           fields: activityValueFields + [Field("source", .object(itemSource), "A UIActivityItemSource."), when],
                                           payloadRule: .exactlyOneOf(activityValueKeys + ["source"]))

    /// The kinds of a parameter (`Parameter.Kind`).
    package static let parameterKinds = Parameter.Kind.allCases.map(\.rawValue)

    /// One entry of `parameters`.
    package static let parameter = Shape(name: "Parameter", summary: "A run-time value: values use it as $(name); every check runs with its example in place.", fields: [
        Field("kind", .enumeration(parameterKinds), required: true,
              "text, url, integer, image, file or boolean: what the app puts in place, and so where $(name) may stand."),
        Field("example", .oneOf([string, .integer, .boolean]), required: true,
              "A value the app could share: checks, the header and the destinations use it."),
        Field("description", string, "Free text for humans; never validated."),
    ])

    /// A whole configuration document.
    package static let configuration = Shape(name: "ShareConfiguration", summary: "A share configuration (schemaVersion 1).", fields: [
        Field("schemaVersion", .integer, required: true, "The format version: the integer 1."),
        Field("name", string, "A name shown in reports: [A-Za-z0-9][A-Za-z0-9._-]*.", pattern: "^[A-Za-z0-9][A-Za-z0-9._-]*$"),
        Field("description", string, "Free text for humans; never validated."),
        Field("parameters", .dictionary(keyExamples: [], value: .object(parameter)),
              "Run-time values by name ([A-Za-z_][A-Za-z0-9_]*): values use them as $(name).", pattern: "^[A-Za-z_][A-Za-z0-9_]*$"),
        Field("metadata", .object(metadata), "Configuration-level metadata."),
        Field("items", .list(.object(item), nonEmpty: false), "The item providers, in order (UIActivityItemsConfiguration); not with activityItems."),
        Field("activityItems", .list(.object(activityItem), nonEmpty: false),
              "UIActivityViewController(activityItems:applicationActivities:): the objects shared, in order; not with items."),
        Field("applicationActivities", .list(.object(activity), nonEmpty: false), "Custom activities."),
        Field("excludedActivityTypes", .list(.oneOf([string, .object(exclusion)]), nonEmpty: false),
              "Activity types hidden from the share sheet: a built-in short name or raw value, or another app's reverse-DNS identifier; or {type, when} for one under a condition.",
              examples: activityExamples),
        Field("types", .list(.object(typeDeclaration), nonEmpty: false), "Custom type declarations."),
        Field("expect", .object(expect), "Assertions checked by the linter."),
        Field("wechat", .object(wechat), "WeChat-specific descriptions: the mini-program code on a shared poster."),
    ])
}
