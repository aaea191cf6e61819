import ShareLintMessages
/// GitHub Actions workflow commands: one `::error`/`::warning`/`::notice` per
/// diagnostic, shown as annotations on the pull request. `line` and `endLine` always;
/// `col` and `endColumn` only when the range is on one line, as GitHub requires.
package struct GitHubRenderer: ReportRenderer {
    package static let identifier = "github"

    /// The language of the annotations' messages.
    package var language: Language

    package init(language: Language = .english) {
        self.language = language
    }

    /// Control characters (ESC would reach the job log's terminal emulation), bidi
    /// controls and line breaks become visible escapes first; then what workflow
    /// commands reserve is percent-encoded.
    static func escapeData(_ s: String) -> String { escape(TerminalText.visible(s), property: false) }

    static func escapeProperty(_ s: String) -> String { escape(TerminalText.visible(s), property: true) }

    /// Percent-encodes what workflow commands reserve: `%`, CR and LF, and in
    /// properties also `:` and `,`. Text without any of them is returned as it is.
    private static func escape(_ s: String, property: Bool) -> String {
        func reserved(_ b: UInt8) -> Bool { b == 0x25 || b == 0x0D || b == 0x0A || (property && (b == 0x3A || b == 0x2C)) }
        guard s.utf8.contains(where: reserved) else { return s }
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    package func render(_ run: LintRun) -> String {
        var out = ""
        for file in run.files {
            for d in file.diagnostics {
                let command: String
                switch d.severity {
                case .error: command = "error"
                case .warning: command = "warning"
                case .info: command = "notice"
                }
                // GitHub accepts col and endColumn only on a range within one line.
                let (start, end) = (d.range.start, d.range.end)
                let position = start.line == end.line
                    ? "line=\(start.line),col=\(start.column),endLine=\(end.line),endColumn=\(end.column)"
                    : "line=\(start.line),endLine=\(end.line)"
                out += "::\(command) file=\(Self.escapeProperty(file.path)),\(position),title=\(Self.escapeProperty(d.rule.rawValue))::"
                    + Self.escapeData(d.message(in: language)) + "\n"
            }
        }
        return out
    }
}
