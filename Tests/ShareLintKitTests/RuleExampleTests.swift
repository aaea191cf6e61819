import Foundation
import ShareLintMessages
import Testing
import YAMLSyntax
@testable import ShareLintKit

/// Runs every rule's examples, one test case per rule: triggering examples must report
/// the rule exactly at the `↓` marks, non-triggering ones must not report it (nor any
/// error).
@Suite("Rule examples")
struct RuleExampleTests {
    static let ids = RuleCatalog.ids.map(\.rawValue)

    private func lint(_ text: String, files: [String: [UInt8]]) -> FileReport {
        Linter().lint(bytes: Array(text.utf8), displayPath: "example.share.yaml", directory: "",
                      files: InMemoryFileSystem(files: files))
    }

    private func positions(_ report: FileReport, of rule: RuleID) -> [SourcePosition] {
        report.diagnostics.filter { $0.rule == rule }
            .map { SourcePosition(line: $0.range.start.line, column: $0.range.start.column) }.sorted()
    }

    private func description(_ id: String) throws -> RuleDescription {
        try #require(RuleCatalog.description(of: RuleID(rawValue: id)))
    }

    @Test("every rule has examples, and ids are unique kebab-case")
    func catalog() throws {
        #expect(Set(Self.ids).count == Self.ids.count)
        for id in Self.ids {
            #expect(id.range(of: "^[a-z]+(-[a-z0-9]+)*$", options: .regularExpression) != nil, "\(id)")
            let d = try description(id)
            #expect(!d.triggering.isEmpty, "\(id) has no triggering example")
            #expect(!d.nonTriggering.isEmpty, "\(id) has no non-triggering example")
            #expect(d.triggering.allSatisfy { !$0.markedPositions.isEmpty }, "\(id): a triggering example without a ↓ mark")
        }
    }

    @Test("an example's files are made when asked for, not with its description")
    func filesAreMadeWhenAskedFor() {
        final class Count: @unchecked Sendable { var value = 0 }
        let count = Count()
        let example = RuleExample("items: []\n", files: { count.value += 1; return ["a.png": [1, 2]] }())
        #expect(count.value == 0)
        #expect(example.files == ["a.png": [1, 2]])
        #expect(count.value == 1)
    }

    @Test("the warm-up document is read whole: its image is inspected and only the problems it is written with are reported")
    func warmUpDocument() {
        let report = Linter.warmUpReport()
        #expect(report.documents.count == 1)
        #expect(Set(report.diagnostics.map(\.rule.rawValue)) == ["photo-library-usage", "preview-size", "activity-image", "header-mismatch"])
    }

    @Test("triggering examples report at the marks", arguments: ids)
    func triggering(_ id: String) throws {
        for example in try description(id).triggering {
            let report = lint(example.text, files: example.files)
            #expect(positions(report, of: RuleID(rawValue: id)) == example.markedPositions.sorted(),
                    "\(example.source)\n\(report.diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.rule) \($0.message)" })")
        }
    }

    /// A message says what is wrong and what to do in one terminal line, in English and
    /// in Chinese (a Chinese character counts one); the long explanation is the rule's
    /// rationale (`sharelint explain RULE`). The user's own quoted values ('…', opened
    /// and closed outside a word) do not count. No placeholder is left unfilled.
    @Test("every message of the triggering examples is at most 160 characters besides quoted values, in both languages", arguments: ids)
    func messagesFitOnALine(_ id: String) throws {
        for example in try description(id).triggering {
            for diagnostic in lint(example.text, files: example.files).diagnostics {
                for language in Language.allCases {
                    let message = diagnostic.message(in: language)
                    let length = message.replacingOccurrences(
                        of: "(?<![A-Za-z0-9])'[^']*'(?![A-Za-z0-9])", with: "''", options: .regularExpression).count
                    #expect(length <= 160, "[\(diagnostic.rule)] \(language) \(length) characters: \(message)")
                    #expect(message.range(of: "\\{[A-Za-z0-9]+\\}", options: .regularExpression) == nil, "[\(diagnostic.rule)] unfilled: \(message)")
                }
            }
        }
    }

    @Test("non-triggering examples are clean", arguments: ids)
    func nonTriggering(_ id: String) throws {
        for example in try description(id).nonTriggering {
            let report = lint(example.text, files: example.files)
            #expect(positions(report, of: RuleID(rawValue: id)) == [], "\(example.source)")
            #expect(report.diagnostics.filter { $0.severity == .error } == [], "\(example.source)")
        }
    }

    /// What a file's documents share (`FileMemo`: path facts and verdicts, type facts,
    /// decisions) must not change what each reports: the example three times in one
    /// stream reports at the marks of every copy.
    @Test("an example repeated in a stream reports in every document", arguments: ids)
    func repeatedInAStream(_ id: String) throws {
        for example in try description(id).triggering where !example.text.contains("---") && !example.text.hasPrefix("%") {
            let lines = example.text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 } + (example.text.hasSuffix("\n") ? 0 : 1)
            let stream = (0..<3).map { _ in "---\n" + example.text + (example.text.hasSuffix("\n") ? "" : "\n") }.joined()
            let report = lint(stream, files: example.files)
            // Without an Info.plist, photo-library-usage gives its note once per file.
            let copies = id == "photo-library-usage" ? 1 : 3
            let expected = (0..<copies).flatMap { k in
                example.markedPositions.map { SourcePosition(line: $0.line + 1 + k * (lines + 1), column: $0.column) }
            }.sorted()
            #expect(positions(report, of: RuleID(rawValue: id)) == expected, "\(example.source)")
        }
    }

    /// Content authors write Chinese: a CJK and emoji line before every example must
    /// shift each diagnostic down one line and leave columns (in scalars) alone.
    @Test("a multi-byte line prepended shifts lines only", arguments: ids)
    func multiByteLinePrepended(_ id: String) throws {
        for example in try description(id).triggering {
            let report = lint("# 邀请好友 🎉 扫码进入小程序\n" + example.text, files: example.files)
            let expected = example.markedPositions.map { SourcePosition(line: $0.line + 1, column: $0.column) }.sorted()
            #expect(positions(report, of: RuleID(rawValue: id)) == expected, "\(example.source)")
        }
    }

    /// The catalog runs by direct calls (`CatalogCheck`); any other list of rules runs one by
    /// one through `any Rule`. The same rules in reverse order take the second way: every
    /// example reports the same diagnostics both ways.
    @Test("the catalog's direct calls report what the rules report one by one", arguments: ids)
    func directCallsReportAsTheRuleList(_ id: String) throws {
        let reversed = Linter(rules: RuleCatalog.all.reversed())
        let d = try description(id)
        for example in d.triggering + d.nonTriggering {
            let direct = lint(example.text, files: example.files)
            let listed = reversed.lint(bytes: Array(example.text.utf8), displayPath: "example.share.yaml", directory: "",
                                       files: InMemoryFileSystem(files: example.files))
            #expect(direct.diagnostics == listed.diagnostics, "\(example.source)")
        }
    }
}
