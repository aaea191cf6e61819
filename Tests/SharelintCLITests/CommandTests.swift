import Foundation
import XCTest

/// The command line's options, formats and exit codes.
final class CommandTests: XCTestCase {
    private var samples: URL { CLI.packageRoot.appendingPathComponent("samples") }

    func testVersionAndHelp() throws {
        let version = try CLI.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("sharelint "))
        let help = try CLI.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("sharelint validate"))
    }

    func testUsageErrorsExitTwo() throws {
        let unknownOption = try CLI.run(["validate", "--fromat", "json"])
        XCTAssertEqual(unknownOption.status, 2)
        XCTAssertEqual(unknownOption.stderr, "sharelint: unknown option '--fromat'; did you mean '--format'?\n")
        let unknownCommand = try CLI.run(["validat"])
        XCTAssertEqual(unknownCommand.status, 2)
        XCTAssertTrue(unknownCommand.stderr.contains("did you mean 'validate'?"))
        let missing = try CLI.run(["validate", "no/such.share.yaml"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "sharelint: no/such.share.yaml: no such file or directory\n")
        let badFormat = try CLI.run(["validate", "--format", "xml", "samples"])
        XCTAssertEqual(badFormat.status, 2)
        let badRule = try CLI.run(["explain", "unknown-kye"])
        XCTAssertEqual(badRule.status, 2)
        XCTAssertTrue(badRule.stderr.contains("did you mean 'unknown-key'?"))
        // A part of an id names the ids that hold it.
        let partial = try CLI.run(["explain", "photo-library"])
        XCTAssertEqual(partial.stderr, "sharelint: unknown rule 'photo-library'; did you mean 'photo-library-usage'?\n")
        XCTAssertTrue(try CLI.run(["explain", "header"]).stderr.contains("did you mean 'header-mismatch' or 'no-header-preview'?"))
    }

    func testJSONReportGolden() throws {
        let result = try CLI.run(["validate", "--format", "json", "--root", ".",
                                  "invalid/typos.share.yaml", "invalid/unclosed-quote.share.yaml", "wechat-qr-poster.share.yaml"],
                                 in: samples)
        XCTAssertEqual(result.status, 1)
        try CLI.assertGolden(result.stdout, "report.json")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(Set(json.keys), ["version", "locale", "files", "summary"])
        XCTAssertEqual(json["locale"] as? String, "en")
        let summary = try XCTUnwrap(json["summary"] as? [String: Int])
        XCTAssertEqual(summary["errors"], 3)
        XCTAssertEqual(summary["warnings"], 2)
    }

    func testHeaderCommandGolden() throws {
        let result = try CLI.run(["header", "--root", ".", "."], in: samples)
        try CLI.assertGolden(result.stdout, "header.txt")
        let zh = try CLI.run(["header", "--locale", "zh-Hans", "spring-campaign-zh.share.yaml"], in: samples)
        XCTAssertEqual(zh.stdout, "spring-campaign-zh.share.yaml: 3个链接\n  原因：没有为整个共享提供标题，所以 iOS 只列出各项目的类型；"
                       + "要显示标题请添加 metadata.title，要显示图像请给某个项目添加 previews.fullSize\n")
        let zh14 = try CLI.run(["header", "--locale", "zh-Hans", "--ios", "14", "spring-campaign-zh.share.yaml"], in: samples)
        XCTAssertEqual(zh14.stdout.split(separator: "\n").first, "spring-campaign-zh.share.yaml: 纯文本和3个链接 — 春季新品上市，点击链接领取优惠券")
        XCTAssertEqual(zh.status, 0)
    }

    func testIOSTargets() throws {
        let poster = "wechat-qr-poster.share.yaml"
        let ios18 = try CLI.run(["header", poster], in: samples)
        XCTAssertEqual(ios18.stdout, "wechat-qr-poster.share.yaml: 邀请好友\n")
        let ios14 = try CLI.run(["header", poster, "--ios", "14"], in: samples)
        XCTAssertTrue(ios14.stdout.hasPrefix("wechat-qr-poster.share.yaml: Plain Text and 1 Image — 扫码进入小程序\n"), ios14.stdout)
        let all = try CLI.run(["header", poster, "--ios=all"], in: samples)
        // The default is 26; 16–18 show the same here, so only 14–15 is listed.
        XCTAssertEqual(all.stdout, "wechat-qr-poster.share.yaml:\n  iOS 26: 邀请好友\n  iOS 14–15: Plain Text and 1 Image — 扫码进入小程序\n")
        let json = try CLI.run(["header", poster, "--ios", "all", "--format", "json"], in: samples)
        let document = try XCTUnwrap(((JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["files"] as? [[String: Any]])?
            .first?["documents"] as? [[String: Any]]).first
        let other = try XCTUnwrap((document?["otherTargets"] as? [[String: Any]])?.first)
        XCTAssertEqual(other["ios"] as? String, "iOS 14–15")
        XCTAssertEqual((other["header"] as? [String: Any])?["title"] as? String, "Plain Text and 1 Image")
        XCTAssertEqual((document?["header"] as? [String: Any])?["style"] as? String, "single")
        // expect.header is checked against the run's target: the poster pins iOS 18's header.
        let validate14 = try CLI.run(["validate", "--color", "never", "--ios", "14", poster], in: samples)
        XCTAssertEqual(validate14.status, 1)
        XCTAssertTrue(validate14.stdout.contains("but the share sheet will show 'Plain Text and 1 Image' (iOS 14, locale en) [header-mismatch]"), validate14.stdout)
        for bad in ["13", "abc", "19"] {
            let result = try CLI.run(["header", poster, "--ios", bad], in: samples)
            XCTAssertEqual(result.status, 2, bad)
            XCTAssertEqual(result.stderr, "sharelint: unknown iOS version '\(bad)' for --ios; choose 14, 15, 16, 17, 18 or 26, or all to compare them\n")
        }
    }

    func testStandardInputWithStdinFilename() throws {
        let yaml = "schemaVersion: 1\nmetadata:\n  title: 海报\nitems:\n  - type: public.pgn\n    file: assets/qr-poster.png\n"
        let result = try CLI.run(["validate", "--color", "never", "--no-header", "--stdin-filename", "pasted.share.yaml", "-"], in: samples, stdin: yaml)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.hasPrefix("pasted.share.yaml:5:11: error: unknown type identifier 'public.pgn'; did you mean 'public.png'? [unknown-type]\n"), result.stdout)
        let clean = try CLI.run(["validate", "--no-header", "-"], in: samples, stdin: "schemaVersion: 1\nmetadata:\n  title: hi\nitems:\n  - text: hi\n")
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.stdout, "no problems in 1 file (1 document)\n")
    }

    func testStrictQuietAndOutput() throws {
        let warningOnly = "schemaVersion: 1\nmetadata:\n  title: 链接\nitems:\n  - url: http://example.com/\n"
        let normal = try CLI.run(["validate", "-"], stdin: warningOnly)
        XCTAssertEqual(normal.status, 0)
        XCTAssertTrue(normal.stdout.contains("warning:"))
        let strict = try CLI.run(["validate", "--strict", "-"], stdin: warningOnly)
        XCTAssertEqual(strict.status, 1)
        let quiet = try CLI.run(["validate", "--quiet", "-"], stdin: warningOnly)
        XCTAssertFalse(quiet.stdout.contains("warning:"))
        XCTAssertEqual(quiet.status, 0)

        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: output) }
        let written = try CLI.run(["validate", "--format", "json", "--output", output.path, "-"], stdin: warningOnly)
        XCTAssertEqual(written.stdout, "1 warning in 1 file (1 document)\n")
        let report = try String(contentsOf: output, encoding: .utf8)
        XCTAssertTrue(report.contains("\"rule\": \"insecure-url\""))
    }

    func testColorsOnlyWhenAsked() throws {
        let yaml = "schemaVersion: 1\nitems:\n  - url: http://example.com/\n"
        let plain = try CLI.run(["validate", "-"], stdin: yaml)
        XCTAssertFalse(plain.stdout.contains("\u{1B}["))
        let colored = try CLI.run(["validate", "--color", "always", "-"], stdin: yaml)
        XCTAssertTrue(colored.stdout.contains("\u{1B}[1;33mwarning:"))
    }

    func testJobsDoNotChangeTheOutput() throws {
        let one = try CLI.run(["validate", "--jobs", "1", "--format", "json", "--root", ".", "."], in: samples)
        let two = try CLI.run(["validate", "--jobs", "2", "--format", "json", "--root", ".", "."], in: samples)
        XCTAssertEqual(one.stdout, two.stdout)
        XCTAssertEqual(one.status, two.status)
    }

    func testRulesAndExplain() throws {
        let rules = try CLI.run(["rules"])
        XCTAssertEqual(rules.status, 0)
        XCTAssertTrue(rules.stdout.contains("unknown-key"))
        let explain = try CLI.run(["explain", "implicit-type"])
        XCTAssertEqual(explain.status, 0)
        XCTAssertTrue(explain.stdout.hasPrefix("implicit-type (warning)\n"))
        XCTAssertTrue(explain.stdout.contains("title: ↓no"))
    }

    func testUnreadableAndOddFilesInADirectoryAreDiagnostics() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("schemaVersion: 1\nmetadata:\n  title: hi\nitems:\n  - text: hi\n".utf8).write(to: dir.appendingPathComponent("good.share.yaml"))
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("loop").path, withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("broken.share.yaml").path, withDestinationPath: "nowhere")
        let result = try CLI.run(["validate", "--color", "never", "--no-header", "."], in: dir)
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "broken.share.yaml:1:1: error: the file cannot be read: it is a broken symlink [yaml-syntax]\n1 error in 2 files (1 document)\n")
    }
}

