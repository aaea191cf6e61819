import Foundation
@testable import SharelintCLI
import XCTest

/// `CommandLineReference.options` is the one list of options: the parser accepts each of
/// them and no other name, and `--help`, the man page, the completions and the README's
/// option list each name every one.
final class CommandLineReferenceTests: XCTestCase {
    private typealias Option = CommandLineReference.Option

    /// A value each option accepts, for parsing it.
    private static func sampleValue(_ option: Option) -> String {
        if let choice = option.choices.first { return choice }
        switch option.name {
        case "--select", "--ignore": return "yaml-syntax"
        default: return option.isPath ? "some/file" : "1"
        }
    }

    func testTheParserAcceptsEveryOptionOfTheTable() throws {
        XCTAssertFalse(CommandLineReference.options.isEmpty)
        for option in CommandLineReference.options {
            for name in [option.name] + (option.short.map { [$0] } ?? []) {
                let arguments = option.value == nil ? ["validate", name] : ["validate", name, Self.sampleValue(option)]
                XCTAssertNoThrow(try Invocation.parse(arguments), "\(arguments)")
                if option.value != nil, name.hasPrefix("--") {
                    XCTAssertNoThrow(try Invocation.parse(["validate", name + "=" + Self.sampleValue(option)]), "\(name)=")
                    XCTAssertThrowsError(try Invocation.parse(["validate", name]), "\(name) needs a value")
                }
            }
        }
    }

    func testTheParserRefusesEveryOtherOption() {
        let names = Set(CommandLineReference.optionNames)
        for name in names where name.hasPrefix("--") {
            for other in [name + "x", String(name.dropLast()), name.uppercased()] where !names.contains(other) {
                XCTAssertThrowsError(try Invocation.parse(["validate", other, "1"]), other) { error in
                    XCTAssertTrue((error as? UsageError)?.text.english.contains(other) ?? false, "\(error)")
                }
            }
        }
    }

    func testHelpManPageAndCompletionsNameEveryOption() throws {
        let texts = ["--help": CommandLineReference.help, "man page": CommandLineReference.manPage,
                     "bash": try CommandLineReference.completions(for: "bash"), "zsh": try CommandLineReference.completions(for: "zsh"),
                     "fish": try CommandLineReference.completions(for: "fish"), "README": CommandLineReference.readmeOptions]
        for option in CommandLineReference.options {
            for (where_, text) in texts {
                // The man page escapes hyphens (\-), fish names long options without theirs.
                let spellings = [option.name, option.name.replacingOccurrences(of: "-", with: "\\-"), String(option.name.dropFirst(2))]
                XCTAssertTrue(spellings.contains { text.contains($0) }, "\(where_) does not name \(option.name)")
            }
        }
    }

    /// README.md's option list is `CommandLineReference.readmeOptions`
    /// (`RECORD_SNAPSHOTS=1 swift test --filter CommandLineReferenceTests` writes it).
    func testTheReadmeListsTheOptionsOfTheTable() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = "<!-- options:start -->\n", end = "<!-- options:end -->"
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex) else {
            return XCTFail("README.md has no \(start)…\(end) block")
        }
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try text.replacingCharacters(in: from.upperBound..<to.lowerBound, with: CommandLineReference.readmeOptions)
                .write(to: readme, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(String(text[from.upperBound..<to.lowerBound]), CommandLineReference.readmeOptions,
                       "README.md's option list is stale: RECORD_SNAPSHOTS=1 swift test --filter CommandLineReferenceTests")
    }
}
