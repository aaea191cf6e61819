/// How the reader recovers from a document libyaml gives up on: where it resumes (the
/// next `---` line) and how it words libyaml's problem.
extension YAMLDocumentReader {
    /// Finds the first line after `line` (1-based) that starts with `---`, scanning from
    /// a known line start at or before it; lines end at any break libyaml counts.
    static func nextDocumentLine(in text: UnsafeBufferPointer<UInt8>, after line: Int,
                                 from known: (byte: Int, position: SourcePosition) = (0, SourcePosition(line: 1, column: 1, offset: 0))) -> (offset: Int, line: Int)? {
        var currentLine = known.position.line
        var i = known.byte
        let n = text.count
        // The directive lines (`%YAML`, `%TAG`) right before a `---` belong to its
        // document: resume at the first of them, so none is dropped.
        var directives: (offset: Int, line: Int)?
        while i < n {
            if currentLine > line, i + 3 <= n, text[i] == 0x2D, text[i + 1] == 0x2D, text[i + 2] == 0x2D,
               i + 3 == n || text[i + 3] == 0x20 || text[i + 3] == 0x09 || LineBreaks.length(at: i + 3, in: text) > 0 {
                return directives ?? (i, currentLine - 1)
            }
            if currentLine > line, text[i] == UInt8(ascii: "%") {
                if directives == nil { directives = (i, currentLine - 1) }
            } else if text[i] != UInt8(ascii: "#"), LineBreaks.length(at: i, in: text) == 0 {
                directives = nil
            }
            // Skip to the next line.
            while i < n {
                let length = LineBreaks.length(at: i, in: text)
                if length > 0 { i += length; break }
                i += 1
            }
            currentLine += 1
        }
        return nil
    }

    static func describe(problem: String, context: String?, problemAt: SourcePosition, contextAt: SourcePosition,
                         problemOffset: Int, isReaderError: Bool, text: UnsafeBufferPointer<UInt8>,
                         from known: (byte: Int, position: SourcePosition)) -> (String, SourcePosition) {
        let (message, at) = explain(problem: problem, context: context, problemAt: problemAt, contextAt: contextAt,
                                    problemOffset: problemOffset, isReaderError: isReaderError, text: text, from: known)
        guard !isReaderError, let (position, character) = fullWidthCharacter(from: context == nil ? problemAt : contextAt, to: problemAt,
                                                                            known: known, in: text) else {
            return (message, at)
        }
        let named = "\(character.words) \(character.named)"
        let needs = "YAML needs the ASCII '\(character.ascii)'"
        // libyaml stopped on the character itself: it is the cause.
        if position.line == problemAt.line, position.column == problemAt.column { return ("\(named): \(needs)", at) }
        return ("\(message); line \(position.line), column \(position.column) holds \(named), where \(needs)", at)
    }

    /// A full-width colon or an ideographic space on the lines libyaml gave up on (from its
    /// context's line to the problem's, at most five), which `PunctuationSlips` did not
    /// take for syntax (a key in Chinese): it may be the cause.
    static func fullWidthCharacter(from start: SourcePosition, to end: SourcePosition, known: (byte: Int, position: SourcePosition),
                                   in text: UnsafeBufferPointer<UInt8>) -> (SourcePosition, Punctuation)? {
        let first = max(start.line, end.line - 4, known.position.line)
        guard first <= end.line else { return nil }
        for line in first...end.line {
            let whole = Transcoding.linePrefix(before: SourcePosition(line: line, column: 1 << 20), from: known, in: text)
            for (index, scalar) in whole.unicodeScalars.enumerated() {
                guard let character = Punctuation(rawValue: scalar.value), character == .colon || character == .ideographicSpace else { continue }
                return (SourcePosition(line: line, column: index + 1), character)
            }
        }
        return nil
    }

    private static func explain(problem: String, context: String?, problemAt: SourcePosition, contextAt: SourcePosition,
                                problemOffset: Int, isReaderError: Bool, text: UnsafeBufferPointer<UInt8>,
                                from known: (byte: Int, position: SourcePosition)) -> (String, SourcePosition) {
        if isReaderError {
            // Reader errors carry a byte offset, not a mark: turn it into line and column.
            let at = Transcoding.position(ofByte: problemOffset, from: known, in: text)
            if problem.contains("control characters") {
                return ("the file contains a control character (such as a NUL byte) that YAML does not allow", at)
            }
            if problem.contains("UTF-8") || problem.contains("UTF-16") {
                return ("the file is not valid UTF-8 (\(problem)); save it as UTF-8", at)
            }
            return (problem, at)
        }
        if problem == "found character that cannot start any token", Transcoding.byte(at: problemAt, from: known, in: text) == 0x09 {
            return ("a tab character is not allowed here: YAML indents with spaces", problemAt)
        }
        if let context, context.contains("quoted scalar"), problem.contains("end of stream") || problem.contains("document indicator") {
            return ("this quoted string is never closed: add the closing quote", contextAt)
        }
        if problem == "mapping values are not allowed in this context" {
            // Either `key: value: more` (a ": " inside a plain value) or a key indented
            // deeper than its siblings (libyaml read it as the previous value's next line).
            let before = Transcoding.linePrefix(before: problemAt, from: known, in: text)
            var content = Substring(before.drop { $0 == " " })
            while content.hasPrefix("- ") { content = content.dropFirst(2).drop { $0 == " " } }
            if content.contains(": ") {
                return ("a ': ' inside a plain value: quote the value (\"…: …\") or remove the space after ':'", problemAt)
            }
            return ("this key is indented more than the keys above it, so YAML reads it as part of the previous value: align it with its sibling keys", problemAt)
        }
        if let context, context == "while parsing a block mapping", problem == "did not find expected key" {
            return ("the indentation of this line does not match: the keys of the mapping at line \(contextAt.line) start in column \(contextAt.column); align this line with them (YAML indents with spaces)", problemAt)
        }
        if let context, context == "while parsing a block collection", problem == "did not find expected '-' indicator" {
            return ("the indentation of this line does not match: the entries of the list at line \(contextAt.line) start with '-' in column \(contextAt.column); align this line with them", problemAt)
        }
        if let context {
            return ("\(problem) \(context) (line \(contextAt.line), column \(contextAt.column))", problemAt)
        }
        return (problem, problemAt)
    }
}
