import XCTest
import YAMLSyntax
@testable import ShareLintKit

/// Runs every rule's examples: triggering ones must report the rule exactly at the
/// `↓` marks, non-triggering ones must not report it (nor any error).
final class RuleExampleTests: XCTestCase {
    private func lint(_ text: String, files: [String: [UInt8]]) -> FileReport {
        Linter().lint(bytes: Array(text.utf8), displayPath: "example.share.yaml", directory: "",
                      files: InMemoryFileSystem(files: files))
    }

    private func positions(_ report: FileReport, of rule: RuleID) -> [SourcePosition] {
        report.diagnostics.filter { $0.rule == rule }.map { SourcePosition(line: $0.range.start.line, column: $0.range.start.column) }.sorted()
    }

    func testEveryRuleHasExamples() {
        for rule in RuleCatalog.all {
            XCTAssertFalse(rule.description.triggering.isEmpty, "\(rule.description.id) has no triggering example")
            XCTAssertFalse(rule.description.nonTriggering.isEmpty, "\(rule.description.id) has no non-triggering example")
            for example in rule.description.triggering {
                XCTAssertFalse(example.markedPositions.isEmpty, "\(rule.description.id): a triggering example without a ↓ mark")
            }
        }
    }

    func testRuleIDsAreUniqueAndKebabCase() {
        let ids = RuleCatalog.ids.map(\.rawValue)
        XCTAssertEqual(Set(ids).count, ids.count)
        for id in ids {
            XCTAssertNotNil(id.range(of: "^[a-z]+(-[a-z0-9]+)*$", options: .regularExpression), id)
        }
    }

    func testTriggeringExamplesReportAtTheMarks() {
        for rule in RuleCatalog.all {
            let id = rule.description.id
            for example in rule.description.triggering {
                let report = lint(example.text, files: example.files)
                XCTAssertEqual(positions(report, of: id), example.markedPositions.sorted(),
                               "\(id) triggering example:\n\(example.source)\ndiagnostics: \(report.diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.rule) \($0.message)" })")
            }
        }
    }

    func testNonTriggeringExamplesAreClean() {
        for rule in RuleCatalog.all {
            let id = rule.description.id
            for example in rule.description.nonTriggering {
                let report = lint(example.text, files: example.files)
                XCTAssertEqual(positions(report, of: id), [], "\(id) non-triggering example:\n\(example.source)")
                let errors = report.diagnostics.filter { $0.severity == .error }
                XCTAssertEqual(errors, [], "\(id) non-triggering example has errors:\n\(example.source)")
            }
        }
    }

    /// Content authors write Chinese: a CJK and emoji line before every example must
    /// shift each diagnostic down one line and leave columns (in scalars) alone.
    func testExamplesWithMultiByteLinePrepended() {
        for rule in RuleCatalog.all {
            let id = rule.description.id
            for example in rule.description.triggering {
                let report = lint("# 邀请好友 🎉 扫码进入小程序\n" + example.text, files: example.files)
                let expected = example.markedPositions.map { SourcePosition(line: $0.line + 1, column: $0.column) }.sorted()
                XCTAssertEqual(positions(report, of: id), expected, "\(id) with a CJK line prepended:\n\(example.source)")
            }
        }
    }
}
