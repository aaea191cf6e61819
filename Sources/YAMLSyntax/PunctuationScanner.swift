import ShareLintMessages
/// The line-by-line scan behind `PunctuationSlips.find`.
struct SlipScanner {
    let text: UnsafeBufferPointer<UInt8>
    private(set) var slips: [PunctuationSlip] = []

    /// The current line: its first byte, line number, and the scalars before each byte
    /// are counted from `lineStart`'s scalar offset.
    var line = 1
    var lineStart = 0
    var lineEnd = 0
    var lineOffset = 0
    /// The indentation of the mapping a block scalar belongs to, while in one.
    var blockParent: Int?
    /// The open brackets of a flow collection that goes on past its line.
    var flow: [UInt8] = []
    /// Whether the line starting at `.line` writes its ASCII commas without a space after
    /// them (`[a,b]`), found once per line.
    var tightCommas: (line: Int, tight: Bool) = (-1, false)
    /// The quote of a quoted string that goes on past its line.
    var openQuote: UInt8?
    /// The indentations of the document's lines so far (for an ideographic space's width).
    var indents: Set<Int> = [0]
    /// While a plain scalar may go on: the indentation of its key or `-`. libyaml reads
    /// every line indented past it as more of the text, full-width punctuation included.
    var plainIndent: Int?
    /// The indentation of a key or `-` with nothing after it on its line, whose value may
    /// start on the next line.
    var valueBelow: Int?

    init(text: UnsafeBufferPointer<UInt8>) {
        self.text = text
    }

    mutating func run() {
        // libyaml drops a byte order mark before the first character.
        var i = text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF ? 3 : 0
        while i <= text.count {
            var end = i, breakLength = 0
            while end < text.count {
                breakLength = LineBreaks.length(at: end, in: text)
                if breakLength > 0 { break }
                end += 1
            }
            lineStart = i
            lineEnd = end
            scanLine()
            // The line's scalars and its break (CRLF counts two, as libyaml's index does).
            lineOffset += scalars(from: i, to: end) + (breakLength == 2 && text[end] == 0x0D ? 2 : breakLength > 0 ? 1 : 0)
            if breakLength == 0 { break }
            i = end + breakLength
            line += 1
        }
        slips.sort { $0.bytes.lowerBound < $1.bytes.lowerBound }
    }

    // MARK: - Characters of the line

    func scalars(from a: Int, to b: Int) -> Int {
        var n = 0
        for i in a..<b where text[i] & 0xC0 != 0x80 { n += 1 }
        return n
    }

    /// The last position asked for on the line, which the next is counted on from.
    var cursor = (byte: 0, column: 1)

    mutating func position(_ i: Int) -> SourcePosition {
        if i < cursor.byte || cursor.byte < lineStart { cursor = (lineStart, 1) }
        cursor = (i, cursor.column + scalars(from: cursor.byte, to: i))
        return SourcePosition(line: line, column: cursor.column, offset: lineOffset + cursor.column - 1)
    }

    func byte(_ i: Int) -> UInt8? { i < lineEnd ? text[i] : nil }

    func punctuation(_ i: Int) -> Punctuation? { i < lineEnd ? Punctuation(at: i, in: text) : nil }

    /// The byte after the character at `i`.
    func next(_ i: Int) -> Int {
        var j = i + 1
        while j < lineEnd, text[j] & 0xC0 == 0x80 { j += 1 }
        return j
    }

    func isSpace(_ i: Int) -> Bool { byte(i) == 0x20 || byte(i) == 0x09 }

    /// The ASCII comma for a full-width one at `i`, in the list's own style: `, ` unless a
    /// space follows already or the line writes its commas without one (`[a,b]`).
    mutating func commaReplacement(at i: Int) -> String {
        guard !isBlankOrEnd(next(i)) else { return "," }
        if tightCommas.line != lineStart {
            var tight = false
            var j = lineStart
            while j + 1 < lineEnd, !tight {
                tight = text[j] == 0x2C && text[j + 1] != 0x20
                j += 1
            }
            tightCommas = (lineStart, tight)
        }
        return tightCommas.tight ? "," : ", "
    }

    /// Whether the character at `i` goes on a text: it follows a character that is not
    /// ASCII and more of the scalar follows it (`好友，一起`, `自提：https://…`). libyaml reads
    /// it as part of one plain scalar, and the format's keys and names are ASCII, so it is
    /// text, not a slip. (After ASCII, `[airDrop，print]` and `{title：邀请}` are slips.)
    func goesOnText(_ i: Int) -> Bool {
        let after = next(i)
        guard i > lineStart, after < lineEnd, ![0x20, 0x09, 0x2C, 0x5B, 0x5D, 0x7B, 0x7D].contains(text[after]) else { return false }
        var before = i - 1
        while before > lineStart, text[before] & 0xC0 == 0x80 { before -= 1 }
        return text[before] >= 0x80 && punctuation(before) == nil
    }
    func isBlankOrEnd(_ i: Int) -> Bool { i >= lineEnd || isSpace(i) || punctuation(i) == .ideographicSpace }

    mutating func report(_ kind: PunctuationSlip.Kind, _ message: Message, from a: Int, to b: Int, replacement: String) {
        slips.append(PunctuationSlip(kind: kind, text: message, range: SourceRange(start: position(a), end: position(b)),
                                     bytes: a..<b, replacement: replacement))
    }

    mutating func reportSpace(_ i: Int, after what: Message) {
        report(.syntax, Message(.punctSpaceAfter, ["words": Punctuation.ideographicSpace.words, "named": Punctuation.ideographicSpace.named, "what": what]),
               from: i, to: next(i), replacement: " ")
    }

    /// Skips spaces and ideographic spaces (reported, when `after` says what they follow).
    mutating func skipBlanks(_ i: Int, reportingAfter after: @autoclosure () -> Message?) -> Int {
        var i = i
        while i < lineEnd {
            if isSpace(i) { i += 1; continue }
            guard punctuation(i) == .ideographicSpace else { break }
            if let after = after() { reportSpace(i, after: after) }
            i = next(i)
        }
        return i
    }

}
