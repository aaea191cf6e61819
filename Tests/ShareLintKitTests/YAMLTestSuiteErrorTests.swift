import Foundation
import XCTest
@testable import ShareLintKit

/// The YAML test suite's 94 error cases (`YAMLTestSuiteErrors/`, with its attribution):
/// every `yaml-syntax` message is sharelint's own words, and the first is reported on the
/// line of the mistake, as the table below says case by case. The cases libyaml accepts
/// are listed as such, so a libyaml that starts rejecting one shows here.
final class YAMLTestSuiteErrorTests: XCTestCase {
    private static let cases = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("YAMLTestSuiteErrors")

    /// Where each case's mistake is (its 1-based line), or nil when libyaml accepts the
    /// case; with why that line.
    static let expected: [(id: String, line: Int?, why: String)] = [
        ("236B", 3, "'invalid' after the mapping has no ':'"),
        ("2CMS", 3, "a key inside a plain value that goes on from line 1"),
        ("2G84-00", 1, "the indentation digit 0 after '|'"),
        ("2G84-01", 1, "'|10': text after the block text's indicator"),
        ("3HFZ", 3, "text after '...'"),
        ("4EJS", 3, "a tab indents 'b:'"),
        ("4H7K", 2, "the second ']' closes nothing"),
        ("4HVU", 4, "'- wrong' is shallower than its list's entries"),
        ("4JVG", 4, "a second anchor for the value of 'top2'"),
        ("55WF", 2, "the escape '\\.'"),
        ("5LLU", 3, "a blank line with more spaces than the block text's first line (line 5)"),
        ("5TRB", 2, "the string opened on line 2 runs into '---'"),
        ("5U3A", 1, "a list started on its key's line"),
        ("62EZ", 2, "text after the closing '}'"),
        ("6JTT", 2, "the outer '[' is never closed"),
        ("6S55", 4, "'invalid' after the list has no ':'"),
        ("7LBH", 2, "a quoted key that runs on to line 3"),
        ("7MNF", 3, "'top2' has no ':'"),
        ("8XDJ", 2, "the comment ends the value that line 3 would go on with"),
        ("9C9N", nil, "libyaml accepts a flow list's lines less indented than its key"),
        ("9CWY", 4, "'invalid' after the list has no ':'"),
        ("9HCY", nil, "libyaml accepts a directive after a document without '...'"),
        ("9JBA", nil, "libyaml accepts a comment right after ']'"),
        ("9KBC", 1, "a key on the '---' line"),
        ("9MAG", 2, "a ',' right after '['"),
        ("9MMA", 1, "a directive with no document"),
        ("9MQT-01", 1, "the string opened on line 1 runs into '...'"),
        ("B63P", 2, "'...' where the directive's document should start"),
        ("BD7L", 3, "a key among the entries of a list"),
        ("BF9H", 3, "the comment ends the value that line 4 would go on with"),
        ("BS4K", 1, "the comment ends the value that line 2 would go on with"),
        ("C2SP", 2, "a key in brackets that spans two lines"),
        ("CML9", 3, "a ',' is missing before 'word2'"),
        ("CQ3W", 2, "the string is never closed"),
        ("CTN5", 2, "two ',' in a row"),
        ("CVW2", nil, "libyaml accepts a comment right after ','"),
        ("CXX2", 1, "a key on the '---' line"),
        ("D49Q", 2, "a quoted key that runs on to line 3"),
        ("DK4H", 3, "the ':' on the line after its key"),
        ("DK95-01", nil, "libyaml accepts a tab that indents a quoted string's next line"),
        ("DK95-06", 3, "a tab indents 'b:'"),
        ("DMG6", 3, "'wrong' is between the two levels"),
        ("EB22", nil, "libyaml accepts a directive after a document without '...'"),
        ("EW3V", 2, "'k2' is deeper than 'k1'"),
        ("G5U8", nil, "libyaml accepts '-' as a value in brackets"),
        ("G7JE", 2, "a key that runs on to line 3"),
        ("G9HC", 3, "the anchor is not indented under 'seq:'"),
        ("GDY7", 2, "the ':' is inside a comment"),
        ("GT5M", 2, "an anchor alone among the entries of a list"),
        ("H7J7", 2, "the tag is not indented under 'key:'"),
        ("H7TQ", 1, "text after the '%YAML' directive's version"),
        ("HRE5", 2, "the escape '\\''"),
        ("HU3P", 3, "a key inside a plain value that goes on from line 2"),
        ("JKF3", 1, "a quoted key that runs on to line 2"),
        ("JY7Z", 2, "text after the closing quote"),
        ("KS4U", 5, "text after the document's value"),
        ("LHL4", 2, "a tag followed by '{'"),
        ("MUS6-00", nil, "libyaml accepts a comment right after a directive's version"),
        ("MUS6-01", nil, "libyaml accepts '%YAML' before each of two documents"),
        ("N4JP", 3, "'key2' is between the two levels"),
        ("N782", 2, "'---' inside brackets"),
        ("P2EQ", 2, "'- ' after a value on the same line"),
        ("Q4CL", 2, "text after the closing quote"),
        ("QB6E", nil, "libyaml accepts a quoted string's lines less indented than its key"),
        ("QLJ7", 4, "a tag handle the second document does not declare"),
        ("RHX7", nil, "libyaml accepts a directive after a document without '...'"),
        ("RXY3", 2, "the string opened on line 2 runs into '...'"),
        ("S4GJ", 2, "text after '>'"),
        ("S98Z", nil, "libyaml accepts blank lines with more spaces than a block text's comment"),
        ("SF5V", 2, "a second '%YAML'"),
        ("SR86", 2, "an anchor on an alias"),
        ("SU5Z", nil, "libyaml accepts a comment right after a closing quote"),
        ("SU74", 2, "an anchor on an alias"),
        ("SY6V", 1, "'- ' after an anchor on the same line"),
        ("T833", 3, "the ',' missing at the end of line 3"),
        ("TD5N", 3, "'invalid' after the list has no ':'"),
        ("U44R", 3, "'key2' is deeper than 'key1'"),
        ("U99R", 1, "a tag followed by ','"),
        ("VJP3-00", 3, "the ':' on the line after its key"),
        ("W9L4", 3, "a blank line with more spaces than the block text's first line (line 4)"),
        ("X4QW", nil, "libyaml accepts a comment right after '>'"),
        ("Y79Y-000", 2, "a tab on a blank line of a block text"),
        ("Y79Y-003", nil, "libyaml accepts a tab that indents a line in brackets"),
        ("Y79Y-004", 1, "a tab after '-'"),
        ("Y79Y-005", 1, "a tab after '- '"),
        ("Y79Y-006", 1, "a tab after '?'"),
        ("Y79Y-007", 2, "a tab after ':'"),
        ("Y79Y-008", 1, "a tab after '?'"),
        ("Y79Y-009", 2, "a tab after ':'"),
        ("YJV2", nil, "libyaml accepts '-' as a value in brackets"),
        ("ZCZ6", 1, "a second ': ' in a plain value"),
        ("ZL4Z", 2, "': ' after a quoted value"),
        ("ZVH3", 2, "'- item1' is between the two levels"),
        ("ZXT5", 2, "the ':' on the line after its key"),
    ]

