import ShareLintMessages

/// libyaml's error as the parser left it: its words, its marks (as positions in the whole
/// text) and, for a reader error, the byte it stopped at.
struct LibyamlError {
    var problem: String?
    var context: String?
    var problemAt: SourcePosition
    var contextAt: SourcePosition
    var problemOffset: Int
    var isReaderError: Bool
}

/// A syntax error as sharelint reports it.
struct SyntaxReport {
    var message: Message
    var position: SourcePosition
    /// For a tab in the indentation: the spaces to write in place of the line's leading
    /// blanks (empty for a blank line).
    var suggestion: String?
}

/// Every libyaml error in sharelint's words, at the slip rather than where the parser
/// noticed it (docs/decisions.md, "YAML errors in sharelint's words"):
///
/// - a tab: at the tab, with the spaces it stands for;
/// - a string that does not close on its line: at its opening quote, naming a
///   typographic quote that ends the line;
/// - a key or list entry out of line: at the line that slipped, with the column that
///   would be right (`LineOutline`);
/// - a character YAML cannot take, an escape, a tag, an anchor: at the character;
/// - brackets left open: at the opening bracket; anything else at libyaml's mark.
///
/// No libyaml sentence reaches the user: a problem this table does not know gets a
/// sentence of its own at libyaml's position.
struct SyntaxErrorWords {
    let error: LibyamlError
    let source: SourceLines
    let documentStart: SourcePosition?

    /// `continues` says the text is a piece of a longer stream, which goes on with a
    /// `---` line after it.
    init(_ error: LibyamlError, text: UnsafeBufferPointer<UInt8>, from known: (byte: Int, position: SourcePosition), documentStart: SourcePosition?,
         continues: Bool) {
        self.error = error
        self.source = SourceLines(text: text, known: known, continues: continues)
        self.documentStart = documentStart
    }

    var problem: String { error.problem ?? "" }
    var context: String { error.context ?? "" }
    var at: SourcePosition { error.problemAt }

    /// The text a document may span and still be outlined: past it (a huge document
    /// failing at its end) libyaml's position is kept.
    static let outlineLimit = 4 << 20

    func report() -> SyntaxReport {
        var report = unplaced()
        report.position = position(line: report.position.line, column: report.position.column)
        return report
    }

    /// A line and column as a position with its scalar offset.
    func position(line: Int, column: Int) -> SourcePosition {
        source.position(line: line, column: column)
    }

    func unplaced() -> SyntaxReport {
        if error.isReaderError { return readerReport() }
        let outline = self.outline(through: at.line)
        if let tab = tabReport(outline) { return tab }
        if let outline, let string = runawayString(outline) { return string }
        if let outline, let slip = slipReport(outline) { return slip }
        return wordsReport()
    }

    // MARK: The reader: bytes that are not text

    func readerReport() -> SyntaxReport {
        let text = source.text
        let offset = min(max(0, error.problemOffset), text.count)
        let at = Transcoding.position(ofByte: offset, from: source.known, in: text)
        let byte = offset < text.count ? text[offset] : nil
        let hex = byte.map { "0x" + String($0, radix: 16, uppercase: true) }
        if problem.contains("control characters") {
            return SyntaxReport(message: Message(.yamlControlCharacter, ["byte": hex.map { Message(.yamlByteShown, ["hex": $0]) } ?? Message.verbatim("")]), position: at)
        }
        if problem.contains("UTF-16") {
            return SyntaxReport(message: Message(.yamlInvalidUTF16), position: at)
        }
        let why: Message
        switch problem {
        case "invalid leading UTF-8 octet": why = Message(.utf8BadLead, ["hex": hex ?? ""])
        case "invalid trailing UTF-8 octet": why = Message(.utf8CutShort)
        case "incomplete UTF-8 octet sequence": why = Message(.utf8EndsInside)
        case "invalid length of a UTF-8 sequence": why = Message(.utf8TooLong)
        case "invalid Unicode character": why = Message(.utf8NotUnicode)
        default: why = Message(.utf8NotPart)
        }
        return SyntaxReport(message: Message(.yamlInvalidUTF8, ["why": why]), position: at)
    }

    // MARK: Tabs

