import ShareLintKit
import YAMLSyntax

/// The unit LSP positions count characters in (`positionEncoding`): UTF-16 code units
/// unless client and server agree on UTF-8 bytes or UTF-32 (Unicode scalars).
enum PositionEncoding: String, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// How many units a scalar takes.
    func width(of scalar: Unicode.Scalar) -> Int {
        switch self {
        case .utf8: return UTF8.width(scalar)
        case .utf16: return UTF16.width(scalar)
        case .utf32: return 1
        }
    }
}

/// An LSP position: a 0-based line and a 0-based character offset in the negotiated unit.
struct LSPPosition: Hashable {
    var line: Int
    var character: Int

    var json: JSONValue { .object([("line", .int(line)), ("character", .int(character))]) }

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init?(_ json: JSONValue?) {
        guard let line = json?["line"]?.intValue, let character = json?["character"]?.intValue, line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }
}

/// An LSP range.
struct LSPRange: Hashable {
    var start: LSPPosition
    var end: LSPPosition

    var json: JSONValue { .object([("start", start.json), ("end", end.json)]) }

    init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }

    init?(_ json: JSONValue?) {
        guard let start = LSPPosition(json?["start"]), let end = LSPPosition(json?["end"]) else { return nil }
        self.init(start: start, end: end)
    }
}

/// The text of an open document as UTF-8 bytes with its line starts, converting between
/// LSP positions and sharelint's (1-based lines, 1-based columns in Unicode scalars, as
/// libyaml counts them). LSP lines end at `\n`, `\r\n` or a lone `\r`; sharelint's also at
/// NEL, U+2028 and U+2029 (`LineTable`), so positions convert through byte offsets.
struct TextDocument {
    private(set) var bytes: [UInt8]
    /// The byte offset where each line starts.
    private(set) var lineStarts: [Int] = [0]
    /// The lines as libyaml counts them, which sharelint's positions number.
    private(set) var yamlLines = LineTable([])

    init(_ text: String) {
        bytes = Array(text.utf8)
        indexLines()
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func indexLines() {
        yamlLines = LineTable(bytes)
        lineStarts = [0]
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x0A {
                lineStarts.append(i + 1)
            } else if byte == 0x0D {
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                lineStarts.append(i + 1)
            }
            i += 1
        }
    }

    /// The byte range of a 0-based line without its line break (empty past the end).
    func lineBytes(_ line: Int) -> Range<Int> {
        guard line >= 0, line < lineStarts.count else { return bytes.count..<bytes.count }
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// The text of a 0-based line without its line break.
    func lineText(_ line: Int) -> String {
        String(decoding: bytes[lineBytes(line)], as: UTF8.self)
    }

    var lineCount: Int { lineStarts.count }

    /// The byte offset of an LSP position; a character past the line's end means its end,
    /// a line past the last means the end of the text (as LSP asks).
    func offset(of position: LSPPosition, encoding: PositionEncoding) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let line = lineBytes(position.line)
        var units = 0
        var offset = line.lowerBound
        for scalar in String(decoding: bytes[line], as: UTF8.self).unicodeScalars {
            let width = encoding.width(of: scalar)
            // A position inside a scalar (half a surrogate pair) rounds down to its start.
            if units + width > position.character { return offset }
            units += width
            offset += UTF8.width(scalar)
        }
        return offset
    }

    /// sharelint's position (1-based line, 1-based scalar column, lines as libyaml counts
    /// them) of an LSP position.
    func sourcePosition(of position: LSPPosition, encoding: PositionEncoding) -> SourcePosition {
        let offset = offset(of: position, encoding: encoding)
        let line = yamlLines.line(containing: offset)
        let start = yamlLines.lineStarts[line - 1]
        let scalars = String(decoding: bytes[start..<max(start, offset)], as: UTF8.self).unicodeScalars.count
        return SourcePosition(line: line, column: scalars + 1)
    }

    /// The LSP position of sharelint's position (1-based line, 1-based scalar column).
    /// sharelint's lines end at every break libyaml counts (NEL, U+2028 and U+2029 too),
    /// LSP's only at LF, CRLF and CR: the position goes through its byte offset. Columns
    /// past the line's end count one unit each (libyaml's end of a line).
    func lspPosition(of position: SourcePosition, encoding: PositionEncoding) -> LSPPosition {
        guard let line = yamlLines.range(ofLine: position.line) else {
            let end = lspPosition(ofOffset: bytes.count, encoding: encoding)
            return LSPPosition(line: end.line, character: end.character + max(0, position.column - 1))
        }
        var remaining = max(0, position.column - 1)
        var offset = line.lowerBound
        while remaining > 0, offset < line.upperBound {
            offset += 1
            while offset < line.upperBound, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            remaining -= 1
        }
        let at = lspPosition(ofOffset: offset, encoding: encoding)
        return LSPPosition(line: at.line, character: at.character + remaining)
    }

    /// The LSP range of a sharelint range.
    func lspRange(of range: SourceRange, encoding: PositionEncoding) -> LSPRange {
        LSPRange(start: lspPosition(of: range.start, encoding: encoding), end: lspPosition(of: range.end, encoding: encoding))
    }

    /// The LSP position of a byte offset.
    func lspPosition(ofOffset offset: Int, encoding: PositionEncoding) -> LSPPosition {
        var line = 0
        var low = 0, high = lineStarts.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if lineStarts[mid] <= offset { line = mid; low = mid + 1 } else { high = mid - 1 }
        }
        let start = lineStarts[line]
        let units = String(decoding: bytes[start..<min(max(start, offset), bytes.count)], as: UTF8.self).unicodeScalars
            .reduce(0) { $0 + encoding.width(of: $1) }
        return LSPPosition(line: line, character: units)
    }

    /// Replaces a range (nil: the whole text) with new text, as `didChange` asks.
    mutating func replace(_ range: LSPRange?, with text: String, encoding: PositionEncoding) {
        guard let range else {
            bytes = Array(text.utf8)
            indexLines()
            return
        }
        let start = offset(of: range.start, encoding: encoding)
        let end = max(start, offset(of: range.end, encoding: encoding))
        bytes.replaceSubrange(start..<end, with: Array(text.utf8))
        indexLines()
    }

    /// The text between two byte offsets.
    func text(_ range: Range<Int>) -> String {
        let clamped = min(range.lowerBound, bytes.count)..<min(range.upperBound, bytes.count)
        return String(decoding: bytes[clamped], as: UTF8.self)
    }
}
