import ShareLintMessages
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

    /// libyaml's error in sharelint's words (`SyntaxErrorWords`), with a full-width colon
    /// or ideographic space on the lines libyaml gave up on named beside it.
    static func describe(_ error: LibyamlError, text: UnsafeBufferPointer<UInt8>, from known: (byte: Int, position: SourcePosition),
                         documentStart: SourcePosition?, continues: Bool) -> SyntaxReport {
        let words = SyntaxErrorWords(error, text: text, from: known, documentStart: documentStart, continues: continues)
        var report = words.report()
        let problemAt = error.problemAt, contextAt = error.contextAt
        guard !error.isReaderError, let (position, character) = fullWidthCharacter(from: error.context == nil ? problemAt : contextAt, to: problemAt,
                                                                                   known: known, in: text) else {
            return report
        }
        // libyaml stopped on the character itself: it is the cause.
        if (position.line, position.column) == (problemAt.line, problemAt.column) || (position.line, position.column) == (report.position.line, report.position.column) {
            report.message = Message(.punctNeedsASCII, ["words": character.words, "named": character.named, "ascii": character.ascii])
            report.position = words.position(line: position.line, column: position.column)
            report.suggestion = nil
            return report
        }
        report.message = Message(.punctAlsoHolds, ["message": report.message, "line": position.line, "column": position.column,
                                                   "words": character.words, "named": character.named, "ascii": character.ascii])
        return report
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
}
