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
public struct PunctuationSlip: Sendable, Hashable {
    /// What the character does to the document.
    public enum Kind: Sendable, Hashable {
        /// It breaks YAML's structure: the document is read with `replacement` in its place.
        case syntax
        /// Typographic quotes around a whole value: YAML keeps them as part of the text.
        case quotes
    }

    /// What the character does to the document.
    public var kind: Kind
    /// A sentence for the user, naming the character in words and by code point.
    public var message: String
    /// Where the characters are in the text as written (columns in Unicode scalars).
    public var range: SourceRange
    /// The UTF-8 bytes of the characters in the text.
    public var bytes: Range<Int>
    /// The ASCII text meant in place of exactly `range`.
    public var replacement: String
}

/// Finding `PunctuationSlip`s in a YAML text, and the text read with them replaced.
///
/// The scan follows YAML's structure line by line, as far as it matters here: block
/// scalars (`|`, `>`) and quoted strings are text and never looked into; a full-width
/// colon counts only right after a key written in ASCII letters, digits, `_`, `.` and `-`
/// (every key of the format is one); a full-width bracket counts only when it encloses a
/// whole value without Chinese or Japanese characters (`［限时］邀请好友` is a title).
public enum PunctuationSlips {
    /// The slips in UTF-8 text, in text order; none, after one pass of `memchr`, for a
    /// text that holds none of the characters where they could be syntax.
    public static func find(in text: UnsafeBufferPointer<UInt8>) -> [PunctuationSlip] {
        guard mayHold(text) else { return [] }
        var scanner = SlipScanner(text: text)
        scanner.run()
        return scanner.slips
    }

    /// Whether the text may hold a slip: one of the characters on a line whose text before
    /// it is ASCII YAML syntax (indentation, `- `, a key, `:`), or after a flow
    /// collection's opening bracket. A text for which this is false has no slip.
    public static func mayHold(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return false }
        // Every character looked for starts with one of these bytes; CJK ideographs
        // (E4 to E9) do not.
        for lead: UInt8 in [0xEF, 0xE3, 0xE2] {
            var offset = 0
            while offset < text.count, let hit = memchr(base + offset, Int32(lead), text.count - offset) {
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if let character = Punctuation(at: at, in: text), isCandidate(character, at: at, in: text) { return true }
                offset = at + 1
            }
        }
        return false
    }

    /// Whether the text before the character on its line is ASCII syntax, or holds a flow
    /// collection's opening bracket (for separators and closing brackets).
    private static func isCandidate(_ character: Punctuation, at: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = at - 1
        var plain = true, opener = false
        while i >= 0, text[i] != 0x0A, text[i] != 0x0D {
            let b = text[i]
            if b == 0x5B || b == 0x7B { opener = true }
            if b == 0x22 || b == 0x27 || b == 0x23 { plain = false }
            if b >= 0x80, b & 0xC0 != 0x80 {
                if let other = Punctuation(at: i, in: text) {
                    if other == .leftBracket || other == .leftBrace { opener = true }
                } else {
                    plain = false
                }
            }
            i -= 1
        }
        // A colon right after a quoted key.
        if character == .colon, at > 0, text[at - 1] == 0x22 || text[at - 1] == 0x27 { return true }
        switch character {
        case .comma, .ideographicComma, .rightBracket, .rightBrace, .colon: return plain || opener
        default: return plain
        }
    }

    /// The text with every `.syntax` slip replaced, and the map between positions in it
    /// and positions in `text`; nil when there is none.
    public static func repaired(_ text: UnsafeBufferPointer<UInt8>, _ slips: [PunctuationSlip]) -> (buffer: ByteBuffer, shifts: PositionShifts)? {
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
                shifts.edits.append(PositionShifts.Edit(repairedStart: start, written: written, delta: delta))
            }
            lineDelta.delta += delta
            totalDelta += delta
        }
        out += text[position...]
        return (ByteBuffer(copying: out), shifts)
    }
}

/// Where characters were inserted into a repaired text (a full-width colon followed by a
/// letter becomes `: `): positions in the repaired text mapped back to the text as written.
public struct PositionShifts: Sendable {
    struct Edit: Sendable {
        /// Where the replacement starts in the repaired text.
        var repairedStart: SourcePosition
        /// The scalars it replaced.
        var written: Int
        /// How many more scalars the replacement has.
        var delta: Int
    }

    var edits: [Edit] = []

    /// Whether positions are the same in both texts.
    public var isEmpty: Bool { edits.isEmpty }

    /// A position in the repaired text as a position in the text as written; a position
    /// inside an inserted character moves to the character after it.
    public func original(_ position: SourcePosition) -> SourcePosition {
        guard !edits.isEmpty else { return position }
        var result = position
        for edit in edits {
            let start = edit.repairedStart
            guard start.line < position.line || start.line == position.line && start.column < position.column else { break }
            let end = start.column + edit.written + edit.delta
            if start.line == position.line {
                if position.column >= end {
                    result.column -= edit.delta
                } else {
                    let inside = position.column - start.column
                    result.column -= max(0, inside - edit.written)
                }
            }
            result.offset = max(0, result.offset - edit.delta)
        }
        return result
    }

    /// A range in the repaired text as a range in the text as written.
    public func original(_ range: SourceRange) -> SourceRange {
        SourceRange(start: original(range.start), end: original(range.end))
    }

    /// A position in the text as written as a position in the repaired text (for a
    /// position at or before every insertion on its line, the same).
    public func repaired(_ position: SourcePosition) -> SourcePosition {
        guard !edits.isEmpty else { return position }
        var result = position
        for edit in edits {
            let written = original(edit.repairedStart)
            guard written.line < position.line || written.line == position.line && written.column + edit.written <= position.column else { break }
            if written.line == position.line { result.column += edit.delta }
            result.offset += edit.delta
        }
        return result
    }

    /// A range in the text as written as a range in the repaired text.
    public func repaired(_ range: SourceRange) -> SourceRange {
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

    /// Its name in words, with an article.
    var words: String {
        switch self {
        case .colon: return "a full-width colon"
        case .comma: return "a full-width comma"
        case .ideographicComma: return "an ideographic comma"
        case .ideographicSpace: return "an ideographic (full-width) space"
        case .hyphen: return "a full-width hyphen"
        case .leftBracket: return "a full-width left bracket"
        case .rightBracket: return "a full-width right bracket"
        case .leftBrace: return "a full-width left brace"
        case .rightBrace: return "a full-width right brace"
        case .leftDoubleQuote, .rightDoubleQuote: return "typographic double quotes"
        case .leftSingleQuote, .rightSingleQuote: return "typographic single quotes"
        case .leftCornerBracket, .rightCornerBracket: return "corner brackets"
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
