/// The last documents a reader handed out, kept so the next ones can reuse their arrays
/// once the caller has let them go (a document's records took a large allocation each,
/// about 2,000 instructions in malloc and free). Several, oldest first: a caller may hold
/// a few documents at once (the linter reads ahead, `Linter.read`), and the oldest is the
/// one most likely let go.
struct DocumentSpares {
    /// How many documents are kept, and how many records and text bytes over them past the
    /// newest (whose own are capped by the reader): what a reader keeps stays about twice
    /// what one document's arrays were.
    static let kept = 16
    static let room = (records: 4_096, bytes: 65_536)

    private var documents: [FlatDocument] = []

    /// Keeps a document handed out, the oldest kept going past `kept` or the room.
    mutating func keep(_ nodes: FlatDocument) {
        documents.append(nodes)
        var records = 0, bytes = 0
        for document in documents.dropLast() {
            records += document.nodeCount
            bytes += document.textByteCount
        }
        while documents.count > Self.kept || documents.count > 1 && (records > Self.room.records || bytes > Self.room.bytes) {
            records -= documents[0].nodeCount
            bytes -= documents[0].textByteCount
            documents.removeFirst()
        }
    }

    /// The oldest kept document the caller has let go, no longer kept; nil when the caller
    /// holds every one (the next document gets arrays of its own, and is kept in turn).
    mutating func take() -> FlatDocument? {
        guard let i = documents.indices.first(where: { isKnownUniquelyReferenced(&documents[$0].storage) }) else { return nil }
        return documents.remove(at: i)
    }
}
