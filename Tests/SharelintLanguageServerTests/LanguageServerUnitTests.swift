import Foundation
import XCTest
@testable import SharelintLanguageServer
import ShareLintKit
import YAMLSyntax

/// The language server's parts without a process: JSON reading, position conversion,
/// framing and the YAML written by quick fixes.
final class LanguageServerUnitTests: XCTestCase {
    func testJSONParserReadsWhatTheWriterWrites() throws {
        let value = JSONValue.object([
            ("text", .string("邀请 \"quoted\" \\ tab\t newline\n 😀 \u{2028}")),
            ("numbers", .array([.int(-12), .int(0), .double(1.5), .double(-2.5e-3)])),
            ("flags", .array([.bool(true), .bool(false), .null])),
            ("nested", .object([("empty", .array([])), ("object", .object([]))])),
        ])
        XCTAssertEqual(try JSONParser.parse(value.serialized()), value)
        XCTAssertEqual(try JSONParser.parse(value.serialized(indent: 2)), value)
        // Escaped surrogate pairs become one scalar; a lone surrogate becomes U+FFFD.
        XCTAssertEqual(try JSONParser.parse(#"["\ud83d\ude00", "\ud800x", "\u00e9\/"]"#),
                       .array([.string("😀"), .string("\u{FFFD}x"), .string("é/")]))
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "tru", "\"unterminated", "01x", "1 2", "\"\u{01}\"", "{1: 2}", "[\"\\q\"]"] {
            XCTAssertThrowsError(try JSONParser.parse(bad), bad)
        }
        let deep = String(repeating: "[", count: JSONParser.maxDepth + 2) + String(repeating: "]", count: JSONParser.maxDepth + 2)
        XCTAssertThrowsError(try JSONParser.parse(deep))
    }

    func testPositionsConvertBothWaysInEveryEncoding() {
        let line = "  title: 邀请😀x"
        let text = TextDocument("a: 1\r\n\(line)\rlast\n")
        XCTAssertEqual(text.lineCount, 4)
        XCTAssertEqual(text.lineText(1), line)
        XCTAssertEqual(text.lineText(2), "last")
        // Column 13 (1-based, scalars) is the "x" after the emoji.
        let position = SourcePosition(line: 2, column: 13)
        let expected: [PositionEncoding: Int] = [.utf16: 13, .utf8: 19, .utf32: 12]
        for (encoding, character) in expected {
            let lsp = text.lspPosition(of: position, encoding: encoding)
            XCTAssertEqual(lsp, LSPPosition(line: 1, character: character), encoding.rawValue)
            XCTAssertEqual(text.sourcePosition(of: lsp, encoding: encoding), position, encoding.rawValue)
        }
        // Half of a surrogate pair rounds down to the emoji's start; past the end clamps.
        XCTAssertEqual(text.sourcePosition(of: LSPPosition(line: 1, character: 12), encoding: .utf16), SourcePosition(line: 2, column: 12))
        XCTAssertEqual(text.sourcePosition(of: LSPPosition(line: 1, character: 99), encoding: .utf16), SourcePosition(line: 2, column: 14))
        var edited = text
        edited.replace(LSPRange(start: LSPPosition(line: 1, character: 11), end: LSPPosition(line: 1, character: 13)), with: "🎉🎉", encoding: .utf16)
        XCTAssertEqual(edited.lineText(1), "  title: 邀请🎉🎉x")
        edited.replace(nil, with: "new", encoding: .utf16)
        XCTAssertEqual(edited.text, "new")
    }

    /// NEL, U+2028 and U+2029 end sharelint's lines (libyaml's) but not LSP's: a position
    /// after one converts through its byte offset and lands on the same text.
    func testPositionsAfterEveryLibyamlLineBreakLandOnTheirText() {
        for lineBreak in ["\u{85}", "\u{2028}", "\u{2029}", "\r", "\r\n"] {
            let text = TextDocument("# note\(lineBreak)metadata:\n  mesageBody: hi\n")
            // sharelint: line 3 column 3 is 'mesageBody' (the comment's break counts).
            let lsp = text.lspPosition(of: SourcePosition(line: 3, column: 3), encoding: .utf16)
            let offset = text.offset(of: lsp, encoding: .utf16)
            XCTAssertEqual(text.text(offset..<(offset + 10)), "mesageBody", lineBreak.unicodeScalars.map { String($0.value, radix: 16) }.joined())
            XCTAssertEqual(text.sourcePosition(of: lsp, encoding: .utf16), SourcePosition(line: 3, column: 3))
            let lspLines = lineBreak == "\r" || lineBreak == "\r\n" ? 2 : 1
            XCTAssertEqual(lsp, LSPPosition(line: lspLines, character: 2))
        }
    }

