import ShareLintMessages
import XCTest
@testable import ShareLintKit
import YAMLSyntax

/// The header steps read again in the iOS 18.2 and 26.1 images, table-driven: each row names
/// the decompiled method it follows (docs/header.md quotes them).
final class HeaderEvidenceTests: XCTestCase {
    private let files = InMemoryFileSystem(files: [
        "poster.png": [UInt8](repeating: 1, count: 12_345),
        "order.pdf": [UInt8](repeating: 1, count: 601),
    ])

    private func header(_ yaml: String, ios major: Int, ignoring: Set<RuleID> = [],
                        file: StaticString = #filePath, line: UInt = #line) -> Header? {
        var options = LintOptions()
        options.iosTarget = IOSTarget(major: major)!
        let report = Linter(options: options)
            .lint(bytes: Array(("schemaVersion: 1\n" + yaml).utf8), displayPath: "t.share.yaml", directory: "", files: files)
        let ignored: Set<RuleID> = ignoring.union(["corrupt-file", "photo-library-usage", "disallowed-url-scheme", "invalid-url"])
        XCTAssertEqual(report.diagnostics.filter { $0.severity == .error && !ignored.contains($0.rule) }.map(\.message), [],
                       file: file, line: line)
        return report.documents.first?.header
    }

    /// `NSString(LPInternal) -_lp_simplifiedUserVisibleURLStringWithSimplifications:forDisplayOnly:`
    /// with flags 1023 (flag 4 for every `scheme://` URL).
    func testURLSimplificationTrimsEveryScheme() {
        let method = "-_lp_simplifiedUserVisibleURLStringWithSimplifications:forDisplayOnly: (flag 4)"
        let rows: [(String, String)] = [
            ("tanka://invite/", "tanka://invite"),
            ("tanka://invite", "tanka://invite"),
            ("tanka://invite/?", "tanka://invite"),
            ("tanka://invite?", "tanka://invite"),
            ("tanka://invite#", "tanka://invite"),
            ("tanka://invite/?a=1", "tanka://invite?a=1"),
            ("tanka://invite/#top", "tanka://invite#top"),
            ("tanka://a/?#", "tanka://a"),
            ("tanka://invite/path/", "tanka://invite/path/"),
            ("tanka://user@invite/", "tanka://user@invite"),
            ("mailto:hi@example.com", "mailto:hi@example.com"),
            ("bad scheme://x/", "bad scheme://x/"),
            ("https://www.example.com/a/?q=1", "example.com"),
        ]
        for (url, shown) in rows {
            XCTAssertEqual(URLDisplay.simplified(url), shown, "\(url) [\(method)]")
        }
        let yaml = "items:\n  - type: public.png\n    file: poster.png\n    metadata:\n      linkPresentation:\n        title: 邀请\n        originalURL: tanka://invite/\n"
        for major in [18, 26] {
            XCTAssertEqual(header(yaml, ios: major)?.subtitle, "tanka://invite", "iOS \(major) [LPLinkMetadataPresentationTransformer -domainName]")
        }
    }

