import Foundation
import XCTest

/// Adopting sharelint on a repository: no silent pass, --force-exclude, nested
/// configurations, --select/--ignore, --statistics, and the command-line conveniences.
final class AdoptionTests: XCTestCase {
    private func makeDirectory(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-adopt-\(UUID().uuidString)")
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    private let good = "schemaVersion: 1\nmetadata:\n  title: hi\nitems:\n  - text: hi\n"
    private let insecure = "schemaVersion: 1\nmetadata:\n  title: hi\nitems:\n  - url: http://example.com/\n"

    func testNoFileFoundExitsTwoWithWhatWasSearched() throws {
        let dir = try makeDirectory(["notes.yaml": "a: 1\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = try CLI.run(["validate"], in: dir)
        XCTAssertEqual(empty.status, 2)
        XCTAssertEqual(empty.stdout, "")
        XCTAssertEqual(empty.stderr, "sharelint: no *.share.yaml or *.share.yml file in .; nothing was linted. Check the path or the globs, or pass --allow-no-files when no file is fine\n")
        let allowed = try CLI.run(["validate", "--allow-no-files"], in: dir)
        XCTAssertEqual(allowed.status, 0)
        XCTAssertEqual(allowed.stdout, "no problems in 0 files (0 documents)\n")
    }

    func testIncludeTypoIsNotASilentPass() throws {
        let dir = try makeDirectory([".sharelint.yml": "include: [\"share/**/*.share.yaml\"]\nexclude: [\"**/fixtures/**\"]\n",
                                     "shares/a.share.yaml": good])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLI.run(["validate"], in: dir)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("sharelint: no file matches include 'share/**/*.share.yaml' of .sharelint.yml (exclude: '**/fixtures/**'); nothing was linted."), result.stderr)
    }

    func testForceExcludeAppliesExcludeToNamedFiles() throws {
        let dir = try makeDirectory([".sharelint.yml": "exclude: [\"fixtures/**\"]\n",
                                     "fixtures/bad.share.yaml": "schemaVersion: 2\n", "ok.share.yaml": good])
        defer { try? FileManager.default.removeItem(at: dir) }
        let named = try CLI.run(["validate", "fixtures/bad.share.yaml", "ok.share.yaml"], in: dir)
        XCTAssertEqual(named.status, 1, "a named file is linted without --force-exclude")
        let forced = try CLI.run(["validate", "--force-exclude", "--no-header", "fixtures/bad.share.yaml", "ok.share.yaml"], in: dir)
        XCTAssertEqual(forced.status, 0, forced.stdout + forced.stderr)
        XCTAssertEqual(forced.stdout, "no problems in 1 file (1 document)\n")
        // pre-commit passing only excluded files: nothing to lint is not an error here.
        let onlyExcluded = try CLI.run(["validate", "--force-exclude", "./fixtures/bad.share.yaml"], in: dir)
        XCTAssertEqual(onlyExcluded.status, 0)
        XCTAssertTrue(onlyExcluded.stderr.contains("every file named is excluded"), onlyExcluded.stderr)
        let directory = try CLI.run(["validate", "--force-exclude", "fixtures"], in: dir)
        XCTAssertEqual(directory.status, 2, "an excluded directory named with --force-exclude holds no file to lint")
    }

    func testNestedConfigurationIsReported() throws {
        let dir = try makeDirectory([".sharelint.yml": "rules:\n  insecure-url: error\n",
                                     "team/.sharelint.yml": "rules:\n  insecure-url: off\n", "team/a.share.yaml": insecure])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLI.run(["validate", "--color", "never", "."], in: dir)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "sharelint: warning: team/.sharelint.yml is not used: sharelint reads one .sharelint.yml per run (the one in use is .sharelint.yml); move its settings there, or run sharelint from its directory\n")
        let inside = try CLI.run(["validate", "."], in: dir.appendingPathComponent("team"))
        XCTAssertEqual(inside.status, 0, "run from its directory, the nested file is the configuration")
        XCTAssertEqual(inside.stderr, "")
    }

    func testSelectIgnoreAndStatistics() throws {
        let samples = CLI.packageRoot.appendingPathComponent("samples/invalid")
        let all = try CLI.run(["validate", "--format", "json", "--root", "..", "."], in: samples)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any])
        let rules = (json["files"] as? [[String: Any]] ?? []).flatMap { ($0["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String } }
        XCTAssertGreaterThan(Set(rules).count, 10)

        let selected = try CLI.run(["validate", "--select", "wechat-*", "--ignore", "wechat-code-scene", "--statistics", "--format", "json", "--root", "..", "."], in: samples)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(selected.stdout.utf8)) as? [[String: Any]])
        let counted = rows.compactMap { $0["rule"] as? String }
        XCTAssertFalse(counted.isEmpty)
        XCTAssertTrue(counted.allSatisfy { $0.hasPrefix("wechat-") && $0 != "wechat-code-scene" }, "\(counted)")
        let expected = rules.filter { $0.hasPrefix("wechat-") && $0 != "wechat-code-scene" }.count
        XCTAssertEqual(rows.compactMap { $0["count"] as? Int }.reduce(0, +), expected)

        let text = try CLI.run(["validate", "--select", "insecure-url", "--statistics", "--root", "..", "."], in: samples)
        let insecureCount = rules.filter { $0 == "insecure-url" }.count
        XCTAssertTrue(text.stdout.hasPrefix("\(insecureCount)  insecure-url  warning\n"), text.stdout)
        let summary = text.stdout.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(summary.hasPrefix("\(insecureCount) warning\(insecureCount == 1 ? "" : "s") in "), summary)
    }

