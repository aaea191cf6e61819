import Foundation
import XCTest
@testable import ShareLintKit

/// The slips a content author makes in YAML, reported at the slip with advice that works:
/// following the advice as written (re-indenting the reported line to the column named,
/// writing the suggested spaces) leaves no YAML error.
final class YAMLSlipTests: XCTestCase {
    private func syntaxErrors(_ text: String) -> [Diagnostic] {
        Linter().lint(bytes: Array(text.utf8), displayPath: "p.share.yaml", directory: "", files: InMemoryFileSystem(files: [:]))
            .diagnostics.filter { $0.rule == "yaml-syntax" }
    }

    private static let configuration = """
    schemaVersion: 1
    name: 春季活动
    metadata:
      title: 春季活动
      messageBody: 春季新品上市，点击链接领取优惠券
    items:
      - type: public.png
        file: assets/a.png
        previews:
          thumbnail: assets/a-thumb.png
          fullSize: assets/a.png
      - type: public.jpeg
        file: assets/b.jpg
        suggestedName: 新品二.jpg
      - url: https://example.com/春季
    wechat:
      miniProgramCode:
        page: pages/index
        scene: u=42
    excludedActivityTypes:
      - airDrop
      - print

    """

    /// The configuration with line `number` (1-based) written as `line`.
    private static func slipped(_ number: Int, _ line: String) -> String {
        var lines = configuration.components(separatedBy: "\n")
        lines[number - 1] = line
        return lines.joined(separator: "\n")
    }

    /// A key or list entry out of line, and the line that slipped.
    static let slips: [(name: String, text: String, line: Int)] = [
        ("a key of the second entry in column 4", slipped(13, "   file: assets/b.jpg"), 13),
        ("the first key under a key one column short", slipped(10, "     thumbnail: assets/a-thumb.png"), 10),
        ("the first key under a key one level short", slipped(10, "    thumbnail: assets/a-thumb.png"), 10),
        ("the first key under a key two columns deep", slipped(10, "        thumbnail: assets/a-thumb.png"), 10),
        ("the second key one column short", slipped(11, "     fullSize: assets/a.png"), 11),
        ("the second key two columns deep", slipped(11, "        fullSize: assets/a.png"), 11),
        ("a key with a Chinese value one column deep", slipped(5, "   messageBody: 春季新品上市，点击链接领取优惠券"), 5),
        ("a key with a Chinese value one column short", slipped(5, " messageBody: 春季新品上市，点击链接领取优惠券"), 5),
        ("the first key of a mapping one column short", slipped(4, " title: 春季活动"), 4),
        ("a list entry one column deep", slipped(12, "   - type: public.jpeg"), 12),
        ("a list entry one column short", slipped(12, " - type: public.jpeg"), 12),
        ("a key in a nested mapping two columns deep", slipped(19, "      scene: u=42"), 19),
        ("a key in a nested mapping one column short", slipped(19, "   scene: u=42"), 19),
        ("an entry of a list of names one column short", slipped(22, " - print"), 22),
        ("a key with a Chinese value after an entry's keys", slipped(14, "      suggestedName: 新品二.jpg"), 14),
        ("a top-level key one column deep", slipped(6, " items:"), 6),
        ("a key that opens a mapping two columns deep", slipped(9, "      previews:"), 9),
        ("a top-level key after a nested mapping", slipped(16, " wechat:"), 16),
    ]

    func testFollowingTheAdviceForAKeyOutOfLineLeavesNoError() throws {
        XCTAssertEqual(syntaxErrors(Self.configuration).count, 0)
        XCTAssertGreaterThanOrEqual(Self.slips.count, 10)
        for (name, text, line) in Self.slips {
            let error = try XCTUnwrap(syntaxErrors(text).first, name)
            XCTAssertEqual(error.range.start.line, line, "\(name): \(error.message)")
            let column = try XCTUnwrap(Self.column(advisedBy: error.message), "\(name): no column in \(error.message)")
            var lines = text.components(separatedBy: "\n")
            let reported = lines[error.range.start.line - 1]
            XCTAssertEqual(error.range.start.column, reported.prefix { $0 == " " }.count + 1, "\(name): reported at the key or '-'")
            lines[error.range.start.line - 1] = String(repeating: " ", count: column - 1) + reported.drop { $0 == " " }
            let fixed = lines.joined(separator: "\n")
            XCTAssertEqual(syntaxErrors(fixed).map(\.message), [], "\(name): \(error.message)")
        }
    }

    /// The column in "move it to column N" or "move the '-' to column N".
    private static func column(advisedBy message: String) -> Int? {
        guard let range = message.range(of: "to column ", options: .backwards) else { return nil }
        return Int(message[range.upperBound...].prefix { $0.isNumber })
    }

    func testTheAuthorsSlipsAreReportedOnTheirLinesWithTheRightColumn() throws {
        // Three spaces before `file:` in the second entry: column 5 (the key `type` of the
        // entry), not the '-' in column 3, which gives the same error again.
        let threeSpaces = try XCTUnwrap(syntaxErrors(Self.slipped(13, "   file: assets/b.jpg")).first)
        XCTAssertEqual(threeSpaces.message, "this key is in column 4, but the keys of its level are in column 5 (line 12): move it to column 5")
        XCTAssertEqual(syntaxErrors(Self.slipped(13, "  file: assets/b.jpg")).first?.message.hasSuffix("move it to column 5"), true)
        // `thumbnail:` one level too shallow: on its own line, not on `fullSize:` below.
        let shallow = try XCTUnwrap(syntaxErrors(Self.slipped(10, "    thumbnail: assets/a-thumb.png")).first)
        XCTAssertEqual(shallow.message, "this key is in column 5, but the key after it (line 11) is in column 7: move it to column 7")
        XCTAssertEqual(shallow.range.start.line, 10)
    }

