import Foundation
import XCTest

/// The language server over a long session and on hostile input.
final class LanguageServerSessionTests: LanguageServerCase {
    // MARK: - A long session and hostile input

    /// 1,000 changes (incremental, with a full replacement every tenth): diagnostics follow
    /// the text, and the server's memory stays flat.
    func testThousandChangesKeepDiagnosticsCorrectAndMemoryFlat() throws {
        func text(_ i: Int, valid: Bool) -> String {
            "schemaVersion: 1\nmetadata:\n  title: 邀请 \(i) 😀\nitems:\n  - type: \(valid ? "public.url" : "public.urll")\n    url: https://example.com/\(i)\n"
        }
        let uri = try write(text(0, valid: true), to: "session.share.yaml")
        let client = try client()
        try client.initialize(root: directory, options: ["debounceMilliseconds": 5])
        try client.open(uri, text(0, valid: true))
        XCTAssertEqual(rules(try client.diagnostics(for: uri)), [])
        var current = text(0, valid: true)
        var memoryAt100: Int?
        for i in 1...1000 {
            let valid = i % 3 != 0
            let next = text(i, valid: valid)
            if i % 10 == 0 {
                try client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": i + 1], "contentChanges": [["text": next]]])
            } else {
                // Replace lines 2 to 5 (title to url) in UTF-16 units.
                let old = current.split(separator: "\n", omittingEmptySubsequences: false)
                let new = next.split(separator: "\n", omittingEmptySubsequences: false)
                try client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": i + 1], "contentChanges": [
                    ["range": ["start": ["line": 2, "character": 0], "end": ["line": 5, "character": String(old[5]).utf16.count]],
                     "text": new[2...5].joined(separator: "\n")],
                ]])
            }
            current = next
            if i % 100 == 0 {
                let diagnostics = try client.diagnostics(for: uri, version: i + 1)
                XCTAssertEqual(rules(diagnostics), valid ? [] : ["unknown-type"], "after change \(i)")
                if !valid { XCTAssertEqual(diagnostics.first?[path: "range", "start", "line"] as? Int, 4) }
                let hover = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 2, "character": 3]])
                XCTAssertNotNil(hover["result"])
                if i == 100 { memoryAt100 = client.residentKiB }
            }
        }
        _ = client.drain { $0["method"] as? String == "textDocument/publishDiagnostics" }
        // Under a sanitizer (scripts/sanitizers.sh) quarantine and shadow memory make RSS meaningless.
        if !HostileInputTests.sanitized, let before = memoryAt100, let after = client.residentKiB {
            print("sharelint lsp resident memory: \(before) KiB after 100 changes, \(after) KiB after 1000")
            XCTAssertLessThan(after - before, 8 * 1024, "resident memory grew from \(before) KiB to \(after) KiB over 900 changes")
        }
        XCTAssertEqual(try client.shutDown(), 0)
    }

    func testMalformedMessagesGetErrorsAndTheServerGoesOn() throws {
        let client = try client()
        try client.initialize(root: directory)
        func nextError() throws -> [String: Any] {
            try client.waitFor("an error response") { $0["error"] != nil && $0["id"] is NSNull }
        }
        client.writeRaw(Data("garbage that is no header\r\n\r\n".utf8))
        XCTAssertEqual(try nextError()[path: "error", "code"] as? Int, -32700)
        client.writeRaw(Data("Content-Length: lots\r\n\r\n".utf8))
        XCTAssertTrue((try nextError()[path: "error", "message"] as? String ?? "").contains("Content-Length"))
        client.writeRaw(Data("Content-Type: application/vscode-jsonrpc\r\n\r\n".utf8))
        XCTAssertTrue((try nextError()[path: "error", "message"] as? String ?? "").contains("without Content-Length"))
        client.writeRaw(Data("Content-Length: 10\r\n\r\n{not json}".utf8))
        XCTAssertEqual(try nextError()[path: "error", "code"] as? Int, -32700)
        client.writeRaw(Data("Content-Length: 5\r\n\r\n[1,2]".utf8))
        XCTAssertEqual(try nextError()[path: "error", "code"] as? Int, -32600)
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        client.writeRaw(Data("Content-Length: \(deep.utf8.count)\r\n\r\n\(deep)".utf8))
        XCTAssertEqual(try nextError()[path: "error", "code"] as? Int, -32700)
        XCTAssertNotNil(try client.request("textDocument/completion", ["textDocument": ["uri": "file:///x"], "position": ["line": 0, "character": 0]])["error"],
                        "the server still answers")

        // A 100 MB message is refused and skipped without being kept in memory.
        let size = 100 * 1024 * 1024
        client.writeRaw(Data("Content-Length: \(size)\r\n\r\n".utf8))
        XCTAssertTrue((try nextError()[path: "error", "message"] as? String ?? "").contains("larger than the limit"))
        let chunk = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        for _ in 0..<100 { client.writeRaw(chunk) }
        let afterHuge = try client.request("shutdown")
        XCTAssertTrue(afterHuge["result"] is NSNull, "the message after the skipped one is read: \(afterHuge)")
        if !HostileInputTests.sanitized, let peak = try? String(contentsOfFile: "/proc/\(client.process.processIdentifier)/status", encoding: .utf8)
            .split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }), let kib = Int(peak.filter(\.isNumber)) {
            print("sharelint lsp peak memory after skipping a 100 MB message: \(kib) KiB")
            XCTAssertLessThan(kib, 80 * 1024, "peak memory \(kib) KiB while skipping 100 MB")
        }
        try client.notify("exit")
        client.process.waitUntilExit()
        XCTAssertEqual(client.process.terminationStatus, 0)
    }

    func testInputEndingInsideAMessage() throws {
        let client = try client()
        try client.initialize(root: directory)
        client.writeRaw(Data("Content-Length: 50\r\n\r\n{\"jsonrpc\":".utf8))
        try client.closeInput()
        let error = try client.waitFor("the truncation error") { $0["error"] != nil }
        XCTAssertTrue((error[path: "error", "message"] as? String ?? "").contains("ended inside a message"))
        client.process.waitUntilExit()
        XCTAssertEqual(client.process.terminationStatus, 1, "the input ended without shutdown")
    }
}
