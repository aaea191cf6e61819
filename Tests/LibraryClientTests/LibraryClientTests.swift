import Foundation
import ShareLintKit
import XCTest

/// docs/library.md, compiled and run as an embedding package would: this target sees only
/// ShareLintKit's public interface (`packageAccess: false` in Package.swift). Each snippet
/// stands between `// snippet` and `// end snippet` exactly as the page shows it
/// (`testTheSnippetsAreThePagesSnippets` compares them); `print` here keeps what a snippet
/// prints, so each test checks it.
final class LibraryClientTests: XCTestCase {
    private var printed: [String] = []

    private func print(_ items: Any..., separator: String = " ") {
        printed.append(items.map { "\($0)" }.joined(separator: separator))
    }

    func testLintingAString() {
        // snippet
        let linter = Linter()
        let report = linter.lint(text: """
            schemaVersion: 1
            metadata:
              title: 邀请好友
            items:
              - url: http://example.com/invite
            """, path: "invite.share.yaml")
        for diagnostic in report.diagnostics {
            let start = diagnostic.range.start
            print("\(report.path):\(start.line):\(start.column): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule)]")
        }
        print(report.count(.error), "errors,", report.count(.warning), "warnings")
        // end snippet
        XCTAssertEqual(printed.count, report.diagnostics.count + 1)
        let insecure = printed.first { $0.hasSuffix("[insecure-url]") }
        XCTAssertNotNil(insecure, "the http URL is reported: \(printed)")
        XCTAssertTrue(insecure?.hasPrefix("invite.share.yaml:5:") ?? false, insecure ?? "")
        let inChinese = report.diagnostics.first { $0.rule.rawValue == "insecure-url" }?.message(in: .simplifiedChinese)
        XCTAssertNotEqual(inChinese, report.diagnostics.first { $0.rule.rawValue == "insecure-url" }?.message)
        printed = []

        // snippet
        let json = ReportFormat.json.render([report])
        let chinese = ReportFormat.text.render([report], language: .simplifiedChinese)
        print(json.count > 0, chinese.contains("错误") || chinese.contains("警告"))
        // end snippet
        XCTAssertEqual(printed, ["true true"])
        let decoded = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        XCTAssertNotNil(decoded?["files"], "the JSON report parses and has its files")
        for format in ReportFormat.allCases {
            XCTAssertTrue(format.render([report]).contains("insecure-url") || format == .text,
                          "\(format) names the rule")
        }
    }

