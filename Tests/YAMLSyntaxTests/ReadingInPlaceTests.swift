import Foundation
import XCTest
@testable import YAMLSyntax

/// The reader hands libyaml's scanner a readable text in place of its reader's decoded
/// copy (`YAMLDocumentReader.readInPlace`). These tests read texts both ways and compare
/// everything the reader gives: every node's kind, range, style, tag and text, and every
/// problem with its position.
final class ReadingInPlaceTests: XCTestCase {
    /// What a text reads as, node by node and problem by problem.
    private func reading(_ bytes: [UInt8], inPlace: Bool, limits: YAMLLimits = YAMLLimits()) -> (dump: [String], inPlace: Int) {
        let reader = YAMLDocumentReader(buffer: ByteBuffer(copying: bytes), limits: limits,
                                        start: SourcePosition(line: 1, column: 1, offset: 0), continues: false, firstIndex: 0,
                                        inPlace: inPlace)
        var dump: [String] = []
        while let document = reader.next() {
            dump.append("document \(document.index) at \(document.start)")
            for problem in document.problems { dump.append("  problem \(problem.kind) \(problem.message) at \(problem.range)") }
            guard let nodes = document.nodes else { continue }
            for i in 0..<nodes.nodeCount {
                let node = NodeRef(i)
                dump.append("  \(nodes.kind(node)) \(nodes.range(node)) \(String(describing: nodes.style(node))) "
                            + "\(nodes.tag(node) ?? "-") \(nodes.count(node)) \(nodes.text(node).map { "\"\($0)\"" } ?? "-")")
            }
        }
        dump.append("end at \(reader.endPosition), stopped: \(reader.stoppedAtInvalidText), skipped: \(reader.skippedText)")
        return (dump, reader.parsersReadingInPlace)
    }

    /// Compares the two readings, and checks that a readable text was read in place.
    private func assertSameReading(_ bytes: [UInt8], limits: YAMLLimits = YAMLLimits(), file: StaticString = #filePath, line: UInt = #line) {
        let decoded = reading(bytes, inPlace: false, limits: limits)
        let inPlace = reading(bytes, inPlace: true, limits: limits)
        XCTAssertEqual(decoded.inPlace, 0, file: file, line: line)
        XCTAssertEqual(inPlace.dump, decoded.dump, "\(String(decoding: bytes.prefix(200), as: UTF8.self).debugDescription)", file: file, line: line)
        let readable = bytes.withUnsafeBufferPointer { StreamCuts.isReadableAsIs($0) }
        let byteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        if readable && !byteOrderMark {
            XCTAssertGreaterThan(inPlace.inPlace, 0, "a readable text is read in place", file: file, line: line)
        } else {
            XCTAssertEqual(inPlace.inPlace, 0, "a text libyaml's reader rejects, or one with a byte order mark, is left to it", file: file, line: line)
        }
    }

    func testEdgeCasesReadAsLibyamlsReaderReadsThem() {
        let texts: [String] = [
            "", "a", "a: b", "-", "--", "---", "--- ", "---\n", "...\n", "a: b\n...\n---\nc: d\n",
            "a: b\r\nc: d\r\n", "a: b\rc: d", "a: x\u{85}b: y\u{2028}c: z\u{2029}d: w\n",
            "\u{FEFF}a: b\n", "a: b\n\u{FEFF}c: d\n", "---\n\u{FEFF}a: b\n",
            "a: 😀\n", "a: 中", "a: 'unclosed\n---\nb: c\n", "a: [1, 2\n---\nb: c\n", "a: {x: 1\n",
            "a:\tb\n", "\ta: b\n", "a: |\n  lit\n  eral\nb: >-\n  folded\n  text\n",
            "%YAML 1.1\n---\na: b\n", "%YAML 1.3\n---\na: b\n---\nc: d\n", "%TAG ! tag:x.org,2000:\n--- !foo\na: !bar b\n",
            "a: &x 1\nb: *x\nc: *y\n", "? complex\n: key\n", "a: \"esc \\u00e9 \\x41 \\\n  cont\"\n", "a: \"bad \\q\"\n",
            "a: b\n  c: d\n", "- a\n- b: c\n  d: e\n-\n", "[a, b, {c: d}]\n", "a: b #c\n# d\n", "a: 'it''s'\n",
            "a: b\n---\n---\n", "key: value\n...\n", "a: b\n---\nbroken: [\n---\nc: d\n---\n'x\n",
            "a: \u{7F}\n", "a: \u{0}\n", "a: b\u{1}\n", "\u{E000}: \u{FFFD}\n", "a: \u{10FFFF}\n",
        ]
        for text in texts { assertSameReading(Array(text.utf8)) }
        // Bytes that are not UTF-8, or not characters libyaml accepts.
        for bytes: [UInt8] in [[0xFF], [0x61, 0x3A, 0x20, 0xE4, 0xB8], [0x61, 0xC0, 0x80], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBE]] {
            assertSameReading(bytes)
        }
        // A document given up at the depth limit resumes at the next `---` line.
        assertSameReading(Array(("a: " + String(repeating: "[", count: 20) + "\n---\nb: c\n---\nd: [[[[[[[[x]]]]]]]]\n").utf8),
                          limits: YAMLLimits(maxDepth: 5))
    }

    /// libyaml's reader decodes 16 KiB of input at a time: texts longer than that, with a
    /// character across the seam, a long line and many documents.
    func testLongTextsReadAsLibyamlsReaderReadsThem() {
        for shift in 0..<3 {
            let text = String(repeating: "x", count: 16_383 - shift) + ": 中文\nb: c\n"
            assertSameReading(Array(text.utf8))
        }
        assertSameReading(Array(("long: " + String(repeating: "邀请好友 ", count: 9_000) + "\n").utf8))
        let stream = (0..<400).map { "---\nname: 第\($0)号\nitems: [a\($0), \"b \($0)\"]\nnote: |\n  行\($0)\n" }.joined()
        assertSameReading(Array(stream.utf8))
        let broken = (0..<400).map { $0 % 7 == 3 ? "---\nname: [\($0)\n" : "---\nname: \($0)\n" }.joined()
        assertSameReading(Array(broken.utf8))
    }

    func testSamplesReadAsLibyamlsReaderReadsThem() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("samples")
        let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: samples.path)).filter { $0.hasSuffix(".yaml") }
        XCTAssertGreaterThan(files.count, 10)
        for file in files { assertSameReading(Array(try Data(contentsOf: samples.appendingPathComponent(file)))) }
    }

    /// A document mutated byte by byte (seeded, so a failure repeats): broken and odd
    /// texts of every kind read the same both ways.
    func testMutatedTextsReadAsLibyamlsReaderReadsThem() {
        let base = Array("""
        # share point
        schemaVersion: 1
        name: "campaign \\u00e9"
        description: 第0号线下活动海报
        metadata: {title: 'It''s', messageBody: plain text}
        items:
          - type: public.png
            file: assets/poster-0.png
            previews: {thumbnail: assets/thumb.png}
          - url: https://example.com/c/0?from=share
          - text: |
              line one
              line two
        anchors: &a [x, y]
        again: *a
        ---
        ? key
        : value
        excludedActivityTypes: [airDrop, print]

        """.utf8)
        let pieces: [[UInt8]] = [":", "-", " ", "\n", "\r", "\t", "'", "\"", "[", "]", "{", "}", "#", "|", ">", "&", "*", "!", "%",
                                 "?", ",", "\\", "a", "中", "\u{85}", "\u{2028}", "---\n", "...", "\u{FEFF}"].map { Array($0.utf8) }
            + [[0xFF], [0x00], [0xE4]]
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<600 {
            var bytes = base
            for _ in 0..<(1 + next(3)) {
                let at = next(bytes.count + 1)
                switch next(3) {
                case 0: bytes.insert(contentsOf: pieces[next(pieces.count)], at: at)
                case 1 where at < bytes.count: bytes.remove(at: at)
                default: bytes.replaceSubrange(at..<min(at + 1, bytes.count), with: pieces[next(pieces.count)])
                }
            }
            assertSameReading(bytes)
        }
    }
}
