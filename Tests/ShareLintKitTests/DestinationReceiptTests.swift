import XCTest
@testable import ShareLintKit

/// What the activities build and receive, table-driven, each row naming the decompiled method
/// it follows (`UIMailActivity` / `UIMessageActivity -prepareWithActivityItems:`, the same in
/// iOS 18.2 and 26.1 for what the format holds; iOS 26.1's file URLs the system may refuse;
/// docs/destinations.md).
final class DestinationReceiptTests: XCTestCase {
    private let files = InMemoryFileSystem(files: [
        "small.png": ExampleFiles.png(width: 511, height: 100),
        "square.png": ExampleFiles.png(width: 512, height: 512),
        "wide.png": ExampleFiles.png(width: 512, height: 511),
        "tall.png": ExampleFiles.png(width: 511, height: 512),
        "big@2x.png": ExampleFiles.png(width: 1000, height: 1000),
        "photo.jpg": ExampleFiles.jpeg(width: 2000, height: 1000),
        "notes.txt": Array("第一行\n".utf8),
        "readme.md": Array("# Title\n".utf8),
        "order.pdf": Array("%PDF-1.4\n".utf8),
        "archive.zip": [0x50, 0x4B, 0x03, 0x04, 0, 0, 0, 0],
    ])

    private func report(_ yaml: String, ios major: Int = 26, file: StaticString = #filePath, line: UInt = #line) throws -> DestinationReport {
        var options = LintOptions()
        options.includesDestinations = true
        options.iosTarget = IOSTarget(major: major)!
        let lint = Linter(options: options).lint(bytes: Array(("schemaVersion: 1\n" + yaml).utf8), displayPath: "t.share.yaml",
                                                 directory: "", files: files)
        let errors = lint.diagnostics.filter { $0.severity == .error && !["photo-library-usage", "corrupt-file", "content-type-mismatch"].contains($0.rule) }
        XCTAssertEqual(errors.map(\.message), [], file: file, line: line)
        return try XCTUnwrap(lint.documents.first?.destinations, file: file, line: line)
    }

    private func receipt(_ name: String, _ yaml: String, ios major: Int = 26, file: StaticString = #filePath, line: UInt = #line) throws -> Destination.Receipt {
        try XCTUnwrap(report(yaml, ios: major, file: file, line: line).destination(named: name)?.receipt, file: file, line: line)
    }

    /// `UIMailActivity` / `UIMessageActivity -prepareWithActivityItems:`: an unnamed UIImage is
    /// `Image-N.png` when it is at most 512 wide and under 512 high in points, else
    /// `Image-N.jpg`; N counts from 1 in item order.
    func testImageAttachmentNamesAndFormats() throws {
        let rows: [(image: String, name: String, type: String)] = [
            ("small.png", "Image-1.png", "public.png"),
            ("wide.png", "Image-1.png", "public.png"),
            ("square.png", "Image-1.jpg", "public.jpeg"),
            ("tall.png", "Image-1.jpg", "public.jpeg"),
            ("big@2x.png", "Image-1.png", "public.png"),  // 500x500 points
            ("photo.jpg", "Image-1.jpg", "public.jpeg"),
        ]
        for row in rows {
            for activity in ["mail", "message"] {
                let attachments = try receipt(activity, "activityItems:\n  - image: \(row.image)\n").attachments
                XCTAssertEqual(attachments, [Destination.Attachment(item: "activityItems[0]", type: row.type, name: row.name)],
                               "\(row.image) by \(activity) [-prepareWithActivityItems: size test v68 < 512.0 && v67 <= 512.0]")
            }
        }
        let two = "activityItems:\n  - image: small.png\n  - image: photo.jpg\n"
        XCTAssertEqual(try receipt("mail", two).attachments.map(\.name), ["Image-1.png", "Image-2.jpg"])
        XCTAssertEqual(try receipt("message", two, ios: 18).attachments.map(\.name), ["Image-1.png", "Image-2.jpg"])
        // Mail attaches the images first (_UIActivityItemsGetImages), then the files; Messages in item order.
        let mixed = "activityItems:\n  - fileURL: order.pdf\n  - image: small.png\n"
        XCTAssertEqual(try receipt("mail", mixed).attachments.map(\.item), ["activityItems[1]", "activityItems[0]"])
        XCTAssertEqual(try receipt("message", mixed).attachments.map(\.item), ["activityItems[0]", "activityItems[1]"])
        XCTAssertEqual(DestinationModel.pointSize(pixels: (1000, 1000), path: "a/big@2x.png").width, 500)
    }

