@testable import ShareLintKit
import XCTest

/// `when:`: entries present under a boolean parameter, checked and predicted per variant.
final class ConditionTests: XCTestCase {
    private func lint(_ text: String, destinations: Bool = false) -> FileReport {
        var options = LintOptions()
        options.includesDestinations = destinations
        return Linter(options: options).lint(text: text, path: "c.share.yaml", directory: NSTemporaryDirectory())
    }

    func testTheSyntaxOfACondition() {
        XCTAssertEqual(Condition.parse("$(isMember)")?.name, "isMember")
        XCTAssertEqual(Condition.parse("$(isMember)")?.presentWhen, true)
        XCTAssertEqual(Condition.parse("not $(isMember)")?.presentWhen, false)
        XCTAssertEqual(Condition.parse("not  $(isMember)")?.tokenOffset, 5)
        XCTAssertNil(Condition.parse("isMember"))
        XCTAssertNil(Condition.parse("$(a) and $(b)"))
        XCTAssertNil(Condition.parse("!$(a)"))
    }

    func testEachVariantIsPredictedAndAFindingOfSomeSaysWhich() throws {
        let report = lint("""
            schemaVersion: 1
            parameters:
              isMember: {kind: boolean, example: true}
            metadata:
              title: 优惠券
            items:
              - text: 会员专享
                when: $(isMember)
              - url: http://example.com/guest
                when: not $(isMember)
            excludedActivityTypes:
              - saveToCameraRoll
              - {type: airDrop, when: not $(isMember)}
            """, destinations: true)
        let document = try XCTUnwrap(report.documents.first)
        XCTAssertEqual(document.variants.map { $0.variant.values.map(\.value) }, [[true], [false]])
        XCTAssertEqual(document.header, document.variants.first?.header)
        // AirDrop is excluded only for guests.
        let airDrop = document.variants.map { $0.destinations?.destinations.first { $0.name == "airDrop" }?.availability }
        XCTAssertEqual(airDrop, [.offered, .notOffered])
        // The insecure URL exists only for guests, and says so.
        let insecure = try XCTUnwrap(report.diagnostics.first { $0.rule == .insecureURL })
        XCTAssertTrue(insecure.message.hasSuffix("(when $(isMember) is false)"), insecure.message)
        XCTAssertEqual(insecure.range.start.line, 9)
        XCTAssertEqual(report.diagnostics.filter { $0.rule == .insecureURL }.count, 1, "one finding, not one per variant")
        // Nothing marks a finding every variant has.
        XCTAssertFalse(report.diagnostics.contains { $0.rule == .unusedParameter })
    }

    func testAParameterUsedOnlyInAConditionalEntryIsUsed() throws {
        let used = lint("""
            schemaVersion: 1
            parameters:
              isMember: {kind: boolean, example: true}
              code: {kind: text, example: SPRING-42}
            metadata:
              title: 优惠券
            items:
              - text: 优惠券
              - text: 会员码 $(code)
                when: $(isMember)
            """)
        XCTAssertFalse(used.diagnostics.contains { $0.rule == .unusedParameter }, used.diagnostics.map(\.message).joined(separator: "\n"))
        // A parameter no variant uses is still reported, once and without a variant.
        let unused = lint("""
            schemaVersion: 1
            parameters:
              isMember: {kind: boolean, example: true}
              code: {kind: text, example: SPRING-42}
            metadata:
              title: 优惠券
            items:
              - text: 优惠券
              - text: 会员专享
                when: $(isMember)
            """)
        let findings = unused.diagnostics.filter { $0.rule == .unusedParameter }
        XCTAssertEqual(findings.count, 1)
        XCTAssertFalse(findings.first?.message.contains("(when") ?? true)
    }

    func testAVariantWithEveryItemLeftOutSharesNothing() throws {
        let report = lint("""
            schemaVersion: 1
            parameters:
              hasCode: {kind: boolean, example: true}
            items:
              - text: 取货码 42
                when: $(hasCode)
            """)
        let empty = try XCTUnwrap(report.diagnostics.first { $0.rule == .emptyConfiguration })
        XCTAssertTrue(empty.message.hasSuffix("(when $(hasCode) is false)"), empty.message)
    }

    func testManyConditionsArePredictedEachOnItsOwn() throws {
        let names = ["a", "b", "c", "d", "e"]
        let text = "schemaVersion: 1\nparameters:\n" + names.map { "  \($0): {kind: boolean, example: true}\n" }.joined()
            + "metadata:\n  title: 券\nitems:\n" + names.map { "  - text: \($0)\n    when: $(\($0))\n" }.joined()
        let document = try XCTUnwrap(lint(text).documents.first)
        // Each true and false with the others at their examples (true): 5 + 1 distinct variants.
        XCTAssertEqual(document.variants.count, 6)
        XCTAssertEqual(document.variantsNote?.english,
                       "conditions read 5 parameters: each is predicted true and false on its own, the others at their examples (all combinations would be 32)")
        let four = try XCTUnwrap(lint(text.replacingOccurrences(of: "  e: {kind: boolean, example: true}\n", with: "")
            .replacingOccurrences(of: "  - text: e\n    when: $(e)\n", with: "")).documents.first)
        XCTAssertEqual(four.variants.count, 16)
        XCTAssertNil(four.variantsNote)
    }

    func testAConditionOnWhatIsNotABooleanIsReportedAndKeepsItsEntry() throws {
        let report = lint("""
            schemaVersion: 1
            parameters:
              code: {kind: text, example: x}
            metadata:
              title: 券 $(code)
            items:
              - text: a
                when: $(code)
              - text: b
                when: isMember
            """)
        XCTAssertEqual(report.documents.first?.variants.count, 0)
        XCTAssertEqual(Set(report.diagnostics.map(\.rule)), [.parameterKind, .wrongKind])
        XCTAssertTrue(report.diagnostics.contains { $0.message.hasPrefix("'when' takes $(name) or not $(name)") })
    }

    /// A hostile file with a hundred conditions is read a bounded number of times.
    func testHundredsOfConditionsAreReadABoundedNumberOfTimes() throws {
        let names = (0..<100).map { "flag\($0)" }
        let text = "schemaVersion: 1\nparameters:\n" + names.map { "  \($0): {kind: boolean, example: true}\n" }.joined()
            + "metadata:\n  title: 券\nitems:\n" + names.map { "  - text: \($0)\n    when: $(\($0))\n" }.joined()
        let document = try XCTUnwrap(lint(text).documents.first)
        // The examples' variant, then each of the first 16 false on its own.
        XCTAssertEqual(document.variants.count, 1 + Variant.mostOnTheirOwn)
        XCTAssertEqual(document.variantsNote?.english,
                       "conditions read 100 parameters: the first 16 are each predicted true and false on their own, the others stay at their examples")
    }
}
