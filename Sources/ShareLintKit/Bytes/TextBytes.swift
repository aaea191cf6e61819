#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import YAMLSyntax

/// A file's whole text as a `ByteView`: the YAML reader's text, a read buffer, and the
/// byte scans over them (line breaks, the suppression marker, the cuts between pieces,
/// full-width punctuation).
extension YAMLDocumentReader {
    /// Calls `body` with the UTF-8 text the reader parses (UTF-16 input transcoded).
    @inline(__always)
    func withText<R>(_ body: (ByteView) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(ByteView(text)) }
    }
}

extension ByteBuffer {
    /// Calls `body` with the buffer's bytes.
    @inline(__always)
    func withBytes<R>(_ body: (ByteView) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(ByteView(UnsafeBufferPointer(bytes))) }
    }

    /// A new buffer holding a copy of the bytes in `range` (which must lie in `0...count`).
    func copy(_ range: Range<Int>) -> ByteBuffer {
        withBytes { ByteBuffer(copying: $0.bytes(in: range).buffer) }
    }
}

extension Array where Element == UInt8 {
    /// Calls `body` with the array's bytes.
    @inline(__always)
    func withBytes<R>(_ body: (ByteView) throws -> R) rethrows -> R {
        try withUnsafeBufferPointer { try body(ByteView($0)) }
    }
}

extension ByteView {
    /// The bytes copied into an array.
    var array: [UInt8] { Array(buffer) }

    /// Whether `needle` occurs in the bytes. Its byte at `probe` is searched for first
    /// (memchr; pick a byte rare in the text), then the whole needle is compared around
    /// each hit (memcmp; memmem is not portable).
    func contains(_ needle: [UInt8], searchingFirstFor probe: Int) -> Bool {
        precondition(probe >= 0 && probe < needle.count, "the probe is a byte of the needle")
        guard let base = buffer.baseAddress, buffer.count >= needle.count else { return false }
        return needle.withUnsafeBytes { needle in
            var offset = probe
            // In range: a hit at `last` or before leaves the needle's bytes after the probe
            // inside the text.
            let last = buffer.count - needle.count + probe
            while offset <= last, let hit = memchr(base + offset, Int32(needle[probe]), last - offset + 1) {
                let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) - probe
                if memcmp(base + at, needle.baseAddress!, needle.count) == 0 { return true }
                offset = at + probe + 1
            }
            return false
        }
    }

    /// The length of the line break at `i` (0 when none starts there): every break libyaml
    /// counts (LF, CRLF, CR, NEL, U+2028, U+2029).
    @inline(__always)
    func lineBreakLength(at i: Int) -> Int { LineBreaks.length(at: i, in: buffer) }

    /// The byte ranges of the lines, without their breaks.
    var lineRanges: [Range<Int>] { LineBreaks.lineRanges(in: buffer) }

    /// Where the text may be cut into pieces, at or after `from` (`StreamCuts.cut`).
    func streamCut(from: Int, final: Bool) -> Int? { StreamCuts.cut(in: buffer, from: from, final: final) }

    /// Whether the text reads the same in pieces as whole (`StreamCuts.isReadableAsIs`).
    var isReadableAsIs: Bool { StreamCuts.isReadableAsIs(buffer) }

    /// The full-width punctuation where YAML needs ASCII (`PunctuationSlips.find`).
    var punctuationSlips: [PunctuationSlip] { PunctuationSlips.find(in: buffer) }

    /// Whether the text may hold full-width punctuation (`PunctuationSlips.mayHold`).
    var mayHoldPunctuationSlips: Bool { PunctuationSlips.mayHold(buffer) }

    /// The text with `slips` replaced, and the shifts of positions after them.
    func repairing(_ slips: [PunctuationSlip]) -> (buffer: ByteBuffer, shifts: PositionShifts)? {
        PunctuationSlips.repaired(buffer, slips)
    }
}
