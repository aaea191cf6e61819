/// Where a long YAML stream can be cut into pieces that read exactly as the whole does.
///
/// A large file is read in pieces of about a megabyte (the memory a file costs stays
/// bounded per document), each parsed by its own `YAMLDocumentReader` that starts where
/// the previous piece ended. A piece ends right before a line that starts with `---`:
/// libyaml always stops there (a document start, the end of a block or plain scalar, or
/// the error of an unclosed quote or flow collection, reported at that same position as
/// the end of a piece), and recovery after a syntax error resumes at such a line too.
/// Three more conditions keep the pieces identical to the whole: the text is all
/// characters libyaml's reader accepts (`isReadableAsIs`), the document before the
/// cut starts with its own `---` line after the search began (nothing before it is
/// unknown), and none of its lines starts with `%` (a directive belongs to the document
/// after it, and a failed one carries its problem over to that document).
package enum StreamCuts {
    /// The byte offset of the first safe cut at or after `from`, or nil when there is
    /// none in `text` yet. Unless `final`, a candidate needs a few bytes after it, so a
    /// line break split by a read is never mistaken for a line start.
    package static func cut(in text: UnsafeBufferPointer<UInt8>, from: Int, final: Bool) -> Int? {
        let n = text.count
        var i = max(from, 0)
        while i < n, !isLineStart(i, in: text) { i += 1 }
        var sawDocumentStart = false
        var directiveSinceStart = false
        while i < n {
            // A candidate needs its fourth byte and a complete break after `---`.
            guard final || i + 6 <= n else { return nil }
            if i + 3 <= n, text[i] == 0x2D, text[i + 1] == 0x2D, text[i + 2] == 0x2D,
               i + 3 == n || text[i + 3] == 0x20 || text[i + 3] == 0x09 || LineBreaks.length(at: i + 3, in: text) > 0 {
                if sawDocumentStart && !directiveSinceStart && i > 0 { return i }
                sawDocumentStart = true
                directiveSinceStart = false
            } else if text[i] == UInt8(ascii: "%") {
                directiveSinceStart = true
            }
            // On to the next line.
            while i < n {
                let length = LineBreaks.length(at: i, in: text)
                if length > 0 { i += length; break }
                i += 1
            }
        }
        return nil
    }

    /// Whether libyaml's reader accepts every character of `text`: valid UTF-8 whose
    /// characters are all in YAML's printable set (tab, LF, CR, U+0020-U+007E, NEL,
    /// U+00A0-U+D7FF, U+E000-U+FFFD, U+10000-U+10FFFF), as `yaml_parser_update_buffer`
    /// checks. libyaml decodes up to 16 KiB ahead of the token it reads, so where a bad
    /// byte stops the parse depends on where the parser started: a text with one is read
    /// whole, never in pieces.
    package static func isReadableAsIs(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        readableCharacters(text) != nil
    }

    /// How many characters `text` has when libyaml's reader accepts every one of them
    /// (`isReadableAsIs`), nil when it does not: the number of characters libyaml's reader
    /// would decode from it, one per line feed, carriage return or other scalar.
    package static func readableCharacters(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = text.count
        guard let base = text.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var i = 0
        // Multi-byte characters counted apart: every byte before `i` is a character but
        // for these continuation bytes.
        var continuations = 0
        while i < n {
            // Eight bytes at once while they are all printable ASCII or line feeds (no high
            // bit, nothing else below 0x20, no 0x7F): most of a share file. Each test is
            // exact per byte (no borrow or carry crosses a byte), so one byte's answer never
            // hides another's.
            while i + 8 <= n {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let high: UInt64 = 0x8080_8080_8080_8080, low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
                let nonASCII = word & high
                // With the high bit clear, byte + 0x60 sets it exactly when byte >= 0x20
                // (in a byte with the high bit set the answer is not used).
                let below20 = ~((word & low7) &+ 0x6060_6060_6060_6060) & high
                // A zero byte of word ^ pattern, found without crossing bytes.
                func zeros(_ x: UInt64) -> UInt64 { ~(((x & low7) &+ low7) | x) & high }
                let lineFeed = zeros(word ^ 0x0A0A_0A0A_0A0A_0A0A)
                let del = zeros(word ^ 0x7F7F_7F7F_7F7F_7F7F)
                let bad = below20 & ~lineFeed | del
                guard nonASCII == 0 else {
                    // The ASCII bytes before the first other one (the lowest bytes: the word
                    // was loaded little-endian) are passed at once when they are all good.
                    let ascii = nonASCII.littleEndian.trailingZeroBitCount / 8
                    let before: UInt64 = (1 << UInt64(ascii * 8)) &- 1
                    if bad.littleEndian & before == 0 { i += ascii }
                    break
                }
                guard bad == 0 else { break }
                i += 8
            }
            guard i < n else { break }
            let byte = text[i]
            if byte < 0x80 {
                guard byte >= 0x20 && byte != 0x7F || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return nil }
                i += 1
                continue
            }
            // A three-byte character led by E1 to EC (U+1000 to U+CFFF: most CJK text) is
            // printable whenever its two continuation bytes are well formed.
            if byte &- 0xE1 < 0x0C, i + 2 < n, text[i + 1] & 0xC0 == 0x80, text[i + 2] & 0xC0 == 0x80 {
                i += 3
                continuations += 2
                // A run of them (a CJK sentence) stays here.
                while i + 2 < n, text[i] &- 0xE1 < 0x0C, text[i + 1] & 0xC0 == 0x80, text[i + 2] & 0xC0 == 0x80 {
                    i += 3
                    continuations += 2
                }
                continue
            }
            let length: Int, initial: UInt32
            switch byte {
            case 0xC2...0xDF: length = 2; initial = UInt32(byte & 0x1F)
            case 0xE0...0xEF: length = 3; initial = UInt32(byte & 0x0F)
            case 0xF0...0xF4: length = 4; initial = UInt32(byte & 0x07)
            default: return nil
            }
            guard i + length <= n else { return nil }
            var value = initial
            for k in 1..<length {
                let next = text[i + k]
                guard next & 0xC0 == 0x80 else { return nil }
                value = value << 6 | UInt32(next & 0x3F)
            }
            // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
            let shortest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
            guard value >= shortest, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
            guard value == 0x85 || (0xA0...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || value >= 0x10000 else {
                return nil
            }
            i += length
            continuations += length - 1
        }
        return n - continuations
    }

    /// Whether a line starts at `i`: right after a line break, not inside one (the LF
    /// of a CRLF, the continuation bytes of NEL, U+2028 or U+2029).
    static func isLineStart(_ i: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        if i == 0 { return true }
        var ends = false
        for length in 1...3 where i - length >= 0 {
            let found = LineBreaks.length(at: i - length, in: text)
            if found == length { ends = true }
            if found > length { return false }
        }
        return ends
    }
}