    /// `_UIActivityItemsGetStringsAndURLs` adds a string only when the list does not contain
    /// it (`containsObject:`): Mail and Messages drop repeated strings.
    func testRepeatedStringsAreDropped() throws {
        let yaml = "activityItems:\n  - text: 加入我们\n  - url: https://example.com/i\n  - text: 加入我们\n  - url: https://example.com/i\n"
        let rows: [(activity: String, body: String)] = [("mail", "加入我们\nhttps://example.com/i"), ("message", "加入我们 https://example.com/i")]
        for row in rows {
            for major in [18, 26] {
                XCTAssertEqual(try receipt(row.activity, yaml, ios: major).body, row.body, "\(row.activity) on \(major) [_UIActivityItemsGetStringsAndURLs]")
            }
        }
    }

    /// `UIMailActivity -prepareWithActivityItems:` asks `_subjectForActivityItem:` of the
    /// string and URL items first, then of every item; `UIMessageActivity` asks in item order.
    func testMailTakesTheSubjectOfStringAndURLItemsFirst() throws {
        let yaml = """
        activityItems:
          - source:
              placeholder: {image: small.png}
              subject: 图片主题
          - source:
              placeholder: {url: https://example.com/i}
              subject: 链接主题

        """
        XCTAssertEqual(try receipt("mail", yaml).subject, "链接主题", "UIMailActivity -prepareWithActivityItems:")
        XCTAssertEqual(try receipt("message", yaml).subject, "图片主题", "UIMessageActivity -prepareWithActivityItems:")
    }

    /// An item source's `activityViewController:itemForActivityType:`: the `forActivity`
    /// entry's item, else the source's `item`, else the placeholder.
    func testForActivityWithoutItemFallsBackToTheSourceItem() throws {
        let yaml = """
        activityItems:
          - source:
              placeholder: {url: https://example.com/i}
              item: {url: "https://example.com/i?c=ab12"}
              forActivity:
                mail: {subject: 邀请好友}
                message: {item: {text: 邀请你加入}}

        """
        let mail = try receipt("mail", yaml)
        XCTAssertEqual(mail.body, "https://example.com/i?c=ab12", "activityViewController:itemForActivityType:")
        XCTAssertEqual(mail.subject, "邀请好友")
        XCTAssertEqual(try receipt("message", yaml).body, "邀请你加入")
        XCTAssertEqual(try receipt("airDrop", yaml).items, ["activityItems[0]: https://example.com/i?c=ab12"])
    }

    /// `UIMailActivity` / `UIMessageActivity -prepareWithActivityItems:`: a file URL whose
    /// `_UIActivityUTIForURL` is `public.plain-text` is attached and its text goes to the
    /// content text, not the body; other text types are only attached.
    func testPlainTextFilesAreAttachments() throws {
        for activity in ["mail", "message"] {
            let txt = try receipt(activity, "activityItems:\n  - text: 看看\n  - fileURL: notes.txt\n")
            XCTAssertEqual(txt.body, "看看", activity)
            XCTAssertEqual(txt.attachments, [Destination.Attachment(item: "activityItems[1]", type: "public.plain-text", name: "notes.txt")], activity)
            XCTAssertTrue(txt.items.contains { $0.contains("content text, not into the body") }, "\(activity): \(txt.items)")
            let md = try receipt(activity, "activityItems:\n  - fileURL: readme.md\n")
            XCTAssertEqual(md.attachments.map(\.name), ["readme.md"], activity)
            XCTAssertFalse(md.items.contains { $0.contains("content text") }, activity)
        }
    }

