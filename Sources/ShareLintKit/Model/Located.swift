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

/// A value of another type (an integer, a flag) with where it was written.
public struct Located<Value: Sendable>: SourceLocated {
    /// The value.
    public package(set) var value: Value
    public package(set) var range: SourceRange
    public package(set) var keyRange: SourceRange?
    private var parentPath: String
    private var key: String

    public var path: String { KeyPathText.join(parentPath, key) }

    /// Creates a located value with its whole path.
    package init(_ value: Value, range: SourceRange, keyRange: SourceRange? = nil, path: String) {
        self.value = value
        self.range = range
        self.keyRange = keyRange
        self.parentPath = path
        self.key = ""
    }

    /// Creates a located mapping value from its mapping's path and its key.
    package init(_ value: Value, range: SourceRange, keyRange: SourceRange?, parent: String, key: String) {
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
