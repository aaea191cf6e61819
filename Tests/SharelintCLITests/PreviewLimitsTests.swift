import Foundation
import XCTest
@testable import ShareLintKit
@testable import SharelintCLI

/// `sharelint preview` on hostile trees and large runs: only what was linted is shown,
/// each image is embedded once, the page is written as it is made (bounded memory), and a
/// page past the size limit is refused without leaving a file.
final class PreviewLimitsTests: HostileInputCase {
    /// A PNG of about `size` bytes: the sample icon with bytes after its end (`seed` makes
    /// each one different), which browsers and the sniffer still take for a PNG.
    private func png(size: Int, seed: Int) throws -> [UInt8] {
        var bytes = [UInt8](try Data(contentsOf: CLI.packageRoot.appendingPathComponent("samples/assets/app-icon.png")))
        var state = UInt64(seed) &* 6364136223846793005 &+ 1442695040888963407
        while bytes.count < size {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            bytes.append(UInt8(truncatingIfNeeded: state >> 33))
        }
        return bytes
    }

    /// A configuration showing `image` as its header's thumbnail and as a custom activity's icon.
    private func configuration(_ i: Int, image: String) -> String {
        "schemaVersion: 1\nname: c\(i)\nitems:\n  - text: hi \(i)\n    metadata:\n      title: t\(i)\n    previews:\n      thumbnail: \(image)\n"
            + "applicationActivities:\n  - type: com.example.a\n    title: A\n    image: \(image)\n    category: action\n"
    }

