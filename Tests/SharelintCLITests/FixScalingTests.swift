import Foundation
import XCTest
@testable import SharelintCLI
import ShareLintKit

/// `--fix` and `--diff` cost a few lints of the file, however many fixes it takes: a
/// round's fixes are applied in one pass and proven by one lint, and fixes that clash are
/// resolved within the round.
final class FixScalingTests: HostileInputCase {
    private static func misspelt(_ count: Int) -> String {
        var text = "schemaVersion: 1\nmetadata:\n  title: t\nitems:\n"
        for i in 0..<count { text += "  - txet: item \(String(repeating: "0", count: 4 - String(i).count))\(i)\n" }
        return text
    }

    /// 2,000 misspelt keys in a 40 KB file took 22 s to diff against 0.03 s to validate
    /// (each fix was proven by linting the whole file): both now take a small multiple of
    /// `validate` on the same file.
    func testTwoThousandFixesCostAFewLints() throws {
        let text = Self.misspelt(2_000)
        XCTAssertEqual(text.utf8.count, 40_045)
        try write("big.share.yaml", text)
        let validate = try measure(["validate", "big.share.yaml"])
        XCTAssertEqual(validate.status, 1)
        let diff = try measure(["validate", "--diff", "big.share.yaml"])
        XCTAssertEqual(diff.status, 1, diff.stderr)
        XCTAssertEqual(diff.stdout.components(separatedBy: "\n+  - text: item ").count - 1, 2_000)
        let fix = try measure(["validate", "--fix", "--quiet", "big.share.yaml"])
        XCTAssertTrue(fix.stderr.hasPrefix("sharelint: fixed 2000 problems in 1 file"), fix.stderr)
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("big.share.yaml"), encoding: .utf8),
                       text.replacingOccurrences(of: "txet:", with: "text:"))
        // Release builds take under 2× (docs/robustness.md); the debug build's diff is
        // slower against its lint, and the machine is shared.
        let margin = CLI.binary.path.contains("/debug/") || Self.sanitized ? 40.0 : 10.0
        let bound = margin * max(validate.seconds, 0.05)
        XCTAssertLessThan(diff.seconds, bound, "validate \(validate.seconds) s, --diff \(diff.seconds) s")
        XCTAssertLessThan(fix.seconds, bound, "validate \(validate.seconds) s, --fix \(fix.seconds) s")
    }

    /// Two keys of an item renamed to one name, or a key renamed onto one already written,
    /// let one fix through a round: 100 such items took 100 rounds (64 at most). The first
    /// of each clashing group is made in the first round, the rest refused in the second.
    func testClashingFixesAreResolvedInOneRound() throws {
        var text = "schemaVersion: 1\nmetadata:\n  title: t\nitems:\n"
        for i in 0..<100 { text += "  - txet: a\(i)\n    tetx: b\(i)\n" }
        text += "  - text: c\n    txet: d\n"
        try write("c.share.yaml", text)
        let fix = try measure(["validate", "--fix", "--quiet", "c.share.yaml"])
        XCTAssertTrue(fix.stderr.contains("sharelint: fixed 100 problems in 1 file"), fix.stderr)
        // The renames onto a `text` that is there (each `tetx`, and the last `txet`) are
        // refused, and each is said.
        let refused = fix.stderr.split(separator: "\n").filter { $0.contains(": not fixed [unknown-key]: writing 'text' here") }
        XCTAssertEqual(refused.count, 101, fix.stderr)
        XCTAssertEqual(refused.first?.hasPrefix("sharelint: c.share.yaml:6:5:"), true)
        XCTAssertEqual(refused.last?.hasPrefix("sharelint: c.share.yaml:206:5:"), true)
        let expected = text.replacingOccurrences(of: "  - txet: a", with: "  - text: a")
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent("c.share.yaml"), encoding: .utf8), expected)
    }

    /// The same through the fix loop, counting lints: the first round lints, proves the
    /// batch, and proves it again without the rename onto `text`; the second lints the
    /// fixed text and refuses what is left.
    func testARoundLintsOnceForItsBatch() {
        let text = "schemaVersion: 1\nmetadata:\n  title: t\nitems:\n  - txet: a\n    tetx: b\n  - txet: c\n    tetx: d\n  - text: e\n    txet: f\n"
        let expected = Array(text.replacingOccurrences(of: "  - txet: ", with: "  - text: ").utf8)
        let linter = Linter()
        var linted: [[UInt8]] = []
        let (bytes, made) = AdoptionOptions.fixed(Array(text.utf8)) { bytes in
            linted.append(bytes)
            return linter.lint(bytes: bytes, displayPath: "c.share.yaml", directory: "", files: InMemoryFileSystem())
        }
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(decoding: expected, as: UTF8.self))
        XCTAssertEqual(made, 2)
        XCTAssertEqual(linted.count, 6, "two rounds: 3 lints, then 3 (the second tries the first refused fix alone)")
        XCTAssertEqual(linted.dropFirst(3).first, expected, "the second round starts from every fix made")
    }

    /// The batch proof names only the fix a new problem stands near: the rename onto a key
    /// already written, not the others of the batch.
    func testTheBatchProofBlamesTheFixNearTheNewProblem() throws {
        let text = "schemaVersion: 1\nmetadata:\n  title: t\nitems:\n  - txet: a\n  - text: b\n    txet: c\n  - txet: d\n"
        let linter = Linter()
        func lint(_ bytes: [UInt8]) -> FileReport { linter.lint(bytes: bytes, displayPath: "p.share.yaml", directory: "", files: InMemoryFileSystem()) }
        let bytes = Array(text.utf8)
        let before = lint(bytes)
        let fixes = Fixer.fixes(for: before, bytes: bytes)
        XCTAssertEqual(fixes.map(\.diagnostic.keyPath), ["items[0].txet", "items[1].txet", "items[2].txet"])
        let after = lint(Fixer.apply(fixes, to: bytes))
        XCTAssertEqual(FixProof.unsafeFixes(fixes, before: before, after: after), [1])
        XCTAssertEqual(fixes.map { FixProof.isSafe($0, before: before, after: lint(Fixer.apply([$0], to: bytes))) }, [true, false, true])
    }
}
