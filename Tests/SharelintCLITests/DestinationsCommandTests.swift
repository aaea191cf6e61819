import Foundation
import XCTest

/// `sharelint destinations`: the table and the JSON, golden and by content; --jobs; exit codes.
final class DestinationsCommandTests: XCTestCase {
    private var samples: URL { CLI.packageRoot.appendingPathComponent("samples") }

    func testGoldenTextAndJSON() throws {
        let invalid = samples.appendingPathComponent("invalid")
        let text = try CLI.run(["destinations", "--root", "..", "destinations.share.yaml"], in: invalid)
        XCTAssertEqual(text.status, 1, "expect.destinations mismatches are errors")
        try CLI.assertGolden(text.stdout, "destinations.txt")
        let json = try CLI.run(["destinations", "--format", "json", "--root", "..", "destinations.share.yaml"], in: invalid)
        try CLI.assertGolden(json.stdout, "destinations.json")
        let chinese = try CLI.run(["destinations", "--locale", "zh-Hans", "--root", "..", "destinations.share.yaml"], in: invalid)
        try CLI.assertGolden(chinese.stdout, "destinations.zh-Hans.txt")
        let verbose = try CLI.run(["destinations", "--verbose", "--root", "..", "destinations.share.yaml"], in: invalid)
        try CLI.assertGolden(verbose.stdout, "destinations.verbose.txt")
    }