    private func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    func testAShareFileSymlinkOutsideTheRootContributesNothing() throws {
        try write("secret.share.yaml", "schemaVersion: 1\nmetadata:\n  title: TOPSECRET-OUTSIDE\nitems:\n  - text: TOPSECRET-ITEM\n")
        try write("repo/ok.share.yaml", "schemaVersion: 1\nmetadata:\n  title: ok\nitems:\n  - text: hi\n")
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("repo/leak.share.yaml").path,
                                                   withDestinationPath: "../secret.share.yaml")
        let result = try CLI.run(["preview", ".", "--output", "-"], in: directory.appendingPathComponent("repo"))
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertFalse(result.stdout.contains("TOPSECRET"), "a file reported not read is not shown either")
        XCTAssertTrue(result.stdout.contains("it is a symlink that leads outside the root; it is not read"))
        XCTAssertTrue(result.stdout.contains("<b>1</b>schemaVersion: 1"), "the file that was read is listed")
    }

    /// The page lists the text the linter read, never the file as it is on disk now: a
    /// file changed after it was linted (as by a swap) shows what was linted.
    func testThePageListsTheTextThatWasLinted() throws {
        try write("a.share.yaml", "schemaVersion: 1\nmetadata:\n  title: SWAPPED-IN\nitems:\n  - text: hi\n")
        let path = directory.appendingPathComponent("a.share.yaml").path
        var linted = FileReport(path: path)
        linted.text = Array("schemaVersion: 1\nmetadata:\n  title: as linted\n".utf8)
        let files = FileInspector(RootedFileSystem(root: directory.path))
        let images = PreviewCommand.ImageTable(LintRun(files: [linted]), files: files)
        let page = PreviewCommand.pageFile(linted, images: images, drawn: [], files: files, language: .english)
        XCTAssertEqual(page.lines, ["schemaVersion: 1", "metadata:", "  title: as linted", ""])
        let notRead = PreviewCommand.pageFile(FileReport(path: path), images: images, drawn: [], files: files, language: .english)
        XCTAssertEqual(notRead.lines, [], "a file not read is not read for the page either")
    }

    /// The listing is the text as parsed: UTF-16 is shown transcoded, not as raw bytes.
    func testUTF16FileIsListedAsParsed() throws {
        let text = "schemaVersion: 1\nmetadata:\n  title: wide\nitems:\n  - text: hi\n"
        try write("w.share.yaml", [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let result = try CLI.run(["preview", "w.share.yaml", "--output", "-"], in: directory)
        XCTAssertTrue(result.stdout.contains("<b>3</b>  title: wide</span>"), String(result.stdout.suffix(600)))
    }

    func testEachImageIsEmbeddedOncePerPage() throws {
        let image = try png(size: 100_000, seed: 1)
        try write("assets/shared.png", image)
        // Fewer under a sanitizer, which makes each configuration several times slower.
        let count = Self.sanitized ? 200 : 2_000
        for i in 0..<count { try write("c/\(i).share.yaml", configuration(i, image: "../assets/shared.png")) }
        let result = try measure(["preview", "c", "--output", "page.html"])
        XCTAssertNotEqual(result.status, 2)
        let page = try String(contentsOf: directory.appendingPathComponent("page.html"), encoding: .utf8)
        let base64 = Data(image).base64EncodedString()
        XCTAssertTrue(page.contains(base64))
        // 64 characters of its random part stand for the whole (a long needle is slow to count).
        let sample = String(base64.dropFirst(base64.count / 2).prefix(64))
        XCTAssertEqual(occurrences(of: sample, in: page), 1, "the image's bytes appear once")
        XCTAssertEqual(occurrences(of: "img-0", in: page), 1 + count * 4, "its rule, and two sheets × (header + activity) per configuration")
        XCTAssertLessThan(page.utf8.count, 12_000_000, "2,000 configurations sharing a 100 KB image")
        XCTAssertFalse(page.contains("<script"))
    }

    func testPeakMemoryStaysBoundedForALargePage() throws {
        // 120 different images of 300 KB: a page of about 48 MB.
        for i in 0..<120 {
            try write("assets/\(i).png", try png(size: 300_000, seed: i))
            try write("c/\(i).share.yaml", configuration(i, image: "../assets/\(i).png"))
        }
        let result = try measure(["preview", "c", "--output", "page.html"])
        XCTAssertNotEqual(result.status, 2)
        let size = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("page.html").path)[.size] as? Int ?? 0
        XCTAssertGreaterThan(size, 45_000_000)
        // Under a sanitizer peak memory is shadow memory and quarantine: not measured.
        if !Self.sanitized { XCTAssertLessThan(result.maxRSSKiB, 64 * 1024, "a \(size)-byte page took \(result.maxRSSKiB) KiB") }
    }

    func testAPagePastTheLimitIsRefusedAndLeavesNoFile() throws {
        try write("assets/i.png", try png(size: 50_000, seed: 2))
        for i in 0..<20 { try write("c/\(i).share.yaml", configuration(i, image: "../assets/i.png")) }
        let refused = try CLI.run(["preview", "c", "--output", "page.html", "--max-page-size", "60000"], in: directory)
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("the page would be larger than 60000 bytes"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--output page.html was not written"), refused.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("page.html") }, [])
        let fits = try CLI.run(["preview", "c", "--output", "page.html", "--max-page-size", "10000000"], in: directory)
        XCTAssertEqual(fits.status, 0, fits.stderr)
        XCTAssertEqual(fits.stderr, "", "no progress when standard error is not a terminal")
        let wrong = try CLI.run(["validate", "c", "--max-page-size", "60000"], in: directory)
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("--max-page-size applies to preview only"), wrong.stderr)
    }

    func testTheOutputIsNeverAnImageTheConfigurationsShow() throws {
        let image = try png(size: 2_000, seed: 3)
        try write("i.png", image)
        try write("a.share.yaml", configuration(0, image: "i.png"))
        let result = try CLI.run(["preview", "a.share.yaml", "--output", "i.png"], in: directory)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("--output i.png is a file a share file refers to"), result.stderr)
        XCTAssertEqual([UInt8](try Data(contentsOf: directory.appendingPathComponent("i.png"))), image)
    }

    func testPageOutputSendsPiecesAndStopsBeforeTheLimit() throws {
        var sent: [Int] = []
        let output = PageOutput(limit: 200_000) { sent.append($0.utf8.count) }
        for _ in 0..<100 { try output.append(String(repeating: "x", count: 1_000)) }
        XCTAssertEqual(sent, [66_000], "pieces of about 64 KiB, not the whole page")
        XCTAssertThrowsError(try output.append(String(repeating: "y", count: 100_001))) { XCTAssertTrue($0 is PageOutput.PageTooLarge) }
        try output.flush()
        XCTAssertEqual(sent.reduce(0, +), 100_000, "nothing past the limit was sent")
    }

    func testProgressLineWaitsASecondThenShowsOncePerSecond() {
        var now: UInt64 = 0
        var shown: [String] = []
        var progress = ProgressLine(total: 3_000, show: { shown.append($0) }, clock: { now })
        progress.update(filesDone: 10, bytes: 1 << 20)
        XCTAssertEqual(shown, [], "nothing in the first second")
        now = 1_000_000_000
        progress.update(filesDone: 1_000, bytes: 5 << 20)
        now += 500_000_000
        progress.update(filesDone: 1_500, bytes: 7 << 20)
        progress.finish(bytes: 12 << 20)
        XCTAssertEqual(shown, ["\rsharelint: preview: 1000 of 3000 files, 5.0 MiB written",
                               "\rsharelint: preview: 3000 of 3000 files, 12.0 MiB written, done\n"])
    }
}
