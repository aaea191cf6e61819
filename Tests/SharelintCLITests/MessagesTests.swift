import Foundation
import XCTest

/// Plain words for common YAML mistakes, keys at the wrong level, and no follow-on noise.
final class MessagesTests: XCTestCase {
    private func lint(_ yaml: String) throws -> String {
        try CLI.run(["validate", "--color", "never", "--no-header", "--select", "yaml-syntax,unknown-key,payload-conflict,header-mismatch,file-not-found,wrong-kind", "-"], stdin: yaml).stdout
    }

    func testCommonYAMLErrorsInPlainWords() throws {
        XCTAssertEqual(try lint("schemaVersion: 1\nmetadata:\n  title: t\nitems:\n  - text: Hello: world\n"), """
        <stdin>:5:16: error: a ': ' inside a plain value: quote the value ("…: …") or remove the space after ':' [yaml-syntax]
            - text: Hello: world
                         ^
        1 error in 1 file (1 document)

        """)
        XCTAssertTrue(try lint("schemaVersion: 1\nmetadata:\n  title: t\n   messageBody: x\nitems:\n  - text: hi\n")
            .hasPrefix("<stdin>:4:4: error: this key is in column 4, deeper than the keys of its level in column 3 (line 3), so YAML reads it as part of the value above: move it to column 3 [yaml-syntax]"))
        XCTAssertTrue(try lint("schemaVersion: 1\nmetadata:\n  title: t\n items:\n  - text: hi\n")
            .hasPrefix("<stdin>:4:2: error: this key is in column 2, deeper than the keys of its level in column 1 (line 2), so YAML reads it as part of the value above: move it to column 1 [yaml-syntax]"))
        XCTAssertTrue(try lint("schemaVersion: 1\nmetadata:\n  title: t\nitems:\n  - text: hi\n   - text: b\n")
            .hasPrefix("<stdin>:6:4: error: this list entry is in column 4, but the entries of its list are in column 3 (line 5): move the '-' to column 3 [yaml-syntax]"))
        XCTAssertTrue(try lint("schemaVersion: 1\nmetadata:\n\ttitle: t\n")
            .hasPrefix("<stdin>:3:1: error: a tab indents this line; YAML indents with spaces: indent it with 2 spaces, one step under line 2 [yaml-syntax]"))
    }

    func testKeysAtTheWrongLevelSayWhereTheyBelongAndAreChecked() throws {
        let output = try lint("""
        schemaVersion: 1
        metadata:
          title: t
        linkPresentation:
          titel: x
        items:
          - text: hi
            thumbnail: a.png
            title: hello

        """)
        XCTAssertEqual(output, """
        <stdin>:4:1: error: unknown key 'linkPresentation' in a share configuration: 'linkPresentation' belongs under 'metadata' [unknown-key]
          linkPresentation:
          ^~~~~~~~~~~~~~~~
        <stdin>:5:3: error: unknown key 'titel' in 'linkPresentation'; did you mean 'title'? [unknown-key]
            titel: x
            ^~~~~
        <stdin>:8:5: error: unknown key 'thumbnail' in an item: 'thumbnail' belongs under the item's 'previews' [unknown-key]
              thumbnail: a.png
              ^~~~~~~~~
        <stdin>:9:5: error: unknown key 'title' in an item: 'title' belongs under 'metadata' [unknown-key]
              title: hello
              ^~~~~
        4 errors in 1 file (1 document)

        """)
    }

    func testMisspeltRepresentationsDoesNotAlsoSayNoPayload() throws {
        let output = try lint("schemaVersion: 1\nmetadata:\n  title: t\nitems:\n  - representation:\n      - type: public.png\n        base64: iVBORw0KGgo=\n")
        XCTAssertTrue(output.contains("did you mean 'representations'?"), output)
        XCTAssertFalse(output.contains("no payload"), output)
        // A misspelling that is not a payload key leaves the missing payload reported.
        let other = try lint("schemaVersion: 1\nmetadata:\n  title: t\nitems:\n  - type: public.png\n    sugestedName: a.png\n")
        XCTAssertTrue(other.contains("this item has no payload"), other)
    }

