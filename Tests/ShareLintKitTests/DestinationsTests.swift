import XCTest
@testable import ShareLintKit
import YAMLSyntax

/// The destinations model (docs/destinations.md), table-driven: every built-in activity
/// against text, URL, image, video, PDF, vCard, message-body, mixed and excluded items, each
/// row naming the decompiled iOS 18.2 method that decides it.
final class DestinationsTests: XCTestCase {
    private func report(_ yaml: String, target: IOSTarget = .default, infoPlist: InfoPlistFacts? = nil, files: [String: [UInt8]] = [:],
                        file: StaticString = #filePath, line: UInt = #line) throws -> DestinationReport {
        var options = LintOptions()
        options.includesDestinations = true
        options.iosTarget = target
        options.infoPlist = infoPlist
        let lint = Linter(options: options).lint(bytes: Array(("schemaVersion: 1\n" + yaml).utf8), displayPath: "t.share.yaml",
                                                 directory: "", files: InMemoryFileSystem(files: files))
        // With an Info.plist lacking the Photos keys, photo-library-usage is an error by design.
        let errors = lint.diagnostics.filter { $0.severity == .error && !(infoPlist != nil && $0.rule == "photo-library-usage") }
        XCTAssertEqual(errors, [], file: file, line: line)
        return try XCTUnwrap(lint.documents.first?.destinations, file: file, line: line)
    }

    static let fixtures: [String: String] = [
        "text": "items:\n  - text: 这是图片描述信息。\n",
        "url": "items:\n  - url: https://example.com/invite?id=42\n",
        "image": "items:\n  - type: com.compuserve.gif\n    base64: R0lGODlhAQABAAAAADs=\n",
        "two images": "items:\n  - type: com.compuserve.gif\n    base64: R0lGODlhAQABAAAAADs=\n  - type: com.compuserve.gif\n    base64: R0lGODlhAgACAAAAACw=\n",
        "video": "items:\n  - type: public.mpeg-4\n    base64: AAAAGGZ0eXBtcDQy\n",
        "pdf": "items:\n  - type: com.adobe.pdf\n    base64: JVBERi0xLjQK\n",
        "vcard": "items:\n  - type: public.vcard\n    text: \"BEGIN:VCARD\\nFN:王小明\\nEND:VCARD\"\n",
        "body": "metadata:\n  messageBody: 扫码进入小程序\n",
        "image+pdf": "items:\n  - type: com.compuserve.gif\n    base64: R0lGODlhAQABAAAAADs=\n  - type: com.adobe.pdf\n    base64: JVBERi0xLjQK\n",
        "mixed": "metadata:\n  title: 邀请好友\n  messageBody: 扫码进入小程序\nitems:\n  - type: com.compuserve.gif\n    base64: R0lGODlhAQABAAAAADs=\n  - url: https://example.com/i/42\n",
        "excluded": "items:\n  - type: com.compuserve.gif\n    base64: R0lGODlhAQABAAAAADs=\nexcludedActivityTypes: [print, saveToCameraRoll, airDrop, com.tencent.xin.sharetimeline]\n",
    ]

    struct Row {
        var fixture: String
        var activity: BuiltInActivity
        var expected: Destination.Availability
        var reason: Destination.Reason.Kind?
        /// The iOS method behind the decision (checked against the model's evidence).
        var evidence: String
    }

