/// The locales the header model renders.
public enum HeaderLocale: String, Sendable, CaseIterable {
    /// English (United States): "Plain Text and 1 Image".
    case en = "en"
    /// English (United Kingdom).
    case enGB = "en-GB"
    /// Simplified Chinese: "纯文本和1张图像".
    case zhHans = "zh-Hans"

    /// The string for one category with its count: "Plain Text", "2 Images", "1个链接";
    /// `grouped` writes the count with digit grouping ("1,234 Images"), as
    /// `localizedStringWithFormat:` does in iOS 26.1 (`stringWithFormat:` in 18.2 does not).
    /// The three locales group with a comma every three digits.
    func categoryString(_ category: HeaderCategory, count: Int, grouped: Bool = false) -> String {
        let n = grouped ? Self.grouped(count) : String(count)
        switch (self, category) {
        case (.zhHans, .plainText): return "纯文本"
        case (.zhHans, .link): return "\(n)个链接"
        case (.zhHans, .image): return "\(n)张图像"
        case (.zhHans, .document): return "\(n)个文稿"
        case (_, .plainText): return "Plain Text"
        case (_, .link): return count == 1 ? "1 Link" : "\(n) Links"
        case (_, .image): return count == 1 ? "1 Image" : "\(n) Images"
        case (_, .document): return count == 1 ? "1 Document" : "\(n) Documents"
        }
    }

    /// A count with a comma every three digits: "1,234,567".
    static func grouped(_ count: Int) -> String {
        groups(of: count).enumerated().map { $0.offset == 0 ? String($0.element) : pad3($0.element) }.joined(separator: ",")
    }

    /// The digit groups of a count, most significant first: 1234567 -> [1, 234, 567].
    static func groups(of count: Int) -> [Int] {
        var rest = count.magnitude, groups: [Int] = []
        repeat {
            groups.insert(Int(rest % 1000), at: 0)
            rest /= 1000
        } while rest > 0
        return groups
    }

    private static func pad3(_ n: Int) -> String {
        let digits = String(n)
        return String(repeating: "0", count: 3 - digits.count) + digits
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
    package func joinList(_ parts: [String]) -> String {
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