    func testMissingFileDoesNotAlsoMismatchTheHeader() throws {
        let yaml = """
        schemaVersion: 1
        activityItems:
          - fileURL: missing.pdf
        expect:
          header:
            title: missing.pdf

        """
        let result = try CLI.run(["validate", "--color", "never", "--root", ".", "-"], in: CLI.packageRoot.appendingPathComponent("samples"), stdin: yaml)
        XCTAssertTrue(result.stdout.contains("[file-not-found]"), result.stdout)
        XCTAssertFalse(result.stdout.contains("[header-mismatch]"), result.stdout)
    }

    func testNameMessageSaysASCII() throws {
        let output = try lint("schemaVersion: 1\nname: 邀请海报 v2\nmetadata:\n  title: t\nitems:\n  - text: hi\n")
        XCTAssertTrue(output.contains("must start with an ASCII letter or digit and hold only ASCII letters (A-Z, a-z), digits"), output)
    }
}

/// Every message fits on one terminal line: what is wrong, what it costs, what to do. The long
/// explanation belongs to `sharelint explain RULE`.
final class MessageLengthTests: XCTestCase {
    /// The longest a message may be, not counting the user's own values it quotes.
    static let maximumLength = 160

    /// The message's length in characters with each quoted value ('…', opened and closed
    /// outside a word, so "the item's" is not a quote) left out.
    static func lengthWithoutQuotedValues(_ message: String) -> Int {
        message.replacingOccurrences(of: "(?<![A-Za-z0-9])'[^']*'(?![A-Za-z0-9])", with: "''", options: .regularExpression).count
    }

    func testQuotedValuesAreLeftOutButApostrophesAreNot() {
        XCTAssertEqual(Self.lengthWithoutQuotedValues("scene 'a very long scene' is long"), "scene '' is long".count)
        XCTAssertEqual(Self.lengthWithoutQuotedValues("the item's 'previews' and WeChat's"), "the item's '' and WeChat's".count)
    }

    func testEveryMessageOfTheSamplesFitsOnALine() throws {
        let result = try CLI.run(["validate", "--format", "json", "--root", ".", "samples", "samples/invalid"])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stderr)
        let files = try XCTUnwrap(json["files"] as? [[String: Any]])
        var messages: [(rule: String, message: String)] = []
        for file in files {
            for diagnostic in file["diagnostics"] as? [[String: Any]] ?? [] {
                messages.append((diagnostic["rule"] as? String ?? "?", diagnostic["message"] as? String ?? ""))
            }
        }
        XCTAssertGreaterThan(messages.count, 100, "the samples report fewer messages than expected")
        for (rule, message) in messages where Self.lengthWithoutQuotedValues(message) > Self.maximumLength {
            XCTFail("[\(rule)] \(Self.lengthWithoutQuotedValues(message)) characters: \(message)")
        }
    }
}

/// `validate` shows the header each document will show, as the README promises authors.
final class ValidateHeaderTests: XCTestCase {
    func testValidateShowsEachDocumentsHeaderUnlessNoHeader() throws {
        let yaml = "schemaVersion: 1\nmetadata:\n  title: 邀请好友\nitems:\n  - url: http://example.com/\n---\nschemaVersion: 1\nitems:\n  - text: hi\n---\nschemaVersion: [\n"
        let shown = try CLI.run(["validate", "--color", "never", "--select", "insecure-url", "--stdin-filename", "a.share.yaml", "-"], stdin: yaml)
        XCTAssertEqual(shown.stdout, """
        a.share.yaml#0: header: 邀请好友
        a.share.yaml#1: header: no preview
          why: nothing gives iOS a title or an image to show; add metadata.title, and previews.fullSize on an item
        a.share.yaml:5:10: warning: 'http://example.com/' uses http: use https [insecure-url]
            - url: http://example.com/
                   ^~~~~~~~~~~~~~~~~~~
        1 warning in 1 file (3 documents)

        """)
        let hidden = try CLI.run(["validate", "--color", "never", "--no-header", "--select", "insecure-url", "-"], stdin: yaml)
        XCTAssertFalse(hidden.stdout.contains("header:"), hidden.stdout)
        let quiet = try CLI.run(["validate", "--quiet", "-"], stdin: yaml)
        XCTAssertFalse(quiet.stdout.contains("header:"), quiet.stdout)
    }
}