    /// iOS 26's file URLs the system may refuse and Mail's HTML body, as the listing, the
    /// JSON and the preview show them.
    func testFilesTheSystemMayRefuseAndMailsHTMLBody() throws {
        let listing = try CLI.run(["destinations", "order-mail-html.share.yaml"], in: samples)
        XCTAssertEqual(listing.status, 0, listing.stderr)
        let lines = listing.stdout.split(separator: "\n")
        let mail = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("  Mail ") })
        XCTAssertTrue(lines[mail].contains("HTML text '<html>"), String(lines[mail]))
        XCTAssertTrue(lines[mail + 1].contains("activityItems[1]'s file: only if iOS 26 lets the app share it"), String(lines[mail + 1]))
        XCTAssertTrue(lines.contains { $0.hasPrefix("  Print ") && $0.contains("only if iOS 26 lets the app share activityItems[1]") })
        let iOS18 = try CLI.run(["destinations", "--ios", "18", "order-mail-html.share.yaml"], in: samples)
        XCTAssertFalse(iOS18.stdout.contains("only if iOS 26"), iOS18.stdout)

        let json = try CLI.run(["destinations", "--format", "json", "order-mail-html.share.yaml"], in: samples)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let files = try XCTUnwrap(report["files"] as? [[String: Any]])
        let documents = try XCTUnwrap(files.first?["documents"] as? [[String: Any]])
        let destinations = try XCTUnwrap((documents.first?["destinations"] as? [String: Any])?["activities"] as? [[String: Any]])
        let html = destinations.filter { destination in
            func holdsHTML(_ value: Any?) -> Bool {
                if let object = value as? [String: Any] { return object["isHTML"] as? Bool == true || object.values.contains(where: holdsHTML) }
                if let array = value as? [Any] { return array.contains(where: holdsHTML) }
                return false
            }
            return holdsHTML(destination)
        }.compactMap { $0["activityType"] as? String }
        XCTAssertEqual(html, ["com.apple.UIKit.activity.Mail"], "only Mail takes the HTML body")

        let page = try CLI.run(["preview", "activity-items-file.share.yaml", "--output", "-"], in: samples)
        XCTAssertTrue(page.stdout.contains("decided at run time: iOS 26 loads the file only if -[SHSheetServiceManager canShareFileURL:] allows it"))
        let page18 = try CLI.run(["preview", "--ios", "18", "activity-items-file.share.yaml", "--output", "-"], in: samples)
        XCTAssertFalse(page18.stdout.contains("canShareFileURL"))
    }

    /// For people: every sample's listing fits 100 columns in both languages (a Chinese
    /// character takes two), names no selector, and leaves the retired services out; the
    /// verbose listing keeps them.
    func testEverySampleFitsOneHundredColumnsInBothLanguages() throws {
        for locale in ["en", "zh-Hans"] {
            for directory in [samples, samples.appendingPathComponent("invalid")] {
                let result = try CLI.run(["destinations", "--locale", locale, "--root", directory == samples ? "." : "..", "."], in: directory)
                XCTAssertNotEqual(result.status, 3, result.stderr)
                for line in result.stdout.split(separator: "\n") {
                    let columns = line.unicodeScalars.reduce(0) { $0 + ((0x1100...0x115F).contains($1.value) || (0x2E80...0xA4CF).contains($1.value)
                        || (0xAC00...0xD7A3).contains($1.value) || (0xF900...0xFAFF).contains($1.value) || (0xFE30...0xFE4F).contains($1.value)
                        || (0xFF00...0xFF60).contains($1.value) || (0xFFE0...0xFFE6).contains($1.value) ? 2 : 1) }
                    XCTAssertLessThanOrEqual(columns, 100, "\(locale): \(line)")
                    XCTAssertFalse(line.contains("canPerformWithActivityItems:") || line.contains("CKShare"), "\(locale): \(line)")
                    XCTAssertFalse(line.contains("Tencent Weibo") || line.contains("Flickr") || line.contains("Vimeo"), "\(locale): \(line)")
                }
            }
        }
        // Every valid sample, in both languages, as golden files.
        for locale in ["en", "zh-Hans"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { $0.hasSuffix(".share.yaml") }.sorted()
            XCTAssertGreaterThan(files.count, 10)
            let all = try CLI.run(["destinations", "--locale", locale] + files, in: samples)
            // The samples' expect.header values are the English headers: in zh-Hans some
            // are header-mismatch errors, listed under their document.
            XCTAssertEqual(all.status, locale == "en" ? 0 : 1, all.stderr)
            try CLI.assertGolden(all.stdout, "destinations.samples.\(locale).txt")
        }
        let verbose = try CLI.run(["destinations", "--verbose", "wechat-qr-poster.share.yaml"], in: samples)
        XCTAssertTrue(verbose.stdout.contains("postToVimeo (Vimeo)"), verbose.stdout)
        XCTAssertTrue(verbose.stdout.contains("canPerformWithActivityItems:") || verbose.stdout.contains("CKShare"), verbose.stdout)
    }

    /// The example: the poster's offered activities, what Mail and Messages receive,
    /// and why Save Image is not offered (it is excluded there).
    func testWeChatPosterTable() throws {
        let result = try CLI.run(["destinations", "wechat-qr-poster.share.yaml", "--verbose"], in: samples)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        func row(_ name: String) throws -> (index: Int, line: String) {
            let index = try XCTUnwrap(lines.firstIndex { $0.contains(" \(name) (") }, "no row for \(name)\n\(result.stdout)")
            return (index, lines[index])
        }
        let save = try row("saveToCameraRoll")
        XCTAssertTrue(save.line.contains(" no ") && save.line.contains("excluded by 'saveToCameraRoll'"), save.line)
        let mail = try row("mail")
        XCTAssertTrue(mail.line.contains(" yes "), mail.line)
        XCTAssertTrue(lines[(mail.index + 1)...].prefix(3).contains { $0.hasSuffix("subject: 邀请好友") }, result.stdout)
        XCTAssertTrue(lines[(mail.index + 1)...].prefix(3).contains { $0.hasSuffix("text: 扫码进入小程序") }, result.stdout)
        let message = try row("message")
        XCTAssertTrue(lines[(message.index + 1)...].prefix(4).contains { $0.hasSuffix("text: 扫码进入小程序") }, result.stdout)
        XCTAssertTrue(try row("copyToPasteboard").line.contains(" yes "))
        XCTAssertTrue(try row("airDrop").line.contains("excluded by 'airDrop'"))
        XCTAssertTrue(try row("openInIBooks").line.contains("print is excluded"))
    }

    func testJSONMatchesTheReportSchemaAndIsTheSameForAnyJobs() throws {
        let schema = try MiniJSONSchema(Data(contentsOf: CLI.packageRoot.appendingPathComponent("Schemas/sharelint-report.schema.json")))
        let one = try CLI.run(["destinations", "--format", "json", "--jobs", "1", "--root", ".", ".", "invalid"], in: samples)
        let two = try CLI.run(["destinations", "--format", "json", "--jobs", "2", "--root", ".", ".", "invalid"], in: samples)
        let four = try CLI.run(["destinations", "--format", "json", "--jobs", "4", "--root", ".", ".", "invalid"], in: samples)
        XCTAssertEqual(one.stdout, two.stdout)
        XCTAssertEqual(one.stdout, four.stdout)
        let json = try JSONSerialization.jsonObject(with: Data(one.stdout.utf8))
        XCTAssertEqual(schema.validate(json), [])
        let files = try XCTUnwrap((json as? [String: Any])?["files"] as? [[String: Any]])
        let poster = try XCTUnwrap(files.first { $0["path"] as? String == "wechat-qr-poster.share.yaml" })
        let document = try XCTUnwrap((poster["documents"] as? [[String: Any]])?.first)
        let activities = try XCTUnwrap((document["destinations"] as? [String: Any])?["activities"] as? [[String: Any]])
        XCTAssertEqual(activities.count, 20, "every built-in activity")
        let mail = try XCTUnwrap(activities.first { $0["name"] as? String == "mail" })
        XCTAssertEqual((mail["receives"] as? [String: Any])?["subject"] as? String, "邀请好友")
        // validate and header do not carry destinations.
        let validate = try CLI.run(["validate", "--format", "json", "wechat-qr-poster.share.yaml"], in: samples)
        XCTAssertFalse(validate.stdout.contains("\"destinations\""))
    }

    func testTargetsAndTheSchemaOfExpectations() throws {
        let ios14 = try CLI.run(["destinations", "--ios", "14", "invite-link.share.yaml"], in: samples)
        XCTAssertEqual(ios14.status, 0, ios14.stdout)
        XCTAssertTrue(ios14.stdout.contains("SharePlay is available from iOS 15.4; the target is iOS 14"), ios14.stdout)
        let schema = try MiniJSONSchema(Data(contentsOf: CLI.packageRoot.appendingPathComponent("Schemas/share-configuration.schema.json")))
        let good: [String: Any] = ["schemaVersion": 1, "items": [["text": "hi"]],
                                   "expect": ["destinations": ["mail": ["subject": "hi", "offered": "offered"], "print": "notOffered"]]]
        XCTAssertEqual(schema.validate(good), [])
        let bad: [String: Any] = ["schemaVersion": 1, "items": [["text": "hi"]], "expect": ["destinations": ["print": "yes"]]]
        XCTAssertFalse(schema.validate(bad).isEmpty)
    }

    func testBadExpectationsAreDiagnosticsNotCrashes() throws {
        let yaml = "schemaVersion: 1\nitems: [{text: hi}]\nexpect:\n  destinations:\n    mial: offered\n    print: [1]\n    mail: {offered: ofered}\n    airDrop: ~\n"
        let result = try CLI.run(["validate", "--color", "never", "-"], stdin: yaml)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("<stdin>:5:5: error: unknown activity 'mial' in 'destinations'; did you mean 'mail'? [unknown-key]"), result.stdout)
        XCTAssertTrue(result.stdout.contains("<stdin>:6:12: error: 'print' must be a string, not a list [wrong-kind]"), result.stdout)
        XCTAssertTrue(result.stdout.contains("did you mean 'offered'?"), result.stdout)
        XCTAssertTrue(result.stderr.isEmpty, result.stderr)
    }
}
