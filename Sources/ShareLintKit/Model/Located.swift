#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import YAMLSyntax

/// A value with where it was written: the value's range, its key's range and its key path.
public protocol SourceLocated: Sendable {
    /// Where the value stands.
    var range: SourceRange { get }
    /// Where its key stands, when it is a mapping value.
    var keyRange: SourceRange? { get }
    /// The value's path in the document, such as `items[0].type`.
    var path: String { get }
}

/// A string value with where it was written: most values of a configuration are strings.
///
/// An entry of its document's strings (`LocatedStrings`), named without a reference count.
/// A document's values live as long as its configuration: the configuration leases the
/// storage from a pool and hands it back when it goes, and the pool never frees a storage,
/// so a value always names live memory. A copy of a value costs no atomic reference count
/// (about 110 a document when each held its storage; docs/performance.md, round 17).
///
/// The rule for callers: read a document's values while its configuration (or a model
/// object, context or list of it) is held. A value read after its configuration went
/// stops the program (a precondition, never another document's text): the storage has been
/// handed out again. A value made in code belongs to a configuration too
/// (`ShareConfiguration.string(_:range:keyRange:path:)`), with the same rule.
///
/// The value is plain data (a storage named without a count, two numbers): copying it,
/// and ending an object that holds it, runs no code at all (docs/performance.md, round 22).
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

    /// The value.
    public var value: String { storage._withUnsafeGuaranteedRef { $0.entry(index, lease) { $0.value } } }
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

/// The located strings of one document, in one object: filled in by the loader, then only
/// read (the model's rule, see `ShareConfiguration`), which makes it safe to send.
///
/// A document's storage comes from `StringsPool` and goes back to it when its
/// configuration goes (`ShareConfiguration.deinit`); each lease has its own number, which
/// the values made in it carry.
final class LocatedStrings: @unchecked Sendable {
    struct Entry {
        let value: String
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
    /// The number of the current lease (from 1; values of earlier leases no longer read it).
    @exclusivity(unchecked) private(set) var lease: UInt32 = 1

    init(capacity: Int) { entries.reserveCapacity(capacity) }

    /// Reads a field of entry `index` made in lease `lease`. The index is checked too: a
    /// lease number comes round again after 2^32 leases of one storage, and a value kept
    /// by mistake that long then reads a wrong entry, never past the entries.
    @inline(__always)
    fileprivate func entry<T>(_ index: UInt32, _ lease: UInt32, _ read: (borrowing Entry) -> T) -> T {
        precondition(lease == self.lease && Int(index) < entries.count, "a located value was read after its configuration was released")
        return entries.withUnsafeBufferPointer { read($0[Int(index)]) }
    }

    /// Ends the lease: the values go, and values made in it no longer read the storage. The
    /// memory is kept unless a large document grew it (what the pool keeps stays bounded).
    func endLease() {
        entries.removeAll(keepingCapacity: entries.capacity <= 1_024)
        lease &+= 1
        if lease == 0 { lease = 1 }
    }

    /// Adds a value and returns it.
    func add(_ value: String, range: SourceRange, keyRange: SourceRange?, parent: String, key: String) -> LocatedString {
        entries.append(Entry(value: value, range: range, keyRange: keyRange, parent: parent, key: key))
        return LocatedString(self, entries.count - 1)
    }
}

/// The storages of documents' string values. A storage is either free here or leased to
/// one document; none is ever freed (`all` holds every one), so a value never names freed
/// memory. How many exist is the most documents held at once: one per `--jobs` worker in
/// a run, more in a language server holding several.
final class StringsPool: @unchecked Sendable {
    static let shared = StringsPool()

    // Read and written only under `mutex`: no dynamic exclusivity check is needed.
    @exclusivity(unchecked) private var all: [LocatedStrings] = []
    @exclusivity(unchecked) private var free: [LocatedStrings] = []
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    private init() { pthread_mutex_init(mutex, nil) }

    /// A free storage, leased to the caller (who must `giveBack` it).
    func take() -> LocatedStrings {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let strings = free.popLast() { return strings }
        let strings = LocatedStrings(capacity: 64)
        all.append(strings)
        return strings
    }

    /// Ends a storage's lease and makes it free.
    func giveBack(_ strings: LocatedStrings) {
        strings.endLease()
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

/// A value of another type (an integer, a flag) with where it was written.
public struct Located<Value: Sendable>: SourceLocated {
    /// The value.
    public var value: Value
    public var range: SourceRange
    public var keyRange: SourceRange?
    private var parentPath: String
    private var key: String

    public var path: String { KeyPathText.join(parentPath, key) }

    /// Creates a located value with its whole path.
    public init(_ value: Value, range: SourceRange, keyRange: SourceRange? = nil, path: String) {
        self.value = value
        self.range = range
        self.keyRange = keyRange
        self.parentPath = path
        self.key = ""
    }

    /// Creates a located mapping value from its mapping's path and its key.
    public init(_ value: Value, range: SourceRange, keyRange: SourceRange?, parent: String, key: String) {
        self.value = value
        self.range = range
        self.keyRange = keyRange
        self.parentPath = parent
        self.key = key
    }
}

/// Key paths joined only when asked for.
enum KeyPathText {
    /// `parent.key`, or `parent` when `key` is empty, or `key` at the root; a list entry's
    /// key is its index, `[i]`, joined as `parent[i]` (a field name never starts with `[`).
    static func join(_ parent: String, _ key: String) -> String {
        if key.isEmpty { return parent }
        if parent.isEmpty { return key }
        return key.utf8.first == UInt8(ascii: "[") ? parent + key : parent + "." + key
    }
}
