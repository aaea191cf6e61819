import ShareLintMessages
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A full-width or typographic character typed (with a Chinese input method) where YAML
/// expects ASCII syntax: a full-width colon after a key, a full-width comma in a flow
/// list, an ideographic space in the indentation, typographic quotes around a value.
package struct PunctuationSlip: Sendable, Hashable {
    /// What the character does to the document.
    package enum Kind: Sendable, Hashable {
        /// It breaks YAML's structure: the document is read with `replacement` in its place.
        case syntax
        /// Typographic quotes around a whole value: YAML keeps them as part of the text.
        case quotes
    }

    /// What the character does to the document.
    package var kind: Kind
    /// A sentence for the user, naming the character in words and by code point.
    package var text: Message
    /// The sentence in English.
    package var message: String { text.english }
    /// Where the characters are in the text as written (columns in Unicode scalars).
    package var range: SourceRange
    /// The UTF-8 bytes of the characters in the text.
    package var bytes: Range<Int>
    /// The ASCII text meant in place of exactly `range`.
    package var replacement: String
}

/// Finding `PunctuationSlip`s in a YAML text, and the text read with them replaced.
///
/// The scan follows YAML's structure line by line, as far as it matters here: block
/// scalars (`|`, `>`), quoted strings and the lines a plain scalar goes on across (those
/// indented past its key or `-`, as libyaml reads them) are text and never looked into;
/// a full-width colon counts only right after a key written in ASCII letters, digits,
/// `_`, `.` and `-` (every key of the format is one); a full-width bracket counts only
/// when it encloses a whole value without Chinese or Japanese characters (`［限时］邀请好友`
/// is a title).
package enum PunctuationSlips {
    /// The slips in UTF-8 text, in text order; none, after one pass of `memchr`, for a
    /// text that holds none of the characters where they could be syntax.
    package static func find(in text: UnsafeBufferPointer<UInt8>) -> [PunctuationSlip] {
        guard mayHold(text) else { return [] }
        var scanner = SlipScanner(text: text)
        scanner.run()
        return scanner.slips
    }

    /// Whether the text may hold a slip: one of the characters on a line whose text before
    /// it is ASCII YAML syntax (indentation, `- `, a key, `:`), or after a flow
    /// collection's opening bracket. A text for which this is false has no slip.
    package static func mayHold(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        // Every character looked for starts with one of these bytes; CJK ideographs
        // (E4 to E9) do not.
        for lead: UInt8 in [0xEF, 0xE3, 0xE2] {
            var offset = 0
            // What the line holds before the last hit, read forward once (a line of
            // thousands of `，` is not read back from its start at each).
            var line = LinePrefix()
            while offset < text.count, let hit = memchr(base + offset, Int32(lead), text.count - offset) {
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                line.skip(toLineOf: at, in: text)
                line.read(upTo: at, in: text)
                if let character = Punctuation(at: at, in: text), line.makesCandidate(character, at: at, in: text) { return true }
                offset = at + 1
            }
        }
        return false
    }

    /// What a line holds from its start up to a byte: whether it is ASCII syntax (no
    /// quote, comment or character but the punctuation looked for), and whether it opens a
    /// flow collection.
    private struct LinePrefix {
        var end = 0
        var plain = true
        var opener = false

        /// Starts afresh at the line holding `at` when that line begins past what was read:
        /// the prefix depends only on the bytes after the last line break, so the lines
        /// between two hits are never read.
        mutating func skip(toLineOf at: Int, in text: UnsafeBufferPointer<UInt8>) {
            var start = at
            while start > end, text[start - 1] != 0x0A, text[start - 1] != 0x0D { start -= 1 }
            if start > end { self = LinePrefix(end: start) }
        }

        mutating func read(upTo at: Int, in text: UnsafeBufferPointer<UInt8>) {
            var i = end
            while i < at {
                let b = text[i]
                if b == 0x0A || b == 0x0D {
                    plain = true
                    opener = false
                } else if b == 0x5B || b == 0x7B {
                    opener = true
                } else if b == 0x22 || b == 0x27 || b == 0x23 {
                    plain = false
                } else if b >= 0x80, b & 0xC0 != 0x80 {
                    if let other = Punctuation(at: i, in: text) {
                        if other == .leftBracket || other == .leftBrace { opener = true }
                    } else {
                        plain = false
                    }
                }
                i += 1
            }
            end = max(end, at)
        }

        /// Whether the character at `at` may be syntax after this prefix: separators and
        /// closing brackets after an opening one, a colon right after a quoted key, any of
        /// them after ASCII syntax alone.
        func makesCandidate(_ character: Punctuation, at: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
            if character == .colon, at > 0, text[at - 1] == 0x22 || text[at - 1] == 0x27 { return true }
            switch character {
            case .comma, .ideographicComma, .rightBracket, .rightBrace, .colon: return plain || opener
            default: return plain
            }
        }
    }

    /// The text with every `.syntax` slip replaced, and the map between positions in it
    /// and positions in `text`; nil when there is none.
    package static func repaired(_ text: UnsafeBufferPointer<UInt8>, _ slips: [PunctuationSlip]) -> (buffer: ByteBuffer, shifts: PositionShifts)? {
        let edits = slips.filter { $0.kind == .syntax }.sorted { $0.bytes.lowerBound < $1.bytes.lowerBound }
        guard !edits.isEmpty else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(text.count + edits.count)
        var position = 0
        var shifts = PositionShifts()
        var lineDelta = (line: 0, delta: 0), totalDelta = 0
        for edit in edits where edit.bytes.lowerBound >= position {
            out += text[position..<edit.bytes.lowerBound]
            out += Array(edit.replacement.utf8)
            position = edit.bytes.upperBound
            let written = edit.range.end.column - edit.range.start.column
            let delta = edit.replacement.unicodeScalars.count - written
            if lineDelta.line != edit.range.start.line { lineDelta = (edit.range.start.line, 0) }
            if delta != 0 {
                var start = edit.range.start
                start.column += lineDelta.delta
                start.offset += totalDelta
                shifts.append(PositionShifts.Edit(repairedStart: start, originalStart: edit.range.start, written: written, delta: delta))
            }
            lineDelta.delta += delta
            totalDelta += delta
        }
        out += text[position...]
        return (ByteBuffer(copying: out), shifts)
    }
}

