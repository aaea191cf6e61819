import Foundation
import XCTest

/// The shipped samples, through the built binary: clean ones pass, each invalid one
/// reports exactly its golden diagnostics.
final class SamplesTests: XCTestCase {
    private var samples: URL { CLI.packageRoot.appendingPathComponent("samples") }

    func testCleanSamplesHaveNoDiagnostics() throws {
        let result = try CLI.run(["validate", "--color", "never", "--format", "json", "--root", ".", "."], in: samples)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let files = try XCTUnwrap(json["files"] as? [[String: Any]])
        let clean = files.filter { !($0["path"] as! String).hasPrefix("invalid/") }
        XCTAssertGreaterThanOrEqual(clean.count, 8)
        for file in clean {
            XCTAssertEqual((file["diagnostics"] as? [Any])?.count, 0, "\(file["path"]!) should be clean")
        }
    }

    func testSamplesDirectoryExitsZeroWithoutInvalid() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { $0.hasSuffix(".share.yaml") }.sorted()
        let result = try CLI.run(["validate", "--color", "never"] + files, in: samples)
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("no problems in \(files.count) files (\(files.count + 2) documents)\n"), result.stdout)
    }

    func testEachInvalidSampleMatchesItsGolden() throws {
        let invalid = samples.appendingPathComponent("invalid")
        let files = try FileManager.default.contentsOfDirectory(atPath: invalid.path).filter { $0.hasSuffix(".share.yaml") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 10)
        for name in files {
            let result = try CLI.run(["validate", "--strict", "--color", "never", "--root", "..", name], in: invalid)
            XCTAssertEqual(result.status, 1, "\(name) should fail with --strict:\n\(result.stdout)")
            try CLI.assertGolden(result.stdout, "invalid/" + name.replacingOccurrences(of: ".share.yaml", with: ".txt"))
        }
    }

    func testEveryRuleIsShownBySomeSample() throws {
        let result = try CLI.run(["validate", "--format", "json", "--root", ".", ".", "invalid"], in: samples)
        let rules = try CLI.run(["rules"])
        let ids = rules.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        XCTAssertGreaterThanOrEqual(ids.count, 49)
        for id in ids {
            XCTAssertTrue(result.stdout.contains("\"rule\": \"\(id)\""), "no sample shows \(id)")
        }
    }
}
