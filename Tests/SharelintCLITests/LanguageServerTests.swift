import Foundation
import XCTest

/// `sharelint lsp` driven through the protocol by `LSPClient`: one test per request kind,
/// positions in every encoding, a long editing session, and hostile input.
final class LanguageServerTests: LanguageServerCase {
    // MARK: - Lifecycle

    func testLifecycleAndProtocolErrors() throws {
        let client = try client()
        let early = try client.request("textDocument/hover", ["textDocument": ["uri": "file:///x.share.yaml"], "position": ["line": 0, "character": 0]])
        XCTAssertEqual(early[path: "error", "code"] as? Int, -32002, "requests before initialize are refused")
        let response = try client.initialize(root: directory)
        XCTAssertEqual(response[path: "result", "capabilities", "positionEncoding"] as? String, "utf-16")
        XCTAssertEqual(response[path: "result", "serverInfo", "name"] as? String, "sharelint")
        XCTAssertEqual(try client.request("initialize", ["capabilities": [:]])[path: "error", "code"] as? Int, -32600)
        XCTAssertEqual(try client.request("textDocument/formatting", ["textDocument": ["uri": "file:///x"]])[path: "error", "code"] as? Int, -32601)
        let notOpen = try client.request("textDocument/hover", ["textDocument": ["uri": "file:///not-open.share.yaml"], "position": ["line": 0, "character": 0]])
        XCTAssertEqual(notOpen[path: "error", "code"] as? Int, -32602)
        let noPosition = try client.request("textDocument/completion", ["textDocument": ["uri": "file:///x"]])
        XCTAssertEqual(noPosition[path: "error", "code"] as? Int, -32602)
        try client.notify("workspace/unknownNotification", ["x": 1])
        // Out of order: a change to a document never opened, a response nobody asked for.
        try client.notify("textDocument/didChange", ["textDocument": ["uri": "file:///never-opened.share.yaml", "version": 3],
                                                     "contentChanges": [["text": "x"]]])
        try client.send(["jsonrpc": "2.0", "id": 999, "result": NSNull()])
        XCTAssertEqual(try client.request("textDocument/hover", ["textDocument": ["uri": "file:///never-opened.share.yaml"],
                                                                 "position": ["line": 0, "character": 0]])[path: "error", "code"] as? Int, -32602)
        XCTAssertTrue(try client.request("shutdown")["result"] is NSNull)
        XCTAssertEqual(try client.request("textDocument/hover", ["textDocument": ["uri": "file:///x"], "position": ["line": 0, "character": 0]])[path: "error", "code"] as? Int, -32600,
                       "requests after shutdown are invalid")
        try client.notify("exit")
        client.process.waitUntilExit()
        XCTAssertEqual(client.process.terminationStatus, 0)
    }

    func testExitWithoutShutdownFails() throws {
        let client = try client()
        try client.initialize(root: directory)
        try client.notify("exit")
        client.process.waitUntilExit()
        XCTAssertEqual(client.process.terminationStatus, 1)
    }

    // MARK: - Diagnostics

