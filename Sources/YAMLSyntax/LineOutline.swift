/// A reading of a YAML document line by line, as far as its block structure goes, made
/// only after libyaml has given up on it: the columns of the open mappings and lists, and
/// the values that go on across lines (plain text, a quoted string, brackets, a block
/// text). From it `Recovery` names the line that slipped and the column that would be
/// right, the string a typographic quote left open, and the indentation a tab stands for.
///
/// The lines read are those libyaml accepted, up to the line it stopped on (`last`), so
/// the reading needs to be right for valid YAML and to judge one line. Where it meets what
/// it does not model (a `?` key), it gives up (`gaveUp`) and libyaml's position stands. Columns here are 0-based counts of Unicode scalars; the columns of the
/// structure (indentation, `- `, a key after them) follow ASCII alone, so each is also a
/// byte offset in its line.
struct LineOutline {
    /// A mapping or a list in block style that is still open.
    struct Level {
        /// The column of its keys, or of its entries' `-`.
        var column: Int
        var isList: Bool
        /// The first line at its column, and the last.
        var firstLine: Int
        var lastLine: Int
        /// How many keys or entries were read at its column.
        var entries: Int
        /// For a collection that starts on a line of its own under a key or `- `: the
        /// column of that key or `-`.
        var owner: Int?
    }

    /// A quoted string that does not close on the line it opens.
    struct OpenString {
        /// Where its opening quote is (1-based line and column).
        var line: Int
        var column: Int
        /// The opening quote.
        var quote: Unicode.Scalar
        /// A typographic or full-width quote ending the opening line, and its 1-based column.
        var typographicEnd: (scalar: Unicode.Scalar, column: Int)?
        /// Where the closing quote is (1-based), if the string closes.
        var closedAt: (line: Int, column: Int)?
    }

    /// What the outline makes of the last line.
    enum Judgement {
        /// A key (or a list entry, `isEntry`) in `column` where no open collection has its
        /// keys; `expected` is where its level's keys are, as on line `sibling`. `line` is
        /// the line that slipped: the last line, or the first key of a new level when that
        /// one left the file's step of indentation and the last line kept it.
        case misplaced(line: Int, column: Int, expected: Int, sibling: Int, isEntry: Bool, deeper: Bool)
        /// A key in the column of the list entries opened at `listLine`.
        case keyAmongEntries(listLine: Int, column: Int)
        /// A list entry in the column of the keys of the mapping opened at `mappingLine`.
        case entryAmongKeys(mappingLine: Int, column: Int)
        /// A line that would go on with the plain value of `valueLine`, which the comment
        /// on `commentLine` ended.
        case afterComment(valueLine: Int, commentLine: Int)
        /// A line of the block text whose `|` or `>` is on `headerLine`.
        case inBlockText(headerLine: Int)
        /// Nothing the outline can tell.
        case fits
    }

    /// The indentation a line with a tab in its indentation stands for: `spaces` spaces,
    /// placed as told by `relation` to line `like` (nil for a blank line, whose blanks can
    /// go).
    struct TabIndentation {
        enum Relation {
            /// In line with the key, or the `-`, of line `like`.
            case key, entry
            /// One step deeper than line `like`.
            case under
            /// Indented as line `like`.
            case same
        }

        var spaces: Int
        var like: Int?
        var relation = Relation.same
    }

    private(set) var levels: [Level] = []
    private(set) var openStrings: [OpenString] = []
    private(set) var judgement: Judgement?
    private(set) var tabIndentation: TabIndentation?
    /// Whether the reading gave up (on a `?` key).
    private(set) var gaveUp = false

    /// The previous node has its value on the lines below (`key:` or `- ` and nothing
    /// else): a line deeper than `owner` starts it.
    private var pending: (owner: Int, ownerIsKey: Bool, line: Int)?
    /// The previous line ended in a plain value, which lines deeper than `owner` continue.
    private var plain: (owner: Int, line: Int, commentLine: Int?)?
    /// Inside a block text: lines deeper than `owner` (and blank lines) are its text,
    /// indented as its first line (`first`, indented `indent`).
    private var blockText: (owner: Int, header: Int, indent: Int?, first: Int?)?
    /// Inside a quoted string that goes on across lines (index into `openStrings`), and
    /// the bracket depth to return to after it.
    private var quote: (index: Int, flowDepth: Int)?
    /// Inside brackets that go on across lines.
    private var flowDepth = 0
    /// The steps of indentation seen: a new level's column minus its owner's.
    private var steps: [Int: Int] = [:]
    /// The indentation of the first line with content after the last line read.
    private var nextIndent: Int?
    /// Whether the line being judged is a key with its value on the lines below.
    private var judgedOpensBlock = false
    /// A key with nothing below it (`key:` then a key in its column), and the line of
    /// that next key, when it is the line just read.
    private var emptyKey: (column: Int, line: Int, next: Int)?

