import Foundation
import XCTest
import YAMLSyntax
@testable import ShareLintKit

/// What a content author typing with a Chinese input method sees: each full-width
/// character reported on itself, named, with the ASCII text as its suggestion, and the
/// rest of the document checked as meant. And one cause, one message: misspelt containers,
/// `items` written as a mapping, a file named in the wrong case.
final class InputMethodTests: XCTestCase {
    private func lint(_ yaml: String, files: [String: [UInt8]] = [:]) -> FileReport {
        Linter().lint(bytes: Array(yaml.utf8), displayPath: "p.share.yaml", directory: "", files: InMemoryFileSystem(files: files))
    }

    private func lines(_ report: FileReport) -> [String] {
        report.diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.rule)" }
    }

    private let png = ExampleFiles.png(width: 600, height: 600)

    /// `title： 邀请好友` was "this key is indented more than the keys above it" on the next line.
    func testAFullWidthColonIsReportedOnItselfAndTheDocumentIsRead() throws {
        let report = lint("schemaVersion: 1\nmetadata:\n  title： 邀请好友\n  messageBody: 扫码进入小程序\nitems:\n  - text: 你好\n")
        XCTAssertEqual(lines(report), ["3:8 full-width-punctuation"])
        let diagnostic = try XCTUnwrap(report.diagnostics.first)
        XCTAssertEqual(diagnostic.severity, .error)
        XCTAssertEqual(diagnostic.suggestion, ":")
        XCTAssertEqual(diagnostic.range.end.column, 9)
        XCTAssertEqual(diagnostic.document, 0)
        XCTAssertTrue(diagnostic.message.contains("full-width colon '：' (U+FF1A)"), diagnostic.message)
        XCTAssertEqual(report.documents.first?.header?.title, "邀请好友")
        // The quoted line is the line as written.
        XCTAssertEqual(report.sourceLines[3], "  title： 邀请好友")
    }

    /// `items：` was libyaml's "could not find expected ':'".
    func testAFullWidthColonAfterAContainerKeyIsNoSyntaxError() {
        let report = lint("schemaVersion: 1\nitems：\n  - text：扫码进入小程序\n")
        XCTAssertEqual(lines(report).filter { !$0.hasSuffix("no-header-preview") }, ["2:6 full-width-punctuation", "3:9 full-width-punctuation"])
        XCTAssertEqual(report.diagnostics.first { $0.range.start.line == 3 && $0.rule == "full-width-punctuation" }?.suggestion, ": ")
    }

    /// `[airDrop，print]` was one unknown activity, a warning, exit 0.
    func testAFullWidthCommaInAFlowListIsAnErrorAndSplitsTheList() {
        let report = lint("schemaVersion: 1\nitems:\n  - text: 扫码进入小程序\nexcludedActivityTypes: [airDrop，print]\n")
        XCTAssertEqual(report.diagnostics.filter { $0.severity == .error }.map { "\($0.range.start.line):\($0.range.start.column) \($0.rule)" },
                       ["4:32 full-width-punctuation"])
        XCTAssertFalse(report.diagnostics.contains { $0.rule == "unknown-activity-type" })
    }

    /// An ideographic space before a key was an invisible `'　title'`.
    func testAnIdeographicSpaceInTheIndentationIsNamed() throws {
        let report = lint("schemaVersion: 1\nmetadata:\n\u{3000}\u{3000}title: 邀请好友\nitems:\n  - text: 扫码进入小程序\n")
        XCTAssertEqual(lines(report), ["3:1 full-width-punctuation"])
        let diagnostic = try XCTUnwrap(report.diagnostics.first)
        XCTAssertTrue(diagnostic.message.contains("U+3000"), diagnostic.message)
        XCTAssertEqual(diagnostic.suggestion, "  ")
        XCTAssertEqual(report.documents.first?.header?.title, "邀请好友")
    }

    /// `title: “邀请好友”` silently put the quotes in the header.
    func testTypographicQuotesAroundAValueWarn() throws {
        let report = lint("schemaVersion: 1\nmetadata:\n  title: “邀请好友”\nitems:\n  - text: 扫码进入小程序\n")
        XCTAssertEqual(lines(report), ["3:10 typographic-quotes"])
        XCTAssertEqual(report.diagnostics.first?.severity, .warning)
        XCTAssertEqual(report.diagnostics.first?.suggestion, "\"邀请好友\"")
        XCTAssertEqual(report.documents.first?.header?.title, "“邀请好友”")
    }

    /// Where `：` becomes `: `, every later position on the line is reported as written.
    func testPositionsAfterAnInsertedSpaceAreAsWritten() {
        let report = lint("schemaVersion: 1\nitems:\n  - type：public.pgn\n    text：扫码\n")
        XCTAssertEqual(lines(report).filter { !$0.hasSuffix("no-header-preview") },
                       ["3:9 full-width-punctuation", "3:10 unknown-type", "4:9 full-width-punctuation"])
        let unknown = report.diagnostics.first { $0.rule == "unknown-type" }
        XCTAssertEqual(unknown?.range.end.column, 20)
    }

    /// Each suggestion is the fix: the text with every suggestion written in place reports
    /// what the repaired reading reported, without the slips.
    func testTheSuggestionsWrittenInPlaceReadAsTheRepairedText() {
        let text = "schemaVersion: 1\nmetadata:\n  title： 邀请好友\n\u{3000}\u{3000}messageBody：扫码进入\nitems：\n  － type：public.pgn\n    text: 你好\nexcludedActivityTypes: ［airDrop，print］\n"
        let report = lint(text)
        let bytes = Array(text.utf8)
        let table = LineTable(bytes)
        var fixed = bytes
        for diagnostic in report.diagnostics.reversed() where diagnostic.rule == "full-width-punctuation" {
            let start = table.byteOffset(diagnostic.range.start, in: bytes)!, end = table.byteOffset(diagnostic.range.end, in: bytes)!
            fixed.replaceSubrange(start..<end, with: Array(diagnostic.suggestion!.utf8))
        }
        let after = lint(String(decoding: fixed, as: UTF8.self))
        XCTAssertFalse(after.diagnostics.contains { $0.rule == "full-width-punctuation" }, "\(lines(after))")
        XCTAssertEqual(Set(after.diagnostics.map { "\($0.rule) \($0.message)" }),
                       Set(report.diagnostics.filter { $0.rule != "full-width-punctuation" }.map { "\($0.rule) \($0.message)" }))
    }

    /// A file larger than a piece holding a slip is read whole, and reports what reading it whole reports.
    func testAFileReadInPiecesWithASlipReadsWhole() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-ime-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = "---\nschemaVersion: 1\nitems:\n  - text: 扫码进入小程序，领取优惠\n"
        let text = String(repeating: document, count: 50) + "---\nschemaVersion: 1\nitems：\n  - text: 你好\n" + String(repeating: document, count: 50)
        let url = directory.appendingPathComponent("s.share.yaml")
        try Data(text.utf8).write(to: url)
        var options = LintOptions()
        options.pieceSize = 200
        let linter = Linter(options: options)
        let fd = open(url.path, O_RDONLY)
        defer { close(fd) }
        XCTAssertNil(try linter.lintInPieces(ReadableFile(descriptor: fd, size: text.utf8.count), displayPath: "s", directory: directory.path, files: InMemoryFileSystem()))
        let viaFile = try linter.lintFile(at: url.path, displayPath: "s", files: InMemoryFileSystem())
        let whole = Linter().lint(bytes: Array(text.utf8), displayPath: "s", directory: directory.path, files: InMemoryFileSystem())
        XCTAssertEqual(viaFile.diagnostics, whole.diagnostics)
        XCTAssertEqual(whole.diagnostics.filter { $0.rule == "full-width-punctuation" }.map(\.document), [50])
    }

    /// `metdata:` and `itmes:` gave "shares nothing" at 1:1, and the misspelt keys inside
    /// them were not reported.
    func testMisspeltContainersAreReadAsTheKeysTheyMean() {
        let text = "schemaVersion: 1\nmetdata:\n  title: 邀请好友\n  mesageBody: 扫码进入小程序\nitmes:\n  - file: assets/poster.png\n    previews:\n      thumbnial: assets/poster.png\nexcludedActivityTypes: [saveToCameraRoll]\n"
        let report = lint(text, files: ["assets/poster.png": png])
        XCTAssertEqual(lines(report), ["2:1 unknown-key", "4:3 unknown-key", "5:1 unknown-key", "8:7 unknown-key"])
        XCTAssertEqual(report.diagnostics.map(\.suggestion), ["metadata", "messageBody", "items", "thumbnail"])
    }

    /// A misspelt container beside the key it means is checked without being read.
    func testAMisspeltContainerBesideItsKeyIsCheckedOnly() {
        let report = lint("schemaVersion: 1\nmetadata:\n  title: 邀请好友\nmetdata:\n  mesageBody: 扫码\nitems:\n  - text: 你好\n")
        XCTAssertEqual(lines(report), ["4:1 unknown-key", "5:3 unknown-key"])
        XCTAssertEqual(report.documents.first?.header?.title, "邀请好友")
    }

    /// `items:` written as a mapping gave errors at 1:1 before the real one.
    func testItemsWrittenAsAMappingIsOneErrorAtTheValue() throws {
        let report = lint("schemaVersion: 1\nmetadata:\n  title: 邀请好友\nitems:\n  type: public.png\n  file: assets/poster.png\n")
        XCTAssertEqual(lines(report), ["5:3 wrong-kind"])
        XCTAssertTrue(try XCTUnwrap(report.diagnostics.first).message.contains("'- '"))
        // A configuration that really shares nothing still says so.
        XCTAssertEqual(lines(lint("schemaVersion: 1\nmetadata:\n  title: 邀请好友\n")), ["1:1 empty-configuration"])
    }

    /// `Mp-Poster-Thumb.png` got no "did you mean".
    func testAMissingFileSuggestsANameOfItsDirectory() throws {
        let files = ["assets/mp-poster-thumb.png": png, "assets/qr-poster-thumb.png": png]
        let report = lint("schemaVersion: 1\nitems:\n  - file: assets/Mp-Poster-Thumb.png\n  - file: assets/qr-postre-thumb.png\n  - file: assets/qr-poster-large.png\n", files: files)
        let missing = report.diagnostics.filter { $0.rule == "file-not-found" }
        XCTAssertEqual(missing.map(\.suggestion), ["assets/mp-poster-thumb.png", "assets/qr-poster-thumb.png", nil])
        XCTAssertTrue(missing[0].message.contains("did you mean 'assets/mp-poster-thumb.png'?"), missing[0].message)
        XCTAssertTrue(missing[0].message.contains("case"), missing[0].message)
    }

    /// The real file system lists the directory beneath the root only.
    func testNamesBesideStayBeneathTheRoot() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-names-\(getpid())")
        let assets = root.appendingPathComponent("assets")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(png).write(to: assets.appendingPathComponent("mp-poster-thumb.png"))
        try Data(png).write(to: assets.appendingPathComponent("b.png"))
        let files = RootedFileSystem(root: root.path)
        XCTAssertEqual(files.namesBeside("assets/Mp-Poster-Thumb.png", relativeTo: root.path, limit: 10), ["b.png", "mp-poster-thumb.png"])
        XCTAssertEqual(files.namesBeside("assets/x.png", relativeTo: root.path, limit: 1).count, 1)
        XCTAssertEqual(files.namesBeside("../../x.png", relativeTo: assets.path, limit: 10), [])
        XCTAssertEqual(files.namesBeside("/etc/passwd", relativeTo: root.path, limit: 10), [])
    }
}
