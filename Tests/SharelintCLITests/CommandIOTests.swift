import Foundation
import ShareLintMessages
import XCTest
@testable import SharelintCLI

/// The process's environment as the commands see it.
final class CommandIOTests: XCTestCase {
    /// Only the variables in `CommandIO.variablesRead` are copied from the environment, so
    /// every variable the sources read through `environment[...]` must be listed there.
    func testEveryVariableTheSourcesReadIsCopied() throws {
        let sources = CLI.packageRoot.appendingPathComponent("Sources/SharelintCLI")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        var read: Set<String> = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: /environment\["([A-Z_]+)"/) { read.insert(String(match.output.1)) }
        }
        XCTAssertEqual(read, ["GITHUB_ACTIONS", "FORCE_COLOR", "NO_COLOR", "TERM"])
        // And the language's, which `Language.fromEnvironment` reads from the copy.
        XCTAssertEqual(read.union(Language.environmentVariables), Set(CommandIO.variablesRead))
    }

    /// The real environment's variables are read by name: set ones are copied, unset ones
    /// are absent, and others are left out.
    func testTheStandardIOCopiesTheVariablesRead() {
        setenv("FORCE_COLOR", "1", 1)
        unsetenv("NO_COLOR")
        setenv("SHARELINT_TEST_OTHER", "x", 1)
        defer { unsetenv("FORCE_COLOR"); unsetenv("SHARELINT_TEST_OTHER") }
        let environment = CommandIO.standard.environment
        XCTAssertEqual(environment["FORCE_COLOR"], "1")
        XCTAssertNil(environment["NO_COLOR"])
        XCTAssertNil(environment["SHARELINT_TEST_OTHER"])
        XCTAssertTrue(Set(environment.keys).isSubset(of: CommandIO.variablesRead))
    }
}