    /// Reads the lines of `text` from byte `start` (a line start, whose number is `line`)
    /// through line `last`, judging line `last`.
    init(_ text: UnsafeBufferPointer<UInt8>, from start: Int, line: Int, through last: Int) {
        var i = start, number = line
        let n = text.count
        while i <= n, number <= last {
            var end = i
            while end < n, LineBreaks.length(at: end, in: text) == 0 { end += 1 }
            let bytes = UnsafeBufferPointer(rebasing: text[i..<end])
            if number == last { nextIndent = Self.indentOfNextContent(in: text, after: end) }
            read(Line(bytes: bytes, number: number), judging: number == last)
            if gaveUp { return }
            guard end < n else { break }
            i = end + LineBreaks.length(at: end, in: text)
            number += 1
        }
    }

    /// The spaces before the first line with content (not blank, not a comment) after
    /// byte `end`, the end of a line: for telling apart two columns a key is as near to.
    private static func indentOfNextContent(in text: UnsafeBufferPointer<UInt8>, after end: Int) -> Int? {
        var i = end
        let n = text.count
        while i < n {
            i += LineBreaks.length(at: i, in: text)
            var spaces = 0
            while i < n, text[i] == 0x20 { spaces += 1; i += 1 }
            if i < n, LineBreaks.length(at: i, in: text) == 0, text[i] != 0x09, text[i] != UInt8(ascii: "#") { return spaces }
            while i < n, LineBreaks.length(at: i, in: text) == 0 { i += 1 }
        }
        return nil
    }

    /// One line's bytes, without its break.
    struct Line {
        let bytes: UnsafeBufferPointer<UInt8>
        let number: Int
        var count: Int { bytes.count }
        subscript(i: Int) -> UInt8 { i < bytes.count ? bytes[i] : 0 }
        func isBlank(_ i: Int) -> Bool { i >= bytes.count || bytes[i] == 0x20 || bytes[i] == 0x09 }
        /// The 0-based scalar column of byte `i`.
        func column(ofByte i: Int) -> Int {
            var column = 0
            for j in 0..<min(i, bytes.count) where bytes[j] & 0xC0 != 0x80 { column += 1 }
            return column
        }
        func skipBlanks(from i: Int) -> Int {
            var j = i
            while j < count, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
            return j
        }
        /// The byte of a 0-based scalar column (the line's end past its last scalar).
        func byte(ofColumn column: Int) -> Int {
            var seen = 0
            for i in 0..<count where bytes[i] & 0xC0 != 0x80 {
                if seen == column { return i }
                seen += 1
            }
            return count
        }
        /// The byte of the `#` that starts a comment (at the line's start or after a
        /// blank), if one does.
        var commentStart: Int? {
            (0..<count).first { bytes[$0] == UInt8(ascii: "#") && ($0 == 0 || isBlank($0 - 1)) }
        }
        /// The end of the line's text before a comment.
        var commentFree: Int { commentStart ?? count }
        /// Whether the line is `---` or `...` followed by a blank or its end.
        var documentMarker: (isStart: Bool, after: Int)? {
            guard count >= 3, (bytes[0] == 0x2D && bytes[1] == 0x2D && bytes[2] == 0x2D) || (bytes[0] == 0x2E && bytes[1] == 0x2E && bytes[2] == 0x2E),
                  isBlank(3) else { return nil }
            return (bytes[0] == 0x2D, 3)
        }
    }

    // MARK: Reading a line

