/// A point in a source file: 1-based line, 1-based column counted in Unicode
/// scalars (as libyaml counts them), and the 0-based index in Unicode scalars from
/// the start of the (UTF-8) text.
public struct SourcePosition: Sendable, Hashable, Comparable {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, counted in Unicode scalars.
    public var column: Int
    /// The 0-based index in Unicode scalars from the start of the text.
    public var offset: Int

    /// Creates a position.
    public init(line: Int, column: Int, offset: Int = 0) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
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
    public init(at position: SourcePosition) {
        self.init(start: position, end: position)
    }

    /// The start of a file, for problems that belong to no node.
    public static let fileStart = SourceRange(at: SourcePosition(line: 1, column: 1, offset: 0))
}
