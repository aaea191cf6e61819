#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import YAMLSyntax

/// Everything a rule may look at for one configuration. A class: rules, the destination
/// model and memoized closures share one context per document instead of copying its
/// dozen arrays.
public final class RuleContext: Sendable {
    /// The configuration under check.
    public let configuration: ShareConfiguration
    /// System types plus the document's valid custom `types`.
    public let registry: UTTypeRegistry
    /// The files the configuration refers to, with what their first bytes say.
    public let files: FileInspector
    /// The directory of the configuration file, for relative paths.
    public let directory: String
    /// Options of this run.
    public let options: LintOptions
    /// What the share sheet shows above its rows for the run's target.
    public let prediction: HeaderPrediction
    /// The predicted header, nil when iOS shows no preview.
    public var header: Header? { prediction.header }
    /// Every representation with its item (computed once for all rules).
    let representations: [(item: Item, representation: Representation)]
    /// Every type identifier written where a type is used.
    let typeReferences: [LocatedString]
    /// Every URL written in the configuration.
    let urls: [LocatedString]
    /// The parts of each of `urls` (nil when it has no scheme), parsed once for every rule.
    let urlParts: [URLParts?]
    /// Every human-facing text.
    let texts: [(value: LocatedString, what: String, kind: TextKind)]
    /// Each `excludedActivityTypes` entry with the built-in activity type it names, looked
    /// up once for every rule that asks (nil for a name that is not built in).
    let exclusions: [Exclusion]
    /// Every file path the configuration refers to, with what refers to it and its facts,
    /// looked up once here for every rule (the fused file pass).
    let referencedPaths: [ReferencedPath]
    /// For each representation (by `ordinal`), the index in `referencedPaths` of its `file`
    /// payload, or -1.
    private let filePathSlots: [Int]
    /// What rules ask about this document, answered once (see `DocumentMemo`).
    let memo: DocumentMemo

    /// Creates a context.
    public init(configuration: ShareConfiguration, registry: UTTypeRegistry, files: FileInspector,
                directory: String, options: LintOptions, prediction: HeaderPrediction) {
        self.configuration = configuration
        self.registry = registry
        self.files = files
        self.directory = directory
        self.options = options
        self.prediction = prediction
        let representations = Self.representations(of: configuration)
        self.representations = representations
        let memo = DocumentMemo(representations: representations.count)
        self.memo = memo
        typeReferences = Self.typeReferences(of: configuration, representations: representations)
        urls = Self.urls(of: configuration)
        urlParts = urls.map { URLParts($0.value) }
        texts = Self.texts(of: configuration)
        var slots = [Int](repeating: -1, count: representations.count)
        let paths = Self.referencedPaths(of: configuration) { representation, index in
            let k = representation.ordinal
            if k < slots.count && representations[k].representation === representation { slots[k] = index }
        }
        filePathSlots = slots
        var referenced: [ReferencedPath] = []
        referenced.reserveCapacity(paths.count)
        for (path, role) in paths {
            let facts: FileFacts
            if let known = memo.facts(path.value) {
                facts = known
            } else {
                facts = files.facts(path.value, relativeTo: directory)
                memo.remember(facts, for: path.value)
            }
            referenced.append(ReferencedPath(path: path, role: role, facts: facts))
        }
        referencedPaths = referenced
        exclusions = configuration.excludedActivityTypes.map {
            // A name that is a built-in activity has that activity's raw value: one lookup.
            let activity = BuiltInActivity(named: $0.value)
            return Exclusion(entry: $0, rawValue: activity?.activityType ?? BuiltInActivityTypes.rawValue(for: $0.value), activity: activity)
        }
    }

    /// Which activities the share sheet offers and, with `receipts`, what each receives, for
    /// the run's target (computed on demand: only rules that need it pay for it).
    public func destinations(receipts: Bool = true) -> DestinationReport {
        // A report with receipts also answers what is offered.
        if let report = memo.destinations[true] ?? (receipts ? nil : memo.destinations[false]) { return report }
        let report = DestinationModel(target: options.iosTarget, infoPlist: options.infoPlist)
            .report(for: configuration, registry: registry, receipts: receipts, typeOf: effectiveType(of:))
        memo.destinations[receipts] = report
        return report
    }

