import XCTest
import YAMLSyntax
@testable import ShareLintKit

/// A fix is proven on the whole document: the fixed text parses to the same data but for
/// the value the fix means to change (`FixDataProof`).
final class FixDataProofTests: XCTestCase {
    /// A fix that writes `replacement` over the first `written` in `text`.
    private func fix(_ text: String, _ written: String, _ replacement: String, rule: RuleID = "full-width-punctuation") throws -> (Fix, [UInt8]) {
        let bytes = Array(text.utf8)
        let start = try XCTUnwrap(text.range(of: written))
        let offset = text.utf8.distance(from: text.startIndex, to: start.lowerBound)
        let table = LineTable(bytes)
        let line = table.line(containing: offset)
        let lineStart = try XCTUnwrap(table.range(ofLine: line)).lowerBound
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
        let position = SourcePosition(line: line, column: column)
        let end = SourcePosition(line: position.line, column: position.column + written.unicodeScalars.count)
        let range = SourceRange(start: position, end: end)
        let diagnostic = Diagnostic(rule: rule, severity: .error, message: "m", range: range, document: 0, keyPath: "", suggestion: replacement)
        let made = Fix(diagnostic: diagnostic, bytes: offset..<(offset + written.utf8.count), range: range, replacement: replacement, description: .verbatim("d"))
        return (made, Fixer.apply([made], to: bytes))
    }

    private func unsafe(_ text: String, _ written: String, _ replacement: String, rule: RuleID = "full-width-punctuation") throws -> Bool {
        let (made, fixed) = try fix(text, written, replacement, rule: rule)
        return !FixDataProof.unsafeFixes([made], before: Array(text.utf8), after: fixed).isEmpty
    }

    func testAFixThatSplitsAValueIntoAKeyIsRefused() throws {
        // The title would become `邀请好友` and a key `一起赚积分`.
        XCTAssertTrue(try unsafe("schemaVersion: 1\nexpect:\n  header: {title: 邀请好友，一起赚积分, subtitle: \"\"}\n", "，", ","))
        XCTAssertTrue(try unsafe("schemaVersion: 1\nitems:\n  - {text: 我的取货码，凭码到店自提}\n", "，", ", "))
    }

    func testFixesThatChangeOnlyTheirValueAreProven() throws {
        // A list entry split in two: the list's own value.
        XCTAssertFalse(try unsafe("schemaVersion: 1\nexcludedActivityTypes: [airDrop，print]\n", "，", ","))
        // A key renamed, a value replaced, a value quoted.
        XCTAssertFalse(try unsafe("schemaVersion: 1\nmetadata:\n  titel: hi\n", "titel", "title", rule: "unknown-key"))
        XCTAssertFalse(try unsafe("schemaVersion: 1\nitems:\n  - type: 'public.plain-txt'\n    text: x\n", "public.plain-txt", "public.plain-text", rule: "unknown-type"))
        XCTAssertFalse(try unsafe("schemaVersion: 1\nmetadata:\n  title: no\n", "no", "\"no\"", rule: "implicit-type"))
        // Text that was one scalar becomes the mapping it stood for.
        XCTAssertFalse(try unsafe("schemaVersion: 1\nmetadata:\n  title：邀请好友\n", "：", ": "))
    }

    func testAChangeOutsideTheFixIsBlamedOnTheFixNearIt() throws {
        // Two fixes: the rename is fine, the comma splits a mapping's value into a key.
        let text = "schemaVersion: 1\nmetadata:\n  titel: hi\nexpect:\n  header: {title: 邀请好友，一起赚积分}\n"
        let (rename, _) = try fix(text, "titel", "title", rule: "unknown-key")
        let (comma, _) = try fix(text, "，", ",")
        let both = Fixer.apply([rename, comma], to: Array(text.utf8))
        XCTAssertEqual(FixDataProof.unsafeFixes([rename, comma], before: Array(text.utf8), after: both), [1])
    }

    /// Without the splitting fix, the rest are proven.
    func testWithoutTheSplittingFixTheRestAreProven() throws {
        let text = "schemaVersion: 1\nmetadata:\n  titel: hi\nexpect:\n  header: {title: 邀请好友，一起赚积分}\n"
        let (rename, _) = try fix(text, "titel", "title", rule: "unknown-key")
        let (comma, _) = try fix(text, "，", ",")
        let bytes = Array(text.utf8)
        let unsafe = FixDataProof.unsafeFixes([rename, comma], before: bytes, after: Fixer.apply([rename, comma], to: bytes))
        XCTAssertEqual(unsafe, [1])
        XCTAssertTrue(FixDataProof.unsafeFixes([rename], before: bytes, after: Fixer.apply([rename], to: bytes)).isEmpty)
    }
}
