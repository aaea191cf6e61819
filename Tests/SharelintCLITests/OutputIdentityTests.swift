import BenchmarkCorpus
import Foundation
import XCTest

/// Performance work must not change a byte of what sharelint prints: these
/// goldens were recorded before it, on the samples, the broken samples and a slice of the
/// benchmark's corpus, in JSON (what CI reads) and text.
final class OutputIdentityTests: XCTestCase {
    private let samples = CLI.packageRoot.appendingPathComponent("samples")

    func testSamplesAndInvalidSamplesPrintAsBefore() throws {
        for format in ["json", "text"] {
            let result = try CLI.run(["validate", "--format", format, "--color", "never", "--root", ".", ".", "invalid"], in: samples)
            XCTAssertEqual(result.status, 1, result.stderr)
            try CLI.assertGolden(result.stdout, "identity/samples.\(format == "json" ? "json" : "txt")")
        }
    }

    /// With --jobs the files are linted in parallel (and a large report is rendered in
    /// parallel, `JSONStreamingTests`): the report must equal the one of --jobs 1, also
    /// when the reports are filtered first.
    func testJSONRenderedInParallelEqualsSerial() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-parallel-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        try BenchmarkCorpus.writeAssets(directory.appendingPathComponent("assets"))
        for i in 0..<80 {
            var document = BenchmarkCorpus.document(i, separator: false)
            if i % 9 == 4 { document = document.replacingOccurrences(of: "public.png", with: "public.pgn") }
            if i % 9 == 5 { document = document.replacingOccurrences(of: "https://shop", with: "http://shop") }
            try Data(document.utf8).write(to: directory.appendingPathComponent(String(format: "share-%03d.share.yaml", i)))
        }
        let one = try CLI.run(["validate", "--format", "json", "--jobs", "1", "."], in: directory)
        let two = try CLI.run(["validate", "--format", "json", "--jobs", "2", "."], in: directory)
        XCTAssertEqual(one.status, 1, one.stderr)
        XCTAssertTrue(one.stdout.contains("\"rule\": \"unknown-type\""))
        XCTAssertTrue(one.stdout.contains("\"rule\": \"insecure-url\""))
        XCTAssertEqual(one.stdout, two.stdout)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(two.stdout.utf8)))
        for options in [["--ignore", "unknown-type"], ["--quiet"], ["--select", "header-*"]] {
            let one = try CLI.run(["validate", "--format", "json", "--jobs", "1"] + options + ["."], in: directory)
            let two = try CLI.run(["validate", "--format", "json", "--jobs", "2"] + options + ["."], in: directory)
            XCTAssertEqual(one.stdout, two.stdout, "\(options)")
            XCTAssertNotEqual(one.stdout, try CLI.run(["validate", "--format", "json", "--jobs", "2", "."], in: directory).stdout, "\(options)")
        }
    }

    func testBenchmarkCorpusPrintsAsBefore() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-identity-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        try BenchmarkCorpus.writeAssets(directory.appendingPathComponent("assets"))
        // A broken copy of every 25th document, so the stream also carries diagnostics.
        var text = ""
        for i in 0..<300 {
            var document = BenchmarkCorpus.document(i, separator: i > 0)
            if i % 25 == 7 {
                document = document.replacingOccurrences(of: "public.png", with: "public.pgn")
                    .replacingOccurrences(of: "poster-", with: "missing-")
                    .replacingOccurrences(of: "subtitle: example.com", with: "subtitle: example.org")
            }
            text += document
        }
        try Data(text.utf8).write(to: directory.appendingPathComponent("stream.share.yaml"))
        let json = try CLI.run(["validate", "--format", "json", "stream.share.yaml"], in: directory)
        XCTAssertEqual(json.status, 1, json.stderr)
        XCTAssertTrue(json.stdout.contains("\"rule\": \"unknown-type\""), "the broken documents should be reported")
        try CLI.assertGolden(json.stdout, "identity/bench-stream.json")
        let plain = try CLI.run(["validate", "--color", "never", "stream.share.yaml"], in: directory)
        try CLI.assertGolden(plain.stdout, "identity/bench-stream.txt")
    }

    /// a stream over 1 MiB is read in pieces from a file; standard input
    /// is always read whole. The same 1,300 documents (every 25th broken, flow collections
    /// left open up to the next `---`, misindented lines) print the same both ways.
    func testAStreamReadInPiecesPrintsAsReadWhole() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-pieces-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        try BenchmarkCorpus.writeAssets(directory.appendingPathComponent("assets"))
        var text = ""
        for i in 0..<1_300 {
            var document = BenchmarkCorpus.document(i, separator: i > 0)
            if i % 25 == 7 { document = document.replacingOccurrences(of: "public.png", with: "public.pgn") }
            if i % 97 == 3 { document += "items: [unclosed,\n" }
            if i % 89 == 5 { document += "  - text: \"never closed\n" }
            text += document
        }
        XCTAssertGreaterThan(text.utf8.count, 1 << 20, "past the piece size")
        try Data(text.utf8).write(to: directory.appendingPathComponent("stream.share.yaml"))
        // (SARIF is rendered from the same report; its fixes are attached only for files.)
        for format in ["json", "text"] {
            let file = try CLI.run(["validate", "--format", format, "--color", "never", "stream.share.yaml"], in: directory)
            let stdin = try CLI.run(["validate", "--format", format, "--color", "never", "--stdin-filename", "stream.share.yaml", "-"],
                                    in: directory, stdin: text)
            XCTAssertEqual(file.status, 1, file.stderr)
            XCTAssertTrue(file.stdout.contains("a document marker inside brackets"), "the errors at a `---` line should be reported")
            XCTAssertEqual(file.stdout, stdin.stdout, format)
        }
    }
}
