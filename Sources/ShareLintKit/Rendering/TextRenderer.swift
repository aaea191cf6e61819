import ShareLintMessages
import YAMLSyntax
/// The gcc-style text report: `path:line:column: severity: message [rule]`, the source
/// line, a caret under the range, and a final count line.
package struct TextRenderer: ReportRenderer {
    package static let identifier = "text"

    /// Whether to use ANSI colors.
    package var color: Bool
    /// The language of the report's words.
    package var language: Language

    /// Creates a text renderer.
    package init(color: Bool = false, language: Language = .english) {
        self.color = color
        self.language = language
    }

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    package func render(_ run: LintRun) -> String {
        var out = ""
        for file in run.files {
            // Diagnostics are sorted by line: split each quoted line into scalars once.
            var cached: (line: Int, scalars: [Unicode.Scalar])?
            for diagnostic in file.diagnostics {
                let number = diagnostic.range.start.line
                if cached?.line != number, let line = file.sourceLines[number] {
                    cached = (number, Array(line.unicodeScalars))
                }
                out += self.diagnostic(diagnostic, in: file, scalars: cached?.line == number ? cached?.scalars : nil)
            }
        }
        out += summaryLine(run.summary) + "\n"
        return out
    }

    /// One diagnostic with its source line and caret.
    package func diagnostic(_ d: Diagnostic, in file: FileReport) -> String {
        diagnostic(d, in: file, scalars: file.sourceLines[d.range.start.line].map { Array($0.unicodeScalars) })
    }

    private func diagnostic(_ d: Diagnostic, in file: FileReport, scalars: [Unicode.Scalar]?) -> String {
        let severityColor: String
        switch d.severity {
        case .error: severityColor = "1;31"
        case .warning: severityColor = "1;33"
        case .info: severityColor = "1;36"
        }
        var out = paint("\(TerminalText.visible(file.path)):\(d.range.start.line):\(d.range.start.column):", "1") + " "
            + paint(d.severity.word.text(in: language) + (language == .english ? ":" : "："), severityColor) + (language == .english ? " " : "")
            + "\(TerminalText.visible(d.message(in: language))) " + paint("[\(d.rule)]", "2") + "\n"
        guard let scalars else { return out }
        let (line, range) = Self.window(scalars, range: d.range)
        out += "  " + Self.printable(line) + "\n"
        out += "  " + caret(line: line, range: range, color: severityColor) + "\n"
        return out
    }

    /// The most scalars of a source line quoted under a diagnostic: a longer line is
    /// cut to a window around the range (marked with `…`), so the output stays
    /// proportional to the number of diagnostics, whatever the line length.
    package static let quotedLineLimit = 160

    /// A window of at most `quotedLineLimit` scalars of the line around the range's
    /// start, and the range shifted to it.
    static func window(_ scalars: [Unicode.Scalar], range: SourceRange) -> (String, SourceRange) {
        guard scalars.count > quotedLineLimit else {
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            return (String(text), range)
        }
        let start = min(max(range.start.column - 1, 0), scalars.count)
        let from = max(0, min(start - quotedLineLimit / 4, scalars.count - quotedLineLimit))
        let to = min(scalars.count, from + quotedLineLimit)
        var text = String.UnicodeScalarView()
        if from > 0 { text.append("…") }
        text.append(contentsOf: scalars[from..<to])
        if to < scalars.count { text.append("…") }
        let shift = from - (from > 0 ? 1 : 0)
        var shifted = range
        shifted.start.column = range.start.column - shift
        if range.end.line == range.start.line {
            // A range that goes on past the window ends with it, under its `…`.
            shifted.end.column = range.end.column <= to + 1 ? range.end.column - shift : to - shift + 2
        }
        return (String(text), shifted)
    }

    /// The caret line: spaces matching the display width of the text before the
    /// column (tabs kept), `^` and `~` over the range (to the end of the line when the
    /// range ends on a later line).
    private func caret(line: String, range: SourceRange, color: String) -> String {
        let scalars = Array(line.unicodeScalars)
        let start = min(max(range.start.column - 1, 0), scalars.count)
        var end = range.end.line == range.start.line ? range.end.column - 1 : scalars.count
        end = min(max(end, start + 1), max(scalars.count, start + 1))
        var prefix = ""
        for scalar in scalars[..<start] {
            prefix += scalar == "\t" ? "\t" : String(repeating: " ", count: Self.width(scalar))
        }
        var width = 0
        for i in start..<end { width += i < scalars.count ? Self.width(scalars[i]) : 1 }
        return prefix + paint("^" + String(repeating: "~", count: max(width - 1, 0)), color)
    }

    /// Replaces control characters (other than tab), bidirectional controls and line
    /// separators with U+FFFD (one column each, so the caret still lines up), so the
    /// terminal is not driven by input.
    static func printable(_ line: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in line.unicodeScalars {
            if TerminalText.isUnsafe(scalar) {
                out.append("\u{FFFD}")
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Terminal columns of a scalar: 2 for East Asian wide and emoji, 0 for combining marks.
    static func width(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return 1 }
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark || v == 0x200D || (0xFE00...0xFE0F).contains(v) {
            return 0
        }
        return wideRanges.contains { $0.contains(v) } ? 2 : 1
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]

    /// "2 errors and 1 warning in 3 files (4 documents)" or "no problems in 3 files (4 documents)".
    package func summaryLine(_ s: LintRun.Summary) -> String {
        func count(_ n: Int, _ one: MessageID, _ many: MessageID) -> String {
            (n == 1 ? Message(one) : Message(many, ["count": n])).text(in: language)
        }
        var parts: [Message.Value] = []
        if s.errors > 0 { parts.append(.text(paint(count(s.errors, .countError1, .countErrors), "1;31"))) }
        if s.warnings > 0 { parts.append(.text(paint(count(s.warnings, .countWarning1, .countWarnings), "1;33"))) }
        if s.infos > 0 { parts.append(.text(count(s.infos, .countInfo1, .countInfos))) }
        let files = count(s.files, .countFile1, .countFiles), documents = count(s.documents, .countDocument1, .countDocuments)
        let line = parts.isEmpty ? Message(.summaryNoProblems, ["files": files, "documents": documents])
            : Message(.summaryFound, ["found": Message.Value.andItems(parts), "files": files, "documents": documents])
        return line.text(in: language)
    }
}
