import XCTest
@testable import ShareLintKit

/// The header pipeline, table-driven: each row is a share setup, the header iOS 18
/// shows (and iOS 14 where it differs), and the iOS method that decides it (docs/header.md
/// quotes the decompiled code).
final class HeaderModelTests: XCTestCase {
    private let files = InMemoryFileSystem(files: [
        "poster.png": [UInt8](repeating: 1, count: 12_345),
        "thumb.png": [UInt8](repeating: 1, count: 100),
        "b.png": [UInt8](repeating: 1, count: 1_000_000),
        "c.jpg": [UInt8](repeating: 1, count: 234_567),
        "clip.mp4": [UInt8](repeating: 1, count: 2_000),
        "order.pdf": [UInt8](repeating: 1, count: 601),
    ])

    /// What a row expects: a header, or no preview.
    enum Shown: Equatable, CustomStringConvertible {
        case header(String, String, Header.Style, Header.IconSource?)
        case noPreview

        var description: String {
            switch self {
            case .header(let t, let s, let style, let icon): return "\(t) — \(s) [\(style.rawValue), \(icon?.rawValue ?? "no icon")]"
            case .noPreview: return "no preview"
            }
        }
    }

    struct Row {
        var name: String
        var yaml: String
        var locale: HeaderLocale = .en
        var ios18: Shown
        /// iOS 14 and 15, when they differ from iOS 16–18.
        var ios14: Shown?
        /// iOS 26, when it differs from iOS 16–18.
        var ios26: Shown? = nil
        /// The iOS method that decides the row.
        var evidence: String
        var ignoring: Set<RuleID> = []
    }

    private func shown(_ yaml: String, target: IOSTarget, locale: HeaderLocale, ignoring: Set<RuleID>,
                       file: StaticString = #filePath, line: UInt = #line) -> Shown? {
        var options = LintOptions()
        options.locale = locale
        options.iosTarget = target
        let report = Linter(options: options)
            .lint(bytes: Array(("schemaVersion: 1\n" + yaml).utf8), displayPath: "t.share.yaml", directory: "", files: files)
        // The files here are stand-in bytes (only their sizes matter): corrupt-file is expected.
        let errors = report.diagnostics.filter { $0.severity == .error && $0.rule != "corrupt-file" && !ignoring.contains($0.rule) }
        XCTAssertEqual(errors.map(\.message), [], file: file, line: line)
        guard let document = report.documents.first else { return nil }
        guard let h = document.header else {
            XCTAssertNotNil(document.noPreviewReason, file: file, line: line)
            return .noPreview
        }
        return .header(h.title, h.subtitle, h.style, h.icon)
    }

    // Building blocks.
    private let png = "  - type: public.png\n    file: poster.png\n"
    private let posterPreviews = "    previews:\n      thumbnail: thumb.png\n      fullSize: poster.png\n"
    private let fullSize = "    previews:\n      fullSize: poster.png\n"
    private let thumbnail = "    previews:\n      thumbnail: thumb.png\n"
    private let video = "  - type: public.mpeg-4\n    file: clip.mp4\n"
    private let pdf = "  - file: order.pdf\n"
    private let bareLink = "  - url: https://www.example.com/a\n"
    private func itemTitle(_ t: String) -> String { "    metadata:\n      title: \(t)\n" }
    private func itemLink(_ fields: String) -> String { "    metadata:\n      linkPresentation:\n" + fields }
    private let body = "metadata:\n  title: 邀请好友\n  messageBody: 扫码进入小程序\n"

