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

    private var entries = PlainValueBuffer<Entry>(capacity: 32)

    /// The number of entries written.
    var count: Int { entries.count }

    /// The entry at `index`, checked against the entries written.
    @inline(__always)
    subscript(index: Int) -> Entry { entries[index] }

    @inline(__always)
    func append(_ entry: Entry) { entries.append(entry) }

    /// Drops the entries from `index` on.
    func removeLast(from index: Int) { entries.removeLast(from: index) }

    /// Empties it for another document, keeping its memory unless a large document grew
    /// it (what a file keeps stays bounded).
    func removeAll() { entries.removeAll(shrinkingAbove: 4_096, to: 32) }
}
