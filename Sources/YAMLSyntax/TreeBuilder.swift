/// Builds one document's node tree from parser events, with an explicit stack (no
/// recursion), the depth and alias limits, and the duplicate/merge key checks.
struct TreeBuilder {
    private struct Frame {
        var isMapping: Bool
        var start: SourcePosition
        var tag: String?
        var anchor: String?
        /// Where this collection's entries begin in the shared `items` or `pairs` stack:
        /// entries of every open collection sit there in order, and a closed one takes
        /// its slice as one exactly sized array (no array grown per collection).
        var first: Int
        /// The key waiting for its value.
        var pendingKey: Node?
        /// The keys of a large mapping, by text (small ones are searched).
        var seen: [String: SourceRange]?
        var size = 1
    }

    /// Past this many pairs a mapping finds duplicate keys by hashing instead of searching.
    private static let searchedPairs = 16

    let limits: YAMLLimits
    let documentStart: SourcePosition
    private(set) var problems: [YAMLProblem] = []
    private var stack: [Frame] = []
    /// The entries of the open sequences, and the pairs (duplicates and merge keys left
    /// out) of the open mappings, innermost last.
    private var items: [Node] = []
    private var pairs: [Pair] = []
    private var root: Node?
    private var anchors: [String: (node: Node, size: Int)] = [:]
    private var expansions = 0
    private var aliasLimitReported = false

    init(limits: YAMLLimits, start: SourcePosition) {
        self.limits = limits
        self.documentStart = start
    }

    func finish(index: Int) -> YAMLDocument {
        YAMLDocument(index: index, root: root, problems: problems, start: documentStart)
    }

    mutating func scalar(_ scalar: Scalar, range: SourceRange, tag: String?, anchor: String?) {
        var range = range
        if stack.isEmpty, scalar.value.isEmpty, scalar.style == .plain, range.start == range.end, tag == nil, anchor == nil {
            // An empty document: libyaml places its empty node at the next token (the
            // next document's `---`); the document's own start is where it is.
            range = SourceRange(at: documentStart)
        }
        let node = Node(.scalar(scalar), range: range, tag: tag)
        if let anchor { anchors[anchor] = (node, 1) }
        add(node, size: 1)
    }

    /// Opens a collection; returns false when it is past the depth limit (the problem
    /// is reported and the document should be abandoned).
    mutating func startCollection(mapping: Bool, start: SourcePosition, tag: String?, anchor: String?) -> Bool {
        if stack.count >= limits.maxDepth {
            problems.append(YAMLProblem(.resourceLimit,
                "nesting is deeper than \(limits.maxDepth) levels; this document is not checked",
                at: SourceRange(at: start)))
            return false
        }
        stack.append(Frame(isMapping: mapping, start: start, tag: tag, anchor: anchor, first: mapping ? pairs.count : items.count))
        return true
    }

    mutating func endCollection(end: SourcePosition) {
        guard let frame = stack.popLast() else { return }
        let range = SourceRange(start: frame.start, end: end)
        let content: Node.Content
        if frame.isMapping {
            content = .mapping(Array(pairs[frame.first...]))
            pairs.removeSubrange(frame.first...)
        } else {
            content = .sequence(Array(items[frame.first...]))
            items.removeSubrange(frame.first...)
        }
        let node = Node(content, range: range, tag: frame.tag)
        if let anchor = frame.anchor { anchors[anchor] = (node, frame.size) }
        add(node, size: frame.size)
    }

    mutating func alias(_ name: String, range: SourceRange) {
        guard let target = anchors[name] else {
            if stack.contains(where: { $0.anchor == name }) {
                // The anchor is on a collection still open around the alias.
                problems.append(YAMLProblem(.undefinedAlias, "alias '*\(name)' is inside the collection anchored '&\(name)': a recursive alias, which cannot be expanded", at: range))
                add(Node(.invalid, range: range), size: 1)
                return
            }
            problems.append(YAMLProblem(.undefinedAlias, "alias '*\(name)' refers to no anchor '&\(name)' defined before it", at: range))
            add(Node(.invalid, range: range), size: 1)
            return
        }
        expansions += target.size
        if expansions > limits.maxAliasExpansions {
            if !aliasLimitReported {
                aliasLimitReported = true
                problems.append(YAMLProblem(.resourceLimit,
                    "aliases expand to more than \(limits.maxAliasExpansions) nodes in this document (an alias bomb?); the rest are not expanded",
                    at: range))
            }
            add(Node(.invalid, range: range), size: 1)
            return
        }
        var node = target.node
        node.range = range
        add(node, size: target.size)
    }

    mutating private func add(_ node: Node, size: Int) {
        guard !stack.isEmpty else {
            if root == nil { root = node }
            return
        }
        let top = stack.count - 1
        stack[top].size += size
        guard stack[top].isMapping else {
            items.append(node)
            return
        }
        guard let key = stack[top].pendingKey else {
            stack[top].pendingKey = node
            return
        }
        stack[top].pendingKey = nil
        if let scalar = key.scalar {
            if scalar.style == .plain && scalar.value == "<<" {
                problems.append(YAMLProblem(.mergeKey, "merge keys ('<<') are not supported: write the keys out", at: key.range))
                return
            }
            // Keys compare as Strings (canonical equivalence), like the model's key lookups.
            let first: SourceRange?
            if let seen = stack[top].seen {
                first = seen[scalar.value]
            } else {
                first = pairs[stack[top].first...].first(where: { $0.key.scalar?.value == scalar.value })?.key.range
            }
            if let first {
                problems.append(YAMLProblem(.duplicateKey(first: first),
                    "duplicate key '\(scalar.value)' (first defined at line \(first.start.line), column \(first.start.column)); only the first is used",
                    at: key.range))
                return
            }
            if stack[top].seen != nil {
                stack[top].seen![scalar.value] = key.range
            } else if pairs.count - stack[top].first >= Self.searchedPairs {
                var seen: [String: SourceRange] = [:]
                for pair in pairs[stack[top].first...] { if let text = pair.key.scalar?.value, seen[text] == nil { seen[text] = pair.key.range } }
                seen[scalar.value] = key.range
                stack[top].seen = seen
            }
        }
        pairs.append(Pair(key: key, value: node))
    }
}