    /// `UIPrintActivity -canPerformWithActivityItems:`: on the activityItems path
    /// `canPrintURL:` sees the file URLs, and takes image and PDF files; the reason says so
    /// there, and names item providers on the items path.
    func testPrintReasonNamesWhatEachPathShows() throws {
        let rows: [(yaml: String, reason: String)] = [
            ("activityItems:\n  - fileURL: archive.zip\n", "Print takes images, PDFs and image or PDF files (canPrintURL:), and no activity item is one"),
            ("items:\n  - text: 你好\n", "see item providers, not data or files, while matching"),
        ]
        for row in rows {
            let print = try XCTUnwrap(report(row.yaml).destination(named: "print"))
            XCTAssertEqual(print.availability, .notOffered, row.yaml)
            XCTAssertTrue(print.reason?.text.contains(row.reason) ?? false, "\(print.reason?.text ?? "no reason") [UIPrintActivity canPerformWithActivityItems:]")
        }
    }

    /// `UIMessageActivity -canPerformWithActivityItems:` keeps the FileURL bit when IMCore's
    /// `-[IMSharedMessageSendingUtilities isSupportedAttachmentUTI:]` accepts a file's type,
    /// which it does for any type with iMessage or RCS on.
    /// (On iOS 26 the file alone is asked about first: `testIOS26FileURLsTheSystemMayRefuse`.)
    func testMessagesIsOfferedForAnyFileWithIMessageOrRCS() throws {
        for file in ["archive.zip", "order.pdf", "notes.txt"] {
            let message = try XCTUnwrap(report("activityItems:\n  - fileURL: \(file)\n", ios: 18).destination(named: "message"))
            XCTAssertEqual(message.availability, .offered, "\(file) [UIMessageActivity canPerformWithActivityItems:, isSupportedAttachmentUTI:]")
            XCTAssertTrue(message.conditions.contains { $0.contains("iMessage or RCS") }, "\(file): \(message.conditions)")
            XCTAssertEqual(message.receipt?.attachments.map(\.name), [file])
            let on26 = try XCTUnwrap(report("activityItems:\n  - fileURL: \(file)\n").destination(named: "message"))
            XCTAssertEqual(on26.fileOutcomes?.ifAllowed.availability, .offered, file)
            XCTAssertEqual(on26.receipt?.attachments.map(\.name), [file], "the allowed outcome's receipt")
        }
    }
    /// `UIMailActivity -_isHTML:` (26.1; the same test inline in 18.2's
    /// `-prepareWithActivityItems:`): `<html`, in any case, wholly within the first 1,024
    /// UTF-16 units.
    func testIsHTMLLooksAtTheFirst1024UTF16Units() {
        let emoji = "😀"  // two UTF-16 units
        let rows: [(name: String, text: String, isHTML: Bool)] = [
            ("a document", "<html><body>邀请</body></html>", true),
            ("upper case after a doctype", "<!DOCTYPE html>\n<HTML lang=\"zh\">", true),
            ("mixed case", "<HtMl>", true),
            ("no tag boundary", "<htmlx>", true),
            ("a doctype alone", "<!DOCTYPE html>", false),
            ("a space inside", "< html>", false),
            ("ending at unit 1,024", String(repeating: "a", count: 1_019) + "<html>", true),
            ("crossing unit 1,024", String(repeating: "a", count: 1_020) + "<html>", false),
            ("after 509 emoji (1,018 units)", String(repeating: emoji, count: 509) + "<html", true),
            ("after 510 emoji (1,020 units)", String(repeating: emoji, count: 510) + "<html", false),
            ("CJK counts one unit each", String(repeating: "长", count: 1_019) + "<html", true),
            ("empty", "", false),
        ]
        for row in rows {
            XCTAssertEqual(DestinationModel.isHTML(row.text), row.isHTML, "\(row.name) [UIMailActivity -_isHTML:]")
        }
    }