    func testLintingAFileAndADirectory() throws {
        let postersFolder = NSTemporaryDirectory() + "library-client-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: postersFolder + "/spring", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: postersFolder) }
        let posterPath = postersFolder + "/spring/invite.share.yaml"
        try "schemaVersion: 1\nitems:\n  - text: 春节快乐\n".write(toFile: posterPath, atomically: true, encoding: .utf8)
        try "schemaVersion: 1\nitems:\n  - url: http://example.com\n".write(toFile: postersFolder + "/a.share.yml", atomically: true, encoding: .utf8)
        try "not: a share file\n".write(toFile: postersFolder + "/notes.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: postersFolder + "/.hidden", withIntermediateDirectories: true)
        try "schemaVersion: 1\n".write(toFile: postersFolder + "/.hidden/x.share.yaml", atomically: true, encoding: .utf8)

        // snippet
        let fileReport = Linter().lint(file: posterPath)
        print(fileReport.path, fileReport.count(.error), "errors")
        for folderReport in Linter().lint(directory: postersFolder) ?? [] {
            print(folderReport.path, folderReport.count(.error))
        }
        // end snippet
        XCTAssertEqual(fileReport.diagnostics.map(\.rule.rawValue), ["no-header-preview"])
        XCTAssertEqual(printed, ["\(posterPath) 0 errors", "\(postersFolder)/a.share.yml 0", "\(posterPath) 0"])
        XCTAssertNil(Linter().lint(directory: postersFolder + "/missing"))
        let missing = Linter().lint(file: postersFolder + "/missing.share.yaml")
        XCTAssertEqual(missing.diagnostics.map(\.rule.rawValue), ["yaml-syntax"], "an unreadable file is a diagnostic, not a throw")
    }

    func testOptionsTheHeaderAndTheDestinations() {
        // snippet
        var options = LintOptions()
        options.locale = .zhHans
        options.severityOverrides["insecure-url"] = .error
        options.severityOverrides["no-header-preview"] = .some(nil)
        options.includesDestinations = true
        let strictLinter = Linter(options: options)
        // end snippet
        XCTAssertEqual(strictLinter.lint(text: "schemaVersion: 1\nitems:\n  - url: http://example.com\n").diagnostics
            .first { $0.rule.rawValue == "insecure-url" }?.severity, .error, "the override applies")
        let untitled = "schemaVersion: 1\nitems:\n  - text: hello\n"
        XCTAssertTrue(Linter().lint(text: untitled).diagnostics.contains { $0.rule.rawValue == "no-header-preview" })
        XCTAssertFalse(strictLinter.lint(text: untitled).diagnostics.contains { $0.rule.rawValue == "no-header-preview" }, "nil turns the rule off")

        // snippet
        let predicted = strictLinter.lint(text: """
            schemaVersion: 1
            metadata:
              title: 春节快乐
            items:
              - text: 新年好
            """)
        if let header = predicted.documents.first?.header {
            print("header:", header.title, header.subtitle.isEmpty ? "(no subtitle)" : header.subtitle)
        }
        for destination in predicted.documents.first?.destinations?.destinations ?? [] where destination.availability == .offered {
            print("offered:", destination.title)
        }
        // end snippet
        let header = predicted.documents.first?.header
        XCTAssertNotNil(header)
        XCTAssertEqual(printed.first, "header: \(header?.title ?? "") \(header?.subtitle.isEmpty ?? true ? "(no subtitle)" : header?.subtitle ?? "")")
        XCTAssertEqual(header?.title, "春节快乐")
        let offered = predicted.documents.first?.destinations?.destinations.filter { $0.availability == .offered } ?? []
        XCTAssertFalse(offered.isEmpty)
        XCTAssertEqual(printed.count, 1 + offered.count)
    }

    func testReadingTheModel() {
        // snippet
        let configurations = ShareConfiguration.read("""
            schemaVersion: 1
            name: invite-poster
            metadata:
              title: 邀请好友
            items:
              - url: https://example.com/invite
            """)
        let title = configurations.first?.metadata?.title
        print(title?.value ?? "-", "at line", title?.range.start.line ?? 0, "path", title?.path ?? "-")
        for item in configurations.first?.items ?? [] {
            for representation in item.representations {
                print(item.path, representation.type?.value ?? "(type inferred)", representation.payload?.located.value ?? "")
            }
        }
        // end snippet
        XCTAssertEqual(printed, ["邀请好友 at line 4 path metadata.title", "items[0] (type inferred) https://example.com/invite"])
        XCTAssertEqual(configurations.first?.name?.value, "invite-poster")
    }

    func testTheRules() {
        // snippet
        for rule in RuleCatalog.descriptions where rule.severity == .error {
            print(rule.id, "-", rule.summary)
        }
        // end snippet
        XCTAssertFalse(printed.isEmpty)
        XCTAssertTrue(printed.contains { $0.hasPrefix("yaml-syntax - ") })
        XCTAssertEqual(printed.count, RuleCatalog.descriptions.filter { $0.severity == .error }.count)
    }

    /// Every kind of value a caller can hold reads after the configuration, the linter and
    /// the report that made it are gone (and after other documents were read since).
    func testValuesReadAfterEverythingIsReleased() {
        let text = """
            schemaVersion: 1
            name: kept
            metadata:
              title: 一个比十五个字节更长的标题，放在堆上
              messageBody: body
              linkPresentation:
                url: https://example.com/page
            items:
              - representations:
                  - type: public.plain-text
                    text: 第一段文字，长于十五个字节
                suggestedName: notes.txt
                previews:
                  thumbnail: thumb.png
            excludedActivityTypes: [com.apple.UIKit.activity.Print]
            applicationActivities:
              - type: com.example.favorite
                title: 收藏
            """
        var kept: (title: LocatedString?, name: LocatedString?, type: LocatedString?, payload: LocatedString?,
                   suggested: LocatedString?, thumbnail: LocatedString?, url: LocatedString?, excluded: LocatedString?,
                   activity: LocatedString?, version: Int?)
        var diagnostics: [Diagnostic] = []
        do {
            let linter = Linter()
            let configuration = ShareConfiguration.read(text).first
            let item = configuration?.items.first
            kept = (configuration?.metadata?.title, configuration?.name, item?.representations.first?.type,
                    item?.representations.first?.payload?.located, item?.suggestedName, item?.previews?.thumbnail,
                    configuration?.metadata?.linkPresentation?.url, configuration?.excludedActivityTypes.first,
                    configuration?.applicationActivities.first?.title, configuration?.schemaVersion?.value)
            diagnostics = linter.lint(text: text).diagnostics
        }
        // Other documents take the storages that were given back.
        for i in 0..<50 { _ = ShareConfiguration.read("schemaVersion: 1\nname: other \(i) with a longer name\n") }
        XCTAssertEqual(kept.title?.value, "一个比十五个字节更长的标题，放在堆上")
        XCTAssertEqual(kept.title?.path, "metadata.title")
        XCTAssertEqual(kept.title?.range.start.line, 4)
        XCTAssertEqual(kept.name?.value, "kept")
        XCTAssertEqual(kept.type?.value, "public.plain-text")
        XCTAssertEqual(kept.payload?.value, "第一段文字，长于十五个字节")
        XCTAssertEqual(kept.payload?.utf8Count, "第一段文字，长于十五个字节".utf8.count)
        XCTAssertEqual(kept.suggested?.value, "notes.txt")
        XCTAssertEqual(kept.thumbnail?.value, "thumb.png")
        XCTAssertEqual(kept.url?.value, "https://example.com/page")
        XCTAssertEqual(kept.excluded?.value, "com.apple.UIKit.activity.Print")
        XCTAssertEqual(kept.activity?.value, "收藏")
        XCTAssertEqual(kept.activity?.keyRange?.start.line, 18)
        XCTAssertEqual(kept.version, 1)
        XCTAssertEqual(diagnostics.map(\.message), diagnostics.map { $0.message(in: .english) })
    }

    /// One configuration read by many tasks at once (run under ThreadSanitizer by
    /// scripts/sanitizers.sh): the model is only read.
    func testOneConfigurationIsReadByManyTasks() async {
        guard let configuration = ShareConfiguration.read("schemaVersion: 1\nmetadata:\n  title: 共享的标题，读取多次\nitems:\n  - text: hello\n").first else {
            return XCTFail("the configuration reads")
        }
        let titles = await withTaskGroup(of: String.self) { group in
            for _ in 0..<16 {
                group.addTask { (0..<200).map { _ in configuration.metadata?.title?.value ?? "" }.last ?? "" }
            }
            var all: [String] = []
            for await title in group { all.append(title) }
            return all
        }
        XCTAssertEqual(Set(titles), ["共享的标题，读取多次"])
    }

    /// The snippets above are docs/library.md's `swift` blocks, in the page's order.
    func testTheSnippetsAreThePagesSnippets() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let pageBlocks = Self.blocks(in: page, from: "```swift\n", to: "```\n")
        let sourceBlocks = Self.blocks(in: source, from: "// snippet\n", to: "// end snippet\n")
        XCTAssertEqual(pageBlocks.count, 7)
        let order = [0, 5, 1, 2, 3, 4, 6] // the tests' order of the page's blocks
        XCTAssertEqual(sourceBlocks.count, pageBlocks.count)
        for (sourceIndex, pageIndex) in order.enumerated() where sourceIndex < sourceBlocks.count && pageIndex < pageBlocks.count {
            XCTAssertEqual(sourceBlocks[sourceIndex], pageBlocks[pageIndex], "docs/library.md's block \(pageIndex + 1)")
        }
    }

    /// The text between each `from` line and the next `to` line, its common indentation taken off.
    private static func blocks(in text: String, from start: String, to end: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if current == nil, trimmed + "\n" == start {
                current = []
            } else if current != nil, trimmed + "\n" == end {
                let lines = current ?? []
                let indent = lines.filter { !$0.allSatisfy { $0 == " " } }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
                blocks.append(lines.map { String($0.dropFirst(indent)) }.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }
}
