/// The allowed keys written in a document's mappings, each mapping's one after another:
/// a loader's `Fields` is a run of them. One buffer for the file's documents instead of
/// an array per mapping (an allocation and a free each, a dozen times a document).
/// Entries are plain values, so emptying is a count set to zero. Only the loader holding
/// it writes it (`FileMemo.writtenKeys`: one per file, on the file's thread).
final class WrittenKeys {
    /// A key: the index of its name in the shape, its UTF-8 length (compared first,
    /// without reading the shape), and its pair.
    struct Entry {
        let name: Int
        let length: Int
        let pair: Loader.Pair
    }

    private var entries: UnsafeMutablePointer<Entry>
    private var capacity = 32
    private(set) var count = 0

    init() { entries = .allocate(capacity: capacity) }

    deinit { entries.deallocate() }

    /// The entry at `index`, checked against the entries written.
    @inline(__always)
    subscript(index: Int) -> Entry {
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "a key of another document")
        return entries[index]
    }

    @inline(__always)
    func append(_ entry: Entry) {
        if count == capacity { grow() }
        (entries + count).initialize(to: entry)
        count += 1
    }

    /// Drops the entries from `index` on.
    func removeLast(from index: Int) {
        count = min(count, max(index, 0))
    }

    /// Empties it for another document, keeping its memory unless a large document grew
    /// it (what a file keeps stays bounded).
    func removeAll() {
        count = 0
        guard capacity > 4_096 else { return }
        entries.deallocate()
        capacity = 32
        entries = .allocate(capacity: capacity)
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: entries, count: count)
        entries.deallocate()
        entries = larger
        capacity *= 2
    }
}
