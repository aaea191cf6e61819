import Foundation
import XCTest

/// The language server under hostile input: a `.sharelint.yml` root that `validate`
/// refuses, JSON heavy with escapes, documents over the size limit, malformed change
/// ranges, huge frames and numbers too large for arithmetic.
final class LanguageServerLimitsTests: LanguageServerCase {
    /// The server's peak resident memory in KiB (Linux), or nil.
    private func peakKiB(_ client: LSPClient) -> Int? {
        guard !HostileInputTests.sanitized,
              let status = try? String(contentsOfFile: "/proc/\(client.process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.filter(\.isNumber))
    }

    private func message(_ notification: [String: Any]) -> String {
        (notification["params"] as? [String: Any])?["message"] as? String ?? ""
    }

    // MARK: - The root

    /// `root: /` widens the root past the configuration's directory: validate refuses it,
    /// and so does the server, which says so and reads only inside the workspace folder.
    func testAConfigurationRootThatValidateRefusesIsRefused() throws {
        _ = try write("root: /\n", to: ".sharelint.yml")
        let refused = try CLI.run(["validate", "."], in: directory)
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("cannot widen the root"), refused.stderr)

        // Exactly enough `..` to reach `/` (one more and the path would not resolve at all).
        let up = String(repeating: "../", count: directory.pathComponents.count - 1)
        let text = "schemaVersion: 1\nitems:\n  - type: public.plain-text\n    file: \(up)etc/hostname\n  - file: \(up)etc/"
        let uri = try write(text, to: "escape.share.yaml")
        let client = try client()
        try client.initialize(root: directory)
        try client.open(uri, text)
        let diagnostics = try client.diagnostics(for: uri)
        XCTAssertTrue(rules(diagnostics).contains("path-outside-root"), "\(diagnostics)")
        let completion = try client.request("textDocument/completion", ["textDocument": ["uri": uri], "position": ["line": 4, "character": 200]])
        let labels = (completion["result"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        XCTAssertEqual(labels, [], "nothing under /etc is offered")
        let shown = try client.waitFor("the refused root shown") { $0["method"] as? String == "window/showMessage" }
        XCTAssertTrue(message(shown).contains("cannot widen the root"), message(shown))
        // Inside the workspace folder, files are still offered.
        let inside = "schemaVersion: 1\nitems:\n  - file: "
        let insideURI = try write(inside, to: "inside.share.yaml")
        try client.open(insideURI, inside)
        let offered = try client.request("textDocument/completion", ["textDocument": ["uri": insideURI], "position": ["line": 2, "character": 10]])
        XCTAssertTrue((offered["result"] as? [[String: Any]] ?? []).contains { $0["label"] as? String == "escape.share.yaml" }, "\(offered)")
        XCTAssertEqual(try client.shutDown(), 0)
        // The command line may widen the root, as for validate: then /etc is offered.
        let widened = try self.client(arguments: ["--root", "/"])
        try widened.initialize(root: directory)
        try widened.open(uri, text)
        let etc = try widened.request("textDocument/completion", ["textDocument": ["uri": uri], "position": ["line": 4, "character": 200]])
        XCTAssertFalse((etc["result"] as? [[String: Any]] ?? []).isEmpty, "--root / offers /etc: \(etc)")
        XCTAssertEqual(try widened.shutDown(), 0)
    }

    // MARK: - JSON

    /// A message of 1.5 MB that is mostly escapes is read at once, and one ten times
    /// larger takes about ten times as long (reading was quadratic in the runs of text
    /// between escapes).
    func testJSONHeavyWithEscapesIsReadInLinearTime() throws {
        let client = try client()
        try client.initialize(root: directory)
        func seconds(_ size: Int, id: Int, timeout: TimeInterval) throws -> Double {
            // Text between escapes, as in a YAML document's lines (the quadratic cost was per run of text).
            let padding = String(repeating: "ab\\nc\\\"d\\u00e9", count: size / 14)
            let body = "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"textDocument/hover\",\"params\":{\"textDocument\":{\"uri\":\"file:///not-open.share.yaml\"},"
                + "\"position\":{\"line\":0,\"character\":0},\"padding\":\"\(padding)\"}}"
            let frame = Data("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
            let start = Date()
            client.writeRaw(frame)
            let response = try client.waitFor(timeout: timeout, "the answer to a \(body.utf8.count)-byte message") { $0["id"] as? Int == id }
            XCTAssertEqual(response[path: "error", "code"] as? Int, -32602, "the message was read: the document is not open")
            return Date().timeIntervalSince(start)
        }
        let small = try seconds(1_500_000, id: 100, timeout: 30)
        guard small < 3 else { return XCTFail("1.5 MB of escapes took \(small) s") }
        let large = try seconds(15_000_000, id: 101, timeout: 60)
        print("sharelint lsp read 1.5 MB of escapes in \(small) s, 15 MB in \(large) s")
        XCTAssertLessThan(large, 30 * max(small, 0.05), "15 MB took \(large) s where 1.5 MB took \(small) s")
        XCTAssertEqual(try client.shutDown(), 0)
    }

    // MARK: - Documents over the size limit

    /// A document over the size limit gets one diagnostic and is never modelled: hover,
    /// completion and code actions answer at once and memory stays far below the 700 MiB
    /// that modelling 20 MB of YAML takes.
    func testADocumentOverTheLimitIsNotModelled() throws {
        var text = "schemaVersion: 1\nitems:\n"
        let line = "  - {text: abcdefghijklmnopqrstuvwxyz, type: public.plain-text}\n"
        text += String(repeating: line, count: (20_900_000 - text.utf8.count) / line.utf8.count + 1)
        let uri = try write("schemaVersion: 1\n", to: "huge.share.yaml")
        let client = try client()
        try client.initialize(root: directory)
        try client.open(uri, text)
        let diagnostics = try client.diagnostics(for: uri, timeout: 60)
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        XCTAssertEqual(diagnostics.first?["code"] as? String, "resource-limit")
        XCTAssertTrue((diagnostics.first?["message"] as? String ?? "").contains("\(text.utf8.count) bytes, larger than the limit of 10485760 bytes"), "\(diagnostics)")
        let position: [String: Any] = ["line": 100_000, "character": 5]
        let start = Date()
        let hover = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": position], timeout: 60)
        XCTAssertTrue(hover["result"] is NSNull, "\(hover)")
        let completion = try client.request("textDocument/completion", ["textDocument": ["uri": uri], "position": position], timeout: 60)
        XCTAssertEqual((completion["result"] as? [Any])?.count, 0, "\(completion)")
        let actions = try client.request("textDocument/codeAction", ["textDocument": ["uri": uri], "range": ["start": position, "end": position],
                                                                     "context": ["diagnostics": diagnostics]], timeout: 60)
        XCTAssertEqual((actions["result"] as? [Any])?.count, 0, "\(actions)")
        let seconds = Date().timeIntervalSince(start)
        print("sharelint lsp answered hover, completion and codeAction on a 20.9 MB document in \(seconds) s")
        XCTAssertLessThan(seconds, 2, "hover, completion and codeAction on a 20.9 MB document took \(seconds) s")
        if let peak = peakKiB(client) {
            print("sharelint lsp peak memory with a 20.9 MB document open: \(peak) KiB")
            XCTAssertLessThan(peak, 256 * 1024, "peak memory \(peak) KiB with a 20.9 MB document")
        }
        // A change of the whole text under the limit brings the document back.
        try client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": "schemaVersion: 1\nnmae: x\n"]]])
        let after = rules(try client.diagnostics(for: uri, version: 2))
        XCTAssertTrue(after.contains("unknown-key") && !after.contains("resource-limit"), "\(after)")
        XCTAssertEqual(try client.shutDown(), 0)
    }

    // MARK: - Malformed changes

    /// A change whose range is negative or ends before it starts is refused (logged), and
    /// the document stays as it was: it used to replace the whole text.
    func testAMalformedChangeRangeKeepsTheDocument() throws {
        let text = "schemaVersion: 1\nnmae: x\nitems:\n  - text: hi\n"
        let uri = try write(text, to: "ranges.share.yaml")
        let client = try client()
        try client.initialize(root: directory)
        try client.open(uri, text)
        let original = rules(try client.diagnostics(for: uri))
        XCTAssertTrue(original.contains("unknown-key"), "\(original)")
        let bad: [[String: Any]] = [
            ["start": ["line": -1, "character": 0], "end": ["line": 0, "character": 0]],
            ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": -5]],
            ["start": ["line": 2, "character": 0], "end": ["line": 1, "character": 0]],
            ["start": ["line": 1, "character": 4], "end": ["line": 1, "character": 2]],
            ["start": ["line": "one", "character": 0], "end": ["line": 1, "character": 2]],
        ]
        for (index, range) in bad.enumerated() {
            try client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2 + index],
                                                         "contentChanges": [["range": range, "text": "garbage: ["]]])
            let logged = try client.waitFor("the refused change logged") { $0["method"] as? String == "window/logMessage" }
            XCTAssertTrue(message(logged).contains("range"), message(logged))
        }
        // A valid change after them applies to the text as it was.
        try client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 10], "contentChanges": [
            ["range": ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 4]], "text": "name"],
        ]])
        XCTAssertEqual(rules(try client.diagnostics(for: uri, version: 10)), original.filter { $0 != "unknown-key" },
                       "the document is the original with the key fixed")
        XCTAssertEqual(try client.shutDown(), 0)
    }

    // MARK: - Frames and numbers

    /// `--max-file-size` too large for the frame limit's arithmetic is a usage error (it
    /// crashed the server at start), and a Content-Length over the limit is refused.
    func testHugeSizesAreRefused() throws {
        for size in ["4611686018427387904", "9223372036854775807", "2305843009213693952"] {
            let result = try CLI.run(["lsp", "--max-file-size", size], in: directory, stdin: "")
            XCTAssertEqual(result.status, 2, "--max-file-size \(size): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--max-file-size"), result.stderr)
        }
        let noRoot = try CLI.run(["lsp", "--root", "no-such-directory"], in: directory, stdin: "")
        XCTAssertEqual(noRoot.status, 2, "as validate: \(noRoot.stderr)")
        XCTAssertTrue(noRoot.stderr.contains("root no-such-directory: not a directory"), noRoot.stderr)
        // After a refused length the bytes that follow are its body, thrown away: one client each.
        for length in ["4611686018427387904", "9223372036854775807"] {
            let client = try client(arguments: ["--max-file-size", "1073741824"])
            try client.initialize(root: directory)
            client.writeRaw(Data("Content-Length: \(length)\r\n\r\n".utf8))
            let error = try client.waitFor("the refusal of Content-Length \(length)") { $0["error"] != nil && $0["id"] is NSNull }
            XCTAssertTrue((error[path: "error", "message"] as? String ?? "").contains("larger than the limit"), "\(error)")
            if let peak = peakKiB(client) { XCTAssertLessThan(peak, 80 * 1024, "peak memory \(peak) KiB") }
            client.terminate()
        }
    }

    /// `lsp` takes no paths (the editor sends the documents): the command line says so, exit 2.
    func testPathsAreAUsageError() throws {
        let result = try CLI.run(["lsp", "a.share.yaml"], in: directory, stdin: "")
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderr, "sharelint: lsp takes no paths: the editor sends the documents\n")
    }

    /// Numbers in `.sharelint.yml` near `Int.max` do not overflow the server's arithmetic.
    func testHugeConfigurationNumbersDoNotCrashTheServer() throws {
        _ = try write("maxDiagnosticsPerFile: 4611686018427387904\nmaxFileSize: 4611686018427387904\nmaxDocumentsPerFile: 4611686018427387904\n"
            + "maxTitleLength: 9223372036854775807\nmaxMessageBodyLength: 9223372036854775807\n", to: ".sharelint.yml")
        let text = "schemaVersion: 1\nnmae: x\nitems:\n  - text: hi\n"
        let uri = try write(text, to: "numbers.share.yaml")
        let client = try client()
        try client.initialize(root: directory)
        try client.open(uri, text)
        XCTAssertTrue(rules(try client.diagnostics(for: uri)).contains("unknown-key"))
        let hover = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 2]])
        XCTAssertNotNil(hover["result"])
        XCTAssertEqual(try client.shutDown(), 0)
    }
}
