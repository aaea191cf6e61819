@testable import ShareLintKit
import XCTest

/// `symbol:` on an application activity: an SF Symbol's name instead of an image file.
final class ActivitySymbolTests: XCTestCase {
    private func lint(_ activity: String) -> FileReport {
        let text = "schemaVersion: 1\nmetadata: {title: 券}\nitems:\n  - text: a\napplicationActivities:\n  - type: com.example.save\n    title: 存入卡包\n" + activity
        return Linter(options: LintOptions()).lint(text: text, path: "s.share.yaml", directory: NSTemporaryDirectory())
    }

    func testASymbolNameIsAnImageWithoutAFile() {
        XCTAssertEqual(lint("    symbol: square.and.arrow.down\n").diagnostics.map(\.rule), [])
        XCTAssertEqual(lint("    symbol: person.2.fill\n").diagnostics.map(\.rule), [])
        XCTAssertTrue(Loader.isSymbolName("wallet.pass"))
        XCTAssertFalse(Loader.isSymbolName("Wallet.Pass"))
        XCTAssertFalse(Loader.isSymbolName("wallet..pass"))
        XCTAssertFalse(Loader.isSymbolName("save qr"))
    }

    func testAWrongNameOrBothImageAndSymbolAreReported() {
        let wrong = lint("    symbol: Square.And.Arrow\n")
        XCTAssertEqual(wrong.diagnostics.map(\.rule), [.wrongKind])
        XCTAssertTrue(wrong.diagnostics.first?.message.hasPrefix("'Square.And.Arrow' is not an SF Symbol name") ?? false)
        let both = lint("    image: save.png\n    symbol: square.and.arrow.down\n")
        XCTAssertTrue(both.diagnostics.contains { $0.rule == .payloadConflict && $0.range.start.line == 9 }, "\(both.diagnostics)")
    }
}
