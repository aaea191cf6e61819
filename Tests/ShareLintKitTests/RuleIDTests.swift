@testable import ShareLintKit
import XCTest

/// The rule id constants (`RuleIDs.swift`) are the catalogue's ids: one constant per rule,
/// none for a rule that does not exist.
final class RuleIDTests: XCTestCase {
    func testEveryRuleHasItsConstantAndNoOther() {
        XCTAssertEqual(RuleID.all.sorted(), RuleCatalog.ids.sorted())
        XCTAssertEqual(Set(RuleID.all).count, RuleID.all.count, "each constant once")
        XCTAssertEqual(RuleID.yamlSyntax.rawValue, "yaml-syntax")
    }
}