    static let rows: [Row] = [
        // mail: UIMailActivity canPerformWithActivityItems: types & 0x98F (String|Image|URL|FileURL|PDF|Dictionary|Data).
        Row(fixture: "text", activity: .mail, expected: .offered, evidence: "UIMailActivity"),
        Row(fixture: "url", activity: .mail, expected: .offered, evidence: "UIMailActivity"),
        Row(fixture: "image", activity: .mail, expected: .offered, evidence: "UIMailActivity"),
        Row(fixture: "video", activity: .mail, expected: .offered, evidence: "UIMailActivity"),
        Row(fixture: "pdf", activity: .mail, expected: .offered, evidence: "UIMailActivity"),
        Row(fixture: "vcard", activity: .mail, expected: .offered, evidence: "UIMailActivity"),
        Row(fixture: "body", activity: .mail, expected: .offered, evidence: "UIMailActivity"),
        // message: UIMessageActivity: String|URL|Image|Video|PDF outright, Data only for IMCore's supported attachment types.
        Row(fixture: "text", activity: .message, expected: .decidedAtRunTime, reason: .decidedByDevice, evidence: "UIMessageActivity"),
        Row(fixture: "url", activity: .message, expected: .offered, evidence: "UIMessageActivity"),
        Row(fixture: "image", activity: .message, expected: .offered, evidence: "UIMessageActivity"),
        Row(fixture: "video", activity: .message, expected: .offered, evidence: "UIMessageActivity"),
        Row(fixture: "pdf", activity: .message, expected: .offered, evidence: "UIMessageActivity"),
        Row(fixture: "vcard", activity: .message, expected: .decidedAtRunTime, reason: .decidedByDevice, evidence: "UIMessageActivity"),
        Row(fixture: "body", activity: .message, expected: .offered, evidence: "UIMessageActivity"),
        // copyToPasteboard: UICopyToPasteboardActivity: types == 0x4000, or types & 0x9F; Data-only providers unresolved.
        Row(fixture: "text", activity: .copyToPasteboard, expected: .decidedAtRunTime, reason: .decidedByDevice, evidence: "UICopyToPasteboardActivity"),
        Row(fixture: "url", activity: .copyToPasteboard, expected: .offered, evidence: "UICopyToPasteboardActivity"),
        Row(fixture: "image", activity: .copyToPasteboard, expected: .offered, evidence: "UICopyToPasteboardActivity"),
        Row(fixture: "video", activity: .copyToPasteboard, expected: .decidedAtRunTime, reason: .decidedByDevice, evidence: "UICopyToPasteboardActivity"),
        Row(fixture: "pdf", activity: .copyToPasteboard, expected: .offered, evidence: "UICopyToPasteboardActivity"),
        Row(fixture: "body", activity: .copyToPasteboard, expected: .offered, evidence: "UICopyToPasteboardActivity"),
        // print: UIPrintActivity: no video; types & 0xA2 (Image|Printable|PDF).
        Row(fixture: "text", activity: .print, expected: .notOffered, reason: .noSuitableItem, evidence: "UIPrintActivity"),
        Row(fixture: "url", activity: .print, expected: .notOffered, reason: .noSuitableItem, evidence: "UIPrintActivity"),
        Row(fixture: "image", activity: .print, expected: .offered, evidence: "UIPrintActivity"),
        Row(fixture: "video", activity: .print, expected: .notOffered, reason: .noSuitableItem, evidence: "UIPrintActivity"),
        Row(fixture: "pdf", activity: .print, expected: .offered, evidence: "UIPrintActivity"),
        Row(fixture: "excluded", activity: .print, expected: .notOffered, reason: .excluded, evidence: "UIPrintActivity"),
        // saveToCameraRoll: UISaveToCameraRollActivity: an image or a video, then _canSaveImages.
        Row(fixture: "text", activity: .saveToCameraRoll, expected: .notOffered, reason: .noSuitableItem, evidence: "UISaveToCameraRollActivity"),
        Row(fixture: "image", activity: .saveToCameraRoll, expected: .offered, evidence: "UISaveToCameraRollActivity"),
        Row(fixture: "video", activity: .saveToCameraRoll, expected: .offered, evidence: "UISaveToCameraRollActivity"),
        Row(fixture: "pdf", activity: .saveToCameraRoll, expected: .notOffered, reason: .noSuitableItem, evidence: "UISaveToCameraRollActivity"),
        Row(fixture: "excluded", activity: .saveToCameraRoll, expected: .notOffered, reason: .excluded, evidence: "UISaveToCameraRollActivity"),
        // assignToContact: UIAssignToContactActivity: exactly one image, no video.
        Row(fixture: "image", activity: .assignToContact, expected: .offered, evidence: "UIAssignToContactActivity"),
        Row(fixture: "two images", activity: .assignToContact, expected: .notOffered, reason: .noSuitableItem, evidence: "UIAssignToContactActivity"),
        Row(fixture: "video", activity: .assignToContact, expected: .notOffered, reason: .noSuitableItem, evidence: "UIAssignToContactActivity"),
        Row(fixture: "text", activity: .assignToContact, expected: .notOffered, reason: .noSuitableItem, evidence: "UIAssignToContactActivity"),
        // addToReadingList: UIAddToReadingListActivity: the URL bit.
        Row(fixture: "url", activity: .addToReadingList, expected: .offered, evidence: "UIAddToReadingListActivity"),
        Row(fixture: "mixed", activity: .addToReadingList, expected: .offered, evidence: "UIAddToReadingListActivity"),
        Row(fixture: "image", activity: .addToReadingList, expected: .notOffered, reason: .noSuitableItem, evidence: "UIAddToReadingListActivity"),
        Row(fixture: "body", activity: .addToReadingList, expected: .notOffered, reason: .noSuitableItem, evidence: "UIAddToReadingListActivity"),
        // airDrop: UIAirDropActivity +canPerformActivityWithItemClasses: (inferred: every item kind).
        Row(fixture: "text", activity: .airDrop, expected: .offered, evidence: "UIAirDropActivity"),
        Row(fixture: "vcard", activity: .airDrop, expected: .offered, evidence: "UIAirDropActivity"),
        Row(fixture: "excluded", activity: .airDrop, expected: .notOffered, reason: .excluded, evidence: "UIAirDropActivity"),
        // openInIBooks: UIOpenInIBooksActivity, tried only after Print (_UIActivityGetPrintingBasedActivities): image, no PDF.
        Row(fixture: "image", activity: .openInIBooks, expected: .offered, evidence: "UIOpenInIBooksActivity"),
        Row(fixture: "mixed", activity: .openInIBooks, expected: .offered, evidence: "UIOpenInIBooksActivity"),
        Row(fixture: "pdf", activity: .openInIBooks, expected: .notOffered, reason: .noSuitableItem, evidence: "UIOpenInIBooksActivity"),
        Row(fixture: "image+pdf", activity: .openInIBooks, expected: .notOffered, reason: .noSuitableItem, evidence: "UIOpenInIBooksActivity"),
        Row(fixture: "text", activity: .openInIBooks, expected: .notOffered, reason: .needsPrint, evidence: "_UIActivityGetPrintingBasedActivities"),
        Row(fixture: "excluded", activity: .openInIBooks, expected: .notOffered, reason: .needsPrint, evidence: "_UIActivityGetPrintingBasedActivities"),
        // markupAsPDF: UICreatePDFActivity, after Print: Printable|PDF, at most one PDF.
        Row(fixture: "pdf", activity: .markupAsPDF, expected: .offered, evidence: "UICreatePDFActivity"),
        Row(fixture: "image+pdf", activity: .markupAsPDF, expected: .offered, evidence: "UICreatePDFActivity"),
        Row(fixture: "image", activity: .markupAsPDF, expected: .notOffered, reason: .noSuitableItem, evidence: "UICreatePDFActivity"),
        Row(fixture: "video", activity: .markupAsPDF, expected: .notOffered, reason: .needsPrint, evidence: "UICreatePDFActivity"),
        // sharePlay: UISharePlayActivity ignores the items: entitlement and availability.
        Row(fixture: "image", activity: .sharePlay, expected: .decidedAtRunTime, reason: .decidedByDevice, evidence: "UISharePlayActivity"),
        Row(fixture: "body", activity: .sharePlay, expected: .decidedAtRunTime, reason: .decidedByDevice, evidence: "UISharePlayActivity"),
        // collaboration: canPerformWithActivityItems: returns NO; only a collaboration item.
        Row(fixture: "url", activity: .collaborationInviteWithLink, expected: .notOffered, reason: .needsSpecialItem, evidence: "UICollaborationInviteWithLinkActivity"),
        Row(fixture: "url", activity: .collaborationCopyLink, expected: .notOffered, reason: .needsSpecialItem, evidence: "UICollaborationCopyLinkActivity"),
        // addToHomeScreen: UIAddToHomeScreenActivity: default-browser entitlement and a web view item.
        Row(fixture: "url", activity: .addToHomeScreen, expected: .notOffered, reason: .needsSpecialItem, evidence: "UIAddToHomeScreenActivity"),
        // social: UISocialActivity exists only for Apple's retired com.apple.share.*.post extensions.
    ] + BuiltInActivity.social.flatMap { activity in
        ["text", "url", "image", "video", "pdf", "vcard", "mixed"].map {
            Row(fixture: $0, activity: activity, expected: .notOffered, reason: .noBuiltInActivity, evidence: "UISocialActivity")
        }
    }