    private var rows: [Row] {
        let make = "_UIActivityItemsConfigurationActivityItemProvider activityViewControllerLinkMetadata:"
        let drop = "SHSheetActivityItemsManager _updateLinkMetadataValues"
        let single = "LPLinkMetadataPresentationTransformer titleForStyle: / subtitleForStyle:"
        let counts = "LPMultipleMetadataPresentationTransformer _summaryCounts / summary"
        let subtitle = "LPMultipleMetadataPresentationTransformer _summarySubtitle"
        let items = "+[UIActivityItemsConfiguration _itemsForSystemSharingFromActivityItemsConfiguration:wrapperBlock:]"
        let simplify = "NSString(LPInternal) _lp_simplifiedUserVisibleURLStringWithSimplifications:forDisplayOnly:"
        let icons = "LPMultipleMetadataPresentationTransformer summaryImages"
        let requests = "SHSheetActivityItemsManager _updateURLRequests"
        let linkDoc = "        title: 订单\n        originalURL: file:///Orders/Order%2042.pdf\n"
        let linkWeb = "        title: 链接\n        url: https://www.example.com/a\n        originalURL: https://www.example.com/a\n"
        return [
            Row(name: "the seed's poster", yaml: body + "items:\n" + png + posterPreviews,
                ios18: .header("邀请好友", "", .single, .thumbnail),
                ios14: .header("Plain Text and 1 Image", "扫码进入小程序", .summary, .thumbnail), evidence: drop),
            Row(name: "the seed's poster in Chinese", yaml: body + "items:\n" + png + posterPreviews, locale: .zhHans,
                ios18: .header("邀请好友", "", .single, .thumbnail),
                ios14: .header("纯文本和1张图像", "扫码进入小程序", .summary, .thumbnail), evidence: counts),
            Row(name: "two images with fullSize previews", yaml: "items:\n" + png + fullSize + png + fullSize,
                ios18: .header("2 Images", "", .summary, .fullSize), evidence: counts),
            Row(name: "a video and an image with fullSize previews", yaml: "items:\n" + video + fullSize + png + fullSize,
                ios18: .header("2 Images", "", .summary, .fullSize), evidence: counts),
            Row(name: "two images with only titles", yaml: "items:\n" + png + itemTitle("A") + png + itemTitle("B"),
                ios18: .header("Plain Text", "", .summary, nil), evidence: counts),
            Row(name: "items without metadata", yaml: "items:\n" + png + bareLink + pdf,
                ios18: .noPreview, evidence: make),
            Row(name: "a bare base64 image", yaml: "items:\n  - type: com.compuserve.gif\n    base64: R0lGODlhAQABAAAAADs=\n",
                ios18: .noPreview, evidence: make),
            Row(name: "items without metadata and a message body", yaml: "metadata:\n  messageBody: 看看这个\nitems:\n" + png + bareLink,
                ios18: .header("", "看看这个", .single, .text), evidence: drop),
            Row(name: "a message body alone", yaml: "metadata:\n  title: 我的邀请码\n  messageBody: 邀请码 SPRING\n",
                ios18: .header("", "邀请码 SPRING", .single, .text), evidence: "_UIActivityItemMapping _loadMetadataForActivityItem:"),
            Row(name: "the configuration's title reaches every item", yaml: "metadata:\n  title: 海报\nitems:\n" + png + png,
                ios18: .header("Plain Text", "", .summary, nil), evidence: "_UIActivityItemsConfigurationActivityItemProvider _title"),
            Row(name: "an item's title beats the configuration's", yaml: "metadata:\n  title: 配置\nitems:\n" + png + itemTitle("条目"),
                ios18: .header("条目", "", .single, nil), evidence: "_UIActivityItemsConfigurationActivityItemProvider _title"),
            Row(name: "an empty title still makes metadata", yaml: "items:\n" + png + itemTitle("\"\""),
                ios18: .header("", "", .single, nil), evidence: make, ignoring: ["empty-text"]),
            Row(name: "a thumbnail alone: the icon, no title", yaml: "items:\n" + png + thumbnail,
                ios18: .header("", "", .single, .thumbnail), evidence: make),
            Row(name: "a thumbnail does not make an Image", yaml: "items:\n" + png + thumbnail + png + fullSize,
                ios18: .header("Plain Text and 1 Image", "", .summary, .thumbnail),
                ios26: .header("2 Images", "", .summary, .thumbnail), evidence: counts),
            Row(name: "configuration linkPresentation applies to every item",
                yaml: "metadata:\n  linkPresentation:\n    title: 邀请\n    url: https://www.example.com/i\n    originalURL: https://www.example.com/i\nitems:\n" + png + bareLink,
                ios18: .header("2 Links", "example.com", .summary, nil), evidence: "_UIActivityItemsConfigurationActivityItemProvider metadataForKey:expectedClass:activityItemsConfiguration:itemAtSourceIndex:"),
            Row(name: "an item's linkPresentation beats the configuration's",
                yaml: "metadata:\n  linkPresentation:\n    title: 配置\n    url: https://www.example.com/i\nitems:\n" + png + itemLink(linkDoc) + bareLink,
                ios18: .header("1 Link and 1 Document", "", .summary, nil), evidence: make),
            Row(name: "one link: title and simplified host", yaml: "items:\n" + bareLink + itemLink(linkWeb + "        icon: thumb.png\n"),
                ios18: .header("链接", "example.com", .single, .linkIcon), evidence: single),
            Row(name: "one link: the url key is not the subtitle",
                yaml: "items:\n" + bareLink + itemLink("        title: 链接\n        url: https://www.example.com/a\n"),
                ios18: .header("链接", "", .single, nil), evidence: single),
            Row(name: "one link: a file URL's last component, decoded", yaml: "items:\n" + pdf + itemLink(linkDoc),
                ios18: .header("订单", "Order 42.pdf", .single, nil), evidence: single),
            Row(name: "one link: a telephone number", yaml: "items:\n" + png + itemLink("        title: 客服\n        originalURL: tel:+86-10-1234-5678\n"),
                ios18: .header("客服", "+86-10-1234-5678", .single, nil), evidence: single, ignoring: ["disallowed-url-scheme"]),
            Row(name: "one link: an app URL shown whole", yaml: "items:\n" + png + itemLink("        title: 打开\n        originalURL: exampleapp://invite/42\n"),
                ios18: .header("打开", "exampleapp://invite/42", .single, nil), evidence: simplify, ignoring: ["disallowed-url-scheme", "invalid-url"]),
            Row(name: "deep subdomains keep one label", yaml: "items:\n" + png + itemLink("        title: 店\n        originalURL: https://a.b.shop.example.com/x?y=1\n"),
                ios18: .header("店", "shop.example.com", .single, nil), evidence: simplify),
            Row(name: "m. is removed", yaml: "items:\n" + png + itemLink("        title: 移动\n        originalURL: https://m.example.com/x\n"),
                ios18: .header("移动", "example.com", .single, nil), evidence: simplify),
            Row(name: "a two-label public suffix", yaml: "items:\n" + png + itemLink("        title: UK\n        originalURL: https://www.example.co.uk/x\n"),
                ios18: .header("UK", "example.co.uk", .single, nil), evidence: simplify),
            Row(name: "link images: the icon before the image",
                yaml: "items:\n" + png + itemLink("        title: 图\n        originalURL: https://example.com/\n        icon: thumb.png\n        image: poster.png\n"),
                ios18: .header("图", "example.com", .single, .linkIcon), evidence: single),
            Row(name: "a linkPresentation image makes an Image",
                yaml: "items:\n" + png + itemLink("        title: 图\n        image: poster.png\n") + png + fullSize,
                ios18: .header("2 Images", "", .summary, .linkImage), evidence: counts, ignoring: []),
            Row(name: "a url without originalURL counts as a Link",
                yaml: "items:\n" + bareLink + itemLink("        title: A\n        url: https://www.example.com/a\n") + png + fullSize,
                ios18: .header("1 Link and 1 Image", "", .summary, .fullSize), evidence: counts),
            Row(name: "equal counts: Link, Image, Document", yaml: "items:\n" + bareLink + itemLink(linkWeb) + png + fullSize + pdf + itemLink(linkDoc),
                ios18: .header("1 Link, 1 Image, and 1 Document", "example.com", .summary, .fullSize), evidence: counts),
            Row(name: "en-GB list pattern", yaml: "items:\n" + bareLink + itemLink(linkWeb) + png + fullSize + pdf + itemLink(linkDoc), locale: .enGB,
                ios18: .header("1 Link, 1 Image and 1 Document", "example.com", .summary, .fullSize), evidence: "NSListFormatter localizedStringByJoiningStrings:"),
            Row(name: "zh-Hans collation and list pattern", yaml: "items:\n" + bareLink + itemLink(linkWeb) + png + fullSize + pdf + itemLink(linkDoc), locale: .zhHans,
                ios18: .header("1张图像、1个文稿和1个链接", "example.com", .summary, .fullSize), evidence: counts),
            Row(name: "larger counts first, digit-aware", yaml: "items:\n" + String(repeating: png + fullSize, count: 10) + bareLink + itemLink(linkWeb) + bareLink + itemLink(linkWeb),
                ios18: .header("10 Images and 2 Links", "example.com", .summary, .fullSize), evidence: "NSString localizedStandardCompare: (descending)"),
            Row(name: "Plain Text before any count", yaml: "items:\n  - text: 你好\n" + itemTitle("问候") + png + fullSize,
                ios18: .header("Plain Text and 1 Image", "", .summary, .fullSize), evidence: counts),
            Row(name: "a text payload is an item provider, not a string item", yaml: "metadata:\n  messageBody: 正文\nitems:\n  - text: 你好\n" + itemTitle("问候"),
                ios18: .header("问候", "", .single, nil),
                ios14: .header("Plain Text", "正文", .summary, .text), evidence: items),
            Row(name: "an item's message body follows its wrapper", yaml: "items:\n" + png + fullSize + "    metadata:\n      messageBody: 条目正文\n",
                ios18: .header("", "", .single, .fullSize),
                ios14: .header("Plain Text and 1 Image", "条目正文", .summary, .fullSize), evidence: items),
            Row(name: "item and configuration message bodies are both shared",
                yaml: "metadata:\n  messageBody: 配置正文\nitems:\n" + png + fullSize + "    metadata:\n      messageBody: 条目正文\n",
                ios18: .header("", "", .single, .fullSize),
                ios14: .header("Plain Text and 1 Image", "条目正文 and 配置正文", .summary, .fullSize), evidence: items),
            Row(name: "summary subtitle: distinct hosts, then summaries", yaml: "metadata:\n  messageBody: 正文\nitems:\n" + bareLink + itemLink(linkWeb) + bareLink + itemLink(linkWeb),
                ios18: .header("2 Links", "example.com", .summary, nil),
                ios14: .header("Plain Text and 2 Links", "example.com and 正文", .summary, .text), evidence: subtitle),
            Row(name: "summary subtitle skips file originalURLs", yaml: "items:\n" + pdf + itemLink(linkDoc) + pdf + itemLink(linkDoc),
                ios18: .header("2 Documents", "", .summary, nil), evidence: subtitle),
            Row(name: "summary icon: the first entry that has one", yaml: "items:\n" + png + itemTitle("无图") + png + posterPreviews,
                ios18: .header("Plain Text and 1 Image", "", .summary, .thumbnail), evidence: icons),
            Row(name: "a message body that is a link becomes a URL request", yaml: "metadata:\n  messageBody: https://example.com/invite\nitems:\n" + png + bareLink,
                ios18: .header("", "example.com", .fetched, nil),
                ios14: .header("", "https://example.com/invite", .single, .text), evidence: requests),
            Row(name: "a URL request also drops text beside a poster", yaml: "metadata:\n  title: 海报\n  messageBody: https://example.com/invite\nitems:\n" + png + fullSize,
                ios18: .header("海报", "", .single, .fullSize),
                ios14: .header("Plain Text and 1 Image", "https://example.com/invite", .summary, .fullSize), evidence: requests),
            Row(name: "a message body with words is not a URL request", yaml: "metadata:\n  messageBody: 打开 https://example.com/invite\nitems:\n" + png,
                ios18: .header("", "打开 https://example.com/invite", .single, .text), evidence: requests),
        ]
    }

