import BenchmarkCorpus
import Foundation
import XCTest

/// The benchmark's streams measure what docs/performance.md, "The benchmark" says they do: the simple
/// stream lints clean, and every document of the rich stream is reported with exactly one
/// warning and one info, and matches its expected header. Both streams are the same text
/// every time they are made.
final class BenchmarkCorpusTests: XCTestCase {
    private func lint(_ text: String, assets write: (URL) throws -> Void, name: String) throws -> (status: Int32, report: [String: Any]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(directory.appendingPathComponent("assets"))
        try Data(text.utf8).write(to: directory.appendingPathComponent("stream.share.yaml"))
        let result = try CLI.run(["validate", "--format", "json", "stream.share.yaml"], in: directory)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stderr)
        return (result.status, report)
    }

    private func diagnostics(_ report: [String: Any]) throws -> [[String: Any]] {
        let files = try XCTUnwrap(report["files"] as? [[String: Any]])
        return files.flatMap { ($0["diagnostics"] as? [[String: Any]]) ?? [] }
    }

    func testTheRichStreamHasOneWarningAndOneInfoPerDocument() throws {
        let count = 40
        let (status, report) = try lint(BenchmarkCorpus.richStream(count: count), assets: BenchmarkCorpus.writeRichAssets, name: "rich")
        XCTAssertEqual(status, 0, "warnings and infos only: the run passes")
        let found = try diagnostics(report)
        let rules = found.map { "\($0["severity"] ?? "")/\($0["rule"] ?? "")" }
        XCTAssertEqual(rules.filter { $0 == "warning/excluded-third-party-type" }.count, count, "\(Set(rules))")
        XCTAssertEqual(rules.filter { $0 == "info/link-metadata-incomplete" }.count, count, "\(Set(rules))")
        let others = found.filter { !["excluded-third-party-type", "link-metadata-incomplete"].contains("\($0["rule"] ?? "")") }
        XCTAssertEqual(found.count, 2 * count, "nothing else is reported: \(others.prefix(2).map { "\($0["rule"] ?? ""): \($0["message"] ?? "")" })")
        let perDocument = Dictionary(grouping: found) { "\($0["document"] ?? "?")" }
        XCTAssertEqual(perDocument.count, count, "every document has its two")
        XCTAssertTrue(perDocument.values.allSatisfy { $0.count == 2 })
    }

    func testTheSimpleStreamIsClean() throws {
        let (status, report) = try lint(BenchmarkCorpus.stream(count: 40), assets: BenchmarkCorpus.writeAssets, name: "simple")
        XCTAssertEqual(status, 0)
        XCTAssertEqual(try diagnostics(report).count, 0)
    }

    func testStreamsAreTheSameTextEachTime() {
        XCTAssertEqual(BenchmarkCorpus.richStream(count: 30), BenchmarkCorpus.richStream(count: 30))
        XCTAssertEqual(BenchmarkCorpus.stream(count: 30), BenchmarkCorpus.stream(count: 30))
        XCTAssertNotEqual(BenchmarkCorpus.richDocument(1, separator: false), BenchmarkCorpus.richDocument(2, separator: false),
                          "every document differs")
    }
}
