import Foundation
import XCTest

/// Every command README.md shows runs as the README says: scripts/test-readme-commands.sh
/// runs them against the built binary and checks their exit codes and the output shown.
final class ReadmeCommandsTests: XCTestCase {
    /// The path of bash, or a skip when there is none.
    private func bash() throws -> String {
        for path in ["/bin/bash", "/usr/bin/bash", "/usr/local/bin/bash", "/opt/homebrew/bin/bash"]
        where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        throw XCTSkip("bash is not installed: scripts/test-readme-commands.sh needs it")
    }

    /// Runs the script on a README with the built binary.
    private func runCheck(readme: String? = nil) throws -> CLI.Result {
        let script = CLI.packageRoot.appendingPathComponent("scripts/test-readme-commands.sh").path
        return try CLI.run([script] + (readme.map { [$0] } ?? []),
                           environment: ["SHARELINT_BIN": CLI.binary.path], executable: try bash())
    }

    func testEveryReadmeCommandExitsAndPrintsAsShown() throws {
        let result = try runCheck()
        XCTAssertEqual(result.status, 0, "a README command failed:\n\(result.stdout)\(result.stderr)")
        XCTAssertTrue(result.stdout.contains("ok    README.md:"), "no README command ran:\n\(result.stdout)")
        XCTAssertTrue(result.stdout.contains("swift run sharelint validate samples (exit 0)"),
                      "the quick start's first command did not run:\n\(result.stdout)")
    }

    /// The check can fail: a wrong exit code, an output line the command does not print and
    /// an unsupported `swift` command each fail it; lines marked not run are skipped.
    func testTheCheckFailsOnAWrongExitCodeOrOutput() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("sharelint-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let readme = directory.appendingPathComponent("FAKE.md")
        try Data("""
        # A README with mistakes
        ```console
        $ sharelint header samples/wechat-qr-poster.share.yaml
          iOS 26: a title it does not print
        $ sharelint validate samples/invalid/typos.share.yaml
        ```
        <!-- not run -->
        ```sh
        false
        ```
        <!-- not run: swift test -->
        ```sh
        sharelint validate samples/invalid/typos.share.yaml   # exit 1
        swift test
        swift build
        false   # not run
        ```

        """.utf8).write(to: readme)
        let result = try runCheck(readme: readme.path)
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("FAIL  FAKE.md:3: "), "the wrong output line passed:\n\(result.stdout)")
        XCTAssertTrue(result.stdout.contains("a title it does not print"), result.stdout)
        XCTAssertTrue(result.stdout.contains("FAIL  FAKE.md:5: sharelint validate samples/invalid/typos.share.yaml: exit 1, expected 0"),
                      "the wrong exit code passed:\n\(result.stdout)")
        XCTAssertTrue(result.stdout.contains("ok    FAKE.md:13: "), result.stdout)
        XCTAssertTrue(result.stdout.contains("FAIL  FAKE.md:15: swift build"), result.stdout)
        XCTAssertTrue(result.stdout.contains("4 commands run, 3 failed, 3 not run"), result.stdout)
    }
}
