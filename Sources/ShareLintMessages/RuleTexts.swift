/// A rule's summary and rationale in one language.
public struct RuleText: Sendable, Hashable {
    /// One line: what the rule reports.
    public var summary: String
    /// Why it matters, in a paragraph.
    public var rationale: String

    /// Creates a text.
    public init(summary: String, rationale: String) {
        self.summary = summary
        self.rationale = rationale
    }
}

/// The rules' texts other than English (English is each rule's own description).
public enum RuleTexts {
    /// The Simplified Chinese text of a rule, by id; nil for an id the catalogue lacks.
    public static func simplifiedChinese(of id: String) -> RuleText? {
        simplifiedChinese[id]
    }
}
