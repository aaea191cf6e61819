import YAMLSyntax

/// The report of one file while its documents are read.
struct FileRun {
    var report: FileReport
    /// Diagnostics dropped past the per-file cap so far.
    var dropped = 0
    /// The diagnostic of the document cap, kept aside so the diagnostics cap never drops it.
    var documentLimit: [Diagnostic] = []
    /// Whether reading ended before the end of the file (the document cap, or bytes that
    /// are not UTF-8, after which libyaml cannot go on).
    var stopped = false

    init(path: String) {
        report = FileReport(path: path)
    }
}

extension Linter {
    /// Lints a large regular file read in pieces of about `LintOptions.pieceSize` bytes
    /// that end before a `---` line (`StreamCuts`), each parsed from where the previous
    /// one ended, so a file's memory stays bounded by its largest document instead of
    /// its size. The report is the one reading it whole gives (a test compares them).
    /// Nil when the file must be read whole: it starts with a byte order mark (UTF-16 is
    /// transcoded whole), it holds suppression comments (they apply across the file) or
    /// full-width punctuation where YAML may need ASCII (`PunctuationSlips`), or
    /// bytes libyaml's reader rejects (it decodes up to 16 KiB ahead, so where they stop
    /// the parse depends on where the parser started).
    ///
    /// Those bytes are found without a pass of their own where libyaml reads every byte of
    /// a piece anyway: its reader error ends the pieces. Only where bytes may go unread,
    /// after a document given up (resumed at a later `---` line) and after the document
    /// cap, are they looked for (`StreamCuts.isReadableAsIs`): in that piece, and after
    /// the cap in the rest of the file, which the whole file's parser may have decoded
    /// ahead into before it reached the cap.
    func lintInPieces(_ file: ReadableFile, displayPath: String, directory: String,
                      files: any FileAccess) throws -> FileReport? {
        let files = FileInspector.wrapping(files)
        var run = FileRun(path: displayPath)
        // What the file's documents ask again and again (paths, types), kept across its pieces.
        let fileMemo = FileMemo(files: files, directory: directory)
        var pieces = PieceReader(file, target: options.pieceSize)
        var start = SourcePosition(line: 1, column: 1, offset: 0)
        var sourceLines: [Int: String] = [:]
        // Lines wanted past the end of a piece (an error at the next piece's `---` line).
        var carried: Set<Int> = [1]
        var first = true
        while !run.stopped, let piece = try pieces.next() {
            if first, piece.withBytes(Self.startsWithByteOrderMark) { return nil }
            if piece.withBytes({ Suppressions.mentioned(in: $0) || $0.mayHoldPunctuationSlips }) { return nil }
            let reader = YAMLDocumentReader(buffer: piece, limits: options.yamlLimits, start: start,
                                            continues: !pieces.atEnd, firstIndex: run.report.documents.count)
            // The lines this piece's diagnostics point at (and line 1, for the empty-file
            // diagnostic), read while the piece is at hand.
            var wanted = carried
            read(reader, into: &run, fileMemo: fileMemo) { _, found in
                for diagnostic in found { wanted.insert(diagnostic.range.start.line) }
            }
            if reader.stoppedAtInvalidText { return nil }
            if reader.skippedText || run.stopped, !piece.withBytes(\.isReadableAsIs) { return nil }
            // Past the cap nothing is parsed, but reading the file whole still looks at the
            // rest: its parser may have decoded ahead into it, and its suppression comments
            // apply to the whole file (an unused one is reported, a file-wide one hides
            // diagnostics before the cap).
            if run.stopped, try !pieces.consumeRest(allSatisfying: { $0.isReadableAsIs && !Suppressions.mentioned(in: $0) }) {
                return nil
            }
            let end = reader.endPosition
            if first, !pieces.atEnd, end.offset > 0 {
                // The first piece shows how dense the file's documents are: room for their
                // reports at once (up to the cap), not a dozen copies to a larger array with
                // fresh pages each time (about 2,000 page faults on the benchmark's stream).
                let count = run.report.documents.count
                let expected = count * (file.size / end.offset) + count + count / 8
                run.report.documents.reserveCapacity(min(expected, options.maxDocumentsPerFile))
            }
            carried = pieces.atEnd ? [] : wanted.filter { $0 >= end.line }
            let lines = piece.withBytes { Self.lines(wanted.subtracting(carried), in: $0, firstLine: start.line) }
            sourceLines.merge(lines) { kept, _ in kept }
            if run.dropped > 0 {
                // The cap dropped diagnostics: keep only the lines the others point at.
                let kept = Set((run.report.diagnostics + run.documentLimit).map(\.range.start.line)).union([1])
                sourceLines = sourceLines.filter { kept.contains($0.key) }
            }
            start = end
            first = false
        }
        return finish(run) { wanted in sourceLines.filter { wanted.contains($0.key) } }
    }

