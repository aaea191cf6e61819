import Foundation
import XCTest

/// `sharelint lsp` under a real client: headless Neovim runs scripts/nvim-lsp-check.lua,
/// which opens a file with mistakes, waits for the diagnostics, applies a code action and
/// waits for the diagnostic to go away. Skipped when `nvim` is not installed (.ci/run
/// installs it).
final class NeovimTests: XCTestCase {
    static var neovim: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/usr/local/bin"
        return (path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"])
            .map { $0 + "/nvim" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs the check script on `text` and returns what it recorded, one fact a line.
    private func check(_ text: String) throws -> [String] {
        guard let nvim = Self.neovim else {
            throw XCTSkip("nvim is not installed: the Neovim LSP test needs it (apt-get install neovim; .ci/run installs it)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-nvim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("invite.share.yaml")
        try Data(text.utf8).write(to: file)
        let result = directory.appendingPathComponent("result.txt")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: nvim)
        process.arguments = ["--headless", "--clean", "-c", "luafile " + CLI.packageRoot.appendingPathComponent("scripts/nvim-lsp-check.lua").path]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["SHARELINT_BIN"] = CLI.binary.path
        environment["SHARELINT_FILE"] = file.path
        environment["SHARELINT_RESULT"] = result.path
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(90)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning {
            process.terminate()
            XCTFail("nvim did not finish within 90 s")
            return []
        }
        return try String(contentsOf: result, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    func testNeovimShowsTheDiagnosticAndAppliesTheFix() throws {
        let mistakeLine = "metadata: {title: \"邀请😀好友\", mesageBody: 扫码}"
        let lines = try check("schemaVersion: 1\n\(mistakeLine)\nitems:\n  - text: 你好\n")
        // Neovim reports 0-based lines and byte columns (it converts the server's UTF-16).
        let byteColumn = mistakeLine.components(separatedBy: "mesageBody")[0].utf8.count
        XCTAssertEqual(lines.first, "diagnostic 1 \(byteColumn) unknown-key", "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("applied Replace 'mesageBody' with 'messageBody'") }, "\(lines)")
        XCTAssertTrue(lines.contains("fixed true unknown-key"), "\(lines)")
        XCTAssertTrue(lines.contains("line " + mistakeLine.replacingOccurrences(of: "mesageBody", with: "messageBody")), "\(lines)")
        XCTAssertFalse(lines.contains { $0.hasPrefix("remaining") || $0.hasPrefix("error") }, "\(lines)")
    }

    /// An input method's full-width colon: the quick fix writes what `--fix` writes (the
    /// ASCII colon and a space), not a quoted YAML scalar.
    func testNeovimAppliesTheInputMethodFix() throws {
        let lines = try check("schemaVersion: 1\nmetadata:\n  title：618 活动优惠券\nitems:\n  - text: 你好\n")
        XCTAssertEqual(lines.first, "diagnostic 2 7 full-width-punctuation", "\(lines)")
        XCTAssertTrue(lines.contains("fixed true full-width-punctuation"), "\(lines)")
        XCTAssertTrue(lines.contains("line   title: 618 活动优惠券"), "\(lines)")
        XCTAssertFalse(lines.contains { $0.hasPrefix("remaining") || $0.hasPrefix("error") }, "\(lines)")
    }
}
