import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// A golden snapshot per output format, and the schemas against real output.
final class FormatTests: XCTestCase {
    private var samples: URL { CLI.packageRoot.appendingPathComponent("samples") }
    private let inputs = ["invalid/typos.share.yaml", "invalid/unclosed-quote.share.yaml", "invalid/link-metadata.share.yaml",
                          "invalid/tab-indent.share.yaml", "campaign-set.share.yaml"]

    func testSARIFGolden() throws {
        let result = try CLI.run(["validate", "--format", "sarif"] + inputs, in: samples)
        XCTAssertEqual(result.status, 1)
        try CLI.assertGolden(result.stdout.replacingOccurrences(of: "\"version\": \"\(try version())\"", with: "\"version\": \"VERSION\""), "report.sarif")
        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let run = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual(run["columnKind"] as? String, "unicodeCodePoints")
        let rules = try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let catalog = try CLI.run(["rules"]).stdout.split(separator: "\n").count
        XCTAssertEqual(rules.count, catalog)
        XCTAssertTrue(rules.allSatisfy { ($0["help"] as? [String: Any])?["text"] as? String != nil })
    }

    func testGitHubGolden() throws {
        let result = try CLI.run(["validate", "--format", "github"] + inputs, in: samples)
        XCTAssertEqual(result.status, 1)
        try CLI.assertGolden(result.stdout, "report.github.txt")
        let auto = try CLI.run(["validate"] + inputs, in: samples, environment: ["GITHUB_ACTIONS": "true"])
        XCTAssertEqual(auto.stdout, result.stdout, "GITHUB_ACTIONS=true picks the github format")
    }

    func testXcodeGolden() throws {
        let result = try CLI.run(["validate", "--format", "xcode"] + inputs, in: samples)
        XCTAssertEqual(result.status, 1)
        try CLI.assertGolden(result.stdout, "report.xcode.txt")
        XCTAssertEqual(result.stderr, "sharelint: 4 errors, 3 warnings, and 1 info in 5 files (8 documents)\n")
    }

    func testJUnitGolden() throws {
        let result = try CLI.run(["validate", "--format", "junit"] + inputs, in: samples)
        XCTAssertEqual(result.status, 1)
        try CLI.assertGolden(result.stdout, "report.junit.xml")
        let document = try XMLDocument(xmlString: result.stdout)
        let failures = try document.nodes(forXPath: "//failure").count
        XCTAssertEqual(failures, 3, "one failure per failing testcase (document), not per error")
        XCTAssertEqual(try document.nodes(forXPath: "//testsuite").count, inputs.count)
        XCTAssertEqual(try document.nodes(forXPath: "//testcase").count, 8)
        try assertJUnitCountsAreConsistent(document)
        // A file with many errors in one document still has failures <= tests.
        let many = try CLI.run(["validate", "--format", "junit", "--root", "..", "invalid/urls.share.yaml", "invalid/types.share.yaml"], in: samples)
        try assertJUnitCountsAreConsistent(try XMLDocument(xmlString: many.stdout))
    }

    /// What CI servers' JUnit schemas expect: at most one failure per testcase, and
    /// `tests`/`failures` on each suite and on the root equal to what they hold.
    private func assertJUnitCountsAreConsistent(_ document: XMLDocument, file: StaticString = #filePath, line: UInt = #line) throws {
        func int(_ node: XMLNode, _ name: String) -> Int? {
            ((node as? XMLElement)?.attribute(forName: name)?.stringValue).flatMap { Int($0) }
        }
        var totalTests = 0, totalFailures = 0
        for suite in try document.nodes(forXPath: "//testsuite") {
            let cases = try suite.nodes(forXPath: "testcase")
            var failing = 0
            for testCase in cases {
                let count = try testCase.nodes(forXPath: "failure").count
                XCTAssertLessThanOrEqual(count, 1, "several failures in one testcase", file: file, line: line)
                failing += count
            }
            XCTAssertEqual(int(suite, "tests"), cases.count, file: file, line: line)
            XCTAssertEqual(int(suite, "failures"), failing, file: file, line: line)
            XCTAssertLessThanOrEqual(failing, cases.count, file: file, line: line)
            totalTests += cases.count
            totalFailures += failing
        }
        let root = try XCTUnwrap(document.rootElement())
        XCTAssertEqual(int(root, "tests"), totalTests, file: file, line: line)
        XCTAssertEqual(int(root, "failures"), totalFailures, file: file, line: line)
    }

    func testTextGolden() throws {
        let result = try CLI.run(["validate", "--color", "never"] + inputs, in: samples)
        try CLI.assertGolden(result.stdout, "report.txt")
    }

    func testJSONReportMatchesItsSchema() throws {
        let schema = try MiniJSONSchema(Data(contentsOf: CLI.packageRoot.appendingPathComponent("Schemas/sharelint-report.schema.json")))
        for arguments in [["validate", ".", "invalid"], ["header", "."], ["validate", "-"]] {
            let result = try CLI.run(arguments + ["--format", "json"], in: samples, stdin: "schemaVersion: 1\nitems: [{text: hi}]\n")
            let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
            XCTAssertEqual(schema.validate(json), [], "\(arguments)")
        }
        // The validator itself can fail.
        XCTAssertFalse(schema.validate(["version": 2, "files": [], "summary": [:]]).isEmpty)
    }

    func testConfigurationSchemaIsCurrentAndAcceptsTheSamples() throws {
        let printed = try CLI.run(["schema"]).stdout
        try CLI.assertGolden(printed, "../../../Schemas/share-configuration.schema.json")
        let schema = try MiniJSONSchema(Data(printed.utf8))
        let good: [String: Any] = ["schemaVersion": 1, "items": [["type": "public.png", "file": "a.png"], ["representations": [["text": "hi"]]]]]
        XCTAssertEqual(schema.validate(good), [])
        let bad: [[String: Any]] = [
            ["schemaVersion": 1, "items": [["text": "a", "url": "b"]]],
            ["schemaVersion": 1, "items": [["type": "public.png", "representations": [["text": "a"]]]]],
            ["schemaVersion": 2],
            ["schemaVersion": 1, "mesageBody": "x"],
            ["schemaVersion": 1, "applicationActivities": [["type": "com.example.a", "title": "A", "category": "acton"]]],
        ]
        for document in bad { XCTAssertFalse(schema.validate(document).isEmpty, "\(document)") }
    }

    private func version() throws -> String {
        try CLI.run(["--version"]).stdout.replacingOccurrences(of: "sharelint ", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