    private mutating func read(_ line: Line, judging: Bool) {
        if judging { judgement = .fits }
        if let open = quote {
            if let marker = line.documentMarker {
                // libyaml ends a string left open at a document marker: so does the outline.
                quote = nil
                flowDepth = 0
                startDocument(line, marker: marker)
                return
            }
            guard let close = Self.closingQuote(in: line, from: 0, quote: openStrings[open.index].quote) else { return }
            openStrings[open.index].closedAt = (line.number, line.column(ofByte: close) + 1)
            quote = nil
            flowDepth = open.flowDepth
            if flowDepth > 0 { readFlow(line, from: close + 1) }
            plain = nil
            return
        }
        if flowDepth > 0 {
            if let marker = line.documentMarker {
                flowDepth = 0
                startDocument(line, marker: marker)
                return
            }
            readFlow(line, from: 0)
            return
        }
        let first = line.skipBlanks(from: 0)
        let blank = first >= line.count
        var spaces = 0
        while spaces < line.count, line[spaces] == 0x20 { spaces += 1 }
        let tabbed = spaces < first
        if let text = blockText {
            if blank || (spaces > text.owner && !tabbed) {
                if !blank, blockText?.indent == nil { blockText?.indent = spaces; blockText?.first = line.number }
                if judging, !blank { judgement = .inBlockText(headerLine: text.header) }
                if judging, tabbed { tabIndentation = TabIndentation(spaces: 0, like: nil) }
                return
            }
            if tabbed, !Self.hasKeyIndicator(line, from: first) {
                // A tab where the block text's indentation goes.
                if judging {
                    tabIndentation = TabIndentation(spaces: text.indent ?? text.owner + step(), like: text.first ?? text.header, relation: text.first == nil ? .under : .same)
                    judgement = .inBlockText(headerLine: text.header)
                }
                return
            }
            blockText = nil
        }
        if blank {
            if judging, tabbed { tabIndentation = TabIndentation(spaces: 0, like: nil) }
            return
        }
        if line[first] == UInt8(ascii: "#") {
            if plain != nil { plain?.commentLine = line.number }
            if judging, tabbed { tabIndentation = TabIndentation(spaces: levels.last.map { $0.column } ?? 0, like: levels.last?.lastLine) }
            return
        }
        if let marker = line.documentMarker {
            startDocument(line, marker: marker)
            return
        }
        if first == 0, line[0] == UInt8(ascii: "%") { return }
        readStructure(line, at: first, judging: judging, tabbed: tabbed)
    }

    private mutating func startDocument(_ line: Line, marker: (isStart: Bool, after: Int)) {
        levels = []
        pending = nil
        plain = nil
        blockText = nil
        guard marker.isStart else { return }
        let at = line.skipBlanks(from: marker.after)
        guard at < line.count, line[at] != UInt8(ascii: "#") else { return }
        // A node on the `---` line: a block text, a string or brackets can go on below.
        apply(readNode(line, at: at, allowsKey: false), line: line, owner: -1, ownerIsKey: false)
    }

    /// What a node on a line is: a key (with the column of its value) or a value alone.
    private struct Node {
        var keyColumn: Int?
        var value: Value
        /// Whether a comment ends the line.
        var comment = false
    }

    private enum Value {
        /// Nothing on this line: the value is on the lines below.
        case below
        case plain
        case quoted
        case brackets
        case blockText
        case other
    }

    private mutating func readStructure(_ line: Line, at first: Int, judging: Bool, tabbed: Bool) {
        let column = first
        let startsEntry = line[first] == UInt8(ascii: "-") && line.isBlank(first + 1)
        let holdsKey = !startsEntry && Self.hasKeyIndicator(line, from: first)
        let empty = emptyKey
        emptyKey = nil
        if judging { judgedOpensBlock = holdsKey && Self.endsWithColon(line) }
        if judging, tabbed { tabIndentation = indentationForTab(isEntry: startsEntry, isKey: holdsKey, line: line.number) }
        // A line deeper than the mapping of a plain value goes on with that value: its
        // text is text, whatever it holds, but a key there is a slip.
        if let value = plain, column > value.owner {
            if holdsKey {
                if judging { judgement = misplacedKey(column: column, line: line.number, isEntry: false, after: empty) }
                plain = nil
                return
            }
            if let comment = value.commentLine {
                if judging { judgement = .afterComment(valueLine: value.line, commentLine: comment) }
                return
            }
            if Self.hasComment(line, from: first) { plain?.commentLine = line.number }
            return
        }
        plain = nil
        var i = first
        var dashes: [Int] = []
        while line[i] == UInt8(ascii: "-"), line.isBlank(i + 1) {
            dashes.append(i)
            i = line.skipBlanks(from: i + 1)
        }
        let node = readNode(line, at: i, allowsKey: true)
        if gaveUp { return }
        let isEntry = !dashes.isEmpty
        let isKey = !isEntry && node.keyColumn != nil

        var opensChildOf: Int?
        if let open = pending {
            pending = nil
            if column > open.owner || (column == open.owner && isEntry && open.ownerIsKey) {
                opensChildOf = open.owner
            } else if open.ownerIsKey, isKey, column == open.owner {
                emptyKey = (open.owner, open.line, line.number)
            }
        }

        if opensChildOf == nil {
            if judging, let verdict = judge(column: column, isEntry: isEntry, isKey: isKey, line: line.number, after: empty) {
                judgement = verdict
            }
            while let last = levels.last, last.column > column { levels.removeLast() }
            // A key in the column of a list that is a key's value (`key:` then `- ` in
            // the same column) ends that list.
            if isKey, let last = levels.last, last.isList, last.column == column,
               levels.count >= 2, !levels[levels.count - 2].isList, levels[levels.count - 2].column == column {
                levels.removeLast()
            }
        }

        var owner = opensChildOf
        for dash in dashes {
            enter(column: dash, isList: true, line: line.number, owner: owner)
            owner = nil
        }
        var valueOwner = dashes.last ?? -1
        var ownerIsKey = false
        if let key = node.keyColumn {
            enter(column: key, isList: false, line: line.number, owner: owner)
            valueOwner = key
            ownerIsKey = true
        } else if dashes.isEmpty {
            valueOwner = levels.last?.column ?? -1
        }
        apply(node, line: line, owner: valueOwner, ownerIsKey: ownerIsKey)
    }