    /// `+[LPPresentationSpecializations searchQueryForURL:]`, asked first by
    /// `LPLinkMetadataPresentationTransformer -titleForStyle:`. The keys are read; the host
    /// lists and the path sets are hidden in the image (inferred).
    func testSearchResultURLsGiveTheirQueryAsTitle() {
        let rows: [(String, String?)] = [
            ("https://www.google.com/?q=tanka+app", "tanka app"),
            ("https://google.com/search?hl=en&q=tanka%20app", "tanka app"),
            ("https://www.google.co.uk/#q=tanka", "tanka"),
            ("https://mail.google.com/?q=tanka", nil),
            ("https://www.google.com/maps?q=tanka", nil),
            ("https://search.yahoo.com/search?p=tanka+app", "tanka app"),
            ("https://search.yahoo.com/search;_ylt=x?p=tanka", "tanka"),
            ("https://yandex.ru/search/?text=tanka", "tanka"),
            ("https://www.bing.com/search?q=tanka+app", "tanka app"),
            ("https://duckduckgo.com/?q=tanka", "tanka"),
            ("https://www.baidu.com/s?wd=tanka", "tanka"),
            ("https://example.com/?q=tanka", nil),
            ("tanka://search?q=tanka", nil),
        ]
        for (url, query) in rows {
            XCTAssertEqual(URLDisplay.searchQuery(of: url), query, "\(url) [+[LPPresentationSpecializations searchQueryForURL:]]")
        }
        // The canonical URL (URL, else originalURL) decides, before title.
        let link = "items:\n  - type: public.png\n    file: poster.png\n    metadata:\n      linkPresentation:\n        title: Search\n"
        XCTAssertEqual(header(link + "        url: https://www.google.com/?q=tanka+app\n        originalURL: https://www.google.com/?q=tanka+app\n", ios: 26)?.title,
                       "tanka app", "-titleForStyle:")
        XCTAssertEqual(header(link + "        originalURL: https://www.bing.com/search?q=tanka\n", ios: 18)?.title, "tanka", "-titleForStyle: (originalURL)")
        XCTAssertEqual(header(link + "        url: https://example.com/\n        originalURL: https://www.google.com/?q=x\n", ios: 26)?.title,
                       "Search", "the canonical URL is URL first")
        // A fetched page of a search engine shows the query (the loaded metadata keeps the URL: inferred).
        let fetched = header("activityItems:\n  - url: https://www.google.com/search?q=tanka+app\n", ios: 26)
        XCTAssertEqual(fetched?.title, "tanka app")
        XCTAssertEqual(fetched?.style, .fetched)
    }

    /// `LPMetadataProvider -_internalStartFetchingMetadataFromURLRequest`: only http(s) URLs
    /// are loaded; any other request is cancelled ("non-HTTP-family URL").
    func testOnlyWebURLsAreFetched() {
        let rows: [(String, Header)] = [
            ("mailto:hi@example.com", Header(title: "", subtitle: "mailto:hi@example.com", style: .single)),
            ("tanka://invite/", Header(title: "", subtitle: "tanka://invite", style: .single)),
            ("https://www.example.com/a", Header(title: "", subtitle: "example.com", style: .fetched, fetchedURL: "https://www.example.com/a")),
        ]
        for (url, expected) in rows {
            for major in [18, 26] {
                XCTAssertEqual(header("activityItems:\n  - url: \(url)\n", ios: major), expected,
                               "\(url) on iOS \(major) [-_internalStartFetchingMetadataFromURLRequest]")
            }
        }
    }

    /// iOS 26.1's `LPMultipleMetadataPresentationTransformer -_summaryCounts` counts an entry
    /// with an icon as an Image (18.2: only `image` or `alternateImages`); its `-summary` and
    /// `LPLinkView -_configureWithoutLoadingMetadataFromURLs:` group digits
    /// (`localizedStringWithFormat:`).
    func testIOS26CountsAndFormatsAsItsImage() {
        struct Row { var name, yaml: String; var ios18, ios26: String; var method: String }
        let png = "  - type: public.png\n    file: poster.png\n"
        let fullSize = "    previews:\n      fullSize: poster.png\n"
        let link = "  - url: https://www.example.com/a\n    metadata:\n      linkPresentation:\n        title: A\n        originalURL: https://www.example.com/a\n"
        let rows = [
            Row(name: "two message bodies: strings carry the text.cursor icon",
                yaml: "metadata:\n  messageBody: 配置正文\nitems:\n" + png + "    metadata:\n      messageBody: 条目正文\n",
                ios18: "Plain Text", ios26: "2 Images", method: "-_summaryCounts (icon)"),
            Row(name: "eleven hundred URLs, not loaded", yaml: "activityItems:\n" + String(repeating: "  - url: https://www.example.com/a\n", count: 1_100),
                ios18: "1100 Documents", ios26: "1,100 Documents", method: "LPLinkView -_configureWithoutLoadingMetadataFromURLs:"),
            Row(name: "a thousand images and two links", yaml: "items:\n" + String(repeating: png + fullSize, count: 1_000) + link + link,
                ios18: "1000 Images and 2 Links", ios26: "2 Links and 1,000 Images", method: "-summary (localizedStringWithFormat:, localizedStandardCompare:)"),
        ]
        for row in rows {
            XCTAssertEqual(header(row.yaml, ios: 18)?.title, row.ios18, "\(row.name) on iOS 18 [\(row.method)]")
            XCTAssertEqual(header(row.yaml, ios: 26)?.title, row.ios26, "\(row.name) on iOS 26 [\(row.method)]")
        }
        XCTAssertEqual(HeaderLocale.grouped(1_234_567), "1,234,567")
        XCTAssertEqual(HeaderLocale.grouped(1_005), "1,005")
        XCTAssertEqual(HeaderLocale.grouped(999), "999")
        XCTAssertTrue(HeaderPipeline.countSortsFirst(2, 1_234, grouped: true))
        XCTAssertFalse(HeaderPipeline.countSortsFirst(2, 1_234, grouped: false))
        XCTAssertTrue(HeaderPipeline.countSortsFirst(12, 1_234, grouped: true))
    }

