@testable import ShareLintKit
import XCTest
import YAMLSyntax

/// `parameters` and `$(name)`: the examples put in place, each use found where it is
/// written, and findings on such values marked as decided on the example, without a fix.
final class ParameterTests: XCTestCase {
    private func lint(_ text: String) -> FileReport {
        Linter(options: LintOptions()).lint(text: text, path: "p.share.yaml", directory: NSTemporaryDirectory())
    }

    private func configuration(_ text: String) throws -> ShareConfiguration {
        let reader = YAMLDocumentReader(buffer: ByteBuffer(copying: Array(text.utf8)))
        let nodes = try XCTUnwrap(reader.next()?.nodes)
        return try XCTUnwrap(Loader.load(nodes, documentIndex: 0).0)
    }

    func testPiecesOfAValue() {
        XCTAssertNil(ParameterSyntax.pieces(of: "no parameters, $5 and (x)"))
        XCTAssertEqual(ParameterSyntax.pieces(of: "a $(x) b $$(y) $(z"),
                       [.text("a "), .parameter("x", scalarOffset: 2), .text(" b $(y) $(z")])
        XCTAssertEqual(ParameterSyntax.pieces(of: "長$(名)"), [.text("長"), .parameter("名", scalarOffset: 1)])
        XCTAssertEqual(ParameterSyntax.pieces(of: "$$(literal)"), [.text("$(literal)")])
        XCTAssertTrue(ParameterSyntax.isValidName("_order2"))
        XCTAssertFalse(ParameterSyntax.isValidName("2order"))
        XCTAssertFalse(ParameterSyntax.isValidName("order-id"))
    }

    func testExamplesAreInPlaceAndUsesAreWhereTheyAreWritten() throws {
        let text = """
            schemaVersion: 1
            parameters:
              inviterID: {kind: integer, example: 42}
              poster: {kind: image, example: a.png}
            metadata:
              title: 邀请 $(inviterID) 号
              messageBody: "扫码 $(inviterID)"
            items:
              - file: $(poster)
              - text: "tab\\there $(inviterID)"
              - text: |
                  line $(inviterID)
            """
        let configuration = try configuration(text)
        XCTAssertEqual(configuration.metadata?.title?.value, "邀请 42 号")
        XCTAssertEqual(configuration.metadata?.messageBody?.value, "扫码 42")
        XCTAssertEqual(configuration.items.first?.representations.first.flatMap { if case .file(let path)? = $0.payload { path.value } else { nil } }, "a.png")
        let uses = configuration.parameterUses
        XCTAssertEqual(uses.map(\.name), ["inviterID", "inviterID", "poster", "inviterID", "inviterID"])
        // Plain and quoted values on one line: the use's own columns.
        XCTAssertEqual(uses[0].range.start, SourcePosition(line: 6, column: 13, offset: uses[0].range.start.offset))
        XCTAssertEqual(uses[0].range.end.column - uses[0].range.start.column, "$(inviterID)".count)
        XCTAssertEqual(uses[1].range.start.column, 20)
        XCTAssertTrue(uses[2].isWholeValue)
        XCTAssertEqual(uses[2].key, "file")
        // An escape before it, or a block text: the whole value.
        XCTAssertEqual(uses[3].range, uses[3].valueRange)
        XCTAssertEqual(uses[4].range, uses[4].valueRange)
    }

    func testAFindingOnAValueWithAParameterIsDecidedOnTheExampleAndHasNoFix() throws {
        let report = lint("""
            schemaVersion: 1
            parameters:
              link: {kind: url, example: "http://example.com/i"}
            items:
              - url: $(link)
              - url: http://example.com/fixed
            """)
        let insecure = report.diagnostics.filter { $0.rule == .insecureURL }
        XCTAssertEqual(insecure.count, 2, "\(report.diagnostics)")
        XCTAssertTrue(insecure[0].message.hasSuffix("(decided on the example of $(link))"), insecure[0].message)
        XCTAssertNil(insecure[0].suggestion, "a fix would write the example over $(link)")
        XCTAssertFalse(insecure[1].message.contains("decided on the example"))
        XCTAssertNotNil(insecure[1].suggestion)
        XCTAssertEqual(report.documents.first?.examples, ["$(link)"])
    }

