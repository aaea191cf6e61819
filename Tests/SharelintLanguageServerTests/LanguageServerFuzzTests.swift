import Foundation
import XCTest
@testable import SharelintLanguageServer
import ShareLintKit
import YAMLSyntax

/// Seeded random input for the server's parsers, in process: whatever the bytes, they
/// return or throw, never crash or hang, and what they accept reads back the same.
final class LanguageServerFuzzTests: XCTestCase {
    /// xorshift64*: reproducible across platforms (the seed is in every failure message).
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 2685821657736338717
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static let pieces = ["{", "}", "[", "]", "\"", "\\", "\\u", "d83d", "\\ud83d\\ude00", ":", ",", "1", "-", ".", "e", "1e400",
                         "true", "null", "邀请", "😀", "\r\n", "\r\n\r\n", "Content-Length: ", "Content-Length: 12\r\n\r\n", "\u{0}", " "]

    private func mutated(_ base: [UInt8], _ random: inout Random) -> [UInt8] {
        var bytes = base
        for _ in 0..<(1 + random.below(4)) {
            switch random.below(4) {
            case 0 where !bytes.isEmpty: bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
            case 1 where !bytes.isEmpty: bytes.removeSubrange(random.below(bytes.count)..<bytes.count)
            case 2: bytes.insert(contentsOf: Array(random.pick(Self.pieces).utf8), at: random.below(bytes.count + 1))
            default: if !bytes.isEmpty { bytes.remove(at: random.below(bytes.count)) }
            }
        }
        return bytes
    }

    func testJSONParserOnMutatedMessages() throws {
        let seeds = [#"{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{"position":{"line":3,"character":12}}}"#,
                     #"{"a":[1,-2.5e3,true,false,null,"\u00e9\ud83d\ude00\n"],"b":{}}"#]
        var random = Random(state: 0x5EED_0001)
        var accepted = 0
        for round in 0..<20_000 {
            let input = mutated(Array(random.pick(seeds).utf8), &random)
            guard let value = try? JSONParser.parse(input) else { continue }
            accepted += 1
            XCTAssertEqual(try JSONParser.parse(value.serialized()), value, "round \(round): \(String(decoding: input, as: UTF8.self))")
        }
        XCTAssertGreaterThan(accepted, 100, "some mutations stay valid JSON")
    }

    func testFramingOnRandomStreamsRecoversTheNextMessage() throws {
        var random = Random(state: 0x5EED_0002)
        let body = #"{"jsonrpc":"2.0","id":7,"method":"shutdown"}"#
        let valid = "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
        for round in 0..<300 {
            // Garbage with no Content-Length of its own, then a blank line and a valid frame.
            var garbage = mutated(Array(valid.utf8), &random).filter { $0 != UInt8(ascii: "C") }
            garbage += Array((0..<random.below(3000)).map { _ in UInt8(truncatingIfNeeded: random.next()) }.filter { $0 != UInt8(ascii: "C") })
            let stream = garbage + Array("\r\n\r\n\(valid)".utf8)
            var fds: [Int32] = [0, 0]
            XCTAssertEqual(pipe(&fds), 0)
            XCTAssertEqual(stream.withUnsafeBytes { write(fds[1], $0.baseAddress!, $0.count) }, stream.count)
            close(fds[1])
            let reader = MessageReader(fd: fds[0], maxContentLength: 1 << 20)
            var messages: [String] = []
            var events = 0
            while true {
                while let event = reader.next() {
                    events += 1
                    if case .message(let bytes) = event { messages.append(String(decoding: bytes, as: UTF8.self)) }
                }
                if reader.atEnd { break }
                reader.fill()
            }
            close(fds[0])
            XCTAssertLessThan(events, 100, "round \(round)")
            XCTAssertEqual(messages.last, body, "round \(round): the frame after the garbage is read")
        }
    }

    func testPositionsAndFeaturesOnRandomText() throws {
        var random = Random(state: 0x5EED_0003)
        let fragments = ["schemaVersion: 1\n", "items:\n", "  - type: public.png\n", "    file: a.png\n", "  - ", "邀请", "😀", "\r\n", "\r",
                         "\n", "excludedActivityTypes: [airDrop, ", "metadata:\n  title: ", "# sharelint-disable-line unknown-key\n",
                         "---\n", "  ", "\"", "'", ":", "\t", "[", "{", "- ", "key: value\n"]
        for round in 0..<1_500 {
            let text = (0..<random.below(30)).map { _ in random.pick(fragments) }.joined()
            let document = LanguageServer.OpenDocument(uri: "untitled:\(round)", path: nil, version: 1, text: TextDocument(text))
            let encoding = random.pick(PositionEncoding.allCases)
            // Every scalar boundary converts to LSP and back unchanged.
            for line in 0..<document.text.lineCount {
                let scalars = document.text.lineText(line).unicodeScalars.count
                for column in 1...(scalars + 1) {
                    let source = SourcePosition(line: line + 1, column: column)
                    let lsp = document.text.lspPosition(of: source, encoding: encoding)
                    XCTAssertEqual(document.text.sourcePosition(of: lsp, encoding: encoding), source, "round \(round) \(encoding)")
                }
            }
            for _ in 0..<5 {
                let position = LSPPosition(line: random.below(document.text.lineCount + 2), character: random.below(40))
                _ = Hover(document: document, encoding: encoding).hover(at: position)
                _ = Completion(document: document, encoding: encoding, root: "/nonexistent").items(at: position)
                var edited = document.text
                let end = LSPPosition(line: random.below(document.text.lineCount + 1), character: random.below(40))
                edited.replace(LSPRange(start: position, end: end), with: random.pick(fragments), encoding: encoding)
                XCTAssertEqual(TextDocument(edited.text).lineStarts, edited.lineStarts, "round \(round): line index after an edit")
            }
        }
    }
}
