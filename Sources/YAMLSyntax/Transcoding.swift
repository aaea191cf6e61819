/// Byte-level helpers: UTF-16 input and byte offsets to positions.
enum Transcoding {
    /// Returns UTF-8 for UTF-16 input with a byte order mark; other input unchanged
    /// (libyaml reports its encoding problems itself). Invalid UTF-16 is left as it is,
    /// so libyaml reports it with a position.
    static func utf8(from buffer: ByteBuffer) -> ByteBuffer {
        let b = buffer.bytes
        guard b.count >= 2, (b[0] == 0xFE && b[1] == 0xFF) || (b[0] == 0xFF && b[1] == 0xFE) else { return buffer }
        let converted = utf8(from: Array(b))
        return converted.count == b.count && converted.elementsEqual(b) ? buffer : ByteBuffer(copying: converted)
    }

    static func utf8(from bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 2 else { return bytes }
        let bigEndian: Bool
        if bytes[0] == 0xFE && bytes[1] == 0xFF { bigEndian = true }
        else if bytes[0] == 0xFF && bytes[1] == 0xFE { bigEndian = false }
        else { return bytes }
        guard bytes.count % 2 == 0 else { return bytes }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2 - 1)
        var i = 2
        while i + 1 < bytes.count {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(bigEndian ? (a << 8 | b) : (b << 8 | a))
            i += 2
        }
        var out: [UInt8] = []
        out.reserveCapacity(units.count * 2)
        var iterator = units.makeIterator()
        var decoder = UTF16()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): out.append(contentsOf: Array(String(scalar).utf8))
            case .emptyInput: break loop
            case .error: return bytes
            }
        }
        return out
    }

    /// The position (line, column and scalar index) of a byte offset in UTF-8 text,
    /// counting line breaks as libyaml does.
    static func position(ofByte offset: Int, in text: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        position(ofByte: offset, from: (byte: 0, position: SourcePosition(line: 1, column: 1, offset: 0)), in: text)
    }

    /// The position of a byte offset, scanning forward from a known position at or
    /// before it (so a reader that resumes does not rescan from byte 0).
    static func position(ofByte offset: Int, from known: (byte: Int, position: SourcePosition),
                         in text: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        var line = known.position.line, column = known.position.column, scalars = known.position.offset
        var i = known.byte
        let end = min(offset, text.count)
        while i < end {
            let breakLength = LineBreaks.length(at: i, in: text)
            if breakLength > 0 {
                // A break counts one scalar per scalar it holds (CRLF is two).
                scalars += breakLength == 2 && text[i] == 0x0D ? 2 : 1
                line += 1
                column = 1
                i += breakLength
                continue
            }
            if text[i] & 0xC0 != 0x80 {
                scalars += 1
                column += 1
            }
            i += 1
        }
        return SourcePosition(line: line, column: column, offset: scalars)
    }

    /// The text of a 1-based line before a 1-based column (invalid UTF-8 replaced),
    /// scanning from a known line start at or before it.
    static func linePrefix(before position: SourcePosition, from known: (byte: Int, position: SourcePosition),
                           in text: UnsafeBufferPointer<UInt8>) -> String {
        // Lines end where libyaml ends them (LineBreaks: LF, CRLF, CR, NEL, U+2028, U+2029).
        var line = known.position.line, i = known.byte
        while i < text.count, line < position.line {
            let breakLength = LineBreaks.length(at: i, in: text)
            if breakLength > 0 { line += 1; i += breakLength } else { i += 1 }
        }
        var end = i
        while end < text.count, LineBreaks.length(at: end, in: text) == 0 { end += 1 }
        let whole = String(decoding: UnsafeBufferPointer(rebasing: text[i..<end]), as: UTF8.self)
        return String(String.UnicodeScalarView(whole.unicodeScalars.prefix(max(0, position.column - 1))))
    }

    /// The first byte of the character at a line and column, if there is one, scanning
    /// from a known position at or before it.
    static func byte(at position: SourcePosition, from known: (byte: Int, position: SourcePosition),
                     in text: UnsafeBufferPointer<UInt8>) -> UInt8? {
        var line = known.position.line, column = known.position.column
        var i = known.byte
        while i < text.count {
            if line == position.line && column == position.column { return text[i] }
            let breakLength = LineBreaks.length(at: i, in: text)
            if breakLength > 0 {
                line += 1
                column = 1
                i += breakLength
            } else {
                if text[i] & 0xC0 != 0x80 { column += 1 }
                i += 1
                while i < text.count, text[i] & 0xC0 == 0x80 { i += 1 }
            }
            if line > position.line { return nil }
        }
        return nil
    }
}

