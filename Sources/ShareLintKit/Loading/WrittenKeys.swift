/// The allowed keys written in a document's mappings, each mapping's one after another:
/// a loader's `Fields` is a run of them. One buffer for the file's documents instead of
/// an array per mapping (an allocation and a free each, a dozen times a document).
/// Entries are plain values, so emptying is a count set to zero. Only the loader holding
/// it writes it (`FileMemo.writtenKeys`: one per file, on the file's thread).
typealias WrittenKeys = PlainValueBuffer<WrittenKey>

/// A key: the index of its name in the shape, its UTF-8 length (compared first, without
/// reading the shape), and its pair.
struct WrittenKey {
    let name: Int
    let length: Int
    let pair: Loader.Pair
}

extension PlainValueBuffer where Element == WrittenKey {
    /// An empty buffer with room for a few mappings' keys.
    convenience init() { self.init(capacity: 32) }

    /// Empties it for another document, keeping its memory unless a large document grew
    /// it (what a file keeps stays bounded).
    func removeAll() { removeAll(shrinkingAbove: 4_096, to: 32) }
}