    func testEveryBuiltInActivityAgainstEachKindOfItem() throws {
        var reports: [String: DestinationReport] = [:]
        for (name, yaml) in Self.fixtures { reports[name] = try report(yaml) }
        for row in Self.rows {
            let report = try XCTUnwrap(reports[row.fixture], row.fixture)
            let destination = try XCTUnwrap(report.destination(named: row.activity.shortName))
            let label = "\(row.activity) with \(row.fixture) (\(row.evidence))"
            XCTAssertEqual(destination.availability, row.expected, label)
            XCTAssertEqual(destination.reason?.kind, row.reason, "\(label): \(destination.reason?.text ?? "no reason")")
            XCTAssertTrue(destination.evidence.contains(row.evidence),
                          "\(label): evidence is \(destination.evidence)")
            XCTAssertEqual(destination.receipt == nil, destination.availability == .notOffered, "\(label): a receipt exactly when it may be offered")
        }
        // Every built-in activity has rows, and every kind of item is covered.
        XCTAssertEqual(Set(Self.rows.map(\.activity)), Set(BuiltInActivity.allCases))
        XCTAssertEqual(Set(Self.rows.map(\.fixture)), Set(Self.fixtures.keys))
    }

    /// The full matrix: every built-in activity against every kind of item, one row per
    /// activity naming the iOS method that decides it. y = offered, n = not offered,
    /// r = decided at run time. Columns: the fixtures in `matrixColumns` order.
    static let matrixColumns = ["text", "url", "image", "two images", "video", "pdf", "image+pdf", "vcard", "body", "mixed", "excluded"]
    static let matrix: [(BuiltInActivity, String, String)] = [
        //                     text url image 2img video pdf img+pdf vcard body mixed excluded
        (.airDrop,            "y    y   y     y    y     y   y       y     y    y     n", "UIAirDropActivity +canPerformActivityWithItemClasses: (inferred)"),
        (.message,            "r    y   y     y    y     y   y       r     y    y     y", "UIMessageActivity canPerformWithActivityItems: 0x484F/0x4805|0xCA, data only for supported UTIs"),
        (.mail,               "y    y   y     y    y     y   y       y     y    y     y", "UIMailActivity canPerformWithActivityItems: types & 0x98F"),
        (.collaborationInviteWithLink, "n n  n     n    n     n   n       n     n    n     n", "UICollaborationInviteWithLinkActivity canPerformWithActivityItems: returns NO"),
        (.openInIBooks,       "n    n   y     y    n     n   n       n     n    y     n", "UIOpenInIBooksActivity (types & 0x22) && !(types & 0x80), after Print"),
        (.postToFacebook,     "n    n   n     n    n     n   n       n     n    n     n", "UISocialActivity: only com.apple.share.Facebook.post"),
        (.postToTwitter,      "n    n   n     n    n     n   n       n     n    n     n", "UISocialActivity: only com.apple.share.Twitter.post"),
        (.postToWeibo,        "n    n   n     n    n     n   n       n     n    n     n", "UISocialActivity: only com.apple.share.SinaWeibo.post"),
        (.postToTencentWeibo, "n    n   n     n    n     n   n       n     n    n     n", "UISocialActivity: only com.apple.share.TencentWeibo.post"),
        (.postToFlickr,       "n    n   n     n    n     n   n       n     n    n     n", "UISocialActivity: only com.apple.share.Flickr.post"),
        (.postToVimeo,        "n    n   n     n    n     n   n       n     n    n     n", "UISocialActivity: only com.apple.share.Vimeo.post"),
        (.sharePlay,          "r    r   r     r    r     r   r       r     r    r     r", "UISharePlayActivity canPerformWithActivityItems: ignores the items"),
        (.collaborationCopyLink, "n n   n     n    n     n   n       n     n    n     n", "UICollaborationCopyLinkActivity canPerformWithActivityItems: returns NO"),
        (.copyToPasteboard,   "r    y   y     y    r     y   y       r     y    y     y", "UICopyToPasteboardActivity types == 0x4000 || types & 0x9F"),
        (.saveToCameraRoll,   "n    n   y     y    y     n   y       n     n    y     n", "UISaveToCameraRollActivity image or video count, _canSaveImages"),
        (.assignToContact,    "n    n   y     n    n     n   y       n     n    y     y", "UIAssignToContactActivity one image, no video"),
        (.markupAsPDF,        "n    n   n     n    n     y   y       n     n    n     n", "UICreatePDFActivity after Print, types & 0xA0, at most one PDF"),
        (.print,              "n    n   y     y    n     y   y       n     n    y     n", "UIPrintActivity no video, types & 0xA2"),
        (.addToHomeScreen,    "n    n   n     n    n     n   n       n     n    n     n", "UIAddToHomeScreenActivity _ShareSheetIsBrowser and a web view item"),
        (.addToReadingList,   "n    y   n     n    n     n   n       n     n    y     n", "UIAddToReadingListActivity (types >> 2) & 1"),
    ]

