import ShareLintMessages
import YAMLSyntax

/// Everything a rule may look at for one configuration. A class: rules, the destination
/// model and memoized closures share one context per document instead of copying its
/// dozen arrays.
package final class RuleContext {
    /// The configuration under check.
    package let configuration: ShareConfiguration
    /// System types plus the document's valid custom `types`.
    package let registry: UTTypeRegistry
    /// The files the configuration refers to, with what their first bytes say.
    package var files: FileInspector { fileMemo.files }
    /// The directory of the configuration file, for relative paths.
    package var directory: String { fileMemo.directory }
    /// Options of this run.
    package let options: LintOptions
    /// What the share sheet shows above its rows for the run's target.
    package let prediction: HeaderPrediction
    /// The predicted header, nil when iOS shows no preview.
    package var header: Header? { prediction.header }
    /// The lists below, in memory the file's documents reuse (`ContextLists`); rules read
    /// them through the properties below.
    let lists: ContextLists
    /// Every representation with its item (computed once for all rules).
    var representations: [(item: Item, representation: Representation)] { lists.representations }
    /// Every type identifier written where a type is used.
    var typeReferences: [LocatedString] { lists.typeReferences }
    /// Every URL written in the configuration.
    var urls: [LocatedString] { lists.urls }
    /// The parts of each of `urls` (nil when it has no scheme), parsed once for every rule.
    var urlParts: [URLParts?] { lists.urlParts }
    /// Every human-facing text.
    var texts: [TextEntry] { lists.texts }
    /// Each `excludedActivityTypes` entry with the built-in activity type it names, looked
    /// up once for every rule that asks (nil for a name that is not built in).
    var exclusions: [Exclusion] { lists.exclusions }
    /// Every file path the configuration refers to, with what refers to it and its facts,
    /// looked up once here for every rule (the fused file pass).
    var referencedPaths: [ReferencedPath] { lists.referencedPaths }
    /// For each representation (by `ordinal`), the index in `referencedPaths` of its `file`
    /// payload, or -1.
    private var filePathSlots: [Int] { lists.filePathSlots }
    /// What rules ask about this document, answered once (see `DocumentMemo`).
    let memo: DocumentMemo

    /// What the file's documents ask again and again (a path's facts, a system type's),
    /// kept for the file.
    let fileMemo: FileMemo

    /// Creates a context.
    init(configuration: ShareConfiguration, registry: UTTypeRegistry, fileMemo: FileMemo,
         options: LintOptions, prediction: HeaderPrediction) {
        self.configuration = configuration
        self.registry = registry
        self.fileMemo = fileMemo
        self.options = options
        self.prediction = prediction
        var lists = fileMemo.emptyLists()
        lists.fill(from: configuration, fileMemo: fileMemo)
        lists.urlParts.reserveCapacity(lists.urls.count)
        for url in lists.urls { lists.urlParts.append(URLParts(url)) }
        memo = DocumentMemo(representations: lists.representations.count, file: registry.isSystemTable ? fileMemo : nil)
        lists.exclusions.reserveCapacity(configuration.excludedActivityTypes.count)
        for entry in configuration.excludedActivityTypes {
            // A name that is a built-in activity has that activity's raw value: one lookup.
            let activity = BuiltInActivity(named: entry)
            lists.exclusions.append(Exclusion(entry: entry, rawValue: activity?.activityType ?? BuiltInActivityTypes.rawValue(for: entry.value),
                                              activity: activity))
        }
        self.lists = lists
    }

    deinit {
        // The lists' values go with their document; the memory stays for the file's next one.
        fileMemo.keepForReuse(lists)
    }

    /// Which activities the share sheet offers and, with `receipts`, what each receives, for
    /// the run's target (computed on demand: only rules that need it pay for it).
    package func destinations(receipts: Bool = true) -> DestinationReport {
        // A report with receipts also answers what is offered.
        if let report = memo.destinations[true] ?? (receipts ? nil : memo.destinations[false]) { return report }
        let report = DestinationModel(target: options.iosTarget, infoPlist: options.infoPlist)
            .report(for: configuration, registry: registry, receipts: receipts, typeOf: effectiveType(of:)) { path in
                guard let content = self.facts(path).content, let width = content.displayedWidth, let height = content.displayedHeight else { return nil }
                return (width, height)
            }
        memo.destinations[receipts] = report
        return report
    }

    /// The parts of a URL written in the configuration, as parsed once for every rule
    /// (found by where it is written; parsed again for a value from elsewhere).
    func parts(of url: LocatedString) -> URLParts? {
        // The same entry first (no string compared), then the same text written in the same place.
        for i in urls.indices where urls[i].isSame(url) { return urlParts[i] }
        for i in urls.indices where urls[i].range == url.range && urls[i].value == url.value { return urlParts[i] }
        return URLParts(url.value)
    }

    /// Resolves a path written in the configuration.
    package func resolve(_ path: String) -> FileResolution {
        facts(path).resolution
    }

    /// What sharelint knows of a path written in the configuration.
    package func facts(_ path: String) -> FileFacts {
        fileMemo.facts(path)
    }

    /// What sharelint knows of a path value of the configuration: the file pass's facts
    /// when it walked this very value (no lookup by the path's bytes), else looked up.
    func facts(of path: LocatedString) -> FileFacts {
        let list = referencedPaths
        for i in list.indices where list[i].path.isSame(path) { return list[i].facts }
        return facts(path.value)
    }

    /// What the bytes of a `file` or `base64` payload are, when known.
    package func content(of representation: Representation) -> SniffedContent? {
        switch representation.payload {
        case .file(let path)?:
            // The file pass has the facts of every file payload.
            if let slot = slot(of: representation), filePathSlots[slot] >= 0 { return referencedPaths[filePathSlots[slot]].facts.content }
            return facts(path.value).content
        case .text?, .url?, nil:
            return nil
        case .base64?:
            // Decoded and sniffed once per document.
            let slot = self.slot(of: representation)
            if let slot, let known = memo.content(slot) { return known }
            let content = TypeInferenceLogic.content(of: representation, files: files, directory: directory)
            if let slot { memo.remember(content, slot: slot) }
            return content
        }
    }

    /// The type of a representation: the declared one, else the one inferred from
    /// its payload (nil when it cannot be inferred).
    package func effectiveType(of representation: Representation) -> String? {
        if let declared = representation.type?.value { return declared }
        switch representation.payload {
        case .text?: return "public.plain-text"
        case .url?: return "public.url"
        case .base64?, nil: return nil
        case .file?: break
        }
        // A file's type from its extension (and content): worked out once per document.
        let slot = self.slot(of: representation)
        if let slot, let known = memo.type(slot) { return known }
        let type = TypeInferenceLogic.effectiveType(of: representation, registry: registry, content: content(of: representation))
        if let slot { memo.remember(type, slot: slot) }
        return type
    }

    /// The index of a representation of this configuration in `representations` (its
    /// ordinal, checked), nil for one from elsewhere.
    private func slot(of representation: Representation) -> Int? {
        let k = representation.ordinal
        if k < representations.count && representations[k].representation === representation { return k }
        return representations.firstIndex { $0.representation === representation }
    }

    /// The declaration of a type identifier in the registry (asked once per document).
    func declaration(for type: String) -> UTTypeDeclaration? { memo.typeFacts(type, registry: registry).declaration }

    /// Whether the registry declares a type identifier (asked once per document).
    func declares(_ type: String) -> Bool { memo.typeFacts(type, registry: registry).isDeclared }

    /// Whether a type conforms to public.image (asked once per document).
    func conformsToImage(_ type: String) -> Bool { memo.typeFacts(type, registry: registry).bits(in: registry).contains(.image) }

    /// Whether a type conforms to the parent of a provider bit (asked once per document).
    func conforms(_ type: String, toParentOf bit: ActivityItemTypes) -> Bool { memo.typeFacts(type, registry: registry).bits(in: registry).contains(bit) }

    /// Whether a representation carries image bytes (a `file` or `base64` payload whose
    /// type conforms to public.image): what "Save Image" takes.
    package func isImage(_ representation: Representation) -> Bool {
        switch representation.payload {
        case .file?, .base64?:
            return effectiveType(of: representation).map { conformsToImage($0) } ?? false
        default:
            return false
        }
    }
}