    func testHeaderRows() {
        XCTAssertGreaterThanOrEqual(rows.count, 35)
        for row in rows {
            XCTAssertFalse(row.evidence.isEmpty, row.name)
            XCTAssertEqual(shown(row.yaml, target: .default, locale: row.locale, ignoring: row.ignoring), row.ios26 ?? row.ios18,
                           "\(row.name) on iOS 26, the default [\(row.evidence)]")
            for major in [16, 17, 18] {
                XCTAssertEqual(shown(row.yaml, target: IOSTarget(major: major)!, locale: row.locale, ignoring: row.ignoring), row.ios18,
                               "\(row.name) on iOS \(major) [\(row.evidence)]")
            }
            let expected14 = row.ios14 ?? row.ios18
            for major in [14, 15] {
                XCTAssertEqual(shown(row.yaml, target: IOSTarget(major: major)!, locale: row.locale, ignoring: row.ignoring), expected14,
                               "\(row.name) on iOS \(major) [\(row.evidence)]")
            }
        }
    }

    /// The activityItems path (UIActivityViewController(activityItems:)): plain objects and
    /// item sources instead of wrappers.
    private var activityItemRows: [Row] {
        let mapping = "_UIActivityItemMapping _loadMetadataForActivityItem:activityViewController:"
        let requests = "SHSheetActivityItemsManager _updateURLRequests"
        let loaded = "LPLinkView _initWithMetadataLoadedFromRequests:"
        let file = "LPFileMetadata presentationPropertiesForTransformer: / summaryTypeForTransformer:"
        let source = "  - source:\n      placeholder: {url: https://example.com/i}\n      linkPresentation: {title: 邀请好友, originalURL: https://www.example.com/i}\n"
        return [
            Row(name: "one web URL: the page is fetched", yaml: "activityItems:\n  - url: https://www.example.com/a\n",
                ios18: .header("", "example.com", .fetched, nil), evidence: loaded),
            Row(name: "one image: no metadata, no request", yaml: "activityItems:\n  - image: poster.png\n",
                ios18: .noPreview, evidence: mapping, ignoring: ["photo-library-usage"]),
            Row(name: "text and an image: the text", yaml: "activityItems:\n  - text: 看看这个\n  - image: poster.png\n",
                ios18: .header("", "看看这个", .single, .text), evidence: mapping),
            Row(name: "text and a URL: the URL request drops the text", yaml: "activityItems:\n  - text: 看看这个\n  - url: https://www.example.com/a\n",
                ios18: .header("", "example.com", .fetched, nil),
                ios14: .header("", "看看这个", .single, .text), evidence: requests),
            Row(name: "one file URL: name, kind and size", yaml: "activityItems:\n  - fileURL: order.pdf\n",
                ios18: .header("order", "PDF Document · 601 bytes", .single, .file), evidence: file),
            Row(name: "two files: counted by type, total size", yaml: "activityItems:\n  - fileURL: order.pdf\n  - fileURL: poster.png\n",
                ios18: .header("1 Image and 1 Document", "13 KB", .summary, .file), evidence: file),
            Row(name: "two images as files", yaml: "activityItems:\n  - fileURL: poster.png\n  - fileURL: b.png\n",
                ios18: .header("2 Images", "1 MB", .summary, .file), evidence: "LPMultipleMetadataPresentationTransformer _summarySubtitle"),
            Row(name: "an item source with linkPresentation", yaml: "activityItems:\n" + source,
                ios18: .header("邀请好友", "example.com", .single, nil), evidence: mapping),
            Row(name: "an item source's metadata wins over URL requests", yaml: "activityItems:\n" + source + "  - url: https://other.example.org/\n  - text: 看看\n",
                ios18: .header("邀请好友", "example.com", .single, nil),
                ios14: .header("Plain Text and 1 Link", "example.com and 看看", .summary, .text), evidence: requests),
            Row(name: "a web URL and a file: a link and a document", yaml: "activityItems:\n  - url: https://www.example.com/a\n  - fileURL: order.pdf\n",
                ios18: .header("1 Link and 1 Document", "example.com", .summary, .file), evidence: loaded),
            Row(name: "eleven URLs are not loaded", yaml: "activityItems:\n" + String(repeating: "  - url: https://www.example.com/a\n", count: 11),
                ios18: .header("11 Documents", "", .summary, nil), evidence: "LPLinkView _configureWithoutLoadingMetadataFromURLs:"),
            Row(name: "a source whose Copy item is a URL makes a request",
                yaml: "activityItems:\n  - source:\n      placeholder: {text: 看看}\n      forActivity:\n        copyToPasteboard: {item: {url: https://www.example.com/c}}\n",
                ios18: .header("", "example.com", .fetched, nil), evidence: requests, ignoring: []),
        ]
    }

