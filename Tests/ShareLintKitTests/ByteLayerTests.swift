import Foundation
import XCTest
@testable import ShareLintKit

/// The byte layer (`Sources/ShareLintKit/Bytes/`): its word-at-a-time and memchr scans
/// answer as plain byte loops do, at every length and alignment, and no file outside it
/// reads memory through a pointer.
final class ByteLayerTests: XCTestCase {
    /// Texts whose interesting byte falls before, inside and after each eight-byte word.
    private static let texts: [String] = {
        var texts = ["", "a", "ab", "abcdefgh", "abcdefghi", "é", "长", "sharelint-disable", "x sharelint-disabl"]
        for length in 0..<20 {
            let run = String(repeating: "k", count: length)
            for inserted in [" ", "\t", "\n", "\u{0B}", "\u{0C}", "\r", "\u{7F}", "\u{1F}", "é", "\u{3000}", "A", "~"] {
                texts.append(run + inserted)
                texts.append(inserted + run)
                texts.append(run + inserted + run)
            }
            texts.append(run + "sharelint-disable" + run)
            texts.append(run + "sharelint-disablx" + run)
            texts.append("COM.Apple." + run)
        }
        return texts
    }()

    func testWhitespaceScanAnswersAsAByteLoop() {
        for text in Self.texts {
            let bytes = Array(text.utf8)
            let space = bytes.contains { $0 == 0x20 || (0x09...0x0D).contains($0) }
            let ascii = bytes.allSatisfy { $0 < 0x80 }
            let scanned = text.withBytes(\.asciiWhitespace)
            XCTAssertEqual(scanned.space, space, text.debugDescription)
            // Once white space is found the scan stops: `ascii` is only asked of text without it.
            if !space { XCTAssertEqual(scanned.ascii, ascii, text.debugDescription) }
        }
    }

    func testMarkerSearchAnswersAsAByteLoop() {
        let marker = Array("sharelint-disable".utf8)
        for text in Self.texts {
            let bytes = Array(text.utf8)
            let naive = bytes.count >= marker.count
                && (0...(bytes.count - marker.count)).contains { Array(bytes[$0..<$0 + marker.count]) == marker }
            XCTAssertEqual(bytes.withBytes { $0.contains(marker, searchingFirstFor: 14) }, naive, text.debugDescription)
            XCTAssertEqual(bytes.withBytes { Suppressions.mentioned(in: $0) }, naive, text.debugDescription)
        }
    }

    func testLowercasedPrefixAnswersAsTheLoweredString() {
        for text in Self.texts + ["com.apple", "com.apple.", "Com.Apple.x", "com.applé.", "com.apple.\u{301}"] {
            let expected = text.lowercased().hasPrefix("com.apple.")
            XCTAssertEqual(text.withBytes { $0.asciiLowercasedHasPrefix("com.apple.") } ?? expected, expected, text.debugDescription)
        }
    }

    func testViewReadsAndComparesItsBytes() {
        "héllo, world".withBytes { view in
            XCTAssertEqual(view.count, 13)
            XCTAssertEqual(view[0], UInt8(ascii: "h"))
            XCTAssertEqual(Array(view), Array("héllo, world".utf8))
            XCTAssertEqual(view.bytes(from: 8).string, "world")
            XCTAssertEqual(view.bytes(in: 0..<1).string, "h")
            XCTAssertTrue(view.bytes(from: 8).equals("world"))
            XCTAssertTrue(view.bytes(from: 8).equals("world" as StaticString))
            XCTAssertFalse(view.bytes(from: 8).equals("World"))
            XCTAssertFalse(view.isASCII)
            XCTAssertTrue(view.bytes(from: 8).isASCII)
            XCTAssertEqual(view.firstIndex(of: UInt8(ascii: ",")), 6)
            "world".withBytes { XCTAssertEqual(view.bytes(from: 8), $0) }
        }
        XCTAssertEqual("".withBytes { $0.string }, "")
    }

    func testPathReadsAnswerAsByteLoops() {
        for text in Self.texts + ["/", "/a/b", "/a/b.", ".x", "a/.x", "/Dir.d/Name.PNG", "x.TxT", "/caf\u{E9}/Z.\u{C9}"] {
            let bytes = Array(text.utf8)
            text.withBytes { view in
                for byte in [UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "k"), 0xA9] {
                    XCTAssertEqual(view.lastIndex(of: byte), bytes.lastIndex(of: byte), text.debugDescription)
                }
                let lowered = bytes.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
                XCTAssertEqual(Array(view.asciiLowercasedString.utf8), lowered, text.debugDescription)
                for cut in 0...bytes.count {
                    Array(bytes[..<cut]).withBytes { XCTAssertTrue(view.hasPrefix($0), "\(text.debugDescription) at \(cut)") }
                    if cut > 0 {
                        var changed = Array(bytes[..<cut])
                        changed[cut - 1] ^= 0x01
                        changed.withBytes { XCTAssertFalse(view.hasPrefix($0), "\(text.debugDescription) at \(cut)") }
                    }
                }
                (bytes + [0x2F]).withBytes { XCTAssertFalse(view.hasPrefix($0), "a longer prefix, \(text.debugDescription)") }
            }
        }
    }

    /// No file outside the byte layer and the C boundary names a pointer type, `Unmanaged`
    /// or a `withUnsafe…` call, or imports the C library: the byte loops stay behind
    /// `ByteView`'s safe signatures, and system calls behind `System/`'s.
    func testPointersStayInTheByteLayer() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ShareLintKit")
        guard FileManager.default.fileExists(atPath: root.path) else {
            throw XCTSkip("the sources are not next to the tests (\(root.path))")
        }
        // The byte layer, and the C boundary (libc and thread primitives): no file elsewhere
        // is let off.
        let allowedFolders = ["Bytes/", "System/"]
        let pattern = try NSRegularExpression(pattern: #"\bUnsafe[A-Z]\w*|\bUnmanaged\b|\bwithUnsafe\w*|\bwithUTF8(Bytes)?\b|\bimport (Glibc|Musl|Darwin)\b"#)
        var offenders: [String] = []
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let relative = String(url.path.dropFirst(root.path.count + 1))
            if allowedFolders.contains(where: relative.hasPrefix) { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                offenders.append("\(relative): \((text as NSString).substring(with: match.range))")
            }
        }
        XCTAssertEqual(offenders, [], "pointer or libc code outside Sources/ShareLintKit/Bytes/ and System/")
    }
}
