/// Where each line of a text starts, with lines ending where libyaml ends them (LF,
/// CRLF, CR, NEL, U+2028, U+2029; `LineBreaks`). The one conversion between sharelint's
/// positions (1-based lines, 1-based columns in Unicode scalars) and byte offsets: fixes,
/// SARIF `fixes`, the language server and suppressions all count lines with it, so a
/// position means the same bytes everywhere.
package struct LineTable: Sendable {
    /// The byte offset where each line starts (the first is 0).
    package let lineStarts: [Int]
    /// The byte offset where each line's break starts (the text's end for the last line).
    package let lineEnds: [Int]
    /// The number of bytes in the text.
    package let byteCount: Int

    /// The line table of UTF-8 text.
    package init(_ bytes: [UInt8]) {
        var starts = [0], ends: [Int] = []
        bytes.withUnsafeBufferPointer { text in
            var i = 0
            while i < text.count {
                let length = LineBreaks.length(at: i, in: text)
                if length > 0 {
                    ends.append(i)
                    i += length
                    starts.append(i)
                } else {
                    i += 1
                }
            }
        }
        ends.append(bytes.count)
        lineStarts = starts
        lineEnds = ends
        byteCount = bytes.count
    }

    /// The number of lines (a break at the very end starts an empty last line).
    package var lineCount: Int { lineStarts.count }

    /// The bytes of a 1-based line without its break; nil past the last line.
    package func range(ofLine line: Int) -> Range<Int>? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        return lineStarts[line - 1]..<lineEnds[line - 1]
    }

    /// The bytes of the break that ends a 1-based line (empty for the last line).
    package func breakRange(ofLine line: Int) -> Range<Int>? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        return lineEnds[line - 1]..<(line < lineStarts.count ? lineStarts[line] : byteCount)
    }

    /// The byte offset of a 1-based line and column (columns count Unicode scalars); the
    /// column just past the line's last character is its break. Nil when the position is
    /// not in the text.
    package func byteOffset(line: Int, column: Int, in bytes: [UInt8]) -> Int? {
        guard let range = range(ofLine: line), column >= 1 else { return nil }
        var offset = range.lowerBound, current = 1
        while current < column {
            guard offset < range.upperBound else { return nil }
            offset += 1
            while offset < range.upperBound, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            current += 1
        }
        return offset
    }

    /// The byte offset of a position (see `byteOffset(line:column:in:)`).
    package func byteOffset(_ position: SourcePosition, in bytes: [UInt8]) -> Int? {
        byteOffset(line: position.line, column: position.column, in: bytes)
    }

    /// The 1-based line that holds a byte offset (a break belongs to the line it ends).
    package func line(containing offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }

    /// The text's own line break: the bytes of the first break, or LF when it has none.
    package func firstBreak(in bytes: [UInt8]) -> [UInt8] {
        guard lineStarts.count > 1, let range = breakRange(ofLine: 1) else { return [0x0A] }
        return Array(bytes[range])
    }
}
