/// `docs/rules.md`, generated from the rule descriptions (a test keeps the file in step).
package enum RuleDocs {
    /// The Markdown reference of every rule.
    package static func markdown() -> String {
        var out = """
        # Rules

        Generated from the rule descriptions in `Sources/ShareLintKit/Rules` by the test suite
        (`RECORD_SNAPSHOTS=1 swift test --filter RuleDocsTests` rewrites it); do not edit by hand.
        `sharelint explain RULE` prints the same text. In the examples, `↓` marks where the
        diagnostic is reported; the examples run as tests.

        | id | severity | what it reports |
        |---|---|---|

        """
        let descriptions = RuleCatalog.all.map(\.description)
        for d in descriptions {
            out += "| [`\(d.id)`](#\(d.id)) | \(d.severity.rawValue) | \(d.summary.replacingPipes()) |\n"
        }
        for d in descriptions {
            out += "\n## \(d.id)\n\nSeverity: **\(d.severity.rawValue)**. \(d.summary)\n\n\(d.rationale)\n"
            for example in d.triggering {
                out += "\nReported:\n\n```yaml\n\(example.source.visibleTabs())```\n"
            }
            for example in d.nonTriggering {
                out += "\nAccepted:\n\n```yaml\n\(example.text)```\n"
            }
        }
        return out
    }
}

extension RuleDocs {
    /// A rule's help as plain text: summary, rationale, and its examples.
    package static func helpText(_ d: RuleDescription) -> String {
        var out = "\(d.summary)\n\n\(d.rationale)\n"
        if let bad = d.triggering.first { out += "\nReported (↓ marks where):\n" + bad.source }
        if let good = d.nonTriggering.first { out += "\nAccepted:\n" + good.text }
        return out
    }

    /// A rule's help as Markdown.
    package static func helpMarkdown(_ d: RuleDescription) -> String {
        var out = "\(d.summary)\n\n\(d.rationale)\n"
        if let bad = d.triggering.first { out += "\nReported (`↓` marks where):\n\n```yaml\n\(bad.source)```\n" }
        if let good = d.nonTriggering.first { out += "\nAccepted:\n\n```yaml\n\(good.text)```\n" }
        return out
    }
}

extension String {
    fileprivate func replacingPipes() -> String {
        split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }

    fileprivate func visibleTabs() -> String {
        split(separator: "\t", omittingEmptySubsequences: false).joined(separator: "→   ")
    }
}
