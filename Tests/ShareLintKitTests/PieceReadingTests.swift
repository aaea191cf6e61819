import Foundation
import XCTest
@testable import YAMLSyntax
@testable import ShareLintKit

/// A large file is read in pieces that end before a `---` line; its report must
/// be the one reading it whole gives, whatever the piece size and whatever is broken.
final class PieceReadingTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-pieces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Documents and breakage that end up next to a cut: every sample, and streams that go
    /// wrong right before a `---` line.
    static let fragments: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var texts: [String] = []
        for folder in ["samples", "samples/invalid"] {
            let url = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".share.yaml") {
                // Suppressions and full-width punctuation make a file read whole: they are
                // compared elsewhere.
                if let text = try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8),
                   !text.contains("sharelint-disable"), !Array(text.utf8).withUnsafeBufferPointer(PunctuationSlips.mayHold) { texts.append(text) }
            }
        }
        return texts + [
            "schemaVersion: 1\nitems:\n  - text: \"never closed\n",
            "schemaVersion: 1\nitems: [ {text: a},\n",
            "schemaVersion: 1\nitems:\n\t- text: tab\n",
            "schemaVersion: 1\nschemaVersion: 1\nitems:\n  - text: duplicate\n",
            "schemaVersion: 1\nitems:\n  - text: a\n    text: b\n  - url: ftp://example.com\n",
            "schemaVersion: 1\nitems: " + String(repeating: "[", count: 80) + String(repeating: "]", count: 80) + "\n",
            "schemaVersion: 1\nitems:\n  - text: 'single\n\n",
            "key: value: more\n",
            "- just\n- a list\n",
            "# only a comment\n",
            "schemaVersion: 1\r\nitems:\r\n  - text: crlf\r\n",
            "schemaVersion: 1\u{85}items:\u{85}  - text: nel\u{85}",
            "schemaVersion: 1\u{2028}items:\u{2028}  - text: ls\u{2028}",
            "schemaVersion: 1\nitems:\n  - text: |\n      block\n      scalar\n",
            "schemaVersion: 1\nitems:\n  - &a {text: x}\n  - *a\n  - *missing\n",
            "schemaVersion: 1\nitems:\n  - text: plain\n    continued\n",
        ]
    }()

    static let separators = ["---\n", "--- \n", "---\t# c\n", "\n# between\n---\n", "...\n---\n", "---\r\n",
                             "%YAML 1.1\n---\n", "%YAML 1.3\n---\n", "%TAG ! tag:example.com,2000:\n---\n",
                             "---\u{85}", "--- !!map\n", "--- |\n  text\n", "---\n...\n"]

    /// A deterministic mix of fragments and separators (a fixed-seed generator).
    static func stream(seed: UInt64, count: Int) -> String {
        var state = seed
        func next(_ n: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
        var text = ""
        for index in 0..<count {
            if index > 0 || next(2) == 0 { text += separators[next(separators.count)] }
            text += fragments[next(fragments.count)]
        }
        return text
    }

    /// With `expectPieces` nil, reading whole is allowed too (what the file path picks is
    /// compared either way).
    private func compare(_ text: String, pieceSizes: [Int], options base: LintOptions = LintOptions(),
                         expectPieces: Bool? = true, file: StaticString = #filePath, line: UInt = #line) throws {
        try compare(Array(text.utf8), pieceSizes: pieceSizes, options: base, expectPieces: expectPieces, file: file, line: line)
    }

    private func compare(_ bytes: [UInt8], pieceSizes: [Int], options base: LintOptions = LintOptions(),
                         expectPieces: Bool? = true, file: StaticString = #filePath, line: UInt = #line) throws {
        let text = String(decoding: bytes, as: UTF8.self)
        let url = directory.appendingPathComponent("stream.share.yaml")
        try Data(bytes).write(to: url)
        let whole = Linter(options: base).lint(buffer: ByteBuffer(copying: bytes), displayPath: "s",
                                                directory: directory.path, files: InMemoryFileSystem())
        for size in pieceSizes {
            var options = base
            options.pieceSize = size
            let linter = Linter(options: options)
            let fd = open(url.path, O_RDONLY)
            defer { close(fd) }
            let pieces = try linter.lintInPieces(ReadableFile(descriptor: fd, size: bytes.count), displayPath: "s", directory: directory.path, files: InMemoryFileSystem())
            if expectPieces == false { XCTAssertNil(pieces, "read whole", file: file, line: line) }
            if expectPieces == true, pieces == nil { XCTFail("not read in pieces", file: file, line: line) }
            if let pieces {
                XCTAssertEqual(pieces.documents, whole.documents, "documents, piece size \(size)", file: file, line: line)
                XCTAssertEqual(pieces.diagnostics, whole.diagnostics, "diagnostics, piece size \(size)\n\(text)", file: file, line: line)
                XCTAssertEqual(pieces.sourceLines, whole.sourceLines, "source lines, piece size \(size)", file: file, line: line)
            }
            // And through the public entry point, which picks pieces past the piece size.
            let viaFile = try linter.lintFile(at: url.path, displayPath: "s", files: InMemoryFileSystem())
            XCTAssertEqual(viaFile.documents, whole.documents, file: file, line: line)
            XCTAssertEqual(viaFile.diagnostics, whole.diagnostics, file: file, line: line)
            XCTAssertEqual(viaFile.sourceLines, whole.sourceLines, file: file, line: line)
        }
    }

    /// A document longer than a piece's room (the piece size, a quarter more and 64 KiB)
    /// makes the reader move what it holds to a larger buffer: the documents before, in
    /// and after it read as they do in the whole file.
    func testADocumentLargerThanAPiecesRoomReadsAsTheWhole() throws {
        let line = "  - text: " + String(repeating: "長", count: 40) + "\n"
        let big = "---\nschemaVersion: 1\nitems:\n" + String(repeating: line, count: 2_000)
        // Small documents before it (it starts in a later piece's buffer, made by a move)
        // and after it (what is read past its end is larger than a piece's room).
        let small = (0..<2_000).map { "---\nschemaVersion: 1\nitems:\n  - text: note \($0)\n" }.joined()
        let text = "schemaVersion: 1\nitems:\n  - text: first\n" + small + big + small
            + "---\nschemaVersion: 1\nitems:\n  - url: \"not a url\"\n  - text: last\n---\nitems: [\n"
        XCTAssertGreaterThan(big.utf8.count, 70_000 + 70_000 / 4 + 65_536)
        XCTAssertGreaterThan(small.utf8.count, 100 + 100 / 4 + 65_536)
        try compare(text, pieceSizes: [100, 4_000, 70_000])
    }

    func testPiecesReportWhatTheWholeFileReports() throws {
        for seed in 0..<60 {
            try compare(Self.stream(seed: UInt64(seed), count: 4 + seed % 9), pieceSizes: [1, 40, 300])
        }
    }

    /// Inputs the fuzzer found (`Fuzz/seeds/pieces-*`), in pieces of many sizes.
    func testFuzzFindings() throws {
        let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/seeds")
        let names = try FileManager.default.contentsOfDirectory(atPath: seeds.path).filter { $0.hasPrefix("pieces-") }.sorted()
        XCTAssertFalse(names.isEmpty)
        for name in names {
            let bytes = Array(try Data(contentsOf: seeds.appendingPathComponent(name)))
            try compare(bytes, pieceSizes: [1, 16, 40, 137, 300], expectPieces: nil)
        }
    }

    func testCapsCountAcrossPieces() throws {
        var options = LintOptions()
        options.maxDocumentsPerFile = 5
        options.maxDiagnosticsPerFile = 3
        for seed in 100..<110 {
            try compare(Self.stream(seed: UInt64(seed), count: 12), pieceSizes: [1, 200], options: options)
        }
    }

    /// The document cap where the linter reads documents in runs of sixteen
    /// (`Linter.readAheadLimits`): each cap, around and across the runs, keeps exactly the
    /// documents before it and reports the cap once, at the next document's start; a cap
    /// the file does not reach, or a negative one, reads every document.
    func testTheDocumentCapHoldsAcrossReadAheadRuns() throws {
        let count = 40
        let text = (0..<count).map { "---\nschemaVersion: 1\nname: doc\($0)\nitems:\n  - text: note \($0)\n" }.joined()
        for cap in [0, 1, 15, 16, 17, 31, 32, 33, 39, 40, 41, 1_000, -1, Int.min] {
            var options = LintOptions()
            options.maxDocumentsPerFile = cap
            for pieceSize in [nil, 120] as [Int?] {
                if let pieceSize { options.pieceSize = pieceSize }
                let report: FileReport
                if pieceSize == nil {
                    report = Linter(options: options).lint(bytes: Array(text.utf8), displayPath: "s", directory: directory.path, files: InMemoryFileSystem())
                } else {
                    let url = directory.appendingPathComponent("cap.share.yaml")
                    try Data(text.utf8).write(to: url)
                    let fd = open(url.path, O_RDONLY)
                    defer { close(fd) }
                    report = try XCTUnwrap(Linter(options: options).lintInPieces(ReadableFile(descriptor: fd, size: text.utf8.count), displayPath: "s",
                                                                                directory: directory.path, files: InMemoryFileSystem()))
                }
                let kept = cap >= 0 ? min(cap, count) : count
                XCTAssertEqual(report.documents.map(\.index), Array(0..<kept), "cap \(cap), pieces \(String(describing: pieceSize))")
                let limits = report.diagnostics.filter { $0.rule == "resource-limit" }
                if cap >= 0 && cap < count {
                    XCTAssertEqual(limits.map(\.range.start.line), [5 * cap + 1], "cap \(cap): at document \(cap)'s start")
                    XCTAssertEqual(limits.first?.document, cap)
                } else {
                    XCTAssertEqual(limits.count, 0, "cap \(cap)")
                }
            }
        }
    }

    /// The reports get room for the whole file once its first piece is read, estimated
    /// from how many documents that piece held, and never more than the document cap.
    func testReportsGetRoomFromTheFirstPiece() throws {
        let documents = (0..<400).map { "---\nschemaVersion: 1\nitems:\n  - text: note \($0)\n" }.joined()
        let url = directory.appendingPathComponent("dense.share.yaml")
        try Data(documents.utf8).write(to: url)
        for cap in [10_000, 60] {
            var options = LintOptions()
            options.pieceSize = 2_000
            options.maxDocumentsPerFile = cap
            let fd = open(url.path, O_RDONLY)
            defer { close(fd) }
            let report = try XCTUnwrap(Linter(options: options).lintInPieces(ReadableFile(descriptor: fd, size: documents.utf8.count), displayPath: "s",
                                                                            directory: directory.path, files: InMemoryFileSystem()))
            let read = min(400, cap)
            XCTAssertEqual(report.documents.count, read)
            // Doubling from the first piece's 40 or so would end at 512 or more for 400.
            XCTAssertGreaterThanOrEqual(report.documents.capacity, read)
            XCTAssertLessThan(report.documents.capacity, cap == 60 ? 100 : 500, "room for \(read) documents")
        }
    }

    /// libyaml decodes up to 16 KiB ahead, so where a bad byte stops the parse depends on
    /// where the parser started: such a file is read whole.
    func testTextLibyamlRejectsIsReadWhole() throws {
        let text = Self.fragments[0] + "---\nschemaVersion: 1\nitems:\n  - text: BAD\n" + "---\n" + Self.fragments[1]
        // A lone continuation byte where BAD stands.
        var bytes = Array(text.utf8)
        let at = try XCTUnwrap(text.utf8.ranges(of: "BAD".utf8).first)
        bytes.replaceSubrange(text.utf8.distance(from: text.utf8.startIndex, to: at.lowerBound)..<text.utf8.distance(from: text.utf8.startIndex, to: at.upperBound), with: [0x80])
        try compare(bytes, pieceSizes: [1, 30], expectPieces: false)
        try compare(Self.fragments[0] + "---\nname: \u{1}\n", pieceSizes: [1], expectPieces: false)
    }

    /// A bad byte after the document cap: the whole file's parser decodes ahead, past the
    /// document the cap stops at, and fails on it (here in the first document); the pieces
    /// stop at the cap before the piece holding it, so they look at the rest of the file.
    func testABadByteAfterTheDocumentCapReadsAsTheWhole() throws {
        var options = LintOptions()
        options.maxDocumentsPerFile = 5
        var bytes = Array((0..<8).map { "---\nschemaVersion: 1\nitems:\n  - text: note \($0)\n" }.joined().utf8)
        bytes += Array("---\nschemaVersion: 1\nitems:\n  - text: ".utf8) + [0x80, 0x0A]
        try compare(bytes, pieceSizes: [1, 40, 120], options: options, expectPieces: false)
        // With every byte readable, the cap is reached in pieces.
        bytes[bytes.count - 2] = UInt8(ascii: "x")
        try compare(bytes, pieceSizes: [1, 40, 120], options: options)
    }

    /// A suppression comment after the document cap: reading the file whole applies it (an
    /// unused one is reported; a file-wide one hides diagnostics before the cap), so the
    /// pieces, which stop at the cap, must not answer without it. (Found in review.)
    func testASuppressionAfterTheDocumentCapReadsAsTheWhole() throws {
        var options = LintOptions()
        options.maxDocumentsPerFile = 2
        let documents = (0..<6).map { "---\nschemaVersion: 1\nitems:\n  - url: ftp://example.com/\($0)\n" }.joined()
        for comment in ["sharelint-disable-file insecure-url", "sharelint-disable-file no-such-rule",
                        "sharelint-disable-file disallowed-url-scheme"] {
            let text = documents + "---\n# \(comment)\nschemaVersion: 1\nitems: []\n"
            try compare(text, pieceSizes: [1, 40], options: options, expectPieces: false)
        }
        // Without it, the cap is reached in pieces.
        try compare(documents + "---\nschemaVersion: 1\nitems: []\n", pieceSizes: [1, 40], options: options)
    }

    /// A bad byte in what a parser skips after a syntax error, placed where the whole file's
    /// parser has decoded it when the error comes (its second 16 KiB read) and a parser
    /// started at the document's piece has not (its first read ends before it): the whole
    /// file reports the bad byte, so the pieces must not report the syntax error alone.
    func testABadByteSkippedAfterASyntaxErrorReadsAsTheWhole() throws {
        let prefix = (0..<230).map { "---\nschemaVersion: 1\nitems:\n  - text: note \($0)\n" }.joined()
        let start = prefix.utf8.count
        let head = "---\nschemaVersion: 1\nitems:\n" + String(repeating: "  - text: fine\n", count: 470) + "oops: a: b\n"
        let filler = String(repeating: "  filler line\n", count: 700)
        let bytes = Array((prefix + head + filler).utf8) + [0x80] + Array("\n---\nschemaVersion: 1\nname: after\n".utf8)
        let error = start + head.utf8.count - 4, bad = start + head.utf8.count + filler.utf8.count
        XCTAssertGreaterThan(error, 16_384 + 64, "the error comes after the whole file's second read")
        XCTAssertGreaterThan(bad, start + 16_384 + 64, "the bad byte is past the piece parser's first read")
        XCTAssertLessThan(bad, 2 * 16_384 - 64, "and within the whole file's second read")
        try compare(bytes, pieceSizes: [1, 8_000], expectPieces: false)
    }

    /// A byte libyaml's reader rejects, anywhere in streams longer and shorter than its
    /// 16 KiB read-ahead, with syntax errors (after which a parser skips to a `---` line)
    /// and with and without the document cap: read in pieces or whole, the report is the
    /// whole file's.
    func testBadBytesAnywhereReadAsTheWhole() throws {
        let bad: [[UInt8]] = [[0x80], [0x01], [0xFF], [0xE5, 0x0A], [0xC2, 0x9F]]
        for seed in 0..<24 {
            var bytes = Array(Self.stream(seed: UInt64(1_000 + seed), count: seed % 2 == 0 ? 12 : 160).utf8)
            var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
            func next(_ n: Int) -> Int { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return Int(state % UInt64(n)) }
            bytes.insert(contentsOf: bad[seed % bad.count], at: next(bytes.count))
            var options = LintOptions()
            if seed % 3 == 0 { options.maxDocumentsPerFile = 1 + next(20) }
            try compare(bytes, pieceSizes: [1, 300, 5_000], options: options, expectPieces: nil)
        }
    }

    func testSuppressionsAndByteOrderMarksAreReadWhole() throws {
        try compare("schemaVersion: 1\nitems: []\n---\n# sharelint-disable-next-line\nschemaVersion: 1\n---\nname: x\n",
                    pieceSizes: [1], expectPieces: false)
        try compare("\u{FEFF}schemaVersion: 1\n---\nschemaVersion: 1\n---\nname: x\n", pieceSizes: [1], expectPieces: false)
    }

    /// The check agrees with libyaml's reader on every byte and on the edges of UTF-8.
    func testReadableAsIsAgreesWithLibyaml() {
        var sequences: [[UInt8]] = (0...255).map { [UInt8($0)] }
        sequences += [[0xC0, 0x80], [0xC1, 0xBF], [0xC2, 0x80], [0xC2, 0x85], [0xC2, 0x9F], [0xC2, 0xA0], [0xDF, 0xBF],
                      [0xE0, 0x80, 0x80], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEE, 0x80, 0x80],
                      [0xEF, 0xBB, 0xBF], [0xEF, 0xBF, 0xBD], [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF], [0xE2, 0x80, 0xA8],
                      [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
                      [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x80], [0xC2], [0x80, 0x80]]
        // Every three-byte lead with continuation bytes at and past their edges (the check
        // takes a shortcut for leads E1 to EC; U+FFFD is allowed, U+FFFE and U+FFFF are not).
        for lead in UInt8(0xE0)...0xEF {
            for second: UInt8 in [0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0] {
                for third: UInt8 in [0x7F, 0x80, 0xBD, 0xBE, 0xBF, 0xC0] { sequences.append([lead, second, third]) }
            }
        }
        // A character cut off by the end of the text.
        for cut: [UInt8] in [[0xE5], [0xE5, 0x80], [0xEC, 0xBF], [0xE1, 0x80]] {
            XCTAssertFalse((Array("ab".utf8) + cut).withUnsafeBufferPointer { StreamCuts.isReadableAsIs($0) }, "\(cut)")
        }
        XCTAssertTrue(Array("ab\u{5B57}".utf8).withUnsafeBufferPointer { StreamCuts.isReadableAsIs($0) })
        // Short, within long ASCII runs (the check reads eight bytes at a time), and right
        // after CJK characters (the check reads a run of them in a loop of its own).
        for sequence in sequences + sequences.map({ Array("0123456789abc".utf8) + $0 + Array("0123456789abcdefg".utf8) })
            + sequences.map({ Array("\u{5B57}\u{4E2D}".utf8) + $0 + Array("\u{5B57}".utf8) })
            // Inside long CJK runs, at each offset of a character (a faster check may read
            // several at once there), and past a long ASCII run.
            + (0..<4).flatMap({ k in sequences.map({ Array(String(repeating: "\u{5B57}", count: 2 + k).utf8) + $0 + Array(String(repeating: "\u{4E2D}", count: 7).utf8) }) })
            + sequences.map({ Array("0123456789abcdefghijklmnopqrstu".utf8) + $0 + Array(String(repeating: "\u{5B57}", count: 6).utf8) }) {
            let bytes = Array("a: 'x".utf8) + sequence + Array("'\n".utf8)
            // libyaml's reader decides: a reader that trusted the check would read the text
            // in place (`readInPlace`) and never ask it.
            let reader = YAMLDocumentReader(buffer: ByteBuffer(copying: bytes), limits: YAMLLimits(),
                                            start: SourcePosition(line: 1, column: 1, offset: 0), continues: false, firstIndex: 0,
                                            inPlace: false)
            while reader.next() != nil {}
            let characters = bytes.withUnsafeBufferPointer { StreamCuts.readableCharacters($0) }
            XCTAssertEqual(characters != nil, !reader.stoppedAtInvalidText, "\(sequence.map { String($0, radix: 16) })")
            // A readable text's characters are its scalars.
            if let characters { XCTAssertEqual(characters, String(decoding: bytes, as: UTF8.self).unicodeScalars.count) }
        }
    }

    /// The eight-bytes-at-once path answers as the byte-by-byte path does for every ASCII
    /// byte in every position of a word, next to line feeds (which the word test lets
    /// through) and next to letters: no byte's answer hides another's.
    func testReadableAsIsReadsWordsAsItReadsBytes() {
        for byte in UInt8(0)..<0x80 {
            let alone = [byte].withUnsafeBufferPointer { StreamCuts.isReadableAsIs($0) }
            for filler in [UInt8(ascii: "\n"), UInt8(ascii: "a")] {
                for position in 0..<16 {
                    var bytes = [UInt8](repeating: filler, count: 16)
                    bytes[position] = byte
                    XCTAssertEqual(bytes.withUnsafeBufferPointer { StreamCuts.isReadableAsIs($0) }, alone,
                                   "byte \(byte) at \(position) among \(filler)")
                    // Followed in its word by a CJK character (the ASCII bytes before one are
                    // passed at once), and counted as characters.
                    guard position + 4 <= 16 else { continue }
                    bytes.replaceSubrange(position + 1..<position + 4, with: Array("\u{5B57}".utf8))
                    let characters = bytes.withUnsafeBufferPointer { StreamCuts.readableCharacters($0) }
                    XCTAssertEqual(characters, alone ? 14 : nil, "byte \(byte) at \(position) before a CJK character among \(filler)")
                }
            }
        }
    }

    func testCutsAreAtDocumentStartsOnly() {
        func cut(_ text: String, from: Int) -> Int? {
            Array(text.utf8).withUnsafeBufferPointer { StreamCuts.cut(in: $0, from: from, final: true) }
        }
        // The second `---` line after the search starts, never one a directive precedes.
        XCTAssertEqual(cut("a: 1\n---\nb: 2\n---\nc: 3\n", from: 0), 14)
        XCTAssertNil(cut("a: 1\n---\nb: 2\n%YAML 1.1\n---\nc: 3\n", from: 0))
        XCTAssertNil(cut("---\na: \"x\n--- y\"\n", from: 1))
        XCTAssertEqual(cut("---\n---\n---\n", from: 1), 8)
        // `----` and ` ---` are not document starts; a CRLF is never split.
        XCTAssertNil(cut("---\n----\n ---\n", from: 0))
        XCTAssertEqual(cut("---\r\n---\r\n", from: 0), 5)
        XCTAssertTrue(Array("a\r\nb".utf8).withUnsafeBufferPointer { StreamCuts.isLineStart(3, in: $0) })
        XCTAssertFalse(Array("a\r\nb".utf8).withUnsafeBufferPointer { StreamCuts.isLineStart(2, in: $0) })
    }
}