    /// iOS 26.1's `SHSheetActivityItemsManager _updateURLRequests` asks
    /// `-[SHSheetServiceManager canShareFileURL:]` before a file URL's request: a header
    /// resting on one is decided at run time there, and not on 18.
    func testIOS26FileURLRequestsAreDecidedAtRunTime() {
        let file = "activityItems:\n  - fileURL: order.pdf\n"
        XCTAssertNil(header(file, ios: 18)?.decidedAtRunTime)
        XCTAssertNotNil(header(file, ios: 26)?.decidedAtRunTime)
        XCTAssertEqual(header(file, ios: 26)?.subtitle, "PDF Document · 601 bytes", "the file's entry, when the app may share it")
        // With an item source's link metadata the header does not rest on the file.
        let source = "  - source:\n      placeholder: {url: https://example.com/i}\n      linkPresentation: {title: 邀请, originalURL: https://www.example.com/i}\n"
        XCTAssertNil(header("activityItems:\n" + source + "  - fileURL: order.pdf\n", ios: 26)?.decidedAtRunTime)
    }

    /// `SHSheetActivityItemsManager -_updateURLRequests` (the loop is the same in 18.2 and
    /// 26.1): an NSURL and a URL string are requested; an item source by its placeholder and
    /// the item it returns for Copy (`itemForActivityType:` CopyToPasteboard): with an NSURL
    /// placeholder (a file URL too) the Copy item if it is an NSURL, else the placeholder; with
    /// a string placeholder the Copy item if it is an NSURL or a URL string, else nothing.
    func testURLRequestsAsUpdateURLRequestsBuildsThem() throws {
        typealias Request = ActivityItemsHeader.Request
        let method = "-_updateURLRequests"
        let a = "https://a.example.com/", b = "https://b.example.com/x"
        func source(_ placeholder: String, item: String? = nil, copy: String? = nil, mail: String? = nil) -> String {
            var yaml = "  - source:\n      placeholder: {\(placeholder)}\n"
            if let item { yaml += "      item: {\(item)}\n" }
            if copy != nil || mail != nil { yaml += "      forActivity:\n" }
            if let copy { yaml += "        copyToPasteboard: {item: {\(copy)}}\n" }
            if let mail { yaml += "        mail: {item: {\(mail)}}\n" }
            return yaml
        }
        let rows: [(name: String, yaml: String, request: Request?)] = [
            ("an NSURL", "  - url: \(a)\n", .web(a)),
            ("a file URL", "  - fileURL: order.pdf\n", .file(path: "order.pdf")),
            ("a URL string", "  - text: \(a)\n", .web(a)),
            ("a string that is no URL", "  - text: 你好\n", nil),
            ("an image", "  - image: poster.png\n", nil),
            ("URL placeholder, Copy an NSURL", source("url: \(a)", item: "url: \(b)"), .web(b)),
            ("URL placeholder, Copy a URL string: not parsed", source("url: \(a)", item: "text: \(b)"), .web(a)),
            ("URL placeholder, Copy a file URL", source("url: \(a)", copy: "fileURL: order.pdf"), .file(path: "order.pdf")),
            ("URL placeholder, only Mail's item changes", source("url: \(a)", mail: "url: \(b)"), .web(a)),
            ("file URL placeholder, no item", source("fileURL: order.pdf"), .file(path: "order.pdf")),
            ("file URL placeholder, Copy an NSURL", source("fileURL: order.pdf", item: "url: \(b)"), .web(b)),
            ("file URL placeholder, Copy a URL string", source("fileURL: order.pdf", item: "text: \(b)"), .file(path: "order.pdf")),
            ("string placeholder, Copy an NSURL", source("text: 你好", item: "url: \(b)"), .web(b)),
            ("string placeholder, Copy a URL string", source("text: 你好", item: "text: \(b)"), .web(b)),
            ("string placeholder, Copy a file URL", source("text: 你好", copy: "fileURL: order.pdf"), .file(path: "order.pdf")),
            ("string placeholder, Copy a string that is no URL", source("text: 你好", item: "text: 再见"), nil),
            ("string placeholder, Copy an image", source("text: 你好", item: "image: poster.png"), nil),
            ("URL-string placeholder, the source returns it for Copy", source("text: \(a)"), .web(a)),
            ("image placeholder", source("image: poster.png", item: "url: \(b)"), nil),
        ]
        for row in rows {
            let reader = YAMLDocumentReader(bytes: Array(("schemaVersion: 1\nactivityItems:\n" + row.yaml).utf8))
            let nodes = try XCTUnwrap(reader.next()?.nodes, row.name)
            let configuration = try XCTUnwrap(Loader.load(nodes, documentIndex: 0).0, row.name)
            let model = ActivityItemsHeader(files: FileInspector(files), directory: "", registry: .system)
            XCTAssertEqual(model.requests(configuration), row.request.map { [$0] } ?? [], "\(row.name) [\(method)]")
        }
    }