    func testActivityItemsRows() {
        XCTAssertGreaterThanOrEqual(activityItemRows.count, 7)
        for row in activityItemRows {
            let ios18 = shown(row.yaml, target: IOSTarget(major: 18)!, locale: row.locale, ignoring: row.ignoring.union(["photo-library-usage"]))
            XCTAssertEqual(ios18, row.ios18, "\(row.name) on iOS 18 [\(row.evidence)]")
            XCTAssertEqual(shown(row.yaml, target: .default, locale: row.locale, ignoring: row.ignoring.union(["photo-library-usage"])),
                           row.ios26 ?? row.ios18, "\(row.name) on iOS 26 [\(row.evidence)]")
            XCTAssertEqual(shown(row.yaml, target: IOSTarget(major: 14)!, locale: row.locale, ignoring: row.ignoring.union(["photo-library-usage"])),
                           row.ios14 ?? row.ios18, "\(row.name) on iOS 14 [\(row.evidence)]")
        }
    }

    func testFileTypeDescriptions() {
        let registry = UTTypeRegistry.system
        XCTAssertEqual(FileTypeDescription.describe("public.png", registry: registry), "PNG Image")
        XCTAssertEqual(FileTypeDescription.describe("org.openxmlformats.wordprocessingml.document", registry: registry), "Word Document")
        XCTAssertEqual(FileTypeDescription.describe("org.webmproject.webp", registry: registry), "Image")
        XCTAssertEqual(FileTypeDescription.describe("public.mpeg-4", registry: registry), "Video")
        XCTAssertEqual(FileTypeDescription.describe("public.plain-text", registry: registry), "Text Document")
        XCTAssertNil(FileTypeDescription.describe("com.apple.iwork.pages.pages", registry: registry))
    }

