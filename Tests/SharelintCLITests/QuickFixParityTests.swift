import Foundation
import XCTest

/// The language server's quick fixes are `--fix`'s fixes: on every invalid sample, a client
/// that applies every quick fix the server offers, round after round, ends with the text
/// `--fix` writes, byte for byte.
final class QuickFixParityTests: LanguageServerCase {
    /// A text with LSP edits applied (UTF-16 positions), last first so that earlier
    /// positions stay valid.
    private func apply(_ edits: [(line: Int, character: Int, endLine: Int, endCharacter: Int, text: String)], to text: String) -> String {
        var units = Array(text.utf16)
        func offset(_ line: Int, _ character: Int) -> Int {
            var current = 0, index = 0
            while current < line, index < units.count {
                if units[index] == 0x0A { current += 1 }
                index += 1
            }
            return min(index + character, units.count)
        }
        for edit in edits.sorted(by: { ($0.line, $0.character) > ($1.line, $1.character) }) {
            let start = offset(edit.line, edit.character), end = offset(edit.endLine, edit.endCharacter)
            units.replaceSubrange(start..<max(start, end), with: Array(edit.text.utf16))
        }
        return String(decoding: units, as: UTF16.self)
    }

    func testApplyingEveryQuickFixGivesWhatFixWrites() throws {
        let samples = CLI.packageRoot.appendingPathComponent("samples")
        let served = directory.appendingPathComponent("served"), fixed = directory.appendingPathComponent("fixed")
        try FileManager.default.copyItem(at: samples, to: served)
        try FileManager.default.copyItem(at: samples, to: fixed)
        let names = try FileManager.default.contentsOfDirectory(atPath: served.appendingPathComponent("invalid").path)
            .filter { $0.hasSuffix(".share.yaml") }.sorted()
        XCTAssertGreaterThan(names.count, 20)
        let client = try client(in: served)
        try client.initialize(root: served)
        var offered = 0, samplesWithFixes = 0
        for name in names {
            let file = served.appendingPathComponent("invalid/\(name)")
            let uri = file.absoluteString
            var text = try String(contentsOf: file, encoding: .utf8)
            try client.open(uri, text)
            _ = try client.diagnostics(for: uri)
            var version = 1
            var rounds = 0
            while rounds < 64 {
                let end = ["line": text.utf16.count + 1, "character": 0]
                let response = try client.request("textDocument/codeAction", ["textDocument": ["uri": uri],
                                                                              "range": ["start": ["line": 0, "character": 0], "end": end],
                                                                              "context": ["diagnostics": []]])
                let actions = response["result"] as? [[String: Any]] ?? []
                guard !actions.isEmpty else { break }
                var edits: [(line: Int, character: Int, endLine: Int, endCharacter: Int, text: String)] = []
                for action in actions {
                    for edit in action[path: "edit", "changes", uri] as? [[String: Any]] ?? [] {
                        edits.append((edit[path: "range", "start", "line"] as? Int ?? -1, edit[path: "range", "start", "character"] as? Int ?? -1,
                                      edit[path: "range", "end", "line"] as? Int ?? -1, edit[path: "range", "end", "character"] as? Int ?? -1,
                                      edit["newText"] as? String ?? ""))
                    }
                }
                offered += edits.count
                text = apply(edits, to: text)
                version += 1
                try client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": version], "contentChanges": [["text": text]]])
                _ = try client.diagnostics(for: uri, version: version)
                rounds += 1
            }
            if rounds > 0 { samplesWithFixes += 1 }
            try client.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
            // The root the server takes: its workspace folder.
            let result = try CLI.run(["validate", "--fix", "--quiet", "--root", "..", name], in: fixed.appendingPathComponent("invalid"))
            XCTAssertNotEqual(result.status, 3, result.stderr)
            let written = try String(contentsOf: fixed.appendingPathComponent("invalid/\(name)"), encoding: .utf8)
            XCTAssertEqual(text, written, "\(name): the quick fixes and --fix differ")
        }
        XCTAssertGreaterThan(offered, 10, "the samples offer quick fixes")
        XCTAssertGreaterThan(samplesWithFixes, 3)
        print("quick fixes: \(offered) edits on \(samplesWithFixes) of \(names.count) invalid samples, each equal to --fix")
        XCTAssertEqual(try client.shutDown(), 0)
    }
}
