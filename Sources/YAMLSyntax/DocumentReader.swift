internal import CYAML

/// Reads a YAML stream one document at a time into flat documents of positioned nodes.
///
/// This is the only type that talks to libyaml. It owns a copy of the input, so
/// documents can be modeled and released one at a time while the stream is read.
/// After a syntax error it resumes at the next line that starts with `---`, so one
/// broken document does not hide the ones after it.
package final class YAMLDocumentReader {
    private let buffer: ByteBuffer
    private var bytes: UnsafeMutableBufferPointer<UInt8> { buffer.bytes }
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let limits: YAMLLimits
    private var parserLive = false
    private var finished = false
    private var nextIndex = 0
    /// Line and byte offset of where the current libyaml parser started.
    private var lineBase = 0
    private var byteBase = 0
    /// Unicode scalars before `byteBase`, since libyaml's mark index counts scalars.
    private var scalarBase = 0
    /// The byte offset the parser last resumed from after an error.
    private var lastResume = 0
    /// Problems of a directive that failed before its document started (`%YAML 1.3`):
    /// they go to that document, read after the resume, so it is not counted twice.
    private var pendingProblems: [YAMLProblem] = []
    /// Whether the last failure was on a directive line before any document started.
    private var failedAtDirective = false
    /// The size of the last document read (records and text bytes), to size the next one's
    /// arrays; capped, so one huge document does not make every later one reserve as much.
    /// The first document alone starts from a guess, small and capped, from the text's
    /// length (a record per sixteen bytes, the text at most as long as the input): a small
    /// file's arrays were grown from nothing by doubling. Only the first: a document that
    /// fails ends without a size, and a stream of thousands of failing documents each
    /// reserving the guess took minutes (`DocumentReaderTests.testRecoveryIsLinear`).
    private var lastSize: (records: Int, bytes: Int) = (0, 0)
    private var firstGuess: (records: Int, bytes: Int)?
    /// The last documents read, whose arrays the next ones reuse once the caller has let
    /// them go.
    private var spares = DocumentSpares()
    /// How many documents' arrays a reader keeps for reuse (`DocumentSpares`).
    package static let sparesKept = DocumentSpares.kept
    /// The records and text bytes the kept documents' arrays hold room for (for tests).
    var sparesCapacity: (records: Int, bytes: Int) { spares.capacity }

    /// Creates a reader over UTF-8 (or UTF-16 with a byte order mark) bytes.
    package convenience init<Bytes: Collection>(bytes input: Bytes, limits: YAMLLimits = YAMLLimits()) where Bytes.Element == UInt8 {
        self.init(buffer: ByteBuffer(copying: input), limits: limits)
    }

    /// Creates a reader that parses `buffer` in place (UTF-16 with a byte order mark is
    /// transcoded into a new buffer first), so a large file is held in memory once.
    ///
    /// A piece of a longer stream (a large file read in pieces that end before a `---`
    /// line) starts at `start`, where the previous piece's `endPosition` left off, and
    /// `continues` says more follows: a position at its very end is then the next
    /// piece's first line, not past the end of the file; its documents are numbered
    /// from `firstIndex`.
    package convenience init(buffer input: ByteBuffer, limits: YAMLLimits = YAMLLimits(),
                            start: SourcePosition = SourcePosition(line: 1, column: 1, offset: 0), continues: Bool = false,
                            firstIndex: Int = 0) {
        self.init(buffer: input, limits: limits, start: start, continues: continues, firstIndex: firstIndex, inPlace: true)
    }

    /// As above; `inPlace: false` leaves every character to libyaml's reader (for tests
    /// that compare the two ways, `readInPlace`).
    init(buffer input: ByteBuffer, limits: YAMLLimits, start: SourcePosition, continues: Bool, firstIndex: Int, inPlace: Bool) {
        allowsReadingInPlace = inPlace
        buffer = Transcoding.utf8(from: input)
        parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        self.limits = limits
        self.count = buffer.count
        firstGuess = (min(buffer.count / 16, 1_024), min(buffer.count, 16_384))
        self.continues = continues
        origin = (0, start)
        nextIndex = firstIndex
        lineBase = start.line - 1
        scalarBase = start.offset
        // A mark's line, column and character index grow by at most one per byte.
        let limit = Int(UInt32.max) - 2
        marksFit = start.line < limit - buffer.count && start.offset < limit - buffer.count
        startParser(at: 0, line: start.line - 1, count: buffer.count)
    }

    /// Whether every position in the text fits `SourcePosition`'s 32-bit fields as it is
    /// (all but texts of some 4 GiB), so marks are converted without clamping.
    private let marksFit: Bool

    private let count: Int
    /// The first byte and its position.
    private let origin: (byte: Int, position: SourcePosition)
    /// Whether the stream goes on after this buffer.
    private let continues: Bool
    /// Where libyaml ended the stream, once it did.
    private var streamEnd: SourcePosition?
    /// Whether reading stopped at bytes that are not UTF-8 (the rest of the stream is
    /// not read: libyaml cannot resume inside its reader).
    package private(set) var stoppedAtInvalidText = false
    /// Whether a document was given up (a syntax error, the depth limit) and reading went
    /// on at a later `---` line, or stopped for want of one: bytes in between were left
    /// to libyaml's reader to decode or not.
    package private(set) var skippedText = false

    /// Where the text after this buffer starts (its line and scalar offset), once every
    /// document has been read.
    package var endPosition: SourcePosition {
        streamEnd ?? Transcoding.position(ofByte: count, from: parserStart, in: text)
    }

    deinit {
        if parserLive { deleteParser() }
        parser.deallocate()
    }

    /// The UTF-8 text the reader parses (UTF-16 input is transcoded first).
    package var text: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes.baseAddress, count: count)
    }

    private func startParser(at offset: Int, line: Int, count: Int) {
        if parserLive { deleteParser() }
        parserLive = yaml_parser_initialize(parser) != 0
        guard parserLive, let base = bytes.baseAddress else {
            finished = true
            return
        }
        yaml_parser_set_input_string(parser, base + offset, count - offset)
        // Counted on from the previous start (always a line start), not from byte 0.
        scalarBase = offset >= byteBase ? Transcoding.position(ofByte: offset, from: parserStart, in: text).offset
                                        : Transcoding.position(ofByte: offset, from: origin, in: text).offset
        lineBase = line
        byteBase = offset
        if let characters = readableCharacters {
            readInPlace(base + offset, bytes: count - offset, characters: characters - (scalarBase - origin.position.offset))
        }
    }

    /// The characters of the text when libyaml's reader accepts every one of them
    /// (`StreamCuts.readableCharacters`), else nil.
    private lazy var readableCharacters: Int? = {
        guard allowsReadingInPlace, Self.readsInPlace else { return nil }
        return StreamCuts.readableCharacters(text)
    }()

    private let allowsReadingInPlace: Bool
    /// libyaml's own decoding buffer while the parser reads the text in place: put back
    /// before the parser is deleted, which frees it.
    private var libyamlBuffer: UnsafeMutablePointer<yaml_char_t>?
    /// How many parsers read the text in place (for tests).
    private(set) var parsersReadingInPlace = 0

    /// Hands libyaml's scanner the text itself as its decoded characters, in place of its
    /// reader's copy: the reader decodes and checks each character of the input into a
    /// buffer of its own (about a fifth of a parse's instructions), and a text whose every
    /// character it accepts (`readableCharacters`) is that buffer's content already. The
    /// parser then starts as its reader leaves it at the end of the input: the characters
    /// followed by a NUL (`ByteBuffer.terminate`, which also covers the few bytes the
    /// scanner may look at past it), `unread` counting them and the NUL, `eof` set and
    /// the raw input used up, so the reader never runs (`yaml_parser_update_buffer`
    /// returns at once when `eof` is set and its raw buffer is empty). The scanner reads
    /// the same characters either way, so the events, marks and errors are the same
    /// (`ReadingInPlaceTests`; docs/performance.md, "Parsing", has the reading of
    /// libyaml's source). A text that starts with a byte order mark is left to the reader,
    /// which drops it before the first character.
    private func readInPlace(_ start: UnsafeMutablePointer<UInt8>, bytes: Int, characters: Int) {
        if bytes >= 3, start[0] == 0xEF, start[1] == 0xBB, start[2] == 0xBF { return }
        buffer.terminate()
        libyamlBuffer = parser.pointee.buffer.start
        parser.pointee.buffer.start = start
        parser.pointee.buffer.pointer = start
        parser.pointee.buffer.last = start + bytes + 1
        parser.pointee.buffer.end = start + bytes + ByteBuffer.padding
        parser.pointee.unread = characters + 1
        parser.pointee.encoding = YAML_UTF8_ENCODING
        parser.pointee.eof = 1
        parser.pointee.offset = bytes
        parser.pointee.input.string.current = parser.pointee.input.string.end
        parsersReadingInPlace += 1
    }

    /// Deletes the parser, with libyaml's own buffer put back if the text was read in place.
    private func deleteParser() {
        if let own = libyamlBuffer {
            parser.pointee.buffer.start = own
            parser.pointee.buffer.pointer = own
            parser.pointee.buffer.last = own
            parser.pointee.buffer.end = own
            libyamlBuffer = nil
        }
        yaml_parser_delete(parser)
    }

    /// Whether the linked libyaml reads as the versions whose source was read for
    /// `readInPlace` (0.1.x and 0.2.x): a later one is left to read its own way.
    private static let readsInPlace: Bool = {
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        yaml_get_version(&major, &minor, &patch)
        return major == 0 && minor <= 2
    }()

    /// Where the current parser started: a line start.
    private var parserStart: (byte: Int, position: SourcePosition) {
        (byteBase, SourcePosition(line: lineBase + 1, column: 1, offset: scalarBase))
    }

    /// A libyaml mark as a position in the whole text. Added without overflow checks: the
    /// marks and bases are never negative and their sums are at most the text's length
    /// plus one, far from `Int.max`; past 4 GiB a position is clamped, as `SourcePosition`
    /// keeps it.
    @inline(__always)
    private func position(_ mark: yaml_mark_t) -> SourcePosition {
        let line = UInt(bitPattern: mark.line &+ 1 &+ lineBase), column = UInt(bitPattern: mark.column &+ 1),
            offset = UInt(bitPattern: mark.index &+ scalarBase)
        if marksFit { return SourcePosition(fittingLine: line, column: column, offset: offset) }
        return SourcePosition(clampingLine: line, column: column, offset: offset)
    }

    /// Reads the next document, or returns nil at the end of the stream.
    package func next() -> YAMLDocument? {
        guard var document = nextDocument() else {
            guard !pendingProblems.isEmpty else { return nil }
            defer { pendingProblems = [] }
            return YAMLDocument(index: takeIndex(), nodes: nil, problems: pendingProblems, start: pendingProblems[0].range.start)
        }
        if !pendingProblems.isEmpty {
            document.problems = pendingProblems + document.problems
            pendingProblems = []
        }
        return document
    }

    private func nextDocument() -> YAMLDocument? {
        guard !finished else { return nil }
        var builder: TreeBuilder?
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(parser, &event) != 0 else {
                let document = failure(builder)
                // A directive that failed before its document started: the document
                // follows right after the resume point.
                if failedAtDirective, !finished {
                    nextIndex -= 1
                    pendingProblems += document.problems
                    continue
                }
                return document
            }
            defer { yaml_event_delete(&event) }
            switch event.type {
            case YAML_STREAM_START_EVENT:
                continue
            case YAML_STREAM_END_EVENT:
                finished = true
                streamEnd = position(event.start_mark)
                guard let builder else { return nil }
                return builder.finish(index: takeIndex())
            case YAML_DOCUMENT_START_EVENT:
                builder = TreeBuilder(limits: limits, start: position(event.start_mark), sizeHint: firstGuess ?? lastSize, reusing: spares.take())
                firstGuess = nil
            case YAML_DOCUMENT_END_EVENT:
                guard let builder else { continue }
                lastSize = (min(builder.size.records, 4_096), min(builder.size.bytes, 65_536))
                let document = builder.finish(index: takeIndex())
                if lastSize.records == builder.size.records, lastSize.bytes == builder.size.bytes, let nodes = document.nodes {
                    spares.keep(nodes)
                }
                return document
            case YAML_SCALAR_EVENT:
                let data = event.data.scalar
                let text = UnsafeBufferPointer(start: data.value, count: data.value == nil ? 0 : data.length)
                let range = SourceRange(start: position(event.start_mark), end: position(event.end_mark))
                // Most scalars have neither tag nor anchor: then no optional string is
                // made or released.
                if data.tag == nil && data.anchor == nil {
                    builder?.scalar(text, style: Self.style(data.style), range: range, tag: nil, anchor: nil)
                } else {
                    builder?.scalar(text, style: Self.style(data.style), range: range,
                                    tag: Self.string(data.tag), anchor: Self.string(data.anchor))
                }
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let mapping = event.type == YAML_MAPPING_START_EVENT
                let start = position(event.start_mark)
                let tag = mapping ? event.data.mapping_start.tag : event.data.sequence_start.tag
                let anchor = mapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
                guard builder != nil, tag == nil && anchor == nil
                        ? builder!.startCollection(mapping: mapping, start: start, tag: nil, anchor: nil)
                        : builder!.startCollection(mapping: mapping, start: start, tag: Self.string(tag), anchor: Self.string(anchor)) else {
                    if let builder { return abandon(builder, at: start) }
                    continue
                }
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                builder?.endCollection(end: position(event.end_mark))
            case YAML_ALIAS_EVENT:
                builder?.alias(Self.string(event.data.alias.anchor) ?? "",
                               range: SourceRange(start: position(event.start_mark), end: position(event.end_mark)))
            default:
                continue
            }
        }
    }

    /// Ends a document that went past the depth limit without reading the rest of it
    /// (libyaml's cost per token grows with the flow depth), and resumes at the next
    /// `---` line.
    private func abandon(_ builder: TreeBuilder, at position: SourcePosition) -> YAMLDocument {
        let document = YAMLDocument(index: takeIndex(), nodes: nil, problems: builder.problems, start: builder.documentStart)
        resume(after: position.line)
        return document
    }

    private func resume(after line: Int) {
        skippedText = true
        if let next = Self.nextDocumentLine(in: text, after: line, from: parserStart), next.offset > lastResume {
            lastResume = next.offset
            startParser(at: next.offset, line: next.line, count: count)
        } else {
            finished = true
        }
    }

    private func takeIndex() -> Int {
        defer { nextIndex += 1 }
        return nextIndex
    }

    /// Turns libyaml's error into a problem, ends the current document, and resumes
    /// at the next `---` line after the error.
    private func failure(_ builder: TreeBuilder?) -> YAMLDocument {
        let p = parser.pointee
        let problemMark = clampedToText(position(p.problem_mark))
        let contextMark = clampedToText(position(p.context_mark))
        let error = LibyamlError(problem: p.problem.map { String(cString: $0) }, context: p.context.map { String(cString: $0) },
                                 problemAt: problemMark, contextAt: contextMark, problemOffset: Int(p.problem_offset) + byteBase,
                                 isReaderError: p.error == YAML_READER_ERROR)
        let report = Self.describe(error, text: text, from: parserStart, documentStart: builder?.documentStart, continues: continues)
        let at = clampedToText(report.position)
        failedAtDirective = builder == nil && at.line > lineBase
            && Transcoding.byte(at: SourcePosition(line: at.line, column: 1), from: parserStart, in: text) == UInt8(ascii: "%")
        let start = builder?.documentStart ?? at
        let document = YAMLDocument(index: takeIndex(), nodes: nil,
                                    problems: (builder?.problems ?? []) + [YAMLProblem(.syntax, report.message, at: SourceRange(at: at), suggestion: report.suggestion)],
                                    start: start)
        // Resume at the first `---` line after the document start and before the problem's
        // context (an unclosed quote runs into the next document), never at or before
        // the last place resumed from. The problem's own line counts: libyaml often fails
        // right at the next document's `---` (a flow collection left open).
        var searchAfter = problemMark.line - 1
        if error.context != nil, contextMark.line > 0 { searchAfter = min(searchAfter, contextMark.line) }
        searchAfter = max(searchAfter, start.line)
        if p.error == YAML_READER_ERROR {
            finished = true
            stoppedAtInvalidText = true
        } else {
            resume(after: searchAfter)
        }
        return document
    }

    /// The end of the last line's text (before a final line break), computed once; for
    /// a piece that more text follows, the start of the line after it.
    private lazy var lastLineEnd: SourcePosition = {
        var position = origin.position
        var i = origin.byte
        var endsWithBreak = false
        var beforeBreak = position
        while i < count {
            let length = LineBreaks.length(at: i, in: text)
            if length > 0 {
                beforeBreak = position
                position = SourcePosition(line: position.line + 1, column: 1, offset: position.offset + (length == 2 && text[i] == 0x0D ? 2 : 1))
                i += length
                endsWithBreak = i == count
                continue
            }
            if text[i] & 0xC0 != 0x80 { position.column += 1; position.offset += 1 }
            i += 1
        }
        return endsWithBreak && !continues ? beforeBreak : position
    }()

    /// A position past the end of the text (libyaml's end-of-stream mark sits on the
    /// line after a final line break) moved back to the end of the last line, so no
    /// diagnostic points past the end of the file.
    private func clampedToText(_ position: SourcePosition) -> SourcePosition {
        let end = lastLineEnd
        if position.line > end.line || position.line == end.line && position.column > end.column { return end }
        return position
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// libyaml's plain (1) to folded (5) styles are `ScalarStyle`'s cases in order; any
    /// other value (0, "any") reads as plain. (A switch compared the value with each case.)
    @inline(__always)
    private static func style(_ style: yaml_scalar_style_t) -> ScalarStyle {
        let raw = UInt32(truncatingIfNeeded: style.rawValue) &- UInt32(truncatingIfNeeded: YAML_PLAIN_SCALAR_STYLE.rawValue)
        return raw <= 4 ? ScalarStyle(rawValue: UInt8(truncatingIfNeeded: raw)) ?? .plain : .plain
    }
}
