import ShareLintMessages

// The slip scanner's reading of whole lines (`SlipScanner`).
extension SlipScanner {
    // MARK: - Lines

    mutating func scanLine() {
        var i = lineStart
        if let quote = openQuote {
            guard let after = closingQuote(quote, from: i) else { return }
            openQuote = nil
            i = after
            if !flow.isEmpty { scanFlow(from: i) }
            return
        }
        if let indent = plainIndent {
            if goesOnPlain(past: indent) { return }
            plainIndent = nil
        }
        // Indentation: spaces and ideographic spaces.
        var indentEnd = i, firstWide: Int?, wide = 0
        while indentEnd < lineEnd, isSpace(indentEnd) || punctuation(indentEnd) == .ideographicSpace {
            if punctuation(indentEnd) == .ideographicSpace { firstWide = firstWide ?? indentEnd; wide += 1 }
            indentEnd = next(indentEnd)
        }
        let indent = scalars(from: lineStart, to: indentEnd)
        if let parent = blockParent {
            if indentEnd >= lineEnd || indent > parent { return }
            blockParent = nil
        }
        if !flow.isEmpty { scanFlow(from: indentEnd); return }
        guard indentEnd < lineEnd, byte(indentEnd) != 0x23 else { return }
        let below = valueBelow
        valueBelow = nil
        if indent == 0, isDocumentMarker(indentEnd) {
            indents = [0]
            return
        }
        // Sequence entries: `-` or a full-width `－` followed by a blank.
        var k = indentEnd, nodeIndent = indent, isEntry = false
        while (byte(k) == 0x2D && isBlankOrEnd(k + 1)) || (punctuation(k) == .hyphen && isBlankOrEnd(next(k))) {
            nodeIndent = position(k).column - 1
            if punctuation(k) == .hyphen {
                report(.syntax, Message(.punctHyphenStartsEntry, ["words": Punctuation.hyphen.words, "named": Punctuation.hyphen.named]),
                       from: k, to: next(k), replacement: "-")
            }
            isEntry = true
            k = skipBlanks(next(k), reportingAfter: .verbatim("'-'"))
        }
        // A quoted key (`"标题"：`), or a quoted value that may go on past its line.
        if let quote = byte(k), quote == 0x22 || quote == 0x27 {
            guard let after = closingQuote(quote, from: k + 1) else { openQuote = quote; return }
            let key = String(decoding: UnsafeBufferPointer(rebasing: text[k..<after]), as: UTF8.self)
            if punctuation(after) == .colon {
                reportColon(at: after, key: key)
                scanValue(from: skipBlanks(next(after), reportingAfter: .verbatim("\(key)：")), indent: scalars(from: lineStart, to: k))
            } else if byte(after) == 0x3A, isBlankOrEnd(after + 1) {
                scanValue(from: skipBlanks(after + 1, reportingAfter: .verbatim("\(key):")), indent: scalars(from: lineStart, to: k))
            }
            return
        }
        // A key of ASCII letters, digits, `_`, `.` and `-`, then `:` and a blank, or `：`.
        var j = k
        while let b = byte(j), Self.isKeyByte(b) { j += 1 }
        var isKey = false
        if j > k, text[k] != 0x2D, text[k] != 0x2E {
            let key = String(decoding: UnsafeBufferPointer(rebasing: text[k..<j]), as: UTF8.self)
            if byte(j) == 0x3A, isBlankOrEnd(j + 1) {
                isKey = true
                nodeIndent = scalars(from: lineStart, to: k)
                let value = skipBlanks(j + 1, reportingAfter: .verbatim("'\(key):'"))
                scanValue(from: value, indent: nodeIndent)
            } else if punctuation(j) == .colon {
                isKey = true
                nodeIndent = scalars(from: lineStart, to: k)
                let after = next(j)
                reportColon(at: j, key: "'\(key)'")
                let value = skipBlanks(after, reportingAfter: .verbatim("'\(key)：'"))
                scanValue(from: value, indent: nodeIndent)
            }
        }
        if !isKey, isEntry { scanValue(from: k, indent: nodeIndent) }
        if !isKey, !isEntry, let below {
            // The value of the key above, starting on a line of its own.
            var start = lineStart
            while isSpace(start) { start += 1 }
            if start - lineStart > below, startsPlain(start), !valueEnd(from: start).commented { plainIndent = below }
        }
        if let first = firstWide, isKey || isEntry {
            // As typed (one space each) unless only their width (two each) lines the line
            // up with an earlier one.
            let asTyped = indent, asSeen = indent + wide
            let width = !indents.contains(asTyped) && indents.contains(asSeen) ? 2 : 1
            let spaces = scalars(from: first, to: indentEnd) + wide * (width - 1)
            let count = wide == 1 ? Punctuation.ideographicSpace.words : Message(.punctWideSpaces, ["count": wide])
            report(.syntax, Message(.punctIndentSpaces, ["count": count, "named": Punctuation.ideographicSpace.named]),
                   from: first, to: indentEnd, replacement: String(repeating: " ", count: spaces))
            indents.insert(width == 2 ? asSeen : asTyped)
        } else {
            indents.insert(indent)
        }
    }

