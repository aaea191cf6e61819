import Foundation
import XCTest

/// Advice an author can follow in one try: whole paths to write, fixes that keep the
/// file's style, what to do about contradicting content, and quoted lines that say where
/// they were cut.
final class AuthorAdviceTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-advice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("assets"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    private func write(_ text: String, _ name: String = "a.share.yaml") throws {
        try Data(text.utf8).write(to: dir.appendingPathComponent(name))
    }

    private func read(_ name: String = "a.share.yaml") throws -> String {
        try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
    }

    private func image(_ name: String) throws {
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("samples/assets/qr-poster-thumb.png"),
                                         to: dir.appendingPathComponent(name))
    }

    /// A name that differs in case from the one file beside it: the whole path to write,
    /// and `--fix` writes it.
    func testCaseOnlyFileNameIsSuggestedWholeAndFixed() throws {
        try image("assets/Invite-Poster-Thumb.png")
        try write("schemaVersion: 1\nmetadata:\n  title: t\nitems:\n  - text: hi\n    previews:\n      thumbnail: assets/invite-poster-thumb.png\n")
        let lint = try CLI.run(["validate", "--color", "never", "a.share.yaml"], in: dir)
        XCTAssertTrue(lint.stdout.contains("did you mean 'assets/Invite-Poster-Thumb.png'? (on the device, names differ in case)"), lint.stdout)
        XCTAssertEqual(try CLI.run(["validate", "--fix", "a.share.yaml"], in: dir).status, 0)
        XCTAssertTrue(try read().contains("thumbnail: assets/Invite-Poster-Thumb.png"))
    }

    /// Two files that differ from the name only in case: named, and not fixed.
    func testTwoCaseMatchesAreNamedNotFixed() throws {
        try image("assets/Poster.png")
        try image("assets/POSTER.png")
        let text = "schemaVersion: 1\nmetadata:\n  title: t\nitems:\n  - text: hi\n    previews:\n      thumbnail: assets/poster.png\n"
        try write(text)
        let lint = try CLI.run(["validate", "--color", "never", "a.share.yaml"], in: dir)
        guard lint.stdout.contains("does not exist") else { throw XCTSkip("this file system does not tell names that differ in case apart") }
        XCTAssertTrue(lint.stdout.contains("2 files differ from it only in case: 'assets/POSTER.png', 'assets/Poster.png'"), lint.stdout)
        _ = try CLI.run(["validate", "--fix", "a.share.yaml"], in: dir)
        XCTAssertEqual(try read(), text)
    }

    /// A missing image whose name is close to none: the images beside it are listed.
    func testMissingImageListsTheImagesBesideIt() throws {
        try image("assets/qr-poster.png")
        try image("assets/banner.jpg")
        try write("schemaVersion: 1\nmetadata:\n  title: t\nitems:\n  - text: hi\n    previews:\n      thumbnail: assets/邀请海报.png\n")
        let lint = try CLI.run(["validate", "--color", "never", "a.share.yaml"], in: dir)
        XCTAssertTrue(lint.stdout.contains("the folder holds 'assets/banner.jpg', 'assets/qr-poster.png'"), lint.stdout)
    }

    /// The comma fix keeps the list's style; typographic quotes are fixed to ASCII ones.
    func testFixesKeepTheFilesStyle() throws {
        try write("schemaVersion: 1\nmetadata:\n  title: “邀请好友”\nitems:\n  - text: hi\nexcludedActivityTypes: [mail,airDrop，print]\n")
        XCTAssertEqual(try CLI.run(["validate", "--fix", "a.share.yaml"], in: dir).status, 0)
        XCTAssertEqual(try read(), "schemaVersion: 1\nmetadata:\n  title: \"邀请好友\"\nitems:\n  - text: hi\nexcludedActivityTypes: [mail,airDrop,print]\n")
        try write("schemaVersion: 1\nmetadata:\n  title: t\nitems:\n  - text: hi\nexcludedActivityTypes: [airDrop，print]\n")
        XCTAssertEqual(try CLI.run(["validate", "--fix", "a.share.yaml"], in: dir).status, 0)
        XCTAssertTrue(try read().hasSuffix("excludedActivityTypes: [airDrop, print]\n"))
    }

    /// content-type-mismatch says what to do.
    func testContentTypeMismatchSaysWhatToDo() throws {
        try image("assets/poster.jpg")
        try write("schemaVersion: 1\nmetadata:\n  title: t\nitems:\n  - file: assets/poster.jpg\n  - type: public.jpeg\n    file: assets/poster.jpg\n")
        let lint = try CLI.run(["validate", "--color", "never", "a.share.yaml"], in: dir)
        XCTAssertTrue(lint.stdout.contains("(inferred from its extension): rename it to .png, or re-export it as public.jpeg"), lint.stdout)
        XCTAssertTrue(lint.stdout.contains("but its type is public.jpeg: set 'type: public.png', or re-export the file as public.jpeg"), lint.stdout)
    }

    /// A quoted line cut to its window: the underline of a range that goes on past the
    /// window ends under the `…`.
    func testTheUnderlineEndsWithTheShortenedLine() throws {
        try write("schemaVersion: 1\nmetadata:\n  title: t\n  mesageBody" + String(repeating: "y", count: 200) + ": hi\nitems:\n  - text: hi\n")
        let lint = try CLI.run(["validate", "--color", "never", "--no-header", "a.share.yaml"], in: dir)
        let lines = lint.stdout.split(separator: "\n").map(String.init)
        let quoted = try XCTUnwrap(lines.first { $0.hasPrefix("    mesageBody") })
        let caret = try XCTUnwrap(lines.first { $0.hasPrefix("    ^~") })
        XCTAssertTrue(quoted.hasSuffix("…"), quoted)
        XCTAssertEqual(caret.count, quoted.count, "the underline ends under the …")
    }
}
