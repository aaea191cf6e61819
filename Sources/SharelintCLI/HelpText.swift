import ShareLintMessages
import ShareLintKit

/// The texts of `--help`, `rules` and `explain`.
enum HelpText {
    /// `--help`, generated from the same table as the completions and the man page.
    static var general: String { CommandLineReference.help }

    /// `sharelint rules --format json`: an array of `{id, severity, summary}`.
    static func rulesJSON() -> String {
        JSONValue.array(RuleCatalog.all.map(\.description).map { d in
            .object([("id", .string(d.id.rawValue)), ("severity", .string(d.severity.rawValue)), ("summary", .string(d.summary))])
        }).serialized(indent: 2) + "\n"
    }

    static func rules() -> String {
        let descriptions = RuleCatalog.all.map(\.description)
        let width = descriptions.map { $0.id.rawValue.count }.max() ?? 0
        return descriptions.map { d in
            d.id.rawValue.padding(width) + "  " + d.severity.rawValue.padding(7) + "  " + d.summary
        }.joined(separator: "\n") + "\n"
    }

    static func explain(_ id: String, language: Language) throws -> String {
        guard let d = RuleCatalog.description(of: RuleID(rawValue: id)) else {
            throw UsageError(Message(.configUnknownRule, ["rule": id, "hint": ruleSuggestion(for: id)]))
        }
        let text = RuleTexts.text(of: d, in: language)
        var out = "\(d.id) (\(d.severity.rawValue))\n\n\(text.summary)\n\n\(text.rationale)\n"
        for example in d.triggering {
            out += "\n" + Message(.explainReported).text(in: language) + "\n" + indent(example.source)
        }
        for example in d.nonTriggering {
            out += "\n" + Message(.explainAccepted).text(in: language) + "\n" + indent(example.text)
        }
        return out
    }

    /// "; did you mean ...?" for a mistyped rule id: the nearest by edit distance, else
    /// the ids that hold the word (`photo-library` names `photo-library-usage`), at most
    /// three; else a pointer to `sharelint rules`.
    static func ruleSuggestion(for id: String) -> Message {
        let ids = RuleCatalog.ids.map(\.rawValue)
        if let nearest = Suggestions.nearest(to: id, in: ids) { return Message(.didYouMean, ["suggestion": nearest]) }
        let word = id.lowercased()
        let holding = word.count >= 3 ? ids.filter { $0.contains(word) } : []
        guard !holding.isEmpty, holding.count <= 3 else { return Message(.seeSharelintRules) }
        return Message(.didYouMeanOneOf, ["choices": Message.Value.orItems(holding.map { .text("'\($0)'") })])
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