/// `.sharelint.yml`: discovery from a subdirectory, include/exclude and severities.
final class ConfigurationFileTests: XCTestCase {
    private func makeRepository() throws -> URL {
        let repo = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-repo-\(UUID().uuidString)")
        let fm = FileManager.default
        try fm.createDirectory(at: repo.appendingPathComponent("shares/fixtures"), withIntermediateDirectories: true)
        try fm.createDirectory(at: repo.appendingPathComponent("app/Sources/Deep"), withIntermediateDirectories: true)
        try Data("""
        include: ["shares/**/*.share.yaml"]
        exclude: ["**/fixtures/**"]
        rules:
          insecure-url: error
          implicit-type: off

        """.utf8).write(to: repo.appendingPathComponent(".sharelint.yml"))
        try Data("schemaVersion: 1\nmetadata:\n  title: yes\nitems:\n  - url: http://example.com/\n".utf8)
            .write(to: repo.appendingPathComponent("shares/link.share.yaml"))
        try Data("schemaVersion: 2\n".utf8).write(to: repo.appendingPathComponent("shares/fixtures/broken.share.yaml"))
        try Data("not: [a share file\n".utf8).write(to: repo.appendingPathComponent("app/other.share.yaml"))
        return repo
    }

    func testFoundFromASubdirectoryWithIncludeExcludeAndSeverities() throws {
        let repo = try makeRepository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let result = try CLI.run(["validate", "--color", "never", "--no-header"], in: repo.appendingPathComponent("app/Sources/Deep"))
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, """
        ../../../shares/link.share.yaml:5:10: error: 'http://example.com/' uses http: use https [insecure-url]
            - url: http://example.com/
                   ^~~~~~~~~~~~~~~~~~~
        1 error in 1 file (1 document)

        """)
    }

    func testExcludedDirectoryIsLintedWhenNamed() throws {
        let repo = try makeRepository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let walked = try CLI.run(["validate", "shares"], in: repo)
        XCTAssertFalse(walked.stdout.contains("broken.share.yaml"))
        let named = try CLI.run(["validate", "shares/fixtures"], in: repo)
        XCTAssertTrue(named.stdout.contains("shares/fixtures/broken.share.yaml:1:16: error: schemaVersion 2 is not supported"), named.stdout)
    }

    func testTextLimitsAreConfigurable() throws {
        let repo = try makeRepository()
        defer { try? FileManager.default.removeItem(at: repo) }
        try Data("maxTitleLength: 5\n".utf8).write(to: repo.appendingPathComponent(".sharelint.yml"))
        try Data("schemaVersion: 1\nmetadata:\n  title: 邀请好友来扫码\nitems:\n  - text: hi\n".utf8).write(to: repo.appendingPathComponent("t.share.yaml"))
        let result = try CLI.run(["validate", "--color", "never", "--no-header", "t.share.yaml"], in: repo)
        XCTAssertTrue(result.stdout.hasPrefix("t.share.yaml:3:10: warning: the title is 7 characters long; keep it within 5 [text-too-long]"), result.stdout)
        try Data("maxTitleLength: -1\n".utf8).write(to: repo.appendingPathComponent(".sharelint.yml"))
        XCTAssertEqual(try CLI.run(["validate", "t.share.yaml"], in: repo).status, 2)
    }

    func testBadConfigurationExitsTwoWithPositions() throws {
        let repo = try makeRepository()
        defer { try? FileManager.default.removeItem(at: repo) }
        try Data("includ: [x]\nrules:\n  insecure-uri: error\n".utf8).write(to: repo.appendingPathComponent(".sharelint.yml"))
        let result = try CLI.run(["validate"], in: repo.appendingPathComponent("shares"))
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, """
        sharelint: invalid configuration
        ../.sharelint.yml:1:1: error: unknown key 'includ'; did you mean 'include'?
        ../.sharelint.yml:3:3: error: unknown rule 'insecure-uri'; did you mean 'insecure-url'?

        """)
    }

    func testIOSTargetFromTheConfiguration() throws {
        let repo = try makeRepository()
        defer { try? FileManager.default.removeItem(at: repo) }
        let poster = "schemaVersion: 1\nmetadata:\n  title: 海报\n  messageBody: 扫码\nitems:\n  - type: com.compuserve.gif\n    base64: R0lGODlhAQABAAAAADs=\n    previews:\n      fullSize: p.gif\n"
        try Data(poster.utf8).write(to: repo.appendingPathComponent("p.share.yaml"))
        try Data(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B]).write(to: repo.appendingPathComponent("p.gif"))
        try Data("ios: 14\n".utf8).write(to: repo.appendingPathComponent(".sharelint.yml"))
        XCTAssertEqual(try CLI.run(["header", "p.share.yaml"], in: repo).stdout.split(separator: "\n").first, "p.share.yaml: Plain Text and 1 Image — 扫码")
        // The command line wins over the configuration.
        XCTAssertEqual(try CLI.run(["header", "--ios", "18", "p.share.yaml"], in: repo).stdout, "p.share.yaml: 海报\n")
        try Data("ios: abc\n".utf8).write(to: repo.appendingPathComponent(".sharelint.yml"))
        let bad = try CLI.run(["header", "p.share.yaml"], in: repo)
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "sharelint: invalid configuration\n.sharelint.yml:1:6: error: unknown iOS version 'abc' for 'ios'; choose 14, 15, 16, 17, 18 or 26\n")
    }
}

