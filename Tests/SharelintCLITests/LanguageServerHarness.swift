import Foundation
import XCTest

/// The harness of the language-server tests: a temporary directory and LSP clients
/// running the built binary.
class LanguageServerCase: XCTestCase {
    var directory: URL!
    var clients: [LSPClient] = []

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        clients.forEach { $0.terminate() }
        try? FileManager.default.removeItem(at: directory)
    }

    func client(in directory: URL? = nil, arguments: [String] = []) throws -> LSPClient {
        let client = try LSPClient(directory: directory ?? self.directory, arguments: arguments)
        clients.append(client)
        return client
    }

    func write(_ text: String, to name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.absoluteString
    }

    /// The character offset of a 1-based scalar column in a line, in an encoding's units.
    func units(_ line: String, column: Int, _ encoding: String) -> Int {
        let prefix = String(String.UnicodeScalarView(line.unicodeScalars.prefix(column - 1)))
        switch encoding {
        case "utf-8": return prefix.utf8.count
        case "utf-32": return prefix.unicodeScalars.count
        default: return prefix.utf16.count
        }
    }

    func rules(_ diagnostics: [[String: Any]]) -> [String] {
        diagnostics.compactMap { $0["code"] as? String }.sorted()
    }
}
