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
/// An entry of its document's strings (`LocatedStrings`), which the value holds: a value
/// read from a configuration stays readable for as long as it is kept, after the
/// configuration, its linter and its report are gone (as a node of swift-syntax keeps its
/// arena). A document's storage goes back to `StringsPool` when its last value and its
/// configuration have gone, to be filled again for a later document.
///
/// Copying a value counts a reference to the storage; what the loader makes and the rules
/// read costs docs/performance.md, "Values that keep their storage".
public struct LocatedString: SourceLocated {
    private let storage: LocatedStrings
    private let index: UInt32

    fileprivate init(_ strings: LocatedStrings, _ index: Int) {
        self.storage = strings
        self.index = UInt32(truncatingIfNeeded: index)
    }

    /// The value. A value longer than a string holds inline (15 UTF-8 bytes) is kept as
    /// bytes and made into a string here, at each read: code that needs only its bytes
    /// reads them with `withBytes` or `utf8Count`
    /// (docs/decisions.md, "Long values are kept as bytes, strings made when asked").
    public var value: String { storage.buffers.value(index) }

    /// Calls `body` with the value's UTF-8 bytes, valid only during the call; no string is
    /// made. Inside the library, `withBytes` lends a `ByteView`.
    @inline(__always)
    package func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        storage.buffers.withBytes(index, body)
    }

    /// Calls `body` with a view of the value's UTF-8 bytes, valid only during the call; no
    /// string is made.
    @inline(__always)
    func withBytes<R>(_ body: (ByteView) -> R) -> R {
        storage.buffers.withBytes(index) { body(ByteView($0)) }
    }

    /// The value's length in UTF-8 bytes (`value.utf8.count`, without making the string).
    public var utf8Count: Int { storage.buffers.entry(index) { $0.count } }
    /// Where the value stands.
    public var range: SourceRange { storage.buffers.entry(index) { $0.range } }
    /// Where the value's key stands, for a mapping value.
    public var keyRange: SourceRange? { storage.buffers.entry(index) { $0.keyRange } }
    /// The value's key path in its document, such as `items[0].text`.
    public var path: String { storage.buffers.entry(index) { KeyPathText.join($0.parent, $0.key) } }

    /// The storage the value is held in (for tests).
    var strings: LocatedStrings { storage }

    /// Whether both name the same entry of the same storage: the same value read from the
    /// same place (two values written alike in two places are not the same).
    func isSame(_ other: LocatedString) -> Bool {
        storage === other.storage && index == other.index
    }
}

/// The located strings of one document: filled in by the loader (or by the code that
/// builds a configuration), then only read. Held by the configuration and by each of its
/// values; its buffers go back to `StringsPool` when the last of them goes.
final class LocatedStrings: Sendable {
    /// The entries and bytes, leased from the pool for this storage's life.
    fileprivate let buffers: StringBuffers

    init() {
        buffers = StringsPool.shared.take()
    }

    deinit {
        StringsPool.shared.giveBack(buffers)
    }

    /// How many values the storage holds.
    var count: Int { buffers.count }

    /// Adds the text of `node`, a scalar of `document`, and returns it; nil for another node.
    func add(textOf node: NodeRef, in document: FlatDocument, range: SourceRange, keyRange: SourceRange?,
             parent: String, key: String) -> LocatedString? {
        document.withText(node) { LocatedString(self, buffers.add(utf8: $0, range: range, keyRange: keyRange, parent: parent, key: key)) }
    }

    /// Adds a value and returns it.
    func add(_ value: String, range: SourceRange, keyRange: SourceRange?, parent: String, key: String) -> LocatedString {
        value.withUTF8Bytes { LocatedString(self, buffers.add(utf8: $0, range: range, keyRange: keyRange, parent: parent, key: key)) }
    }
}

/// The entries and bytes of one document's strings, reused from document to document
/// through `StringsPool`: filled by one thread before its storage is shared, then only
/// read until the storage goes.
final class StringBuffers: @unchecked Sendable { // unchecked: written by one thread before its storage is shared, then only read
    struct Entry {
        /// The value when its UTF-8 fits in a string's inline storage (`StringBuffers.inline`
        /// bytes): such a string is made without an allocation and ends without a release.
        /// A longer value is only its `count` bytes from `start`, in one of the chunks.
        let small: String
        /// Where the value's bytes are: in one of the chunks, which stay where they are
        /// until the buffers are emptied for the next document.
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
    /// How many values the buffers hold.
    var count: Int { entries.count }
    /// Every value's UTF-8, one after another in a chunk (a value names its run by
    /// `start` and `count`): a value costs a copy of its bytes, not a string of its own.
    /// A full chunk is kept until the buffers are emptied and the next one is twice as
    /// large, so a run never moves, even while a value is added during a read of another.
    @exclusivity(unchecked) private var chunk: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var chunkUsed = 0
    @exclusivity(unchecked) private var chunkCapacity: Int
    /// The chunks filled before `chunk`.
    @exclusivity(unchecked) private var fullChunks: [UnsafeMutablePointer<UInt8>] = []
    /// The chunk size kept between documents: a larger chunk, made for a large document,
    /// is given back when the buffers are emptied.
    private static let keptChunkCapacity = 64 * 1_024
    /// The longest value kept as a string: what a 64-bit `String` holds inline.
    static let inline = 15

    init(capacity: Int) {
        entries.reserveCapacity(capacity)
        chunkCapacity = capacity * 32
        chunk = .allocate(capacity: chunkCapacity)
    }

