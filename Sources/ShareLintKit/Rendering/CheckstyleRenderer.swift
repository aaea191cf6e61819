import ShareLintMessages
/// Checkstyle XML, as checkstyle's own XML logger writes it (version 4.3), which Jenkins
/// (Warnings Next Generation), reviewdog, Danger and many CI servers read: one `<file>` per
/// file linted, also a file without problems, and one `<error>` per diagnostic with its
/// start `line` and `column` (1-based; columns count Unicode scalars), its `severity`
/// (`error`, `warning` or `info`, as reported), its `message` and `source` `sharelint.RULE`.
package struct CheckstyleRenderer: ReportRenderer {
    package static let identifier = "checkstyle"

    /// The version checkstyle's own reports carry, which readers of the format expect.
    static let formatVersion = "4.3"

    /// The language of the messages, which the root says in `xml:lang`.
    package var language: Language

    /// Creates a renderer.
    package init(language: Language = .english) {
        self.language = language
    }

    package func render(_ run: LintRun) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"\(Self.formatVersion)\" xml:lang=\"\(language.rawValue)\">\n"
        for file in run.files {
            let name = XMLText.attribute(file.path)
            guard !file.diagnostics.isEmpty else {
                out += "  <file name=\"\(name)\"/>\n"
                continue
            }
            out += "  <file name=\"\(name)\">\n"
            for d in file.diagnostics {
                out += "    <error line=\"\(d.range.start.line)\" column=\"\(d.range.start.column)\" severity=\"\(d.severity.rawValue)\""
                    + " message=\"\(XMLText.attribute(d.message(in: language)))\" source=\"sharelint.\(XMLText.attribute(d.rule.rawValue))\"/>\n"
            }
            out += "  </file>\n"
        }
        return out + "</checkstyle>\n"
    }
}
