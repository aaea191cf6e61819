import ShareLintMessages
/// Builds one document's `FlatDocument` from parser events, with an explicit stack (no
/// recursion), the depth and alias limits, and the duplicate/merge key checks.
struct TreeBuilder {
    private struct Frame {
        /// The collection's record.
        var record: Int
        var anchor: String?
        /// The keys of a large mapping, by text (small ones are searched).
        var seen: [String: SourceRange]?
        /// One bit per kept ASCII key of a small mapping, from its length and its first and
        /// last bytes (`keyBit`): an ASCII key whose bit is clear repeats none of them, and
        /// the search is skipped. Once a key that is not ASCII is kept, every key is
        /// searched (such a key can equal an ASCII one as a `String`: U+212A is K).
        var keyBits: UInt64 = 0
        var nonASCIIKey = false
    }

    /// Past this many pairs a mapping finds duplicate keys by hashing instead of searching.
    private static let searchedPairs = 16

    let limits: YAMLLimits
    let documentStart: SourcePosition
    private(set) var problems: [YAMLProblem] = []
    /// The document's records and text, written in place (the builder holds it alone).
    private let storage: FlatStorage
    private var stack: [Frame] = []
    /// Anchored nodes: their first record and how many records they span.
    private var anchors: [String: (first: Int, size: Int)] = [:]
    private var expansions = 0
    private var aliasLimitReported = false

    /// `sizeHint` is the previous document's size (records and text bytes): documents of
    /// a stream are alike, so its buffers are sized once instead of grown. `spare` is the
    /// previous document: its storage is emptied and reused when no one else holds it any
    /// more (no allocation); otherwise a new one is made (the holder's document is never
    /// touched).
    init(limits: YAMLLimits, start: SourcePosition, sizeHint: (records: Int, bytes: Int) = (0, 0), reusing spare: consuming FlatDocument? = nil) {
        self.limits = limits
        self.documentStart = start
        if var spare = spare.take(), isKnownUniquelyReferenced(&spare.storage) {
            spare.storage.removeAll()
            spare.storage.reserve(records: sizeHint.records, bytes: sizeHint.bytes)
            storage = spare.storage
        } else {
            storage = FlatStorage(records: sizeHint.records, bytes: sizeHint.bytes)
        }
        stack.reserveCapacity(8)
    }

    /// How many records and text bytes the document holds so far.
    var size: (records: Int, bytes: Int) { (storage.count, storage.byteCount) }

    func finish(index: Int) -> YAMLDocument {
        YAMLDocument(index: index, nodes: storage.count == 0 ? nil : FlatDocument(storage: storage), problems: problems, start: documentStart)
    }

    mutating func scalar(_ text: UnsafeBufferPointer<UInt8>, style: ScalarStyle, range: SourceRange, tag: String?, anchor: String?) {
        var range = range
        if stack.isEmpty, text.isEmpty, style == .plain, range.start == range.end, tag == nil, anchor == nil {
            // An empty document: libyaml places its empty node at the next token (the
            // next document's `---`); the document's own start is where it is.
            range = SourceRange(at: documentStart)
        }
        let textStart = storage.appendText(text)
        let index = storage.append(FlatDocument.Record(kind: .scalar, style: style, range: range,
                                                       textStart: textStart, textCount: text.count, tag: tagIndex(tag)))
        if let anchor { anchors[anchor] = (index, 1) }
        added(index)
    }

    /// A node's tag's index in the document's tags, -1 for none (nearly every node: the
    /// test is inlined where the caller knows there is none).
    @inline(__always)
    private mutating func tagIndex(_ tag: String?) -> Int {
        guard let tag else { return -1 }
        return appendedTag(tag)
    }

    @inline(never)
    private mutating func appendedTag(_ tag: String) -> Int {
        storage.tags.append(tag)
        return storage.tags.count - 1
    }

