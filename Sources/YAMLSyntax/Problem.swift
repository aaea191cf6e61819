import ShareLintMessages
/// Bounds that keep parsing hostile input cheap.
package struct YAMLLimits: Sendable, Hashable {
    /// The deepest nesting of collections allowed; deeper content is dropped.
    package var maxDepth: Int
    /// The most nodes that aliases may expand into in one document (an alias to a
    /// mapping of five nodes counts five).
    package var maxAliasExpansions: Int

    /// Creates limits.
    package init(maxDepth: Int = 64, maxAliasExpansions: Int = 10_000) {
        self.maxDepth = maxDepth
        self.maxAliasExpansions = maxAliasExpansions
    }
}

/// A problem found while reading YAML, with its position.
package struct YAMLProblem: Sendable, Hashable {
    /// What went wrong.
    package enum Kind: Sendable, Hashable {
        /// libyaml could not read the stream.
        case syntax
        /// A mapping repeats a key; the associated range is the first occurrence.
        case duplicateKey(first: SourceRange)
        /// A `<<` merge key.
        case mergeKey
        /// An alias whose anchor is not defined before it.
        case undefinedAlias
        /// Nesting or alias expansion went past a limit.
        case resourceLimit
    }

    /// What went wrong.
    package var kind: Kind
    /// A sentence for the user, in any language.
    package var text: Message
    /// The sentence in English.
    package var message: String { text.english }
    /// Where it went wrong.
    package var range: SourceRange
    /// For a tab in a line's indentation (a `syntax` problem): the spaces to write in place
    /// of the line's leading blanks, tabs and spaces (empty for a blank line); nil otherwise.
    package var suggestion: String?

    /// Creates a problem.
    package init(_ kind: Kind, _ text: Message, at range: SourceRange, suggestion: String? = nil) {
        self.kind = kind
        self.text = text
        self.range = range
        self.suggestion = suggestion
    }
}

/// One document of a YAML stream: its nodes (nil when nothing could be read) and the
/// problems found while reading it.
package struct YAMLDocument: Sendable {
    /// The 0-based index of the document in its stream.
    package var index: Int
    /// The document's nodes, flat; nil when the document could not be read at all.
    package var nodes: FlatDocument?
    /// Problems in this document, in source order.
    package var problems: [YAMLProblem]
    /// Where the document starts in the source.
    package var start: SourcePosition

    /// The root node as a tree, built from `nodes` on each call (the linter reads
    /// `nodes`; the tree is for callers that walk a whole document).
    package var root: Node? { nodes.map { $0.tree($0.root) } }

    /// Creates a document.
    package init(index: Int, nodes: FlatDocument?, problems: [YAMLProblem], start: SourcePosition) {
        self.index = index
        self.nodes = nodes
        self.problems = problems
        self.start = start
    }
}

extension YAMLDocumentReader {
    /// Reads every document of a stream at once.
    package static func documents<Bytes: Collection>(in bytes: Bytes, limits: YAMLLimits = YAMLLimits()) -> [YAMLDocument] where Bytes.Element == UInt8 {
        let reader = YAMLDocumentReader(bytes: bytes, limits: limits)
        var result: [YAMLDocument] = []
        while let document = reader.next() { result.append(document) }
        return result
    }
}
