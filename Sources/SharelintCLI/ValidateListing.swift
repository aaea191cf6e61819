import ShareLintKit

/// `validate`'s text output: for each file, the header each document will show (unless
/// `--no-header`), then its diagnostics; last, the summary line of the whole run.
enum ValidateListing {
    static func render(_ run: LintRun, text: TextRenderer, summary: LintRun.Summary, showsHeaders: Bool) -> String {
        var out = ""
        for file in run.files {
            if showsHeaders {
                for document in file.documents {
                    guard let shown = headerLine(document) else { continue }
                    let path = TerminalText.visible(file.path)
                    let name = file.documents.count > 1 ? "\(path)#\(document.index)" : path
                    out += "\(name): header: \(TerminalText.visible(shown))\n"
                }
            }
            for diagnostic in file.diagnostics { out += text.diagnostic(diagnostic, in: file) }
        }
        return out + text.summaryLine(summary) + "\n"
    }

    /// "title — subtitle", or "no preview"; nil for a document that could not be modeled
    /// (its errors say why).
    static func headerLine(_ document: DocumentReport) -> String? {
        if document.header == nil {
            return document.noPreviewReason == nil ? nil : "no preview"
        }
        return HeaderListing.describe(document.header, noPreviewReason: nil)
    }
}
