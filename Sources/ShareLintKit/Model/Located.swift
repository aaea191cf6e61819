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
/// A reference into the strings of its document (`LocatedStrings`): the loader keeps a
/// document's values together in one object, so making and freeing them costs one
/// allocation per document, not one per value, and a copy is one retain and one release,
/// as it was when each value was an object of its own (a struct of three strings and two
/// ranges took three of each, often through the runtime's generic value witnesses;
/// docs/performance.md).
public struct LocatedString: SourceLocated {
    private let strings: LocatedStrings
    private let index: Int

    fileprivate init(_ strings: LocatedStrings, _ index: Int) {
        self.strings = strings
        self.index = index
    }

    // Read without the array's bounds check (the rules read values a few hundred times per
    // document): an index is always in bounds, as entries are only appended while the
    // storage is filled, and it is emptied only when no `LocatedString` holds it
    // (`FileMemo.emptyStrings`). Debug builds still check.

    /// The value.
    public var value: String { strings.entries.withUnsafeBufferPointer { $0[index].value } }
    public var range: SourceRange { strings.entries.withUnsafeBufferPointer { $0[index].range } }
    public var keyRange: SourceRange? { strings.entries.withUnsafeBufferPointer { $0[index].keyRange } }
    public var path: String {
        let entry = strings.entries[index]
        return KeyPathText.join(entry.parent, entry.key)
    }

    /// Whether both name the same entry of the same storage: the same value read from the
    /// same place (two values written alike in two places are not the same).
    func isSame(_ other: LocatedString) -> Bool { strings === other.strings && index == other.index }

    /// Creates a located value with its whole path, on its own.
    public init(_ value: String, range: SourceRange, keyRange: SourceRange? = nil, path: String) {
        self = LocatedStrings(capacity: 1).add(value, range: range, keyRange: keyRange, parent: path, key: "")
    }

    /// Creates a located mapping value from its mapping's path and its key, on its own.
    public init(_ value: String, range: SourceRange, keyRange: SourceRange?, parent: String, key: String) {
        self = LocatedStrings(capacity: 1).add(value, range: range, keyRange: keyRange, parent: parent, key: key)
    }
}

/// The located strings of one document, in one object: filled in by the loader, then only
/// read (the model's rule, see `ShareConfiguration`), which makes it safe to send.
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

    @exclusivity(unchecked) fileprivate var entries: [Entry] = []

    init(capacity: Int) { entries.reserveCapacity(capacity) }

    /// Empties the storage for another document, keeping its memory unless a large
    /// document grew it (what a file keeps stays bounded).
    func removeAll() { entries.removeAll(keepingCapacity: entries.capacity <= 1_024) }

    /// Adds a value and returns it.
    func add(_ value: String, range: SourceRange, keyRange: SourceRange?, parent: String, key: String) -> LocatedString {
        entries.append(Entry(value: value, range: range, keyRange: keyRange, parent: parent, key: key))
        return LocatedString(self, entries.count - 1)
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
