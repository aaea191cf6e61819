// The outline's reading of one line: its indentation, its key or entry, and the values
// that go on to the next lines (`LineOutline`).
extension LineOutline {
    // MARK: Reading a line

    mutating func read(_ line: Line, judging: Bool) {
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
            if let marker = line.documentMarker {
                // A document marker ends a block text, even one opened on a `---` line
                // (whose every line is deeper than its owner), as libyaml ends it.
                startDocument(line, marker: marker)
                return
            }
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

    mutating func startDocument(_ line: Line, marker: (isStart: Bool, after: Int)) {
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
    struct Node {
        var keyColumn: Int?
        var value: Value
        /// Whether a comment ends the line.
        var comment = false
    }

    enum Value {
        /// Nothing on this line: the value is on the lines below.
        case below
        case plain
        case quoted
        case brackets
        case blockText
        case other
    }

    mutating func readStructure(_ line: Line, at first: Int, judging: Bool, tabbed: Bool) {
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
    mutating func enter(column: Int, isList: Bool, line: Int, owner: Int?) {
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
    mutating func apply(_ node: Node, line: Line, owner: Int, ownerIsKey: Bool) {
        switch node.value {
        case .below: pending = (owner, ownerIsKey, line.number)
        case .plain: plain = (owner, line.number, node.comment ? line.number : nil)
        case .blockText: blockText = (owner, line.number, nil, nil)
        case .quoted, .brackets, .other: break
        }
    }

    /// Reads a node from byte `i`: anchors and tags, then a key and its value, or a value.
    mutating func readNode(_ line: Line, at start: Int, allowsKey: Bool) -> Node {
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

    mutating func keyed(_ line: Line, key: Int, colon: Int) -> Node {
        let at = line.skipBlanks(from: colon + 1)
        let value = readNode(line, at: at, allowsKey: false)
        return Node(keyColumn: key, value: value.value, comment: value.comment)
    }

    /// Skips anchors (`&a`) and tags (`!t`) and the blanks after them.
    func skipProperties(_ line: Line, from start: Int) -> Int {
        var i = line.skipBlanks(from: start)
        while i < line.count, line[i] == UInt8(ascii: "&") || line[i] == UInt8(ascii: "!") {
            while i < line.count, !line.isBlank(i) { i += 1 }
            i = line.skipBlanks(from: i)
        }
        return i
    }

    mutating func openString(_ line: Line, at i: Int, quote: Unicode.Scalar, flowDepth: Int) {
        openStrings.append(OpenString(line: line.number, column: line.column(ofByte: i) + 1, quote: quote,
                                      typographicEnd: Self.typographicEnd(of: line, after: i), closedAt: nil))
        self.quote = (openStrings.count - 1, flowDepth)
    }

    /// Reads brackets from byte `i` (at `[` or `{`, or inside them), returning the byte
    /// after the bracket that closes them, or nil when they go on past the line.
    @discardableResult
    mutating func readFlow(_ line: Line, from start: Int) -> Int? {
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
}
