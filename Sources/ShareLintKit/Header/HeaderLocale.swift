/// The locales the header model renders (§4).
public enum HeaderLocale: String, Sendable, CaseIterable {
    case en = "en"
    case enGB = "en-GB"
    case zhHans = "zh-Hans"

    /// The string for one category with its count: "Plain Text", "2 Images", "1个链接".
    func categoryString(_ category: HeaderCategory, count: Int) -> String {
        switch (self, category) {
        case (.zhHans, .plainText): return "纯文本"
        case (.zhHans, .link): return "\(count)个链接"
        case (.zhHans, .image): return "\(count)张图像"
        case (.zhHans, .document): return "\(count)个文稿"
        case (_, .plainText): return "Plain Text"
        case (_, .link): return count == 1 ? "1 Link" : "\(count) Links"
        case (_, .image): return count == 1 ? "1 Image" : "\(count) Images"
        case (_, .document): return count == 1 ? "1 Document" : "\(count) Documents"
        }
    }

    /// Where a category stands among equal counts when the strings are sorted with
    /// `localizedStandardCompare`, descending: in English "1 Link" > "1 Image" > "1 Document";
    /// in Chinese, by pinyin collation (inferred, not read), 张 (zhāng) > 个 (gè) and
    /// 文 (wén) > 链 (liàn): "1张图像" > "1个文稿" > "1个链接".
    func equalCountRank(_ category: HeaderCategory) -> Int {
        switch (self, category) {
        case (_, .plainText): return 0
        case (.zhHans, .image): return 1
        case (.zhHans, .document): return 2
        case (.zhHans, .link): return 3
        case (_, .link): return 1
        case (_, .image): return 2
        case (_, .document): return 3
        }
    }

    /// Joins strings with the locale's list pattern: "A and B", "A, B, and C".
    public func joinList(_ parts: [String]) -> String {
        switch parts.count {
        case 0: return ""
        case 1: return parts[0]
        default: break
        }
        let head = parts.dropLast()
        let last = parts[parts.count - 1]
        switch self {
        case .en:
            return parts.count == 2 ? "\(parts[0]) and \(last)" : head.joined(separator: ", ") + ", and " + last
        case .enGB:
            return head.joined(separator: ", ") + " and " + last
        case .zhHans:
            return head.joined(separator: "、") + "和" + last
        }
    }
}
