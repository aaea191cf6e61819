import YAMLSyntax

// The byte layer: the one place where sharelint reads memory through pointers.
//
// What belongs here: the per-document string arena (`LocatedStrings`, `StringsPool`), the
// bytes-keyed table and its hash, and the byte loops of the hot paths (ASCII and white
// space scans, eight bytes at a time; key equality; path prefixes and extensions;
// lowercased prefix matches; URL scanning and host simplification; escaping for JSON and
// terminals); and the loader's storage that counts no references (`PlainValueBuffer`,
// `UncountedReference`).
//
// The rule: safe signatures out, pointers in. A function here takes and returns values,
// strings and `ByteView`s, never an `Unsafe*` type, and a caller outside this folder
// needs no `withUnsafe...` and no `Unmanaged`. A byte read through `ByteView` is bounds
// checked; the loops here that read without a check say why the index is in range.

/// A read-only run of UTF-8 bytes, lent to a closure (`String.withBytes`,
/// `LocatedString.withBytes`) and valid only during it. Indexes run from 0 to `count`;
/// reading outside them stops the program, never another value's bytes.
struct ByteView: RandomAccessCollection, Equatable {
    /// The bytes. Read only in this folder (`Bytes/`).
    let buffer: UnsafeBufferPointer<UInt8>

    @inline(__always)
    init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    var startIndex: Int { 0 }
    var endIndex: Int { buffer.count }
    var count: Int { buffer.count }

    /// The byte at `position`, which must be in `0..<count`.
    @inline(__always)
    subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < buffer.count, "a byte was read outside its value")
        return buffer[position]
    }

    /// The bytes in `range` (which must lie in `0...count`), indexed from 0 again.
    @inline(__always)
    func bytes(in range: Range<Int>) -> ByteView {
        precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "a byte range was taken outside its value")
        return ByteView(UnsafeBufferPointer(rebasing: buffer[range]))
    }

    /// The bytes from `start` to the end, indexed from 0 again.
    @inline(__always)
    func bytes(from start: Int) -> ByteView { bytes(in: start..<buffer.count) }

    /// Iterates the bytes without a check per byte: the iterator stops at `count`.
    struct Iterator: IteratorProtocol {
        var rest: UnsafeBufferPointer<UInt8>.Iterator
        @inline(__always)
        init(_ buffer: UnsafeBufferPointer<UInt8>) { rest = buffer.makeIterator() }
        @inline(__always)
        mutating func next() -> UInt8? { rest.next() }
    }

    @inline(__always)
    func makeIterator() -> Iterator { Iterator(buffer) }

    @inline(__always)
    func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try body(buffer)
    }

    /// The bytes as a string (ill-formed UTF-8 repaired, as `String(decoding:as:)` does).
    var string: String { String(decoding: buffer, as: UTF8.self) }

    /// Whether both hold the same bytes.
    @inline(__always)
    static func == (a: ByteView, b: ByteView) -> Bool { KeyTable.equal(a.buffer, b.buffer) }

    /// Whether the bytes are `text`'s UTF-8 (no Unicode canonical equivalence).
    @inline(__always)
    func equals(_ text: String) -> Bool {
        text.utf8.count == buffer.count && text.withBytes { $0 == self }
    }

    /// Whether the bytes are `text`'s.
    @inline(__always)
    func equals(_ text: StaticString) -> Bool {
        text.utf8CodeUnitCount == buffer.count
            && KeyTable.equal(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), buffer)
    }

    /// Whether every byte is ASCII (below 0x80).
    @inline(__always)
    var isASCII: Bool {
        var high: UInt8 = 0
        for byte in buffer { high |= byte }
        return high < 0x80
    }
}

extension String {
    /// Calls `body` with the string's UTF-8 bytes, read in place for a native string (see
    /// `withUTF8Bytes`); the view is valid only during the call.
    @inline(__always)
    func withBytes<R>(_ body: (ByteView) throws -> R) rethrows -> R {
        try withUTF8Bytes { try body(ByteView($0)) }
    }
}

extension StaticString {
    /// Calls `body` with the literal's UTF-8 bytes.
    @inline(__always)
    func withBytes<R>(_ body: (ByteView) throws -> R) rethrows -> R {
        try body(ByteView(UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount)))
    }
}