    func testMatrixOfEveryBuiltInActivityAndEveryKindOfItem() throws {
        var reports: [String: DestinationReport] = [:]
        for name in Self.matrixColumns { reports[name] = try report(try XCTUnwrap(Self.fixtures[name], name)) }
        XCTAssertEqual(Set(Self.matrix.map(\.0)), Set(BuiltInActivity.allCases), "a row per built-in activity")
        for (activity, cells, evidence) in Self.matrix {
            let expected = cells.split(separator: " ")
            XCTAssertEqual(expected.count, Self.matrixColumns.count, "\(activity)")
            for (column, cell) in zip(Self.matrixColumns, expected) {
                let state: Destination.Availability = cell == "y" ? .offered : cell == "r" ? .decidedAtRunTime : .notOffered
                let destination = try XCTUnwrap(reports[column]?.destination(named: activity.shortName))
                XCTAssertEqual(destination.availability, state,
                               "\(activity) with \(column) (\(evidence)): \(destination.reason?.text ?? "no reason")")
            }
        }
    }

    func testEveryConfigurationListsEveryBuiltInOnceInRowOrder() throws {
        let report = try report(Self.fixtures["mixed"]! + "applicationActivities:\n  - type: com.example.app.save-qr\n    title: 保存二维码\n  - type: com.example.app.post\n    title: 发布\n    category: share\n")
        let names = report.destinations.map(\.name)
        XCTAssertEqual(names.count, BuiltInActivity.allCases.count + 2)
        XCTAssertEqual(Set(names).count, names.count)
        // Share row first; within a row by sort group (the app's activities are group 3);
        // Add to Reading List last (sort group 7, by title).
        let rows = report.destinations.map(\.row)
        XCTAssertEqual(rows, rows.sorted { $0 == .share && $1 == .action })
        XCTAssertEqual(Array(names.prefix(6)), ["collaborationInviteWithLink", "airDrop", "message", "mail", "com.example.app.post", "openInIBooks"])
        XCTAssertEqual(Array(names.suffix(3)), ["addToHomeScreen", "com.example.app.save-qr", "addToReadingList"])
        let custom = try XCTUnwrap(report.destination(named: "com.example.app.post"))
        XCTAssertEqual(custom.row, .share)
        XCTAssertEqual(custom.availability, .decidedAtRunTime)
        XCTAssertEqual(custom.reason?.kind, .decidedByApp)
        XCTAssertEqual(report.destination(named: "com.example.app.save-qr")?.row, .action)
    }

