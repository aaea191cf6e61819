import XCTest
import YAMLSyntax
@testable import ShareLintKit

/// A document's values are kept as bytes, and a value longer than a string holds inline is
/// made into a `String` when read
/// (docs/decisions.md, "Long values are kept as bytes, strings made when asked"): the bytes,
/// the string and every reader that takes the bytes give the answers the string gives.
final class LocatedValueBytesTests: XCTestCase {
    /// Texts of every length around the inline limit (15 UTF-8 bytes), in several scripts,
    /// with combining marks, compatibility characters and white space of several kinds.
    private static let texts: [String] = {
        var texts = ["", "a", String(repeating: "x", count: 15), String(repeating: "x", count: 16), String(repeating: "y", count: 17),
                     "https://shop.example.com/campaign/5?from=share", "http://Example.COM/a b", "HTTPS://www.example.co.uk/",
                     "ftp://h", "mailto:a@b.c", "file:///tmp/a.png", "example.com/invite", "//host/path",
                     "assets/poster-5.png", "assets/POSTER.PNG", "a/.hidden", "名字/图片.PNG", "a.\u{301}png", "é.png",
                     "com.example.shop.save-qr", "com.apple.UIKit.activity.Mail", "COM.APPLE.x", "com.app", "public.png",
                     "saveToCameraRoll", "airDrop", "com.apple.UI\u{212A}it.activity.Mail", "print\u{200B}",
                     "活动编号 00005：到店出示此消息即可参加", "   ", "\u{3000}\u{3000}", "\t\n", "\u{85}", "\u{A0}x", "e\u{301}",
                     "\u{1F600} emoji", "K\u{212A}", "ｃａｍｐａｉｇｎ"]
        texts += (0..<40).map { String(repeating: "长", count: $0) }
        return texts
    }()

    /// Each text as a value of a configuration made in code, which is stored as a loaded
    /// document's values are.
    private func values(_ configuration: ShareConfiguration.Values) -> [(String, LocatedString)] {
        Self.texts.map { ($0, configuration.string($0, range: .fileStart, path: "x")) }
    }

    func testValuesReadBackAsStringsAndBytes() {
        let configuration = ShareConfiguration.Values()
        for (text, value) in values(configuration) {
            XCTAssertEqual(value.value, text, text.debugDescription)
            XCTAssertEqual(value.value, value.value, "a long value is made again at each read, equal")
            XCTAssertEqual(value.utf8Count, text.utf8.count, text.debugDescription)
            XCTAssertTrue(value.withUTF8 { $0.elementsEqual(text.utf8) }, text.debugDescription)
        }
    }

    /// Values keep their bytes where they are while more are added: past the first chunk
    /// of a storage, and while another value's bytes are being read.
    func testValuesStayWhereTheyAreAsMoreAreAdded() {
        let configuration = ShareConfiguration.Values()
        let first = configuration.string(String(repeating: "长", count: 40), range: .fileStart, path: "x")
        var added: [(String, LocatedString)] = []
        first.withUTF8 { bytes in
            let before = Array(bytes)
            for i in 0..<2_000 {
                let text = "value \(i) " + String(repeating: "v", count: i % 300)
                added.append((text, configuration.string(text, range: .fileStart, path: "x")))
            }
            XCTAssertTrue(bytes.elementsEqual(before), "the bytes being read did not move")
        }
        XCTAssertEqual(first.value, String(repeating: "长", count: 40))
        for (text, value) in added {
            XCTAssertEqual(value.value, text)
            XCTAssertEqual(value.utf8Count, text.utf8.count)
        }
    }

    /// Loaded values, in every scalar style and through escapes, read back as the string
    /// libyaml gave: the bytes kept are the text's UTF-8.
    func testLoadedValuesReadBackInEveryStyle() throws {
        let yaml = """
        schemaVersion: 1
        metadata:
          title: "\\u00e9t\\u00e9 \\U0001F600 \\x41 tab\\tend"
          messageBody: 'it''s a message body longer than fifteen bytes'
          linkPresentation:
            title: >
              folded text
              over two lines
            url: https://shop.example.com/campaign/5?from=share
        items:
          - text: |
              literal
              活动编号 00005
          - text: short
          - url: http://example.com
        excludedActivityTypes: [saveToCameraRoll, airDrop]
        """
        let reader = YAMLDocumentReader(bytes: Array(yaml.utf8))
        let nodes = try XCTUnwrap(reader.next()?.nodes)
        let configuration = try XCTUnwrap(Loader.load(nodes, documentIndex: 0).0)
        let expected: [(LocatedString?, String)] = [
            (configuration.metadata?.title, "\u{e9}t\u{e9} \u{1F600} A tab\tend"),
            (configuration.metadata?.messageBody, "it's a message body longer than fifteen bytes"),
            (configuration.metadata?.linkPresentation?.title, "folded text over two lines\n"),
            (configuration.metadata?.linkPresentation?.url, "https://shop.example.com/campaign/5?from=share"),
            (configuration.items.first?.representations.first?.payload?.located, "literal\n活动编号 00005\n"),
            (configuration.items.dropFirst().first?.representations.first?.payload?.located, "short"),
            (configuration.excludedActivityTypes.first, "saveToCameraRoll"),
        ]
        for (value, text) in expected {
            let value = try XCTUnwrap(value, text)
            XCTAssertEqual(value.value, text)
            XCTAssertEqual(value.utf8Count, text.utf8.count, text)
            XCTAssertTrue(value.withUTF8 { $0.elementsEqual(text.utf8) }, text)
        }
    }

