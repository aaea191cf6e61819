import Foundation
import XCTest

/// Every message on every invalid sample in Chinese, whichever way the language is chosen,
/// with the same findings as the English run.
final class ChineseOutputTests: XCTestCase {
    /// A diagnostic line: `path:line:column: severity：message [rule]` (Chinese) or
    /// `path:line:column: severity: message [rule]` (English).
    private struct Line: Equatable {
        var position: String
        var severity: String
        var message: String
        var rule: String
    }

    private func diagnostics(_ output: String) -> [Line] {
        let pattern = /^(\S+:\d+:\d+): (\S+?)(?:：|: )(.*) \[([a-z0-9-]+)\]$/
        return output.split(separator: "\n").compactMap { line in
            guard let match = line.wholeMatch(of: pattern) else { return nil }
            return Line(position: String(match.1), severity: String(match.2), message: String(match.3), rule: String(match.4))
        }
    }

    private func hasChinese(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
    }

    private func assertChinese(_ result: CLI.Result, english: [Line], _ how: String, file: StaticString = #filePath, line: UInt = #line) {
        let lines = diagnostics(result.stdout)
        XCTAssertEqual(result.status, 1, how, file: file, line: line)
        XCTAssertEqual(lines.map { [$0.position, $0.rule] }, english.map { [$0.position, $0.rule] },
                       "\(how): the same findings at the same places as in English", file: file, line: line)
        for diagnostic in lines {
            XCTAssertTrue(["错误", "警告", "提示"].contains(diagnostic.severity), "\(how): \(diagnostic)", file: file, line: line)
            XCTAssertTrue(hasChinese(diagnostic.message), "\(how): a message without Chinese: \(diagnostic)", file: file, line: line)
            XCTAssertNil(diagnostic.message.firstMatch(of: /\{[A-Za-z]+\}/), "\(how): a placeholder left: \(diagnostic)", file: file, line: line)
        }
        let summary = result.stdout.split(separator: "\n").last ?? ""
        XCTAssertTrue(hasChinese(summary), "\(how): the summary \(summary)", file: file, line: line)
        for note in result.stderr.split(separator: "\n") where note.hasPrefix("sharelint:") {
            XCTAssertTrue(hasChinese(note), "\(how): a note in English: \(note)", file: file, line: line)
        }
    }

    func testEveryMessageOnEveryInvalidSampleIsChinese() throws {
        let arguments = ["validate", "--color", "never", "samples/invalid"]
        let plain = ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"]
        let english = try CLI.run(arguments, environment: plain)
        let englishLines = diagnostics(english.stdout)
        XCTAssertGreaterThan(englishLines.count, 100, "the invalid samples' findings are read")
        XCTAssertTrue(englishLines.allSatisfy { ["error", "warning", "info"].contains($0.severity) })

        assertChinese(try CLI.run(arguments + ["--locale", "zh-Hans"], environment: plain), english: englishLines, "--locale zh-Hans")
        assertChinese(try CLI.run(arguments, environment: plain.merging(["LANG": "zh_CN.UTF-8"]) { $1 }), english: englishLines, "LANG=zh_CN.UTF-8")
        assertChinese(try CLI.run(arguments, environment: plain.merging(["LC_MESSAGES": "zh_SG"]) { $1 }), english: englishLines, "LC_MESSAGES=zh_SG")
        // LC_ALL comes first: a Traditional Chinese LC_ALL is English whatever LANG says.
        let traditional = try CLI.run(arguments, environment: ["LC_ALL": "zh_TW.UTF-8", "LC_MESSAGES": "", "LANG": "zh_CN.UTF-8"])
        XCTAssertEqual(diagnostics(traditional.stdout), englishLines)
    }

    func testTheEnvironmentChoosesTheWordsAndNotTheHeader() throws {
        // The header's locale (what header-mismatch compares) changes only with --locale or
        // locale:, so a run gives the same result on every machine.
        let arguments = ["header", "samples/invalid/no-header-preview.share.yaml"]
        let english = try CLI.run(arguments, environment: ["LC_ALL": "C"])
        let chinese = try CLI.run(arguments, environment: ["LC_ALL": "zh_CN.UTF-8"])
        XCTAssertEqual(english.status, chinese.status)
        XCTAssertNotEqual(english.stdout, chinese.stdout)
        XCTAssertTrue(hasChinese(chinese.stdout))
        let json = { (environment: [String: String]) throws -> [String: Any] in
            let run = try CLI.run(["validate", "--format", "json", "samples/invalid/header-mismatch.share.yaml"], environment: environment)
            return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        }
        let inEnglish = try json(["LC_ALL": "C"]), inChinese = try json(["LC_ALL": "zh_CN.UTF-8"])
        XCTAssertEqual(inEnglish["locale"] as? String, "en")
        XCTAssertEqual(inChinese["locale"] as? String, "zh-Hans")
        let rules = { (report: [String: Any]) -> [String] in
            let files = report["files"] as? [[String: Any]] ?? []
            return files.flatMap { ($0["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String } }
        }
        XCTAssertEqual(rules(inEnglish), rules(inChinese))
        XCTAssertTrue(rules(inEnglish).contains("header-mismatch"))
    }
}
