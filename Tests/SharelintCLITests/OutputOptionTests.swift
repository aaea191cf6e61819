#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCTest

/// Every `--output` the report cannot be written to is a usage error (exit 2) found before
/// linting, with the reason; a good one is written and the summary goes to the terminal.
final class OutputOptionTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("reports"), withIntermediateDirectories: true)
        try Data("schemaVersion: 1\nitems:\n  - url: http://example.com/\n".utf8).write(to: dir.appendingPathComponent("a.share.yaml"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.appendingPathComponent("locked").path)
        try? FileManager.default.removeItem(at: dir)
    }

    private func assertUsageError(_ output: String, _ expected: String, command: String = "validate",
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        for format in command == "validate" ? ["text", "junit", "checkstyle"] : ["text"] {
            let result = try CLI.run([command, "--format", format, "--output", output, "a.share.yaml"], in: dir)
            XCTAssertEqual(result.status, 2, "--output \(output): \(result.stderr)", file: file, line: line)
            XCTAssertTrue(result.stderr.contains(expected), result.stderr, file: file, line: line)
            XCTAssertEqual(result.stdout, "", "refused before linting: no summary", file: file, line: line)
        }
    }

    func testInvalidOutputsAreUsageErrors() throws {
        try assertUsageError("reports", "--output reports: is a directory; name a file in it, as in --output reports/report.xml")
        try assertUsageError("reports/", "--output reports/: is a directory")
        try assertUsageError(dir.path, "is a directory")
        try assertUsageError("missing/report.xml", "--output missing/report.xml: the directory missing does not exist; create it first")
        try assertUsageError("a.share.yaml/report.xml", "--output a.share.yaml/report.xml: a.share.yaml is not a directory")
        try assertUsageError("", "--output needs a file name")
        try assertUsageError("a.share.yaml", "--output a.share.yaml is the input file, which this run reads: refusing to overwrite it")
        // A device or a pipe would be replaced by the renamed report (as root, `--output
        // /dev/null` replaced the device): refused, never touched. Checked on a pipe of
        // the test's own, so a sharelint without the check cannot harm the machine.
        XCTAssertEqual(mkfifo(dir.appendingPathComponent("pipe").path, 0o600), 0)
        try assertUsageError("pipe", "--output pipe: is not a regular file")
        var info = stat()
        XCTAssertEqual(lstat(dir.appendingPathComponent("pipe").path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the pipe is still there")
        try assertUsageError("reports", "is a directory", command: "preview")
        // --write-baseline is checked the same way.
        for (baseline, expected) in [("reports", "--write-baseline reports: is a directory"), ("pipe", "--write-baseline pipe: is not a regular file"),
                                     ("missing/b.txt", "--write-baseline missing/b.txt: the directory missing does not exist")] {
            let result = try CLI.run(["validate", "--write-baseline", baseline, "a.share.yaml"], in: dir)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains(expected), result.stderr)
        }
        XCTAssertEqual(lstat(dir.appendingPathComponent("pipe").path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the pipe is still there")
    }

    /// A place where no file can be created: /proc (on Linux, even for root), and a
    /// directory without write permission (for any user but root).
    func testUnwritablePlacesAreUsageErrors() throws {
        var checked = 0
        if FileManager.default.fileExists(atPath: "/proc/self") {
            try assertUsageError("/proc/report.xml", "--output /proc/report.xml: cannot create a file in /proc: ")
            checked += 1
        }
        if getuid() != 0 {
            let locked = dir.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
            try assertUsageError("locked/report.xml", "--output locked/report.xml: cannot create a file in locked: Permission denied")
            checked += 1
        }
        if checked == 0 { print("neither /proc nor a non-root user here: the unwritable --output check is skipped") }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".sharelint-") }, [], "no probe file left")
    }

    func testAGoodOutputIsWritten() throws {
        for output in ["reports/report.xml", "report.xml"] {
            let result = try CLI.run(["validate", "--format", "checkstyle", "--strict", "--output", output, "a.share.yaml"], in: dir)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertEqual(result.stdout, "2 warnings in 1 file (1 document)\n")
            let report = try String(contentsOf: dir.appendingPathComponent(output), encoding: .utf8)
            XCTAssertTrue(report.contains("source=\"sharelint.insecure-url\""), report)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("reports").path), ["report.xml"],
                       "no temporary file left beside it")
    }
}
