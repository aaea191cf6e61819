import Foundation
import ShareLintKit
import XCTest
@testable import SharelintCLI

/// The command line run as a function (`SharelintCommand.run`), with its standard input,
/// output, error and environment injected: no process is started, so each test costs a
/// lint, not a launch. The end-to-end tests that start the binary (`CLI.run`) keep what
/// only a process shows (signals, exit codes as the shell sees them, file descriptors).
final class InProcessCommandTests: XCTestCase {
    private struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    private var previousDirectory = ""

    override func setUp() {
        super.setUp()
        previousDirectory = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(CLI.packageRoot.path))
    }

    override func tearDown() {
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(previousDirectory))
        super.tearDown()
    }

    private func run(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) -> Run {
        final class Sink { var out = "", err = "" }
        let sink = Sink()
        let io = CommandIO(readStandardInput: { limit in Array(stdin.utf8.prefix(limit + 1)) },
                           writeOutput: { sink.out += $0; return nil },
                           writeError: { sink.err += $0 },
                           environment: environment, outputIsTerminal: false)
        let status = SharelintCommand.run(arguments, io: io)
        return Run(status: status, stdout: sink.out, stderr: sink.err)
    }

    func testValidateReportsTheSamplesMistakesWithPositions() {
        let result = run(["validate", "samples/invalid/typos.share.yaml"])
        XCTAssertEqual(result.status, SharelintCommand.ExitCode.errors)
        XCTAssertTrue(result.stdout.contains("samples/invalid/typos.share.yaml:6:3: error: unknown key 'mesageBody'"), result.stdout)
        XCTAssertTrue(result.stdout.contains("did you mean 'public.png'?"), result.stdout)
        let clean = run(["validate", "samples"])
        XCTAssertEqual(clean.status, SharelintCommand.ExitCode.clean, clean.stdout + clean.stderr)
    }

    func testJSONFromStandardInputCountsWhatItFound() throws {
        let result = run(["validate", "--format", "json", "--stdin-filename", "poster.share.yaml", "-"],
                         stdin: "schemaVersion: 1\nitems:\n  - url: http://example.com\n")
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let files = try XCTUnwrap(json["files"] as? [[String: Any]])
        XCTAssertEqual(files.first?["path"] as? String, "poster.share.yaml")
        let rules = (files.first?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
        XCTAssertTrue(rules.contains("insecure-url"), "\(rules)")
    }

    func testTheLanguageComesFromTheEnvironmentOrLocale() {
        let english = run(["validate", "samples/invalid/typos.share.yaml"])
        let chinese = run(["validate", "samples/invalid/typos.share.yaml"], environment: ["LANG": "zh_CN.UTF-8"])
        XCTAssertNotEqual(english.stdout, chinese.stdout)
        XCTAssertTrue(chinese.stdout.contains("mesageBody"), "the key is quoted as written")
        XCTAssertTrue(chinese.stdout.contains("未知"), chinese.stdout)
        XCTAssertEqual(chinese.stdout, run(["validate", "--locale", "zh-Hans", "samples/invalid/typos.share.yaml"]).stdout)
    }

    func testUsageErrorsExitTwoWithASuggestion() {
        let result = run(["validate", "--formt", "json"])
        XCTAssertEqual(result.status, SharelintCommand.ExitCode.usage)
        XCTAssertTrue(result.stderr.contains("--format"), result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(run(["valdate"]).status, SharelintCommand.ExitCode.usage)
    }

    func testRulesAndHelpComeFromTheirTables() throws {
        let rules = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run(["rules", "--format", "json"]).stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(rules.compactMap { $0["id"] as? String }, RuleCatalog.descriptions.map(\.id.rawValue))
        XCTAssertEqual(run(["--help"]).stdout, CommandLineReference.help)
        XCTAssertEqual(run(["--version"]).stdout, "sharelint \(ShareLintVersion.current)\n")
    }
}
