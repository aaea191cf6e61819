import Foundation
import XCTest

/// The language server speaks the language its client asks for in `initialize`.
final class LanguageServerLanguageTests: LanguageServerCase {
    private let text = "schemaVersion: 1\nmetadata:\n  title: 邀请好友\n  mesageBody: 扫码进入小程序\nitems:\n  - text: 扫码进入小程序\n"

    private func hasChinese(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
    }

    /// Diagnostics and hover of a session whose client sent `locale`.
    private func session(locale: String) throws -> (diagnostics: [String], hover: String) {
        let uri = try write(text, to: "poster-\(locale).share.yaml")
        let client = try client()
        _ = try client.request("initialize", ["processId": NSNull(), "rootUri": directory.absoluteString, "capabilities": [String: Any](),
                                              "locale": locale, "initializationOptions": ["debounceMilliseconds": 20]])
        try client.notify("initialized")
        try client.open(uri, text)
        let diagnostics = try client.diagnostics(for: uri)
        let hover = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 1]])
        XCTAssertEqual(try client.shutDown(), 0)
        return (diagnostics.compactMap { $0["message"] as? String }, hover[path: "result", "contents", "value"] as? String ?? "")
    }

    func testTheClientsLocaleChoosesTheLanguage() throws {
        let chinese = try session(locale: "zh-cn")
        let english = try session(locale: "en-us")
        XCTAssertEqual(chinese.diagnostics.count, english.diagnostics.count)
        XCTAssertFalse(chinese.diagnostics.isEmpty)
        XCTAssertTrue(chinese.diagnostics.allSatisfy(hasChinese), "\(chinese.diagnostics)")
        XCTAssertTrue(chinese.diagnostics.contains { $0.contains("'mesageBody'") && $0.contains("'messageBody'") },
                      "keys stay as written: \(chinese.diagnostics)")
        XCTAssertTrue(english.diagnostics.contains { $0.hasPrefix("unknown key 'mesageBody'") }, "\(english.diagnostics)")
        XCTAssertFalse(chinese.hover.isEmpty)
        XCTAssertNotEqual(chinese.hover, english.hover)
    }
}
