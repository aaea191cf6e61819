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