    /// What libyaml says in its own words: none of it may reach the user.
    static let libyamlPhrases = [
        "while scanning", "while parsing", "did not find expected", "found character that cannot start any token",
        "could not find expected", "mapping values are not allowed in this context", "found unexpected end of stream",
        "block sequence entries are not allowed", "found unexpected document indicator", "found unknown escape character",
        "found a tab character", "found an indentation indicator", "found undefined tag handle", "found duplicate %YAML directive",
        "did not find URI escaped octet", "found incompatible YAML document", "mapping keys are not allowed", "invalid leading UTF-8 octet",
        "control characters are not allowed", "invalid YAML",
    ]

    private func syntaxErrors(_ id: String) throws -> [Diagnostic] {
        let bytes = try Data(contentsOf: Self.cases.appendingPathComponent(id).appendingPathComponent("in.yaml"))
        let report = Linter().lint(bytes: Array(bytes), displayPath: "in.yaml", directory: "", files: InMemoryFileSystem(files: [:]))
        return report.diagnostics.filter { $0.rule == "yaml-syntax" }
    }

    func testTheTableHasEveryCaseOnce() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.cases.path).filter { !$0.hasSuffix(".md") }.sorted()
        XCTAssertEqual(folders.count, 94)
        XCTAssertEqual(Self.expected.map(\.id).sorted(), folders)
        for id in folders {
            let events = try String(contentsOf: Self.cases.appendingPathComponent(id).appendingPathComponent("test.event"), encoding: .utf8)
            XCTAssertTrue(events.hasPrefix("+STR"), "\(id): test.event")
            XCTAssertFalse(events.contains("-STR"), "\(id): the events of an error case end before the stream does")
        }
    }

    func testEveryMessageIsInSharelintsWords() throws {
        for (id, _, _) in Self.expected {
            for diagnostic in try syntaxErrors(id) {
                for phrase in Self.libyamlPhrases {
                    XCTAssertFalse(diagnostic.message.contains(phrase), "\(id): '\(phrase)' in \(diagnostic.message)")
                }
                // One terminal line besides the user's own quoted text (`RuleExampleTests`).
                let length = diagnostic.message.replacingOccurrences(
                    of: "(?<![A-Za-z0-9])'[^']*'(?![A-Za-z0-9])", with: "''", options: .regularExpression).count
                XCTAssertLessThanOrEqual(length, 160, "\(id): \(diagnostic.message)")
            }
        }
    }

    func testEachErrorIsReportedOnTheLineOfTheMistake() throws {
        for (id, line, why) in Self.expected {
            let errors = try syntaxErrors(id)
            guard let line else {
                XCTAssertEqual(errors.map(\.message), [], "\(id): libyaml accepts this (\(why))")
                continue
            }
            let first = try XCTUnwrap(errors.first, "\(id): no yaml-syntax error (\(why))")
            XCTAssertEqual(first.range.start.line, line, "\(id): \(why); reported: \(first.message)")
        }
    }
}
