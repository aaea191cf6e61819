import Foundation
import XCTest

/// What a build step relies on: `--format xcode` (diagnostics alone on standard output),
/// `--stamp` (the step's stamp) and `strict: true` in `.sharelint.yml`.
final class BuildStepTests: XCTestCase {
    private let good = "schemaVersion: 1\nmetadata:\n  title: hi\nitems:\n  - text: hi\n"
    /// insecure-url: a warning.
    private let insecure = "schemaVersion: 1\nmetadata:\n  title: hi\nitems:\n  - url: http://example.com/\n"
    /// public.pgn: an unknown type, an error on line 3.
    private let broken = "schemaVersion: 1\nitems:\n  - type: public.pgn\n    text: hi\n"

    private func makeDirectory(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-build-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (path, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(path)) }
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    func testXcodeFormatPrintsOnlyDiagnosticLines() throws {
        let dir = try makeDirectory(["a.share.yaml": broken, "b.share.yaml": insecure, "c.share.yaml": good])
        let result = try CLI.run(["validate", "--format", "xcode", "--color", "always", "."], in: dir)
        XCTAssertEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertFalse(lines.isEmpty)
        for line in lines {
            XCTAssertNotNil(line.range(of: #"^[^:]+\.share\.yaml:\d+:\d+: (error|warning|note): .+ \[[a-z0-9-]+\]$"#, options: .regularExpression),
                            "not a diagnostic line: \(line)")
        }
        XCTAssertTrue(lines.contains { $0.hasPrefix("a.share.yaml:3:") && $0.contains(": error: ") }, result.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("b.share.yaml:") && $0.contains(": warning: ") && $0.hasSuffix("[insecure-url]") }, result.stdout)
        XCTAssertFalse(result.stdout.contains("\u{1B}"), "no colors in a build log")
        XCTAssertFalse(result.stdout.contains("info:"), "Xcode knows note, not info")
        XCTAssertEqual(result.stderr, "sharelint: 1 error and 2 warnings in 3 files (3 documents)\n", "the summary goes to standard error")
    }

    /// With `--output`, the xcode format's summary is said once, on standard error (it
    /// was printed on both).
    func testXcodeFormatWithOutputSaysTheSummaryOnce() throws {
        let dir = try makeDirectory(["a.share.yaml": broken, "b.share.yaml": insecure])
        let result = try CLI.run(["validate", "--format", "xcode", "--output", "report.txt", "."], in: dir)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "", "the summary is not repeated on standard output")
        XCTAssertEqual(result.stderr, "sharelint: 1 error and 2 warnings in 2 files (2 documents)\n")
        let report = try String(contentsOf: dir.appendingPathComponent("report.txt"), encoding: .utf8)
        XCTAssertTrue(report.contains("a.share.yaml:3:"), report)
    }

    func testInfoIsANote() throws {
        let dir = try makeDirectory(["a.share.yaml": insecure, ".sharelint.yml": "rules:\n  insecure-url: info\n"])
        let result = try CLI.run(["validate", "--format", "xcode", "a.share.yaml"], in: dir)
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.hasPrefix("a.share.yaml:5:"), result.stdout)
        XCTAssertTrue(result.stdout.contains(": note: "), result.stdout)
    }

    func testStampExistsOnlyAfterARunThatExitsZero() throws {
        let dir = try makeDirectory(["good.share.yaml": good, "broken.share.yaml": broken, "warn.share.yaml": insecure])
        let stamp = dir.appendingPathComponent("stamp").path
        let clean = try CLI.run(["validate", "--stamp", stamp, "good.share.yaml", "warn.share.yaml"], in: dir)
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: stamp), "a clean run (warnings only) writes the stamp")
        // An existing stamp is left alone: what the build compiles from it is not redone.
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: stamp)
        XCTAssertEqual(try CLI.run(["validate", "--stamp", stamp, "good.share.yaml"], in: dir).status, 0)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: stamp)[.modificationDate] as? Date, past,
                       "a clean run rewrote an existing stamp")
        let failed = try CLI.run(["validate", "--stamp", stamp, "broken.share.yaml"], in: dir)
        XCTAssertEqual(failed.status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stamp), "a failed run removes the stamp")
        _ = try CLI.run(["validate", "--stamp", stamp, "good.share.yaml"], in: dir)
        XCTAssertTrue(FileManager.default.fileExists(atPath: stamp))
        let usage = try CLI.run(["validate", "--stamp", stamp, "missing.share.yaml"], in: dir)
        XCTAssertEqual(usage.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stamp), "a usage error removes the stamp")
        let strict = try CLI.run(["validate", "--strict", "--stamp", stamp, "warn.share.yaml"], in: dir)
        XCTAssertEqual(strict.status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stamp), "warnings under --strict fail: no stamp")
    }

    func testStrictInTheConfigurationFailsOnWarnings() throws {
        let dir = try makeDirectory(["a.share.yaml": insecure, ".sharelint.yml": "strict: true\n"])
        let result = try CLI.run(["validate", "--format", "xcode", "a.share.yaml"], in: dir)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains(": warning: "), result.stdout)
        XCTAssertTrue(result.stderr.contains("\nerror: sharelint: warnings fail this run"), result.stderr)
        try Data("strict: false\n".utf8).write(to: dir.appendingPathComponent(".sharelint.yml"))
        XCTAssertEqual(try CLI.run(["validate", "a.share.yaml"], in: dir).status, 0)
        try Data("strict: yes\n".utf8).write(to: dir.appendingPathComponent(".sharelint.yml"))
        let bad = try CLI.run(["validate", "a.share.yaml"], in: dir)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains(".sharelint.yml:1:9: error: 'strict' must be true or false"), bad.stderr)
    }
}
