import Foundation
import XCTest

/// `--fix` and `--diff` on every broken sample: fixed diagnostics are gone, a second run
/// changes nothing, comments survive byte for byte.
final class FixTests: XCTestCase {
    private func copySamples() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-fix-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("samples"), to: dir)
        return dir
    }

    private func diagnostics(_ file: String, in dir: URL) throws -> [[String: Any]] {
        let result = try CLI.run(["validate", "--format", "json", "--root", "..", file], in: dir)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return (json["files"] as? [[String: Any]])?.first?["diagnostics"] as? [[String: Any]] ?? []
    }

    private func comments(_ text: String) -> [Substring] {
        // Split on scalars: a String keeps CRLF as one character, which "\n" does not match.
        text.unicodeScalars.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { Substring(String($0)) }
            .compactMap { line in line.firstIndex(of: "#").map { line[$0...] } }
    }

    func testFixOnEveryInvalidSample() throws {
        let dir = try copySamples()
        defer { try? FileManager.default.removeItem(at: dir) }
        let invalid = dir.appendingPathComponent("invalid")
        let names = try FileManager.default.contentsOfDirectory(atPath: invalid.path).filter { $0.hasSuffix(".share.yaml") }.sorted()
        var fixedFiles = 0
        for name in names {
            let url = invalid.appendingPathComponent(name)
            let original = try Data(contentsOf: url)
            let before = try diagnostics(name, in: invalid)
            let diff = try CLI.run(["validate", "--diff", "--root", "..", name], in: invalid)
            XCTAssertEqual(try Data(contentsOf: url), original, "\(name): --diff wrote the file")
            let fix = try CLI.run(["validate", "--fix", "--root", "..", name], in: invalid)
            XCTAssertLessThanOrEqual(fix.status, 1, "\(name): \(fix.stderr)")
            let fixed = try Data(contentsOf: url)
            XCTAssertEqual(diff.status == 1, fixed != original, "\(name): --diff and --fix disagree")
            guard fixed != original else { continue }
            fixedFiles += 1
            let after = try diagnostics(name, in: invalid)
            // Every fixable diagnostic that was fixed is gone (same rule and message).
            let remaining = Set(after.map { "\($0["rule"] ?? "") \($0["message"] ?? "")" })
            // "sharelint: fixed N problems in M files", after a line for each fix not proven.
            let summary = fix.stderr.split(separator: "\n").first { $0.hasPrefix("sharelint: fixed ") } ?? ""
            let fixedCount = Int(summary.split(separator: " ").dropFirst(2).first ?? "") ?? 0
            let gone = before.filter { d in
                (d["suggestion"] as? String) != nil && ["unknown-key", "unknown-type", "invalid-type-identifier", "unknown-activity-type", "implicit-type", "unsupported-schema-version", "full-width-punctuation", "typographic-quotes", "file-not-found", "yaml-syntax"].contains(d["rule"] as? String ?? "")
                    && !remaining.contains("\(d["rule"] ?? "") \(d["message"] ?? "")")
            }
            XCTAssertGreaterThanOrEqual(gone.count, 1, "\(name): no fixed diagnostic disappeared")
            // A fix never makes a value wrong: no rule reports more than before, except
            // what right values rightly make true elsewhere.
            func counts(_ list: [[String: Any]]) -> [String: Int] {
                list.reduce(into: [:]) { $0[$1["rule"] as? String ?? "", default: 0] += 1 }
            }
            let consequences: Set<String> = ["photo-library-usage", "no-header-preview", "header-mismatch", "destination-mismatch", "excluded-never-offered"]
            let old = counts(before)
            for (rule, count) in counts(after) where !consequences.contains(rule) {
                XCTAssertLessThanOrEqual(count, old[rule, default: 0], "\(name): --fix made more \(rule)")
            }
            XCTAssertEqual(gone.count, fixedCount, "\(name): \(fix.stderr)")
            // Idempotent.
            let again = try CLI.run(["validate", "--fix", "--root", "..", name], in: invalid)
            XCTAssertEqual(try Data(contentsOf: url), fixed, "\(name): a second --fix changed the file")
            XCTAssertTrue(again.stderr.contains("sharelint: fixed 0 problems in 0 files"), again.stderr)
            // What was not proven is said again, and nothing else is left to fix.
            XCTAssertEqual(again.stderr.split(separator: "\n").filter { $0.contains(": not fixed [") },
                           fix.stderr.split(separator: "\n").filter { $0.contains(": not fixed [") }, name)
            // Comments survive byte for byte.
            let oldText = String(decoding: original, as: UTF8.self), newText = String(decoding: fixed, as: UTF8.self)
            for comment in comments(oldText) {
                XCTAssertTrue(newText.contains(comment), "\(name): lost the comment \(comment)")
            }
        }
        XCTAssertGreaterThanOrEqual(fixedFiles, 3, "the samples exercise the fixes")
    }

    func testStandardInputIsNotFixed() throws {
        let result = try CLI.run(["validate", "--fix", "-"], stdin: "metadata:\n  title: no\nitems:\n  - text: hi\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("sharelint: standard input is linted, not fixed: name the file to fix it\n"), result.stderr)
        XCTAssertTrue(result.stdout.contains("[unsupported-schema-version]"))
    }

    func testFixEditsOnlyTheFixedBytesAndRefusesSymlinksAndUnsafeRenames() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = "# the poster\nmetadata:\n  title: no   # keep this comment\n  mesageBody: hi\nitems:\n  - type: public.pgn\n    base64: iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==\nexcludedActivityTypes: [airdrop, com.apple.UIKit.activity.Prnt, saveToCameraRoll]\n"
        try Data(text.utf8).write(to: dir.appendingPathComponent("a.share.yaml"))
        let diff = try CLI.run(["validate", "--diff", "a.share.yaml"], in: dir)
        XCTAssertEqual(diff.status, 1)
        XCTAssertTrue(diff.stdout.hasPrefix("--- a/a.share.yaml\n+++ b/a.share.yaml\n@@ -1,8 +1,9 @@\n # the poster\n"), diff.stdout)
        XCTAssertEqual(diff.stderr, "sharelint: 6 fixes available in 1 file\n")
        let fix = try CLI.run(["validate", "--fix", "--no-header", "a.share.yaml"], in: dir)
        XCTAssertEqual(fix.status, 0, fix.stdout)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("a.share.yaml"), encoding: .utf8),
                       "# the poster\nschemaVersion: 1\nmetadata:\n  title: \"no\"   # keep this comment\n  messageBody: hi\nitems:\n  - type: public.png\n    base64: iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==\nexcludedActivityTypes: [airDrop, com.apple.UIKit.activity.Print, saveToCameraRoll]\n")
        // The same fixes as SARIF `fixes`, one per fixed diagnostic (the insertion deletes nothing).
        try Data(text.utf8).write(to: dir.appendingPathComponent("c.share.yaml"))
        let sarif = try CLI.run(["validate", "--format", "sarif", "c.share.yaml"], in: dir)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try XCTUnwrap(((object["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
        let withFixes = results.filter { $0["fixes"] != nil }
        XCTAssertEqual(withFixes.count, 6)
        let replacements = withFixes.compactMap { result -> [String: Any]? in
            let fix = (result["fixes"] as? [[String: Any]])?.first
            let change = (fix?["artifactChanges"] as? [[String: Any]])?.first
            return (change?["replacements"] as? [[String: Any]])?.first
        }
        let texts = replacements.compactMap { ($0["insertedContent"] as? [String: Any])?["text"] as? String }
        XCTAssertEqual(Set(texts), ["schemaVersion: 1\n", "\"no\"", "messageBody", "public.png", "airDrop", "com.apple.UIKit.activity.Print"])
        let insertion = try XCTUnwrap(replacements.first { ($0["insertedContent"] as? [String: Any])?["text"] as? String == "schemaVersion: 1\n" })
        let region = try XCTUnwrap(insertion["deletedRegion"] as? [String: Int])
        XCTAssertEqual(region["startColumn"], region["endColumn"])
        XCTAssertEqual(region["startLine"], region["endLine"])
        // A rename that would repeat a key is not made; the other fix still is.
        try Data("schemaVersion: 1\nmetadata:\n  title: a\n  titel: b\n  mesageBody: c\nitems:\n  - text: x\n".utf8).write(to: dir.appendingPathComponent("b.share.yaml"))
        _ = try CLI.run(["validate", "--fix", "b.share.yaml"], in: dir)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("b.share.yaml"), encoding: .utf8),
                       "schemaVersion: 1\nmetadata:\n  title: a\n  titel: b\n  messageBody: c\nitems:\n  - text: x\n")
        // Never through a symlink.
        try Data("schemaVersion: 1\nmetadata:\n  title: t\n  mesageBody: c\nitems:\n  - text: x\n".utf8).write(to: dir.appendingPathComponent("target.yaml"))
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.share.yaml").path, withDestinationPath: "target.yaml")
        let link = try CLI.run(["validate", "--fix", "link.share.yaml"], in: dir)
        XCTAssertTrue(link.stderr.contains("link.share.yaml: not fixed: it is a symlink"), link.stderr)
        XCTAssertTrue(try String(contentsOf: dir.appendingPathComponent("target.yaml"), encoding: .utf8).contains("mesageBody"))
    }
}
