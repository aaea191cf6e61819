import ShareLintMessages
/// How a scalar was written in the source.
@usableFromInline package enum ScalarStyle: UInt8, Sendable, Hashable {
    // In libyaml's order (`yaml_scalar_style_t` is one more), so the reader converts a
    // style with a subtraction.
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// A scalar value with the style it was written in.
package struct Scalar: Sendable, Hashable {
    /// The scalar's text after YAML unescaping and folding.
    package var value: String
    /// How the scalar was written.
    package var style: ScalarStyle

    /// Creates a scalar.
    package init(_ value: String, style: ScalarStyle = .plain) {
        self.value = value
        self.style = style
    }

    /// Whether this is a plain scalar that YAML reads as null (`~`, `null`, or nothing).
    package var isNull: Bool {
        // The null words are at most four bytes: longer scalars need no comparison.
        style == .plain && value.utf8.count <= 4
            && (value.isEmpty || value == "~" || value == "null" || value == "Null" || value == "NULL")
    }
}

/// One key and its value in a mapping; the key keeps its own range.
package struct Pair: Sendable {
    /// The key node (usually a scalar).
    package var key: Node
    /// The value node.
    package var value: Node

    /// Creates a pair.
    package init(key: Node, value: Node) {
        self.key = key
        self.value = value
    }
}

/// A node of a YAML document, with its start and end in the source.
///
/// Ranges are not part of equality: two nodes with the same content compare equal
/// wherever they were written.
package struct Node: Sendable {
    /// What a node holds.
    package enum Content: Sendable {
        case scalar(Scalar)
        case sequence([Node])
        case mapping([Pair])
        /// A node that could not be built (an undefined alias, or content past a limit);
        /// the problem that caused it has been reported.
        case invalid
    }

    /// The node's content.
    package var content: Content
    /// Where the node stands in the source (for an alias, where the alias stands).
    package var range: SourceRange
    /// The node's explicit tag (`!!str` resolves to `tag:yaml.org,2002:str`), if any.
    package var tag: String?

    /// Creates a node.
    package init(_ content: Content, range: SourceRange, tag: String? = nil) {
        self.content = content
        self.range = range
        self.tag = tag
    }

    /// The scalar, when this node is one.
    package var scalar: Scalar? {
        if case .scalar(let s) = content { return s }
        return nil
    }

    /// The pairs, when this node is a mapping.
    package var pairs: [Pair]? {
        if case .mapping(let p) = content { return p }
        return nil
    }

    /// The items, when this node is a sequence.
    package var items: [Node]? {
        if case .sequence(let i) = content { return i }
        return nil
    }

    /// The node's kind in words, for messages: "a scalar", "a list", "a mapping".
    package var kindDescription: Message {
        switch content {
        case .scalar(let s): return Message(s.isNull ? .kindNull : .kindScalar)
        case .sequence: return Message(.kindList)
        case .mapping: return Message(.kindMapping)
        case .invalid: return Message(.kindInvalid)
        }
    }

    /// How many nodes this node holds, itself included.
    package var size: Int {
        switch content {
        case .scalar, .invalid: return 1
        case .sequence(let items): return items.reduce(1) { $0 + $1.size }
        case .mapping(let pairs): return pairs.reduce(1) { $0 + $1.key.size + $1.value.size }
        }
    }
}

extension Node: Equatable {
    package static func == (lhs: Node, rhs: Node) -> Bool {
        switch (lhs.content, rhs.content) {
        case let (.scalar(a), .scalar(b)): return a.value == b.value && lhs.tag == rhs.tag
        case let (.sequence(a), .sequence(b)): return a == b
        case let (.mapping(a), .mapping(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.invalid, .invalid): return true
        default: return false
        }
    }
}
