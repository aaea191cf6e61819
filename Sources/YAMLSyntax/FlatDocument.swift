import ShareLintMessages
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One document's nodes as flat records in document order, each collection followed by
/// its entries, with scalar text kept as bytes: building it allocates no object, string
/// or array per node (a document's records and bytes are two buffers of one
/// `FlatStorage`, never written once the document is handed out).
///
/// Nodes are named by `NodeRef`s, which are valid only with the document that gave
/// them: a ref is an index, and the document is a value, so a ref kept after its
/// document is gone names nothing (reading through another document is a programming
/// error caught by the storage's bounds check, never undefined behaviour).
///
/// Mapping pairs that YAML reading dropped (a repeated key, a `<<` merge key) keep their
/// records, so an anchor inside one still resolves, but `pairs` skips them, as the tree
/// never held them.
@usableFromInline
package struct FlatDocument: Sendable {
    /// What a node is.
    @usableFromInline package enum Kind: UInt8, Sendable {
        case scalar, sequence, mapping
        /// A node that could not be built (an undefined alias, or content past a limit).
        case invalid
    }

    @usableFromInline
    struct Record: Sendable {
        @usableFromInline var kind: Kind
        @usableFromInline var style: ScalarStyle = .plain
        /// On a mapping key: its pair was dropped.
        @usableFromInline var dropped = false
        /// On a scalar that is a mapping key: its text is all ASCII (worked out when it is
        /// filed as a key, for the duplicate-key check; false, "not known", elsewhere).
        @usableFromInline var isASCII = false
        @usableFromInline var range: SourceRange
        /// Records in this node's subtree, itself included.
        @usableFromInline var size = 1
        /// A sequence's entries, a mapping's pairs (dropped ones left out).
        @usableFromInline var count = 0
        /// A scalar's text in `bytes` (0 on a built collection; while the builder has a
        /// mapping open, its pending key's record, or -1).
        @usableFromInline var textStart = 0
        @usableFromInline var textCount = 0
        /// Index in `tags`, or -1.
        @usableFromInline var tag = -1
    }

    /// The records, text and tags (a `var` only so a builder can test that it holds the
    /// storage alone before reusing it).
    @usableFromInline var storage: FlatStorage

    init(storage: FlatStorage) { self.storage = storage }

    /// The record of a node (bounds-checked).
    @inlinable @inline(__always)
    func record(_ index: Int) -> Record { storage.record(index) }

    /// The root node.
    package var root: NodeRef { NodeRef(0) }

    /// How many nodes the document has.
    package var nodeCount: Int { storage.count }

    /// How many bytes its scalars' text takes.
    package var textByteCount: Int { storage.byteCount }

    // MARK: Reading a node

    /// What the node is.
    @inlinable @inline(__always) package func kind(_ node: NodeRef) -> Kind { record(node.index).kind }

    /// Where the node stands (for an alias, where the alias stands).
    @inlinable @inline(__always) package func range(_ node: NodeRef) -> SourceRange { record(node.index).range }

    /// A scalar's style (nil for other nodes).
    @inlinable @inline(__always) package func style(_ node: NodeRef) -> ScalarStyle? {
        let record = record(node.index)
        return record.kind == .scalar ? record.style : nil
    }

    /// The node's explicit tag, if any.
    package func tag(_ node: NodeRef) -> String? {
        let tag = record(node.index).tag
        return tag < 0 ? nil : storage.tags[tag]
    }

    /// Whether the node has an explicit tag.
    @inlinable @inline(__always) package func hasTag(_ node: NodeRef) -> Bool { record(node.index).tag >= 0 }

    /// Whether the node could not be built.
    @inlinable @inline(__always) package func isInvalid(_ node: NodeRef) -> Bool { record(node.index).kind == .invalid }

    /// A scalar's text (nil for other nodes).
    package func text(_ node: NodeRef) -> String? {
        let record = record(node.index)
        guard record.kind == .scalar else { return nil }
        return String(decoding: storage.text(of: record), as: UTF8.self)
    }

    /// Calls `body` with a scalar's text as UTF-8 bytes, without making a string (nil for
    /// other nodes). The bytes are valid only during the call. They are well-formed UTF-8:
    /// libyaml accepts no other input, and its escapes (`\x`, `\u`, `\U`) write only
    /// scalar values, never a surrogate
    /// (docs/decisions.md, "Long values are kept as bytes, strings made when asked").
    @inlinable @inline(__always)
    package func withText<R>(_ node: NodeRef, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        let record = record(node.index)
        guard record.kind == .scalar else { return nil }
        return body(storage.text(of: record))
    }

    /// The scalar with its style (nil for other nodes).
    package func scalar(_ node: NodeRef) -> Scalar? {
        text(node).map { Scalar($0, style: record(node.index).style) }
    }

    /// Whether a scalar's text is exactly the bytes of `other` (no string is made).
    package func textEquals(_ node: NodeRef, _ other: String) -> Bool {
        let record = record(node.index)
        // A native string knows its UTF-8 length: most mismatches end here.
        guard record.kind == .scalar, record.textCount == other.utf8.count else { return false }
        return other.withUTF8Bytes { wanted in
            wanted.count == record.textCount && KeyTable.equal(storage.text(of: record), wanted)
        }
    }

    /// How many UTF-8 bytes a scalar's text has (0 for a collection).
    @inlinable @inline(__always) package func textLength(_ node: NodeRef) -> Int {
        let record = record(node.index)
        return record.kind == .scalar ? record.textCount : 0
    }

    /// The first byte of a scalar's text (nil for empty text or a collection).
    @inlinable @inline(__always) package func firstByte(_ node: NodeRef) -> UInt8? {
        let record = record(node.index)
        return record.kind == .scalar && record.textCount > 0 ? storage.text(of: record)[0] : nil
    }

    /// Whether a scalar's text holds `byte` (one `memchr`; false for a collection).
    package func textContains(_ node: NodeRef, byte: UInt8) -> Bool {
        let record = record(node.index)
        guard record.kind == .scalar, record.textCount > 0 else { return false }
        let text = storage.text(of: record)
        guard let base = text.baseAddress else { return false }
        return memchr(base, Int32(byte), text.count) != nil
    }

    /// Whether the node is a plain scalar that YAML reads as null (`~`, `null`, or nothing).
    @inlinable @inline(__always) package func isNull(_ node: NodeRef) -> Bool {
        let record = record(node.index)
        guard record.kind == .scalar, record.style == .plain else { return false }
        // Compared as bytes: `~`, or `null`, `Null` and `NULL` as one little-endian word.
        switch record.textCount {
        case 0: return true
        case 1: return storage.text(of: record)[0] == UInt8(ascii: "~")
        case 4:
            let word = UInt32(littleEndian: UnsafeRawPointer(storage.text(of: record).baseAddress!).loadUnaligned(as: UInt32.self))
            return word == 0x6C6C_756E || word == 0x6C6C_754E || word == 0x4C4C_554E
        default: return false
        }
    }

    /// A sequence's entries or a mapping's pairs.
    @inlinable @inline(__always) package func count(_ node: NodeRef) -> Int { record(node.index).count }

    /// The node's kind in words, for messages: "a scalar", "a list", "a mapping", "null".
    package func kindDescription(_ node: NodeRef) -> Message {
        switch record(node.index).kind {
        case .scalar: return Message(isNull(node) ? .kindNull : .kindScalar)
        case .sequence: return Message(.kindList)
        case .mapping: return Message(.kindMapping)
        case .invalid: return Message(.kindInvalid)
        }
    }

    /// A mapping's pairs in order (nil when the node is not a mapping).
    @inlinable package func pairs(_ node: NodeRef) -> Pairs? {
        record(node.index).kind == .mapping ? Pairs(storage: storage, parent: node.index) : nil
    }

    /// A sequence's entries in order (nil when the node is not a sequence).
    @inlinable package func items(_ node: NodeRef) -> Items? {
        record(node.index).kind == .sequence ? Items(storage: storage, parent: node.index) : nil
    }

    /// A place in a collection's entries that holds no reference to the document: a loop
    /// that has the document already walks with `nextPair(_:)` or `nextItem(_:)` and costs
    /// no reference count per collection (`Pairs` and `Items` hold the storage, so they may
    /// outlive their document).
    @usableFromInline package struct EntryCursor {
        @usableFromInline var position: Int
        @usableFromInline let end: Int

        @usableFromInline init(position: Int, end: Int) {
            self.position = position
            self.end = end
        }
    }

    /// The start of a mapping's pairs (nil when the node is not a mapping).
    @inlinable package func pairCursor(_ node: NodeRef) -> EntryCursor? {
        let record = record(node.index)
        return record.kind == .mapping ? EntryCursor(position: node.index + 1, end: node.index + record.size) : nil
    }

    /// The start of a sequence's entries (nil when the node is not a sequence).
    @inlinable package func itemCursor(_ node: NodeRef) -> EntryCursor? {
        let record = record(node.index)
        return record.kind == .sequence ? EntryCursor(position: node.index + 1, end: node.index + record.size) : nil
    }

    /// The next entry of a sequence, or nil after the last.
    @inlinable package func nextItem(_ cursor: inout EntryCursor) -> NodeRef? {
        guard cursor.position < cursor.end else { return nil }
        let item = cursor.position
        cursor.position += storage.record(item).size
        return NodeRef(item)
    }

    /// The next pair of a mapping (those reading kept), or nil after the last.
    @inlinable package func nextPair(_ cursor: inout EntryCursor) -> (key: NodeRef, value: NodeRef)? {
        while cursor.position < cursor.end {
            let key = cursor.position
            cursor.position += storage.record(key).size
            guard cursor.position < cursor.end else { return nil }
            let value = cursor.position
            cursor.position += storage.record(value).size
            if !storage.record(key).dropped { return (NodeRef(key), NodeRef(value)) }
        }
        return nil
    }

    /// The records of a collection's entries, one after another: each entry's subtree is
    /// skipped by its size.
    @usableFromInline
    struct Entries {
        @usableFromInline let storage: FlatStorage
        @usableFromInline var position: Int
        @usableFromInline let end: Int

        @inlinable
        init(of parent: Int, in storage: FlatStorage) {
            self.storage = storage
            position = parent + 1
            end = parent + storage.record(parent).size
        }

        @inlinable
        mutating func next() -> Int? {
            guard position < end else { return nil }
            defer { position += storage.record(position).size }
            return position
        }
    }

    /// A mapping's pairs (those reading kept), walked over the records.
    @usableFromInline package struct Pairs: Sequence {
        /// The document's storage (one reference to retain and release).
        @usableFromInline let storage: FlatStorage
        @usableFromInline let parent: Int

        @usableFromInline init(storage: FlatStorage, parent: Int) {
            self.storage = storage
            self.parent = parent
        }

        @inlinable package func makeIterator() -> Iterator { Iterator(entries: Entries(of: parent, in: storage)) }

        @usableFromInline package struct Iterator: IteratorProtocol {
            @usableFromInline var entries: Entries

            @usableFromInline init(entries: Entries) { self.entries = entries }

            @inlinable package mutating func next() -> (key: NodeRef, value: NodeRef)? {
                while let key = entries.next(), let value = entries.next() {
                    if !entries.storage.record(key).dropped { return (NodeRef(key), NodeRef(value)) }
                }
                return nil
            }
        }
    }

    /// A sequence's entries, walked over the records.
    @usableFromInline package struct Items: Sequence {
        /// The document's storage, as in `Pairs`.
        @usableFromInline let storage: FlatStorage
        @usableFromInline let parent: Int

        @usableFromInline init(storage: FlatStorage, parent: Int) {
            self.storage = storage
            self.parent = parent
        }

        /// How many entries there are.
        @inlinable package var count: Int { storage.record(parent).count }

        @inlinable package func makeIterator() -> Iterator { Iterator(entries: Entries(of: parent, in: storage)) }

        @usableFromInline package struct Iterator: IteratorProtocol {
            @usableFromInline var entries: Entries

            @usableFromInline init(entries: Entries) { self.entries = entries }

            @inlinable package mutating func next() -> NodeRef? { entries.next().map(NodeRef.init) }
        }
    }

    // MARK: The tree

    /// The node and everything under it as a `Node` tree (built without recursion).
    package func tree(_ node: NodeRef) -> Node {
        let first = node.index, end = first + record(first).size
        // Backwards through the records: a node's entries are built before it, and sit on
        // the stack first entry on top.
        var built: [Node] = []
        var index = end - 1
        while index >= first {
            let record = record(index)
            let tag = record.tag < 0 ? nil : storage.tags[record.tag]
            switch record.kind {
            case .scalar:
                built.append(Node(.scalar(scalar(NodeRef(index))!), range: record.range, tag: tag))
            case .invalid:
                built.append(Node(.invalid, range: record.range, tag: tag))
            case .sequence:
                var entries: [Node] = []
                var child = index + 1
                while child < index + record.size {
                    entries.append(built.removeLast())
                    child += self.record(child).size
                }
                built.append(Node(.sequence(entries), range: record.range, tag: tag))
            case .mapping:
                var pairs: [Pair] = []
                var child = index + 1
                while child < index + record.size {
                    let key = built.removeLast(), value = built.removeLast()
                    if !self.record(child).dropped { pairs.append(Pair(key: key, value: value)) }
                    let valueIndex = child + self.record(child).size
                    child = valueIndex + self.record(valueIndex).size
                }
                built.append(Node(.mapping(pairs), range: record.range, tag: tag))
            }
            index -= 1
        }
        return built.last ?? Node(.invalid, range: record(first).range)
    }
}

/// A node of a `FlatDocument`.
@usableFromInline package struct NodeRef: Sendable, Hashable, BitwiseCopyable {
    @usableFromInline let index: Int

    @usableFromInline init(_ index: Int) { self.index = index }
}
