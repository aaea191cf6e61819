#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import YAMLSyntax

/// A string value with where it was written: most values of a configuration are strings.
///
/// An entry of its document's strings (`LocatedStrings`), named without a reference count.
/// A document's values live as long as its configuration: the configuration leases the
/// storage from a pool and hands it back when it goes, and the pool never frees a storage,
/// so a value always names live memory. A copy of a value costs no atomic reference count
/// (about 110 a document when each held its storage; docs/performance.md).
///
/// The rule for callers: read a document's values while its configuration (or a model
/// object, context or list of it) is held. A value read after its configuration went
/// stops the program (a precondition, never another document's text): the storage has been
/// handed out again. A value made in code belongs to a configuration too, once its
/// `ShareConfiguration.Values` is handed over, with the same rule.
///
/// The value is plain data (a storage named without a count, two numbers): copying it,
/// and ending an object that holds it, runs no code at all (docs/performance.md).
public struct LocatedString: SourceLocated {
    private let storage: Unmanaged<LocatedStrings>
    private let index: UInt32
    /// The storage's lease the value was made in.
    private let lease: UInt32

    fileprivate init(_ strings: LocatedStrings, _ index: Int) {
        self.storage = .passUnretained(strings)
        self.index = UInt32(truncatingIfNeeded: index)
        self.lease = strings.lease
    }

    /// The value. A value longer than a string holds inline (15 UTF-8 bytes) is kept as
    /// bytes and made into a string here, at each read: code that needs only its bytes
    /// reads them with `withBytes` or `utf8Count`
    /// (docs/decisions.md, "Long values are kept as bytes, strings made when asked").
    public var value: String { storage._withUnsafeGuaranteedRef { $0.value(index, lease) } }

    /// Calls `body` with the value's UTF-8 bytes, valid only during the call; no string is
    /// made. For code outside the library; inside it, `withBytes` lends a `ByteView`.
    @inline(__always)
    public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        storage._withUnsafeGuaranteedRef { $0.withBytes(index, lease, body) }
    }

    /// Calls `body` with a view of the value's UTF-8 bytes, valid only during the call; no
    /// string is made.
    @inline(__always)
    func withBytes<R>(_ body: (ByteView) -> R) -> R {
        storage._withUnsafeGuaranteedRef { $0.withBytes(index, lease) { body(ByteView($0)) } }
    }

    /// The value's length in UTF-8 bytes (`value.utf8.count`, without making the string).
    public var utf8Count: Int { storage._withUnsafeGuaranteedRef { $0.entry(index, lease) { $0.count } } }
    public var range: SourceRange { storage._withUnsafeGuaranteedRef { $0.entry(index, lease) { $0.range } } }
    public var keyRange: SourceRange? { storage._withUnsafeGuaranteedRef { $0.entry(index, lease) { $0.keyRange } } }
    public var path: String {
        storage._withUnsafeGuaranteedRef { $0.entry(index, lease) { KeyPathText.join($0.parent, $0.key) } }
    }

    /// Whether the value can be read: its configuration is still held.
    var isReadable: Bool { storage._withUnsafeGuaranteedRef { $0.lease == lease } }

    /// Whether both name the same entry of the same storage: the same value read from the
    /// same place (two values written alike in two places are not the same).
    func isSame(_ other: LocatedString) -> Bool {
        storage.toOpaque() == other.storage.toOpaque() && index == other.index && lease == other.lease
    }
}

/// The located strings of one document, in one object: filled in by the loader (or by
/// the code that builds a configuration), then only read while its configuration is held.
///
/// A document's storage comes from `StringsPool` and goes back to it when its
/// configuration goes (`ShareConfiguration.deinit`); each lease has its own number, which
/// the values made in it carry.
final class LocatedStrings: @unchecked Sendable { // unchecked: written by one thread before its configuration is shared, then only read
    struct Entry {
        /// The value when its UTF-8 fits in a string's inline storage (`LocatedStrings.inline`
        /// bytes): such a string is made without an allocation and ends without a release.
        /// A longer value is only its `count` bytes from `start`, in one of the chunks.
        let small: String
        /// Where the value's bytes are: in one of the lease's chunks, which stay where they
        /// are until the lease ends.
        let start: UnsafePointer<UInt8>
        let count: Int
        let range: SourceRange
        let keyRange: SourceRange?
        /// The key path of the mapping holding the value, and the value's key ("" for a
        /// list entry, whose whole path is in `parent`): kept apart so the loader builds
        /// no path string per value; `LocatedString.path` joins them when a diagnostic
        /// needs it.
        let parent: String
        let key: String
    }

