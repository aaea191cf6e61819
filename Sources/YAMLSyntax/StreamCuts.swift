/// Where a long YAML stream can be cut into pieces that read exactly as the whole does.
///
/// A large file is read in pieces of about a megabyte (the memory a file costs stays
/// bounded per document), each parsed by its own `YAMLDocumentReader` that starts where
/// the previous piece ended. A piece ends right before a line that starts with `---`:
/// libyaml always stops there (a document start, the end of a block or plain scalar, or
/// the error of an unclosed quote or flow collection, reported at that same position as
/// the end of a piece), and recovery after a syntax error resumes at such a line too.
/// Two more conditions keep the pieces identical to the whole: the document before the
/// cut starts with its own `---` line after the search began (nothing before it is
/// unknown), and none of its lines starts with `%` (a directive belongs to the document
/// after it, and a failed one carries its problem over to that document).
public enum StreamCuts {
    /// The byte offset of the first safe cut at or after `from`, or nil when there is
    /// none in `text` yet. Unless `final`, a candidate needs a few bytes after it, so a
    /// line break split by a read is never mistaken for a line start.
    public static func cut(in text: UnsafeBufferPointer<UInt8>, from: Int, final: Bool) -> Int? {
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
