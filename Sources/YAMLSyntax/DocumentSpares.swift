/// The last documents a reader handed out, kept so the next ones can reuse their arrays
/// once the caller has let them go (a document's records took a large allocation each,
/// spent in malloc and free). Several, oldest first: a caller may hold
/// a few documents at once (the linter reads ahead, `Linter.read`), and the oldest is the
/// one most likely let go.
struct DocumentSpares {
    /// How many documents are kept, and the room their arrays may take together, in
    /// records and text bytes allocated (not used: a reused array keeps its size): what a
    /// reader keeps stays under about 0.7 MiB, twice what keeping only the last document
    /// could hold (`lastSize`'s caps, 4,096 records and 64 KiB).
    static let kept = 16
    static let room = (records: 8_192, bytes: 131_072)

    private var documents: [FlatDocument] = []

    /// The records and text bytes the kept documents' arrays hold room for.
    var capacity: (records: Int, bytes: Int) {
        documents.reduce((0, 0)) { ($0.0 + $1.storage.capacity, $0.1 + $1.storage.byteCapacity) }
    }

    /// Keeps a document handed out, unless its arrays alone take more than the room; the
    /// oldest kept go while there are more than `kept` or they take more than the room.
    mutating func keep(_ nodes: FlatDocument) {
        guard nodes.storage.capacity <= Self.room.records, nodes.storage.byteCapacity <= Self.room.bytes else { return }
        documents.append(nodes)
        var (records, bytes) = capacity
        while documents.count > Self.kept || records > Self.room.records || bytes > Self.room.bytes {
            records -= documents[0].storage.capacity
            bytes -= documents[0].storage.byteCapacity
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