/// What refers to a file path, as messages name it.
enum PathRole {
    case file, linkIcon, linkImage, linkVideo, thumbnail, fullSizePreview, activityImage, miniProgramCodeImage, image, fileURL, data

    /// The role in words.
    var message: Message {
        switch self {
        case .file: return Message(.roleFile)
        case .linkIcon: return Message(.roleLinkIcon)
        case .linkImage: return Message(.roleLinkImage)
        case .linkVideo: return Message(.roleLinkVideo)
        case .thumbnail: return Message(.roleThumbnail)
        case .fullSizePreview: return Message(.roleFullSizePreview)
        case .activityImage: return Message(.roleActivityImage)
        case .miniProgramCodeImage: return Message(.roleMiniProgramCodeImage)
        case .image: return Message(.roleImage)
        case .fileURL: return Message(.roleFileURL)
        case .data: return Message(.roleData)
        }
    }

    /// Whether the path must name an image (a preview, a link's icon or image, an `image`
    /// activity item).
    var isImage: Bool {
        switch self {
        case .thumbnail, .fullSizePreview, .linkIcon, .linkImage, .image: return true
        case .file, .linkVideo, .activityImage, .miniProgramCodeImage, .fileURL, .data: return false
        }
    }
}

/// A file path the configuration refers to, what refers to it, and what sharelint knows of
/// the file: two references and a role, so five file rules walk these with a retain or two
/// per element and no object is allocated per path.
struct ReferencedPath {
    let path: LocatedString
    let role: PathRole
    /// What the file's documents ask of the path (`FileMemo`).
    let memo: PathMemo
    var facts: FileFacts { memo.facts }

    init(path: LocatedString, role: PathRole, memo: PathMemo) {
        self.path = path
        self.role = role
        self.memo = memo
    }
}

/// An `excludedActivityTypes` entry and what it names.
struct Exclusion {
    /// The entry as written.
    let entry: LocatedString
    /// The raw activity type of a built-in short name or raw value.
    let rawValue: String?
    /// The built-in activity it names, if any.
    let activity: BuiltInActivity?
    /// The raw value, or the entry itself for a type that is not built in.
    var key: String { rawValue ?? entry.value }
}