    /// The parts of a URL written in the configuration, as parsed once for every rule
    /// (found by where it is written; parsed again for a value from elsewhere).
    func parts(of url: LocatedString) -> URLParts? {
        for i in urls.indices where urls[i].range == url.range && urls[i].value == url.value { return urlParts[i] }
        return URLParts(url.value)
    }

    /// Resolves a path written in the configuration.
    public func resolve(_ path: String) -> FileResolution {
        facts(path).resolution
    }

    /// What sharelint knows of a path written in the configuration.
    public func facts(_ path: String) -> FileFacts {
        if let known = memo.facts(path) { return known }
        let facts = files.facts(path, relativeTo: directory)
        memo.remember(facts, for: path)
        return facts
    }

    /// What the bytes of a `file` or `base64` payload are, when known.
    public func content(of representation: Representation) -> SniffedContent? {
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
    public func effectiveType(of representation: Representation) -> String? {
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

    /// Whether a representation carries image bytes (a `file` or `base64` payload whose
    /// type conforms to public.image): what "Save Image" takes.
    public func isImage(_ representation: Representation) -> Bool {
        switch representation.payload {
        case .file?, .base64?:
            return effectiveType(of: representation).map { registry.conformsToImage($0) } ?? false
        default:
            return false
        }
    }

    /// Every file path a configuration refers to, with what refers to it; `filePayload`
    /// hears of each representation's `file` payload and its index in the result.
    static func referencedPaths(of configuration: ShareConfiguration,
                                filePayload: (Representation, Int) -> Void = { _, _ in }) -> [(path: LocatedString, role: PathRole)] {
        var result: [(path: LocatedString, role: PathRole)] = []
        result.reserveCapacity(4 + 4 * configuration.items.count)
        func addMetadata(_ metadata: Metadata?) {
            guard let lp = metadata?.linkPresentation else { return }
            if let v = lp.icon { result.append((v, .linkIcon)) }
            if let v = lp.image { result.append((v, .linkImage)) }
            if let v = lp.video { result.append((v, .linkVideo)) }
        }
        addMetadata(configuration.metadata)
        for item in configuration.items {
            for representation in item.representations {
                if case .file(let path)? = representation.payload {
                    filePayload(representation, result.count)
                    result.append((path, .file))
                }
            }
            addMetadata(item.metadata)
            if let v = item.previews?.thumbnail { result.append((v, .thumbnail)) }
            if let v = item.previews?.fullSize { result.append((v, .fullSizePreview)) }
        }
        for activity in configuration.applicationActivities {
            if let v = activity.image { result.append((v, .activityImage)) }
        }
        if let v = configuration.miniProgramCode?.image { result.append((v, .miniProgramCodeImage)) }
        for value in configuration.activityValues {
            switch value {
            case .image(let path): result.append((path, .image))
            case .fileURL(let path): result.append((path, .fileURL))
            case .text, .url: break
            }
        }
        for source in configuration.itemSources {
            for response in source.responses { if let v = response.thumbnail { result.append((v, .thumbnail)) } }
            if let lp = source.linkPresentation {
                if let v = lp.icon { result.append((v, .linkIcon)) }
                if let v = lp.image { result.append((v, .linkImage)) }
                if let v = lp.video { result.append((v, .linkVideo)) }
            }
        }
        return result
    }
}

/// What refers to a file path, as messages name it.
enum PathRole: String {
    case file
    case linkIcon = "link icon"
    case linkImage = "link image"
    case linkVideo = "link video"
    case thumbnail
    case fullSizePreview = "full-size preview"
    case activityImage = "activity image"
    case miniProgramCodeImage = "mini-program code image"
    case image
    case fileURL = "file URL"

    /// Whether the path must name an image (a preview, a link's icon or image, an `image`
    /// activity item).
    var isImage: Bool {
        switch self {
        case .thumbnail, .fullSizePreview, .linkIcon, .linkImage, .image: return true
        case .file, .linkVideo, .activityImage, .miniProgramCodeImage, .fileURL: return false
        }
    }
}

/// A file path the configuration refers to, what refers to it, and what sharelint knows of
/// the file.
struct ReferencedPath {
    let path: LocatedString
    let role: PathRole
    let facts: FileFacts
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

/// A map that searches its few entries in order (a document has a handful of
/// representations; hashing them and allocating a table costs more), indexed past
/// `searched` entries.
struct SmallMap<Key: Hashable, Value> {
    private var keys: [Key] = []
    private var values: [Value] = []
    private var index: [Key: Int]?
    private static var searched: Int { 16 }

    subscript(key: Key) -> Value? {
        get {
            if let index { return index[key].map { values[$0] } }
            return keys.firstIndex(of: key).map { values[$0] }
        }
        set {
            guard let newValue else { return }
            if let i = index?[key] ?? (index == nil ? keys.firstIndex(of: key) : nil) {
                values[i] = newValue
                return
            }
            keys.append(key)
            values.append(newValue)
            if index != nil {
                index?[key] = keys.count - 1
            } else if keys.count > Self.searched {
                var built: [Key: Int] = [:]
                for (i, known) in keys.enumerated() { built[known] = i }
                index = built
            }
        }
    }
}

/// Repeated keys in a list: each element whose key an earlier element has, with the first
/// such element. A short list (most configurations list a handful) is searched without
/// allocating; a long one (one may list 200,000) goes through `FirstSeen`.
enum Repeats {
    static func forEach<Element>(in items: [Element], key: (Element) -> String?, _ body: (_ repeated: Element, _ first: Element) -> Void) {
        guard items.count > 16 else {
            for i in items.indices {
                guard let k = key(items[i]) else { continue }
                if let j = items[..<i].firstIndex(where: { key($0) == k }) { body(items[i], items[j]) }
            }
            return
        }
        var seen = FirstSeen<Int>()
        for i in items.indices {
            guard let k = key(items[i]) else { continue }
            if let j = seen.first(k, else: i) { body(items[i], items[j]) }
        }
    }
}

/// The first entry written with each key: searched in order while there are few (most
/// configurations list a handful, and hashing them costs more), indexed past `searched`
/// (one may list 200,000). Keys compare as `String`s, in both regimes.
struct FirstSeen<Value> {
    private var keys: [String] = []
    private var values: [Value] = []
    private var index: [String: Int]?
    private static var searched: Int { 16 }

    /// The value first recorded for `key`; when there is none, records `value` and returns nil.
    mutating func first(_ key: String, else value: Value) -> Value? {
        if let index {
            if let i = index[key] { return values[i] }
        } else if let i = keys.firstIndex(of: key) {
            return values[i]
        }
        keys.append(key)
        values.append(value)
        if index != nil {
            index?[key] = keys.count - 1
        } else if keys.count > Self.searched {
            var built: [String: Int] = [:]
            for (i, known) in keys.enumerated() { built[known] = i }
            index = built
        }
        return nil
    }
}

/// Type inference from payloads (§2).
public enum TypeInferenceLogic {
    /// The declared type, else `public.plain-text` for text, `public.url` for url,
    /// the extension's type for file (the sniffed content breaking a tie between
    /// unrelated types); nil when none can be inferred.
    public static func effectiveType(of representation: Representation, registry: UTTypeRegistry, content: SniffedContent?) -> String? {
        if let declared = representation.type?.value { return declared }
        switch representation.payload {
        case .text?: return "public.plain-text"
        case .url?: return "public.url"
        case .file(let path)?:
            guard let ext = PathLogic.fileExtension(of: path.value) else { return nil }
            switch registry.inferType(forExtension: ext) {
            case .type(let identifier): return identifier
            case .ambiguous(let candidates): return tieBreak(candidates, content: content, registry: registry)
            case .none: return nil
            }
        case .base64?, nil: return nil
        }
    }

    /// The candidate the sniffed content belongs to, if exactly one fits.
    public static func tieBreak(_ candidates: [String], content: SniffedContent?, registry: UTTypeRegistry) -> String? {
        guard let content else { return nil }
        let fitting = candidates.filter { registry.conforms(content.type, to: $0) || registry.conforms($0, to: content.type) }
        return fitting.count == 1 ? fitting[0] : nil
    }

    /// Sniffs a `file` (through the inspector's cache) or a `base64` payload.
    public static func content(of representation: Representation, files: FileInspector, directory: String) -> SniffedContent? {
        switch representation.payload {
        case .file(let path)?:
            return files.facts(path.value, relativeTo: directory).content
        case .base64(let data)?:
            // Decoded whole (the YAML file's size limit bounds it), so truncation is seen.
            return Base64.decode(data.value).flatMap(ContentSniffer.sniff)
        default:
            return nil
        }
    }

    /// The registry of a configuration: system types plus its custom declarations
    /// that are valid and not reserved.
    public static func registry(for configuration: ShareConfiguration) -> UTTypeRegistry {
        guard !configuration.types.isEmpty else { return .system }
        var registry = UTTypeRegistry.system
        registry.add(contentsOf: configuration.types.compactMap { entry in
            guard let identifier = entry.identifier?.value, UTTypeRegistry.isValidIdentifier(identifier),
                  !identifier.lowercased().hasPrefix("public."), !UTTypeRegistry.system.contains(identifier) else { return nil }
            return UTTypeDeclaration(identifier, conformsTo: entry.conformsTo.map(\.value),
                                     extensions: entry.extensions.map { $0.value.hasPrefix(".") ? String($0.value.dropFirst()) : $0.value },
                                     mimeTypes: entry.mimeTypes.map(\.value))
        })
        return registry
    }
}

/// What rules ask about one document again and again (a file's facts, a payload's sniffed
/// content and type, the destinations), answered once per document: a rule context and its
/// memo live on one thread for one document, so there is no lock. Paths are compared as
/// bytes, like the file cache's keys (`==` on `String` would match an NFD path with its NFC
/// twin, a different file on Linux). Payloads are keyed by the identity of their
/// `Representation`, which the configuration (held by the context) keeps alive. One
/// thread, no overlapping access: its properties skip the dynamic exclusivity check, like
/// the model's (see ShareConfiguration.swift).
final class DocumentMemo: @unchecked Sendable {
    /// Usually a handful of paths per document: a list searched in order beats hashing;
    /// past `listedPaths` (a configuration may refer to thousands) an index by bytes.
    @exclusivity(unchecked) private var knownPaths: [String] = []
    @exclusivity(unchecked) private var knownFacts: [FileFacts] = []
    @exclusivity(unchecked) private var index: [[UInt8]: Int]?
    private static let listedPaths = 16
    /// By representation ordinal: a `base64` payload's sniffed content and a `file` payload's
    /// inferred type. The arrays are made when a first answer is kept: other payloads are
    /// answered without them, and most documents need neither.
    private let count: Int
    @exclusivity(unchecked) private var contents: [SniffedContent??]?
    @exclusivity(unchecked) private var types: [String??]?
    /// By whether the report has receipts.
    @exclusivity(unchecked) var destinations = SmallMap<Bool, DestinationReport>()

    init(representations count: Int) {
        self.count = count
    }

    /// The content kept for a representation: nil while unknown.
    func content(_ slot: Int) -> SniffedContent?? { contents?[slot] ?? nil }

    func remember(_ content: SniffedContent?, slot: Int) {
        if contents == nil { contents = Array(repeating: nil, count: count) }
        contents![slot] = .some(content)
    }

    /// The type kept for a representation: nil while unknown.
    func type(_ slot: Int) -> String?? { types?[slot] ?? nil }

    func remember(_ type: String?, slot: Int) {
        if types == nil { types = Array(repeating: nil, count: count) }
        types![slot] = .some(type)
    }

    func facts(_ path: String) -> FileFacts? {
        if let index { return index[Array(path.utf8)].map { knownFacts[$0] } }
        for i in knownPaths.indices where PathBytes.equal(knownPaths[i], path) { return knownFacts[i] }
        return nil
    }

    func remember(_ facts: FileFacts, for path: String) {
        knownPaths.append(path)
        knownFacts.append(facts)
        if index != nil {
            index?[Array(path.utf8)] = knownFacts.count - 1
        } else if knownPaths.count > Self.listedPaths {
            var byBytes: [[UInt8]: Int] = [:]
            for (i, known) in knownPaths.enumerated() where byBytes[Array(known.utf8)] == nil { byBytes[Array(known.utf8)] = i }
            index = byBytes
        }
    }
}

/// Byte equality of two strings, without Unicode canonical equivalence.
enum PathBytes {
    static func equal(_ a: String, _ b: String) -> Bool {
        if a.utf8.count != b.utf8.count { return false }
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard x.count == y.count, let p = x.baseAddress, let q = y.baseAddress else { return x.count == y.count }
                return memcmp(p, q, x.count) == 0
            }
        }
    }
}
