import Foundation
import XCTest
@testable import ShareLintKit

/// The XML property-list reader: it reads what Foundation's decoder reads from valid
/// plists, counts nesting itself (nothing inside markup can hide an element), expands
/// no entity but the predefined ones, and ends every damaged file in a `Failure`.
final class XMLPropertyListReaderTests: XCTestCase {
    /// The top-level strings as Foundation's `PropertyListDecoder` gives them (through
    /// the library's own `Decodable`, which binary plists are still read with).
    private func decoded(_ bytes: [UInt8]) throws -> [String: String?] {
        try PropertyListDecoder().decode(PropertyList.TopLevelStrings.self, from: Data(bytes)).values
    }

    private func assertFailure(_ text: String, contains expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try PropertyList.topLevelStrings(Array(text.utf8)), file: file, line: line) { error in
            XCTAssertTrue(error is PropertyList.Failure, "\(error)", file: file, line: line)
            XCTAssertTrue("\(error)".contains(expected), "\(error)", file: file, line: line)
        }
    }

    /// Written plists (the one `samples/` holds, and what Xcode and hands write) and
    /// generated ones give what `PropertyListDecoder` gives. One difference is left out:
    /// the decoder reads the string `$null` as no value, as its encoder writes nil; the
    /// reader keeps the string, as CFPropertyList (which iOS reads Info.plist with) does.
    func testAgreesWithFoundationOnValidPropertyLists() throws {
        let cjk = "<plist><dict><key>保存</key><string>保存海报到相册 😀</string></dict></plist>"
        var cases = [String(decoding: try Data(contentsOf: packageRoot.appendingPathComponent("samples/Info.plist")), as: UTF8.self)]
        cases += [
            "<plist><dict><key>a</key><string>1</string><key>a</key><string>2</string></dict></plist>",
            "  \n<plist><dict><key> a </key><string> x\r\n y\t</string></dict></plist>",
            "<dict><key>a</key><string>x</string></dict>",
            "<plist><dict><key>a</key><string>x</string></dict></plist>trailing words",
            "<plist><dict><key>a</key><integer>not read</integer><key>b</key><real>1.5</real><key>c</key><date>2020</date></dict></plist>",
            "<plist><dict><key>a</key><data>AAEC\n</data><key>b</key><true/><key>c</key><false></false><key>d</key><true></true></dict></plist>",
            "<plist><dict><key>a</key><key>a key as a value</key></dict></plist>",
            "<plist><dict><key>a</key><string>&#0;&#65;&#x263a;&#x1F600;&lt;&gt;&amp;&apos;&quot;</string></dict></plist>",
            "<plist><dict><key></key><string/><key>e</key><string></string><key>d</key><dict/><key>f</key><array/></dict></plist>",
            "<plist><dict><key>a</key><string>x</string ></dict ></plist >",
            "<plist><dict><key>a</key><string><![CDATA[<b>&amp;</b>]]>&amp;<![CDATA[]]></string></dict></plist>",
            "<?xml version='1.0' encoding='utf-8'?><!-- c --><?pi x?><!DOCTYPE plist SYSTEM 'x'><plist version=\"1.0\"><!-- c --><dict>"
                + "<?pi?><!-- <key>hidden</key><string>no</string> --><key>k</key><?pi?><string xml:space=\"preserve\">v</string><!-- c --></dict><!-- c --></plist>",
            "<plist><dict><key>outer</key><dict><key>outer</key><string>inner</string><key>n</key><array><string>s</string><dict/></array></dict></dict></plist>",
            cjk,
        ]
        var random = SeededGenerator.forTest("plist round trips", fallback: 7)
        for _ in 0..<300 { cases.append(Self.randomPlist(&random)) }
        for text in cases {
            XCTAssertEqual(try PropertyList.topLevelStrings(Array(text.utf8)), try decoded(Array(text.utf8)), text)
        }
        // Byte order marks: UTF-8, UTF-16 in both orders.
        var big: [UInt8] = [0xFE, 0xFF], little: [UInt8] = [0xFF, 0xFE]
        for unit in cjk.utf16 {
            big += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
            little += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        for bytes in [[0xEF, 0xBB, 0xBF] + Array(cjk.utf8), big, little] {
            XCTAssertEqual(try PropertyList.topLevelStrings(bytes), ["保存": .some("保存海报到相册 😀")])
        }
    }

    /// The pre-scan the decoder was guarded by counted `</array>` inside a processing
    /// instruction or an attribute value, and lost 100,000 `<array>` behind a comment or
    /// CDATA opening written inside a processing instruction: the first three files
    /// (3.2 MB and 1.5 MB) passed it and overflowed the decoder's stack (SIGSEGV). The
    /// reader counts elements as it opens them.
    func testNestingHiddenBehindMarkupIsCountedByTheReader() throws {
        let depth = 100_000
        let open = "<plist><dict><key>NSPhotoLibraryAddUsageDescription</key>"
        let close = String(repeating: "</array>", count: depth) + "</dict></plist>"
        let variants = [
            open + String(repeating: "<array><?x > </array> ?>", count: depth) + close,
            open + "<?x > <!-- ?>" + String(repeating: "<array>", count: depth) + "<?x --> ?>" + close,
            open + "<?x > <![CDATA[ ?>" + String(repeating: "<array>", count: depth) + "<?x ]]> ?>" + close,
            open + String(repeating: "<array a=\"></array>\">", count: depth) + close,
        ]
        XCTAssertGreaterThan(variants[0].utf8.count, 3_000_000)
        let clock = ContinuousClock()
        for text in variants {
            let start = clock.now
            assertFailure(text, contains: "nests deeper than 512 levels")
            XCTAssertLessThan(clock.now - start, .seconds(5))
        }
    }

    /// 512 levels of `<dict>` and `<array>` are read; 513 are not.
    func testTheNestingLimitIsExact() throws {
        func nested(_ arrays: Int) -> [UInt8] {
            Array(("<plist><dict><key>a</key>" + String(repeating: "<array>", count: arrays) + String(repeating: "</array>", count: arrays)
                + "<key>b</key><string>c</string></dict></plist>").utf8)
        }
        XCTAssertEqual(try PropertyList.topLevelStrings(nested(511)), ["a": String?.none, "b": .some("c")])
        XCTAssertThrowsError(try PropertyList.topLevelStrings(nested(512))) { error in
            XCTAssertEqual("\(error)", "the property list nests deeper than 512 levels (line 1)")
        }
    }

    /// No entity expands to anything but its character: a DOCTYPE with an internal
    /// subset (external entities, billion laughs) is refused, and so is any other entity.
    func testOnlyPredefinedEntitiesAndCharacterReferencesAreRead() {
        assertFailure("""
        <?xml version="1.0"?>
        <!DOCTYPE plist [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
        <plist><dict><key>a</key><string>&xxe;</string></dict></plist>
        """, contains: "line 2: a DOCTYPE with an internal subset")
        var laughs = "<!DOCTYPE plist [<!ENTITY lol0 \"lol\">"
        for level in 1...9 { laughs += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">" }
        assertFailure(laughs + "]><plist><dict><key>a</key><string>&lol9;</string></dict></plist>", contains: "internal subset")
        assertFailure("<plist><dict><key>a</key><string>&lol9;</string></dict></plist>", contains: "an unknown entity")
        assertFailure("<plist><dict><key>a</key><string>&amp</string></dict></plist>", contains: "an unknown entity")
        assertFailure("<plist><dict><key>a</key><string>&#xD800;</string></dict></plist>", contains: "a character reference that is not a character")
        assertFailure("<plist><dict><key>a</key><string>&#123456789;</string></dict></plist>", contains: "a character reference that is not a character")
        // A quoted '[' or '>' in the DOCTYPE's identifiers is not its end or a subset.
        XCTAssertEqual(try PropertyList.topLevelStrings(Array("<!DOCTYPE plist PUBLIC \"a>[\" 'b'><plist><dict/></plist>".utf8)), [:])
    }

    /// What is wrong, and on which line.
    func testFailuresNameTheProblemAndTheLine() {
        assertFailure("", contains: "the file is empty")
        assertFailure("not a plist", contains: "line 1: unexpected 'n' where a tag belongs")
        assertFailure("<plist>\n<dict>\n<key>a</key>\n<strin>x</strin>", contains: "line 4: an unknown tag <strin>")
        assertFailure("<plist>\n<dict>\n<key>a</key><string>x</str>", contains: "line 3: </str> where </string> belongs")
        assertFailure("<plist><dict><key>a</key></dict></plist>", contains: "a <key> without a value")
        assertFailure("<plist><dict><string>a</string></dict></plist>", contains: "a <string> where a <key> belongs")
        assertFailure("<plist></plist>", contains: "an empty <plist>")
        assertFailure("<plist/>", contains: "an empty <plist>")
        assertFailure("<plist><dict/><dict/></plist>", contains: "a second value in <plist>")
        assertFailure("<plist><dict>text<key>a</key></dict></plist>", contains: "text between the values of <dict>")
        assertFailure("<plist><dict><key>a</key><string>x<!-- c --></string></dict></plist>", contains: "markup inside <string>")
        assertFailure("<plist><dict><key>a</key><real/></dict></plist>", contains: "an empty <real>")
        assertFailure("<plist><dict><key>a</key><true>x</true></dict></plist>", contains: "</true> expected")
        assertFailure("<plist>\n<dict>\n<key>a</key>\n<array>", contains: "line 4: the file ends inside the <array> of line 4")
        assertFailure("<plist><dict><key>a</key><string>\u{1B}[31m", contains: "the file ends inside the <string>")
        assertFailure("<plist><dict><key>a</key><string><![CDATA[x</string></dict></plist>", contains: "a CDATA section that does not end")
        assertFailure("<!-- x <plist><dict/></plist>", contains: "a comment that does not end")
        assertFailure("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><dict/></plist>", contains: "names 'ISO-8859-1'")
        assertFailure("<plist><dict><key>a</key><\u{1B}[2J></dict></plist>", contains: "an unknown tag <…>")
        assertFailure("<plist><array><string>a</string></array></plist>", contains: "the property list's top-level value is not a dictionary")
        assertFailure("<string>a</string>", contains: "the property list's top-level value is not a dictionary")
        XCTAssertThrowsError(try PropertyList.topLevelStrings([0xFE, 0xFF, 0xD8, 0x00, 0x00, 0x3C])) { error in
            XCTAssertTrue("\(error)".contains("not valid UTF-16"), "\(error)")
        }
        XCTAssertThrowsError(try PropertyList.topLevelStrings(Array("<dict><key>a</key><string>".utf8) + [0xFF] + Array("</string></dict>".utf8))) { error in
            XCTAssertTrue("\(error)".contains("not valid UTF-8"), "\(error)")
        }
    }

    /// Every prefix of a plist and a thousand damaged copies end in strings or a Failure.
    func testDamagedPlistsEndInAFailure() {
        let text = Array(("<?xml version=\"1.0\"?><!DOCTYPE plist SYSTEM \"x\"><plist><dict><!-- c --><key>a&amp;</key>"
            + "<string>x<![CDATA[y]]>&#x263A;</string><key>b</key><array><dict><key>c</key><integer>1</integer></dict><true/></array>"
            + "<key>d</key><data>AA==</data></dict></plist>").utf8)
        for end in 0..<text.count {
            do { _ = try PropertyList.topLevelStrings(Array(text[..<end])) } catch { XCTAssertTrue(error is PropertyList.Failure) }
        }
        var random = SeededGenerator.forTest("damaged plists", fallback: 11)
        let alphabet = Array("<>/!?-[]&;#x\"' abdikstrCDATA".utf8) + [0x00, 0xFF]
        for _ in 0..<1000 {
            var damaged = text
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<damaged.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: damaged[at] = alphabet.randomElement(using: &random) ?? 0
                case 1: damaged.remove(at: at)
                default: damaged.insert(alphabet.randomElement(using: &random) ?? 0, at: at)
                }
            }
            do { _ = try PropertyList.topLevelStrings(damaged) } catch { XCTAssertTrue(error is PropertyList.Failure) }
        }
    }

    // MARK: - Generated plists

    private var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// A valid plist with a dictionary on top: nested values, every scalar element in
    /// each written form, text with entities, CDATA, line breaks and CJK, and comments
    /// and processing instructions between elements.
    private static func randomPlist(_ random: inout SeededGenerator) -> String {
        var out = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", "", "<!-- head -->"][Int.random(in: 0..<3, using: &random)]
        out += Bool.random(using: &random) ? "<plist version=\"1.0\">" : "<plist>"
        out += value(&random, depth: 0, forceDictionary: true)
        return out + "</plist>\n"
    }

    private static func value(_ random: inout SeededGenerator, depth: Int, forceDictionary: Bool = false) -> String {
        let pick = forceDictionary ? 0 : Int.random(in: depth < 4 ? 0..<12 : 2..<12, using: &random)
        switch pick {
        case 0:
            let count = Int.random(in: 0...5, using: &random)
            if count == 0 && !forceDictionary { return "<dict/>" }
            var out = "<dict>"
            for _ in 0..<count {
                out += gap(&random) + "<key>" + text(&random) + "</key>" + gap(&random) + value(&random, depth: depth + 1) + gap(&random)
            }
            return out + "</dict>"
        case 1:
            let count = Int.random(in: 0...4, using: &random)
            if count == 0 { return "<array/>" }
            return "<array>" + (0..<count).map { _ in gap(&random) + value(&random, depth: depth + 1) }.joined() + "</array>"
        case 2, 3, 4: return "<string>" + text(&random) + "</string>"
        case 5: return ["<string/>", "<string></string>", "<key>" + text(&random) + "</key>"][Int.random(in: 0..<3, using: &random)]
        case 6: return "<integer>\(Int.random(in: -1000...1000, using: &random))</integer>"
        case 7: return "<real>\(Double.random(in: -10...10, using: &random))</real>"
        case 8: return "<date>2024-05-0\(Int.random(in: 1...9, using: &random))T10:00:00Z</date>"
        case 9: return "<data>\n\tAAECAwQ=\n\t</data>"
        case 10: return ["<true/>", "<true></true>"][Int.random(in: 0..<2, using: &random)]
        default: return ["<false/>", "<false></false>"][Int.random(in: 0..<2, using: &random)]
        }
    }

    private static func gap(_ random: inout SeededGenerator) -> String {
        ["", "\n\t", " ", "<!-- a <key>comment</key> -->", "<?pi <dict> ?>", "\r\n"][Int.random(in: 0..<6, using: &random)]
    }

    private static func text(_ random: inout SeededGenerator) -> String {
        let pieces = ["a", "Save posters", " ", "\n", "\r\n", "\t", "&amp;", "&lt;b&gt;", "&quot;&apos;", "&#x263A;", "&#20445;",
                      "<![CDATA[<i>&amp;</i>]]>", "保存海报", "😀", "NSPhotoLibraryAddUsageDescription", "]]&gt;"]
        return (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined()
    }
}

