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
    private let error: LibyamlError
    private let source: SourceLines
    private let documentStart: SourcePosition?

    /// `continues` says the text is a piece of a longer stream, which goes on with a
    /// `---` line after it.
    init(_ error: LibyamlError, text: UnsafeBufferPointer<UInt8>, from known: (byte: Int, position: SourcePosition), documentStart: SourcePosition?,
         continues: Bool) {
        self.error = error
        self.source = SourceLines(text: text, known: known, continues: continues)
        self.documentStart = documentStart
    }

    private var problem: String { error.problem ?? "" }
    private var context: String { error.context ?? "" }
    private var at: SourcePosition { error.problemAt }

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

    private func unplaced() -> SyntaxReport {
        if error.isReaderError { return readerReport() }
        let outline = self.outline(through: at.line)
        if let tab = tabReport(outline) { return tab }
        if let outline, let string = runawayString(outline) { return string }
        if let outline, let slip = slipReport(outline) { return slip }
        return wordsReport()
    }

    // MARK: The reader: bytes that are not text

    private func readerReport() -> SyntaxReport {
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
    private func tabReport(_ outline: LineOutline?) -> SyntaxReport? {
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
    private func runawayString(_ outline: LineOutline) -> SyntaxReport? {
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

    private func stringNeverClosed(at position: SourcePosition, quote: Unicode.Scalar) -> SyntaxReport {
        if let line = source.line(position.line), let end = LineOutline.typographicEnd(of: line, after: line.byte(ofColumn: position.column - 1)) {
            return closedTypographically(at: position, quote: quote, end: end)
        }
        return SyntaxReport(message: Message(.yamlStringNeverClosed, ["quote": Self.named(quote)]),
                            position: position)
    }

    private func closedTypographically(at position: SourcePosition, quote: Unicode.Scalar, end: (scalar: Unicode.Scalar, column: Int)) -> SyntaxReport {
        SyntaxReport(message: Message(.yamlStringClosedTypographically, ["quote": Self.named(quote), "line": position.line, "end": Self.named(end.scalar, codePoint: true),
                                                                    "column": end.column]),
                     position: position)
    }

    // MARK: Keys and entries out of line

    /// What the outline makes of the line libyaml stopped at, when the error is about
    /// the block structure and libyaml stopped at the line's start or at a key's `:`.
    private func slipReport(_ outline: LineOutline) -> SyntaxReport? {
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

    // MARK: Everything else, by libyaml's problem

    private func wordsReport() -> SyntaxReport {
        let character = source.scalar(at: at)
        let shown = character.map { Message.verbatim(Self.named($0, codePoint: !$0.isASCII || $0.value < 0x20)) } ?? Message(.yamlThisCharacter)
        switch problem {
        case "found character that cannot start any token":
            if let character, "@`".unicodeScalars.contains(character) {
                return SyntaxReport(message: Message(.yamlReservedCharacter, ["character": shown, "first": String(character)]), position: at)
            }
            return SyntaxReport(message: Message(.yamlCannotStartValueHere, ["character": shown]), position: at)
        case "mapping values are not allowed in this context":
            return mappingValueReport()
        case "block sequence entries are not allowed in this context":
            let before = source.prefix(of: at).trimmingBlanks
            if before.hasSuffix(":") {
                return SyntaxReport(message: Message(.yamlListOnKeyLine), position: at)
            }
            return SyntaxReport(message: Message(.yamlEntryNotAtLineStart), position: at)
        case "could not find expected ':'":
            let start = error.contextAt
            let text = source.suffix(from: start)
            let shortened = text.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(40))) + "…" : text
            let comment = text.contains(" #") ? Message(.yamlHashStartsComment) : Message.verbatim("")
            return SyntaxReport(message: Message(.yamlKeyWithoutColon, ["text": shortened, "comment": comment]),
                                position: start)
        case "did not find expected key", "did not find expected '-' indicator":
            return collectionReport(character: character)
        case "did not find expected ',' or ']'", "did not find expected ',' or '}'":
            return flowReport(character: character)
        case "did not find expected node content":
            if character == "," {
                return SyntaxReport(message: Message(.yamlExtraComma), position: at)
            }
            if source.isDocumentMarker(at.line) {
                return SyntaxReport(message: Message(.yamlMarkerInsideBrackets), position: at)
            }
            return SyntaxReport(message: Message(.yamlExpectsValue, ["character": shown]), position: at)
        case "did not find expected <document start>":
            return documentEndReport(character: character)
        case "found unknown escape character":
            let escaped = source.scalar(at: SourcePosition(line: at.line, column: at.column + 1))
            if escaped == "'" {
                return SyntaxReport(message: Message(.yamlQuoteEscape), position: at)
            }
            let written = escaped.map { Message.verbatim("'\\\(Character($0))'") } ?? Message(.yamlThisEscape)
            return SyntaxReport(message: Message(.yamlUnknownEscape, ["escape": written]), position: at)
        case "did not find expected hexdecimal number":
            return SyntaxReport(message: Message(.yamlEscapeNeedsHex), position: at)
        case "found invalid Unicode character escape code":
            return SyntaxReport(message: Message(.yamlEscapeNoCharacter), position: at)
        case "found an indentation indicator equal to 0":
            return SyntaxReport(message: Message(.yamlZeroIndentation), position: at)
        case "found undefined tag handle":
            return SyntaxReport(message: Message(.yamlUndeclaredTagHandle), position: error.contextAt)
        case "found duplicate %YAML directive":
            return SyntaxReport(message: Message(.yamlSecondYAMLDirective), position: at)
        case "found duplicate %TAG directive":
            return SyntaxReport(message: Message(.yamlTagDeclaredTwice), position: at)
        case "found incompatible YAML document":
            return SyntaxReport(message: Message(.yamlVersion), position: at)
        case "mapping keys are not allowed in this context":
            return SyntaxReport(message: Message(.yamlComplexKey), position: at)
        case "found unexpected ':'":
            return SyntaxReport(message: Message(.yamlColonInBrackets), position: at)
        default:
            return contextReport()
        }
    }

    /// The problems whose words depend on what libyaml was reading (its context).
    private func contextReport() -> SyntaxReport {
        switch context {
        case "while scanning a block scalar":
            if problem == "did not find expected comment or line break" {
                return SyntaxReport(message: Message(.yamlTextAfterBlockIndicator), position: at)
            }
        case "while scanning an anchor":
            return SyntaxReport(message: Message(.yamlAnchor), position: error.contextAt)
        case "while scanning an alias":
            return SyntaxReport(message: Message(.yamlAlias), position: error.contextAt)
        case "while scanning a tag", "while parsing a tag":
            return SyntaxReport(message: Message(.yamlTag), position: error.contextAt)
        case "while scanning a directive", "while scanning a %YAML directive", "while scanning a %TAG directive", "while parsing a %TAG directive",
             "while scanning a tag directive", "while parsing a tag directive":
            if problem == "did not find expected comment or line break" {
                return SyntaxReport(message: Message(.yamlTextAfterDirective), position: at)
            }
            return SyntaxReport(message: Message(.yamlDirective), position: error.contextAt)
        default:
            break
        }
        if error.problem == nil {
            return SyntaxReport(message: Message(.yamlOutOfMemory), position: at)
        }
        return SyntaxReport(message: Message(.yamlCannotRead), position: at)
    }

    /// A `:` where no key can be: `key: a: b`, a key on the `---` line, or a key inside
    /// a plain value that goes on from the line above.
    private func mappingValueReport() -> SyntaxReport {
        let before = source.prefix(of: at)
        var content = Substring(before.drop { $0 == " " })
        if content.hasPrefix("---") || content.hasPrefix("...") {
            return SyntaxReport(message: Message(.yamlKeyOnMarkerLine, ["marker": content.prefix(3)]), position: at)
        }
        while content.hasPrefix("- ") { content = content.dropFirst(2).drop { $0 == " " } }
        if content.contains(": ") {
            return SyntaxReport(message: Message(.yamlColonSpaceInPlainValue), position: at)
        }
        return SyntaxReport(message: Message(.yamlColonMakesKey), position: at)
    }

    /// libyaml wanted the next key or entry of the collection opened at its context mark.
    private func collectionReport(character: Unicode.Scalar?) -> SyntaxReport {
        let isList = problem.contains("'-'")
        let line = source.line(at.line)
        let first = line.map { $0.column(ofByte: $0.skipBlanks(from: 0)) + 1 } ?? 1
        if at.column > first {
            // Text after a complete value on the same line.
            let before = source.prefix(of: at).trimmingBlanks
            if let last = before.unicodeScalars.last, last == "\"" || last == "'" {
                return SyntaxReport(message: Message(.yamlTextAfterQuote), position: at)
            }
            if let last = before.unicodeScalars.last, last == "]" || last == "}" {
                return SyntaxReport(message: Message(.yamlTextAfterBracket, ["bracket": String(last)]), position: at)
            }
            if character == "*" {
                return SyntaxReport(message: Message(.yamlAliasTakesNoAnchor), position: at)
            }
            if character == "&" {
                return SyntaxReport(message: Message(.yamlSecondAnchor), position: at)
            }
            return SyntaxReport(message: Message(.yamlTextAfterValue), position: at)
        }
        if character == "&", let previous = source.line(at.line - 1),
           source.suffix(from: SourcePosition(line: at.line - 1, column: 1)).split(separator: " ").last?.hasPrefix("&") == true, previous.count > 0 {
            return SyntaxReport(message: Message(.yamlSecondAnchorAbove, ["line": at.line - 1]), position: at)
        }
        let opened = error.contextAt
        return SyntaxReport(message: Message(isList ? .yamlExpectsEntry : .yamlExpectsKey, ["column": opened.column, "line": opened.line]), position: at)
    }

    /// libyaml wanted a `,` or the closing bracket of brackets opened at its context mark.
    private func flowReport(character: Unicode.Scalar?) -> SyntaxReport {
        let opened = error.contextAt
        let open = problem.hasSuffix("']'") ? "[" : "{", close = open == "[" ? "]" : "}"
        let atEnd = source.isAtEnd(at) || source.isDocumentMarker(at.line)
        if atEnd {
            return SyntaxReport(message: Message(.yamlBracketNeverClosed, ["open": open, "close": close]), position: opened)
        }
        if character == ":", let line = source.line(at.line) {
            let first = line.column(ofByte: line.skipBlanks(from: 0)) + 1
            if first == at.column {
                return SyntaxReport(message: Message(.yamlColonAfterKeyLine), position: at)
            }
            // `foo: 1` then `bar: 2` without a ',': YAML read `1 bar` as one value.
            let key = source.prefix(of: at).trimmingBlanks.drop { $0 == " " || $0 == "\t" }
            if !key.contains(where: { ",[]{}\"'#".contains($0) }), let end = previousLineEnd(before: at.line, after: opened.line),
               !",[{".contains(end.last) {
                return SyntaxReport(message: Message(.yamlCommaMissingAtLineEnd, ["open": open, "line": opened.line, "column": opened.column]),
                                    position: end.position)
            }
        }
        return SyntaxReport(message: Message(.yamlCommaOrCloseMissing, ["close": close, "open": open, "line": opened.line, "column": opened.column]),
                            position: at)
    }

    /// The end of the last line with content before `line` (and after `floor`), and its
    /// last character: where a missing `,` goes.
    private func previousLineEnd(before line: Int, after floor: Int) -> (position: SourcePosition, last: Character)? {
        var number = line - 1
        while number >= floor, let previous = source.line(number) {
            let text = source.suffix(from: SourcePosition(line: number, column: 1))
            let content = previous.commentStart.map { source.prefix(of: SourcePosition(line: number, column: previous.column(ofByte: $0) + 1)).trimmingBlanks } ?? text
            if let last = content.last {
                return (SourcePosition(line: number, column: content.unicodeScalars.count + 1), last)
            }
            number -= 1
        }
        return nil
    }

    /// More text after the document's value ended, or directives with no document.
    private func documentEndReport(character: Unicode.Scalar?) -> SyntaxReport {
        let before = source.prefix(of: at).trimmingBlanks
        if before.hasPrefix("...") {
            return SyntaxReport(message: Message(.yamlTextAfterDocumentEnd), position: at)
        }
        if let character, character == "]" || character == "}" {
            return SyntaxReport(message: Message(.yamlUnopenedBracket, ["bracket": String(character)]), position: at)
        }
        if source.isAtEnd(at) || source.isDocumentMarker(at.line) || source.line(at.line)?[0] == UInt8(ascii: "%") {
            return SyntaxReport(message: Message(.yamlDirectiveWithoutDocument), position: at)
        }
        return SyntaxReport(message: Message(.yamlTextAfterDocumentValue), position: at)
    }

    // MARK: Helpers

    /// The outline of the failing document through `line`, or nil when it is longer than
    /// `outlineLimit` or the outline gave up.
    private func outline(through line: Int) -> LineOutline? {
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

/// The lines of the text the reader parses, found by scanning from a known line start.
struct SourceLines {
    let text: UnsafeBufferPointer<UInt8>
    let known: (byte: Int, position: SourcePosition)
    /// Whether the text is a piece of a stream that goes on with a `---` line.
    let continues: Bool

    /// Whether a line is `---` or `...`: in a piece that more text follows, the line after
    /// its end is the next piece's `---`.
    func isDocumentMarker(_ number: Int) -> Bool {
        if continues, isPastLastLine(number) { return true }
        return line(number)?.documentMarker != nil
    }

    /// The position of a line and column, with its scalar offset; a column past the line's
    /// end is its end.
    func position(line number: Int, column: Int) -> SourcePosition {
        guard let range = range(ofLine: number), let line = line(number) else { return SourcePosition(line: number, column: column) }
        let at = Transcoding.position(ofByte: range.lowerBound + line.byte(ofColumn: max(0, column - 1)), from: known, in: text)
        return SourcePosition(line: number, column: column, offset: at.offset + max(0, column - at.column))
    }

    /// The byte range of a 1-based line, without its break.
    func range(ofLine line: Int) -> Range<Int>? {
        guard line >= known.position.line else { return nil }
        var current = known.position.line, i = known.byte
        let n = text.count
        while current < line {
            while i < n, LineBreaks.length(at: i, in: text) == 0 { i += 1 }
            guard i < n else { return nil }
            i += LineBreaks.length(at: i, in: text)
            current += 1
        }
        var end = i
        while end < n, LineBreaks.length(at: end, in: text) == 0 { end += 1 }
        return i..<end
    }

    func line(_ number: Int) -> LineOutline.Line? {
        range(ofLine: number).map { LineOutline.Line(bytes: UnsafeBufferPointer(rebasing: text[$0]), number: number) }
    }

    /// Whether a line is past the text's last line (a final break starts no line).
    func isPastLastLine(_ number: Int) -> Bool {
        guard let range = range(ofLine: number) else { return true }
        return number > known.position.line && range.isEmpty && range.lowerBound == text.count
    }

    /// Whether only blanks and line breaks follow a position: libyaml reached the end.
    func isAtEnd(_ position: SourcePosition) -> Bool {
        guard let range = range(ofLine: position.line), let line = line(position.line) else { return true }
        var i = range.lowerBound + line.byte(ofColumn: max(0, position.column - 1))
        while i < text.count, text[i] == 0x20 || text[i] == 0x09 || text[i] == 0x0A || text[i] == 0x0D { i += 1 }
        return i >= text.count
    }

    /// The scalar at a position, if the line is that long.
    func scalar(at position: SourcePosition) -> Unicode.Scalar? {
        guard position.column >= 1, let line = line(position.line) else { return nil }
        let scalars = String(decoding: line.bytes, as: UTF8.self).unicodeScalars
        guard position.column <= scalars.count else { return nil }
        return scalars[scalars.index(scalars.startIndex, offsetBy: position.column - 1)]
    }

    /// The text of a line before a column.
    func prefix(of position: SourcePosition) -> String {
        guard let line = line(position.line) else { return "" }
        return String(String.UnicodeScalarView(String(decoding: line.bytes, as: UTF8.self).unicodeScalars.prefix(max(0, position.column - 1))))
    }

    /// The text of a line from a column, without trailing blanks.
    func suffix(from position: SourcePosition) -> String {
        guard let line = line(position.line) else { return "" }
        let scalars = String(decoding: line.bytes, as: UTF8.self).unicodeScalars.dropFirst(max(0, position.column - 1))
        return String(Substring(scalars)).trimmingBlanks
    }
}

extension String {
    /// The string without spaces and tabs at its end.
    var trimmingBlanks: String {
        var scalars = Substring(self).unicodeScalars
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(Substring(scalars))
    }
}