    deinit {
        for full in fullChunks { full.deallocate() }
        chunk.deallocate()
    }

    /// Reads a field of entry `index`.
    @inline(__always)
    fileprivate func entry<T>(_ index: UInt32, _ read: (borrowing Entry) -> T) -> T {
        entries.withUnsafeBufferPointer { read($0[Int(index)]) }
    }

    /// Entry `index`'s value as a string: the kept one, or one made from its bytes.
    fileprivate func value(_ index: UInt32) -> String {
        let (start, count) = entry(index) { ($0.start, $0.count) }
        guard count > Self.inline else { return entry(index) { $0.small } }
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// Calls `body` with entry `index`'s bytes.
    @inline(__always)
    fileprivate func withBytes<R>(_ index: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let (start, count) = entry(index) { ($0.start, $0.count) }
        return body(UnsafeBufferPointer(start: start, count: count))
    }

    /// Empties the buffers for the next document. The memory is kept unless a large
    /// document grew it (what the pool keeps stays bounded).
    func empty() {
        entries.removeAll(keepingCapacity: entries.capacity <= 1_024)
        for full in fullChunks { full.deallocate() }
        fullChunks.removeAll(keepingCapacity: fullChunks.capacity <= 64)
        chunkUsed = 0
        if chunkCapacity > Self.keptChunkCapacity {
            chunk.deallocate()
            chunkCapacity = Self.keptChunkCapacity
            chunk = .allocate(capacity: chunkCapacity)
        }
    }

    /// Adds a value, given as well-formed UTF-8, and returns its index.
    fileprivate func add(utf8 value: UnsafeBufferPointer<UInt8>, range: SourceRange, keyRange: SourceRange?, parent: String, key: String) -> Int {
        if chunkCapacity - chunkUsed < value.count { startChunk(toHold: value.count) }
        let start = chunk + chunkUsed
        if let source = value.baseAddress { copyBytes(from: source, to: start, count: value.count) }
        chunkUsed += value.count
        let small = value.count <= Self.inline ? String(decoding: value, as: UTF8.self) : ""
        entries.append(Entry(small: small, start: UnsafePointer(start), count: value.count, range: range, keyRange: keyRange,
                             parent: parent, key: key))
        return entries.count - 1
    }

    /// Starts a chunk with room for `count` bytes, keeping the full one until the buffers
    /// are emptied.
    private func startChunk(toHold count: Int) {
        fullChunks.append(chunk)
        chunkCapacity = max(2 * chunkCapacity, count)
        chunk = .allocate(capacity: chunkCapacity)
        chunkUsed = 0
    }
}

/// The buffers of documents' string values. Each is either free here or held by one
/// document's storage (`LocatedStrings`) until its last value goes. How many exist is the
/// most documents held at once: one per `--jobs` worker in a run, more in a language
/// server holding several, or a caller keeping values.
///
/// Each thread keeps the buffers it last handed back and takes them again first, without
/// the lock: with one list for all threads, `--jobs 2`'s two workers took each other's
/// buffers at every other document, whose entries and bytes the other core had written
/// last (docs/performance.md, "Loading"). The list holds what a thread hands back while it
/// keeps one, and a thread's kept buffers when the thread ends.
final class StringsPool: @unchecked Sendable { // unchecked: the shared list is read and written under its lock, the kept storage is the thread's own
    static let shared = StringsPool()

    // Read and written only under `mutex`: no dynamic exclusivity check is needed.
    @exclusivity(unchecked) private var all: [StringBuffers] = []
    @exclusivity(unchecked) private var free: [StringBuffers] = []
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// The calling thread's kept buffers (unretained: `all` holds it), or nil.
    private var kept = pthread_key_t()

    private init() {
        pthread_mutex_init(mutex, nil)
        pthread_key_create(&kept, Self.threadEnded)
    }

    #if canImport(Darwin)
    private static let threadEnded: @convention(c) (UnsafeMutableRawPointer) -> Void = { storage in
        StringsPool.shared.makeFree(Unmanaged<StringBuffers>.fromOpaque(storage).takeUnretainedValue())
    }
    #else
    private static let threadEnded: @convention(c) (UnsafeMutableRawPointer?) -> Void = { storage in
        guard let storage else { return }
        StringsPool.shared.makeFree(Unmanaged<StringBuffers>.fromOpaque(storage).takeUnretainedValue())
    }
    #endif

    /// Free buffers, lent to the caller (who must `giveBack` them).
    func take() -> StringBuffers {
        if let storage = pthread_getspecific(kept) {
            pthread_setspecific(kept, nil)
            return Unmanaged<StringBuffers>.fromOpaque(storage).takeUnretainedValue()
        }
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let strings = free.popLast() { return strings }
        let strings = StringBuffers(capacity: 64)
        all.append(strings)
        return strings
    }

    /// Empties buffers and makes them free: kept by the calling thread when it keeps
    /// none, else on the list.
    func giveBack(_ strings: StringBuffers) {
        strings.empty()
        if pthread_getspecific(kept) == nil, pthread_setspecific(kept, Unmanaged.passUnretained(strings).toOpaque()) == 0 {
            return
        }
        makeFree(strings)
    }

    private func makeFree(_ strings: StringBuffers) {
        pthread_mutex_lock(mutex)
        free.append(strings)
        pthread_mutex_unlock(mutex)
    }

    /// How many buffers exist (for tests: reuse keeps it level).
    var count: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return all.count
    }
}