    /// A tab where YAML needs spaces: the problem names one, or libyaml stopped on one or
    /// after one in the indentation of its line.
    func tabReport(_ outline: LineOutline?) -> SyntaxReport? {
        guard let line = source.line(at.line) else { return nil }
        let first = line.skipBlanks(from: 0)
        let indentationTab = (0..<first).first { line[$0] == 0x09 }
        let atTab = source.scalar(at: at) == "\t"
        guard problem.contains("tab character") || atTab || (indentationTab != nil && at.column - 1 <= first) else { return nil }
        if let tab = indentationTab {
            let position = SourcePosition(line: at.line, column: tab + 1)
            guard let indentation = outline?.tabIndentation else {
                return SyntaxReport(message: Message(.yamlTabIndentsWriteSpaces), position: position)
            }
            let spaces = String(repeating: " ", count: max(0, indentation.spaces))
            if first >= line.count {
                return SyntaxReport(message: Message(.yamlTabOnBlankLine),
                                    position: position, suggestion: "")
            }
            let like = indentation.like.map { line -> Message in
                switch indentation.relation {
                case .key: return Message(.yamlLikeKey, ["line": line])
                case .entry: return Message(.yamlLikeEntry, ["line": line])
                case .under: return Message(.yamlLikeUnder, ["line": line])
                case .same: return Message(.yamlLikeSame, ["line": line])
                }
            } ?? Message.verbatim("")
            let how: Message
            switch indentation.spaces {
            case 0: how = Message(.yamlStartInColumnOne, ["like": like])
            case 1: how = Message(.yamlIndentWithOneSpace, ["like": like])
            default: how = Message(.yamlIndentWithSpaces, ["count": indentation.spaces, "like": like])
            }
            return SyntaxReport(message: Message(.yamlTabIndents, ["how": how]), position: position, suggestion: spaces)
        }
        // A tab after an indicator on the line (`-\t-`): the tab itself.
        var column = at.column
        if !atTab, let tab = (0..<line.count).first(where: { line[$0] == 0x09 }) { column = line.column(ofByte: tab) + 1 }
        let position = SourcePosition(line: at.line, column: column)
        let before = source.prefix(of: position).trimmingBlanks.unicodeScalars.last
        if let before, "-?:".unicodeScalars.contains(before) {
            return SyntaxReport(message: Message(.yamlTabAfterIndicator, ["indicator": String(before)]), position: position)
        }
        return SyntaxReport(message: Message(.yamlTabHere), position: position)
    }

    // MARK: Strings left open

    /// A quoted string that opened on an earlier line and runs to (or past) where libyaml
    /// stopped: the slip is its opening line, most often a typographic closing quote.
    func runawayString(_ outline: LineOutline) -> SyntaxReport? {
        let unclosed = context == "while scanning a quoted scalar"
        // The string libyaml was reading, or one that runs on to where it stopped, or else
        // one closed on a later line that opened on a line ending in a typographic quote.
        let string = outline.openStrings.last { string in
            if unclosed { return string.line == error.contextAt.line && string.column == error.contextAt.column }
            guard string.line < at.line else { return false }
            return string.closedAt.map { $0.line >= at.line } ?? true
        } ?? (unclosed ? nil : outline.openStrings.first { $0.line < at.line && $0.typographicEnd != nil })
        guard let string else {
            return unclosed ? stringNeverClosed(at: error.contextAt, quote: source.scalar(at: error.contextAt) ?? "\"") : nil
        }
        // An escape inside a string that runs on is the escape's own slip, unless the
        // string's line ends in a typographic quote.
        if context == "while parsing a quoted scalar", string.typographicEnd == nil { return nil }
        let position = SourcePosition(line: string.line, column: string.column)
        if let end = string.typographicEnd { return closedTypographically(at: position, quote: string.quote, end: end) }
        if let closed = string.closedAt {
            return SyntaxReport(message: Message(.yamlStringRunsOn, ["quote": Self.named(string.quote), "line": closed.line, "column": closed.column]),
                                position: position)
        }
        return stringNeverClosed(at: position, quote: string.quote)
    }

    func stringNeverClosed(at position: SourcePosition, quote: Unicode.Scalar) -> SyntaxReport {
        if let line = source.line(position.line), let end = LineOutline.typographicEnd(of: line, after: line.byte(ofColumn: position.column - 1)) {
            return closedTypographically(at: position, quote: quote, end: end)
        }
        return SyntaxReport(message: Message(.yamlStringNeverClosed, ["quote": Self.named(quote)]),
                            position: position)
    }

    func closedTypographically(at position: SourcePosition, quote: Unicode.Scalar, end: (scalar: Unicode.Scalar, column: Int)) -> SyntaxReport {
        SyntaxReport(message: Message(.yamlStringClosedTypographically, ["quote": Self.named(quote), "line": position.line, "end": Self.named(end.scalar, codePoint: true),
                                                                    "column": end.column]),
                     position: position)
    }