/// A binary property list's nesting and references are checked before the decoder
/// reads it: deeper than 512 levels, a container that contains itself, or a reference
/// past the objects is refused; a container shared by many is walked once.
final class BinaryPropertyListNestingTests: XCTestCase {
    /// `{"a": objects[2]}` with objects from 2 on given: 2-byte references, 4-byte offsets.
    private static func binary(_ objects: [[UInt8]], top: Int = 0) -> [UInt8] {
        let all = [[0xD1, 0, 1, 0, 2], [0x51, 0x61]] + objects
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in all {
            offsets += be(bytes.count, 4)
            bytes += object
        }
        let table = bytes.count
        return bytes + offsets + [0, 0, 0, 0, 0, 0, 4, 2] + be(all.count, 8) + be(top, 8) + be(table, 8)
    }

    private static func be(_ value: Int, _ size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) }
    }

    /// `levels` arrays, each holding the next `width` times (the last empty), from object 2.
    private static func chain(levels: Int, width: Int = 1) -> [UInt8] {
        binary((0..<levels).map { level in
            level == levels - 1 ? [0xA0] : [0xA0 | UInt8(width)] + Array(repeating: be(level + 3, 2), count: width).flatMap { $0 }
        })
    }

    /// The decoder reads lazily and accepted any depth; a plist nested deeper than an XML
    /// one may be is now refused as the XML one is.
    func testDeepNestingIsRefused() throws {
        XCTAssertEqual(try PropertyList.topLevelStrings(Self.chain(levels: 511)), ["a": String?.none])
        for levels in [512, 5_000] {
            XCTAssertThrowsError(try PropertyList.topLevelStrings(Self.chain(levels: levels))) { error in
                XCTAssertEqual("\(error)", "the binary property list nests deeper than 512 levels")
            }
        }
    }

    /// 511 levels, each holding the next twice: 2^510 paths, one walk per container.
    func testSharedContainersAreWalkedOnce() throws {
        let clock = ContinuousClock()
        let start = clock.now
        XCTAssertEqual(try PropertyList.topLevelStrings(Self.chain(levels: 511, width: 2)), ["a": String?.none])
        XCTAssertThrowsError(try PropertyList.topLevelStrings(Self.chain(levels: 512, width: 2)))
        // A shared container reached deeper the second time: the deeper path counts.
        // Objects 5–304 are a chain of 300, reached from 3 (level 3) and, after 300 more
        // levels (305–604), from 4.
        let shared = (0..<300).map { $0 == 299 ? [0xA0] : [0xA1] + Self.be($0 + 6, 2) }
        let long = (0..<300).map { [0xA1] + Self.be($0 == 299 ? 5 : $0 + 306, 2) }
        let shallowFirst = Self.binary([[0xA2, 0, 3, 0, 4], [0xA1, 0, 5], [0xA1] + Self.be(305, 2)] + shared + long)
        XCTAssertThrowsError(try PropertyList.topLevelStrings(shallowFirst)) { error in
            XCTAssertTrue("\(error)".contains("nests deeper than 512"), "\(error)")
        }
        XCTAssertLessThan(clock.now - start, .seconds(2))
    }

    /// A dictionary that contains itself, an array that does, a longer loop, and a
    /// reference past the objects.
    func testCyclesAndStrayReferencesAreRefused() {
        let cases: [([UInt8], String)] = [
            (Self.binary([[0xA1, 0, 0]]), "contains itself"),
            (Self.binary([[0xA1, 0, 2]]), "contains itself"),
            (Self.binary([[0xA1, 0, 3], [0xA1, 0, 4], [0xA1, 0, 2]]), "contains itself"),
            (Self.binary([[0xA1, 0, 9]]), "a reference points past its objects"),
        ]
        for (bytes, expected) in cases {
            XCTAssertThrowsError(try PropertyList.topLevelStrings(bytes)) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
        }
    }
}