    func testMailAndMessagesReceiveSubjectBodyAndAttachments() throws {
        let report = try report(Self.fixtures["mixed"]! + "  - text: 第二段\n")
        let mail = try XCTUnwrap(report.destination(named: "mail")?.receipt)
        // Subject: the configuration's title (_UIActivityItemsConfigurationActivityItemProvider subjectForActivityType:).
        XCTAssertEqual(mail.subject, "邀请好友")
        // Body: strings and web URLs joined with "\n" (_UIActivityItemsGetStringsAndURLs), the body string last.
        XCTAssertEqual(mail.body, "https://example.com/i/42\n扫码进入小程序")
        // A plain-text file is attached, its text given apart as content text (UIMailActivity prepareWithActivityItems:).
        XCTAssertEqual(mail.attachments, [Destination.Attachment(item: "items[0]", type: "com.compuserve.gif", name: nil),
                                          Destination.Attachment(item: "items[2]", type: "public.plain-text", name: nil)])
        XCTAssertTrue(mail.items.contains { $0.hasPrefix("items[2]: its text also goes to Mail as content text") }, "\(mail.items)")
        let message = try XCTUnwrap(report.destination(named: "message")?.receipt)
        XCTAssertEqual(message.body, "https://example.com/i/42 扫码进入小程序")
        XCTAssertEqual(message.attachments.map(\.item), ["items[0]", "items[2]"])
    }

