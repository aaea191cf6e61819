/// Builds one document's `FlatDocument` from parser events, with an explicit stack (no
/// recursion), the depth and alias limits, and the duplicate/merge key checks.
struct TreeBuilder {
    private struct Frame {
        /// The collection's record.
        var record: Int
        var anchor: String?
        /// The record of the key waiting for its value.
        var pendingKey: Int?
        /// The keys of a large mapping, by text (small ones are searched).
        var seen: [String: SourceRange]?
    }

    /// Past this many pairs a mapping finds duplicate keys by hashing instead of searching.
    private static let searchedPairs = 16

    let limits: YAMLLimits
    let documentStart: SourcePosition
    private(set) var problems: [YAMLProblem] = []
    private var document = FlatDocument()
    private var stack: [Frame] = []
    /// Anchored nodes: their first record and how many records they span.
    private var anchors: [String: (first: Int, size: Int)] = [:]
    private var expansions = 0
    private var aliasLimitReported = false
    /// The text bytes written so far: `document.bytes` is scratch space at least this long
    /// (a reused document's old bytes lie past it), so a scalar's text is copied in place
    /// instead of appended (a generic append cost about 90 instructions per scalar).
    private var usedBytes = 0
    private let bytesHint: Int

    /// `sizeHint` is the previous document's size (records and text bytes): documents of
    /// a stream are alike, so its arrays are sized once instead of grown. `spare` is the
    /// previous document: emptied keeping its capacity, its arrays are reused when no one
    /// else holds them any more (no allocation), and copied empty otherwise (copy on
    /// write: the holder's document is never touched).
    init(limits: YAMLLimits, start: SourcePosition, sizeHint: (records: Int, bytes: Int) = (0, 0), reusing spare: consuming FlatDocument? = nil) {
        self.limits = limits
        self.documentStart = start
        bytesHint = sizeHint.bytes
        if var spare = spare.take() {
            spare.records.removeAll(keepingCapacity: true)
            spare.tags.removeAll()
            document = spare
        }
        document.records.reserveCapacity(sizeHint.records)
        stack.reserveCapacity(8)
    }

    /// How many records and text bytes the document holds so far.
    var size: (records: Int, bytes: Int) { (document.records.count, usedBytes) }

    /// Copies a scalar's text after the bytes written so far, growing the scratch space
    /// (doubling, at least to the previous document's size and a quarter) when it is short.
    private mutating func appendText(_ text: UnsafeBufferPointer<UInt8>) {
        guard let source = text.baseAddress, !text.isEmpty else { return }
        let start = usedBytes, end = start + text.count
        if end > document.bytes.count {
            let target = max(end, 2 * document.bytes.count, bytesHint + bytesHint / 4, 64)
            document.bytes.append(contentsOf: repeatElement(0, count: target - document.bytes.count))
        }
        document.bytes.withUnsafeMutableBufferPointer { bytes in
            UnsafeMutableRawPointer(bytes.baseAddress! + start).copyMemory(from: source, byteCount: text.count)
        }
        usedBytes = end
    }

    func finish(index: Int) -> YAMLDocument {
        YAMLDocument(index: index, nodes: document.records.isEmpty ? nil : document, problems: problems, start: documentStart)
    }

    mutating func scalar(_ text: UnsafeBufferPointer<UInt8>, style: ScalarStyle, range: SourceRange, tag: String?, anchor: String?) {
        var range = range
        if stack.isEmpty, text.isEmpty, style == .plain, range.start == range.end, tag == nil, anchor == nil {
            // An empty document: libyaml places its empty node at the next token (the
            // next document's `---`); the document's own start is where it is.
            range = SourceRange(at: documentStart)
        }
        let index = document.records.count
        var high: UInt8 = 0
        for byte in text { high |= byte }
        document.records.append(FlatDocument.Record(kind: .scalar, style: style, isASCII: high < 0x80, range: range,
                                                    textStart: usedBytes, textCount: text.count, tag: tagIndex(tag)))
        appendText(text)
        if let anchor { anchors[anchor] = (index, 1) }
        added(index)
    }

    private mutating func tagIndex(_ tag: String?) -> Int {
        guard let tag else { return -1 }
        document.tags.append(tag)
        return document.tags.count - 1
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
        stack.append(Frame(record: document.records.count, anchor: anchor))
        document.records.append(FlatDocument.Record(kind: mapping ? .mapping : .sequence, range: SourceRange(at: start), tag: tagIndex(tag)))
        return true
    }

    mutating func endCollection(end: SourcePosition) {
        guard let frame = stack.popLast() else { return }
        let index = frame.record
        document.records[index].range.end = end
        document.records[index].size = document.records.count - index
        if let anchor = frame.anchor { anchors[anchor] = (index, document.records[index].size) }
        added(index)
    }

