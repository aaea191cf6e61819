import ShareLintMessages
/// The format Xcode and SwiftPM read from a build step's output: one line per
/// diagnostic, `path:line:column: error|warning|note: message [rule]`, and nothing
/// else (no source lines, no header listing, no summary). Info is `note`, the one
/// word both parsers know for it.
package struct XcodeRenderer: ReportRenderer {
    package static let identifier = "xcode"

    /// The language of the messages (the severity words stay the ones build logs parse).
    package var language: Language

    /// Creates an Xcode renderer.
    package init(language: Language = .english) {
        self.language = language
    }

    /// The word a build log shows for a severity.
    static func word(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    package func render(_ run: LintRun) -> String {
        var out = ""
        for file in run.files {
            // Control characters and line breaks become escapes: each diagnostic stays one line.
            let path = TerminalText.visible(file.path)
            for d in file.diagnostics {
                out += "\(path):\(d.range.start.line):\(d.range.start.column): \(Self.word(d.severity)): "
                    + "\(TerminalText.visible(d.message(in: language))) [\(d.rule)]\n"
            }
        }
        return out
    }
}
