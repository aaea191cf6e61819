import ShareLintMessages

extension RuleTexts {
    /// A rule's summary and rationale in a language: English from its description, the
    /// others from their catalogue (English where the catalogue lacks the rule).
    package static func text(of description: RuleDescription, in language: Language) -> RuleText {
        let english = RuleText(summary: description.summary, rationale: description.rationale)
        switch language {
        case .english: return english
        case .simplifiedChinese: return simplifiedChinese(of: description.id.rawValue) ?? english
        }
    }
}