    mutating func alias(_ name: String, range: SourceRange) {
        guard let target = anchors[name] else {
            if stack.contains(where: { $0.anchor == name }) {
                // The anchor is on a collection still open around the alias.
                problems.append(YAMLProblem(.undefinedAlias, "alias '*\(name)' is inside the collection anchored '&\(name)': a recursive alias, which cannot be expanded", at: range))
                invalid(range)
                return
            }
            problems.append(YAMLProblem(.undefinedAlias, "alias '*\(name)' refers to no anchor '&\(name)' defined before it", at: range))
            invalid(range)
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
            invalid(range)
            return
        }
        // A copy of the anchored records (sizes are relative, so a copy is valid where it
        // lands); the copy stands where the alias does.
        let index = document.records.count
        document.records.append(contentsOf: document.records[target.first..<target.first + target.size])
        document.records[index].range = range
        document.records[index].dropped = false
        added(index)
    }

    private mutating func invalid(_ range: SourceRange) {
        document.records.append(FlatDocument.Record(kind: .invalid, range: range))
        added(document.records.count - 1)
    }

    /// Files the node whose records start at `index` into the open collection.
    private mutating func added(_ index: Int) {
        guard !stack.isEmpty else { return }
        let top = stack.count - 1
        let parent = stack[top].record
        guard document.records[parent].kind == .mapping else {
            document.records[parent].count += 1
            return
        }
        guard let key = stack[top].pendingKey else {
            stack[top].pendingKey = index
            return
        }
        stack[top].pendingKey = nil
        let keyRef = NodeRef(key)
        let keyRange = document.records[key].range
        if document.kind(keyRef) == .scalar {
            if document.records[key].style == .plain && document.isMergeKey(key) {
                problems.append(YAMLProblem(.mergeKey, "merge keys ('<<') are not supported: write the keys out", at: keyRange))
                document.records[key].dropped = true
                return
            }
            let first: SourceRange?
            if let seen = stack[top].seen {
                first = seen[document.text(keyRef)!]
            } else {
                first = firstKey(equalTo: key, in: parent)
            }
            if let first {
                problems.append(YAMLProblem(.duplicateKey(first: first),
                    "duplicate key '\(document.text(keyRef)!)' (first defined at line \(first.start.line), column \(first.start.column)); only the first is used",
                    at: keyRange))
                document.records[key].dropped = true
                return
            }
            if stack[top].seen != nil {
                stack[top].seen![document.text(keyRef)!] = keyRange
            } else if document.records[parent].count >= Self.searchedPairs {
                var seen: [String: SourceRange] = [:]
                forEachKeptKey(of: parent, before: key) { other in
                    if let text = document.text(NodeRef(other)), seen[text] == nil { seen[text] = document.records[other].range }
                }
                seen[document.text(keyRef)!] = keyRange
                stack[top].seen = seen
            }
        }
        document.records[parent].count += 1
    }

    /// The range of the first kept key of the mapping at `parent` equal to the scalar key
    /// at `key`. Keys compare as Strings (canonical equivalence), like the model's key
    /// lookups: equal bytes are equal, and two ASCII keys with other bytes are not, so a
    /// string is made only when a key is not ASCII. The records are walked in place (a
    /// copy of the array cost a retain and a release per key).
    @inline(__always)
    private func firstKey(equalTo key: Int, in parent: Int) -> SourceRange? {
        document.records.withUnsafeBufferPointer { records in
            document.bytes.withUnsafeBufferPointer { bytes in
                let keyRecord = records[key]
                let keyText = UnsafeBufferPointer(rebasing: bytes[keyRecord.textStart..<keyRecord.textStart + keyRecord.textCount])
                var child = parent + 1
                while child < key {
                    let other = records[child]
                    let value = child + other.size
                    child = value + records[value].size
                    guard !other.dropped, other.kind == .scalar else { continue }
                    // Two ASCII keys of different lengths differ: their bytes are not looked at.
                    let sameLength = other.textCount == keyRecord.textCount, ascii = keyRecord.isASCII && other.isASCII
                    guard sameLength || !ascii else { continue }
                    let otherText = UnsafeBufferPointer(rebasing: bytes[other.textStart..<other.textStart + other.textCount])
                    if sameLength, KeyTable.equal(otherText, keyText) { return other.range }
                    if !ascii, String(decoding: otherText, as: UTF8.self) == String(decoding: keyText, as: UTF8.self) {
                        return other.range
                    }
                }
                return nil
            }
        }
    }

    /// Calls `body` with the record of each kept key of the open mapping at `parent`,
    /// up to the pair whose key is at `end`.
    private func forEachKeptKey(of parent: Int, before end: Int, _ body: (Int) -> Void) {
        var child = parent + 1
        while child < end {
            let value = child + document.records[child].size
            if !document.records[child].dropped { body(child) }
            child = value + document.records[value].size
        }
    }
}
