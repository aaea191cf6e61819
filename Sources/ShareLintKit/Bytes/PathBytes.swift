#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import YAMLSyntax

/// Byte equality of two strings, without Unicode canonical equivalence.
enum PathBytes {
    /// Whether the strings' UTF-8 bytes are the same.
    static func equal(_ a: String, _ b: String) -> Bool {
        if a.utf8.count != b.utf8.count { return false }
        return a.withUTF8Bytes { x in
            b.withUTF8Bytes { y in
                guard x.count == y.count, let p = x.baseAddress, let q = y.baseAddress else { return x.count == y.count }
                return memcmp(p, q, x.count) == 0
            }
        }
    }
}

/// The byte reads of path logic (`PathLogic`): prefixes, the last separator or dot, and an
/// ASCII extension lowered.
extension ByteView {
    /// Whether the bytes start with `prefix`'s, compared byte for byte (memcmp).
    @inline(__always)
    func hasPrefix(_ prefix: ByteView) -> Bool {
        guard buffer.count >= prefix.count else { return false }
        // Both non-empty when the prefix is: an empty one is a prefix of anything.
        guard let p = buffer.baseAddress, let q = prefix.buffer.baseAddress else { return prefix.count == 0 }
        return memcmp(p, q, prefix.count) == 0
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