    /// `UIMailActivity -prepareWithActivityItems:`: the first string `-_isHTML:` accepts is the
    /// whole body, sent as HTML, and the loop stops: the other strings and URLs are not in the
    /// body. Messages (`UIMessageActivity -prepareWithActivityItems:`) joins them all as before.
    func testMailSendsTheFirstHTMLStringAloneAsHTML() throws {
        let html = "<html><body><p>邀请你加入</p></body></html>"
        let rows: [(name: String, yaml: String, body: String, isHTML: Bool, left: [String])] = [
            ("HTML first", "activityItems:\n  - text: \"\(html)\"\n  - text: 看看\n  - url: https://example.com/i\n",
             html, true, ["activityItems[1]", "activityItems[2]"]),
            ("HTML after a plain string", "activityItems:\n  - text: 看看\n  - text: \"\(html)\"\n", html, true, ["activityItems[0]"]),
            ("two HTML strings: the first", "activityItems:\n  - text: \"<HTML>一</HTML>\"\n  - text: \"<html>二</html>\"\n",
             "<HTML>一</HTML>", true, ["activityItems[1]"]),
            ("no HTML", "activityItems:\n  - text: 看看\n  - url: https://example.com/i\n", "看看\nhttps://example.com/i", false, []),
            ("the items path: a message body", "metadata:\n  messageBody: \"\(html)\"\nitems:\n  - text: 看看\n", html, true, []),
        ]
        for row in rows {
            for major in [18, 26] {
                let mail = try receipt("mail", row.yaml, ios: major)
                XCTAssertEqual(mail.body, row.body, "\(row.name) on \(major) [UIMailActivity -prepareWithActivityItems:, -_isHTML:]")
                XCTAssertEqual(mail.isHTML, row.isHTML, "\(row.name) on \(major) [setMessageBody:isHTML:]")
                XCTAssertEqual(mail.items.filter { $0.contains("not in the body") }.map { String($0.prefix(while: { $0 != ":" })) }, row.left, row.name)
            }
        }
        let message = try receipt("message", rows[0].yaml)
        XCTAssertEqual(message.body, html + " 看看 https://example.com/i", "UIMessageActivity -prepareWithActivityItems: is unchanged")
        XCTAssertFalse(message.isHTML)
    }

    /// iOS 26.1's `SHSheetActivityItemsManager
    /// -_configureContentManagedForActivityItem:activityItemValue:outURLs:outScopedURLs:activity:`
    /// asks `-[SHSheetServiceManager canShareFileURL:]` of a file URL and returns NO when the
    /// system refuses it; `-_resolvePlaceholderActivityItems` (matching) and
    /// `-_resolveActivityItemsForActivity:` (what the activity receives) then skip it. Every
    /// activity whose offer or receipt rests on the file is decided at run time, with both
    /// outcomes; 18.2 never asks, and the `items` path has no file URLs.
    func testIOS26FileURLsTheSystemMayRefuse() throws {
        struct Row {
            var name, yaml, activity: String
            var allowed, refused: Destination.Availability
            var allowedAttachments: [String?] = [], refusedAttachments: [String?] = []
        }
        let pdf = "  - fileURL: order.pdf\n"
        let rows = [
            Row(name: "a PDF file alone: Print", yaml: pdf, activity: "print", allowed: .offered, refused: .notOffered),
            Row(name: "a PDF file alone: Markup, after Print", yaml: pdf, activity: "markupAsPDF", allowed: .offered, refused: .notOffered),
            Row(name: "a PDF file alone: Copy", yaml: pdf, activity: "copyToPasteboard", allowed: .offered, refused: .notOffered),
            Row(name: "a PDF file alone: AirDrop", yaml: pdf, activity: "airDrop", allowed: .offered, refused: .notOffered),
            Row(name: "a PDF file alone: Mail", yaml: pdf, activity: "mail", allowed: .offered, refused: .notOffered, allowedAttachments: ["order.pdf"]),
            Row(name: "a text and a file: Messages loses the attachment", yaml: "  - text: 看看\n" + pdf, activity: "message",
                allowed: .offered, refused: .offered, allowedAttachments: ["order.pdf"]),
            Row(name: "an image and an image file: Assign to Contact takes one image", yaml: "  - image: small.png\n  - fileURL: photo.jpg\n",
                activity: "assignToContact", allowed: .notOffered, refused: .offered),
            Row(name: "an image and an image file: Save", yaml: "  - image: small.png\n  - fileURL: photo.jpg\n",
                activity: "saveToCameraRoll", allowed: .offered, refused: .offered),
            Row(name: "a file URL placeholder, a text for Mail", yaml: "  - source:\n      placeholder: {fileURL: order.pdf}\n      forActivity:\n        mail: {item: {text: 看看}}\n",
                activity: "mail", allowed: .offered, refused: .notOffered),
        ]
        for row in rows {
            let on18 = try XCTUnwrap(report("activityItems:\n" + row.yaml, ios: 18).destination(named: row.activity), row.name)
            XCTAssertEqual(on18.availability, row.allowed, "\(row.name) on iOS 18")
            XCTAssertNil(on18.fileOutcomes, "\(row.name): 18.2 never asks")
            let on26 = try XCTUnwrap(report("activityItems:\n" + row.yaml).destination(named: row.activity), row.name)
            let method = "[-_configureContentManagedForActivityItem:...activity:, -_resolvePlaceholderActivityItems, -_resolveActivityItemsForActivity:]"
            XCTAssertEqual(on26.availability, .decidedAtRunTime, "\(row.name) on iOS 26 \(method)")
            XCTAssertEqual(on26.reason?.kind, .decidedByDevice, row.name)
            XCTAssertEqual(on26.fileOutcomes?.ifAllowed.availability, row.allowed, "\(row.name), the file allowed")
            XCTAssertEqual(on26.fileOutcomes?.ifRefused.availability, row.refused, "\(row.name), the file refused \(method)")
            XCTAssertEqual(on26.receipt, on18.receipt, "\(row.name): the allowed outcome is 18.2's")
            if !row.allowedAttachments.isEmpty {
                XCTAssertEqual(on26.fileOutcomes?.ifAllowed.receipt?.attachments.map(\.name), row.allowedAttachments, row.name)
                XCTAssertEqual(on26.fileOutcomes?.ifRefused.receipt?.attachments.map(\.name) ?? [], row.refusedAttachments, row.name)
            }
        }
        // Not decided: no file URL, or the items path (item providers).
        let web = try report("activityItems:\n  - url: https://example.com/i\n")
        XCTAssertTrue(web.destinations.allSatisfy { $0.fileOutcomes == nil })
        let items = try report("items:\n  - type: com.adobe.pdf\n    file: order.pdf\n")
        XCTAssertTrue(items.destinations.allSatisfy { $0.fileOutcomes == nil })
        XCTAssertEqual(items.destination(named: "print")?.availability, .offered)
        // A refused file's item source is not asked for a subject (it is not among the items Mail gets).
        let subject = "activityItems:\n  - source:\n      placeholder: {fileURL: order.pdf}\n      subject: 订单\n  - text: 看看\n"
        let mail = try XCTUnwrap(report(subject).destination(named: "mail")?.fileOutcomes)
        XCTAssertEqual(mail.ifAllowed.receipt?.subject, "订单")
        XCTAssertNil(mail.ifRefused.receipt?.subject, "UIActivity _subjectForActivityItem: of the values Mail receives")
        XCTAssertEqual(mail.ifRefused.receipt?.body, "看看")
    }

