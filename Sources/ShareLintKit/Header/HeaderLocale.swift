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

    /// The singular category name, used as a last-resort single-item title.
    func categoryName(_ category: HeaderCategory) -> String {
        switch (self, category) {
        case (.zhHans, .plainText): return "纯文本"
        case (.zhHans, .link): return "链接"
        case (.zhHans, .image): return "图像"
        case (.zhHans, .document): return "文稿"
        case (_, .plainText): return "Plain Text"
        case (_, .link): return "Link"
        case (_, .image): return "Image"
        case (_, .document): return "Document"
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
