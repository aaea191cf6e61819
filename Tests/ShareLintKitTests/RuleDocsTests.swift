import Foundation
import XCTest
import ShareLintKit

/// docs/rules.md and the README's rule list cannot drift from the rule descriptions.
final class RuleDocsTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testRulesMarkdownIsCurrent() throws {
        let url = root.appendingPathComponent("docs/rules.md")
        let generated = RuleDocs.markdown()
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try Data(generated.utf8).write(to: url)
        }
        let committed = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(committed, generated, "docs/rules.md is stale: run RECORD_SNAPSHOTS=1 swift test --filter RuleDocsTests")
    }

    func testReadmeListsEveryRule() throws {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        for id in RuleCatalog.ids {
            XCTAssertTrue(readme.contains("`\(id)`"), "README.md does not list \(id)")
        }
    }
}
