import ShareLintMessages
import YAMLSyntax

/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
    /// A mistake iOS or the app trips on: fails the run (exit 1).
    case error
    /// Likely a mistake: fails the run only with `--strict`.
    case warning
    /// Worth knowing; never fails the run.
    case info

    private var rank: Int {
        switch self {
        case .error: return 2
        case .warning: return 1
        case .info: return 0
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

    /// The severity as people read it: "error", "错误".
    package var word: Message {
        switch self {
        case .error: return Message(.severityError)
        case .warning: return Message(.severityWarning)
        case .info: return Message(.severityInfo)
        }
    }
}

/// A stable kebab-case rule identifier such as `unknown-key`.
public struct RuleID: RawRepresentable, Sendable, Hashable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The id.
    public package(set) var rawValue: String
    /// Creates an id.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates an id from a literal.
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One problem found in a share configuration: a plain value that renderers format.
public struct Diagnostic: Sendable, Hashable {
    /// The rule that found the problem.
    public package(set) var rule: RuleID
    /// How serious it is (after configuration).
    public package(set) var severity: Severity
    /// A sentence for the user, in English.
    public package(set) var message: String
    /// The sentence apart from its language: `message(in:)` writes it in one.
    package var text: Message
    /// Where the problem is.
    public package(set) var range: SourceRange
    /// The 0-based document index in the stream, or nil for a problem of the whole file.
    public package(set) var document: Int?
    /// The path of the offending value in the document, such as `items[0].type`.
    public package(set) var keyPath: String
    /// A replacement the user probably meant, if any.
    public package(set) var suggestion: String?

    /// Creates a diagnostic whose message is the same in every language.
    package init(rule: RuleID, severity: Severity, message: String, range: SourceRange,
                document: Int? = nil, keyPath: String = "", suggestion: String? = nil) {
        self.init(rule: rule, severity: severity, text: .verbatim(message), range: range, document: document, keyPath: keyPath, suggestion: suggestion)
    }

    /// Creates a diagnostic.
    package init(rule: RuleID, severity: Severity, text: Message, range: SourceRange,
                document: Int? = nil, keyPath: String = "", suggestion: String? = nil) {
        self.rule = rule
        self.severity = severity
        self.message = text.english
        self.text = text
        self.range = range
        self.document = document
        self.keyPath = keyPath
        self.suggestion = suggestion
    }

    /// The message in a language.
    public func message(in language: Language) -> String {
        language == .english ? message : text.text(in: language)
    }

    /// Report order: line, column, then rule.
    package static func sortOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        if a.range.start.line != b.range.start.line { return a.range.start.line < b.range.start.line }
        if a.range.start.column != b.range.start.column { return a.range.start.column < b.range.start.column }
        if a.rule != b.rule { return a.rule < b.rule }
        return a.message < b.message
    }
}