    func testTheFixedPartIsCheckedAsToday() throws {
        // The fixed part says http: whatever the example, the URL is insecure.
        let report = lint("""
            schemaVersion: 1
            parameters:
              path: {kind: text, example: invite}
            items:
              - url: http://example.com/$(path)
            """)
        XCTAssertEqual(report.diagnostics.filter { $0.rule == .insecureURL }.count, 1)
    }

    func testUndeclaredUnusedAndMisfitParameters() throws {
        let report = lint("""
            schemaVersion: 1
            parameters:
              inviterID: {kind: integer, example: 42}
              orderID: {kind: integer, example: 7}
              flag: {kind: boolean, example: yes}
              2bad: {kind: text, example: x}
            metadata:
              title: 邀请 $(inviterId) $(flag) $(2bad)
            items:
              - type: $(orderID)
                text: hi
            """)
        let byRule = Dictionary(grouping: report.diagnostics, by: \.rule)
        XCTAssertEqual(byRule[.undeclaredParameter]?.first?.suggestion, "$(inviterID)")
        XCTAssertEqual(byRule[.unusedParameter]?.map(\.range.start.line), [3])
        let kinds = byRule[.parameterKind]?.map(\.message) ?? []
        XCTAssertTrue(kinds.contains { $0.contains("true or false") }, "\(kinds)")
        XCTAssertTrue(kinds.contains { $0.hasPrefix("$(flag) is of kind 'boolean'") }, "\(kinds)")
        XCTAssertTrue(kinds.contains { $0.hasPrefix("'type' cannot use a parameter") }, "\(kinds)")
        XCTAssertTrue(byRule[.wrongKind]?.contains { $0.message.contains("'2bad'") } ?? false)
    }

    func testAConfigurationWithoutParametersIsUnchanged() throws {
        let report = lint("schemaVersion: 1\nmetadata:\n  title: 价格 $5 (约)\nitems:\n  - text: $$(x)\n")
        XCTAssertEqual(report.diagnostics.map(\.rule), [])
        XCTAssertEqual(report.documents.first?.examples, [])
    }

    /// Thousands of declarations and uses, half of them misspelt: every one is reported,
    /// with one nearest name looked up per distinct misspelling.
    func testThousandsOfParametersAndUses() throws {
        let count = 3_000
        var text = "schemaVersion: 1\nparameters:\n"
        for i in 0..<count { text += "  p\(i): {kind: text, example: x}\n" }
        text += "items:\n"
        for i in 0..<count { text += "  - text: $(p\(i)) $(q\(i % 10))\n" }
        var options = LintOptions()
        options.maxDiagnosticsPerFile = 100_000
        let report = Linter(options: options).lint(text: text, path: "p.share.yaml", directory: NSTemporaryDirectory())
        XCTAssertEqual(report.diagnostics.filter { $0.rule == .undeclaredParameter }.count, count)
        XCTAssertEqual(report.diagnostics.filter { $0.rule == .unusedParameter }.count, 0)
        XCTAssertEqual(report.documents.first?.examples.count, count)
    }

    /// A long example used many times cannot grow the document past memory: past 4 MiB of
    /// examples the uses are checked as written, said once.
    func testALongExampleUsedOftenStopsAtTheLimit() throws {
        let example = String(repeating: "长", count: 100_000)   // 300,000 bytes
        var text = "schemaVersion: 1\nparameters:\n  big: {kind: text, example: \"\(example)\"}\nitems:\n"
        for _ in 0..<40 { text += "  - text: $(big)\n" }
        let report = lint(text)
        let limits = report.diagnostics.filter { $0.rule == .resourceLimit }
        XCTAssertEqual(limits.count, 1, "\(limits.map(\.message))")
        XCTAssertEqual(limits.first?.range.start.line, 4 + 14, "13 uses fit in 4 MiB; the 14th is checked as written")
        XCTAssertTrue(limits.first?.message.hasPrefix("the examples put in place of parameters exceed 4 MiB") ?? false)
    }
}