/// Where characters were inserted into a repaired text (a full-width colon followed by a
/// letter becomes `: `): positions in the repaired text mapped back to the text as written,
/// and the other way, each by binary search (a file may hold thousands).
package struct PositionShifts: Sendable {
    struct Edit: Sendable {
        /// Where the replacement starts in the repaired text.
        var repairedStart: SourcePosition
        /// Where the replaced characters start in the text as written.
        var originalStart: SourcePosition
        /// The scalars it replaced.
        var written: Int
        /// How many more scalars the replacement has.
        var delta: Int
    }

    /// The edits in text order.
    private(set) var edits: [Edit] = []
    /// The deltas of the edits before each index (one more entry than `edits`).
    private var deltasBefore: [Int] = [0]

    mutating func append(_ edit: Edit) {
        edits.append(edit)
        deltasBefore.append(deltasBefore[deltasBefore.count - 1] + edit.delta)
    }

    /// Whether positions are the same in both texts.
    package var isEmpty: Bool { edits.isEmpty }

    /// The number of edits whose key (line, column) is before `line`, `column` (or at it,
    /// with `orAt`).
    private func count(before line: Int, _ column: Int, orAt: Bool = false, key: (Edit) -> (Int, Int)) -> Int {
        var low = 0, high = edits.count
        while low < high {
            let middle = (low + high) / 2
            let k = key(edits[middle])
            if k < (line, column) || orAt && k == (line, column) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// A position in the repaired text as a position in the text as written; a position
    /// inside an inserted character moves to the character after it.
    package func original(_ position: SourcePosition) -> SourcePosition {
        guard !edits.isEmpty else { return position }
        let key: (Edit) -> (Int, Int) = { ($0.repairedStart.line, $0.repairedStart.column) }
        let before = count(before: position.line, position.column, key: key)
        let lineStart = count(before: position.line, 0, key: key)
        var columnShift = deltasBefore[before] - deltasBefore[lineStart]
        var offsetShift = deltasBefore[before]
        if before > lineStart {
            // Inside the last replacement on the line: only what was inserted before it counts.
            let last = edits[before - 1]
            let inside = position.column - last.repairedStart.column
            if inside < last.written + last.delta {
                let correction = last.delta - max(0, inside - last.written)
                columnShift -= correction
                offsetShift -= correction
            }
        }
        var result = position
        result.column -= columnShift
        result.offset = max(0, result.offset - offsetShift)
        return result
    }

    /// A range in the repaired text as a range in the text as written.
    package func original(_ range: SourceRange) -> SourceRange {
        SourceRange(start: original(range.start), end: original(range.end))
    }

    /// A position in the text as written as a position in the repaired text (for a
    /// position at or before every replacement on its line, the same).
    package func repaired(_ position: SourcePosition) -> SourcePosition {
        guard !edits.isEmpty else { return position }
        let key: (Edit) -> (Int, Int) = { ($0.originalStart.line, $0.originalStart.column + $0.written) }
        let before = count(before: position.line, position.column, orAt: true, key: key)
        let lineStart = count(before: position.line, 0, key: key)
        var result = position
        result.column += deltasBefore[before] - deltasBefore[lineStart]
        result.offset += deltasBefore[before]
        return result
    }

    /// A range in the text as written as a range in the repaired text.
    package func repaired(_ range: SourceRange) -> SourceRange {
        SourceRange(start: repaired(range.start), end: repaired(range.end))
    }
}

/// The full-width and typographic characters an input method types in place of YAML's
/// ASCII syntax.
enum Punctuation: UInt32, CaseIterable {
    case colon = 0xFF1A
    case comma = 0xFF0C
    case ideographicComma = 0x3001
    case ideographicSpace = 0x3000
    case hyphen = 0xFF0D
    case leftBracket = 0xFF3B
    case rightBracket = 0xFF3D
    case leftBrace = 0xFF5B
    case rightBrace = 0xFF5D
    case leftDoubleQuote = 0x201C
    case rightDoubleQuote = 0x201D
    case leftSingleQuote = 0x2018
    case rightSingleQuote = 0x2019
    case leftCornerBracket = 0x300C
    case rightCornerBracket = 0x300D

    /// The character whose UTF-8 encoding starts at byte `i`, if it is one of these.
    init?(at i: Int, in text: UnsafeBufferPointer<UInt8>) {
        guard i + 2 < text.count else { return nil }
        let b0 = UInt32(text[i]), b1 = UInt32(text[i + 1]), b2 = UInt32(text[i + 2])
        guard b0 & 0xF0 == 0xE0, b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return nil }
        self.init(rawValue: (b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F))
    }

    /// The character itself.
    var character: String { String(Character(Unicode.Scalar(rawValue)!)) }

    /// Its name in words (in English, with an article).
    var words: Message {
        switch self {
        case .colon: return Message(.punctColon)
        case .comma: return Message(.punctComma)
        case .ideographicComma: return Message(.punctIdeographicComma)
        case .ideographicSpace: return Message(.punctIdeographicSpace)
        case .hyphen: return Message(.punctHyphen)
        case .leftBracket: return Message(.punctLeftBracket)
        case .rightBracket: return Message(.punctRightBracket)
        case .leftBrace: return Message(.punctLeftBrace)
        case .rightBrace: return Message(.punctRightBrace)
        case .leftDoubleQuote, .rightDoubleQuote: return Message(.punctDoubleQuotes)
        case .leftSingleQuote, .rightSingleQuote: return Message(.punctSingleQuotes)
        case .leftCornerBracket, .rightCornerBracket: return Message(.punctCornerBrackets)
        }
    }

    /// The character as the message names it: `'：' (U+FF1A)`.
    var named: String { "'\(character)' (U+\(String(rawValue, radix: 16, uppercase: true)))" }

    /// The ASCII character YAML needs in its place.
    var ascii: String {
        switch self {
        case .colon: return ":"
        case .comma, .ideographicComma: return ","
        case .ideographicSpace: return " "
        case .hyphen: return "-"
        case .leftBracket: return "["
        case .rightBracket: return "]"
        case .leftBrace: return "{"
        case .rightBrace: return "}"
        case .leftDoubleQuote, .rightDoubleQuote, .leftCornerBracket, .rightCornerBracket: return "\""
        case .leftSingleQuote, .rightSingleQuote: return "'"
        }
    }

    /// The closing character of an opening quote.
    var closingQuote: Punctuation? {
        switch self {
        case .leftDoubleQuote: return .rightDoubleQuote
        case .leftSingleQuote: return .rightSingleQuote
        case .leftCornerBracket: return .rightCornerBracket
        default: return nil
        }
    }
}