    /// Opens a level at `column` or adds an entry to the one there.
    private mutating func enter(column: Int, isList: Bool, line: Int, owner: Int?) {
        if let last = levels.last, last.column == column, last.isList == isList {
            levels[levels.count - 1].entries += 1
            levels[levels.count - 1].lastLine = line
            return
        }
        if let owner, column > owner { steps[column - owner, default: 0] += 1 }
        levels.append(Level(column: column, isList: isList, firstLine: line, lastLine: line, entries: 1, owner: owner))
    }

    /// Sets what the lines after a node's line are: its value below, a block text, the
    /// rest of a plain value, a string or brackets going on.
    private mutating func apply(_ node: Node, line: Line, owner: Int, ownerIsKey: Bool) {
        switch node.value {
        case .below: pending = (owner, ownerIsKey, line.number)
        case .plain: plain = (owner, line.number, node.comment ? line.number : nil)
        case .blockText: blockText = (owner, line.number, nil, nil)
        case .quoted, .brackets, .other: break
        }
    }

    /// Reads a node from byte `i`: anchors and tags, then a key and its value, or a value.
    private mutating func readNode(_ line: Line, at start: Int, allowsKey: Bool) -> Node {
        let i = skipProperties(line, from: start)
        guard i < line.count, line[i] != UInt8(ascii: "#") else { return Node(keyColumn: nil, value: .below) }
        let c = line[i]
        if c == UInt8(ascii: "?"), line.isBlank(i + 1) {
            gaveUp = true
            return Node(keyColumn: nil, value: .other)
        }
        var end: Int?
        var value = Value.plain
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            value = .quoted
            if let close = Self.closingQuote(in: line, from: i + 1, quote: Unicode.Scalar(c)) {
                end = close + 1
            } else {
                openString(line, at: i, quote: Unicode.Scalar(c), flowDepth: 0)
                return Node(keyColumn: nil, value: .quoted)
            }
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            value = .brackets
            flowDepth = 0
            if let close = readFlow(line, from: i) { end = close } else { return Node(keyColumn: nil, value: .brackets) }
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            return Node(keyColumn: nil, value: .blockText)
        case UInt8(ascii: "*"):
            value = .other
            var j = i + 1
            while j < line.count, !line.isBlank(j) { j += 1 }
            end = j
        default:
            // A plain scalar: a key when ": " (or ':' at the end) follows it on this line.
            var j = i
            while j < line.count {
                if line[j] == UInt8(ascii: ":"), line.isBlank(j + 1) { break }
                if line[j] == UInt8(ascii: "#"), j > i, line.isBlank(j - 1) { return Node(keyColumn: nil, value: .plain, comment: true) }
                j += 1
            }
            guard j < line.count, allowsKey else { return Node(keyColumn: nil, value: .plain) }
            return keyed(line, key: i, colon: j)
        }
        // After a string, brackets or an alias: `:` makes it a key.
        guard let after = end else { return Node(keyColumn: nil, value: value) }
        let next = line.skipBlanks(from: after)
        if allowsKey, line[next] == UInt8(ascii: ":"), line.isBlank(next + 1) { return keyed(line, key: i, colon: next) }
        return Node(keyColumn: nil, value: value)
    }

    private mutating func keyed(_ line: Line, key: Int, colon: Int) -> Node {
        let at = line.skipBlanks(from: colon + 1)
        let value = readNode(line, at: at, allowsKey: false)
        return Node(keyColumn: key, value: value.value, comment: value.comment)
    }

    /// Skips anchors (`&a`) and tags (`!t`) and the blanks after them.
    private func skipProperties(_ line: Line, from start: Int) -> Int {
        var i = line.skipBlanks(from: start)
        while i < line.count, line[i] == UInt8(ascii: "&") || line[i] == UInt8(ascii: "!") {
            while i < line.count, !line.isBlank(i) { i += 1 }
            i = line.skipBlanks(from: i)
        }
        return i
    }

    private mutating func openString(_ line: Line, at i: Int, quote: Unicode.Scalar, flowDepth: Int) {
        openStrings.append(OpenString(line: line.number, column: line.column(ofByte: i) + 1, quote: quote,
                                      typographicEnd: Self.typographicEnd(of: line, after: i), closedAt: nil))
        self.quote = (openStrings.count - 1, flowDepth)
    }

    /// Reads brackets from byte `i` (at `[` or `{`, or inside them), returning the byte
    /// after the bracket that closes them, or nil when they go on past the line.
    @discardableResult
    private mutating func readFlow(_ line: Line, from start: Int) -> Int? {
        var i = start
        var tokenStart = true
        while i < line.count {
            let c = line[i]
            switch c {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                flowDepth += 1
                tokenStart = true
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                flowDepth -= 1
                if flowDepth <= 0 {
                    flowDepth = 0
                    return i + 1
                }
                tokenStart = false
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                tokenStart = true
            case 0x20, 0x09:
                if i + 1 < line.count, line[i + 1] == UInt8(ascii: "#") { return nil }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                if tokenStart {
                    guard let close = Self.closingQuote(in: line, from: i + 1, quote: Unicode.Scalar(c)) else {
                        openString(line, at: i, quote: Unicode.Scalar(c), flowDepth: flowDepth)
                        return nil
                    }
                    i = close
                }
                tokenStart = false
            default:
                tokenStart = false
            }
            i += 1
        }
        return nil
    }

    /// The byte of the quote that closes a string, searching from byte `i`.
    static func closingQuote(in line: Line, from start: Int, quote: Unicode.Scalar) -> Int? {
        var i = start
        while i < line.count {
            if quote == "\"" {
                if line[i] == UInt8(ascii: "\\") { i += 2; continue }
                if line[i] == UInt8(ascii: "\"") { return i }
            } else if line[i] == UInt8(ascii: "'") {
                if line[i + 1] == UInt8(ascii: "'") { i += 2; continue }
                return i
            }
            i += 1
        }
        return nil
    }

    /// Whether plain text from byte `i` holds a key's `:` (followed by a blank or the
    /// line's end) before any comment.
    static func hasKeyIndicator(_ line: Line, from start: Int) -> Bool {
        var i = start
        while i < line.count {
            if line[i] == UInt8(ascii: ":"), line.isBlank(i + 1) { return true }
            if line[i] == UInt8(ascii: "#"), i > start, line.isBlank(i - 1) { return false }
            i += 1
        }
        return false
    }

    /// Whether the line's text (before a comment) ends with `:`.
    static func endsWithColon(_ line: Line) -> Bool {
        var end = line.commentFree
        while end > 0, line.isBlank(end - 1) { end -= 1 }
        return end > 0 && line[end - 1] == UInt8(ascii: ":")
    }

    /// Whether plain text from byte `i` ends in a comment.
    static func hasComment(_ line: Line, from start: Int) -> Bool {
        var i = start + 1
        while i < line.count {
            if line[i] == UInt8(ascii: "#"), line.isBlank(i - 1) { return true }
            i += 1
        }
        return false
    }

    /// The quotes an input method types for `"` and `'`.
    static let typographicQuotes: Set<Unicode.Scalar> = ["\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}", "\u{FF02}", "\u{FF07}"]

    /// A typographic quote that ends the line (before trailing blanks), after byte `i`.
    static func typographicEnd(of line: Line, after i: Int) -> (scalar: Unicode.Scalar, column: Int)? {
        var end = line.count
        while end > i + 1, line.isBlank(end - 1) { end -= 1 }
        var start = end - 1
        while start > i, line[start] & 0xC0 == 0x80 { start -= 1 }
        guard start > i else { return nil }
        let scalars = String(decoding: UnsafeBufferPointer(rebasing: line.bytes[start..<end]), as: UTF8.self).unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first, typographicQuotes.contains(scalar) else { return nil }
        return (scalar, line.column(ofByte: start) + 1)
    }

    // MARK: Judging a line

    /// The file's step of indentation: the most common distance from a key or `-` to the
    /// first line of the collection below it, leaving out `level`'s own (2 when none is
    /// seen, and among equally common ones).
    private func step(without level: Level? = nil) -> Int {
        var counts = steps
        if let level, let owner = level.owner, level.column > owner { counts[level.column - owner, default: 0] -= 1 }
        let most = counts.values.max() ?? 0
        guard most > 0 else { return 2 }
        let common = counts.filter { $0.value == most }.keys
        return common.contains(2) ? 2 : common.min() ?? 2
    }

    /// A line in `column` that starts no new level: where it would belong, or nil when it
    /// fits (a key among keys, an entry among entries).
    private func judge(column: Int, isEntry: Bool, isKey: Bool, line: Int, after empty: (column: Int, line: Int, next: Int)?) -> Judgement? {
        // A mapping and a list that is one of its values can share a column.
        let here = levels.filter { $0.column == column }
        if let level = here.last {
            if isEntry {
                return here.contains(where: \.isList) ? nil : .entryAmongKeys(mappingLine: level.firstLine, column: column + 1)
            }
            if isKey {
                if here.contains(where: { !$0.isList }) { return nil }
                return misplacedKey(column: column, line: line, isEntry: false, after: empty) ?? .keyAmongEntries(listLine: level.firstLine, column: column + 1)
            }
            return nil
        }
        guard isKey || isEntry else { return nil }
        return misplacedKey(column: column, line: line, isEntry: isEntry, after: empty)
    }

    /// A key or entry in `column`, where no level of its kind has its keys: the nearest
    /// column that has (the deeper of two as near). Or the line before it slipped and this
    /// line keeps the file's step: the first key of a new level that left the step, or a
    /// key in the column of a key with nothing below it (`empty`, on the line above) when
    /// this line is one step under that key.
    private func misplacedKey(column: Int, line: Int, isEntry: Bool, after empty: (column: Int, line: Int, next: Int)? = nil) -> Judgement? {
        // The shallowest level deeper than the line, or the deepest when none is.
        if let split = levels.first(where: { $0.column > column }) ?? levels.last, split.isList == isEntry, split.entries == 1,
           let owner = split.owner, split.column - owner != step(without: split), column == owner + step(without: split), split.column != column,
           split.firstLine != line {
            return .misplaced(line: split.firstLine, column: split.column + 1, expected: column + 1, sibling: line,
                              isEntry: isEntry, deeper: split.column > column)
        }
        if !isEntry, let empty, empty.next != line, column == empty.column + step(), levels.last?.column == empty.column {
            return .misplaced(line: empty.next, column: empty.column + 1, expected: column + 1, sibling: line, isEntry: false, deeper: false)
        }
        let candidates = levels.filter { $0.isList == isEntry && $0.column != column }
        // Of two columns as near, the deeper, unless the line is a key whose value starts
        // on the next line and that line is one step under the shallower.
        let shallowerFirst = judgedOpensBlock && candidates.contains { nextIndent == $0.column + step() }
        guard let nearest = candidates.min(by: { a, b in
            let da = abs(a.column - column), db = abs(b.column - column)
            return da < db || (da == db && (shallowerFirst ? a.column < b.column : a.column > b.column))
        }) else { return nil }
        return .misplaced(line: line, column: column + 1, expected: nearest.column + 1, sibling: nearest.lastLine,
                          isEntry: isEntry, deeper: column > nearest.column)
    }

    /// The spaces a line indented with a tab stands for: a child's column under a value
    /// opened on the line above, the next column of a plain value that goes on, else the
    /// column of the level of its kind nearest the top (the lines beside it).
    private func indentationForTab(isEntry: Bool, isKey: Bool, line: Int) -> TabIndentation {
        if let open = pending { return TabIndentation(spaces: max(0, open.owner + step()), like: open.line, relation: .under) }
        if let value = plain, !isKey, !isEntry { return TabIndentation(spaces: max(0, value.owner + step()), like: value.line, relation: .under) }
        if let level = levels.last(where: { $0.isList == isEntry }) {
            return TabIndentation(spaces: level.column, like: level.lastLine, relation: isEntry ? .entry : isKey ? .key : .same)
        }
        return TabIndentation(spaces: levels.last?.column ?? 0, like: levels.last?.lastLine)
    }
}
