import XCTest
@testable import YAMLSyntax

/// The scan for full-width punctuation where YAML needs ASCII: which characters count,
/// where each sits (columns in scalars, offsets as libyaml counts them), and the map from
/// positions in the repaired text back to the text as written.
final class PunctuationScanTests: XCTestCase {
    private func slips(_ text: String) -> [PunctuationSlip] {
        Array(text.utf8).withUnsafeBufferPointer { PunctuationSlips.find(in: $0) }
    }

    private func repaired(_ text: String) -> (String, PositionShifts)? {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            PunctuationSlips.repaired(bytes, PunctuationSlips.find(in: bytes)).map { (String(decoding: Array($0.buffer.bytes), as: UTF8.self), $0.shifts) }
        }
    }

    func testEachCharacterSitsOnItselfWithItsASCIIReplacement() {
        let text = "# 邀请好友\nmetadata:\n  title： 邀请好友\n  messageBody：扫码\nitems：\n  － text: 你好\nexcludedActivityTypes: [airDrop，print、mail]\n"
        let found = slips(text)
        XCTAssertEqual(found.map { "\($0.range.start.line):\($0.range.start.column)-\($0.range.end.column) \($0.replacement)" },
                       ["3:8-9 :", "4:14-15 : ", "5:6-7 :", "6:3-4 -", "7:32-33 , ", "7:38-39 , "])
        XCTAssertTrue(found.allSatisfy { $0.kind == .syntax })
        XCTAssertTrue(found[0].message.contains("'：' (U+FF1A)"), found[0].message)
        XCTAssertTrue(found[4].message.contains("'，' (U+FF0C)"), found[4].message)
        // The offset counts scalars from the start, the line break included.
        XCTAssertEqual(found[0].range.start.offset, "# 邀请好友\nmetadata:\n  title".unicodeScalars.count)
    }

    func testCRLFLinesCountTwoForTheOffsetAndNothingForColumns() {
        let lf = slips("a: 1\nb：2\n"), crlf = slips("a: 1\r\nb：2\r\n")
        XCTAssertEqual(lf.map(\.range.start.line), [2])
        XCTAssertEqual(crlf.map(\.range.start.line), [2])
        XCTAssertEqual(lf[0].range.start.column, crlf[0].range.start.column)
        XCTAssertEqual(crlf[0].range.start.offset, lf[0].range.start.offset + 1)
    }

    func testTextIsNotSyntax() {
        let text = """
        description: |
          说明：活动海报，扫码进入
          note： 块里的文字
          　　段落缩进
        title: 邀请好友：春季活动
        messageBody: 扫码进入小程序，领取优惠、参加抽奖
        quoted: "title： 引号里的文字"
        decorated: ［限时］邀请好友
        brackets: 「限时」活动
        url: https://example.com/a，b
        items:
          - text: 活动编号 1：到店出示
            其他：续行

        """
        XCTAssertEqual(slips(text).map(\.message), [])
    }

    func testIdeographicSpacesInIndentationTakeTheWidthThatLinesUp() {
        // Typed as two spaces each (the mapping's keys start in column 3), or seen as
        // one wide space where only its width lines the key up with its siblings.
        let typed = slips("metadata:\n  title: a\n\u{3000}\u{3000}messageBody: b\n")
        XCTAssertEqual(typed.map(\.replacement), ["  "])
        XCTAssertEqual(typed.map(\.range.start.column), [1])
        let seen = slips("metadata:\n  title: a\n\u{3000}messageBody: b\n")
        XCTAssertEqual(seen.map(\.replacement), ["  "])
        // Only before a key or an entry: a continuation line is text.
        XCTAssertEqual(slips("title: a\n\u{3000}\u{3000}b\n").count, 0)
    }

    func testTypographicQuotesAroundAWholeValue() {
        let found = slips("title: “邀请\"好友”\nbody: “进入”按钮\nkeep: \"“邀请”\"\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found[0].kind, .quotes)
        XCTAssertEqual(found[0].replacement, "\"邀请\\\"好友\"")
        XCTAssertEqual(found[0].range.start.column, 8)
        XCTAssertEqual(found[0].range.end.column, 15)
        // Quotes are left in the text: nothing to re-read.
        XCTAssertNil(repaired("title: “邀请好友”\n"))
    }

    func testFullWidthBracketsAreStructureOnlyAroundAWholeValueOfIdentifiers() {
        XCTAssertEqual(slips("excludedActivityTypes: ［airDrop，print］\n").map(\.replacement), ["[", ", ", "]"])
        XCTAssertEqual(slips("title: ［限时］\n").count, 0)
        XCTAssertEqual(slips("metadata: ｛title： a｝\n").map(\.replacement), ["{", ":", "}"])
    }

    func testAQuotedKeyAndAMultiLineQuotedValue() {
        XCTAssertEqual(slips("metadata:\n  \"标题\"：邀请\n").map { "\($0.range.start.column) \($0.replacement)" }, ["7 : "])
        // The lines of a quoted value are text.
        XCTAssertEqual(slips("text: \"第一行\n  title： 第二行\"\nname： a\n").map(\.range.start.line), [3])
        XCTAssertEqual(slips("\"第一行\n  title： 第二行\"\n").count, 0)
    }

    /// A full-width colon the scan does not take for syntax (after a key in Chinese) is named
    /// beside libyaml's error, which was "could not find expected ':'" alone.
    func testLibyamlsErrorNamesAFullWidthColonOnItsLines() throws {
        let documents = YAMLDocumentReader.documents(in: Array("schemaVersion: 1\n标题： 邀请\nitems:\n  - text: a\n".utf8))
        let problem = try XCTUnwrap(documents.first?.problems.first)
        XCTAssertTrue(problem.message.contains("line 2, column 3 holds a full-width colon '：' (U+FF1A)"), problem.message)
        // Nothing is added where there is none.
        let plain = YAMLDocumentReader.documents(in: Array("schemaVersion: 1\n标题 邀请\nitems:\n".utf8))
        XCTAssertFalse(try XCTUnwrap(plain.first?.problems.first).message.contains("U+"))
    }

    func testAFlowCollectionGoesOnAcrossLines() {
        XCTAssertEqual(slips("types: [\n  airDrop，\n  print]\n").map { "\($0.range.start.line):\($0.range.start.column)" }, ["2:10"])
    }

    func testPositionsInTheRepairedTextMapBack() throws {
        let text = "a：b：c\nitems：\n  - type：public.pgn\n"
        let (fixed, shifts) = try XCTUnwrap(repaired(text))
        XCTAssertEqual(fixed, "a: b：c\nitems:\n  - type: public.pgn\n")
        XCTAssertFalse(shifts.isEmpty)
        // `public.pgn` starts in column 11 of the repaired line 3, column 10 as written.
        let value = SourcePosition(line: 3, column: 11, offset: 24)
        XCTAssertEqual(shifts.original(value).column, 10)
        XCTAssertEqual(shifts.original(value).offset, 22)
        XCTAssertEqual(shifts.repaired(shifts.original(value)), value)
        // Before the insertion on its line, and on a line without one, nothing moves.
        XCTAssertEqual(shifts.original(SourcePosition(line: 3, column: 5, offset: 20)).column, 5)
        XCTAssertEqual(shifts.original(SourcePosition(line: 2, column: 3, offset: 10)).column, 3)
        // The inserted space maps to the character after it.
        XCTAssertEqual(shifts.original(SourcePosition(line: 1, column: 3)).column, 3)
        XCTAssertEqual(shifts.original(SourcePosition(line: 1, column: 4)).column, 3)
    }

    func testChineseTextAloneHoldsNoCandidate() {
        let text = String(repeating: "messageBody: 扫码进入小程序，领取优惠、参加抽奖\n  - text: \"活动编号：到店\"\n", count: 100)
        XCTAssertFalse(Array(text.utf8).withUnsafeBufferPointer { PunctuationSlips.mayHold($0) })
        XCTAssertEqual(slips(text).count, 0)
    }

    /// The prefix of a hit's line starts afresh after each line break (LF or CR), whatever
    /// the lines before held: the scan skips to the hit's line rather than reading them.
    func testEachHitIsJudgedByItsOwnLine() {
        func mayHold(_ text: String) -> Bool { Array(text.utf8).withUnsafeBufferPointer { PunctuationSlips.mayHold($0) } }
        XCTAssertFalse(mayHold("a: \"x\u{FF0C}y\"\nb: c\n"), "a comma inside quotes")
        XCTAssertTrue(mayHold("a: \"x\"\nb\u{FF0C} c\n"), "a quote on the line before does not count")
        XCTAssertTrue(mayHold("a: \"x\"\rb\u{FF0C} c\r"), "nor across a CR")
        XCTAssertTrue(mayHold("x: \u{4E2D}\u{FF0C}\n" + String(repeating: "y: \"z\"\n", count: 50) + "  - a\u{FF0C}b\n"), "a hit far below another")
        XCTAssertFalse(mayHold("x: \u{4E2D}\u{6587}\u{FF0C}\u{4E2D}\u{6587}\n"), "Chinese text before the comma on its line")
        XCTAssertTrue(mayHold("x: [\u{4E2D}\u{6587}\nb\u{FF0C}\n"), "a line of its own after a bracket")
        XCTAssertTrue(mayHold("a\u{FF0C}b\u{FF0C}\"c\u{FF0C}"), "hits on one line, the first a candidate")
        XCTAssertFalse(mayHold("\"q\"\u{FF0C}"), "a comma after a quote")
        XCTAssertTrue(mayHold("\"q\"\u{FF1A} v"), "a colon after a quoted key")
    }
}
