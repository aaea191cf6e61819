import ShareLintMessages
import YAMLSyntax

/// Full-width and typographic punctuation typed where YAML needs ASCII (`PunctuationSlips`):
/// each slip is reported on the character itself, and the document is checked as read
/// with the ASCII characters in their place.
extension Linter {
    /// The diagnostics of `slips` (positions in the repaired text, like every other
    /// diagnostic until `shift(_:back:)`), each in the document whose start is the last at
    /// or before its line; none in the documents past the first `read` (the document cap).
    func slipDiagnostics(_ slips: [PunctuationSlip], shifts: PositionShifts?, documents: [(index: Int, line: Int)], read: Int) -> [Diagnostic] {
        slips.flatMap { slip -> [Diagnostic] in
            let range = shifts?.repaired(slip.range) ?? slip.range
            let document = documents.last { $0.line <= range.start.line }?.index ?? documents.first?.index
            if let document, document >= read { return [] }
            let rule: RuleID = slip.kind == .syntax ? FullWidthPunctuationRule.description.id : TypographicQuotesRule.description.id
            return diagnostics([Finding(rule, slip.text, at: range, suggestion: slip.replacement)], document: document)
        }
    }

    /// Moves the positions of a report on a repaired text (where a character was inserted)
    /// back to the text as written.
    static func shift(_ report: inout FileReport, back shifts: PositionShifts) {
        for i in report.diagnostics.indices { report.diagnostics[i].range = shifts.original(report.diagnostics[i].range) }
        for i in report.suppressed.indices { report.suppressed[i].diagnostic.range = shifts.original(report.suppressed[i].diagnostic.range) }
    }
}