    /// `expect.destinations` takes `decidedAtRunTime` for an activity iOS 26 decides by
    /// `canShareFileURL:`, and a subject or text of either outcome; `excluded-never-offered`
    /// calls an exclusion needless only when neither outcome offers the activity
    /// (`DestinationModel.decision`).
    func testExpectationsAndExclusionsOfARefusableFile() {
        func rules(_ yaml: String, ios major: Int = 26) -> [String] {
            var options = LintOptions()
            options.iosTarget = IOSTarget(major: major)!
            return Linter(options: options).lint(bytes: Array(("schemaVersion: 1\n" + yaml).utf8), displayPath: "t.share.yaml", directory: "", files: files)
                .diagnostics.map(\.rule.rawValue).filter { $0 == "destination-mismatch" || $0 == "excluded-never-offered" }
        }
        let items = "activityItems:\n  - text: 看看\n  - fileURL: order.pdf\n"
        XCTAssertEqual(rules(items + "expect:\n  destinations:\n    print: decidedAtRunTime\n    mail: {offered: decidedAtRunTime, body: 看看}\n"), [])
        XCTAssertEqual(rules(items + "expect:\n  destinations:\n    print: offered\n"), ["destination-mismatch"])
        XCTAssertEqual(rules(items + "expect:\n  destinations:\n    print: offered\n", ios: 18), [])
        // Two images, one a file: Assign to Contact is offered only if the file is refused.
        let images = "activityItems:\n  - image: small.png\n  - fileURL: photo.jpg\nexcludedActivityTypes: [assignToContact, saveToCameraRoll]\n"
        XCTAssertEqual(rules(images, ios: 18), ["excluded-never-offered"])
        XCTAssertEqual(rules(images), [])
    }
}