    /// Opens a collection; returns false when it is past the depth limit (the problem
    /// is reported and the document should be abandoned).
    mutating func startCollection(mapping: Bool, start: SourcePosition, tag: String?, anchor: String?) -> Bool {
        if stack.count >= limits.maxDepth {
            problems.append(YAMLProblem(.resourceLimit,
                Message(.yamlTooDeep, ["limit": limits.maxDepth]),
                at: SourceRange(at: start)))
            return false
        }
        let tag = tagIndex(tag)
        // While a mapping is open, its record's `textStart` (unused by a collection) holds
        // the record of the key waiting for its value, or -1: kept in the record, it is
        // written in place, where the stack's frame took a uniqueness test per write.
        stack.append(Frame(record: storage.append(FlatDocument.Record(kind: mapping ? .mapping : .sequence, range: SourceRange(at: start),
                                                                       textStart: -1, tag: tag)),
                           anchor: anchor))
        return true
    }

    mutating func endCollection(end: SourcePosition) {
        guard let frame = stack.popLast() else { return }
        let index = frame.record
        let records = storage.records
        records[index].range.end = end
        records[index].size = storage.count - index
        records[index].textStart = 0
        if let anchor = frame.anchor { anchors[anchor] = (index, records[index].size) }
        added(index)
    }

    mutating func alias(_ name: String, range: SourceRange) {
        guard let target = anchors[name] else {
            if stack.contains(where: { $0.anchor == name }) {
                // The anchor is on a collection still open around the alias.
                problems.append(YAMLProblem(.undefinedAlias, Message(.yamlRecursiveAlias, ["name": name]), at: range))
                invalid(range)
                return
            }
            problems.append(YAMLProblem(.undefinedAlias, Message(.yamlUndefinedAlias, ["name": name]), at: range))
            invalid(range)
            return
        }
        expansions += target.size
        if expansions > limits.maxAliasExpansions {
            if !aliasLimitReported {
                aliasLimitReported = true
                problems.append(YAMLProblem(.resourceLimit,
                    Message(.yamlAliasBomb, ["limit": limits.maxAliasExpansions]),
                    at: range))
            }
            invalid(range)
            return
        }
        // A copy of the anchored records (sizes are relative, so a copy is valid where it
        // lands); the copy stands where the alias does.
        let index = storage.count
        storage.appendCopy(of: target.first, size: target.size)
        storage.records[index].range = range
        storage.records[index].dropped = false
        added(index)
    }

    private mutating func invalid(_ range: SourceRange) {
        added(storage.append(FlatDocument.Record(kind: .invalid, range: range)))
    }

    /// Files the node whose records start at `index` into the open collection. The common
    /// steps (an entry counted, a key set aside) are here; a finished pair is checked in
    /// `addedPair`, and the rare cases further out, so this stays small enough to inline
    /// (the whole check in one function cost a large frame on every node).
    @inline(__always)
    private mutating func added(_ index: Int) {
        guard let top = stack.indices.last else { return }
        let parent = stack[top].record
        let records = storage.records
        guard records[parent].kind == .mapping else {
            records[parent].count += 1
            return
        }
        let key = records[parent].textStart
        guard key >= 0 else {
            records[parent].textStart = index
            // Only keys are compared (`firstKey`): a value's bytes are not scanned.
            if records[index].kind == .scalar { records[index].isASCII = storage.isASCII(records[index]) }
            return
        }
        records[parent].textStart = -1
        addedPair(key: key, parent: parent, top: top)
    }

    /// Files a pair whose value has just ended: drops a merge key or a repeated key, with
    /// its problem, and otherwise counts the pair.
    @inline(never)
    private mutating func addedPair(key: Int, parent: Int, top: Int) {
        let records = storage.records
        let keyRecord = records[key]
        if keyRecord.kind == .scalar {
            if keyRecord.style == .plain && isMergeKey(keyRecord) {
                return dropMergeKey(key)
            }
            let bit = keyRecord.isASCII ? Self.keyBit(storage.text(of: keyRecord)) : 0
            let first: SourceRange?
            if stack[top].seen != nil {
                first = stack[top].seen![text(key)]
            } else if bit != 0 && !stack[top].nonASCIIKey && stack[top].keyBits & bit == 0 {
                first = nil
            } else {
                first = firstKey(equalTo: key, in: parent)
            }
            if let first {
                return dropDuplicate(key, first: first)
            }
            stack[top].keyBits |= bit
            if bit == 0 { stack[top].nonASCIIKey = true }
            if stack[top].seen != nil || records[parent].count >= Self.searchedPairs {
                rememberKey(key, parent: parent, top: top)
            }
        }
        records[parent].count += 1
    }