    /// iOS 26.1's `-_updateURLRequests` block asks `-[SHSheetServiceManager canShareFileURL:]`
    /// of a file URL and makes no request of one it refuses ("URL:%{private}@ is not shareable
    /// by client."): a header resting on one is decided at run time, and says what iOS shows
    /// then; 18.2 never asks.
    func testIOS26HeaderSaysWhatTheSheetShowsWhenTheFileIsRefused() {
        struct Row { var name, yaml: String; var allowed: String; var refused: HeaderPrediction? }
        let pdf = "  - fileURL: order.pdf\n"
        let rows = [
            Row(name: "a file alone", yaml: pdf, allowed: "order", refused: .noPreview(reason: Message(.noPreviewNoActivityMetadata))),
            Row(name: "a text and a file: the text's entry stays without the request", yaml: "  - text: 订单详情\n" + pdf, allowed: "order",
                refused: .preview(Header(title: "", subtitle: "订单详情", icon: .text))),
            Row(name: "an item source with a file URL placeholder", yaml: "  - source:\n      placeholder: {fileURL: order.pdf}\n", allowed: "order",
                refused: .noPreview(reason: Message(.noPreviewNoActivityMetadata))),
            Row(name: "a link and a file: one request is left", yaml: "  - url: https://www.example.com/a\n" + pdf, allowed: "1 Link and 1 Document",
                refused: .preview(Header(title: "", subtitle: "example.com", style: .fetched, fetchedURL: "https://www.example.com/a"))),
            Row(name: "link metadata: the file changes nothing",
                yaml: "  - source:\n      placeholder: {url: https://example.com/i}\n      linkPresentation: {title: 邀请, originalURL: https://www.example.com/i}\n" + pdf,
                allowed: "邀请", refused: nil),
        ]
        for row in rows {
            let on18 = header("activityItems:\n" + row.yaml, ios: 18), on26 = header("activityItems:\n" + row.yaml, ios: 26)
            XCTAssertEqual(on18?.title, row.allowed, "\(row.name) on iOS 18")
            XCTAssertNil(on18?.decidedAtRunTime, "\(row.name): 18.2 never asks")
            XCTAssertEqual(on26?.title, row.allowed, "\(row.name) on iOS 26, the file allowed")
            XCTAssertEqual(on26?.ifFileRefused?.prediction, row.refused, "\(row.name) on iOS 26, the file refused [-_updateURLRequests, canShareFileURL:]")
            XCTAssertEqual(on26?.decidedAtRunTime != nil, row.refused != nil, row.name)
        }
        XCTAssertEqual(header("activityItems:\n" + pdf, ios: 26)?.decidedAtRunTime,
                       "iOS 26 loads the file only if -[SHSheetServiceManager canShareFileURL:] allows it; if it refuses, no preview")
    }

