import XCTest
@testable import YAMLSyntax

/// A plain scalar goes on across lines indented more than its key (or its `-`): libyaml
/// reads those lines as text, full-width punctuation included, so the scan finds no slip
/// on them. A line that libyaml reads as a key of its own is still judged as one.
final class PlainContinuationScanTests: XCTestCase {
    private func slips(_ text: String) -> [PunctuationSlip] {
        Array(text.utf8).withUnsafeBufferPointer { PunctuationSlips.find(in: $0) }
    }

    private func lines(_ found: [PunctuationSlip]) -> [String] {
        found.map { "\($0.range.start.line):\($0.range.start.column) \($0.replacement)" }
    }

    /// Texts libyaml reads as one plain scalar going on past its first line.
    static let continuations: [String] = [
        "metadata:\n  title: 周末活动\n    Time： Saturday\n",
        "metadata:\n  messageBody: 扫码进入\n    Tags： ［sale，new］\n",
        "metadata:\n  messageBody: 扫码进入\n    － Sunday\n",
        "metadata:\n  messageBody: 扫码进入\n    \u{3000}Note： 广场\n",
        "metadata:\n  messageBody: Scan the code\n    join：Saturday,Sunday、Monday\n",
        "items:\n  - text: 周末活动\n      Time： Saturday， Sunday、 Monday\n",
        "items:\n  - text:\n      周末活动\n      Time： Saturday\n",
        "items:\n  - 周末活动\n    Time： Saturday\n",
        "items:\n- 周末活动\n  Time： Saturday\n",
        "metadata:\n  messageBody: 扫码\n\n    Time： Saturday\n    Place： 广场\n",
        "metadata:\n  title: “周末”\n    活动\n",
        "items:\n  - text: ［sale］\n      Time： x\n",
    ]

    func testTheLinesOfAPlainScalarAreText() {
        for text in Self.continuations {
            XCTAssertEqual(lines(slips(text)), [], text)
            let crlf = text.replacingOccurrences(of: "\n", with: "\r\n")
            XCTAssertEqual(lines(slips(crlf)), [], crlf)
        }
        // The key's own colon is a slip; what goes on below it is its value's text.
        XCTAssertEqual(lines(slips("metadata:\n  title： 周末活动\n    Time： Saturday\n")), ["2:8 :"])
    }

    /// Where libyaml ends the plain scalar, the next line is judged as it stands: at the
    /// key's own indentation, after a comment, or below a value that is not plain.
    func testWhereThePlainScalarEndsSlipsAreFound() {
        XCTAssertEqual(lines(slips("metadata:\n  title: 周末活动\n  Time： Saturday\n")), ["3:7 :"])
        XCTAssertEqual(lines(slips("metadata:\n  title: 周末活动 # 注释\n    Time： Saturday\n")), ["3:9 :"])
        XCTAssertEqual(lines(slips("metadata:\n  title: 周末活动\n    # 注释\n    Time： Saturday\n")), ["4:9 :"])
        XCTAssertEqual(lines(slips("metadata:\n  title: \"周末活动\"\n  Time： Saturday\n")), ["3:7 :"])
        XCTAssertEqual(lines(slips("items:\n  - text: 周末活动\n    type： public.plain-text\n")), ["3:9 :"])
        XCTAssertEqual(lines(slips("metadata:\n  title:\n    subtitle： 周末活动\n")), ["3:13 :"])
        // Typographic quotes around a value that ends on its line are still found.
        XCTAssertEqual(slips("metadata:\n  title: “周末”\n  messageBody: a\n").map(\.kind), [.quotes])
    }
}
