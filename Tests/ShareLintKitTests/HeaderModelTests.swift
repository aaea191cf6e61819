import XCTest
@testable import ShareLintKit

/// The header model of SPEC §4, table-driven: every example of the spec and each locale.
final class HeaderModelTests: XCTestCase {
    private let files = InMemoryFileSystem(files: [
        "poster.png": [UInt8](repeating: 1, count: 12_345),
        "b.png": [UInt8](repeating: 1, count: 1_000_000),
        "c.jpg": [UInt8](repeating: 1, count: 234_567),
        "order.pdf": [UInt8](repeating: 1, count: 601),
        "notes.txt": [UInt8](repeating: 1, count: 10),
    ])

    private func header(_ yaml: String, locale: HeaderLocale = .en, ignoring: Set<RuleID> = [],
                        file: StaticString = #filePath, line: UInt = #line) -> Header? {
        let report = Linter(options: { var o = LintOptions(); o.locale = locale; return o }())
            .lint(bytes: Array(("schemaVersion: 1\n" + yaml).utf8), displayPath: "t.share.yaml", directory: "", files: files)
        let errors = report.diagnostics.filter { $0.severity == .error && $0.rule != "empty-configuration" && $0.rule != "corrupt-file" && !ignoring.contains($0.rule) }
        XCTAssertEqual(errors, [], file: file, line: line)
        return report.documents.first?.header
    }

    private let image = "  - type: public.png\n    file: poster.png\n"
    private let image2 = "  - type: public.png\n    file: b.png\n"
    private let link = "  - url: https://www.example.com/a\n"
    private let pdf = "  - file: order.pdf\n"
    private let body = "metadata:\n  messageBody: 扫码进入小程序\n"

    struct Case {
        var name: String
        var yaml: String
        var locale: HeaderLocale = .en
        var title: String
        var subtitle: String
        var ignoring: Set<RuleID> = []
    }

    func testSpecExamplesAndLocales() {
        let cases: [Case] = [
            Case(name: "image + message body", yaml: body + "items:\n" + image, title: "Plain Text and 1 Image", subtitle: "扫码进入小程序"),
            Case(name: "two images", yaml: "items:\n" + image + image2, title: "2 Images", subtitle: "1 MB"),
            Case(name: "image, link, PDF", yaml: "items:\n" + image + link + pdf, title: "1 Link, 1 Image, and 1 Document", subtitle: "example.com"),
            Case(name: "body, two images, link", yaml: body + "items:\n" + image + image2 + link, title: "Plain Text, 2 Images, and 1 Link", subtitle: "扫码进入小程序"),
            Case(name: "larger counts first", yaml: "items:\n" + link + image + image2 + String(repeating: pdf, count: 10),
                 title: "10 Documents, 2 Images, and 1 Link", subtitle: "example.com"),
            Case(name: "10 images before 2 links", yaml: "items:\n" + String(repeating: image, count: 10) + link + "  - url: https://other.example.org/\n",
                 title: "10 Images and 2 Links", subtitle: "example.com and other.example.org"),
            Case(name: "en-GB", yaml: body + "items:\n" + image + link + pdf, locale: .enGB,
                 title: "Plain Text, 1 Link, 1 Image and 1 Document", subtitle: "扫码进入小程序"),
            Case(name: "en-GB pair", yaml: body + "items:\n" + image, locale: .enGB, title: "Plain Text and 1 Image", subtitle: "扫码进入小程序"),
            Case(name: "zh-Hans pair", yaml: body + "items:\n" + image, locale: .zhHans, title: "纯文本和1张图像", subtitle: "扫码进入小程序"),
            Case(name: "zh-Hans list", yaml: body + "items:\n" + image + image2 + link + pdf, locale: .zhHans,
                 title: "纯文本、2张图像、1个链接和1个文稿", subtitle: "扫码进入小程序"),
            Case(name: "one link: host without www", yaml: "items:\n" + link, title: "example.com", subtitle: "example.com"),
            Case(name: "one file: its name and size", yaml: "items:\n" + pdf, title: "order.pdf", subtitle: "601 bytes"),
            Case(name: "one file: suggestedName", yaml: "items:\n" + pdf + "    suggestedName: 订单.pdf\n", title: "订单.pdf", subtitle: "601 bytes"),
            Case(name: "one text: first line", yaml: "items:\n  - text: |\n      第一行\n      第二行\n", title: "第一行", subtitle: ""),
            Case(name: "one text: cut at 80", yaml: "items:\n  - text: " + String(repeating: "a", count: 81) + "\n",
                 title: String(repeating: "a", count: 80) + "…", subtitle: ""),
            Case(name: "item title wins", yaml: "metadata:\n  title: Config\nitems:\n" + link + "    metadata:\n      title: Item\n", title: "Item", subtitle: "example.com"),
            Case(name: "config title next", yaml: "metadata:\n  title: Config\n  linkPresentation:\n    title: LP\n    url: https://example.com\nitems:\n" + link, title: "Config", subtitle: "example.com"),
            Case(name: "link title next", yaml: "metadata:\n  linkPresentation:\n    title: LP\n    url: https://example.com\nitems:\n" + link, title: "LP", subtitle: "example.com"),
            Case(name: "message body only", yaml: "metadata:\n  messageBody: |\n    Hello\n    world\n", title: "Hello", subtitle: "Hello"),
            Case(name: "text file is plain text", yaml: body + "items:\n  - file: notes.txt\n", title: "Plain Text", subtitle: "扫码进入小程序"),
            Case(name: "file URL is a document", yaml: "items:\n  - type: public.file-url\n    url: file:///tmp/a\n" + image, title: "1 Image and 1 Document", subtitle: "",
                 ignoring: ["disallowed-url-scheme"]),
            Case(name: "base64 counts decoded bytes", yaml: "items:\n  - type: public.png\n    base64: AAAAAAAA\n  - type: public.png\n    base64: AAAA\n", title: "2 Images", subtitle: "9 bytes"),
        ]
        for c in cases {
            let h = header(c.yaml, locale: c.locale, ignoring: c.ignoring)
            XCTAssertEqual(h?.title, c.title, c.name)
            XCTAssertEqual(h?.subtitle, c.subtitle, c.name)
        }
    }

    func testNoItemsMeansNoHeader() {
        XCTAssertNil(header("metadata:\n  title: x\n"))
    }

    func testByteCountFileStyle() {
        let cases: [(Int, String)] = [
            (0, "Zero KB"), (1, "1 byte"), (999, "999 bytes"), (1000, "1 KB"), (1499, "1 KB"), (1500, "2 KB"),
            (12_345, "12 KB"), (999_499, "999 KB"), (999_999, "1 MB"), (1_000_000, "1 MB"), (1_234_567, "1.2 MB"),
            (12_345_678, "12.3 MB"), (1_234_567_890, "1.23 GB"), (2_000_000_000, "2 GB"),
        ]
        for (bytes, expected) in cases {
            XCTAssertEqual(ByteCount.fileStyle(bytes), expected, "\(bytes)")
        }
    }

    func testListPatterns() {
        XCTAssertEqual(HeaderLocale.en.joinList(["A", "B"]), "A and B")
        XCTAssertEqual(HeaderLocale.en.joinList(["A", "B", "C"]), "A, B, and C")
        XCTAssertEqual(HeaderLocale.enGB.joinList(["A", "B", "C"]), "A, B and C")
        XCTAssertEqual(HeaderLocale.zhHans.joinList(["A", "B"]), "A和B")
        XCTAssertEqual(HeaderLocale.zhHans.joinList(["A", "B", "C"]), "A、B和C")
    }
}