    func testCompareTargetsKeepsOnlyDifferences() {
        var options = LintOptions()
        options.comparesTargets = true
        let poster = "schemaVersion: 1\n" + body + "items:\n" + png + posterPreviews
        let report = Linter(options: options).lint(bytes: Array(poster.utf8), displayPath: "p", directory: "", files: files)
        XCTAssertEqual(report.documents.first?.otherTargets.map(\.targets), ["iOS 14–15"], "16–18 shows what 26 shows")
        XCTAssertEqual(report.documents.first?.otherTargets.first?.prediction.header?.title, "Plain Text and 1 Image")
        let same = "schemaVersion: 1\nitems:\n" + png + fullSize + png + fullSize
        let sameReport = Linter(options: options).lint(bytes: Array(same.utf8), displayPath: "p", directory: "", files: files)
        XCTAssertEqual(sameReport.documents.first?.otherTargets.count, 0)
    }

    func testSummarySubtitleTotalsFileSizesOnlyWhenAllAreFiles() {
        typealias Entry = HeaderPipeline.Entry
        let files = [Entry(fileSize: 1_000_000), Entry(fileSize: 234_567)]
        XCTAssertEqual(HeaderPipeline.summarySubtitle(files, locale: .en), "1.2 MB")
        XCTAssertEqual(HeaderPipeline.summarySubtitle([Entry(fileSize: 0), Entry(fileSize: 0)], locale: .en), "")
        XCTAssertEqual(HeaderPipeline.summarySubtitle([Entry(fileSize: 10), Entry(summary: "x")], locale: .en), "x")
        // Sizes that would overflow saturate instead of trapping.
        XCTAssertEqual(HeaderPipeline.summarySubtitle([Entry(fileSize: Int.max), Entry(fileSize: Int.max)], locale: .en),
                       ByteCount.fileStyle(Int.max))
    }