    @exclusivity(unchecked) private var entries: [Entry] = []
    /// How many values the storage holds.
    var count: Int { entries.count }
    /// Every value's UTF-8, one after another in a chunk (a value names its run by
    /// `start` and `count`): a value costs a copy of its bytes, not a string of its own.
    /// A full chunk is kept until the lease ends and the next one is twice as large, so a
    /// run never moves, even while a value is added during a read of another (an array's
    /// generic append also took some eighty instructions a value).
    @exclusivity(unchecked) private var chunk: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var chunkUsed = 0
    @exclusivity(unchecked) private var chunkCapacity: Int
    /// The lease's chunks filled before `chunk`.
    @exclusivity(unchecked) private var fullChunks: [UnsafeMutablePointer<UInt8>] = []
    /// The chunk size a storage keeps between leases: a larger chunk, made for a large
    /// document, is given back when its lease ends.
    private static let keptChunkCapacity = 64 * 1_024
    /// The longest value kept as a string: what a 64-bit `String` holds inline.
    static let inline = 15
    /// The number of the current lease (from 1; values of earlier leases no longer read it).
    @exclusivity(unchecked) private(set) var lease: UInt32 = 1

    init(capacity: Int) {
        entries.reserveCapacity(capacity)
        chunkCapacity = capacity * 32
        chunk = .allocate(capacity: chunkCapacity)
    }

    deinit {
        for full in fullChunks { full.deallocate() }
        chunk.deallocate()
    }

    /// Reads a field of entry `index` made in lease `lease`. The index is checked too: a
    /// lease number comes round again after 2^32 leases of one storage, and a value kept
    /// by mistake that long then reads a wrong entry, never past the entries.
    @inline(__always)
    fileprivate func entry<T>(_ index: UInt32, _ lease: UInt32, _ read: (borrowing Entry) -> T) -> T {
        precondition(lease == self.lease && Int(index) < entries.count, "a located value was read after its configuration was released")
        return entries.withUnsafeBufferPointer { read($0[Int(index)]) }
    }

