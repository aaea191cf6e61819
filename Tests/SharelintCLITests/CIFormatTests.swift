import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// The checkstyle and GitLab Code Quality reports against their formats, and what CI
/// readers of every report rely on: JUnit failures agree with the exit code, GitHub
/// columns only on one-line ranges.
final class CIFormatTests: XCTestCase {
    private var samples: URL { CLI.packageRoot.appendingPathComponent("samples") }
    private let inputs = ["invalid/typos.share.yaml", "invalid/unclosed-quote.share.yaml", "invalid/link-metadata.share.yaml",
                          "invalid/tab-indent.share.yaml", "campaign-set.share.yaml"]
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-ci-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    /// The parsed report; fails (instead of crashing at the first XPath query, as
    /// FoundationXML does on a document without a root) when it is not XML.
    private func xml(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> XMLDocument {
        let document = try XMLDocument(xmlString: text)
        _ = try XCTUnwrap(document.rootElement(), "not XML: \(text.prefix(200))", file: file, line: line)
        return document
    }

    private func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: dir.appendingPathComponent(name))
    }

    // MARK: checkstyle

    func testCheckstyleGoldenAndStructure() throws {
        let result = try CLI.run(["validate", "--format", "checkstyle"] + inputs, in: samples)
        XCTAssertEqual(result.status, 1)
        try CLI.assertGolden(result.stdout, "report.checkstyle.xml")
        let document = try xml(result.stdout)
        XCTAssertEqual(try assertCheckstyleStructure(document), 8, "one <error> per diagnostic (4 errors, 3 warnings, 1 info)")
        XCTAssertEqual(try document.nodes(forXPath: "/checkstyle/file").count, inputs.count, "every file linted, also a clean one")
        XCTAssertEqual(try document.nodes(forXPath: "//error[@source='sharelint.unknown-type' and @line='8' and @column='11']").count, 1)
        try assertWellFormedByXmllint(result.stdout)
    }

    /// Markup characters in a file name and in a message, and a control character XML 1.0
    /// cannot carry even escaped, still make a well-formed report with the text kept.
    func testCheckstyleEscapesEverything() throws {
        let name = "a&b<'\"c\".share.yaml"
        try write(name, "schemaVersion: 1\nmetadata:\n  \"mesage\\x01Body <&>\": hi\nitems:\n  - text: hi\n")
        let result = try CLI.run(["validate", "--format", "checkstyle", name], in: dir)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertFalse(result.stdout.unicodeScalars.contains { $0.value == 1 }, "U+0001 never reaches the XML")
        let document = try xml(result.stdout)
        XCTAssertEqual(try assertCheckstyleStructure(document), 2)
        let file = try XCTUnwrap(try document.nodes(forXPath: "/checkstyle/file").first as? XMLElement)
        XCTAssertEqual(file.attribute(forName: "name")?.stringValue, name)
        let message = try XCTUnwrap((try document.nodes(forXPath: "//error").first as? XMLElement)?.attribute(forName: "message")?.stringValue)
        XCTAssertTrue(message.contains("mesage\u{FFFD}Body <&>"), message)
        try assertWellFormedByXmllint(result.stdout)
    }

    /// The structure of checkstyle's XSD (checkstyle 4.3 reports, as Jenkins' and
    /// reviewdog's readers take them): a `checkstyle` root with a `version`; `file`
    /// children with a `name`; in each, `error` elements with `line` (a positive integer),
    /// an optional `column` (a positive integer), `severity` (ignore, info, warning or
    /// error), `message` and `source`, and nothing else. Returns the number of errors.
    @discardableResult
    private func assertCheckstyleStructure(_ document: XMLDocument, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        func attributes(_ element: XMLElement) -> [String: String] {
            Dictionary(uniqueKeysWithValues: (element.attributes ?? []).map { ($0.name ?? "", $0.stringValue ?? "") })
        }
        func positive(_ text: String?) -> Bool { text.flatMap { Int($0) }.map { $0 >= 1 } ?? false }
        let root = try XCTUnwrap(document.rootElement(), file: file, line: line)
        XCTAssertEqual(root.name, "checkstyle", file: file, line: line)
        XCTAssertEqual(Set(attributes(root).keys), ["version", "xml:lang"], file: file, line: line)
        var errors = 0
        for child in root.children ?? [] where child.kind == .element {
            let fileElement = try XCTUnwrap(child as? XMLElement, file: file, line: line)
            XCTAssertEqual(fileElement.name, "file", file: file, line: line)
            XCTAssertEqual(Set(attributes(fileElement).keys), ["name"], file: file, line: line)
            for grandchild in fileElement.children ?? [] where grandchild.kind == .element {
                let error = try XCTUnwrap(grandchild as? XMLElement, file: file, line: line)
                XCTAssertEqual(error.name, "error", file: file, line: line)
                let values = attributes(error)
                XCTAssertTrue(Set(values.keys).isSubset(of: ["line", "column", "severity", "message", "source"]), "\(values.keys)", file: file, line: line)
                XCTAssertTrue(Set(values.keys).isSuperset(of: ["line", "severity", "message", "source"]), "\(values.keys)", file: file, line: line)
                XCTAssertTrue(positive(values["line"]), file: file, line: line)
                if let column = values["column"] { XCTAssertTrue(positive(column), file: file, line: line) }
                XCTAssertTrue(["ignore", "info", "warning", "error"].contains(values["severity"] ?? ""), file: file, line: line)
                XCTAssertTrue(values["source"]?.hasPrefix("sharelint.") == true, file: file, line: line)
                XCTAssertEqual(error.children?.filter { $0.kind == .element }.count ?? 0, 0, file: file, line: line)
                errors += 1
            }
        }
        return errors
    }

    /// libxml2's own parser on the report, when `xmllint` is installed (Debian: libxml2-utils).
    private func assertWellFormedByXmllint(_ xml: String, file: StaticString = #filePath, line: UInt = #line) throws {
        guard let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/opt/homebrew/bin/xmllint"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) else {
            print("xmllint not found (apt-get install libxml2-utils): the well-formedness check by libxml2 is skipped")
            return
        }
        let report = dir.appendingPathComponent("report-\(UUID().uuidString).xml")
        try Data(xml.utf8).write(to: report)
        let result = try CLI.run(["--noout", report.path], in: dir, executable: xmllint)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr, "", file: file, line: line)
    }

    // MARK: GitLab Code Quality

    private func gitLabSchema() throws -> MiniJSONSchema {
        try MiniJSONSchema(Data(contentsOf: CLI.packageRoot.appendingPathComponent("Schemas/external/gitlab-codequality.schema.json")))
    }

    private func issues(_ stdout: String) throws -> [[String: Any]] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [[String: Any]])
    }

    /// The GitHub Action pins every action it uses by a full commit SHA (a tag can be
    /// moved to other code), with the tag in a comment.
    func testActionPinsWhatItUsesByCommit() throws {
        let action = try String(contentsOf: CLI.packageRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        let uses = action.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("uses:") }
        XCTAssertFalse(uses.isEmpty)
        for line in uses {
            XCTAssertNotNil(line.range(of: #"uses: [A-Za-z0-9_./-]+@[0-9a-f]{40} # v[0-9.]+$"#, options: .regularExpression),
                            "not pinned by commit: \(line)")
        }
    }

    /// Every issue matches GitLab's own schema of one issue, copied from GitLab's source
    /// (Schemas/README.md), and a report missing what GitLab's parser requires does not.
    func testGitLabIssuesMatchGitLabsOwnSchema() throws {
        let result = try CLI.run(["validate", "--format", "gitlab"] + inputs, in: samples)
        let schema = try MiniJSONSchema(Data(contentsOf: CLI.packageRoot.appendingPathComponent("Schemas/external/gitlab-codeclimate.json")))
        let list = try issues(result.stdout)
        XCTAssertFalse(list.isEmpty)
        for issue in list { XCTAssertEqual(schema.validate(issue), [], "\(issue)") }
        XCTAssertNotEqual(schema.validate(["description": "x", "severity": "major", "location": ["path": "a"]] as [String: Any]), [],
                          "no fingerprint: GitLab's schema rejects it")
    }

    func testGitLabGoldenAndSchema() throws {
        let result = try CLI.run(["validate", "--format", "gitlab"] + inputs, in: samples)
        XCTAssertEqual(result.status, 1)
        try CLI.assertGolden(result.stdout, "report.gitlab.json")
        let schema = try gitLabSchema()
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        XCTAssertEqual(schema.validate(report), [])
        let list = try issues(result.stdout)
        XCTAssertEqual(list.count, 8)
        XCTAssertEqual(list.map { $0["severity"] as? String }.filter { $0 == "major" }.count, 4, "errors are major")
        XCTAssertEqual(list.map { $0["severity"] as? String }.filter { $0 == "minor" }.count, 3, "warnings are minor")
        XCTAssertEqual(Set(list.compactMap { $0["fingerprint"] as? String }).count, list.count, "fingerprints are unique")
        XCTAssertTrue(list.allSatisfy { ($0["fingerprint"] as? String)?.range(of: "^[0-9a-f]{32}$", options: .regularExpression) != nil })
        // A whole run, and an empty one, match too; and the schema can fail.
        let all = try CLI.run(["validate", "--format", "gitlab", ".", "invalid"], in: samples)
        XCTAssertEqual(schema.validate(try JSONSerialization.jsonObject(with: Data(all.stdout.utf8))), [])
        let clean = try CLI.run(["validate", "--format", "gitlab", "campaign-set.share.yaml"], in: samples)
        XCTAssertEqual(clean.stdout, "[]\n")
        let bad: [Any] = [["description": "x", "check_name": "r", "fingerprint": "f", "severity": "error", "location": ["path": "./a", "lines": [:]]]]
        XCTAssertEqual(schema.validate(bad).count, 3, "\(schema.validate(bad))")
    }

    /// Fingerprints come from path, rule, key path, message and occurrence, never from
    /// lines: lines added above leave them as they were, and the same problem twice in
    /// one file gets two fingerprints.
    func testGitLabFingerprintsSurviveEditsElsewhere() throws {
        let body = "items:\n  - url: http://example.com/\n    metadata:\n      title: hi\n"
        try write("a.share.yaml", "schemaVersion: 1\n" + body + "---\nschemaVersion: 1\n" + body)
        let before = try issues(try CLI.run(["validate", "--format", "gitlab", "./a.share.yaml"], in: dir).stdout)
        try write("a.share.yaml", "# a comment\n\nschemaVersion: 1\n" + body + "---\n# another\nschemaVersion: 1\n" + body)
        let after = try issues(try CLI.run(["validate", "--format", "gitlab", "a.share.yaml"], in: dir).stdout)
        XCTAssertEqual(before.count, 2)
        XCTAssertEqual(before.map { $0["fingerprint"] as? String }, after.map { $0["fingerprint"] as? String })
        XCTAssertNotEqual(before.map { ($0["location"] as? [String: Any])?["lines"] as? [String: Int] },
                          after.map { ($0["location"] as? [String: Any])?["lines"] as? [String: Int] }, "the lines did move")
        XCTAssertNotEqual(before.first?["fingerprint"] as? String, before.last?["fingerprint"] as? String)
        XCTAssertEqual((before.first?["location"] as? [String: Any])?["path"] as? String, "a.share.yaml", "no leading ./")
        // Another message is another fingerprint.
        try write("a.share.yaml", "schemaVersion: 1\nitems:\n  - url: http://example.org/\n    metadata:\n      title: hi\n")
        let other = try issues(try CLI.run(["validate", "--format", "gitlab", "a.share.yaml"], in: dir).stdout)
        XCTAssertNotEqual(other.first?["fingerprint"] as? String, before.first?["fingerprint"] as? String)
    }

    // MARK: JUnit and the exit code

    /// A JUnit report has failures exactly when sharelint exits 1: with `--strict` a
    /// warning is a failure, also with `--quiet`; an info never is.
    func testJUnitFailuresAgreeWithTheExitCode() throws {
        try write("warning.share.yaml", "schemaVersion: 1\nmetadata:\n  title: hi\nitems:\n  - url: http://example.com/\n")
        try write("clean.share.yaml", "schemaVersion: 1\nmetadata:\n  title: hi\nitems:\n  - url: https://example.com/\n")
        try write("error.share.yaml", "schemaVersion: 1\nitems:\n  - type: public.pgn\n    text: hi\n")
        let cases: [([String], Int32)] = [
            (["warning.share.yaml"], 0), (["--strict", "warning.share.yaml"], 1), (["--strict", "--quiet", "warning.share.yaml"], 1),
            (["--quiet", "warning.share.yaml"], 0), (["--strict", "clean.share.yaml"], 0),
            (["error.share.yaml"], 1), (["--strict", "error.share.yaml", "warning.share.yaml"], 1),
        ]
        for (arguments, status) in cases {
            let result = try CLI.run(["validate", "--format", "junit"] + arguments, in: dir)
            XCTAssertEqual(result.status, status, "\(arguments) \(result.stderr)")
            let root = try XCTUnwrap(try xml(result.stdout).rootElement())
            let failures = try XCTUnwrap(root.attribute(forName: "failures")?.stringValue.flatMap { Int($0) })
            XCTAssertEqual(failures > 0, status == 1, "\(arguments): \(failures) failures, exit \(result.status)")
        }
        let strict = try CLI.run(["validate", "--format", "junit", "--strict", "warning.share.yaml"], in: dir)
        XCTAssertTrue(strict.stdout.contains("<failure type=\"insecure-url\" message=\"&apos;http://example.com/&apos; uses http: use https\">"
            + "warning.share.yaml:5:10: warning: "), strict.stdout)
        XCTAssertFalse(strict.stdout.contains("<system-out>"), "the failing warning is not also in system-out")
    }

    // MARK: GitHub

    /// GitHub forbids `col` and `endColumn` on an annotation spanning lines.
    func testGitHubColumnsOnlyOnOneLineRanges() throws {
        try write("a.share.yaml", "schemaVersion: 1\nmetadata:\n  title: hi\nitems:\n  - url: \"http://example.com/a\n      b\"\n  - url: http://example.com/c\n")
        let result = try CLI.run(["validate", "--format", "github", "a.share.yaml"], in: dir)
        let lines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        XCTAssertTrue(lines.contains { $0.contains("file=a.share.yaml,line=5,endLine=6,title=invalid-url::") }, result.stdout)
        XCTAssertTrue(lines.contains { $0.contains("file=a.share.yaml,line=7,col=10,endLine=7,endColumn=30,title=insecure-url::") }, result.stdout)
        for line in lines {
            // ::COMMAND PROPERTIES::MESSAGE, properties as name=value joined by commas.
            let command = line.dropFirst(2)
            let head = command[..<(command.range(of: "::")?.lowerBound ?? command.endIndex)]
            let properties = head.split(separator: " ", maxSplits: 1).last ?? ""
            var values: [String: String] = [:]
            for pair in properties.split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                values[parts[0]] = parts.count > 1 ? parts[1] : ""
            }
            XCTAssertNotNil(values["line"], String(line))
            XCTAssertNotNil(values["endLine"], String(line))
            if values["line"] != values["endLine"] {
                XCTAssertNil(values["col"], String(line))
                XCTAssertNil(values["endColumn"], String(line))
            }
        }
    }

    // MARK: the command line

    /// The new formats are offered wherever the formats are listed.
    func testEveryFormatIsListedInHelpCompletionsAndErrors() throws {
        let help = try CLI.run(["--help"]).stdout
        let unknown = try CLI.run(["validate", "--format", "checkstyl", "."])
        XCTAssertEqual(unknown.status, 2)
        for format in ["checkstyle", "gitlab"] {
            XCTAssertTrue(help.contains(format), "--help: \(format)")
            XCTAssertTrue(unknown.stderr.contains(format), unknown.stderr)
            for shell in ["bash", "zsh", "fish"] {
                XCTAssertTrue(try CLI.run(["completions", shell]).stdout.contains(format), "\(shell): \(format)")
            }
        }
    }
}
