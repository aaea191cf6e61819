import Foundation
import XCTest
@testable import SharelintLanguageServer
@testable import ShareLintKit

/// The language server parses an Info.plist once per change of its file (by its stamp),
/// not once per lint: fifty documents linted after a change parse it once.
final class InfoPlistCacheTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-plist-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("App"), withIntermediateDirectories: true)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        try FileManager.default.copyItem(at: root.appendingPathComponent("samples/assets/qr-poster.png"), to: directory.appendingPathComponent("poster.png"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    private static let share = "schemaVersion: 1\nitems:\n  - type: public.png\n    file: poster.png\n"
    /// A plist with many keys besides the ones read, and the Photos key or not.
    private static func plist(photoKey: Bool) -> String {
        "<plist><dict>" + (0..<2000).map { "<key>Key\($0)</key><string>value \($0)</string>" }.joined()
            + (photoKey ? "<key>NSPhotoLibraryAddUsageDescription</key><string>Save the poster.</string>" : "") + "</dict></plist>"
    }

    private func lint(_ linting: DocumentLinting, times: Int) -> DocumentLinting.Outcome? {
        var outcome: DocumentLinting.Outcome?
        for _ in 0..<times {
            outcome = linting.lint(.bytes(Array(Self.share.utf8)), path: directory.appendingPathComponent("poster.share.yaml").path)
        }
        return outcome
    }

    private func photoSeverity(_ outcome: DocumentLinting.Outcome?) -> Severity? {
        outcome?.report.diagnostics.first { $0.rule.rawValue == "photo-library-usage" }?.severity
    }

    func testTheConfiguredInfoPlistIsParsedOncePerChange() throws {
        try write(Self.plist(photoKey: false), to: "App/Info.plist")
        try write("infoPlist: App/Info.plist\n", to: ".sharelint.yml")
        let linting = DocumentLinting(serverOptions: .init(version: "test"), currentDirectory: directory.path)
        XCTAssertEqual(photoSeverity(lint(linting, times: 50)), .error, "the plist lacks the key")
        XCTAssertEqual(linting.infoPlists.parses, 1)
        // The file changes: parsed once more, and what it says now counts.
        try write(Self.plist(photoKey: true), to: "App/Info.plist")
        XCTAssertNil(photoSeverity(lint(linting, times: 50)))
        XCTAssertEqual(linting.infoPlists.parses, 2)
        // A file that is not a property list: its reason is kept and shown on every lint.
        try write("<plist><dict><key>a</key></dict></plist>", to: "App/Info.plist")
        let refused = lint(linting, times: 20)
        XCTAssertEqual(linting.infoPlists.parses, 3)
        XCTAssertTrue(refused?.setupProblems.contains { $0.contains("'App/Info.plist': not a valid property list (line 1: a <key> without a value") } ?? false,
                      "\(refused?.setupProblems ?? [])")
    }

    func testTheInfoPlistNamedByTheOptionIsParsedOncePerChange() throws {
        let path = directory.appendingPathComponent("App/Info.plist").path
        try write(Self.plist(photoKey: true), to: "App/Info.plist")
        let linting = DocumentLinting(serverOptions: .init(version: "test", infoPlist: path), currentDirectory: directory.path)
        XCTAssertNil(photoSeverity(lint(linting, times: 50)))
        XCTAssertEqual(linting.infoPlists.parses, 1)
        // Replaced by another file (a new inode), as editors save.
        let replacement = directory.appendingPathComponent("App/Info.plist.new")
        try Data(Self.plist(photoKey: false).utf8).write(to: replacement)
        XCTAssertEqual(rename(replacement.path, path), 0)
        XCTAssertEqual(photoSeverity(lint(linting, times: 50)), .error)
        XCTAssertEqual(linting.infoPlists.parses, 2)
        // Removed: not kept, each lint says so.
        try FileManager.default.removeItem(atPath: path)
        let missing = lint(linting, times: 3)
        XCTAssertEqual(missing?.setupProblems.count, 1)
        XCTAssertNil(missing?.report.diagnostics.first { $0.rule.rawValue == "photo-library-usage" && $0.severity == .error })
    }
}
