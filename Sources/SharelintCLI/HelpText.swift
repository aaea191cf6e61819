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

    static func explain(_ id: String) throws -> String {
        guard let d = RuleCatalog.description(of: RuleID(rawValue: id)) else {
            let suggestion = Suggestions.nearest(to: id, in: RuleCatalog.ids.map(\.rawValue))
            throw UsageError(message: "unknown rule '\(id)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; see sharelint rules"))
        }
        var out = "\(d.id) (\(d.severity.rawValue))\n\n\(d.summary)\n\n\(d.rationale)\n"
        for example in d.triggering {
            out += "\nReported (↓ marks where):\n" + indent(example.source)
        }
        for example in d.nonTriggering {
            out += "\nAccepted:\n" + indent(example.text)
        }
        return out
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
