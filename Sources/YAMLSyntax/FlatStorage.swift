/// The memory of a `FlatDocument`: its records and its text bytes, each in one buffer this
/// object allocates and frees, and its tags.
///
/// Written only by the `TreeBuilder` that made it or took it over, while nothing else
/// holds it (`isKnownUniquelyReferenced`, in `TreeBuilder.init`); read-only once the
/// document is handed out, which makes it safe to send. The builder writes through the
/// buffers without the checks an array makes on each write (is it shared? is there room?
/// is the index in bounds?): on every node that was about two uniqueness tests and a
/// bounds check (docs/performance.md, "The document"). Readers go through `record(_:)`, which
/// checks the index, so a `NodeRef` of another document still traps instead of reading
/// past the end; a record's text range is the builder's, always inside `bytes`.
@usableFromInline
final class FlatStorage: @unchecked Sendable {
    /// The records, `count` of them written, room for `capacity`.
    @usableFromInline @exclusivity(unchecked) private(set) var records: UnsafeMutablePointer<FlatDocument.Record>
    @usableFromInline @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private(set) var capacity: Int
    /// The scalars' text, `byteCount` bytes written, room for `byteCapacity`.
    @usableFromInline @exclusivity(unchecked) private(set) var bytes: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var byteCount = 0
    @exclusivity(unchecked) private(set) var byteCapacity: Int
    /// Explicit tags, named by a record's `tag`.
    @exclusivity(unchecked) var tags: [String] = []

    /// An empty storage with room for `records` records and `bytes` text bytes.
    init(records: Int, bytes: Int) {
        capacity = max(records, 8)
        byteCapacity = max(bytes, 64)
        self.records = .allocate(capacity: capacity)
        self.bytes = .allocate(capacity: byteCapacity)
    }

    deinit {
        // Records are plain values (`FlatDocument.Record` holds no reference): nothing to
        // deinitialize.
        records.deallocate()
        bytes.deallocate()
    }

    /// Empties the storage for another document, keeping its memory.
    func removeAll() {
        count = 0
        byteCount = 0
        if !tags.isEmpty { tags.removeAll() }
    }

    /// The record at `index`, checked against the records written.
    @inlinable @inline(__always)
    func record(_ index: Int) -> FlatDocument.Record {
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "a NodeRef of another document")
        return records[index]
    }

    /// A record's text: inside `bytes`, as the builder wrote it.
    @inlinable @inline(__always)
    func text(of record: FlatDocument.Record) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + record.textStart, count: record.textCount)
    }

    /// Whether a record's text is all ASCII.
    func isASCII(_ record: FlatDocument.Record) -> Bool {
        var high: UInt8 = 0
        for byte in text(of: record) { high |= byte }
        return high < 0x80
    }

    // MARK: Writing (the builder only)

    /// Appends a record and returns its index.
    @inline(__always)
    func append(_ record: FlatDocument.Record) -> Int {
        if count == capacity { grow(to: count + 1) }
        (records + count).initialize(to: record)
        count += 1
        return count - 1
    }

    /// Appends a copy of the `size` records starting at `first` (an alias's anchored node).
    func appendCopy(of first: Int, size: Int) {
        if count + size > capacity { grow(to: count + size) }
        (records + count).initialize(from: records + first, count: size)
        count += size
    }

    /// Copies a scalar's text after the bytes written so far; returns where it starts.
    @inline(__always)
    func appendText(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        let start = byteCount
        guard let source = text.baseAddress, !text.isEmpty else { return start }
        if start + text.count > byteCapacity { growBytes(to: start + text.count) }
        copyBytes(from: source, to: bytes + start, count: text.count)
        byteCount = start + text.count
        return start
    }

    /// Room for at least `records` records and `bytes` text bytes.
    func reserve(records: Int, bytes: Int) {
        if records > capacity { grow(to: records) }
        if bytes > byteCapacity { growBytes(to: bytes) }
    }

    private func grow(to needed: Int) {
        let newCapacity = max(needed, 2 * capacity)
        let new = UnsafeMutablePointer<FlatDocument.Record>.allocate(capacity: newCapacity)
        new.moveInitialize(from: records, count: count)
        records.deallocate()
        records = new
        capacity = newCapacity
    }

    private func growBytes(to needed: Int) {
        let newCapacity = max(needed, 2 * byteCapacity)
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        new.moveInitialize(from: bytes, count: byteCount)
        bytes.deallocate()
        bytes = new
        byteCapacity = newCapacity
    }
}
