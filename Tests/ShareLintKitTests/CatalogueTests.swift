import ShareLintKit
import ShareLintMessages
import XCTest

/// The two catalogues agree: every message of the English catalogue has a Chinese entry
/// with the same placeholders, written in Chinese.
final class CatalogueTests: XCTestCase {
    /// Names that stay as they are in Chinese (iOS shows these services and formats by
    /// their own names).
    static let sameInBothLanguages: Set<MessageID> = [.verbatim, .titleFacebook, .titleTwitter, .titleFlickr, .titleVimeo]

    func testEveryMessageHasTheSamePlaceholdersInChinese() {
        for id in MessageID.allCases {
            let english = Set(Message.placeholders(in: id.template(in: .english)))
            let chinese = Set(Message.placeholders(in: id.template(in: .simplifiedChinese)))
            XCTAssertEqual(english, chinese, "\(id): English \(english.sorted()), Chinese \(chinese.sorted())")
        }
    }

    /// A Chinese entry that is the English one again is a missing translation, unless the
    /// template has no English words (only placeholders, punctuation and code).
    func testEveryMessageIsWrittenInChinese() {
        for id in MessageID.allCases where !Self.sameInBothLanguages.contains(id) {
            let english = id.template(in: .english), chinese = id.template(in: .simplifiedChinese)
            XCTAssertFalse(chinese.isEmpty, "\(id) has an empty Chinese entry")
            guard chinese == english else { continue }
            var words = english
            for name in Message.placeholders(in: english) { words = words.replacingOccurrences(of: "{\(name)}", with: "") }
            XCTAssertNil(words.range(of: "[A-Za-z]{3,}", options: .regularExpression), "\(id) is not translated: \(english)")
        }
    }

    /// `explain` and SARIF's rule descriptions in Chinese: every rule has its text, and no
    /// text belongs to a rule that does not exist.
    func testEveryRuleHasAChineseText() {
        let ids = Set(RuleCatalog.ids.map(\.rawValue))
        for id in ids {
            let text = RuleTexts.simplifiedChinese(of: id)
            XCTAssertNotNil(text, "\(id) has no Chinese summary and rationale")
            XCTAssertEqual(text.map { $0.summary.isEmpty || $0.rationale.isEmpty }, false, id)
        }
        for id in RuleTexts.simplifiedChinese.keys { XCTAssertTrue(ids.contains(id), "a Chinese text for no rule: \(id)") }
    }

    func testPlaceholdersAreFilledAndTheRestIsText() {
        let message = Message(.unknownKey, ["key": "titel", "what": Message(.subjectKey, ["key": "metadata"]), "hint": Message.didYouMean("title")])
        XCTAssertEqual(message.english, "unknown key 'titel' in 'metadata'; did you mean 'title'?")
        XCTAssertEqual(message.text(in: .simplifiedChinese), "'metadata' 中有未知的键 'titel'；是不是要写 'title'？")
        // A brace without a name is text.
        XCTAssertEqual(Message(.yamlMarkerInsideBrackets).english, "a document marker inside brackets ('[ ]' or '{ }') that are not closed: close them before it")
        XCTAssertEqual(Message.placeholders(in: "a '{ }' and {b}{c} {d"), ["b", "c"])
    }

    /// Chinese templates space a placeholder off; the space goes when the value is Chinese.
    func testChineseSpacesFollowTheValue() {
        let title = Message(.emptyText, ["what": Message(.textTitle)])
        XCTAssertEqual(title.text(in: .simplifiedChinese), "标题是空的：请写上文字，或删除这个键")
        let key = Message(.mustBeString, ["what": Message(.subjectKey, ["key": "title"]), "kind": Message(.kindList)])
        XCTAssertEqual(key.text(in: .simplifiedChinese), "'title' 必须是字符串，而不是列表")
        // A value's own spaces are kept.
        let spaced = Message(.mustBeString, ["what": Message(.subjectKey, ["key": "邀请 好友"]), "kind": Message(.kindList)])
        XCTAssertEqual(spaced.text(in: .simplifiedChinese), "'邀请 好友' 必须是字符串，而不是列表")
    }

    func testListsJoinAsEachLanguageDoes() {
        let message = Message(.mustBeOneOf, ["key": "api", "values": ["get", "getUnlimited"], "value": "x", "hint": Message.empty])
        XCTAssertEqual(message.english, "'api' must be one of get, getUnlimited, not 'x'")
        XCTAssertEqual(message.text(in: .simplifiedChinese), "'api' 必须是 get、getUnlimited 其中之一，而不是 'x'")
    }

    func testTheLanguageComesFromTheLocaleName() {
        for name in ["zh-Hans", "zh_CN", "zh_CN.UTF-8", "zh_SG", "zh_Hans", "zh-Hans-CN", "zh_CN@pinyin"] {
            XCTAssertEqual(Language(localeName: name), .simplifiedChinese, name)
        }
        for name in ["en", "en-GB", "C", "POSIX", "C.UTF-8", "zh_TW", "zh_HK", "zh-Hant", "zh", "", "ja_JP"] {
            XCTAssertEqual(Language(localeName: name), .english, name)
        }
        XCTAssertEqual(Language.fromEnvironment(["LANG": "zh_CN.UTF-8"]), .simplifiedChinese)
        XCTAssertEqual(Language.fromEnvironment(["LC_ALL": "C", "LANG": "zh_CN.UTF-8"]), .english)
        XCTAssertEqual(Language.fromEnvironment(["LC_ALL": "", "LC_MESSAGES": "zh_SG", "LANG": "en_US"]), .simplifiedChinese)
        XCTAssertEqual(Language.fromEnvironment([:]), .english)
    }
}
