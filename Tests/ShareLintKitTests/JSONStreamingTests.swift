import XCTest
@testable import ShareLintKit
import YAMLSyntax

/// The JSON report is written in pieces of about 64 KiB, never held whole, and
/// the pieces join into the report serialized at once.
final class JSONStreamingTests: XCTestCase {
    /// A report of 1,500 documents with non-ASCII text and diagnostics.
    private func sampleRun() -> LintRun {
        var text = ""
        for i in 0..<1_500 {
            text += "---\nschemaVersion: 1\nname: doc-\(i)\nitems:\n  - text: 邀请好友 \(i)\n"
            if i % 7 == 0 { text += "  - url: ftp://example.com/\(i)\n" }
            if i % 11 == 0 { text += "unknownKey: 1\n" }
        }
        let report = Linter().lint(bytes: Array(text.utf8), displayPath: "stream.share.yaml", directory: "/", files: InMemoryFileSystem())
        return LintRun(files: [report, Linter().lint(bytes: Array("schemaVersion: 1\nitems: []\n".utf8), displayPath: "b.share.yaml",
                                                      directory: "/", files: InMemoryFileSystem())])
    }

    func testPiecesJoinIntoTheWholeReport() throws {
        let run = sampleRun()
        let whole = JSONRenderer().report(run).serialized(indent: 2) + "\n"
        var pieces: [[UInt8]] = []
        XCTAssertTrue(JSONRenderer().write(run) { pieces.append($0); return true })
        XCTAssertGreaterThan(pieces.count, 2, "a report of \(whole.utf8.count) bytes comes in pieces")
        for piece in pieces.dropLast() {
            XCTAssertGreaterThanOrEqual(piece.count, JSONStream.pieceSize)
            XCTAssertLessThan(piece.count, JSONStream.pieceSize + 8_192, "a piece ends after the value that filled it")
        }
        for piece in pieces {
            XCTAssertNotNil(String(validating: piece, as: UTF8.self), "every piece ends between two values")
        }
        XCTAssertEqual(String(decoding: pieces.joined(), as: UTF8.self), whole)
        XCTAssertEqual(JSONRenderer().render(run), whole)
        XCTAssertEqual(JSONRenderer(jobs: 2).render(run), whole)
    }

    /// Files are serialized in parallel only when there is much to write (the threads'
    /// start costs more than a small report), and then give the same bytes.
    func testLargeReportsAreSerializedInParallelToTheSameBytes() {
        func run(files: Int, documents: Int, diagnostics: Int) -> LintRun {
            LintRun(files: (0..<files).map { f in
                FileReport(path: "d/\(f).share.yaml",
                           documents: (0..<documents).map { DocumentReport(index: $0, name: "doc \($0) 文档") },
                           diagnostics: (0..<diagnostics).map { d in
                               Diagnostic(rule: "unknown-type", severity: .error, message: "'public.pgn' is not a known type \(d)",
                                          range: SourceRange(at: SourcePosition(line: d + 1, column: 3, offset: 10 * d)), document: 0)
                           })
            })
        }
        let small = run(files: 2_000, documents: 1, diagnostics: 0)
        let large = run(files: 80, documents: 100, diagnostics: 5)
        XCTAssertFalse(JSONRenderer.rendersInParallel(small, jobs: 2), "2,000 documents: on one thread")
        XCTAssertTrue(JSONRenderer.rendersInParallel(large, jobs: 2), "8,000 documents and 400 diagnostics: in parallel")
        XCTAssertFalse(JSONRenderer.rendersInParallel(large, jobs: 1))
        XCTAssertFalse(JSONRenderer.rendersInParallel(run(files: 63, documents: 1_000, diagnostics: 0), jobs: 2), "fewer than 64 files")
        XCTAssertEqual(JSONRenderer(jobs: 2).render(large), JSONRenderer().render(large))
        XCTAssertEqual(JSONRenderer(jobs: 2).render(large), JSONRenderer().report(large).serialized(indent: 2) + "\n")
    }

    /// A document's part is written into a buffer sized from its texts' lengths: texts made
    /// of what escapes longest (control characters, U+2028, quotes) and large indexes read
    /// as the general serializer writes them, with nothing cut off or written past.
    func testDocumentsWithTheLongestEscapesReadAsSerialized() {
        let hostile = String(repeating: "\u{01}\u{2028}\"\\\u{2029}\n\u{1F}", count: 40)
        var documents: [DocumentReport] = []
        for (i, index) in [0, 9, 10, 1_234_567, Int.max].enumerated() {
            var document = DocumentReport(index: index)
            document.name = i == 0 ? nil : hostile
            document.noPreviewReasonText = i % 2 == 0 ? .verbatim(hostile + "\u{0}") : nil
            if i > 1 {
                document.header = Header(title: hostile, subtitle: i == 3 ? "" : hostile, style: .summary,
                                         icon: i == 4 ? nil : .linkIcon, fetchedURL: i == 4 ? "https://example.com/" + hostile : nil)
            }
            documents.append(document)
        }
        let run = LintRun(files: [FileReport(path: "a\u{2028}.share.yaml", documents: documents)])
        let whole = JSONRenderer().report(run).serialized(indent: 2) + "\n"
        var pieces: [[UInt8]] = []
        XCTAssertTrue(JSONRenderer().write(run) { pieces.append($0); return true })
        XCTAssertEqual(String(decoding: pieces.joined(), as: UTF8.self), whole)
        XCTAssertTrue(whole.contains("\\u0001\\u2028\\\"\\\\\\u2029\\n\\u001f"), "the texts are escaped")
    }

    func testAFailedWriteStopsTheReport() {
        var calls = 0
        XCTAssertFalse(JSONRenderer().write(sampleRun()) { _ in calls += 1; return false })
        XCTAssertEqual(calls, 1, "nothing more is written once the output failed")
    }
}