    /// `LPLinkMetadataPresentationTransformer -rendererStyle` and `-subtitleForStyle:`: a
    /// titled link on `classical.music.apple.com` (style 55, both images) or, in 26.1,
    /// `sports.apple.com` (style 60) shows a localized product name instead of the host
    /// (`LPPresentationSpecializations +isAppleMusicClassicalURL:`, `+isAppleSportsURL:`: the
    /// whole host, ignoring case, any scheme).
    func testAppleHostsShowTheirProductName() {
        let classical = "\u{F8FF} Music Classical", sports = "\u{F8FF} Sports"
        let rows: [(url: String, title: String, ios18: String, ios26: String, method: String)] = [
            ("https://sports.apple.com/us/game/1", "湖人对凯尔特人", "sports.apple.com", sports, "+isAppleSportsURL: -> 60"),
            ("HTTPS://Sports.Apple.COM/x", "Game", "sports.apple.com", sports, "host ignoring case"),
            ("tanka://sports.apple.com/x", "Game", "tanka://sports.apple.com/x", sports, "any scheme"),
            ("https://www.sports.apple.com/x", "Game", "sports.apple.com", "sports.apple.com", "the whole host"),
            ("https://sports.apple.com/x", "", "sports.apple.com", "sports.apple.com", "an empty title: no style 60"),
            ("https://classical.music.apple.com/us/album/1", "Bach", classical, classical, "+isAppleMusicClassicalURL: -> 55"),
            ("https://music.apple.com/us/album/1", "Bach", "music.apple.com", "music.apple.com", "not the classical host"),
            ("https://fitness.apple.com/x", "Workout", "fitness.apple.com", "fitness.apple.com", "43: the summary, else the domain"),
            ("file://sports.apple.com/x/report.pdf", "Report", "report.pdf", "report.pdf", "a file URL first"),
            ("https://www.google.com/search?q=sports", "Search", "google.com", "google.com", "a search result: style 4"),
        ]
        for row in rows {
            let entry = HeaderPipeline.Entry(title: row.title, originalURL: row.url)
            for (major, expected) in [(18, row.ios18), (26, row.ios26)] {
                XCTAssertEqual(HeaderPipeline.single(entry, target: IOSTarget(major: major)!).subtitle, expected,
                               "\(row.url) on iOS \(major) [-rendererStyle, -subtitleForStyle:: \(row.method)]")
            }
        }
        // Through a configuration, and a fetched page (its own title assumed, which the style needs).
        let link = "items:\n  - type: public.png\n    file: poster.png\n    metadata:\n      linkPresentation:\n        title: 湖人对凯尔特人\n"
            + "        originalURL: https://sports.apple.com/us/game/1\n"
        XCTAssertEqual(header(link, ios: 26)?.subtitle, sports)
        XCTAssertEqual(header(link, ios: 18)?.subtitle, "sports.apple.com")
        XCTAssertEqual(header("activityItems:\n  - url: https://sports.apple.com/us/game/1\n", ios: 26)?.subtitle, sports)
        XCTAssertEqual(header("activityItems:\n  - url: https://classical.music.apple.com/us/album/1\n", ios: 18)?.subtitle, classical)
    }

    /// `--ios all` compares the three behaviours: 14–15, 16–18 and 26.
    func testCompareTargetsShowsEachBehaviourThatDiffers() {
        var options = LintOptions()
        options.comparesTargets = true
        let yaml = "schemaVersion: 1\nmetadata:\n  messageBody: 配置正文\nitems:\n  - type: public.png\n    file: poster.png\n"
            + "    metadata:\n      messageBody: 条目正文\n"
        let report = Linter(options: options).lint(bytes: Array(yaml.utf8), displayPath: "p", directory: "", files: files)
        XCTAssertEqual(report.documents.first?.header?.title, "2 Images")
        XCTAssertEqual(report.documents.first?.otherTargets.map(\.targets), ["iOS 14–15", "iOS 16–18"])
        XCTAssertEqual(report.documents.first?.otherTargets.last?.prediction.header?.title, "Plain Text")
        XCTAssertEqual(IOSTarget.default.major, 26)
        XCTAssertEqual(IOSTarget(major: 17)?.behaviourLabel, "iOS 16–18")
    }
}