    func testMisusedNewFlagsExitTwoWithAReason() throws {
        let cases: [([String], String)] = [
            (["validate", "--select", "unknwn-key", "samples"], "sharelint: --select 'unknwn-key' matches no rule; did you mean 'unknown-key'?\n"),
            (["validate", "--ignore", "insecure-url,", "samples"], "sharelint: --ignore takes rule ids or globs separated by commas, as in --ignore insecure-url,wechat-*\n"),
            (["validate", "--select"], "sharelint: --select needs a value\n"),
            (["validate", "--statistics", "--format", "sarif", "samples"], "sharelint: --statistics prints text or json, not sarif; drop --format sarif or --statistics\n"),
            (["validate", "--force-exclud", "samples"], "sharelint: unknown option '--force-exclud'; did you mean '--force-exclude'?\n"),
            (["rules", "--format", "sarif"], "sharelint: rules prints text or json, not sarif; use --format json\n"),
            (["completions", "bsh"], "sharelint: completions takes bash, zsh or fish, not 'bsh'; did you mean 'bash'?\n"),
            (["completions"], "sharelint: completions takes one shell: bash, zsh or fish, as in: sharelint completions bash\n"),
            (["-v"], "sharelint: unknown option '-v'; for the version use -V or --version\n"),
        ]
        for (arguments, message) in cases {
            let result = try CLI.run(arguments)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(result.stderr, message, arguments.joined(separator: " "))
        }
    }

    func testWarnSeverityVersionAndForceColor() throws {
        let dir = try makeDirectory([".sharelint.yml": "rules:\n  insecure-url: warn\n  text-too-long: warnig\n", "a.share.yaml": insecure])
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = try CLI.run(["validate", "."], in: dir)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains(".sharelint.yml:3:18: error: unknown severity 'warnig' for 'text-too-long'; use error, warning (or warn), info or off"), bad.stderr)
        XCTAssertFalse(bad.stderr.contains("'warn'"))
        try Data("rules:\n  insecure-url: warn\n".utf8).write(to: dir.appendingPathComponent(".sharelint.yml"))
        let warn = try CLI.run(["validate", "--color", "never", "."], in: dir)
        XCTAssertEqual(warn.status, 0)
        XCTAssertTrue(warn.stdout.contains("warning: 'http://example.com/' uses http"), warn.stdout)

        XCTAssertEqual(try CLI.run(["-V"]).stdout, try CLI.run(["--version"]).stdout)
        let forced = try CLI.run(["validate", "."], in: dir, environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"])
        XCTAssertTrue(forced.stdout.contains("\u{1B}[1;33mwarning:"), forced.stdout)
        let never = try CLI.run(["validate", "--color", "never", "."], in: dir, environment: ["FORCE_COLOR": "1"])
        XCTAssertFalse(never.stdout.contains("\u{1B}["))
    }