    /// Each part once, in first-seen order, whether there are a few parts (searched) or
    /// many (past sixteen, a set says which are written).
    func testSummarySubtitleWritesEachPartOnceInOrder() {
        typealias Entry = HeaderPipeline.Entry
        let few = ["b", "a", "b", "c", "a"].map { Entry(summary: $0) }
        XCTAssertEqual(HeaderPipeline.summarySubtitle(few, locale: .en), "b, a, and c")
        // 30 distinct parts, each written twice, the repeats both before and after the 16th.
        let names = (0..<30).map { "part\($0)" }
        let many = (names + names.reversed()).map { Entry(summary: $0) }
        XCTAssertEqual(HeaderPipeline.summarySubtitle(many, locale: .en), HeaderLocale.en.joinList(names))
        let interleaved = names.flatMap { [Entry(summary: $0), Entry(summary: names[0])] }
        XCTAssertEqual(HeaderPipeline.summarySubtitle(interleaved, locale: .en), HeaderLocale.en.joinList(names))
    }

    /// An entry is a value: its copies share their fields until one is written, and then
    /// only that copy changes; equal fields are equal entries with equal hashes.
    func testEntriesAreValues() {
        typealias Entry = HeaderPipeline.Entry
        let original = Entry(title: "春季活动", url: "https://example.com/a", icon: .linkIcon, iconPath: "icon.png")
        var copy = original
        XCTAssertEqual(copy, original)
        copy.title = "changed"
        copy.isFromString = true
        XCTAssertEqual(original.title, "春季活动", "writing a copy leaves the original as it was")
        XCTAssertFalse(original.isFromString)
        XCTAssertEqual(copy.title, "changed")
        XCTAssertEqual(copy.url, original.url)
        XCTAssertNotEqual(copy, original)
        let twin = Entry(title: "春季活动", url: "https://example.com/a", icon: .linkIcon, iconPath: "icon.png")
        XCTAssertEqual(twin, original, "made apart with the same fields")
        XCTAssertEqual(twin.hashValue, original.hashValue)
        XCTAssertEqual(Set([original, twin, copy]).count, 2)
        var entries = [original, original]
        entries[1].summary = "text"
        XCTAssertNil(entries[0].summary, "an entry in a list changes alone")
        XCTAssertEqual(entries[1].summary, "text")
    }

