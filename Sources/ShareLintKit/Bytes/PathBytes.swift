import YAMLSyntax

/// Byte equality of two strings, without Unicode canonical equivalence.
enum PathBytes {
    /// Whether the strings' UTF-8 bytes are the same.
    static func equal(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.withBytes { x in b.withBytes { y in x == y } }
    }
}

/// The byte reads of path logic (`PathLogic`): prefixes, the last separator or dot, and an
/// ASCII extension lowered.
extension ByteView {
    /// Whether the bytes start with `prefix`'s, compared byte for byte.
    @inline(__always)
    func hasPrefix(_ prefix: ByteView) -> Bool {
        buffer.count >= prefix.count && bytes(in: 0..<prefix.count) == prefix
    }

    /// The position of the last `byte`, if any (read without a check per byte).
    @inline(__always)
    func lastIndex(of byte: UInt8) -> Int? { buffer.lastIndex(of: byte) }

    /// The bytes as a string, ASCII capital letters lowered byte by byte (other bytes kept).
    var asciiLowercasedString: String {
        String(unsafeUninitializedCapacity: buffer.count) { lowered in
            for (i, byte) in zip(lowered.indices, buffer) { lowered[i] = byte &- 0x41 < 26 ? byte | 0x20 : byte }
            return buffer.count
        }
    }
}
