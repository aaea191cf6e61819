/// The languages sharelint writes its own words in. Rule ids, keys, code points and the
/// values quoted from a file stay as they are in both.
public enum Language: String, Sendable, Hashable, CaseIterable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"

    /// The language of a locale name, from `--locale`, `locale:` or the environment:
    /// `zh-Hans`, `zh_CN`, `zh_SG` and `zh_Hans` (with any region, encoding or modifier
    /// after them, such as `zh_CN.UTF-8` or `zh-Hans-CN`) are Chinese; anything else
    /// (Traditional Chinese included, which sharelint does not write) is English.
    package init(localeName: String) {
        var base = Substring(localeName)
        if let cut = base.firstIndex(where: { $0 == "." || $0 == "@" }) { base = base[..<cut] }
        let parts = base.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.lowercased() }
        guard parts.first == "zh", parts.count >= 2 else {
            self = .english
            return
        }
        self = ["cn", "sg", "hans"].contains(parts[1]) ? .simplifiedChinese : .english
    }

    /// The variables the language is read from, in POSIX's order.
    package static let environmentVariables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// The language the environment asks for: the first of `LC_ALL`, `LC_MESSAGES` and
    /// `LANG` that is set and not empty, as POSIX orders them; English when none is.
    package static func fromEnvironment(_ environment: [String: String]) -> Language {
        for name in environmentVariables {
            if let value = environment[name], !value.isEmpty { return Language(localeName: value) }
        }
        return .english
    }

    /// What joins sentences: "; " or "；".
    var clauseSeparator: String {
        switch self {
        case .english: return "; "
        case .simplifiedChinese: return "；"
        }
    }

    /// Clauses joined into one sentence: "A and B", "A, B, and C"; "A，B，C".
    func joinClauses(_ parts: [String]) -> String {
        switch self {
        case .simplifiedChinese:
            return parts.joined(separator: "，")
        case .english:
            guard parts.count > 1 else { return parts.first ?? "" }
            if parts.count == 2 { return "\(parts[0]) and \(parts[1])" }
            return parts.dropLast().joined(separator: ", ") + ", and " + parts[parts.count - 1]
        }
    }

    /// Things joined into one phrase: "A and B", "A, B, and C"; "A、B和C", "A、B和 5 个提示".
    func joinItems(_ parts: [String]) -> String {
        switch self {
        case .english:
            return joinClauses(parts)
        case .simplifiedChinese:
            guard let last = parts.last, parts.count > 1 else { return parts.first ?? "" }
            let head = parts.dropLast().joined(separator: "、")
            // "和" is spaced from a number or a Latin word as the templates space a placeholder.
            let before = Message.joinsWithoutSpace(head.unicodeScalars.last, "和") ? "" : " "
            let after = Message.joinsWithoutSpace("和", last.unicodeScalars.first) ? "" : " "
            return head + before + "和" + after + last
        }
    }

    /// What joins the entries of a list in a sentence: ", " or "、".
    var listSeparator: String {
        switch self {
        case .english: return ", "
        case .simplifiedChinese: return "、"
        }
    }
}