    // MARK: Keys and entries out of line

    /// What the outline makes of the line libyaml stopped at, when the error is about
    /// the block structure and libyaml stopped at the line's start or at a key's `:`.
    func slipReport(_ outline: LineOutline) -> SyntaxReport? {
        let structural = ["did not find expected key", "did not find expected '-' indicator", "mapping values are not allowed in this context",
                          "block sequence entries are not allowed in this context"].contains(problem)
        guard let judgement = outline.judgement, let line = source.line(at.line) else { return nil }
        let first = line.skipBlanks(from: 0)
        let atLineStart = at.column - 1 <= line.column(ofByte: first)
        switch judgement {
        case let .misplaced(slipped, column, expected, sibling, isEntry, deeper):
            guard structural, atLineStart || problem.hasPrefix("mapping values") else { return nil }
            let position = SourcePosition(line: slipped, column: column)
            if isEntry {
                return SyntaxReport(message: Message(.yamlEntryMisplaced, ["column": column, "expected": expected, "sibling": sibling]),
                                    position: position)
            }
            if slipped != at.line {
                return SyntaxReport(message: Message(.yamlKeyBeforeSibling, ["column": column, "expected": expected, "sibling": sibling]),
                                    position: position)
            }
            if deeper {
                return SyntaxReport(message: Message(.yamlKeyTooDeep, ["column": column, "expected": expected, "sibling": sibling]),
                                    position: position)
            }
            return SyntaxReport(message: Message(.yamlKeyMisplaced, ["column": column, "expected": expected, "sibling": sibling]),
                                position: position)
        case let .keyAmongEntries(listLine, column):
            guard structural, atLineStart else { return nil }
            return SyntaxReport(message: Message(.yamlKeyAmongEntries, ["column": column, "list": listLine]),
                                position: SourcePosition(line: at.line, column: column))
        case let .entryAmongKeys(mappingLine, column):
            guard structural, atLineStart else { return nil }
            return SyntaxReport(message: Message(.yamlEntryAmongKeys, ["column": column, "mapping": mappingLine]),
                                position: SourcePosition(line: at.line, column: column))
        case let .afterComment(valueLine, commentLine):
            guard atLineStart, let comment = source.line(commentLine), let hash = comment.commentStart else { return nil }
            return SyntaxReport(message: Message(.yamlCommentEndsValue, ["value": valueLine, "line": at.line]),
                                position: SourcePosition(line: commentLine, column: comment.column(ofByte: hash) + 1))
        case let .inBlockText(header):
            guard atLineStart else { return nil }
            let indent = line.column(ofByte: first)
            // Blank lines before the text's first line that hold more spaces than it: YAML
            // takes the text's indentation from them.
            for number in (header + 1)..<max(header + 1, at.line) {
                guard let blank = source.line(number), blank.skipBlanks(from: 0) >= blank.count else { break }
                if blank.count > indent {
                    return SyntaxReport(message: Message(.yamlBlockBlankLine, ["header": header, "count": blank.count, "first": at.line]),
                                        position: SourcePosition(line: number, column: 1))
                }
            }
            return SyntaxReport(message: Message(.yamlBlockLessIndented, ["header": header]),
                                position: SourcePosition(line: at.line, column: indent + 1))
        case .fits:
            return nil
        }
    }

    // MARK: Helpers

    /// The outline of the failing document through `line`, or nil when it is longer than
    /// `outlineLimit` or the outline gave up.
    func outline(through line: Int) -> LineOutline? {
        let startLine = max(documentStart?.line ?? source.known.position.line, source.known.position.line)
        guard let start = source.range(ofLine: startLine)?.lowerBound, let end = source.range(ofLine: line)?.upperBound,
              end - start <= Self.outlineLimit else { return nil }
        let outline = LineOutline(source.text, from: start, line: startLine, through: line)
        return outline.gaveUp ? nil : outline
    }

    /// A character as a message names it: `'"'`, or `'”' (U+201D)` with its code point.
    static func named(_ scalar: Unicode.Scalar, codePoint: Bool = false) -> String {
        let shown = scalar.value < 0x20 ? "" : "'\(Character(scalar))'"
        guard codePoint || scalar.value < 0x20 else { return shown }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return shown.isEmpty ? code : "\(shown) (\(code))"
    }
}