    /// Whether a line starts with `---` or `...` (then a blank or its end), or `%`.
    func isDocumentMarker(_ i: Int) -> Bool {
        guard let b = byte(i) else { return false }
        if b == 0x25 { return true }
        guard b == 0x2D || b == 0x2E, byte(i + 1) == b, byte(i + 2) == b else { return false }
        return isBlankOrEnd(i + 3)
    }

    /// A full-width colon after a key (quoted as written, or in quotes for the message).
    mutating func reportColon(at i: Int, key: String) {
        let after = next(i)
        let spaced = isBlankOrEnd(after)
        let bare = key.hasPrefix("'") ? String(key.dropFirst().dropLast()) : key
        let fix = spaced ? Message.verbatim("") : Message(.punctAndSpaceAfterKey, ["key": bare])
        report(.syntax, Message(.punctColonAfterKey, ["words": Punctuation.colon.words, "named": Punctuation.colon.named, "key": key, "fix": fix]),
               from: i, to: after, replacement: spaced ? ":" : ": ")
    }

    static func isKeyByte(_ b: UInt8) -> Bool {
        b &- 0x61 < 26 || b &- 0x41 < 26 || b &- 0x30 < 10 || b == 0x5F || b == 0x2E || b == 0x2D
    }

    /// A value starting at `i` (after `key: ` or `- `).
    mutating func scanValue(from start: Int, indent: Int) {
        var i = start
        // Anchors and tags before the value.
        while let b = byte(i), b == 0x26 || b == 0x21 {
            while i < lineEnd, !isSpace(i) { i += 1 }
            i = skipBlanks(i, reportingAfter: nil)
        }
        guard i < lineEnd, text[i] != 0x23 else {
            valueBelow = indent
            return
        }
        switch text[i] {
        case 0x7C, 0x3E: blockParent = indent
        case 0x5B, 0x7B: scanFlow(from: i)
        case 0x22, 0x27:
            if closingQuote(text[i], from: i + 1) == nil { openQuote = text[i] }
        default:
            guard startsPlain(i) else { return }
            let (end, commented) = valueEnd(from: i)
            if !commented { plainIndent = indent }
            guard let opening = punctuation(i) else { return }
            // Text that goes on below is neither a flow collection nor wrapped in quotes.
            if !commented, goesOnBelow(past: indent) { return }
            guard let last = lastCharacter(from: i, to: end) else { return }
            if opening == .leftBracket || opening == .leftBrace {
                let closing: Punctuation = opening == .leftBracket ? .rightBracket : .rightBrace
                let closingASCII: UInt8 = opening == .leftBracket ? 0x5D : 0x7D
                guard punctuation(last) == closing || text[last] == closingASCII, !holdsCJK(from: i, to: end) else { return }
                scanFlow(from: i)
            } else if let closing = opening.closingQuote, last > i, punctuation(last) == closing,
                      !holds([opening, closing], from: next(i), to: last) {
                let inner = String(decoding: UnsafeBufferPointer(rebasing: text[next(i)..<last]), as: UTF8.self)
                let escaped = inner.unicodeScalars.map { $0 == "\\" || $0 == "\"" ? "\\\($0)" : "\($0)" }.joined()
                report(.quotes, Message(.punctWrappedInQuotes, ["words": opening.words, "opening": opening.named, "closing": closing.named]),
                       from: i, to: next(last), replacement: "\"\(escaped)\"")
            }
        }
    }

    /// The end of a plain value: before a ` #` comment and trailing blanks; and whether a
    /// comment follows it (which ends the text: it cannot go on below).
    func valueEnd(from i: Int) -> (end: Int, commented: Bool) {
        var end = i
        var j = i
        while j < lineEnd {
            if text[j] == 0x23, j > i, isSpace(j - 1) { return (end, true) }
            if !isSpace(j) { end = next(j) }
            j = next(j)
        }
        return (end, false)
    }

    /// Whether a plain scalar (libyaml's plain text) starts at `i`: any character but an
    /// indicator, or `-`, `?` and `:` followed by a non-blank.
    func startsPlain(_ i: Int) -> Bool {
        switch text[i] {
        case 0x2D, 0x3F, 0x3A: return i + 1 < lineEnd && !isSpace(i + 1)
        case 0x2C, 0x5B, 0x5D, 0x7B, 0x7D, 0x23, 0x26, 0x2A, 0x21, 0x7C, 0x3E, 0x27, 0x22, 0x25, 0x40, 0x60: return false
        default: return true
        }
    }