    /// Entry `index`'s value as a string: the kept one, or one made from its bytes.
    fileprivate func value(_ index: UInt32, _ lease: UInt32) -> String {
        let (start, count) = entry(index, lease) { ($0.start, $0.count) }
        guard count > Self.inline else { return entry(index, lease) { $0.small } }
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// Calls `body` with entry `index`'s bytes.
    @inline(__always)
    fileprivate func withBytes<R>(_ index: UInt32, _ lease: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let (start, count) = entry(index, lease) { ($0.start, $0.count) }
        return body(UnsafeBufferPointer(start: start, count: count))
    }

    /// Ends the lease: the values go, and values made in it no longer read the storage. The
    /// memory is kept unless a large document grew it (what the pool keeps stays bounded).
    func endLease() {
        entries.removeAll(keepingCapacity: entries.capacity <= 1_024)
        for full in fullChunks { full.deallocate() }
        fullChunks.removeAll(keepingCapacity: fullChunks.capacity <= 64)
        chunkUsed = 0
        if chunkCapacity > Self.keptChunkCapacity {
            chunk.deallocate()
            chunkCapacity = Self.keptChunkCapacity
            chunk = .allocate(capacity: chunkCapacity)
        }
        lease &+= 1
        if lease == 0 { lease = 1 }
    }

    /// Adds a value, given as well-formed UTF-8, and returns it.
    private func add(utf8 value: UnsafeBufferPointer<UInt8>, range: SourceRange, keyRange: SourceRange?, parent: String, key: String) -> LocatedString {
        if chunkCapacity - chunkUsed < value.count { startChunk(toHold: value.count) }
        let start = chunk + chunkUsed
        if let source = value.baseAddress { copyBytes(from: source, to: start, count: value.count) }
        chunkUsed += value.count
        let small = value.count <= Self.inline ? String(decoding: value, as: UTF8.self) : ""
        entries.append(Entry(small: small, start: UnsafePointer(start), count: value.count, range: range, keyRange: keyRange,
                             parent: parent, key: key))
        return LocatedString(self, entries.count - 1)
    }

    /// Starts a chunk with room for `count` bytes, keeping the full one for the lease.
    private func startChunk(toHold count: Int) {
        fullChunks.append(chunk)
        chunkCapacity = max(2 * chunkCapacity, count)
        chunk = .allocate(capacity: chunkCapacity)
        chunkUsed = 0
    }

    /// Adds the text of `node`, a scalar of `document`, and returns it; nil for another node.
    func add(textOf node: NodeRef, in document: FlatDocument, range: SourceRange, keyRange: SourceRange?,
             parent: String, key: String) -> LocatedString? {
        document.withText(node) { add(utf8: $0, range: range, keyRange: keyRange, parent: parent, key: key) }
    }

    /// Adds a value and returns it.
    func add(_ value: String, range: SourceRange, keyRange: SourceRange?, parent: String, key: String) -> LocatedString {
        value.withUTF8Bytes { add(utf8: $0, range: range, keyRange: keyRange, parent: parent, key: key) }
    }
}

/// The storages of documents' string values. A storage is either free here or leased to
/// one document; none is ever freed (`all` holds every one), so a value never names freed
/// memory. How many exist is the most documents held at once: one per `--jobs` worker in
/// a run, more in a language server holding several.
///
/// Each thread keeps the storage it last handed back and takes it again first, without
/// the lock: with one list for all threads, `--jobs 2`'s two workers took each other's
/// storages at every other document, whose entries and bytes the other core had written
/// last (docs/performance.md). The list holds what a thread hands back while it
/// keeps one, and a thread's kept storage when the thread ends.
final class StringsPool: @unchecked Sendable { // unchecked: the shared list is read and written under its lock, the kept storage is the thread's own
    static let shared = StringsPool()

    // Read and written only under `mutex`: no dynamic exclusivity check is needed.
    @exclusivity(unchecked) private var all: [LocatedStrings] = []
    @exclusivity(unchecked) private var free: [LocatedStrings] = []
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// The calling thread's kept storage (unretained: `all` holds it), or nil.
    private var kept = pthread_key_t()

    private init() {
        pthread_mutex_init(mutex, nil)
        pthread_key_create(&kept, Self.threadEnded)
    }

    #if canImport(Darwin)
    private static let threadEnded: @convention(c) (UnsafeMutableRawPointer) -> Void = { storage in
        StringsPool.shared.makeFree(Unmanaged<LocatedStrings>.fromOpaque(storage).takeUnretainedValue())
    }
    #else
    private static let threadEnded: @convention(c) (UnsafeMutableRawPointer?) -> Void = { storage in
        guard let storage else { return }
        StringsPool.shared.makeFree(Unmanaged<LocatedStrings>.fromOpaque(storage).takeUnretainedValue())
    }
    #endif

    /// A free storage, leased to the caller (who must `giveBack` it).
    func take() -> LocatedStrings {
        if let storage = pthread_getspecific(kept) {
            pthread_setspecific(kept, nil)
            return Unmanaged<LocatedStrings>.fromOpaque(storage).takeUnretainedValue()
        }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let strings = free.popLast() { return strings }
        let strings = LocatedStrings(capacity: 64)
        all.append(strings)
        return strings
    }

    /// Ends a storage's lease and makes it free: kept by the calling thread when it keeps
    /// none, else on the list.
    func giveBack(_ strings: LocatedStrings) {
        strings.endLease()
        if pthread_getspecific(kept) == nil, pthread_setspecific(kept, Unmanaged.passUnretained(strings).toOpaque()) == 0 {
            return
        }
        makeFree(strings)
    }

    private func makeFree(_ strings: LocatedStrings) {
        pthread_mutex_lock(mutex)
        free.append(strings)
        pthread_mutex_unlock(mutex)
    }

    /// How many storages exist (for tests: reuse keeps it level).
    var count: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return all.count
    }
}