/// Line breaks as libyaml counts them: LF, CRLF, CR, NEL (U+0085), LINE SEPARATOR
/// (U+2028) and PARAGRAPH SEPARATOR (U+2029). Every stage that turns bytes into lines
/// (positions, quoted source lines, suppressions, recovery) uses this, so they agree.
package enum LineBreaks {
    /// The length in bytes of the line break starting at byte `i` (CRLF is one break of
    /// two bytes), or 0 when none starts there.
    @inline(__always)
    package static func length(at i: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        let byte = text[i]
        if byte == 0x0A { return 1 }
        if byte == 0x0D { return i + 1 < text.count && text[i + 1] == 0x0A ? 2 : 1 }
        if byte == 0xC2 { return i + 1 < text.count && text[i + 1] == 0x85 ? 2 : 0 }
        if byte == 0xE2 {
            return i + 2 < text.count && text[i + 1] == 0x80 && (text[i + 2] == 0xA8 || text[i + 2] == 0xA9) ? 3 : 0
        }
        return 0
    }

    /// The lines of UTF-8 text as byte ranges without their breaks; a break at the very
    /// end does not start another line.
    package static func lineRanges(in text: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0, i = 0
        while i < text.count {
            let length = length(at: i, in: text)
            if length > 0 {
                ranges.append(start..<i)
                i += length
                start = i
            } else {
                i += 1
            }
        }
        if start < text.count || ranges.isEmpty { ranges.append(start..<text.count) }
        return ranges
    }
}

/// Bytes the reader owns: allocated once and parsed in place.
///
/// Every buffer has `padding` bytes of room past its capacity, which nothing but
/// `terminate()` writes: a parser that reads a few bytes past the end of the text it
/// scans (libyaml's scanner, which looks ahead of its position) finds them there.
package final class ByteBuffer: @unchecked Sendable {
    /// The bytes past the capacity, for `terminate()`.
    package static let padding = 16
    /// The capacity and the padding after it.
    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// The number of bytes in use.
    package private(set) var count: Int

    /// The bytes in use.
    package var bytes: UnsafeMutableBufferPointer<UInt8> {
        UnsafeMutableBufferPointer(rebasing: storage[0..<count])
    }

    /// Allocates `count` zeroed bytes for the caller to fill.
    package convenience init(count: Int) {
        self.init(uninitialized: count)
        storage.initialize(repeating: 0)
    }

    private init(uninitialized count: Int) {
        storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(count, 0) + Self.padding)
        self.count = count
    }

    /// Copies bytes: contiguous ones (an array, a slice of one) at once, others one by one.
    package convenience init<Bytes: Collection>(copying source: Bytes) where Bytes.Element == UInt8 {
        let count = source.count
        self.init(uninitialized: count)
        let copied = source.withContiguousStorageIfAvailable { from in
            guard let start = from.baseAddress, from.count == count else { return false }
            UnsafeMutableRawPointer(storage.baseAddress!).copyMemory(from: start, byteCount: count)
            return true
        }
        if copied != true {
            storage.initialize(repeating: 0)
            _ = bytes.initialize(from: source)
        }
    }

    /// Keeps only the first `n` bytes (after a short read).
    package func truncate(to n: Int) {
        count = min(max(n, 0), count)
    }

    /// An empty buffer with room for `capacity` bytes, filled with `fill`.
    package convenience init(capacity: Int) {
        self.init(uninitialized: capacity)
        count = 0
    }

    /// How many bytes the buffer has room for.
    package var capacity: Int { storage.count - Self.padding }

    /// Writes `padding` zero bytes right after the bytes in use (into the room after them,
    /// or the padding), for a reader that needs the text followed by NUL bytes.
    package func terminate() {
        (storage.baseAddress! + count).initialize(repeating: 0, count: Self.padding)
    }

    /// Lets `write` put bytes into the room after those in use (its start and size), and
    /// counts the bytes it says it wrote (none when it returns a negative number, which is
    /// returned as is: a failed `read`).
    package func fill(_ write: (UnsafeMutableRawPointer, Int) throws -> Int) rethrows -> Int {
        let room = capacity - count
        guard room > 0 else { return 0 }
        let written = try write(UnsafeMutableRawPointer(storage.baseAddress! + count), room)
        if written > 0 { count += min(written, room) }
        return written
    }

    /// Moves the bytes from `offset` on into a new buffer with room for at least
    /// `capacity` bytes, keeping only those before `offset` here.
    package func splitOff(from offset: Int, capacity: Int) -> ByteBuffer {
        let offset = min(max(offset, 0), count), moved = count - offset
        let rest = ByteBuffer(capacity: max(capacity, moved))
        if moved > 0 {
            UnsafeMutableRawPointer(rest.storage.baseAddress!).copyMemory(from: storage.baseAddress! + offset, byteCount: moved)
            rest.count = moved
        }
        count = offset
        return rest
    }

    deinit {
        storage.deallocate()
    }
}
