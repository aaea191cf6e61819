/// A rule's summary and rationale in one language.
package struct RuleText: Sendable, Hashable {
    /// One line: what the rule reports.
    package var summary: String
    /// Why it matters, in a paragraph.
    package var rationale: String

    /// Creates a text.
    package init(summary: String, rationale: String) {
        self.summary = summary
        self.rationale = rationale
    }
}

/// The rules' texts other than English (English is each rule's own description).
package enum RuleTexts {
    /// The Simplified Chinese text of a rule, by id; nil for an id the catalogue lacks.
    package static func simplifiedChinese(of id: String) -> RuleText? {
        simplifiedChinese[id]
    }
}
