/// The byte sinks JSON is written into: a byte array, or a buffer sized in advance.

/// Where JSON bytes go: a byte array, or `JSONByteWriter`'s buffer.
protocol JSONByteSink {
    mutating func put(_ byte: UInt8)
    mutating func put(_ bytes: ByteView)
    /// Takes back the last `count` bytes written.
    mutating func removeLast(_ count: Int)
}

extension JSONByteSink {
    @inline(__always)
    mutating func put(ascii text: StaticString) {
        text.withBytes { put($0) }
    }

    /// An integer in decimal: its digits put down directly when it is not negative (no
    /// `String` made), as `String` writes it otherwise.
    mutating func decimal(_ value: Int) {
        guard value >= 10 else {
            if value >= 0 { return put(UInt8(ascii: "0") + UInt8(value)) }
            let text = String(value)
            return text.withBytes { put($0) }
        }
        // The digits from the last, into the end of twenty-four bytes (Int.max has nineteen).
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { raw in
            var rest = value, start = raw.count
            while rest > 0 {
                start -= 1
                raw[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            put(ByteView(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[start...])))
        }
    }
}

extension Array: JSONByteSink where Element == UInt8 {
    mutating func put(_ byte: UInt8) { append(byte) }
    mutating func put(_ bytes: ByteView) { append(contentsOf: bytes.buffer) }
}

/// Writes bytes into a buffer known to be large enough (sized from the lengths of what is
/// written, `JSONValue.escapedSize`): a byte is a store, not an array append with its
/// uniqueness and capacity tests (a document's part of the report took some 26
/// instructions a byte that way; docs/performance.md, "Rules, header, output"). Every write is still
/// checked against the buffer's end, so a wrong size traps instead of writing past it.
struct JSONByteWriter: JSONByteSink {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    private init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    /// The bytes written so far.
    private var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: buffer[..<count]) }

    /// Calls `body` with a writer into a buffer of `capacity` bytes, then appends what it
    /// wrote to `out`.
    static func write(capacity: Int, appendingTo out: inout [UInt8], _ body: (inout JSONByteWriter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var writer = JSONByteWriter(buffer)
            body(&writer)
            out.append(contentsOf: writer.written)
        }
    }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        precondition(count < buffer.count, "a JSON buffer sized too small")
        buffer[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func put(_ view: ByteView) {
        let bytes = view.buffer
        precondition(bytes.count <= buffer.count - count, "a JSON buffer sized too small")
        guard let source = bytes.baseAddress, let base = buffer.baseAddress else { return }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func removeLast(_ n: Int) {
        precondition(n <= count)
        count -= n
    }

    /// A line break and `2 * level` spaces.
    @inline(__always)
    mutating func newline(level: Int) {
        let spaces = 2 * level
        precondition(spaces + 1 <= buffer.count - count, "a JSON buffer sized too small")
        put(UInt8(ascii: "\n"))
        if spaces > 0, let base = buffer.baseAddress { (base + count).update(repeating: UInt8(ascii: " "), count: spaces) }
        count += spaces
    }
}
