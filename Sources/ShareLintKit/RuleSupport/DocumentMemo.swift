/// What rules ask about one document again and again (a payload's sniffed content and type,
/// the destinations), answered once per document: a rule context and its memo live on one
/// thread for one document, so there is no lock (a path's facts, and a type's in the system
/// registry, are kept for the whole file, in `FileMemo`). Payloads are keyed by the identity of their
/// `Representation`, which the configuration (held by the context) keeps alive. Not
/// `Sendable`: made, used and dropped by the thread that lints the document.
final class DocumentMemo {
    /// By representation ordinal: a `base64` payload's sniffed content and a `file` payload's
    /// inferred type. The arrays are made when a first answer is kept: other payloads are
    /// answered without them, and most documents need neither.
    private let count: Int
    private var contents: [SniffedContent??]?
    private var types: [String??]?
    /// By whether the report has receipts.
    var destinations = SmallMap<Bool, DestinationReport>()
    /// What the registry says of each type identifier rules asked about: a document names a
    /// handful of types and rules ask about each several times, and a registry lookup
    /// hashes the identifier (SipHash); this list is searched by
    /// `==` (exact, so differently cased spellings are separate entries with equal facts).
    private var typeFacts: [TypeFacts] = []
    /// Past `typeFactsSearched` types, the position of each in `typeFacts` by identifier: a
    /// document that names thousands of types is not searched linearly per ask (10,000
    /// representations of distinct types took time quadratic in their number).
    private var typeFactsIndex: [String: Int]?
    private static let typeFactsSearched = 16

    /// The file's memo when the document's registry is the system one: a type asked first
    /// in this document is looked up there (once for the file) instead of in the registry.
    private let file: FileMemo?

    init(representations count: Int, file: FileMemo?) {
        self.count = count
        self.file = file
    }

    /// The content kept for a representation: nil while unknown.
    func content(_ slot: Int) -> SniffedContent?? { contents?[slot] ?? nil }

    func remember(_ content: SniffedContent?, slot: Int) {
        if contents == nil { contents = Array(repeating: nil, count: count) }
        contents![slot] = .some(content)
    }

    /// The registry's facts of a type identifier, looked up once per document (and once
    /// per file in the system registry).
    func typeFacts(_ type: String, registry: UTTypeRegistry) -> TypeFacts {
        if let typeFactsIndex {
            if let i = typeFactsIndex[type] { return typeFacts[i] }
        } else {
            for i in typeFacts.indices where typeFacts[i].type == type { return typeFacts[i] }
        }
        let facts = file?.systemTypeFacts(type) ?? TypeFacts(type: type, declaration: registry.declaration(for: type))
        typeFacts.append(facts)
        if typeFactsIndex != nil {
            typeFactsIndex?[type] = typeFacts.count - 1
        } else if typeFacts.count > Self.typeFactsSearched {
            // (`==` on strings is the dictionary's equality: the same entries are found.)
            typeFactsIndex = Dictionary(typeFacts.indices.map { (typeFacts[$0].type, $0) }, uniquingKeysWith: { first, _ in first })
        }
        return facts
    }

    /// The type kept for a representation: nil while unknown.
    func type(_ slot: Int) -> String?? { types?[slot] ?? nil }

    func remember(_ type: String?, slot: Int) {
        if types == nil { types = Array(repeating: nil, count: count) }
        types![slot] = .some(type)
    }
}
