import ShareLintKit
import ShareLintMessages

/// `validate`'s text output: for each file, the header each document will show (unless
/// `--no-header`) with, under a summary of types or no preview, why and what to add; then
/// its diagnostics; last, the summary line of the whole run.
enum ValidateListing {
    static func render(_ run: LintRun, text: TextRenderer, summary: LintRun.Summary, showsHeaders: Bool) -> String {
        var out = ""
        let language = text.language
        for file in run.files {
            if showsHeaders {
                for document in file.documents {
                    guard let shown = headerLine(document, language: language) else { continue }
                    let path = TerminalText.visible(file.path)
                    let name = file.documents.count > 1 ? "\(path)#\(document.index)" : path
                    if let variants = HeaderListing.distinctVariants(document) {
                        for variant in variants {
                            let header = HeaderListing.describe(variant.header, noPreviewReason: variant.noPreviewReasonText, language: language)
                            let line = Message(.headerLine, ["header": Message(.inVariants, ["message": Message.verbatim(header), "variants": variant.variant.message])])
                            out += "\(name): " + TerminalText.visible(line.text(in: language)) + "\n"
                        }
                    } else {
                        out += "\(name): " + TerminalText.visible(Message(.headerLine, ["header": shown]).text(in: language)) + "\n"
                    }
                    if let advice = document.headerAdvice { out += "  " + TerminalText.visible(advice.text(in: language)) + "\n" }
                    if let note = document.examplesNote { out += "  " + TerminalText.visible(note.text(in: language)) + "\n" }
                    if let note = document.variantsNote { out += "  " + TerminalText.visible(note.text(in: language)) + "\n" }
                }
            }
            for diagnostic in file.diagnostics { out += text.diagnostic(diagnostic, in: file) }
        }
        return out + text.summaryLine(summary) + "\n"
    }

    /// "title — subtitle", or "no preview"; nil for a document that could not be modeled
    /// (its errors say why).
    static func headerLine(_ document: DocumentReport, language: Language) -> String? {
        if document.header == nil {
            return document.noPreviewReasonText == nil ? nil : Message(.noPreviewShown).text(in: language)
        }
        return HeaderListing.describe(document.header, noPreviewReason: nil, language: language)
    }
}