    func testFramingSkipsBadAndHugeMessages() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let reader = MessageReader(fd: fds[0], maxContentLength: 1000)
        let body = #"{"jsonrpc":"2.0","method":"x"}"#
        let input = "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
            + "nonsense\r\n\r\n"
            + "Content-Length: 5000\r\n\r\n" + String(repeating: "y", count: 5000)
            + "Content-Length: \(body.utf8.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n\(body)"
            + "Content-Length: 10\r\n\r\n{"
        let bytes = Array(input.utf8)
        XCTAssertEqual(bytes.withUnsafeBytes { write(fds[1], $0.baseAddress!, $0.count) }, bytes.count)
        close(fds[1])
        var events: [MessageReader.Event] = []
        while !reader.atEnd || reader.hasPendingBytes {
            while let event = reader.next() { events.append(event) }
            if reader.atEnd { break }
            reader.fill()
        }
        while let event = reader.next() { events.append(event) }
        close(fds[0])
        let kinds = events.map { event -> String in
            switch event {
            case .message(let bytes): return "message " + String(decoding: bytes, as: UTF8.self)
            case .framingError(let message): return "error " + message
            }
        }
        XCTAssertEqual(kinds.count, 5, "\(kinds)")
        XCTAssertEqual(kinds[0], "message " + body)
        XCTAssertTrue(kinds[1].hasPrefix("error "), kinds[1])
        XCTAssertTrue(kinds[2].contains("larger than the limit of 1000"), kinds[2])
        XCTAssertEqual(kinds[3], "message " + body)
        XCTAssertTrue(kinds[4].contains("ended inside a message"), kinds[4])
    }

    /// Garbage glued to the front of a header: the frame behind it is still read.
    func testFramingFindsAHeaderBehindGarbage() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let body = #"{"jsonrpc":"2.0","method":"x"}"#
        let bytes = Array("abcContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
        XCTAssertEqual(bytes.withUnsafeBytes { write(fds[1], $0.baseAddress!, $0.count) }, bytes.count)
        close(fds[1])
        let reader = MessageReader(fd: fds[0], maxContentLength: 1000)
        reader.fill()
        XCTAssertEqual(reader.next(), .framingError("a header without Content-Length"))
        XCTAssertEqual(reader.next(), .message(Array(body.utf8)))
        close(fds[0])
    }

    /// The frame limit is twice the document limit plus 1 MiB, computed without overflow
    /// for any `--max-file-size` (2 * 2^62 trapped).
    func testTheFrameLimitCannotOverflow() {
        var options = LanguageServer.Options(version: "test")
        XCTAssertEqual(LanguageServer.maxContentLength(options), 2 * 10 * 1024 * 1024 + (1 << 20))
        for size in [1 << 62, Int.max] {
            options.maxFileSize = size
            XCTAssertEqual(LanguageServer.maxContentLength(options), 2 * LanguageServer.maxDocumentLimit + (1 << 20))
        }
    }

    /// didChange's changes: a malformed range refuses them all; a change over the limit
    /// keeps only the size; a change of the whole text brings the text back.
    func testChangesAreCheckedBeforeTheyApply() throws {
        let document = LanguageServer.OpenDocument(uri: "file:///x.share.yaml", path: "/x.share.yaml", version: 1, text: TextDocument(""))
        document.setText("a: 1\nb: 2\n", limit: 100)
        func change(_ start: (Int, Int)?, _ end: (Int, Int), _ text: String) -> JSONValue {
            guard let start else { return .object([("text", .string(text))]) }
            let position = { (p: (Int, Int)) in JSONValue.object([("line", .int(p.0)), ("character", .int(p.1))]) }
            return .object([("range", .object([("start", position(start)), ("end", position(end))])), ("text", .string(text))])
        }
        for malformed in [change((-1, 0), (0, 0), "x"), change((0, 0), (0, -1), "x"), change((1, 0), (0, 3), "x"), change((0, 3), (0, 1), "x"),
                          .object([("range", .string("all")), ("text", .string("x"))]), .object([("range", .null)])] {
            guard case .refused = document.apply([change((0, 0), (0, 1), "c"), malformed], limit: 100, encoding: .utf16) else {
                return XCTFail("\(malformed.serialized()) was not refused")
            }
            XCTAssertEqual(document.text.text, "a: 1\nb: 2\n", "nothing applied")
        }
        XCTAssertEqual(document.apply([change((0, 0), (0, 1), "c"), .object([("range", .null), ("text", .string("d: 4\n"))]), change((0, 0), (0, 1), "e")],
                                      limit: 100, encoding: .utf16), .applied)
        XCTAssertEqual(document.text.text, "e: 4\n")
        XCTAssertEqual(document.apply([change((0, 0), (0, 0), String(repeating: "x", count: 200))], limit: 100, encoding: .utf16), .applied)
        XCTAssertEqual(document.oversized, OversizedDocument(byteCount: 205, limit: 100))
        XCTAssertEqual(document.text.bytes, [], "the text over the limit is not kept")
        guard case .partlyApplied = document.apply([change((0, 0), (0, 1), "y")], limit: 100, encoding: .utf16) else { return XCTFail("applied") }
        XCTAssertEqual(document.apply([change(nil, (0, 0), "f: 5\n")], limit: 100, encoding: .utf16), .applied)
        XCTAssertNil(document.oversized)
        XCTAssertEqual(document.text.text, "f: 5\n")
        document.dropText(over: 3)
        XCTAssertEqual(document.oversized, OversizedDocument(byteCount: 5, limit: 3), "a lowered limit drops the text")
    }
}