    private static func startsWithByteOrderMark(_ text: ByteView) -> Bool {
        text.starts(with: [0xEF, 0xBB, 0xBF]) || text.starts(with: [0xFE, 0xFF]) || text.starts(with: [0xFF, 0xFE])
    }
}

/// Reads an open file in pieces that end where `StreamCuts` allows, reading at most the
/// size the file had when it was opened (as reading it whole does). The file is read
/// straight into the buffer a piece is parsed from; only the bytes read past a cut are
/// copied, into the next piece's buffer. After a document longer than a piece, what was
/// read past it can be long too: its pieces are copied out of it one by one, so no byte is
/// copied more than twice.
struct PieceReader {
    private let file: ReadableFile
    private let target: Int
    private var remaining: Int
    /// The bytes read and not yet handed out, `pending.bytes[start...]`: in the buffer of
    /// the next piece (`start` 0), or in a long document's buffer while what was read past
    /// it is handed out.
    private var pending: ByteBuffer
    private var start = 0

    init(_ file: ReadableFile, target: Int) {
        self.file = file
        self.remaining = file.size
        self.target = max(target, 1)
        pending = ByteBuffer(capacity: min(file.size, Self.room(for: self.target)))
    }

    /// Room for a piece and what is read past it before a cut is found.
    private static func room(for target: Int) -> Int { target + target / 4 + (1 << 16) }

    /// The bytes held and not handed out yet.
    private var held: Int { pending.count - start }

    /// Whether every byte has been handed out.
    var atEnd: Bool { remaining == 0 && held == 0 }

    /// The next piece, or nil at the end of the file.
    mutating func next() throws -> ByteBuffer? {
        while true {
            let final = remaining == 0
            if final || held > target {
                if let cut = pending.withBytes({ $0.bytes(from: start).streamCut(from: target, final: final) }) {
                    let rest = held - cut, room = Self.room(for: target)
                    if start == 0, rest <= room {
                        let piece = pending
                        pending = piece.splitOff(from: cut, capacity: min(remaining + rest, room))
                        return piece
                    }
                    // A long rest: the piece is copied out of it, and the rest stays put
                    // until it fits a piece's buffer.
                    let piece = pending.copy(start..<start + cut)
                    start += cut
                    if held <= room { compact(capacity: min(remaining + held, room)) }
                    return piece
                }
                if final {
                    guard held > 0 else { return nil }
                    defer { pending = ByteBuffer(capacity: 0); start = 0 }
                    return start == 0 ? pending : pending.copy(start..<pending.count)
                }
            }
            // Up to the target, then 64 KiB past it; without a cut yet, as much again as is
            // past the target: a document larger than a piece is scanned a bounded number of
            // times (the reads grow geometrically).
            let past = held - target
            try readMore(min(remaining, past < 0 ? -past + (1 << 16) : max(past, 1 << 16)))
        }
    }

    /// Reads the pieces not handed out yet, one at a time, and drops them; whether each
    /// satisfies `test` (reading stops at the first that does not).
    mutating func consumeRest(allSatisfying test: (ByteView) -> Bool) throws -> Bool {
        while let piece = try next() {
            if !piece.withBytes(test) { return false }
        }
        return true
    }

    /// Moves the bytes held to the start of a new buffer with room for `capacity` bytes.
    private mutating func compact(capacity: Int) {
        pending = pending.splitOff(from: start, capacity: capacity)
        start = 0
    }

    private mutating func readMore(_ count: Int) throws {
        if pending.capacity - pending.count < count {
            // A document larger than the room: the bytes move to a larger buffer (never
            // larger than what the file can still give).
            compact(capacity: min(max(held + count, 2 * pending.capacity), held + remaining))
        }
        let total = try file.readNext(count, into: pending)
        // A file that shrank while it was read ends here.
        remaining = total < count ? 0 : remaining - total
    }
}