    /// Every reader with a byte form answers as its string form does.
    func testByteReadersAnswerAsStringReaders() {
        let configuration = ShareConfiguration.Values()
        for (text, value) in values(configuration) {
            let name = text.debugDescription
            XCTAssertEqual(HeaderModel.isBlank(value), HeaderModel.isBlank(text), name)
            XCTAssertEqual(InvalidURLRule.containsWhitespace(value), InvalidURLRule.containsWhitespace(text), name)
            XCTAssertEqual(value.withUTF8 { URLParts(utf8: $0) }, URLParts(text), name)
            XCTAssertEqual(PathLogic.fileExtension(of: value), PathLogic.fileExtension(of: text), name)
            XCTAssertEqual(UTTypeRegistry.isValidIdentifier(value), UTTypeRegistry.isValidIdentifier(text), name)
            XCTAssertEqual(UTTypeRegistry.lowercasedHasPrefix(value, "com.apple."), UTTypeRegistry.lowercasedHasPrefix(text, "com.apple."), name)
            XCTAssertEqual(BuiltInActivity(named: value), BuiltInActivity(named: text), name)
            XCTAssertEqual(HeaderPipeline.isURLRequest(value), HeaderPipeline.isURLRequest(text), name)
        }
        // The byte forms are not vacuous: some texts pass and some fail each reader.
        let answers = values(configuration).map { HeaderPipeline.isURLRequest($0.1) }
        XCTAssertTrue(answers.contains(true) && answers.contains(false))
        XCTAssertEqual(BuiltInActivity(named: configuration.string("com.apple.UI\u{212A}it.activity.Mail", range: .fileStart, path: "x")),
                       BuiltInActivity(named: "com.apple.UIKit.activity.Mail"), "a Kelvin sign still names Mail")
    }

    /// A header entry made from a document's values reads, compares, hashes and shows as
    /// one made from the same strings; setting a field replaces the value it was made from.
    func testHeaderEntriesOfValuesReadAsEntriesOfStrings() {
        let configuration = ShareConfiguration.Values()
        let urls = ["https://www.example.co.uk/a", "file:///tmp/Report.pdf", "https://example.com/c/5", "tel:+1-555", "no scheme",
                    "HTTPS://M.Example.COM/x", "https://shop.example.com/campaign/5?from=share", "https://例子.测试/路径"]
        var fromValues: [HeaderPipeline.Entry] = [], fromStrings: [HeaderPipeline.Entry] = []
        for (i, url) in urls.enumerated() {
            let title = "title \(i) " + String(repeating: "长", count: i)
            let values = HeaderPipeline.Entry(values: .init(title: configuration.string(title, range: .fileStart, path: "t"),
                                                             url: configuration.string(url, range: .fileStart, path: "u"),
                                                             originalURL: i % 3 == 0 ? nil : configuration.string(url, range: .fileStart, path: "o")),
                                              icon: .linkIcon)
            let strings = HeaderPipeline.Entry(title: title, url: url, originalURL: i % 3 == 0 ? nil : url, icon: .linkIcon)
            XCTAssertEqual(values, strings, url)
            XCTAssertEqual(values.hashValue, strings.hashValue, url)
            XCTAssertEqual(values.title, title)
            XCTAssertEqual(HeaderPipeline.single(values), HeaderPipeline.single(strings), url)
            XCTAssertEqual(HeaderPipeline.category(of: values), HeaderPipeline.category(of: strings), url)
            fromValues.append(values)
            fromStrings.append(strings)
        }
        for locale in HeaderLocale.allCases {
            // Each entry twice, as items sharing the configuration's link metadata show it.
            let twice = { (entries: [HeaderPipeline.Entry]) in entries.flatMap { [$0, $0] } }
            XCTAssertEqual(HeaderPipeline.summary(twice(fromValues), locale: locale), HeaderPipeline.summary(twice(fromStrings), locale: locale))
        }
        var changed = fromValues[1]
        changed.originalURL = "https://other.example.org/"
        XCTAssertEqual(changed.originalURL, "https://other.example.org/")
        XCTAssertEqual(fromValues[1].originalURL, urls[1], "a copy's change leaves the entry it was copied from")
        XCTAssertEqual(HeaderPipeline.summarySubtitle([changed], locale: .en), "other.example.org")
    }

    /// A document's file paths find their facts by their bytes, and a path written in
    /// another normalization is another file (docs/decisions.md, "Byte or String").
    func testPathFactsAreFoundByBytes() {
        let files = InMemoryFileSystem()
        let memo = FileMemo(files: FileInspector.wrapping(files), directory: "/")
        let configuration = ShareConfiguration.Values()
        let composed = configuration.string("caf\u{e9}-poster.png", range: .fileStart, path: "x")
        let decomposed = configuration.string("cafe\u{301}-poster.png", range: .fileStart, path: "x")
        XCTAssertTrue(memo.path(composed) === memo.path("caf\u{e9}-poster.png"), "one memo for one path")
        XCTAssertFalse(memo.path(composed) === memo.path(decomposed), "equal as Strings, different files")
    }
}
