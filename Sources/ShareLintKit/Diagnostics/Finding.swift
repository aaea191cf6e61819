import ShareLintMessages
import YAMLSyntax

/// A problem as a rule or the loader reports it, before severity is assigned.
package struct Finding: Sendable, Hashable {
    /// The rule that found it.
    package var rule: RuleID
    /// A sentence for the user, in any language.
    package var text: Message
    /// The sentence in English.
    package var message: String { text.english }
    /// Where it is.
    package var range: SourceRange
    /// The key path of the offending value.
    package var keyPath: String
    /// What the user probably meant, if anything.
    package var suggestion: String?
    /// A severity other than the rule's default for this case (configuration still wins).
    package var severity: Severity?

    /// Creates a finding.
    package init(_ rule: RuleID, _ text: Message, at range: SourceRange, path: String = "", suggestion: String? = nil, severity: Severity? = nil) {
        self.severity = severity
        self.rule = rule
        self.text = text
        self.range = range
        self.keyPath = path
        self.suggestion = suggestion
    }
}

/// Where the loader and rules put their findings.
package struct Findings: Sendable {
    /// Every finding, in the order reported.
    package private(set) var all: [Finding] = []

    /// Adds findings reported elsewhere.
    package mutating func append(contentsOf findings: [Finding]) { all.append(contentsOf: findings) }

    package init() {}

    /// Reports a problem at a range.
    package mutating func report(_ rule: RuleID, _ message: Message, at range: SourceRange, path: String = "", suggestion: String? = nil, severity: Severity? = nil) {
        all.append(Finding(rule, message, at: range, path: path, suggestion: suggestion, severity: severity))
    }

    /// Reports a problem at a located value.
    package mutating func report(_ rule: RuleID, _ message: Message, at located: some SourceLocated, suggestion: String? = nil, severity: Severity? = nil) {
        report(rule, message, at: located.range, path: located.path, suggestion: suggestion, severity: severity)
    }
}