    func testIOSTargetParsing() {
        XCTAssertEqual(IOSTarget(parsing: "18")?.major, 18)
        XCTAssertEqual(IOSTarget(parsing: "iOS 14")?.major, 14)
        XCTAssertEqual(IOSTarget(parsing: "18.2")?.major, 18)
        XCTAssertEqual(IOSTarget(parsing: "26")?.major, 26)
        for bad in ["13", "19", "abc", "", "18.", "1e2", "-14", "99999999999999999999"] {
            XCTAssertNil(IOSTarget(parsing: bad), bad)
        }
        XCTAssertEqual(IOSTarget.acceptedValues, "14, 15, 16, 17, 18 or 26")
    }

    func testPercentDecoding() {
        XCTAssertEqual(PercentDecoding.decode("Order%2042.pdf"), "Order 42.pdf")
        XCTAssertEqual(PercentDecoding.decode("%E8%AE%A2%E5%8D%95.pdf"), "订单.pdf")
        XCTAssertEqual(PercentDecoding.decode("100%"), "100%")
        XCTAssertEqual(PercentDecoding.decode("%FF.pdf"), "%FF.pdf")
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

    func testBlankTextSkipsThePropertyLookupOnlyWhereNoScalarIsWhiteSpace() {
        // Every scalar above the cut-off is not white space, by the standard library's tables.
        var above = 0
        for value in (HeaderModel.lastWhiteSpace + 1)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            XCTAssertFalse(scalar.properties.isWhitespace, "U+\(String(value, radix: 16)) is white space")
            above += 1
        }
        XCTAssertGreaterThan(above, 1_000_000)
        XCTAssertTrue(Unicode.Scalar(HeaderModel.lastWhiteSpace)!.properties.isWhitespace)
        for text in ["", " ", "\u{3000}", "\u{A0}\t", "\u{2028}", "标题", " 标题", "\u{3000}标", "a", "\u{85}", "\u{FEFF}",
                     "\u{3FFF}", " \u{4000}", "\u{1F600}", "\u{2FFF}", " \u{3000}\u{3001}"] {
            XCTAssertEqual(HeaderModel.isBlank(text), HeaderModel.isBlankByProperties(text), text.debugDescription)
        }
    }
}