    func testSubjectFallsBackToTheItemTitleAndMessagesMakesRichLinks() throws {
        let yaml = """
        metadata:
          linkPresentation:
            url: https://example.com/i/42
        items:
          - url: https://example.com/i/42
            metadata:
              title: 邀请链接
          - url: file:///tmp/%E6%B5%B7%E6%8A%A5.png
            type: public.file-url

        """
        let report = try report(yaml)
        XCTAssertEqual(report.destination(named: "mail")?.receipt?.subject, "邀请链接")
        let message = try XCTUnwrap(report.destination(named: "message")?.receipt)
        XCTAssertNil(message.body)
        XCTAssertTrue(message.items.contains("items[0]: a rich link to https://example.com/i/42"), "\(message.items)")
        XCTAssertEqual(message.attachments, [Destination.Attachment(item: "items[1]", type: "public.file-url", name: "海报.png")])
    }

    func testSaveTitleAndInfoPlist() throws {
        XCTAssertEqual(try report(Self.fixtures["two images"]!).destination(named: "saveToCameraRoll")?.title, "Save 2 Images")
        XCTAssertEqual(try report(Self.fixtures["video"]!).destination(named: "saveToCameraRoll")?.title, "Save Video")
        let without = InfoPlistFacts(path: "Info.plist", photoLibraryAddUsageDescription: nil)
        let save = try report(Self.fixtures["image"]!, infoPlist: without).destination(named: "saveToCameraRoll")
        XCTAssertEqual(save?.availability, .notOffered)
        XCTAssertEqual(save?.reason?.kind, .needsInfoPlistKey)
        // _canSaveImages ORs the two keys.
        let full = InfoPlistFacts(path: "Info.plist", photoLibraryAddUsageDescription: nil, photoLibraryUsageDescription: "用于保存海报")
        XCTAssertEqual(try report(Self.fixtures["image"]!, infoPlist: full).destination(named: "saveToCameraRoll")?.availability, .offered)
        let blank = InfoPlistFacts(path: "Info.plist", photoLibraryAddUsageDescription: " ")
        XCTAssertEqual(try report(Self.fixtures["image"]!, infoPlist: blank).destination(named: "saveToCameraRoll")?.availability, .notOffered)
    }

    func testTargetsBeforeAnActivityExisted() throws {
        let ios14 = try report(Self.fixtures["url"]!, target: try XCTUnwrap(IOSTarget(major: 14)))
        XCTAssertEqual(ios14.destination(named: "sharePlay")?.reason?.kind, .notInThisIOS)
        XCTAssertEqual(ios14.destination(named: "collaborationCopyLink")?.reason?.kind, .notInThisIOS)
        XCTAssertEqual(ios14.destination(named: "addToHomeScreen")?.reason?.kind, .notInThisIOS)
        XCTAssertEqual(ios14.destination(named: "mail")?.availability, .offered)
        let ios15 = try report(Self.fixtures["url"]!, target: try XCTUnwrap(IOSTarget(major: 15)))
        XCTAssertEqual(ios15.destination(named: "sharePlay")?.availability, .decidedAtRunTime)
    }

    func testExclusionsIOSHonoursAndIgnores() throws {
        let report = try report(Self.fixtures["excluded"]! + "applicationActivities:\n  - type: com.example.app.save-qr\n    title: 保存\n")
        XCTAssertEqual(report.ignoredExclusions, ["com.tencent.xin.sharetimeline"])
        let excludedOwn = try self.report(Self.fixtures["image"]! + "applicationActivities:\n  - type: com.example.app.save-qr\n    title: 保存\nexcludedActivityTypes: [com.example.app.save-qr, com.apple.mobilenotes.SharingExtension]\n")
        XCTAssertEqual(excludedOwn.destination(named: "com.example.app.save-qr")?.reason?.kind, .excluded)
        XCTAssertEqual(excludedOwn.ignoredExclusions, [])
        // Without its exclusion Save Image would be offered: excluded-never-offered stays quiet.
        XCTAssertEqual(report.destination(named: "saveToCameraRoll")?.availabilityUnlessExcluded, .offered)
    }