    // MARK: Tabs

    /// A tab in a line's indentation: at the tab, with the spaces of the lines beside it
    /// as the suggestion, which leaves no error when written in place of the line's blanks.
    func testATabIsReportedAtTheTabAndItsSuggestionLeavesNoError() throws {
        let cases: [(name: String, text: String, at: (line: Int, column: Int), spaces: String, words: String)] = [
            ("a tab after a key: value line", Self.slipped(11, "\tfullSize: assets/a.png"), (11, 1), "      ", "in line with the key on line 10"),
            ("a tab before a key of a list entry", Self.slipped(8, "\tfile: assets/a.png"), (8, 1), "    ", "in line with the key on line 7"),
            ("a tab before a list entry", Self.slipped(12, "\t- type: public.jpeg"), (12, 1), "  ", "in line with the '-' on line 7"),
            ("a tab after spaces", Self.slipped(19, "  \tscene: u=42"), (19, 3), "    ", "in line with the key on line 18"),
            ("a tab before the first key of a mapping", Self.slipped(4, "\ttitle: 春季活动"), (4, 1), "  ", "one step under line 3"),
            ("a tab in a continuation line", Self.slipped(5, "  messageBody: 春季新品上市，\n\t点击链接领取优惠券"), (6, 1), "    ", "one step under line 5"),
            ("a tab on a blank line after a value", Self.slipped(5, "  messageBody: 春季新品上市\n\t"), (6, 1), "", "remove it"),
        ]
        for (name, text, at, spaces, words) in cases {
            let error = try XCTUnwrap(syntaxErrors(text).first, name)
            XCTAssertEqual(error.range.start.line, at.line, name)
            XCTAssertEqual(error.range.start.column, at.column, name)
            XCTAssertEqual(error.range.end, error.range.start, name)
            XCTAssertTrue(error.message.hasPrefix(spaces.isEmpty ? "a tab on this blank line" : "a tab indents this line; YAML indents with spaces"), "\(name): \(error.message)")
            XCTAssertTrue(error.message.contains(words), "\(name): \(error.message)")
            XCTAssertEqual(error.suggestion, spaces, name)
            var lines = text.components(separatedBy: "\n")
            lines[at.line - 1] = spaces + lines[at.line - 1].drop { $0 == " " || $0 == "\t" }
            XCTAssertEqual(syntaxErrors(lines.joined(separator: "\n")).map(\.message), [], name)
        }
    }

    // MARK: Strings

    /// A string opened with `"` and closed with the input method's `”`: at the opening
    /// quote, naming the `”`, however far below YAML finds the next `"`.
    func testAStringClosedWithATypographicQuoteIsReportedWhereItOpens() throws {
        let runsToTheEnd = Self.slipped(4, "  title: \"春季活动”")
        let runsOn = runsToTheEnd + "expect:\n  header:\n    title: \"春季活动\"\n"
        for text in [runsToTheEnd, runsOn, Self.slipped(19, "    scene: \"u=42\"").replacingOccurrences(of: "  title: 春季活动", with: "  title: \"春季活动”")] {
            let errors = syntaxErrors(text)
            XCTAssertEqual(errors.count, 1, "\(errors.map(\.message))")
            XCTAssertEqual(errors.first?.range.start.line, 4)
            XCTAssertEqual(errors.first?.range.start.column, 10)
            XCTAssertEqual(errors.first?.message,
                           "this string opened with '\"' at line 4 is closed with the typographic '”' (U+201D) at column 15: YAML needs the ASCII '\"'")
        }
        let single = try XCTUnwrap(syntaxErrors(Self.slipped(4, "  title: '春季活动’") + "expect:\n  header:\n    title: '春季活动'\n").first)
        XCTAssertEqual(single.range.start.line, 4)
        XCTAssertTrue(single.message.contains("typographic '’' (U+2019) at column 15: YAML needs the ASCII '''"), single.message)
        let left = try XCTUnwrap(syntaxErrors(Self.slipped(4, "  title: \"春季活动“")).first)
        XCTAssertTrue(left.message.contains("typographic '“' (U+201C)"), left.message)
    }

    /// A string left open without a typographic quote: at its opening quote, saying where
    /// YAML found the next quote.
    func testAStringThatRunsOnIsReportedWhereItOpens() throws {
        let text = Self.slipped(4, "  title: \"春季活动") .replacingOccurrences(of: "    scene: u=42", with: "    scene: \"u=42\"")
        let error = try XCTUnwrap(syntaxErrors(text).first)
        XCTAssertEqual(error.range.start.line, 4)
        XCTAssertEqual(error.range.start.column, 10)
        XCTAssertEqual(error.message, "this string opened with '\"' runs on to the '\"' at line 19, column 12, so YAML reads the lines between as its text: close it on its line")
    }
}