    @inline(never)
    private mutating func dropMergeKey(_ key: Int) {
        problems.append(YAMLProblem(.mergeKey, Message(.yamlMergeKey), at: storage.records[key].range))
        storage.records[key].dropped = true
    }

    @inline(never)
    private mutating func dropDuplicate(_ key: Int, first: SourceRange) {
        problems.append(YAMLProblem(.duplicateKey(first: first),
            Message(.yamlDuplicateKey, ["key": text(key), "line": first.start.line, "column": first.start.column]),
            at: storage.records[key].range))
        storage.records[key].dropped = true
    }

    /// Past `searchedPairs` pairs, a mapping's keys are kept by text: the ones before
    /// `key` once, then each new one.
    @inline(never)
    private mutating func rememberKey(_ key: Int, parent: Int, top: Int) {
        let records = storage.records
        if stack[top].seen != nil {
            stack[top].seen![text(key)] = records[key].range
            return
        }
        var seen: [String: SourceRange] = [:]
        forEachKeptKey(of: parent, before: key) { other in
            if records[other].kind == .scalar, seen[text(other)] == nil { seen[text(other)] = records[other].range }
        }
        seen[text(key)] = records[key].range
        stack[top].seen = seen
    }

    /// The text of the scalar record at `index`.
    private func text(_ index: Int) -> String {
        String(decoding: storage.text(of: storage.records[index]), as: UTF8.self)
    }

    /// A key's bit among 64, from its length and its first and last bytes.
    @inline(__always)
    private static func keyBit(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let first = text.first, let last = text.last else { return 1 }
        let mixed = UInt64(truncatingIfNeeded: text.count) &* 0x9E37_79B9 ^ UInt64(first) &* 0x2F ^ UInt64(last) &* 0x61
        return 1 << (mixed >> 7 & 63)
    }

    /// Whether a scalar record's text is `<<` (a merge key when plain).
    private func isMergeKey(_ record: FlatDocument.Record) -> Bool {
        guard record.textCount == 2 else { return false }
        let text = storage.text(of: record)
        return text[0] == 0x3C && text[1] == 0x3C
    }

    /// The range of the first kept key of the mapping at `parent` equal to the scalar key
    /// at `key`. Keys compare as Strings (canonical equivalence), like the model's key
    /// lookups: equal bytes are equal, and two ASCII keys with other bytes are not, so a
    /// string is made only when a key is not ASCII.
    @inline(__always)
    private func firstKey(equalTo key: Int, in parent: Int) -> SourceRange? {
        let records = storage.records
        let keyRecord = records[key]
        let keyText = storage.text(of: keyRecord)
        var child = parent + 1
        while child < key {
            let other = records[child]
            let value = child + other.size
            child = value + records[value].size
            guard !other.dropped, other.kind == .scalar else { continue }
            // Two ASCII keys of different lengths differ: their bytes are not looked at.
            let sameLength = other.textCount == keyRecord.textCount, ascii = keyRecord.isASCII && other.isASCII
            guard sameLength || !ascii else { continue }
            let otherText = storage.text(of: other)
            if sameLength, KeyTable.equal(otherText, keyText) { return other.range }
            if !ascii, String(decoding: otherText, as: UTF8.self) == String(decoding: keyText, as: UTF8.self) {
                return other.range
            }
        }
        return nil
    }

    /// Calls `body` with the record of each kept key of the open mapping at `parent`,
    /// up to the pair whose key is at `end`.
    private func forEachKeptKey(of parent: Int, before end: Int, _ body: (Int) -> Void) {
        let records = storage.records
        var child = parent + 1
        while child < end {
            let value = child + records[child].size
            if !records[child].dropped { body(child) }
            child = value + records[value].size
        }
    }
}