    /// The activityItems path: the objects are matched themselves (a string sets String, a
    /// UIImage Image, a file URL FileURL and its type's bits) and item sources by their
    /// placeholder; each activity receives the source's item for it and its subject.
    func testActivityItemsPath() throws {
        let objects = try report("activityItems:\n  - text: 邀请好友\n  - url: https://example.com/i/42\n")
        XCTAssertEqual(objects.destination(named: "message")?.availability, .offered)
        XCTAssertEqual(objects.destination(named: "copyToPasteboard")?.availability, .offered)
        XCTAssertEqual(objects.destination(named: "addToReadingList")?.availability, .offered)
        XCTAssertEqual(objects.destination(named: "print")?.availability, .notOffered)
        XCTAssertEqual(objects.destination(named: "mail")?.receipt?.body, "邀请好友\nhttps://example.com/i/42")
        XCTAssertNil(objects.destination(named: "mail")?.receipt?.subject)
        let source = try report("""
        activityItems:
          - source:
              placeholder:
                text: 下载 App
              subject: 邀请
              forActivity:
                message:
                  item:
                    text: "下载 #App"

        """)
        XCTAssertEqual(source.destination(named: "mail")?.receipt?.subject, "邀请")
        XCTAssertEqual(source.destination(named: "mail")?.receipt?.body, "下载 App")
        XCTAssertEqual(source.destination(named: "message")?.receipt?.body, "下载 #App")
        XCTAssertEqual(source.destination(named: "saveToCameraRoll")?.availability, .notOffered)
    }

    /// `withheld: true` under `forActivity`: the source returns nil for that activity, which
    /// is still offered (matched by the placeholder) and receives the other items only.
    func testAWithheldItemGivesItsActivityNothing() throws {
        let report = try report("""
        activityItems:
          - url: https://example.com/invite
          - source:
              placeholder:
                text: 下载 App
              forActivity:
                airDrop:
                  withheld: true
                com.tencent.mqq.ShareExtension:
                  withheld: true

        """)
        let airDrop = try XCTUnwrap(report.destination(named: "airDrop"))
        XCTAssertEqual(airDrop.availability, .offered)
        XCTAssertEqual(airDrop.receipt?.items.count, 2, "\(airDrop.receipt?.items ?? [])")
        XCTAssertTrue(airDrop.receipt?.items.first?.hasPrefix("activityItems[0]") ?? false)
        XCTAssertEqual(airDrop.receipt?.items.last, "activityItems[1]: nothing (itemForActivityType returns nil: withheld)")
        XCTAssertEqual(airDrop.receipt?.summary.last?.english, "activityItems[1]: nothing (withheld for this activity)")
        let copy = try XCTUnwrap(report.destination(named: "copyToPasteboard"))
        XCTAssertTrue(copy.receipt?.items.contains { $0.contains("下载 App") } ?? false, "\(copy.receipt?.items ?? [])")
        XCTAssertFalse(copy.receipt?.items.contains { $0.contains("nothing") } ?? true)
    }

    /// `data:` is an NSData (Data, and Image for image bytes); `printFormatter:` is Printable:
    /// Print, Books and Markup take it, no other activity does.
    func testDataAndPrintFormatterItems() throws {
        let report = try report("""
        activityItems:
          - printFormatter:
              markup: "<h1>订单 42</h1>"
          - data: poster.png

        """, files: ["poster.png": ExampleFiles.png(width: 64, height: 64)])
        let offered = Set(report.destinations.filter { $0.availability == .offered }.map(\.name))
        XCTAssertTrue(offered.isSuperset(of: ["print", "openInIBooks", "markupAsPDF", "copyToPasteboard", "airDrop"]), "\(offered)")
        let markup = try XCTUnwrap(report.destination(named: "markupAsPDF")?.receipt?.items)
        XCTAssertEqual(markup, ["activityItems[0]: a print formatter, opened in Markup"])
        XCTAssertFalse(report.destination(named: "copyToPasteboard")?.receipt?.items.contains { $0.contains("print formatter") } ?? true)
        // Mail attaches image data with the image's type; a formatter gives it nothing.
        XCTAssertEqual(report.destination(named: "mail")?.receipt?.attachments.map(\.type), ["public.png"])
        let formatterOnly = try self.report("activityItems:\n  - printFormatter: {text: 订单 42}\n")
        XCTAssertEqual(formatterOnly.destination(named: "print")?.availability, .offered)
        XCTAssertEqual(formatterOnly.destination(named: "copyToPasteboard")?.availability, .notOffered)
        XCTAssertEqual(formatterOnly.destination(named: "mail")?.availability, .notOffered)
        let bytes = try self.report("activityItems:\n  - data: card.bin\n", files: ["card.bin": [1, 2, 3]])
        XCTAssertEqual(bytes.destination(named: "print")?.availability, .notOffered, "data of no image type is not printable")
    }