    /// --quiet keeps what fails the run: with --strict the warnings, so exit 1 always comes
    /// with the diagnostics that caused it; infos stay hidden and counted.
    func testQuietStrictShowsTheWarningsThatFail() throws {
        let result = try CLI.run(["validate", "--quiet", "--strict", "-"], stdin: insecure)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("warning: 'http://example.com/' uses http"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("1 warning in 1 file (1 document)\n"), result.stdout)
        let quiet = try CLI.run(["validate", "--quiet", "-"], stdin: insecure)
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.stdout, "1 warning in 1 file (1 document)\n")
    }

    func testRulesAsJSON() throws {
        let result = try CLI.run(["rules", "--format", "json"])
        XCTAssertEqual(result.status, 0)
        let rules = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: String]])
        let text = try CLI.run(["rules"]).stdout.split(separator: "\n")
        XCTAssertEqual(rules.count, text.count)
        XCTAssertEqual(rules.first?["id"], "yaml-syntax")
        XCTAssertEqual(rules.first?["severity"], "error")
        XCTAssertTrue(rules.allSatisfy { !($0["summary"] ?? "").isEmpty })
    }
}

/// Shell completions and the man page come from the same table as --help.
final class CompletionTests: XCTestCase {
    /// Every long option of --help, read from the help text itself.
    private func helpOptions() throws -> [String] {
        let help = try CLI.run(["--help"]).stdout
        let options = help.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            return words.first { $0.hasPrefix("--") && $0.count > 2 }.map { String($0.trimmingCharacters(in: CharacterSet(charactersIn: ","))) }
        }
        return Array(Set(options)).sorted()
    }

    func testEveryHelpOptionIsCompletedAndInTheManPage() throws {
        let options = try helpOptions()
        XCTAssertTrue(options.contains("--select"))
        XCTAssertTrue(options.contains("--force-exclude"))
        let bash = try CLI.run(["completions", "bash"]).stdout
        let zsh = try CLI.run(["completions", "zsh"]).stdout
        let fish = try CLI.run(["completions", "fish"]).stdout
        let man = try CLI.run(["manpage"]).stdout
        for option in options {
            XCTAssertTrue(bash.contains(option), "bash: \(option)")
            XCTAssertTrue(zsh.contains("'\(option)[") || zsh.contains(",\(option)}"), "zsh: \(option)")
            XCTAssertTrue(fish.contains("-l \(option.dropFirst(2)) "), "fish: \(option)")
            XCTAssertTrue(man.contains("\\fB" + option.replacingOccurrences(of: "-", with: "\\-") + "\\fR"), "man: \(option)")
        }
        XCTAssertTrue(man.hasPrefix(".TH SHARELINT 1"))
        // Every option the help lists is one the parser knows (no "unknown option").
        for option in options {
            let result = try CLI.run(["rules", option, "x"])
            XCTAssertFalse(result.stderr.contains("unknown option"), "\(option): \(result.stderr)")
        }
    }

    func testBashCompletionCompletes() throws {
        let script = try CLI.run(["completions", "bash"]).stdout
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-\(UUID().uuidString).bash")
        try Data(script.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let probe = """
        source '\(file.path)'
        COMP_WORDS=(sharelint val); COMP_CWORD=1; _sharelint; echo "${COMPREPLY[*]}"
        COMP_WORDS=(sharelint validate --stat); COMP_CWORD=2; _sharelint; echo "${COMPREPLY[*]}"
        COMP_WORDS=(sharelint validate --format s); COMP_CWORD=3; _sharelint; echo "${COMPREPLY[*]}"
        COMP_WORDS=(sharelint explain insecure-u); COMP_CWORD=2; _sharelint; echo "${COMPREPLY[*]}"
        COMP_WORDS=(sharelint validate --ignore wechat-code-w); COMP_CWORD=3; _sharelint; echo "${COMPREPLY[*]}"
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", probe]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "validate\n--statistics\nsarif\ninsecure-url\nwechat-code-width\n")
    }

    func testManPageRendersWithoutWarnings() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else { throw XCTSkip("groff is not installed") }
        let man = try CLI.run(["manpage"]).stdout
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
        process.arguments = ["-man", "-Tutf8", "-ww", "-z"]
        let input = Pipe(), err = Pipe()
        process.standardInput = input
        process.standardError = err
        try process.run()
        input.fileHandleForWriting.write(Data(man.utf8))
        try input.fileHandleForWriting.close()
        let warnings = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(warnings, "")
    }
}

/// `$id` on the schemas and the schema of `.sharelint.yml`.
final class SchemaIDTests: XCTestCase {
    func testSchemasHaveIDsAndTheConfigSchemaIsCurrent() throws {
        let printed = try CLI.run(["schema", "config"])
        XCTAssertEqual(printed.status, 0)
        try CLI.assertGolden(printed.stdout, "../../../Schemas/sharelint-config.schema.json")
        let config = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(printed.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(config["$id"] as? String, "urn:sharelint:schema:project-configuration:1")
        let properties = try XCTUnwrap(config["properties"] as? [String: Any])
        // Every key the configuration parser knows is in the schema.
        for key in ["root", "include", "exclude", "locale", "ios", "allowedURLSchemes", "maxTitleLength", "maxMessageBodyLength", "maxFileSize", "strict", "rules"] {
            XCTAssertNotNil(properties[key], key)
        }
        let rules = try XCTUnwrap(properties["rules"] as? [String: Any])
        let names = try XCTUnwrap((rules["propertyNames"] as? [String: Any])?["enum"] as? [String])
        XCTAssertEqual(names, try CLI.run(["rules", "--format", "json"]).stdout.components(separatedBy: "\"id\": \"").dropFirst().map { String($0.prefix { $0 != "\"" }) })
        for file in ["share-configuration.schema.json", "sharelint-report.schema.json"] {
            let data = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("Schemas").appendingPathComponent(file))
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
            XCTAssertTrue((object["$id"] as? String)?.hasPrefix("urn:sharelint:schema:") == true, file)
        }
        let bad = try CLI.run(["schema", "conifg"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "sharelint: schema prints the share configuration schema, or with 'config' the .sharelint.yml one: sharelint schema config\n")
    }
}

/// The GitHub Action's lint script, run locally against the samples (scripts/test-action.sh).
final class ActionScriptTests: XCTestCase {
    func testActionScriptKeepsExitCodesAndNeverEvaluatesInputs() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [CLI.packageRoot.appendingPathComponent("scripts/test-action.sh").path, CLI.binary.path]
        process.currentDirectoryURL = CLI.packageRoot
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, message)
    }
}

/// SARIF keeps results suppressed in the source, marked with `suppressions`.
final class SARIFSuppressionTests: XCTestCase {
    func testSuppressedResultsAreKeptWithTheirJustification() throws {
        let yaml = """
        schemaVersion: 1
        metadata:
          title: t
        items:
          # sharelint-disable-next-line insecure-url -- the partner has no https yet
          - url: http://partner.example.com/
          - url: http://other.example.com/  # sharelint-disable-line insecure-url
          - url: http://third.example.com/

        """
        let result = try CLI.run(["validate", "--format", "sarif", "-"], stdin: yaml)
        XCTAssertEqual(result.status, 0)
        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let run = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        let insecure = results.filter { $0["ruleId"] as? String == "insecure-url" }
        XCTAssertEqual(insecure.count, 3)
        let suppressed = insecure.filter { $0["suppressions"] != nil }
        XCTAssertEqual(suppressed.count, 2)
        let justifications = suppressed.compactMap { (($0["suppressions"] as? [[String: Any]])?.first)?["justification"] as? String }
        XCTAssertEqual(justifications, ["the partner has no https yet"])
        XCTAssertTrue(suppressed.allSatisfy { (($0["suppressions"] as? [[String: Any]])?.first)?["kind"] as? String == "inSource" })
        // The text report and the counts are unchanged: one warning.
        let text = try CLI.run(["validate", "--no-header", "-"], stdin: yaml)
        XCTAssertTrue(text.stdout.hasSuffix("1 warning in 1 file (1 document)\n"), text.stdout)
    }
}

/// `--write-baseline` / `--baseline`: only new problems fail; edits elsewhere keep entries.
final class BaselineTests: XCTestCase {
    func testBaselineReportsOnlyNewProblemsAndStaleEntries() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-baseline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let share = dir.appendingPathComponent("a.share.yaml")
        try Data("schemaVersion: 1\nmetadata:\n  title: t\nitems:\n  - url: http://a.example.com/\n  - type: public.pgn\n    text: x\n".utf8).write(to: share)
        let written = try CLI.run(["validate", "--write-baseline", "base.txt", "."], in: dir)
        XCTAssertEqual(written.status, 0, "writing a baseline is not a failure")
        XCTAssertEqual(written.stderr, "sharelint: recorded 2 problems in base.txt; lint with --baseline base.txt to report only new ones\n")
        let recorded = try String(contentsOf: dir.appendingPathComponent("base.txt"), encoding: .utf8)
        XCTAssertTrue(recorded.hasPrefix("# sharelint baseline 1\na.share.yaml\tinsecure-url\titems[0].url\t1\t"), recorded)

        let same = try CLI.run(["validate", "--baseline", "base.txt", "--no-header", "."], in: dir)
        XCTAssertEqual(same.status, 0)
        XCTAssertEqual(same.stdout, "no problems in 1 file (1 document)\n")
        XCTAssertEqual(same.stderr, "sharelint: 2 problems recorded in base.txt were held back (not reported)\n")

        // Lines moved by an unrelated edit: still matched. A new problem: reported. The
        // fixed type: a stale entry, listed.
        try Data("# moved down\nschemaVersion: 1\nmetadata:\n  title: t\nitems:\n  - url: http://a.example.com/\n  - type: public.plain-text\n    text: x\n  - type: public.jpg\n    text: y\n".utf8).write(to: share)
        let edited = try CLI.run(["validate", "--baseline", "base.txt", "--no-header", "--color", "never", "."], in: dir)
        XCTAssertEqual(edited.status, 1)
        XCTAssertTrue(edited.stdout.hasPrefix("a.share.yaml:9:11: error: unknown type identifier 'public.jpg'"), edited.stdout)
        XCTAssertFalse(edited.stdout.contains("insecure-url"), edited.stdout)
        XCTAssertEqual(edited.stderr, """
        sharelint: 1 problem recorded in base.txt was held back (not reported)
        sharelint: warning: 1 problem recorded in base.txt no longer occurs; rewrite it with --write-baseline base.txt:
          a.share.yaml: unknown-type at items[1].type: unknown type identifier 'public.pgn'; did you mean 'public.png'?

        """)
    }

    func testBaselineMisuseExitsTwo() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-baseline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("schemaVersion: 1\nmetadata:\n  title: t\nitems:\n  - text: x\n".utf8).write(to: dir.appendingPathComponent("a.share.yaml"))
        try Data("junk\n".utf8).write(to: dir.appendingPathComponent("junk.txt"))
        try Data("# sharelint baseline 1\na.share.yaml\tinsecure-url\n".utf8).write(to: dir.appendingPathComponent("short.txt"))
        let cases: [([String], String)] = [
            (["--baseline", "none.txt", "."], "sharelint: --baseline none.txt: no such file; create it with --write-baseline none.txt\n"),
            (["--baseline", "junk.txt", "."], "sharelint: --baseline junk.txt: not a sharelint baseline (the first line must be '# sharelint baseline 1'); write one with --write-baseline junk.txt\n"),
            (["--baseline", "short.txt", "."], "sharelint: --baseline short.txt:2: expected PATH, RULE, KEYPATH, COUNT and MESSAGE separated by tabs; rewrite it with --write-baseline short.txt\n"),
            (["--baseline", "junk.txt", "--write-baseline", "b.txt", "."], "sharelint: --baseline and --write-baseline cannot be used together: write the baseline once, then lint with --baseline\n"),
            (["--write-baseline"], "sharelint: --write-baseline needs a value\n"),
        ]
        for (arguments, message) in cases {
            let result = try CLI.run(["validate"] + arguments, in: dir)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(result.stderr, message, arguments.joined(separator: " "))
        }
    }

    /// The pre-commit hook that builds sharelint builds only its product, and lints the
    /// files pre-commit names from the caller's folder (its script never changes folder
    /// before linting).
    func testPreCommitHookBuildsOnlyTheProduct() throws {
        let hooks = try String(contentsOf: CLI.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        XCTAssertTrue(hooks.contains("entry: scripts/pre-commit-sharelint.sh\n  language: script\n"), hooks)
        let script = CLI.packageRoot.appendingPathComponent("scripts/pre-commit-sharelint.sh")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: script.path))
        let text = try String(contentsOf: script, encoding: .utf8)
        XCTAssertTrue(text.contains("swift build -c release --product sharelint --package-path \"$here\""), text)
        XCTAssertTrue(text.contains("validate --force-exclude \"$@\""), text)
        XCTAssertFalse(text.contains("\ncd "), "the files are named relative to the caller's folder")
    }

}
