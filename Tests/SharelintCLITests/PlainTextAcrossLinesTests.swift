import Foundation
import XCTest

/// A plain scalar going on across more-indented lines is text to libyaml, full-width
/// punctuation included: such files have no diagnostic, and `--fix` and `--diff` leave
/// them alone. A full-width colon where libyaml sees no key is still reported and fixed.
final class PlainTextAcrossLinesTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-plainlines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    /// Valid files whose values go on across lines (the part after `schemaVersion: 1`).
    static let files: [String] = [
        "metadata:\n  title: 周末活动\n    Time： Saturday\nitems:\n  - text: hi\n",
        "metadata:\n  title: 周末活动\n  messageBody: 扫码进入\n    Tags： ［sale，new］\nitems:\n  - text: hi\n",
        "metadata:\n  title: 周末活动\n  messageBody: 扫码进入\n    － Sunday\nitems:\n  - text: hi\n",
        "metadata:\n  title: 周末活动\n  messageBody: 扫码进入\n    \u{3000}Note： 广场\nitems:\n  - text: hi\n",
        "metadata:\n  title: 周末活动\n  messageBody: Scan the code\n    join：Saturday,Sunday、Monday\nitems:\n  - text: hi\n",
        "metadata:\n  title: 周末活动\nitems:\n  - text: 周末活动\n      Time： Saturday， Sunday、 Monday\n",
        "metadata:\n  title: 周末活动\nitems:\n  - text:\n      周末活动\n      Time： Saturday\n  - text: hi\n",
        "metadata:\n  title: 周末活动\n  messageBody: 扫码\n\n    Time： Saturday\n    Place： 广场\nitems:\n  - text: hi\n",
        "metadata:\n  title: “周末”\n    活动\nitems:\n  - text: hi\n",
        "metadata:\n  title: 周末活动\nitems:\n  - text: ［sale］\n      Time： x\n",
        "metadata:\n  title: 周末活动\n    Time：Saturday # 注释\nitems:\n  - text: hi\n",
    ]

    func testPlainTextAcrossLinesIsNeitherReportedNorFixed() throws {
        for (index, body) in Self.files.enumerated() {
            for lineEnd in ["\n", "\r\n"] {
                let text = ("schemaVersion: 1\n" + body).replacingOccurrences(of: "\n", with: lineEnd)
                let name = "p\(index)\(lineEnd == "\n" ? "" : "-crlf").share.yaml"
                let url = dir.appendingPathComponent(name)
                try Data(text.utf8).write(to: url)
                let lint = try CLI.run(["validate", "--color", "never", name], in: dir)
                XCTAssertEqual(lint.status, 0, "\(name):\n\(text)\n\(lint.stdout)")
                XCTAssertTrue(lint.stdout.contains("no problems in 1 file"), "\(name):\n\(lint.stdout)")
                let diff = try CLI.run(["validate", "--diff", name], in: dir)
                XCTAssertEqual(diff.stdout, "", "\(name): --diff changed the text")
                _ = try CLI.run(["validate", "--fix", name], in: dir)
                XCTAssertEqual(try Data(contentsOf: url), Data(text.utf8), "\(name): --fix changed the file")
            }
        }
    }

    /// A full-width colon after a key where libyaml sees no key is still reported and
    /// fixed; the lines its value goes on across stay as written.
    func testSlipsWhereLibyamlSeesNoKeyAreFixed() throws {
        let text = "schemaVersion: 1\r\nmetadata:\r\n  title： 周末活动\r\n    Time： Saturday\r\nitems:\r\n  - text: hi\r\n"
        try Data(text.utf8).write(to: dir.appendingPathComponent("k.share.yaml"))
        let fix = try CLI.run(["validate", "--fix", "k.share.yaml"], in: dir)
        XCTAssertTrue(fix.stderr.hasPrefix("sharelint: fixed 1 problem in 1 file"), fix.stderr)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("k.share.yaml"), encoding: .utf8),
                       text.replacingOccurrences(of: "title：", with: "title:"))
        XCTAssertTrue(fix.stdout.contains("no problems in 1 file"), fix.stdout)
        // At the key's own indentation the line is a key of its own, with a full-width colon.
        try Data("schemaVersion: 1\nmetadata:\n  title: 周末活动\n  Time： Saturday\nitems:\n  - text: hi\n".utf8)
            .write(to: dir.appendingPathComponent("s.share.yaml"))
        let lint = try CLI.run(["validate", "--color", "never", "s.share.yaml"], in: dir)
        XCTAssertTrue(lint.stdout.contains("s.share.yaml:4:7: error: a full-width colon '：' (U+FF1A) after the key 'Time'"), lint.stdout)
    }
}
