/// One document's nodes as flat records in document order, each collection followed by
/// its entries, with scalar text kept as bytes: building it allocates no object, string
/// or array per node (a document's records, bytes and tags are three arrays).
///
/// Nodes are named by `NodeRef`s, which are valid only with the document that gave
/// them: a ref is an index, and the document is a value, so a ref kept after its
/// document is gone names nothing (reading through another document is a programming
/// error caught by the array's bounds check, never undefined behaviour).
///
/// Mapping pairs that YAML reading dropped (a repeated key, a `<<` merge key) keep their
/// records, so an anchor inside one still resolves, but `pairs` skips them, as the tree
/// never held them.
public struct FlatDocument: Sendable {
    /// What a node is.
    public enum Kind: UInt8, Sendable {
        case scalar, sequence, mapping
        /// A node that could not be built (an undefined alias, or content past a limit).
        case invalid
    }

    struct Record: Sendable {
        var kind: Kind
        var style: ScalarStyle = .plain
        /// On a mapping key: its pair was dropped.
        var dropped = false
        /// On a scalar: its text is all ASCII (worked out once, when it is added).
        var isASCII = true
        var range: SourceRange
        /// Records in this node's subtree, itself included.
        var size = 1
        /// A sequence's entries, a mapping's pairs (dropped ones left out).
        var count = 0
        /// A scalar's text in `bytes`.
        var textStart = 0
        var textCount = 0
        /// Index in `tags`, or -1.
        var tag = -1
    }

    var records: [Record] = []
    var bytes: [UInt8] = []
    var tags: [String] = []

    /// The root node.
    public var root: NodeRef { NodeRef(0) }

    /// How many nodes the document has.
    public var nodeCount: Int { records.count }

    // MARK: Reading a node

    /// What the node is.
    public func kind(_ node: NodeRef) -> Kind { records[node.index].kind }

    /// Where the node stands (for an alias, where the alias stands).
    public func range(_ node: NodeRef) -> SourceRange { records[node.index].range }

    /// A scalar's style (nil for other nodes).
    public func style(_ node: NodeRef) -> ScalarStyle? {
        records[node.index].kind == .scalar ? records[node.index].style : nil
    }

    /// The node's explicit tag, if any.
    public func tag(_ node: NodeRef) -> String? {
        let tag = records[node.index].tag
        return tag < 0 ? nil : tags[tag]
    }

    /// Whether the node has an explicit tag.
    public func hasTag(_ node: NodeRef) -> Bool { records[node.index].tag >= 0 }

    /// Whether the node could not be built.
    public func isInvalid(_ node: NodeRef) -> Bool { records[node.index].kind == .invalid }