    /// Every broken sample gives, through the server, the diagnostics `validate` gives.
    func testDiagnosticsMatchValidateForEveryInvalidSample() throws {
        let samples = try FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot.appendingPathComponent("samples/invalid").path)
            .filter { $0.hasSuffix(".share.yaml") }.sorted()
        XCTAssertGreaterThan(samples.count, 10)
        let client = try client(in: CLI.packageRoot)
        try client.initialize(root: CLI.packageRoot)
        for sample in samples {
            let relative = "samples/invalid/" + sample
            let url = CLI.packageRoot.appendingPathComponent(relative)
            let text = try String(contentsOf: url, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.hasSuffix("\r") ? $0.dropLast() : $0) }
            let validate = try CLI.run(["validate", "--format", "json", relative])
            let json = try JSONSerialization.jsonObject(with: Data(validate.stdout.utf8)) as? [String: Any]
            let expected = ((json?[path: "files", "0", "diagnostics"] as? [[String: Any]]) ?? []).map { d -> String in
                let line = d["line"] as? Int ?? 0, column = d["column"] as? Int ?? 0
                let character = line - 1 < lines.count ? units(lines[line - 1], column: column, "utf-16") : column - 1
                return "\(line - 1):\(character) \(d["severity"] ?? "") \(d["rule"] ?? "") \(d["message"] ?? "")"
            }
            try client.open(url.absoluteString, text)
            let published = try client.diagnostics(for: url.absoluteString).map { d -> String in
                let severity = ["", "error", "warning", "info"][d[path: "severity"] as? Int ?? 0]
                return "\(d[path: "range", "start", "line"] ?? ""):\(d[path: "range", "start", "character"] ?? "") \(severity) \(d["code"] ?? "") \(d["message"] ?? "")"
            }
            XCTAssertEqual(published, expected, sample)
        }
        XCTAssertEqual(try client.shutDown(), 0)
    }

    /// Columns after CJK and emoji (astral) characters, in each negotiable encoding, both
    /// in diagnostics and in the ranges of incremental changes.
    func testPositionsInEveryEncodingWithCJKAndEmoji() throws {
        let line = "metadata: {title: \"😀邀请😀好友\", mesageBody: 扫码😀}"
        let text = "schemaVersion: 1\n\(line)\nitems:\n  - text: 你好😀\n"
        let column = line.unicodeScalars.split(separator: ",")[0].count + 3
        for encoding in ["utf-16", "utf-8", "utf-32"] {
            let client = try client()
            let response = try client.initialize(root: directory, capabilities: ["general": ["positionEncodings": [encoding]]])
            XCTAssertEqual(response[path: "result", "capabilities", "positionEncoding"] as? String, encoding)
            let uri = try write(text, to: "emoji-\(encoding).share.yaml")
            try client.open(uri, text)
            let diagnostics = try client.diagnostics(for: uri)
            let unknown = try XCTUnwrap(diagnostics.first { $0["code"] as? String == "unknown-key" }, encoding)
            let start = units(line, column: column, encoding)
            XCTAssertEqual(unknown[path: "range", "start", "line"] as? Int, 1, encoding)
            XCTAssertEqual(unknown[path: "range", "start", "character"] as? Int, start, encoding)
            XCTAssertEqual(unknown[path: "range", "end", "character"] as? Int, start + "mesageBody".count, encoding)
            // Fix the key with an incremental change whose range counts in the same units.
            try client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [
                ["range": ["start": ["line": 1, "character": start], "end": ["line": 1, "character": start + "mesageBody".count]], "text": "messageBody"],
            ]])
            XCTAssertEqual(rules(try client.diagnostics(for: uri, version: 2)), [], encoding)
            XCTAssertEqual(try client.shutDown(), 0)
        }
    }

    /// `.sharelint.yml` from the document's directory and suppression comments apply, as in validate.
    func testProjectConfigurationAndSuppressions() throws {
        _ = try write("rules:\n  unknown-key: warning\n", to: ".sharelint.yml")
        let text = "schemaVersion: 1\nnmae: x\n# sharelint-disable-next-line unknown-key -- testing\ndescriptin: y\nitems:\n  - url: http://example.com/\n"
        let uri = try write(text, to: "nested/config.share.yaml")
        let client = try client()
        try client.initialize(root: directory)
        try client.open(uri, text)
        let diagnostics = try client.diagnostics(for: uri)
        let unknown = diagnostics.filter { $0["code"] as? String == "unknown-key" }
        XCTAssertEqual(unknown.count, 1, "the suppressed key is not reported")
        XCTAssertEqual(unknown.first?["severity"] as? Int, 2, ".sharelint.yml made unknown-key a warning")
        XCTAssertEqual(unknown.first?[path: "range", "start", "line"] as? Int, 1)
        XCTAssertTrue(rules(diagnostics).contains("insecure-url"))
        XCTAssertEqual(try client.shutDown(), 0)
    }

    /// A referenced file that appears on disk clears file-not-found without an edit.
    func testReferencedFilesAreCheckedAgainWhenTheyChange() throws {
        let text = "schemaVersion: 1\nitems:\n  - type: public.png\n    file: assets/poster.png\n"
        let uri = try write(text, to: "poster.share.yaml")
        let client = try client()
        try client.initialize(root: directory, options: ["debounceMilliseconds": 20, "fileCheckMilliseconds": 200])
        try client.open(uri, text)
        XCTAssertTrue(rules(try client.diagnostics(for: uri)).contains("file-not-found"))
        let png = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("samples/assets/qr-poster.png"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try png.write(to: directory.appendingPathComponent("assets/poster.png"))
        XCTAssertFalse(rules(try client.diagnostics(for: uri, timeout: 10)).contains("file-not-found"))
        // A JPEG written over it is noticed too.
        let jpeg = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("samples/assets").appendingPathComponent(
            try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot.appendingPathComponent("samples/assets").path).first { $0.hasSuffix(".jpg") })))
        try jpeg.write(to: directory.appendingPathComponent("assets/poster.png"))
        XCTAssertTrue(rules(try client.diagnostics(for: uri, timeout: 10)).contains("content-type-mismatch"))
        XCTAssertEqual(try client.shutDown(), 0)
    }

    /// Only share configurations are linted: other YAML files in the editor are left alone.
    func testOtherYAMLFilesAreLeftAlone() throws {
        let workflow = "on: [push]\njobs: {}\n"
        let workflowURI = try write(workflow, to: ".github/workflows/ci.yml")
        _ = try write("include: [\"shares/*.yaml\"]\n", to: ".sharelint.yml")
        let included = "schemaVersion: 1\nnmae: x\n"
        let includedURI = try write(included, to: "shares/poster.yaml")
        let client = try client()
        try client.initialize(root: directory)
        try client.open(workflowURI, workflow)
        let hover = try client.request("textDocument/hover", ["textDocument": ["uri": workflowURI], "position": ["line": 0, "character": 0]])
        XCTAssertTrue(hover["result"] is NSNull)
        try client.open(includedURI, included)
        XCTAssertTrue(rules(try client.diagnostics(for: includedURI)).contains("unknown-key"), "a file matched by include is linted")
        XCTAssertEqual(client.drain { ($0["params"] as? [String: Any])?["uri"] as? String == workflowURI }.count, 0,
                       "nothing is published for a workflow file")
        XCTAssertEqual(try client.shutDown(), 0)
    }

    /// Hover on a `---` line shows the header of the document it starts.
    func testHoverOnADocumentMarker() throws {
        let sample = CLI.packageRoot.appendingPathComponent("samples/campaign-set.share.yaml")
        let text = try String(contentsOf: sample, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let markers = lines.indices.filter { lines[$0].hasPrefix("---") }
        XCTAssertEqual(markers.count, 2)
        let headers = try CLI.run(["header", "samples/campaign-set.share.yaml"]).stdout.split(separator: "\n")
            .map { String($0.split(separator: ":", maxSplits: 1)[1].dropFirst()) }
        let client = try client(in: CLI.packageRoot)
        try client.initialize(root: CLI.packageRoot)
        try client.open(sample.absoluteString, text)
        _ = try client.diagnostics(for: sample.absoluteString)
        for (index, line) in markers.enumerated() {
            let hover = try client.request("textDocument/hover", ["textDocument": ["uri": sample.absoluteString], "position": ["line": line, "character": 1]])
            let value = hover[path: "result", "contents", "value"] as? String ?? ""
            let first = value.components(separatedBy: "\n\n")[0]
            XCTAssertTrue(first.hasPrefix("**Share sheet header**") && first.hasSuffix(": " + headers[index + 1]), "\(value) is not the header of document \(index + 1): \(headers)")
        }
        XCTAssertEqual(try client.shutDown(), 0)
    }

    // MARK: - Code actions

    func testCodeActionFixesTheDiagnostic() throws {
        let text = "schemaVersion: 1\nmetadata:\n  title: 邀请😀\n  mesageBody: hi\nitems:\n  - type: 'public.plain-txt'\n    text: x\n"
        let uri = try write(text, to: "typo.share.yaml")
        let client = try client()
        try client.initialize(root: directory)
        try client.open(uri, text)
        var diagnostics = try client.diagnostics(for: uri)
        XCTAssertEqual(rules(diagnostics), ["payload-type-mismatch", "unknown-key", "unknown-type"].filter { rule in diagnostics.contains { $0["code"] as? String == rule } })
        var version = 1
        for rule in ["unknown-key", "unknown-type"] {
            let diagnostic = try XCTUnwrap(diagnostics.first { $0["code"] as? String == rule })
            let actions = try client.request("textDocument/codeAction", ["textDocument": ["uri": uri], "range": diagnostic["range"] as Any,
                                                                         "context": ["diagnostics": [diagnostic]]])
            let action = try XCTUnwrap((actions["result"] as? [[String: Any]])?.first { ($0[path: "diagnostics", "0", "code"] as? String) == rule })
            XCTAssertEqual(action["kind"] as? String, "quickfix")
            let edits = try XCTUnwrap(action[path: "edit", "changes", uri] as? [[String: Any]])
            XCTAssertEqual(edits.count, 1)
            version += 1
            try client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": version],
                                                         "contentChanges": edits.map { ["range": $0["range"] as Any, "text": $0["newText"] as Any] }])
            diagnostics = try client.diagnostics(for: uri, version: version)
            XCTAssertFalse(rules(diagnostics).contains(rule), "\(rule) is fixed")
        }
        // The quoted type stays quoted.
        let hover = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 5, "character": 12]])
        XCTAssertTrue((hover[path: "result", "contents", "value"] as? String ?? "").contains("public.plain-text"), "\(hover)")
        XCTAssertEqual(try client.shutDown(), 0)
    }

    // MARK: - Hover

    func testHoverOnTypesActivitiesRulesAndTheDocument() throws {
        let sample = CLI.packageRoot.appendingPathComponent("samples/wechat-qr-poster.share.yaml")
        let text = try String(contentsOf: sample, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let client = try client(in: CLI.packageRoot)
        try client.initialize(root: CLI.packageRoot)
        try client.open(sample.absoluteString, text)
        _ = try client.diagnostics(for: sample.absoluteString)
        func hover(_ needle: String, offset: Int = 1) throws -> String {
            let line = try XCTUnwrap(lines.firstIndex { $0.contains(needle) }, needle)
            let prefix = lines[line].components(separatedBy: needle)[0]
            let response = try client.request("textDocument/hover", ["textDocument": ["uri": sample.absoluteString],
                                                                     "position": ["line": line, "character": prefix.utf16.count + offset]])
            return response[path: "result", "contents", "value"] as? String ?? ""
        }
        let type = try hover("public.png")
        let chain = try CLI.run(["type", "public.png"]).stdout
        for ancestor in ["public.image", "public.data", "public.item"] where chain.contains(ancestor) {
            XCTAssertTrue(type.contains(ancestor), type)
        }
        XCTAssertTrue(try hover("airDrop").contains("com.apple.UIKit.activity.AirDrop"))
        let header = try CLI.run(["header", "--ios", "all", "samples/wechat-qr-poster.share.yaml"]).stdout
        let documentHover = try hover("schemaVersion")
        let shown = header.split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(shown.count, 2, header)
        for entry in shown {
            let (label, value) = (entry.components(separatedBy: ": ")[0], entry.components(separatedBy: ": ").dropFirst().joined(separator: ": "))
            XCTAssertTrue(documentHover.contains(label) && documentHover.contains(value), "\(documentHover) lacks \(entry)")
        }
        XCTAssertEqual(try client.shutDown(), 0)

        // A rule id in a suppression comment.
        let suppressed = "schemaVersion: 1\nitems:\n  # sharelint-disable-next-line insecure-url -- partner\n  - url: http://example.com/\n"
        let uri = try write(suppressed, to: "suppressed.share.yaml")
        let second = try self.client()
        try second.initialize(root: directory)
        try second.open(uri, suppressed)
        _ = try second.diagnostics(for: uri)
        let column = "  # sharelint-disable-next-line insec".utf16.count
        let ruleHover = try second.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 2, "character": column]])
        let summary = try CLI.run(["rules"]).stdout.split(separator: "\n").first { $0.hasPrefix("insecure-url ") }
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst(2).joined(separator: " ") }
        XCTAssertTrue((ruleHover[path: "result", "contents", "value"] as? String ?? "").contains(try XCTUnwrap(summary)), "\(ruleHover)")
        XCTAssertEqual(try second.shutDown(), 0)
    }

    // MARK: - Completion

    func testCompletionOfKeysTypesActivitiesAndPaths() throws {
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try Data([0]).write(to: directory.appendingPathComponent("assets/poster.png"))
        try Data([0]).write(to: directory.appendingPathComponent("assets/thumb.jpg"))
        let client = try client()
        try client.initialize(root: directory)
        var count = 0
        func complete(_ text: String) throws -> [[String: Any]] {
            count += 1
            let uri = try write(text, to: "complete-\(count).share.yaml")
            try client.open(uri, text)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = lines.count - 1
            let response = try client.request("textDocument/completion", ["textDocument": ["uri": uri],
                                                                          "position": ["line": line, "character": String(lines[line]).utf16.count]])
            return response["result"] as? [[String: Any]] ?? []
        }
        func labels(_ items: [[String: Any]]) -> Set<String> { Set(items.compactMap { $0["label"] as? String }) }

        let topLevel = labels(try complete("schemaVersion: 1\nna"))
        XCTAssertTrue(topLevel.isSuperset(of: ["name", "items", "metadata", "excludedActivityTypes"]), "\(topLevel)")
        XCTAssertFalse(topLevel.contains("schemaVersion"), "a key already written is not offered")
        let itemKeys = labels(try complete("schemaVersion: 1\nitems:\n  - type: public.png\n    fi"))
        XCTAssertTrue(itemKeys.isSuperset(of: ["file", "previews", "metadata"]), "\(itemKeys)")
        XCTAssertFalse(itemKeys.contains("type"))
        XCTAssertFalse(itemKeys.contains("schemaVersion"))
        let nested = labels(try complete("schemaVersion: 1\nmetadata:\n  linkPresentation:\n    "))
        XCTAssertTrue(nested.isSuperset(of: ["originalURL", "icon"]), "\(nested)")
        let types = labels(try complete("schemaVersion: 1\nitems:\n  - type: public.pn"))
        XCTAssertTrue(types.isSuperset(of: ["public.png", "public.jpeg"]), "\(types.count)")
        let activities = try complete("schemaVersion: 1\nexcludedActivityTypes:\n  - ai")
        XCTAssertEqual(activities.first { $0["label"] as? String == "airDrop" }?["detail"] as? String, "com.apple.UIKit.activity.AirDrop")
        XCTAssertTrue(labels(try complete("schemaVersion: 1\nexcludedActivityTypes: [print, ai")).contains("saveToCameraRoll"))
        let here = labels(try complete("schemaVersion: 1\nitems:\n  - file: "))
        XCTAssertTrue(here.contains("assets/") && here.contains("complete-1.share.yaml"), "\(here)")
        let files = try complete("schemaVersion: 1\nitems:\n  - file: assets/po")
        XCTAssertEqual(labels(files), ["poster.png", "thumb.jpg"])
        XCTAssertEqual(files.first?[path: "textEdit", "range", "start", "character"] as? Int, "  - file: assets/".utf16.count,
                       "the edit replaces the typed file name only")
        XCTAssertEqual(labels(try complete("schemaVersion: 1\nitems:\n  - file: ../../")), [], "nothing outside the root")
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("escape").path, withDestinationPath: "/")
        XCTAssertEqual(labels(try complete("schemaVersion: 1\nitems:\n  - file: escape/")), [], "nothing through a symlink out of the root")
        XCTAssertTrue(labels(try complete("schemaVersion: 1\n# sharelint-disable-file unknown-k")).contains("unknown-key"))
        // Parameters: the kinds of a declaration, and after `$(` the names declared, with their kinds.
        let declared = "schemaVersion: 1\nparameters:\n  inviterID: {kind: integer, example: 42}\n  poster:\n    kind: image\n    example: a.png\n"
        XCTAssertEqual(labels(try complete(declared + "  orderID:\n    kind: ")), ["text", "url", "integer", "image", "file", "boolean"])
        XCTAssertTrue(labels(try complete(declared + "  orderID:\n    ")).isSuperset(of: ["kind", "example", "description"]))
        let names = try complete(declared + "metadata:\n  title: 邀请 $(in")
        XCTAssertEqual(labels(names), ["inviterID", "poster"])
        XCTAssertEqual(names.first { $0["label"] as? String == "poster" }?["detail"] as? String, "image")
        XCTAssertEqual(names.first?[path: "textEdit", "newText"] as? String, "inviterID)")
        XCTAssertEqual(names.first?[path: "textEdit", "range", "start", "character"] as? Int, "  title: 邀请 $(".utf16.count)
        XCTAssertEqual(labels(try complete(declared + "metadata:\n  title: 价格 $$(")), [], "$$( is the text $(")
        let flags = "schemaVersion: 1\nparameters:\n  isMember: {kind: boolean, example: true}\n  code: {kind: text, example: x}\n"
        XCTAssertEqual(labels(try complete(flags + "items:\n  - text: a\n    when: not $(")), ["isMember"], "a condition reads booleans")
        XCTAssertTrue(labels(try complete(flags + "items:\n  - text: a\n    wh")).contains("when"))
        // Positions far past the end answer at once.
        let uri = try write("schemaVersion: 1\n", to: "short.share.yaml")
        try client.open(uri, "schemaVersion: 1\n")
        for method in ["textDocument/completion", "textDocument/hover"] {
            let far = try client.request(method, ["textDocument": ["uri": uri], "position": ["line": 2_000_000_000, "character": 2_000_000_000]], timeout: 5)
            XCTAssertNil(far["error"], method)
        }
        XCTAssertEqual(try client.shutDown(), 0)
    }
}
