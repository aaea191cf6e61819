import YAMLSyntax

/// A rule example: a configuration and, for a triggering one, `↓` marks where each
/// diagnostic of the rule must start.
package struct RuleExample: Sendable {
    /// The YAML text, with `↓` before each expected diagnostic position.
    package var source: String
    /// Files the configuration refers to, by path relative to its directory: made each
    /// time they are asked for (by `explain`, the docs and the tests), not when the rule's
    /// description is (a lint reads a description for its id and severity, and the
    /// examples' images are not worth making for it; docs/performance.md, "The figures
    /// behind the code").
    package var files: [String: [UInt8]] { makeFiles() }
    private let makeFiles: @Sendable () -> [String: [UInt8]]

    /// Creates an example; `files` is evaluated when the files are asked for.
    package init(_ source: String, files: @autoclosure @escaping @Sendable () -> [String: [UInt8]] = [:]) {
        self.source = source
        self.makeFiles = files
    }

    /// The source without the `↓` marks.
    package var text: String { String(String.UnicodeScalarView(source.unicodeScalars.filter { $0 != "↓" })) }

    /// The 1-based line and column of each `↓` mark, in the text without marks.
    package var markedPositions: [SourcePosition] {
        var positions: [SourcePosition] = []
        var line = 1, column = 1
        for scalar in source.unicodeScalars {
            if scalar == "↓" {
                positions.append(SourcePosition(line: line, column: column))
            } else if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return positions
    }
}

/// What a rule is: id, default severity, summary, rationale and examples.
public struct RuleDescription: Sendable {
    /// The stable kebab-case id.
    public package(set) var id: RuleID
    /// The severity used unless configuration says otherwise.
    public package(set) var severity: Severity
    /// One line: what the rule reports.
    public package(set) var summary: String
    /// Why it matters, in a paragraph.
    public package(set) var rationale: String
    /// Configurations the rule must report, with `↓` marks.
    package var triggering: [RuleExample]
    /// Configurations the rule must accept.
    package var nonTriggering: [RuleExample]

    /// Creates a description.
    package init(id: RuleID, severity: Severity, summary: String, rationale: String,
                triggering: [RuleExample], nonTriggering: [RuleExample]) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }
}

/// A check over one configuration. Rules whose problems the YAML reader or the
/// loader find have an empty `check`; they exist for their description.
package protocol Rule: Sendable {
    /// The rule's description.
    static var description: RuleDescription { get }
    /// Reports the rule's problems in a configuration.
    func check(_ context: RuleContext, _ findings: inout Findings)
}

extension Rule {
    /// The rule's description.
    package var description: RuleDescription { Self.description }
}

/// A rule whose problems are found while reading YAML or loading the model.
package protocol StructuralRule: Rule {}

extension StructuralRule {
    package func check(_ context: RuleContext, _ findings: inout Findings) {}
}