/// `sharelint type` and `--info-plist`.
final class FilesAndTypesTests: XCTestCase {
    func testTypeLookups() throws {
        let mp4 = try CLI.run(["type", "public.mpeg-4"])
        XCTAssertEqual(mp4.status, 0)
        XCTAssertTrue(mp4.stdout.contains("public.mpeg-4 → public.movie → public.audiovisual-content → public.data, public.content → public.item"), mp4.stdout)
        let png = try CLI.run(["type", ".png"])
        XCTAssertTrue(png.stdout.hasPrefix("public.png\n  conforms to: public.png → public.image → public.data, public.content → public.item\n"), png.stdout)
        XCTAssertEqual(try CLI.run(["type", "png"]).stdout, png.stdout)
        let jpeg = try CLI.run(["type", "image/jpeg"])
        XCTAssertTrue(jpeg.stdout.hasPrefix("public.jpeg\n"))
        let json = try CLI.run(["type", "--format", "json", "public.heic"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let types = try XCTUnwrap(object["types"] as? [[String: Any]])
        XCTAssertEqual(types.first?["identifier"] as? String, "public.heic")
        let unknown = try CLI.run(["type", "public.pgn"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "sharelint: unknown type, extension or MIME type 'public.pgn'; did you mean 'public.png'?\n")
    }

    func testInfoPlistTurnsTheWarningIntoAnErrorOrSilencesIt() throws {
        let args = ["validate", "--color", "never", "--no-header", "samples/invalid/save-image.share.yaml"]
        let plain = try CLI.run(args)
        XCTAssertEqual(plain.status, 0)
        XCTAssertTrue(plain.stdout.contains("warning: \"Save Image\" needs NSPhotoLibraryAddUsageDescription in the app's Info.plist"), plain.stdout)
        let missing = try CLI.run(args + ["--info-plist", "samples/invalid/Info-without-photo-key.plist"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stdout.contains("error: \"Save Image\" needs NSPhotoLibraryAddUsageDescription, which Info-without-photo-key.plist lacks"), missing.stdout)
        // UISaveToCameraRollActivity _canSaveImages (iOS 18.2) also accepts the read-write key.
        let readWrite = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-read-write-\(getpid()).plist")
        try Data("<plist><dict><key>NSPhotoLibraryUsageDescription</key><string>Pick a photo.</string></dict></plist>".utf8).write(to: readWrite)
        defer { try? FileManager.default.removeItem(at: readWrite) }
        XCTAssertEqual(try CLI.run(args + ["--info-plist", readWrite.path]).stdout, "no problems in 1 file (1 document)\n")
        let present = try CLI.run(args + ["--info-plist", "samples/Info.plist"])
        XCTAssertEqual(present.status, 0)
        XCTAssertEqual(present.stdout, "no problems in 1 file (1 document)\n")
        let bad = try CLI.run(args + ["--info-plist", "README.md"])
        XCTAssertEqual(bad.status, 2)
    }

    /// The Photos rules never advise opposite things, and without an Info.plist the note
    /// comes once per file, under 160 characters.
    func testThePhotosRulesAgree() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-photos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("samples/assets/qr-poster.png"), to: dir.appendingPathComponent("p.png"))
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("samples/invalid/Info-without-photo-key.plist"), to: dir.appendingPathComponent("Info.plist"))
        let document = "schemaVersion: 1\nmetadata:\n  title: t\nitems:\n  - type: public.png\n    file: p.png\n"
        try Data((document + "excludedActivityTypes: [saveToCameraRoll]\n").utf8).write(to: dir.appendingPathComponent("x.share.yaml"))
        // Excluded, as photo-library-usage asks: never called useless.
        let excluded = try CLI.run(["validate", "--no-header", "--info-plist", "Info.plist", "x.share.yaml"], in: dir)
        XCTAssertEqual(excluded.stdout, "no problems in 1 file (1 document)\n")
        // Two documents, no Info.plist: one short note.
        try Data((document + "---\n" + document).utf8).write(to: dir.appendingPathComponent("y.share.yaml"))
        let notes = try CLI.run(["validate", "--no-header", "--format", "json", "y.share.yaml"], in: dir)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(notes.stdout.utf8)) as? [String: Any])
        let diagnostics = try XCTUnwrap(((object["files"] as? [[String: Any]])?.first)?["diagnostics"] as? [[String: Any]])
        let photo = diagnostics.filter { $0["rule"] as? String == "photo-library-usage" }
        XCTAssertEqual(photo.count, 1)
        XCTAssertLessThanOrEqual((photo.first?["message"] as? String ?? "").count, 160)
    }
}