    /// Whether the current line goes on a plain scalar whose key or `-` is indented
    /// `indent`: a blank line, or one indented past it that is not a comment, as libyaml
    /// reads it (columns of ASCII blanks: an ideographic space is text). A ` #` comment on
    /// it ends the text there; a `: ` ends it too, as an error libyaml reports, and the
    /// line is judged as a line of its own.
    mutating func goesOnPlain(past indent: Int) -> Bool {
        var i = lineStart
        while isSpace(i) { i += 1 }
        guard i < lineEnd else { return true }
        guard i - lineStart > indent, text[i] != 0x23 else { return false }
        while i < lineEnd {
            if text[i] == 0x3A, i + 1 >= lineEnd || isSpace(i + 1) { return false }
            if text[i] == 0x23, isSpace(i - 1) {
                plainIndent = nil
                return true
            }
            i += 1
        }
        return true
    }

    /// Whether the next line that is not blank goes on a plain scalar starting on this one
    /// (see `goesOnPlain(past:)`).
    func goesOnBelow(past indent: Int) -> Bool {
        var i = lineEnd
        while i < text.count {
            let length = LineBreaks.length(at: i, in: text)
            guard length > 0 else { return false }
            let start = i + length
            i = start
            while i < text.count, text[i] == 0x20 || text[i] == 0x09 { i += 1 }
            if i < text.count, LineBreaks.length(at: i, in: text) == 0 { return i - start > indent && text[i] != 0x23 }
        }
        return false
    }

    func lastCharacter(from a: Int, to b: Int) -> Int? {
        guard b > a else { return nil }
        var j = b - 1
        while j > a, text[j] & 0xC0 == 0x80 { j -= 1 }
        return j
    }

    /// Whether a range holds a CJK character (ideographs, kana, hangul: U+2E80 and above,
    /// other than the punctuation looked for).
    func holdsCJK(from a: Int, to b: Int) -> Bool {
        var j = a
        while j < b {
            if text[j] >= 0xE2, Punctuation(at: j, in: text) == nil { return true }
            j = next(j)
        }
        return false
    }

    func holds(_ characters: [Punctuation], from a: Int, to b: Int) -> Bool {
        var j = a
        while j < b {
            if let p = Punctuation(at: j, in: text), characters.contains(p) { return true }
            j = next(j)
        }
        return false
    }

    /// The byte after the quote closing a string opened by `quote`, on this line.
    func closingQuote(_ quote: UInt8, from start: Int) -> Int? {
        var i = start
        while i < lineEnd {
            if quote == 0x22, text[i] == 0x5C { i += 2; continue }
            if text[i] == quote {
                if quote == 0x27, i + 1 < lineEnd, text[i + 1] == 0x27 { i += 2; continue }
                return i + 1
            }
            i += 1
        }
        return nil
    }

    /// A flow collection from `start` (an opening bracket, or where a line of one goes on).
    mutating func scanFlow(from start: Int) {
        var i = start
        while i < lineEnd {
            let b = text[i]
            if b == 0x22 || b == 0x27 {
                guard let after = closingQuote(b, from: i + 1) else { openQuote = b; return }
                i = after
                continue
            }
            if b == 0x23, i > lineStart, isSpace(i - 1) { return }
            if b == 0x5B || b == 0x7B { flow.append(b) }
            if b == 0x5D || b == 0x7D {
                flow.removeLast(flow.isEmpty ? 0 : 1)
                if flow.isEmpty { return }
            }
            // A comma or colon that goes on a text is text, as libyaml reads it
            // (`{title: 邀请好友，一起赚积分}` is one title).
            if let p = punctuation(i), !([.comma, .ideographicComma, .colon].contains(p) && goesOnText(i)) {
                let inList = flow.last != 0x7B
                let place = Message(inList ? .punctFlowListPlace : .punctFlowMappingPlace)
                switch p {
                case .leftBracket, .leftBrace:
                    report(.syntax, Message(.punctOpensFlow, ["words": p.words, "named": p.named, "flow": Message(p == .leftBracket ? .punctFlowList : .punctFlowMapping),
                                                             "ascii": p.ascii]),
                           from: i, to: next(i), replacement: p.ascii)
                    flow.append(p == .leftBracket ? 0x5B : 0x7B)
                case .rightBracket, .rightBrace:
                    report(.syntax, Message(.punctClosesFlow, ["words": p.words, "named": p.named, "place": place, "ascii": p.ascii]),
                           from: i, to: next(i), replacement: p.ascii)
                    flow.removeLast(flow.isEmpty ? 0 : 1)
                    if flow.isEmpty { return }
                case .comma, .ideographicComma:
                    report(.syntax, Message(.punctCommaInFlow, ["words": p.words, "named": p.named, "place": place]),
                           from: i, to: next(i), replacement: commaReplacement(at: i))
                case .colon where !inList:
                    let spaced = isBlankOrEnd(next(i))
                    report(.syntax, Message(.punctColonInFlow, ["words": p.words, "named": p.named, "place": place,
                                                               "space": spaced ? Message.verbatim("") : Message(.punctAndSpaceAfter)]),
                           from: i, to: next(i), replacement: spaced ? ":" : ": ")
                case .ideographicSpace:
                    reportSpace(i, after: Message(.punctEntryOf, ["place": place]))
                default:
                    break
                }
            }
            i = next(i)
        }
    }
}
