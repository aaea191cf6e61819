/// A point in a source file: 1-based line, 1-based column counted in Unicode
/// scalars (as libyaml counts them), and the 0-based index in Unicode scalars from
/// the start of the (UTF-8) text.
public struct SourcePosition: Sendable, Hashable, Comparable {
    // Stored in 32 bits each: positions are copied with every located value and
    // diagnostic, and 12 bytes instead of 24 halve what each copy moves
    // (docs/performance.md, "The document"). A value past 4,294,967,295 (a text of more than 4 GiB of
    // scalars) is kept as that maximum: positions there are wrong, but nothing traps.
    private var storedLine: UInt32
    private var storedColumn: UInt32
    private var storedOffset: UInt32

    /// The 1-based line number.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(clamping: newValue) }
    }
    /// The 1-based column, counted in Unicode scalars.
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(clamping: newValue) }
    }
    /// The 0-based index in Unicode scalars from the start of the text.
    public var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = UInt32(clamping: newValue) }
    }

    /// Creates a position.
    public init(line: Int, column: Int, offset: Int = 0) {
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
        storedOffset = UInt32(clamping: offset)
    }

    /// Creates a position from unsigned values, each kept as at most 4,294,967,295 (the
    /// reader's conversion of libyaml's marks: no sign to test, one comparison each).
    @inline(__always)
    init(clampingLine line: UInt, column: UInt, offset: UInt) {
        storedLine = UInt32(truncatingIfNeeded: Swift.min(line, UInt(UInt32.max)))
        storedColumn = UInt32(truncatingIfNeeded: Swift.min(column, UInt(UInt32.max)))
        storedOffset = UInt32(truncatingIfNeeded: Swift.min(offset, UInt(UInt32.max)))
    }

    /// Creates a position from values the caller knows fit 32 bits (the reader, for a
    /// text shorter than 4 GiB from its start position).
    @inline(__always)
    init(fittingLine line: UInt, column: UInt, offset: UInt) {
        storedLine = UInt32(truncatingIfNeeded: line)
        storedColumn = UInt32(truncatingIfNeeded: column)
        storedOffset = UInt32(truncatingIfNeeded: offset)
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
    }
}

/// A half-open range of source text: `end` is the position just after the last character.
public struct SourceRange: Sendable, Hashable {
    /// The first character of the range.
    public var start: SourcePosition
    /// The position just after the last character of the range.
    public var end: SourcePosition

    /// Creates a range.
    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }

    /// A range that covers only the given position.
    package init(at position: SourcePosition) {
        self.init(start: position, end: position)
    }

    /// The start of a file, for problems that belong to no node.
    package static let fileStart = SourceRange(at: SourcePosition(line: 1, column: 1, offset: 0))
}

extension String {
    /// Calls `body` with the string's UTF-8 bytes read in place. Unlike `withUTF8` it needs
    /// no mutable copy of the string, whose storage a copy retains and releases (an atomic
    /// operation each, on every call); a string whose bytes are not contiguous (one bridged
    /// from Objective-C on macOS) is copied first, as `withUTF8` would.
    @inlinable @inline(__always)
    package func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
