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

    var levels: [Level] = []
    var openStrings: [OpenString] = []
    var judgement: Judgement?
    var tabIndentation: TabIndentation?
    /// Whether the reading gave up (on a `?` key).
    var gaveUp = false

    /// The previous node has its value on the lines below (`key:` or `- ` and nothing
    /// else): a line deeper than `owner` starts it.
    var pending: (owner: Int, ownerIsKey: Bool, line: Int)?
    /// The previous line ended in a plain value, which lines deeper than `owner` continue.
    var plain: (owner: Int, line: Int, commentLine: Int?)?
    /// Inside a block text: lines deeper than `owner` (and blank lines) are its text,
    /// indented as its first line (`first`, indented `indent`).
    var blockText: (owner: Int, header: Int, indent: Int?, first: Int?)?
    /// Inside a quoted string that goes on across lines (index into `openStrings`), and
    /// the bracket depth to return to after it.
    var quote: (index: Int, flowDepth: Int)?
    /// Inside brackets that go on across lines.
    var flowDepth = 0
    /// The steps of indentation seen: a new level's column minus its owner's.
    var steps: [Int: Int] = [:]
    /// The indentation of the first line with content after the last line read.
    var nextIndent: Int?
    /// Whether the line being judged is a key with its value on the lines below.
    var judgedOpensBlock = false
    /// A key with nothing below it (`key:` then a key in its column), and the line of
    /// that next key, when it is the line just read.
    var emptyKey: (column: Int, line: Int, next: Int)?

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
    static func indentOfNextContent(in text: UnsafeBufferPointer<UInt8>, after end: Int) -> Int? {
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

    // MARK: Judging a line

    /// The file's step of indentation: the most common distance from a key or `-` to the
    /// first line of the collection below it, leaving out `level`'s own (2 when none is
    /// seen, and among equally common ones).
    func step(without level: Level? = nil) -> Int {
        var counts = steps
        if let level, let owner = level.owner, level.column > owner { counts[level.column - owner, default: 0] -= 1 }
        let most = counts.values.max() ?? 0
        guard most > 0 else { return 2 }
        let common = counts.filter { $0.value == most }.keys
        return common.contains(2) ? 2 : common.min() ?? 2
    }

    /// A line in `column` that starts no new level: where it would belong, or nil when it
    /// fits (a key among keys, an entry among entries).
    func judge(column: Int, isEntry: Bool, isKey: Bool, line: Int, after empty: (column: Int, line: Int, next: Int)?) -> Judgement? {
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
    func misplacedKey(column: Int, line: Int, isEntry: Bool, after empty: (column: Int, line: Int, next: Int)? = nil) -> Judgement? {
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
    func indentationForTab(isEntry: Bool, isKey: Bool, line: Int) -> TabIndentation {
        if let open = pending { return TabIndentation(spaces: max(0, open.owner + step()), like: open.line, relation: .under) }
        if let value = plain, !isKey, !isEntry { return TabIndentation(spaces: max(0, value.owner + step()), like: value.line, relation: .under) }
        if let level = levels.last(where: { $0.isList == isEntry }) {
            return TabIndentation(spaces: level.column, like: level.lastLine, relation: isEntry ? .entry : isKey ? .key : .same)
        }
        return TabIndentation(spaces: levels.last?.column ?? 0, like: levels.last?.lastLine)
    }
}
