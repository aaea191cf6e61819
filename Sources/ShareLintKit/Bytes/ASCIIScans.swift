/// Scans of a value's bytes that settle a question for ASCII text without Unicode
/// properties or a string (the callers fall back to the string for other text).
extension ByteView {
    /// Whether the bytes hold ASCII white space (tab, LF, VT, FF, CR, space), and whether
    /// they are all ASCII.
    @inline(__always)
    var asciiWhitespace: (space: Bool, ascii: Bool) {
        var high: UInt8 = 0, start = 0
        // Eight bytes at a time while every byte is printable ASCII (0x21–0x7F): then no
        // byte borrows in the subtraction, and no high bit is set. The first word with
        // another byte is scanned byte by byte with the rest.
        if let base = buffer.baseAddress {
            while start + 8 <= buffer.count {
                // In range: the eight bytes end at or before `count`.
                let word = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)
                if ((word &- 0x2121_2121_2121_2121) | word) & 0x8080_8080_8080_8080 != 0 { break }
                start += 8
            }
        }
        for byte in buffer[start...] {
            if byte == 0x20 || byte &- 0x09 < 5 { return (true, true) }
            high |= byte
        }
        return (false, high < 0x80)
    }

    /// Whether the bytes, ASCII letters lowered, start with `prefix` (lowercase ASCII, not
    /// ending in CR); nil when the first bytes, one past the prefix, are not all ASCII
    /// (the caller asks the lowered string then).
    @inline(__always)
    func asciiLowercasedHasPrefix(_ prefix: StaticString) -> Bool? {
        let wanted = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        let checked = Swift.min(buffer.count, wanted.count + 1)
        guard !buffer.prefix(checked).contains(where: { $0 >= 0x80 }) else { return nil }
        guard buffer.count >= wanted.count else { return false }
        // In range: `i` is below `wanted.count`, at most `count`.
        for i in wanted.indices where (buffer[i] &- 0x41 < 26 ? buffer[i] | 0x20 : buffer[i]) != wanted[i] { return false }
        return true
    }
}