    /// A scalar's text (nil for other nodes).
    public func text(_ node: NodeRef) -> String? {
        let record = records[node.index]
        guard record.kind == .scalar else { return nil }
        return bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[record.textStart..<record.textStart + record.textCount]), as: UTF8.self)
        }
    }

    /// The scalar with its style (nil for other nodes).
    public func scalar(_ node: NodeRef) -> Scalar? {
        text(node).map { Scalar($0, style: records[node.index].style) }
    }

    /// Whether a scalar's text is exactly the bytes of `other` (no string is made).
    public func textEquals(_ node: NodeRef, _ other: String) -> Bool {
        let record = records[node.index]
        // A native string knows its UTF-8 length: most mismatches end here.
        guard record.kind == .scalar, record.textCount == other.utf8.count else { return false }
        var other = other
        return other.withUTF8 { wanted in
            guard wanted.count == record.textCount else { return false }
            return bytes.withUnsafeBufferPointer { all in
                KeyTable.equal(UnsafeBufferPointer(rebasing: all[record.textStart..<record.textStart + record.textCount]), wanted)
            }
        }
    }

    /// Whether the record at `index` is a scalar whose text is `<<` (a merge key when plain).
    func isMergeKey(_ index: Int) -> Bool {
        let record = records[index]
        return record.kind == .scalar && record.textCount == 2
            && bytes[record.textStart] == 0x3C && bytes[record.textStart + 1] == 0x3C
    }

    /// How many UTF-8 bytes a scalar's text has (0 for a collection).
    public func textLength(_ node: NodeRef) -> Int {
        let record = records[node.index]
        return record.kind == .scalar ? record.textCount : 0
    }

    /// The first byte of a scalar's text (nil for empty text or a collection).
    public func firstByte(_ node: NodeRef) -> UInt8? {
        let record = records[node.index]
        return record.kind == .scalar && record.textCount > 0 ? bytes[record.textStart] : nil
    }

    /// Whether a scalar's text is all ASCII.
    public func isASCII(_ node: NodeRef) -> Bool {
        records[node.index].isASCII
    }

    /// Whether the node is a plain scalar that YAML reads as null (`~`, `null`, or nothing).
    public func isNull(_ node: NodeRef) -> Bool {
        let record = records[node.index]
        guard record.kind == .scalar, record.style == .plain, record.textCount <= 4 else { return false }
        return record.textCount == 0 || textEquals(node, "~") || textEquals(node, "null") || textEquals(node, "Null") || textEquals(node, "NULL")
    }

    /// A sequence's entries or a mapping's pairs.
    public func count(_ node: NodeRef) -> Int { records[node.index].count }

    /// A word for the node's kind, for messages: "a scalar", "a list", "a mapping", "null".
    public func kindDescription(_ node: NodeRef) -> String {
        switch records[node.index].kind {
        case .scalar: return isNull(node) ? "null" : "a scalar"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .invalid: return "an invalid node"
        }
    }

    /// A mapping's pairs in order (nil when the node is not a mapping).
    public func pairs(_ node: NodeRef) -> Pairs? {
        records[node.index].kind == .mapping ? Pairs(records: records, parent: node.index) : nil
    }

    /// A sequence's entries in order (nil when the node is not a sequence).
    public func items(_ node: NodeRef) -> Items? {
        records[node.index].kind == .sequence ? Items(records: records, parent: node.index) : nil
    }

    /// The records of a collection's entries, one after another: each entry's subtree is
    /// skipped by its size.
    struct Entries {
        let records: [Record]
        var position: Int
        let end: Int

        init(of parent: Int, in records: [Record]) {
            self.records = records
            position = parent + 1
            end = parent + records[parent].size
        }

        mutating func next() -> Int? {
            guard position < end else { return nil }
            defer { position += records[position].size }
            return position
        }
    }

    /// A mapping's pairs (those reading kept), walked over the records.
    public struct Pairs: Sequence {
        /// The document's records only: a sequence of pairs holding the whole document
        /// retained and released its three arrays each time one was made.
        let records: [Record]
        let parent: Int

        public func makeIterator() -> Iterator { Iterator(entries: Entries(of: parent, in: records)) }

        public struct Iterator: IteratorProtocol {
            var entries: Entries

            public mutating func next() -> (key: NodeRef, value: NodeRef)? {
                while let key = entries.next(), let value = entries.next() {
                    if !entries.records[key].dropped { return (NodeRef(key), NodeRef(value)) }
                }
                return nil
            }
        }
    }

    /// A sequence's entries, walked over the records.
    public struct Items: Sequence {
        /// The document's records only, as in `Pairs`.
        let records: [Record]
        let parent: Int

        /// How many entries there are.
        public var count: Int { records[parent].count }

        public func makeIterator() -> Iterator { Iterator(entries: Entries(of: parent, in: records)) }

        public struct Iterator: IteratorProtocol {
            var entries: Entries

            public mutating func next() -> NodeRef? { entries.next().map(NodeRef.init) }
        }
    }

    // MARK: The tree

    /// The node and everything under it as a `Node` tree (built without recursion).
    public func tree(_ node: NodeRef) -> Node {
        let first = node.index, end = first + records[first].size
        // Backwards through the records: a node's entries are built before it, and sit on
        // the stack first entry on top.
        var built: [Node] = []
        var index = end - 1
        while index >= first {
            let record = records[index]
            let tag = record.tag < 0 ? nil : tags[record.tag]
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
                    child += records[child].size
                }
                built.append(Node(.sequence(entries), range: record.range, tag: tag))
            case .mapping:
                var pairs: [Pair] = []
                var child = index + 1
                while child < index + record.size {
                    let key = built.removeLast(), value = built.removeLast()
                    if !records[child].dropped { pairs.append(Pair(key: key, value: value)) }
                    let valueIndex = child + records[child].size
                    child = valueIndex + records[valueIndex].size
                }
                built.append(Node(.mapping(pairs), range: record.range, tag: tag))
            }
            index -= 1
        }
        return built.last ?? Node(.invalid, range: records[first].range)
    }
}

/// A node of a `FlatDocument`.
public struct NodeRef: Sendable, Hashable {
    let index: Int

    init(_ index: Int) { self.index = index }
}
