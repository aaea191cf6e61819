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

    /// The position (line, column and scalar index) of a byte offset in UTF-8 text.
    static func position(ofByte offset: Int, in text: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        var line = 1, column = 1, scalars = 0
        var i = 0
        let end = min(offset, text.count)
        while i < end {
            let byte = text[i]
            if byte & 0xC0 != 0x80 {
                scalars += 1
                if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
            }
            i += 1
        }
        return SourcePosition(line: line, column: column, offset: scalars)
    }

    /// The text of a 1-based line before a 1-based column (invalid UTF-8 replaced).
    static func linePrefix(before position: SourcePosition, in text: UnsafeBufferPointer<UInt8>) -> String {
        var line = 1, i = 0
        while i < text.count, line < position.line {
            if text[i] == 0x0A { line += 1 }
            i += 1
        }
        var end = i
        while end < text.count, text[end] != 0x0A { end += 1 }
        let whole = String(decoding: UnsafeBufferPointer(rebasing: text[i..<end]), as: UTF8.self)
        return String(String.UnicodeScalarView(whole.unicodeScalars.prefix(max(0, position.column - 1))))
    }

    /// The first byte of the character at a line and column, if there is one.
    static func byte(at position: SourcePosition, in text: UnsafeBufferPointer<UInt8>) -> UInt8? {
        var line = 1, column = 1
        for byte in text {
            if byte & 0xC0 == 0x80 { continue }
            if line == position.line && column == position.column { return byte }
            if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
            if line > position.line { return nil }
        }
        return nil
    }
}

/// Bytes the reader owns: allocated once and parsed in place.
public final class ByteBuffer: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// The number of bytes in use.
    public private(set) var count: Int

    /// The bytes in use.
    public var bytes: UnsafeMutableBufferPointer<UInt8> {
        UnsafeMutableBufferPointer(rebasing: storage[0..<count])
    }

    /// Allocates `count` zeroed bytes for the caller to fill.
    public init(count: Int) {
        storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(count, 1))
        storage.initialize(repeating: 0)
        self.count = count
    }

    /// Copies bytes.
    public convenience init<Bytes: Collection>(copying source: Bytes) where Bytes.Element == UInt8 {
        self.init(count: source.count)
        _ = bytes.initialize(from: source)
    }

    /// Keeps only the first `n` bytes (after a short read).
    public func truncate(to n: Int) {
        count = min(max(n, 0), count)
    }

    deinit {
        storage.deallocate()
    }
}