    func testWithheldWithAnItemIsAConflict() {
        let yaml = "schemaVersion: 1\nactivityItems:\n  - source:\n      placeholder: {text: a}\n      withheld: true\n"
            + "      forActivity:\n        mail: {withheld: true, item: {text: b}}\n"
        let lint = Linter(options: LintOptions()).lint(bytes: Array(yaml.utf8), displayPath: "t.share.yaml", directory: "",
                                                       files: InMemoryFileSystem(files: [:]))
        XCTAssertEqual(lint.diagnostics.filter { $0.severity == .error }.map(\.rule), [.unknownKey, .payloadConflict])
        XCTAssertTrue(lint.diagnostics.contains { $0.message.contains("belongs under an activity in 'forActivity'") })
    }

    /// The needless-exclusion rule's answers are kept per file by activity and question
    /// (`FileMemo.notOffered`): each must match the full model for every fixture, and not
    /// change when another configuration asks the same question.
    func testDecisionsReadOnlyTheirQuestion() throws {
        func configuration(_ yaml: String) throws -> ShareConfiguration {
            let reader = YAMLDocumentReader(bytes: Array(("schemaVersion: 1\n" + yaml).utf8))
            let nodes = try XCTUnwrap(reader.next()?.nodes)
            return try XCTUnwrap(Loader.load(nodes, documentIndex: 0).0)
        }
        var fixtures = Self.fixtures
        fixtures["pdf, print excluded"] = "items:\n  - type: com.adobe.pdf\n    base64: JVBERi0xLjQK\nexcludedActivityTypes: [print]\n"
        fixtures["item message body"] = "items:\n  - url: https://example.com/a\n    metadata:\n      messageBody: 扫码\n  - text: hello\n"
        let other = try configuration("items:\n  - text: unrelated\n")
        let model = DestinationModel()
        for (name, yaml) in fixtures {
            let configuration = try configuration(yaml), registry = TypeInferenceLogic.registry(for: configuration)
            let typeOf = { (r: Representation) in TypeInferenceLogic.effectiveType(of: r, registry: registry, content: nil) }
            let question = try XCTUnwrap(DestinationModel.question(for: configuration, printMatters: true, registry: registry, typeOf: typeOf), name)
            // The summary, made without matching items, is the matched items' summary.
            var matched = DestinationModel.ItemSummary()
            for item in DestinationModel.matchedItems(of: configuration, registry: registry, typeOf: typeOf, receipts: false) {
                matched.add(item.types, unknown: item.hasUnknownType)
            }
            XCTAssertEqual(question.summary, matched, name)
            let full = model.report(for: configuration, registry: registry, typeOf: typeOf)
            for activity in BuiltInActivity.allCases {
                let mine = model.decision(activity, question, configuration: configuration, registry: registry)
                let theirs = model.decision(activity, question, configuration: other, registry: .system)
                let destination = try XCTUnwrap(full.destination(named: activity.shortName))
                XCTAssertEqual(mine.decision.availability, destination.availabilityUnlessExcluded, "\(name): \(activity)")
                XCTAssertEqual(mine.decision.reason?.text, destination.reasonUnlessExcluded?.text, "\(name): \(activity)")
                XCTAssertEqual(mine.decision.availability, theirs.decision.availability, "\(name): \(activity)")
                XCTAssertEqual(mine.decision.reason?.text, theirs.decision.reason?.text, "\(name): \(activity)")
                XCTAssertEqual(mine.title, theirs.title, "\(name): \(activity)")
            }
        }
    }

    func testItemTypeBitsFollowConformance() throws {
        let registry = UTTypeRegistry.system
        func bits(_ type: String) -> ActivityItemTypes {
            var types: ActivityItemTypes = .itemProvider
            for (parent, bit) in ActivityItemTypes.providerConformances where registry.conforms(type, to: parent) { types.insert(bit) }
            return types
        }
        // The research's worked values (ShareSheet.m ItemTypesSet).
        XCTAssertEqual(bits("public.png").rawValue, 0x4802)
        XCTAssertEqual(bits("public.plain-text").rawValue, 0x4800)
        XCTAssertEqual(bits("public.url").rawValue, 0x4804)
        XCTAssertEqual(bits("com.adobe.pdf").rawValue, 0x4880)
        XCTAssertEqual(bits("public.mpeg-4").rawValue, 0x4840)
        XCTAssertEqual(bits("public.vcard").rawValue, 0x4C00)
    }
}
